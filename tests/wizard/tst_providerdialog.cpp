// The provider settings (ProviderDialog, ProviderHub, SecretStores): a Slurm profile checked
// and saved, and a secret that reaches no file.
#include "WizardHarness.h"
#include "DemoState.h"
#include "ProviderDialog.h"
#include "ProviderHub.h"
#include "ProviderSession.h"
#include "SecretStores.h"
#include "widgets/Banner.h"

#include <QDirIterator>
#include <QRadioButton>

class TestProviderDialog : public QObject, WizardFixture
{
    Q_OBJECT

private slots:
    void init() { resetState(); }

    // The Slurm profile: a missing field is named at the field; a complete one is saved (no
    // secret: tokens come from a folder or a command) and the hub says where it is connected.
    void aSlurmProfileIsCheckedAndSaved()
    {
        QTemporaryDir dir;
        StateStore store(dir.filePath("onboarding.json"));
        OnboardingWizard w(&store, &m_language);
        w.show();
        w.openProviderSettings();
        auto *dialog = w.findChild<ProviderDialog *>();
        QVERIFY(dialog);
        dialog->findChild<QRadioButton *>("providerSlurm")->setChecked(true);
        QVERIFY(dialog->findChild<QLineEdit *>("slurmCluster")->isVisibleTo(dialog));
        QVERIFY(!dialog->findChild<QLineEdit *>("providerKeyId")->isVisibleTo(dialog));
        const auto set = [&](const char *name, const QString &text) {
            dialog->findChild<QLineEdit *>(name)->setText(text);
        };
        set("slurmUrl", "http://127.0.0.1:6820");
        set("slurmUser", "bob");
        set("slurmOutput", "/shared/onramp");
        set("slurmTokenDir", "/etc/onramp/tokens");
        dialog->accept();
        QVERIFY(dialog->isVisible()); // refused: no cluster name
        QVERIFY(dialog->findChild<QLabel *>("providerError")->text().contains("ClusterName"));
        QCOMPARE(dialog->focusWidget(), dialog->findChild<QLineEdit *>("slurmCluster"));
        set("slurmCluster", "onramp");
        set("slurmAdmin", "wizard");
        dialog->accept();
        QCOMPARE(int(w.providerHub()->status()), int(ProviderHub::Status::Ready));
        const ProviderProfile saved = store.state().provider.profile;
        QCOMPARE(saved.kind, ProviderProfile::Kind::Slurm);
        QCOMPARE(saved.slurm.cluster, QStringLiteral("onramp"));
        QCOMPARE(saved.slurm.tokenDir, QStringLiteral("/etc/onramp/tokens"));
        QCOMPARE(saved.member, QStringLiteral("bob"));
        QVERIFY(w.providerHub()->description().contains("Slurm cluster onramp"));
        // It survives a restart.
        const auto again = ProviderProfile::fromJson(saved.toJson());
        QVERIFY(again);
        QCOMPARE(again->slurm, saved.slurm);
    }

    // A canary secret typed into the provider settings reaches no file the app writes: not
    // the state file, not QSettings, not the sandbox folder, not anything under HOME.
    void theSecretIsWrittenNowhere()
    {
        QTemporaryDir home;
        const QByteArray canary = "CANARY-7f3a9c1e-secret-do-not-write";
        for (const char *var : {"HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME",
                                "XDG_STATE_HOME", "ONRAMP_STATE_DIR"})
            qputenv(var, (home.path() + u'/' + QLatin1String(var)).toUtf8());
        {
            StateStore store(StateStore::defaultFilePath());
            store.load();
            // A dossier with no blocking finding, so that Submit sends it.
            store.update([](OnboardingState &s) { s.account = demoState().account; });
            KeychainSecretStore secrets; // the real one: here it fails over to memory
            OnboardingWizard w(&store, &m_language, &secrets);
            w.show();
            w.openProviderSettings();
            auto *dialog = w.findChild<ProviderDialog *>();
            QVERIFY(dialog);
            dialog->findChild<QRadioButton *>("providerRemote")->setChecked(true);
            const auto set = [&](const char *name, const QString &text) {
                auto *e = dialog->findChild<QLineEdit *>(name);
                QVERIFY(e);
                e->setText(text);
            };
            set("providerUrl", "https://onramp.invalid");
            set("providerKeyId", "AKIDCANARYTEST");
            set("providerSecret", QString::fromLatin1(canary));
            set("providerRegion", "cn-north");
            dialog->accept();
            QCOMPARE(int(w.providerHub()->status()), int(ProviderHub::Status::Ready));
            // A request goes out (signed with the canary) and fails: its error shows nothing.
            w.goToPage(OnboardingWizard::AccountId);
            auto *submit = child<QPushButton>(w, "providerSubmitDossier");
            QTRY_VERIFY(submit->isEnabled());
            QTest::mouseClick(submit, Qt::LeftButton);
            QTRY_VERIFY_WITH_TIMEOUT(!w.providerHub()->session()->busy(), 20000);
            // The failure is shown (cannot reach the provider), without the secret.
            bool shown = false;
            for (Banner *b : w.findChildren<Banner *>()) {
                shown = shown || b->message().contains("Cannot reach the provider");
                QVERIFY(!b->message().contains(QString::fromLatin1(canary)));
                QVERIFY(!b->toolTip().contains(QString::fromLatin1(canary)));
            }
            QVERIFY(shown);
            QVERIFY(store.saveNow());
            QCOMPARE(store.state().provider.profile.accessKeyId, QByteArray("AKIDCANARYTEST"));
        }
        int files = 0;
        QDirIterator it(home.path(), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile f(it.next());
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray bytes = f.readAll();
            ++files;
            QVERIFY2(!bytes.contains(canary), qPrintable(f.fileName()));
            QVERIFY2(!bytes.contains(canary.toBase64()), qPrintable(f.fileName()));
        }
        QVERIFY(files >= 1); // at least the state file was looked at
        for (const char *var : {"HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME",
                                "XDG_STATE_HOME", "ONRAMP_STATE_DIR"})
            qunsetenv(var);
    }

    // Walk 16: an address nothing listens on read "Connected to https://127.0.0.1:9." The hub
    // says it is reaching the provider until an answer comes, and that it did not answer.
    void anAddressNothingAnswersOnIsNotConnected()
    {
        StateStore store(statePath());
        store.load();
        ProviderHub hub(&store, nullptr);
        ProviderProfile p;
        p.kind = ProviderProfile::Kind::OnrampApi;
        p.baseUrl = QUrl(QStringLiteral("https://127.0.0.1:9"));
        p.accessKeyId = "AKIDTEST";
        p.region = "cn-north";
        hub.useRemote(p, "secret", false);
        QCOMPARE(int(hub.status()), int(ProviderHub::Status::Ready));
        QVERIFY2(!hub.description().startsWith(QStringLiteral("Connected")),
                 qPrintable(hub.description()));
        QTRY_VERIFY_WITH_TIMEOUT(hub.description().contains(QStringLiteral("did not answer")),
                                 20000);
        QVERIFY2(hub.description().contains(QStringLiteral("https://127.0.0.1:9")) &&
                     hub.description().contains(QStringLiteral("Provider…")),
                 qPrintable(hub.description()));
    }
};

QTEST_MAIN(TestProviderDialog)
#include "tst_providerdialog.moc"
