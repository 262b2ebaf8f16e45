// The provider secret in a real Secret Service: gnome-keyring-daemon on a private D-Bus session
// bus (its own dbus-daemon), unlocked with a throwaway password, in a throwaway HOME. The secret
// round-trips through KeychainSecretStore (persistent), outlives the daemon (the wizard, started
// after a new daemon read the keyring file back, connects with it), and shows in no export, log or
// standard output: not in the state file, the run spec and its exports, the CLI's answers, nor the
// wizard's own output when it starts and reads the secret back from the keychain.
//
// Without gnome-keyring-daemon or dbus-daemon (Debian: gnome-keyring, dbus-daemon; installed by
// scripts/setup-debian.sh --test) it skips here and fails in CI.
#include "DemoState.h"
#include "ProviderDialog.h"
#include "ProviderHub.h"
#include "RunSpec.h"
#include "SecretStore.h"
#include "SecretStores.h"
#include "SkipOrFail.h"
#include "WizardHarness.h"

#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QDBusInterface>
#include <QDBusObjectPath>
#include <QDBusReply>
#include <QDirIterator>
#include <QJsonDocument>
#include <QProcess>
#include <QRadioButton>
#include <QStandardPaths>

#include <optional>

namespace {

// Every message this process logs, for the "no secret in a log" check.
QStringList g_log;
QtMessageHandler g_previous = nullptr;
void keepMessage(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    g_log << message;
    if (g_previous)
        g_previous(type, context, message);
}

} // namespace

class TestKeychain : public QObject
{
    Q_OBJECT

    QTemporaryDir m_home;
    QProcess m_bus;
    QProcess m_keyring;
    QString m_busAddress;
    Language m_language;
    const QByteArray m_canary = "CANARY-kc-5d1e8b-do-not-write";
    const QByteArray m_keyId = "AKIDKEYCHAINTEST";
    const QString m_url = QStringLiteral("https://onramp.invalid");

    QString secretKey() const
    {
        return secretKeyFor(providerKindKey(ProviderProfile::Kind::OnrampApi), m_url, m_keyId);
    }

    // Starts gnome-keyring-daemon on the private bus, unlocking (or creating) the login keyring
    // with the throwaway password, and waits until the Secret Service answers with a default
    // collection.
    bool startKeyring(QString *why)
    {
        m_keyring.setProgram(
            QStandardPaths::findExecutable(QStringLiteral("gnome-keyring-daemon")));
        m_keyring.setArguments({QStringLiteral("--foreground"), QStringLiteral("--unlock"),
                                QStringLiteral("--components=secrets")});
        m_keyring.setProcessEnvironment(QProcessEnvironment::systemEnvironment());
        m_keyring.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        m_keyring.start();
        if (!m_keyring.waitForStarted(5000)) {
            *why = m_keyring.errorString();
            return false;
        }
        m_keyring.write("throwaway-test-password"); // --unlock reads it from stdin, to EOF
        m_keyring.closeWriteChannel();
        QDBusConnection bus =
            QDBusConnection::connectToBus(m_busAddress, QStringLiteral("tst_keychain_probe"));
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < 10000) {
            if (bus.interface()->isServiceRegistered(QStringLiteral("org.freedesktop.secrets"))) {
                QDBusInterface service(QStringLiteral("org.freedesktop.secrets"),
                                       QStringLiteral("/org/freedesktop/secrets"),
                                       QStringLiteral("org.freedesktop.Secret.Service"), bus);
                const QDBusReply<QDBusObjectPath> alias =
                    service.call(QStringLiteral("ReadAlias"), QStringLiteral("default"));
                if (alias.isValid() && alias.value().path() != QLatin1String("/"))
                    return true;
            }
            QTest::qWait(50);
        }
        *why = QStringLiteral("the Secret Service did not answer with a default collection");
        return false;
    }

    void stopKeyring()
    {
        if (m_keyring.state() != QProcess::NotRunning) {
            m_keyring.terminate();
            if (!m_keyring.waitForFinished(5000))
                m_keyring.kill();
            m_keyring.waitForFinished(5000);
        }
    }

    // `done` from the store, waited for (the Secret Service answers asynchronously).
    std::pair<QByteArray, QString> readSecret(SecretStore &store)
    {
        std::optional<std::pair<QByteArray, QString>> got;
        store.read(secretKey(), [&](const QByteArray &s, const QString &e) { got = {s, e}; });
        [&] { QTRY_VERIFY_WITH_TIMEOUT(got.has_value(), 10000); }();
        return got.value_or(std::pair<QByteArray, QString>{{}, QStringLiteral("no answer")});
    }

    struct Run
    {
        int exitCode = -1;
        QByteArray out; // stdout and stderr together
    };
    Run onramp(const QStringList &args, const QHash<QString, QString> &extraEnv = {})
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("*.debug=true"));
        env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
        for (auto it = extraEnv.begin(); it != extraEnv.end(); ++it)
            env.insert(it.key(), it.value());
        p.setProcessEnvironment(env);
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(QStringLiteral(ONRAMP_BIN), args);
        if (!p.waitForFinished(60000)) {
            p.kill();
            p.waitForFinished();
        }
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAll()};
    }

    void verifyNoCanary(const QByteArray &bytes, const QString &where)
    {
        QVERIFY2(!bytes.contains(m_canary), qPrintable(where));
        QVERIFY2(!bytes.contains(m_canary.toBase64()), qPrintable(where));
        QVERIFY2(!bytes.contains(m_canary.toHex()), qPrintable(where));
    }

private slots:
    void initTestCase()
    {
        const QString dbus = QStandardPaths::findExecutable(QStringLiteral("dbus-daemon"));
        const QString keyring =
            QStandardPaths::findExecutable(QStringLiteral("gnome-keyring-daemon"));
        if (dbus.isEmpty() || keyring.isEmpty())
            ONRAMP_SKIP_OR_FAIL("no dbus-daemon or gnome-keyring-daemon: install the Debian "
                                "packages dbus-daemon and gnome-keyring (scripts/setup-debian.sh "
                                "--test)");
        QVERIFY(m_home.isValid());
        // A throwaway home: the keyring file, the state file and anything else written land
        // here. No desktop is named, so QtKeychain takes the Secret Service (libsecret).
        for (const char *var : {"XDG_CURRENT_DESKTOP", "DESKTOP_SESSION", "KDE_FULL_SESSION",
                                "KDE_SESSION_VERSION", "GNOME_KEYRING_CONTROL"})
            qunsetenv(var);
        for (const char *var : {"HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME",
                                "XDG_STATE_HOME", "XDG_RUNTIME_DIR", "ONRAMP_STATE_DIR"}) {
            const QString dir = m_home.filePath(QLatin1String(var));
            QVERIFY(QDir().mkpath(dir));
            QFile::setPermissions(dir, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
            qputenv(var, dir.toUtf8());
        }
        // The private session bus; its address goes into this process's environment before
        // anything talks to D-Bus, and into the children's.
        m_bus.setProgram(dbus);
        m_bus.setArguments({QStringLiteral("--session"), QStringLiteral("--nofork"),
                            QStringLiteral("--print-address=1")});
        m_bus.start();
        QVERIFY2(m_bus.waitForStarted(5000), qPrintable(m_bus.errorString()));
        QTRY_VERIFY_WITH_TIMEOUT(m_bus.canReadLine(), 5000);
        m_busAddress = QString::fromUtf8(m_bus.readLine()).trimmed();
        QVERIFY2(m_busAddress.startsWith(QLatin1String("unix:")), qPrintable(m_busAddress));
        qputenv("DBUS_SESSION_BUS_ADDRESS", m_busAddress.toUtf8());
        QString why;
        QVERIFY2(startKeyring(&why), qPrintable(why));
        g_previous = qInstallMessageHandler(keepMessage);
        m_language.apply(QStringLiteral("en"));
    }

    void cleanupTestCase()
    {
        qInstallMessageHandler(g_previous);
        stopKeyring();
        if (m_bus.state() != QProcess::NotRunning) {
            m_bus.terminate();
            m_bus.waitForFinished(5000);
        }
    }

    // Written through one store, read through another (a store keeps a copy in memory: a
    // second one can only have it from the keychain), and persistent() stays true; the keyring
    // file never holds the secret in plain text; removed, it is gone.
    void theSecretRoundTripsThroughTheKeychain()
    {
        {
            KeychainSecretStore writer;
            std::optional<QString> error;
            writer.write(secretKey(), m_canary, [&](const QString &e) { error = e; });
            QTRY_VERIFY_WITH_TIMEOUT(error.has_value(), 10000);
            QVERIFY2(error->isEmpty(), qPrintable(*error));
            QVERIFY(writer.persistent());
        }
        KeychainSecretStore reader;
        const auto [secret, error] = readSecret(reader);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(secret, m_canary);
        QVERIFY(reader.persistent());

        int keyrings = 0;
        QDirIterator it(m_home.filePath("XDG_DATA_HOME/keyrings"), QDir::Files);
        while (it.hasNext()) {
            QFile f(it.next());
            QVERIFY(f.open(QIODevice::ReadOnly));
            verifyNoCanary(f.readAll(), f.fileName());
            ++keyrings;
        }
        QVERIFY(keyrings >= 1); // the login keyring is a file in the throwaway home

        // Removed, it is gone from the keychain too (not found is no failure). The removal is
        // asynchronous and says nothing when done: read until it is gone.
        reader.remove(secretKey());
        KeychainSecretStore afterRemove;
        QElapsedTimer t;
        t.start();
        std::pair<QByteArray, QString> gone = readSecret(afterRemove);
        while (!gone.first.isEmpty() && t.elapsed() < 10000)
            gone = readSecret(afterRemove);
        QVERIFY(gone.first.isEmpty());
        QVERIFY2(gone.second.isEmpty(), qPrintable(gone.second));
        QVERIFY(afterRemove.persistent());
    }

    // The wizard as a user drives it: the secret typed in the provider settings with "Remember"
    // on goes to the keychain; the state, the run spec and every export, the CLI's answers and
    // the wizard's own output (started afresh, reading the secret back to connect) never show it.
    void theWizardKeepsItInTheKeychainOnly()
    {
        const QString stateDir = qEnvironmentVariable("ONRAMP_STATE_DIR");
        {
            StateStore store(StateStore::defaultFilePath());
            store.load();
            store.update([](OnboardingState &s) { s = demoState(); });
            KeychainSecretStore secrets;
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
            set("providerUrl", m_url);
            set("providerKeyId", QString::fromLatin1(m_keyId));
            set("providerSecret", QString::fromLatin1(m_canary));
            set("providerRegion", "cn-north");
            auto *remember = dialog->findChild<QCheckBox *>("providerRemember");
            QVERIFY(remember);
            remember->setChecked(true);
            dialog->accept();
            QCOMPARE(int(w.providerHub()->status()), int(ProviderHub::Status::Ready));
            // The write is asynchronous: another store sees it once it is in the keychain.
            KeychainSecretStore other;
            QTRY_VERIFY_WITH_TIMEOUT(readSecret(other).first == m_canary, 10000);
            QVERIFY(w.providerHub()->secretsPersist());
            QVERIFY(store.saveNow());

            // The run spec and each export of it.
            const RunSpec spec = runSpecFromState(store.state());
            verifyNoCanary(QJsonDocument(spec.toJson()).toJson(), "run spec JSON");
            verifyNoCanary(exportSbatch(spec).toUtf8(), "sbatch export");
            verifyNoCanary(exportKubernetesJob(spec).toUtf8(), "Kubernetes export");
            verifyNoCanary(exportHandoffMarkdown(spec).toUtf8(), "Markdown export");
            QCOMPARE(store.state().provider.profile.accessKeyId, m_keyId);
        }

        // The CLI on the saved state: status, the spec from the state and its exports.
        QTemporaryDir out;
        const QString specFile = out.filePath("spec.json");
        Run r = onramp({"status", "--json"});
        QCOMPARE(r.exitCode, 0);
        verifyNoCanary(r.out, "onramp status --json");
        r = onramp({"spec", "from-state", "--out", specFile});
        QVERIFY2(r.exitCode == 0, r.out.constData());
        verifyNoCanary(r.out, "onramp spec from-state");
        QFile spec(specFile);
        QVERIFY(spec.open(QIODevice::ReadOnly));
        verifyNoCanary(spec.readAll(), "spec from-state file");
        for (const char *format : {"sbatch", "k8s", "markdown"}) {
            r = onramp({"spec", "export", specFile, "--format", format});
            QVERIFY2(r.exitCode == 0, r.out.constData());
            verifyNoCanary(r.out, QStringLiteral("onramp spec export --format ") + format);
        }

        // The wizard itself, started afresh with every log category on, after the keyring
        // daemon was stopped and started again on its file: it reads the secret from the
        // keychain to connect (provider-ready), and prints nothing of it. (A new process: this
        // one's libsecret keeps its session with the daemon that was stopped.) The control: with
        // no keychain to answer, the same start fails, saying the secret is not remembered.
        stopKeyring();
        QString why;
        QVERIFY2(startKeyring(&why), qPrintable(why));
        r = onramp({"--bench-start"});
        QVERIFY2(r.exitCode == 0 && r.out.contains("provider-ready"), r.out.constData());
        verifyNoCanary(r.out, "onramp (wizard) output");
        r = onramp({"--bench-start"},
                   {{"DBUS_SESSION_BUS_ADDRESS", m_home.filePath("no-such-bus")}});
        QVERIFY2(r.exitCode != 0 && !r.out.contains("provider-ready"), r.out.constData());
        verifyNoCanary(r.out, "onramp (wizard) output without a keychain");

        // This process's log, and every file written under the throwaway home but the keyring.
        verifyNoCanary(g_log.join(u'\n').toUtf8(), "this test's log");
        int files = 0;
        QDirIterator it(m_home.path(), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile f(it.next());
            if (!f.open(QIODevice::ReadOnly))
                continue; // sockets of the bus and the daemon
            verifyNoCanary(f.readAll(), f.fileName());
            ++files;
        }
        QVERIFY(files >= 2); // at least the state file and the keyring
        QVERIFY(QFile::exists(stateDir + "/onboarding.json"));
    }
};

QTEST_MAIN(TestKeychain)
#include "tst_keychain.moc"
