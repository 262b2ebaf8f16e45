// The provider panel on a gate page (ProviderPanel, ProviderActions) against the real sandbox.
#include "WizardHarness.h"
#include "DemoState.h"
#include "ProviderHub.h"

#include <QJsonDocument>

class TestProviderPanel : public QObject, WizardFixture
{
    Q_OBJECT

private slots:
    void init() { resetState(); }

    // The wizard starts the real sandbox (in-process, from its module), and gate 1's panel submits the
    // dossier and shows the review's answer; the state records it for the next run.
    void theProviderPanelWorksAgainstTheSandbox()
    {
        QTemporaryDir dir;
        qputenv("ONRAMP_STATE_DIR", dir.path().toUtf8());
        qputenv("ONRAMP_SANDBOX_MODULE", ONRAMP_SANDBOX);
        StateStore store(dir.filePath(QStringLiteral("onboarding.json")));
        OnboardingState state = demoState();
        state.currentPage = OnboardingWizard::AccountId;
        store.setState(state);
        OnboardingWizard w(&store, &m_language);
        w.restoreProgress();
        w.show();
        QCOMPARE(w.currentId(), int(OnboardingWizard::AccountId));
        auto *submit = child<QPushButton>(w, "providerSubmitDossier");
        QVERIFY(submit);
        QVERIFY(!submit->isEnabled()); // not connected yet
        w.connectProvider();
        // The sandbox starts in the background: connectProvider returns connecting, and the
        // answer comes later through the event loop.
        QCOMPARE(int(w.providerHub()->status()), int(ProviderHub::Status::Connecting));
        QTRY_COMPARE_WITH_TIMEOUT(int(w.providerHub()->status()), int(ProviderHub::Status::Ready),
                                  15000);
        QVERIFY(child<QLabel>(w, "providerConnection")->text().contains("127.0.0.1"));
        QTRY_VERIFY(submit->isEnabled());
        // An empty dossier is not sent (#17 item 8: Submit was on with 12 blocking findings);
        // the panel says why.
        const QualificationData dossier = store.state().account;
        store.update([](OnboardingState &s) { s.account = QualificationData{}; });
        QVERIFY(!submit->isEnabled());
        QVERIFY2(child<QLabel>(w, "providerStatus")->text().contains("blocking finding"),
                 qPrintable(child<QLabel>(w, "providerStatus")->text()));
        store.update([&](OnboardingState &s) { s.account = dossier; });
        QVERIFY(submit->isEnabled());
        QVERIFY(!child<QLabel>(w, "providerStatus")->text().contains("blocking finding"));
        QTest::mouseClick(submit, Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(store.state().provider.qualification.state,
                                  QStringLiteral("approved"), 15000);
        QCOMPARE(store.state().gate(GateId::Account).status, GateStatus::Passed);
        QVERIFY(store.state()
                    .gate(GateId::Account)
                    .evidence.contains(store.state().provider.qualification.id));
        QVERIFY(store.state().provider.trainingActivated);
        QTRY_VERIFY(child<QLabel>(w, "providerStatus")->text().contains("Approved"));
        QVERIFY(store.state().provider.pendingKeys.isEmpty());

        // Gate 2's pool is chosen from the provider's regions and zones, with their stock.
        // The regions came before gate 2 was first opened, and no pool is chosen yet (a
        // fresh walk): the lists are there all the same.
        QTRY_VERIFY(!w.providerHub()->regions().isEmpty());
        store.update([](OnboardingState &s) { s.workspace.pool = {}; });
        QVERIFY(w.goToPage(OnboardingWizard::WorkspaceId));
        auto *region = child<QComboBox>(w, "region");
        auto *zone = child<QComboBox>(w, "zone");
        QVERIFY(region && zone);
        QVERIFY(region->findText("cn-north") >= 0);
        region->setCurrentText("cn-north");
        QVERIFY(zone->findText("cn-north-1a") >= 0);
        zone->setCurrentText("cn-north-1a");
        QVERIFY2(child<QLabel>(w, "poolStock")->text().contains("free"),
                 qPrintable(child<QLabel>(w, "poolStock")->text()));
        qunsetenv("ONRAMP_STATE_DIR");
        qunsetenv("ONRAMP_SANDBOX_MODULE");
    }
};

QTEST_MAIN(TestProviderPanel)
#include "tst_providerpanel.moc"
