// Gates 5 and 6's pages (ReadinessPage, FirstRunPage) against the real sandbox: the readiness
// checks, the first run, the wrap-up and a colleague's replay from the handoff dialog.
#include "WizardHarness.h"
#include "DemoState.h"
#include "GateLedger.h"
#include "HandoffDialog.h"
#include "ProviderHub.h"
#include "ProviderSession.h"
#include "RunSpec.h"
#include "pages/FirstRunPage.h"
#include "widgets/JobMonitor.h"
#include "widgets/LiveChart.h"
#include "widgets/LogView.h"

#include <QJsonDocument>
#include <QListWidget>
#include <QScrollArea>
#include <QScrollBar>
#include <QTimer>
#include <QTreeWidget>

// Counts the reads a JobMonitor starts: it sets its "onrampLoading" property while one runs.
struct LoadWatch : QObject
{
    int count = 0;
    bool eventFilter(QObject *watched, QEvent *e) override
    {
        if (e->type() == QEvent::DynamicPropertyChange &&
            static_cast<QDynamicPropertyChangeEvent *>(e)->propertyName() == "onrampLoading" &&
            watched->property("onrampLoading").toBool())
            ++count;
        return false;
    }
};

class TestRunPages : public QObject, WizardFixture
{
    Q_OBJECT

private slots:
    void init() { resetState(); }

    // Gates 5 and 6 through their pages: the four checks run from the panel and show their
    // results and a live job; the first run shows its five points; the wrap-up releases.
    void gatesFiveAndSixRunFromTheirPages()
    {
        QTemporaryDir dir;
        qputenv("ONRAMP_STATE_DIR", dir.path().toUtf8());
        qputenv("ONRAMP_SANDBOX_MODULE", ONRAMP_SANDBOX);
        StateStore store(dir.filePath(QStringLiteral("onboarding.json")));
        OnboardingState state = demoState();
        state.currentPage = OnboardingWizard::EnvironmentId;
        store.setState(state);
        auto wizard = std::make_unique<OnboardingWizard>(&store, &m_language);
        OnboardingWizard &w = *wizard;
        w.restoreProgress();
        w.show();
        w.connectProvider();
        QTRY_COMPARE_WITH_TIMEOUT(int(w.providerHub()->status()), int(ProviderHub::Status::Ready),
                                  15000);
        ProviderSession *session = w.providerHub()->session();
        session->setPollIntervalMs(50);
        std::optional<bool> walked;
        session->walkGatesOneToFour([&](const auto &r) { walked = bool(r); });
        QTRY_VERIFY_WITH_TIMEOUT(walked.has_value(), 30000);
        QVERIFY(*walked);
        // The team lead accepts gate 4 (its check passed at the sandbox); gate 5 opens.
        QVERIFY2(store.state().provider.resourcesCheckPassed,
                 qPrintable(store.state().provider.resourcesCheck.toString()));
        store.update([](OnboardingState &s) {
            s.gate(GateId::Resources).status = GateStatus::Passed;
            s.gate(GateId::Resources).acceptedBy = Text::literal(QStringLiteral("Li Wei"));
        });
        QVERIFY(w.goToPage(OnboardingWizard::EnvironmentId));

        auto *run = child<QPushButton>(w, "providerRunReadiness");
        QTRY_VERIFY(run->isEnabled());
        QTest::mouseClick(run, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(store.state().environment.ready(), 60000);
        QTRY_VERIFY(!session->busy());
        for (const QString &name : EnvironmentGateData::checkNames()) {
            auto *title = child<QLabel>(w, qPrintable("check_" + name));
            QVERIFY(title);
        }
        // The live job: charts fed from the log's step events, the log tailed.
        auto *monitor = w.currentPage()->findChild<JobMonitor *>();
        QVERIFY(monitor);
        QVERIFY(monitor->lossChart()->rawCount() > 0);
        QTRY_VERIFY(monitor->lossChart()->shownCount() > 0); // drawn on the next frame
        // The probe's events read as words in the log pane, not as JSON.
        QVERIFY2(monitor->log()->text().contains(", step "), qPrintable(monitor->log()->text()));
        QVERIFY(!monitor->log()->text().contains("\"event\":\"step\""));
        QVERIFY(child<QLabel>(w, "coach")->text().startsWith("Coach:"));

        QVERIFY(w.goToPage(OnboardingWizard::FirstRunId));
        auto *start = child<QPushButton>(w, "providerStartFirstRun");
        QTRY_VERIFY(start->isEnabled());
        QTest::mouseClick(start, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(store.state().firstRun.run.passed(), 60000);
        QTRY_VERIFY(!session->busy());
        auto *points = child<QTreeWidget>(w, "firstRunPoints");
        for (int i = 0; i < points->topLevelItemCount(); ++i)
            QCOMPARE(points->topLevelItem(i)->text(0), QStringLiteral("✔"));
        QVERIFY(child<QLabel>(w, "triageText")->text().contains("passed"));
        // Walk 19: the page where the log is read says which run it is of (the stand-in, and
        // the planned run's data and software), not only the Summary.
        {
            const QString standIn =
                standInText(runSpecFromState(store.state()), [](const QString &v) { return v; });
            QVERIFY(standIn.contains(QStringLiteral("stand-in")));
            auto *label = child<QLabel>(w, "firstRunStandIn");
            QTRY_COMPARE(label->text(), standIn);
            QVERIFY(label->isVisible());
        }
        auto *wrap = child<QPushButton>(w, "providerWrapUp");
        QTRY_VERIFY(wrap->isEnabled());
        QTest::mouseClick(wrap, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(store.state().firstRun.released, 20000);
        QTRY_VERIFY(child<QListWidget>(w, "archivedArtifacts")->count() >= 3);
        // #17 walk (F19): the archive listed gate 5's checkpoint check's checkpoints too. Only
        // the first run's own, beside its metrics and its spec.
        // #17 walk (item 15a): the names read "…/first-run-…steps/first-run/…": the folder says
        // first run once.
        int checkpoints = 0;
        for (const QString &a : store.state().firstRun.archived) {
            const QString name = a.section(u'/', 2); // after "<workspace>/first-run-…steps/"
            QVERIFY2(!name.startsWith(QLatin1String("first-run/")), qPrintable(a));
            QVERIFY2(name == QLatin1String("metrics.json") ||
                         name == QLatin1String("run-spec.json") ||
                         name.contains(QLatin1String("step-")),
                     qPrintable(a));
            checkpoints += name.contains(QLatin1String("step-"));
        }
        QVERIFY(checkpoints >= 1);
        // Wrapped up, gate 6 still waits: the operator cannot accept it.
        QVERIFY(store.state().gate(GateId::FirstRun).status != GateStatus::Passed);
        QVERIFY(child<QLabel>(w, "replayAcceptance")->text().contains("colleague"));
        // A colleague replays this onboarding's spec from the handoff dialog, on a fresh
        // sandbox; their replay accepts the gate, and the state names them.
        QTemporaryDir specDir;
        QFile spec(specDir.filePath("handoff.json"));
        QVERIFY(spec.open(QIODevice::WriteOnly));
        const RunSpec handedOver = runSpecFromState(store.state());
        spec.write(QJsonDocument(handedOver.toJson()).toJson());
        spec.close();
        // #17 walk (F3): the spec named the sandbox's sample data as if planned. What the
        // stand-in read stays (the replay reads it again); gate 4's data path is the plan's.
        QCOMPARE(handedOver.storage.data, QStringLiteral("/mnt/data/sample"));
        QVERIFY(!handedOver.planned.model.isEmpty());
        QCOMPARE(handedOver.plannedEnvironment.data, store.state().resources.choice.dataPath);
        QCOMPARE(handedOver.plannedEnvironment.frameworkVersion,
                 store.state().resources.environment.frameworkVersion);
        auto *page = qobject_cast<FirstRunPage *>(w.currentPage());
        QVERIFY(page);
        page->openHandoffSpec(spec.fileName());
        auto *dialog = w.findChild<HandoffDialog *>();
        QVERIFY(dialog);
        // #17 walk (F10): the member who ran the first run hears before replaying that their
        // replay cannot accept gate 6.
        const QString ranBy = store.state().firstRun.ranBy;
        QVERIFY(!ranBy.isEmpty());
        dialog->setMember(ranBy);
        QVERIFY(!dialog->findChild<QPushButton *>(QStringLiteral("handoffReplay"))->isEnabled());
        QVERIFY(!dialog->findChild<QPushButton *>(QStringLiteral("handoffPractice"))->isHidden());
        QVERIFY2(dialog->verdict().contains(ranBy), qPrintable(dialog->verdict()));
        // A developer of the workspace who took no part.
        dialog->setMember(QStringLiteral("chenjie"));
        QVERIFY2(dialog->findChild<QPushButton *>(QStringLiteral("handoffReplay"))->isEnabled(),
                 qPrintable(dialog->verdict()));
        QSignalSpy replayed(dialog, &HandoffDialog::replayFinished);
        dialog->replay();
        QVERIFY(replayed.wait(240000));
        QVERIFY2(replayed.first().first().toInt() == 0, qPrintable(dialog->verdict()));
        QCOMPARE(store.state().gate(GateId::FirstRun).status, GateStatus::Passed);
        QVERIFY(store.state().gate(GateId::FirstRun).acceptedBy.toString().startsWith("chenjie"));
        QCOMPARE(store.state().firstRun.replay.value("member").toString(),
                 QStringLiteral("chenjie"));
        QVERIFY(child<QLabel>(w, "replayAcceptance")->text().contains("chenjie"));
        // #17 walk (F11): the replay's acceptance left the spec the colleague holds current.
        QCOMPARE(runSpecFromState(store.state()).fingerprintId(), handedOver.fingerprintId());
        // #17 walk 18: gate 4's batch changed after the replay was accepted, and gate 6 stayed
        // passed on a replay of the old spec. It goes back, and the page says why and what to
        // do; put back, the replay stands again.
        const int batch = store.state().resources.choice.setup.microBatch;
        store.update([&](OnboardingState &s) { s.resources.choice.setup.microBatch = batch + 1; });
        QTRY_COMPARE(store.state().gate(GateId::FirstRun).status, GateStatus::InProgress);
        // Walk 19: it says what changed in the run, not two fingerprints.
        const QString changed = QStringLiteral("$.parameters.microBatch: %1 → %2").arg(batch).arg(batch + 1);
        for (const char *name : {"replayAcceptance", "statusLabel"}) {
            const QString text = child<QLabel>(w, name)->text();
            QVERIFY2(text.contains(QStringLiteral("replayed the run of spec %1, but the run in "
                                                  "this onboarding's spec has changed since")
                                       .arg(QString::fromLatin1(
                                           handedOver.fingerprintId().left(19)))) &&
                         text.contains(changed) &&
                         text.contains(QStringLiteral("Export the spec again")),
                     qPrintable(QString::fromLatin1(name) + QStringLiteral(": ") + text));
        }
        store.update([&](OnboardingState &s) { s.resources.choice.setup.microBatch = batch; });
        QTRY_COMPARE(store.state().gate(GateId::FirstRun).status, GateStatus::Passed);
        QVERIFY(child<QLabel>(w, "replayAcceptance")->text().startsWith(QStringLiteral("✔")));
        // #17 walk (item 4): the dialog opened again shows none of the replay's rows, and says
        // that, and which replay gate 6 records: who, and when (the gate's own time).
        const int gaps = int(specGaps(handedOver).size());
        page->openHandoffSpec(spec.fileName());
        const QList<HandoffDialog *> dialogs = w.findChildren<HandoffDialog *>();
        QCOMPARE(dialogs.size(), 2);
        HandoffDialog *again = dialogs.last();
        QVERIFY(again != dialog);
        QCOMPARE(again->items()->topLevelItemCount(), gaps);
        const QString shows = again->listShows();
        QVERIFY2(shows.startsWith(QStringLiteral("No replay in this window yet")) &&
                     shows.contains(QStringLiteral("Gate 6 records %1's replay of %2: "
                                                   "reproduced.")
                                        .arg(replayerName(store.state().workspace,
                                                          QStringLiteral("chenjie")))
                                        .arg(Text::time(store.state()
                                                            .gate(GateId::FirstRun)
                                                            .acceptedAt)
                                                 .toString())),
                 qPrintable(shows));

        // #17 walk (item 6): closed and started again on the same state, gate 6's log pane
        // stayed empty though the run had finished: the job's log is read again from the
        // provider once it is connected.
        wizard.reset();
        OnboardingWizard restarted(&store, &m_language);
        restarted.restoreProgress();
        restarted.show();
        QCOMPARE(restarted.currentId(), int(OnboardingWizard::FirstRunId));
        restarted.connectProvider();
        auto *monitorAgain = restarted.currentPage()->findChild<JobMonitor *>();
        QVERIFY(monitorAgain);
        QTRY_VERIFY_WITH_TIMEOUT(monitorAgain->log()->text().contains(", step "), 30000);
        QVERIFY2(child<QLabel>(restarted, "jobLine")->text().contains(
                     store.state().firstRun.run.jobId),
                 qPrintable(child<QLabel>(restarted, "jobLine")->text()));
        qunsetenv("ONRAMP_STATE_DIR");
        qunsetenv("ONRAMP_SANDBOX_MODULE");
    }

    // #17 walk 16 (item 3): after a restart gate 5 said "No job yet" though its four checks had
    // passed: the wait for the provider ended at the hub's first status change, "connecting",
    // with no session yet, and the jobs were never read. Gates 5 and 6 share one wait; each
    // starts reading its last job from the provider once it is connected.
    void theLastJobIsReadAfterARestart_data()
    {
        QTest::addColumn<int>("pageId");
        QTest::newRow("gate 5") << int(OnboardingWizard::EnvironmentId);
        QTest::newRow("gate 6") << int(OnboardingWizard::FirstRunId);
    }
    void theLastJobIsReadAfterARestart()
    {
        QFETCH(int, pageId);
        QTemporaryDir dir;
        qputenv("ONRAMP_STATE_DIR", dir.path().toUtf8());
        qputenv("ONRAMP_SANDBOX_MODULE", ONRAMP_SANDBOX);
        StateStore store(dir.filePath(QStringLiteral("onboarding.json")));
        OnboardingState state = demoState();
        state.currentPage = pageId;
        for (const QString &name : EnvironmentGateData::checkNames()) {
            CheckResult &r = state.environment.checks[name];
            r.state = QStringLiteral("passed");
            r.jobId = QStringLiteral("b7c0%1").arg(name);
        }
        state.firstRun.run.state = QStringLiteral("passed");
        state.firstRun.run.jobId = QStringLiteral("a09d3421");
        state.firstRun.curve = {{1, 5.7}, {2, 5.1}, {3, 4.6}, {4, 4.0}};
        store.setState(state);
        OnboardingWizard w(&store, &m_language);
        w.setStartId(pageId);
        w.show();
        QCOMPARE(w.currentId(), pageId);
        auto *monitor = w.currentPage()->findChild<JobMonitor *>();
        QVERIFY(monitor);
        LoadWatch reads;
        monitor->installEventFilter(&reads);
        w.connectProvider();
        QTRY_COMPARE_WITH_TIMEOUT(int(w.providerHub()->status()), int(ProviderHub::Status::Ready),
                                  15000);
        // The read from the provider started (the monitor says so while it loads), whatever the
        // provider then answers.
        QTRY_VERIFY_WITH_TIMEOUT(reads.count > 0, 15000);
        qunsetenv("ONRAMP_STATE_DIR");
        qunsetenv("ONRAMP_SANDBOX_MODULE");
    }

    // #17 walk: gate 6 read its recorded job again from a provider that no longer had it; the
    // job line ended in an empty provider error and the charts still said the log would show
    // "when the job's log is read from the provider". They say the provider no longer has the
    // job, and that what shows is what the record kept.
    void aJobTheProviderNoLongerHasIsSaidSo()
    {
        QTemporaryDir dir;
        qputenv("ONRAMP_STATE_DIR", dir.path().toUtf8());
        qputenv("ONRAMP_SANDBOX_MODULE", ONRAMP_SANDBOX);
        StateStore store(dir.filePath(QStringLiteral("onboarding.json")));
        OnboardingState state = demoState();
        state.currentPage = OnboardingWizard::FirstRunId;
        state.firstRun.run.state = QStringLiteral("passed");
        state.firstRun.run.jobId = QStringLiteral("a09d3421"); // not at this (fresh) sandbox
        state.firstRun.curve = {{1, 5.7}, {2, 5.1}, {3, 4.6}, {4, 4.0}};
        store.setState(state);
        OnboardingWizard w(&store, &m_language);
        w.setStartId(OnboardingWizard::FirstRunId);
        w.show();
        auto *monitor = w.currentPage()->findChild<JobMonitor *>();
        QVERIFY(monitor);
        auto *line = child<QLabel>(w, "jobLine");
        QVERIFY(line);
        LoadWatch reads;
        monitor->installEventFilter(&reads);
        w.connectProvider();
        QTRY_VERIFY_WITH_TIMEOUT(reads.count > 0, 15000);
        QTRY_VERIFY_WITH_TIMEOUT(!monitor->isLoading(), 15000);
        QVERIFY2(line->text().contains(QStringLiteral("The provider no longer has job a09d3421")),
                 qPrintable(line->text()));
        QVERIFY2(!line->text().contains(QStringLiteral("shows here once Onramp is connected")),
                 qPrintable(line->text()));
        QCOMPARE(monitor->lossChart()->rawCount(), size_t(4)); // the record's curve stays
        const QString step = monitor->stepChart()->emptyText();
        QVERIFY2(step.contains(QStringLiteral("no longer has job a09d3421")) &&
                     !step.contains(QStringLiteral("shown again")),
                 qPrintable(step));
        QVERIFY2(monitor->log()->emptyText().contains(QStringLiteral("no longer has job")),
                 qPrintable(monitor->log()->emptyText()));
        // A change of the onboarding shows the record again: what was found stays said.
        store.update([](OnboardingState &s) { s.gate(GateId::FirstRun).notes = QStringLiteral("checked"); });
        QVERIFY2(line->text().contains(QStringLiteral("The provider no longer has job a09d3421")),
                 qPrintable(line->text()));
        qunsetenv("ONRAMP_STATE_DIR");
        qunsetenv("ONRAMP_SANDBOX_MODULE");
    }

    // #17 walk (polish, item 1): starting a job on gates 2, 4 and 5 made progress rows appear
    // and the page scrolled by itself (on gate 5 to the bottom, during the checks). The view
    // stays where the user is from the click to the answer laid out: the scroll bar never
    // moves, sampled all along.
    void thePageStaysWhileAJobRuns_data()
    {
        QTest::addColumn<int>("gate");
        QTest::addColumn<QString>("action");
        QTest::addColumn<bool>("focusAbove"); // the keyboard focus in a field above, not on the button
        QTest::newRow("gate 2, set up") << int(OnboardingWizard::WorkspaceId)
                                        << QStringLiteral("providerSetUpWorkspace") << false;
        QTest::newRow("gate 2, checks") << int(OnboardingWizard::WorkspaceId)
                                        << QStringLiteral("providerWorkspaceChecks") << false;
        QTest::newRow("gate 4, check") << int(OnboardingWizard::ResourcesId)
                                       << QStringLiteral("providerVerifyInstance") << false;
        QTest::newRow("gate 5, checks") << int(OnboardingWizard::EnvironmentId)
                                        << QStringLiteral("providerRunReadiness") << false;
        QTest::newRow("gate 5, by its letter") << int(OnboardingWizard::EnvironmentId)
                                               << QStringLiteral("providerRunReadiness") << true;
    }
    void thePageStaysWhileAJobRuns()
    {
        QFETCH(int, gate);
        QFETCH(QString, action);
        QFETCH(bool, focusAbove);
        QTemporaryDir dir;
        qputenv("ONRAMP_STATE_DIR", dir.path().toUtf8());
        qputenv("ONRAMP_SANDBOX_MODULE", ONRAMP_SANDBOX);
        StateStore store(dir.filePath(QStringLiteral("onboarding.json")));
        OnboardingState state = demoState();
        state.currentPage = OnboardingWizard::WorkspaceId;
        store.setState(state);
        auto wizard = std::make_unique<OnboardingWizard>(&store, &m_language);
        OnboardingWizard &w = *wizard;
        w.resize(1280, 760);
        w.restoreProgress();
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.connectProvider();
        QTRY_COMPARE_WITH_TIMEOUT(int(w.providerHub()->status()), int(ProviderHub::Status::Ready),
                                  15000);
        ProviderSession *session = w.providerHub()->session();
        session->setPollIntervalMs(50);
        if (gate > OnboardingWizard::WorkspaceId) {
            std::optional<bool> walked;
            session->walkGatesOneToFour([&](const auto &r) { walked = bool(r); });
            QTRY_VERIFY_WITH_TIMEOUT(walked.has_value(), 30000);
            QVERIFY(*walked);
        } else if (action == QLatin1String("providerWorkspaceChecks")) {
            std::optional<bool> set;
            session->setUpWorkspace([&](const auto &r) { set = bool(r); });
            QTRY_VERIFY_WITH_TIMEOUT(set.has_value(), 30000);
            QVERIFY(*set);
        }
        if (gate == OnboardingWizard::EnvironmentId)
            store.update([](OnboardingState &s) {
                s.gate(GateId::Resources).status = GateStatus::Passed;
                s.gate(GateId::Resources).acceptedBy = Text::literal(QStringLiteral("Li Wei"));
            });
        QVERIFY(w.goToPage(gate));
        QTRY_VERIFY(!session->busy());
        auto *button = child<QPushButton>(w, qPrintable(action));
        auto *scroll = child<QScrollArea>(w, "gateScroll");
        QVERIFY(button && scroll);
        QTRY_VERIFY(button->isEnabled());
        QTest::qWait(200); // the page laid out, as a user finds it
        // The button in the view's upper half, the page neither at its top nor at its bottom.
        QScrollBar *bar = scroll->verticalScrollBar();
        const int at = button->mapTo(scroll->widget(), QPoint()).y();
        bar->setValue(at - scroll->viewport()->height() / 3);
        QTest::qWait(50);
        QVERIFY2(bar->value() > 0 && bar->value() < bar->maximum(),
                 qPrintable(QStringLiteral("%1 of %2").arg(bar->value()).arg(bar->maximum())));
        // What the user looks at: the button, or with the focus out of view above, the
        // widget at the view's top.
        QWidget *looked = button;
        if (focusAbove)
            looked = scroll->widget()->childAt(
                scroll->widget()->mapFrom(scroll->viewport(), QPoint(scroll->viewport()->width() / 2, 4)));
        QVERIFY(looked);
        const auto onScreen = [&] { return looked->mapTo(scroll->viewport(), QPoint()).y(); };
        const int before = onScreen();
        QList<int> seen;
        QStringList trace;
        QTimer sampler;
        // A pixel either way is the row's own alignment as its buttons go off and on.
        QObject::connect(&sampler, &QTimer::timeout, &sampler, [&] {
            if (seen.isEmpty() || qAbs(seen.last() - onScreen()) > 1) {
                seen << onScreen();
                trace << QStringLiteral("%1 (scroll bar %2)").arg(onScreen()).arg(bar->value());
            }
        });
        bool started = false;
        QObject::connect(w.providerHub(), &ProviderHub::busyChanged, &sampler,
                         [&] { started = started || session->busy(); });
        if (focusAbove) {
            // The focus in the first field of the page, out of view above: the action's Alt
            // letter presses the button without taking the focus (as from a field).
            QWidget *first = scroll->widget()->nextInFocusChain();
            while (first && !(first->focusPolicy() & Qt::TabFocus && first->isEnabled() &&
                              first->isVisible()))
                first = first->nextInFocusChain();
            QVERIFY(first);
            const int value = bar->value();
            first->setFocus(Qt::OtherFocusReason);
            bar->setValue(value); // as a user who scrolled back down to the panel
            QTest::qWait(50);
            QCOMPARE(onScreen(), before);
            sampler.start(5);
            QMetaObject::invokeMethod(button, &QPushButton::click);
        } else {
            sampler.start(5);
            QTest::mouseClick(button, Qt::LeftButton);
        }
        QTRY_VERIFY_WITH_TIMEOUT(started, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(!session->busy(), 60000);
        QTest::qWait(300); // the answer's changes laid out
        sampler.stop();
        QVERIFY2(std::all_of(seen.cbegin(), seen.cend(),
                             [&](int y) { return qAbs(y - before) <= 1; }),
                 qPrintable(QStringLiteral("on screen at %1, then %2")
                                .arg(before)
                                .arg(trace.join(QStringLiteral(" → ")))));
    }

    // #17 walk (item 10): after a restart (the wizard closed, opened again on the same state)
    // gate 6's live view was empty though the run had finished and its curve was recorded.
    // Without a provider to read the job from, the record shows.
    void aFinishedRunShowsAfterARestart()
    {
        StateStore store(statePath());
        OnboardingState state = demoState();
        state.currentPage = OnboardingWizard::FirstRunId;
        state.firstRun.run.state = QStringLiteral("passed");
        state.firstRun.run.jobId = QStringLiteral("a09d3421");
        state.firstRun.curve = {{1, 5.7}, {2, 5.1}, {3, 4.6}, {4, 4.0}};
        store.setState(state);
        OnboardingWizard w(&store, &m_language);
        w.setStartId(OnboardingWizard::FirstRunId);
        w.show();
        QCOMPARE(w.currentId(), int(OnboardingWizard::FirstRunId));
        auto *monitor = w.currentPage()->findChild<JobMonitor *>();
        QVERIFY(monitor);
        QCOMPARE(monitor->lossChart()->rawCount(), size_t(4));
        const QString line = child<QLabel>(w, "jobLine")->text();
        QVERIFY2(line.contains(QStringLiteral("a09d3421")) &&
                     line.contains(QStringLiteral("as recorded")),
                 qPrintable(line));
        // The charts the record does not keep say so, not that the run is yet to start.
        const QString step = monitor->stepChart()->emptyText();
        QVERIFY2(step.contains(QStringLiteral("record")) && !step.contains(QStringLiteral("starts")),
                 qPrintable(step));
        // #17 walk (item 6): the log pane was empty, saying nothing. It says what the record
        // keeps and where the whole log is.
        QVERIFY(monitor->log()->text().isEmpty());
        const QString log = monitor->log()->emptyText();
        QVERIFY2(log.contains(QStringLiteral("not its log")) &&
                     log.contains(QStringLiteral("at the provider")),
                 qPrintable(log));
    }
};

QTEST_MAIN(TestRunPages)
#include "tst_runpages.moc"
