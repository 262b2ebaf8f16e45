// The one writer of gate records (models/state/GateLedger): whoever asks (the status recorder,
// a provider's review or checks, a colleague's replay), a gate never becomes Passed against its
// entry condition, its blocking findings or a failed acceptance check. Also the two facts that
// used to be kept twice: "workspace created" is one field, and a card's memory has one unit.
#include "Catalogs.h"
#include "DemoState.h"
#include "GateDataForms.h"
#include "GateForm.h"
#include "GateLedger.h"
#include "Language.h"
#include "MemoryEstimator.h"
#include "OnboardingState.h"
#include "ResourcesForm.h"
#include "RunSpec.h"
#include "StateStore.h"
#include "Tr.h"

#include <QJsonArray>
#include <QtTest>

using namespace onramp;

namespace {

const QDateTime kNow = QDateTime(QDate(2026, 11, 20), QTime(9, 0), Qt::UTC);

// Gates 1..upTo passed, each with its evidence and acceptor.
OnboardingState passedUpTo(int upTo)
{
    OnboardingState s;
    for (int g = 1; g <= upTo; ++g) {
        GateRecord &r = s.gate(GateId(g));
        r.status = GateStatus::Passed;
        r.evidence = Text::literal(QStringLiteral("checked"));
        r.acceptedBy = Text::literal(QStringLiteral("reviewer"));
    }
    return s;
}

// Gate 5's four readiness checks, all green.
void allChecksGreen(OnboardingState &s)
{
    for (const QString &name : EnvironmentGateData::checkNames()) {
        CheckResult r;
        r.state = QStringLiteral("passed");
        r.evidence = Text::literal(name + QStringLiteral(" ok"));
        s.environment.checks[name] = r;
    }
}

// A workspace gate 2's rules accept: one admin, two developers and an observer.
WorkspaceData aTeam()
{
    WorkspaceData w;
    w.workspaceName = QStringLiteral("nlp");
    w.pool = {QStringLiteral("a100-80g"), QStringLiteral("cn-north"), QStringLiteral("cn-north-1a")};
    // The provider holds it: gate 2's acceptance checks ran in it.
    w.created = true;
    w.quotaAttached = true;
    w.members = {{"Li Wei", "liwei", Role::Admin, {}, 0},
                 {"Zhang Min", "zhangmin", Role::Developer, {}, 0},
                 {"Chen Jie", "chenjie", Role::Developer, {}, 0},
                 {"Zhao Lei", "zhaolei", Role::Observer, {}, 0}};
    return w;
}

// Gate 2 with all it needs but the team lead's review: gate 1 passed, a team its rules accept,
// the checks' evidence and the acceptor written.
OnboardingState gateTwoButForTheReview()
{
    OnboardingState s = passedUpTo(1);
    s.workspace = aTeam();
    s.gate(GateId::Workspace).evidence = Text::literal(QStringLiteral("Job j-1 succeeded; 403 seen"));
    s.gate(GateId::Workspace).acceptedBy = Text::literal(QStringLiteral("Li Wei"));
    return s;
}

} // namespace

class TestGateLedger : public QObject
{
    Q_OBJECT

private slots:
    // The contradiction a newcomer saw: gate 5 "Passed" while gate 4 was "In progress".
    void providerChecksCannotPassAGateWhoseEntryIsNotMet()
    {
        OnboardingState s = passedUpTo(3); // gate 4 is still in progress
        s.gate(GateId::Resources).status = GateStatus::InProgress;
        allChecksGreen(s);
        GateRecord &g = s.gate(GateId::Environment);
        g.evidence = Text::literal(QStringLiteral("four checks"));
        g.acceptedBy = Text::literal(QStringLiteral("the checks"));
        QVERIFY(!acceptFromProvider(s, GateId::Environment, kNow));
        QCOMPARE(g.status, GateStatus::InProgress);
        QVERIFY2(g.heldBack.toString().contains(QStringLiteral("gate 4")),
                 qPrintable(g.heldBack.toString()));
        QVERIFY(GateForm::describe(g).contains(g.heldBack.toString()));

        // Once gate 4 passes, the same acceptance passes gate 5 and clears the reason.
        s.gate(GateId::Resources).status = GateStatus::Passed;
        QVERIFY(acceptFromProvider(s, GateId::Environment, kNow));
        QCOMPARE(g.status, GateStatus::Passed);
        QVERIFY(g.heldBack.isEmpty());
        QCOMPARE(g.acceptedAt, kNow);
        // Run again later, the checks write new evidence: the gate is accepted on it then, not
        // on the first day (#17 walk: "Passed on November 6" beside a December job's evidence).
        const QDateTime later = kNow.addDays(27);
        QVERIFY(acceptFromProvider(s, GateId::Environment,
                                   Text::literal(QStringLiteral("four checks, run again")), later));
        QCOMPARE(g.acceptedAt, later);
        QCOMPARE(g.evidence.toString(), QStringLiteral("four checks, run again"));
    }

    // #17: a Slurm re-check moved gate 1's pass date. The cluster answers every read with
    // state "not_required" and "since" = the time of the read; the evidence it gives is the same
    // each time, so the gate stays accepted on the day it first was. A different answer (another
    // review) is a new acceptance, dated by the provider's time.
    void aReCheckWithTheSameEvidenceKeepsThePassDate()
    {
        OnboardingState s;
        GateRecord &g = s.gate(GateId::Account);
        g.acceptedBy = Tr::trLater("The cluster's accounting (slurmdbd)");
        // What AccountSteps writes for a Slurm provider's answer.
        const auto slurmEvidence = [] {
            return Tr::trLater("Not required by this provider: a Slurm cluster reviews no "
                               "dossier; access is a user in its accounting with a default "
                               "account (%1).")
                .arg(QStringLiteral("liwei exists in the cluster's accounting"));
        };
        // Gate 1's own rules hold an empty dossier back: the demo's complete one.
        OnboardingState demo = savedDemoState();
        findDemoAttachments(demo);
        s.account = demo.account;
        QVERIFY2(!hasBlocking(gateFindings(s, GateId::Account, kNow.date())),
                 qPrintable(blockingMessage(gateFindings(s, GateId::Account, kNow.date()))
                                .toString()));
        const QDateTime firstRead = kNow;
        QVERIFY(acceptFromProvider(s, GateId::Account, slurmEvidence(), firstRead, firstRead));
        QCOMPARE(g.status, GateStatus::Passed);
        QCOMPARE(g.acceptedAt, firstRead);
        // Re-checked a week later: the same evidence, read at a later time.
        const QDateTime reRead = kNow.addDays(7);
        QVERIFY(acceptFromProvider(s, GateId::Account, slurmEvidence(), reRead, reRead));
        QCOMPARE(g.acceptedAt, firstRead);
        // Read back from the saved file (Text arguments as saved) and checked again: the same.
        auto reread = OnboardingState::fromJson(s.toJson());
        QVERIFY(reread.has_value());
        QVERIFY(acceptFromProvider(*reread, GateId::Account, slurmEvidence(), reRead, reRead));
        QCOMPARE(reread->gate(GateId::Account).acceptedAt, firstRead);
        // The cluster says something else now: accepted again, on the provider's date.
        QVERIFY(acceptFromProvider(
            s, GateId::Account,
            Text::literal(QStringLiteral("liwei moved to account nlp-2")), reRead.addDays(1),
            reRead));
        QCOMPARE(g.acceptedAt, reRead);
    }

    // #17 walk: gate 2 passed on November 6, its checks ran again on December 3, and the record
    // gave the new job as evidence under the old date. New evidence dates the passed gate; the
    // same evidence again does not.
    void gateTwosChecksDateItsEvidence()
    {
        OnboardingState s = passedUpTo(2);
        GateRecord &g = s.gate(GateId::Workspace);
        g.acceptedAt = kNow;
        g.evidence = Text::literal(QStringLiteral("Developer job 17 log visible"));
        s.provider.developerCheckPassed = true;
        s.provider.observerCheckPassed = true;
        s.provider.developerCheck = Text::literal(QStringLiteral("Job ea93 succeeded"));
        s.provider.observerCheck = Text::literal(QStringLiteral("Observer refused"));
        const QDateTime later = kNow.addDays(27);
        recordWorkspaceChecks(s, later);
        QVERIFY(g.evidence.toString().contains(QStringLiteral("ea93")));
        QCOMPARE(g.acceptedAt, later);
        recordWorkspaceChecks(s, later.addSecs(60));
        QCOMPARE(g.acceptedAt, later);
    }

    void blockingFindingsHoldAnApprovedReview()
    {
        // The provider approved gate 3's application, but the saved application itself is
        // incomplete (no card type): the gate does not pass on the provider's word alone.
        OnboardingState s = passedUpTo(2);
        GateRecord &g = s.gate(GateId::Quota);
        g.evidence = Text::literal(QStringLiteral("approved"));
        g.acceptedBy = Text::literal(QStringLiteral("the provider's quota reviewer"));
        const Findings f = gateFindings(s, GateId::Quota, kNow.date());
        QVERIFY(hasBlocking(f));
        QVERIFY(!acceptFromProvider(s, GateId::Quota, kNow));
        QCOMPARE(g.status, GateStatus::InProgress);
        QVERIFY(g.heldBack.toString().contains(f.first().message.toString()));
        QVERIFY(!setGateStatus(s, GateId::Quota, GateStatus::Passed, kNow).has_value());
    }

    void acceptanceChecksAreRequired_data()
    {
        QTest::addColumn<int>("gate");
        QTest::newRow("gate 5 without its readiness checks") << 5;
        QTest::newRow("gate 6 without a colleague's replay") << 6;
    }

    void acceptanceChecksAreRequired()
    {
        QFETCH(int, gate);
        const GateId id = GateId(gate);
        OnboardingState s = passedUpTo(gate - 1);
        s.gate(id).evidence = Text::literal(QStringLiteral("I say so"));
        s.gate(id).acceptedBy = Text::literal(QStringLiteral("the operator"));
        QVERIFY(!acceptanceMissing(s, id).isEmpty());
        auto r = setGateStatus(s, id, GateStatus::Passed, kNow);
        QVERIFY(!r.has_value());
        QCOMPARE(r.error().message, acceptanceMissing(s, id).toString());
        QCOMPARE(s.gate(id).status, GateStatus::NotStarted);
    }

    // The status recorder and the ledger are one rule: what the form refuses, the ledger
    // refuses, with the same reason.
    void theFormAsksTheLedger()
    {
        StateStore store({});
        OnboardingState s = passedUpTo(4);
        s.gate(GateId::Resources).status = GateStatus::InProgress;
        store.setState(s);
        GateForm form(&store, GateId::Environment);
        form.setClock([] { return kNow; });
        form.setText(GateForm::Field::Evidence, QStringLiteral("four checks"));
        form.setText(GateForm::Field::AcceptedBy, QStringLiteral("me"));
        form.setTargetStatus(GateStatus::Passed);
        QVERIFY(!form.canRecord());
        auto r = form.recordStatus();
        QVERIFY(!r.has_value());
        QCOMPARE(r.error().message,
                 statusRefusal(store.state(), GateId::Environment, GateStatus::Passed, kNow.date())
                     .toString());
        QCOMPARE(store.state().gate(GateId::Environment).status, GateStatus::NotStarted);
    }

    void aReplayFromTheOperatorDoesNotAccept()
    {
        OnboardingState s = passedUpTo(5);
        allChecksGreen(s);
        s.workspace = aTeam();
        s.workspace.members.append({"Ana Torres", "ana.torres", Role::Developer, {}, 0});
        s.workspace.members.append({"Mei Chen", "mei.chen", Role::Developer, {}, 0});
        s.firstRun.run.state = QStringLiteral("passed");
        s.firstRun.released = true;
        s.firstRun.ranBy = QStringLiteral("ana.torres");
        s.firstRun.curve = {{1, 5.0}, {2, 4.0}};
        QJsonObject record{{"member", "ana.torres"},
                           {"reproduced", true},
                           {"firstRun", curveDigest(s.firstRun.curve)}};
        QVERIFY(!acceptFirstRunByReplay(s, record).has_value());
        QVERIFY(s.gate(GateId::FirstRun).status != GateStatus::Passed);
        QCOMPARE(s.firstRun.replay, record); // kept as evidence all the same

        record["member"] = QStringLiteral("mei.chen");
        record["at"] = QStringLiteral("2026-12-02T14:15:19.102Z");
        QVERIFY(acceptFirstRunByReplay(s, record).has_value());
        QCOMPARE(s.gate(GateId::FirstRun).status, GateStatus::Passed);
        QVERIFY(
            s.gate(GateId::FirstRun).acceptedBy.toString().contains(QStringLiteral("mei.chen")));
        // #17 walk: the evidence gave the replay's time as the record stores it.
        const QString evidence = s.gate(GateId::FirstRun).evidence.toString();
        QVERIFY2(!evidence.contains(QStringLiteral("T14:15")), qPrintable(evidence));
        QVERIFY2(evidence.contains(
                     readableTime(QDateTime(QDate(2026, 12, 2), QTime(14, 15, 19, 102), Qt::UTC))),
                 qPrintable(evidence));
    }

    // #17 walk 18: after a colleague's replay was accepted, gate 4's instance type changed and
    // gate 6 stayed passed on a replay of the old spec. A change of anything that goes into the
    // spec sends gate 6 back, saying the spec's fingerprint no longer matches the replayed one;
    // putting the change back restores it (GateForm, as for gate 3's grant).
    void aSpecChangedAfterTheReplaySendsGateSixBack()
    {
        OnboardingState s = passedUpTo(5);
        allChecksGreen(s);
        s.workspace = aTeam();
        s.workspace.members.append({"Ana Torres", "ana.torres", Role::Developer, {}, 0});
        s.workspace.members.append({"Mei Chen", "mei.chen", Role::Developer, {}, 0});
        s.resources.choice.instance = QStringLiteral("gpu.a100-80g.8");
        s.firstRun.run.state = QStringLiteral("passed");
        s.firstRun.run.evidence = Text::literal(QStringLiteral("Five points passed."));
        s.firstRun.released = true;
        s.firstRun.ranBy = QStringLiteral("ana.torres");
        s.firstRun.curve = {{1, 5.0}, {2, 4.0}};
        s.gate(GateId::FirstRun).status = GateStatus::InProgress; // as the first run leaves it
        const QString handedOver = QString::fromLatin1(runSpecFromState(s).fingerprintId());
        QCOMPARE(QString::fromLatin1(specFingerprintOf(s)), handedOver);
        const QJsonObject record{{"member", "mei.chen"},
                                 {"reproduced", true},
                                 {"at", "2026-11-20T08:00:00.000Z"},
                                 {"spec", handedOver},
                                 {"firstRun", curveDigest(s.firstRun.curve)}};
        QVERIFY(acceptFirstRunByReplay(s, record).has_value());
        QCOMPARE(s.gate(GateId::FirstRun).status, GateStatus::Passed);
        // Accepting does not change the spec the colleague replayed.
        QCOMPARE(QString::fromLatin1(specFingerprintOf(s)), handedOver);
        QVERIFY(replayedSpecChanged(s).isEmpty());

        StateStore store(QString{});
        store.setState(s);
        GateForm form(&store, GateId::FirstRun);
        form.setClock([] { return kNow; });
        form.setText(GateForm::Field::Notes, QStringLiteral("handed over")); // seen clean
        QCOMPARE(store.state().gate(GateId::FirstRun).status, GateStatus::Passed);

        // Gate 4's instance type: the spec changes, gate 6 goes back with why and what to do.
        store.update([](OnboardingState &st) {
            st.resources.choice.instance = QStringLiteral("gpu.a100-80g.1");
        });
        const QString now = QString::fromLatin1(runSpecFromState(store.state()).fingerprintId());
        QVERIFY(now != handedOver);
        const GateRecord &g = store.state().gate(GateId::FirstRun);
        QCOMPARE(g.status, GateStatus::InProgress);
        const QString why = g.reopenedBecause.toString();
        QVERIFY2(why.startsWith(QStringLiteral("mei.chen (Mei Chen) replayed run spec ")) &&
                     why.contains(QStringLiteral("but this onboarding's spec is now")) &&
                     why.contains(handedOver.left(19)) && why.contains(now.left(19)) &&
                     why.contains(QStringLiteral("Export the spec again")),
                 qPrintable(why));
        QVERIFY(!statusRefusal(store.state(), GateId::FirstRun, GateStatus::Passed, kNow.date())
                     .isEmpty());
        // Put back: the replay is of the spec the onboarding has again, and gate 6 stands.
        store.update([](OnboardingState &st) {
            st.resources.choice.instance = QStringLiteral("gpu.a100-80g.8");
        });
        QCOMPARE(store.state().gate(GateId::FirstRun).status, GateStatus::Passed);
        // The batch goes into the spec too.
        store.update([](OnboardingState &st) { st.resources.choice.setup.microBatch += 1; });
        QCOMPARE(store.state().gate(GateId::FirstRun).status, GateStatus::InProgress);
        QVERIFY(store.state()
                    .gate(GateId::FirstRun)
                    .reopenedBecause.toString()
                    .contains(QStringLiteral("but this onboarding's spec is now")));
    }

    // Walk 19: the colleague gate 6 asks for joined gate 2, gate 2's checks ran again (a new
    // job id in its evidence) and the replay of the spec exported a minute before no longer
    // accepted gate 6; yet after gate 3's hours changed, gate 6 passed again with gate 3 on the
    // replay of the old run. A replay rests on the run it reproduced (the spec without the
    // gates' records): a gate's record changing keeps it, the run changing takes it away,
    // with what changed, also when an earlier gate passes again.
    void aReplayRestsOnTheRunNotOnTheGatesRecords()
    {
        OnboardingState s = passedUpTo(5);
        allChecksGreen(s);
        s.workspace = aTeam();
        s.workspace.members.append({"Mei Chen", "mei.chen", Role::Developer, {}, 0});
        s.firstRun.run.state = QStringLiteral("passed");
        s.firstRun.run.evidence = Text::literal(QStringLiteral("Five points passed."));
        s.firstRun.released = true;
        s.firstRun.ranBy = QStringLiteral("zhangmin");
        s.firstRun.curve = {{1, 5.0}, {2, 4.0}};
        s.gate(GateId::FirstRun).status = GateStatus::InProgress;
        const RunSpec handedOver = runSpecFromState(s);
        const QJsonObject record{{"member", "mei.chen"},
                                 {"reproduced", true},
                                 {"at", "2026-11-20T08:00:00.000Z"},
                                 {"spec", QString::fromLatin1(handedOver.fingerprintId())},
                                 {"run", QString::fromLatin1(handedOver.runFingerprintId())},
                                 {"runSpec", handedOver.runJson()},
                                 {"firstRun", curveDigest(s.firstRun.curve)}};
        QVERIFY(acceptFirstRunByReplay(s, record).has_value());

        // Gate 2's checks ran again: the spec has a new name, its run is the one replayed.
        s.gate(GateId::Workspace).evidence =
            Text::literal(QStringLiteral("Job j-2 succeeded; refused as expected (HTTP 403)."));
        QVERIFY(runSpecFromState(s).fingerprintId() != handedOver.fingerprintId());
        QCOMPARE(runSpecFromState(s).runFingerprintId(), handedOver.runFingerprintId());
        QVERIFY2(replayedSpecChanged(s).isEmpty(), qPrintable(replayedSpecChanged(s).toString()));
        QVERIFY(acceptanceMissing(s, GateId::FirstRun).isEmpty());

        // Gate 5 goes back (its record is not the run), the batch changes meanwhile, and gate 5
        // passes again: gate 6 does not pass with it, and says what changed in the run.
        QVERIFY(setGateStatus(s, GateId::Environment, GateStatus::InProgress, kNow).has_value());
        QCOMPARE(s.gate(GateId::FirstRun).status, GateStatus::InProgress);
        const int batch = s.resources.choice.setup.microBatch;
        s.resources.choice.setup.microBatch = batch + 1;
        const auto passed = setGateStatus(s, GateId::Environment, GateStatus::Passed, kNow);
        QVERIFY2(passed.has_value(), qPrintable(passed ? QString() : passed.error().message));
        const GateRecord &g = s.gate(GateId::FirstRun);
        QCOMPARE(g.status, GateStatus::InProgress);
        const QString why = g.reopenedBecause.toString();
        QVERIFY2(why.contains(QStringLiteral(".microBatch: %1 → %2").arg(batch).arg(batch + 1)) &&
                     why.contains(QStringLiteral("Export the spec again")) &&
                     !why.contains(QStringLiteral("gate 4's instance type or batch")),
                 qPrintable(why));
        QVERIFY(!statusRefusal(s, GateId::FirstRun, GateStatus::Passed, kNow.date()).isEmpty());
        // The same rule for the command line: onramp replay --state compares the run.
        QVERIFY(specOf(s).run != handedOver.runFingerprintId());
    }

    void runDifferencesNameEachChangedField()
    {
        const QJsonObject before{{"compute", QJsonObject{{"nodes", 1}, {"zone", "cn-north-1a"}}},
                                 {"image", QJsonObject{{"name", "pytorch"}}},
                                 {"loss", QJsonObject{{"curve", QJsonArray{1, 2}}}}};
        QJsonObject now = before;
        QCOMPARE(runDifferences(before, now).toString(), QString());
        now["compute"] = QJsonObject{{"nodes", 2}, {"zone", "cn-north-1a"}};
        QCOMPARE(runDifferences(before, now).toString(), QStringLiteral("$.compute.nodes: 1 → 2"));
        now["image"] = QJsonObject{{"name", "pytorch"}, {"digest", "sha256:ab"}};
        now["loss"] = QJsonObject{{"curve", QJsonArray{1, 3}}};
        const QString all = runDifferences(before, now, 2).toString();
        QVERIFY2(all.contains(QStringLiteral("$.compute.nodes: 1 → 2")) &&
                     all.contains(QStringLiteral("$.image.digest: not set → \"sha256:ab\"")) &&
                     all.contains(QStringLiteral("1 more")) && !all.contains(QStringLiteral("curve")),
                 qPrintable(all));
    }

    // #17 walk (item 2): an observer's replay accepted gate 6, and so did the team lead's, who
    // reviewed gate 2: only the member who ran the first run was refused. Who took part is read
    // from what the state records; a replayer must be a member whose role may submit jobs.
    void whoMayAcceptGateSix_data()
    {
        QTest::addColumn<QString>("member");
        QTest::addColumn<QString>("refusedFor"); // empty: accepted
        QTest::newRow("ran the first run") << "zhangmin" << "ran the first run";
        QTest::newRow("reviewed gate 2") << "liwei" << "reviewed gate 2's role matrix";
        QTest::newRow("reviewer by name") << "Li Wei" << "reviewed gate 2's role matrix";
        QTest::newRow("ran the check jobs") << "wangfang" << "ran gate 2's and gate 5's check jobs";
        // #17 walk: gate 4's acceptor was offered as the colleague who could replay.
        QTest::newRow("accepted gate 4") << "sunqi" << "accepted gate 4";
        QTest::newRow("an observer") << "zhaolei" << "may not “Submit jobs”";
        QTest::newRow("not a member") << "mei.chen" << "is not a member of workspace nlp";
        QTest::newRow("a colleague who took no part") << "chenjie" << "";
    }
    void whoMayAcceptGateSix()
    {
        QFETCH(QString, member);
        QFETCH(QString, refusedFor);
        OnboardingState s = passedUpTo(5);
        allChecksGreen(s);
        s.workspace = aTeam();
        // The checks ran as the first developer: put one before the first run's member.
        s.workspace.members.prepend({"Wang Fang", "wangfang", Role::Developer, {}, 0});
        s.workspace.members.append({"Sun Qi", "sunqi", Role::Developer, {}, 0});
        s.gate(GateId::Resources).acceptedBy = Text::literal(QStringLiteral("Sun Qi"));
        s.workspace.lastReview.reviewer = QStringLiteral("Li Wei");
        s.workspace.lastReview.reviewedAt = kNow;
        s.workspace.lastReview.members = s.workspace.members;
        s.provider.developerCheckPassed = true;
        s.firstRun.run.state = QStringLiteral("passed");
        s.firstRun.released = true;
        s.firstRun.ranBy = QStringLiteral("zhangmin");
        s.firstRun.curve = {{1, 5.0}, {2, 4.0}};
        const QString refused = replayerRefusal(s, member).toString();
        const QJsonObject record{{"member", member},
                                 {"reproduced", true},
                                 {"at", QStringLiteral("2026-12-02T14:15:19.102Z")},
                                 {"firstRun", curveDigest(s.firstRun.curve)}};
        const auto accepted = acceptFirstRunByReplay(s, record);
        if (refusedFor.isEmpty()) {
            QVERIFY2(refused.isEmpty(), qPrintable(refused));
            QVERIFY2(accepted.has_value(), qPrintable(accepted.error().message));
            QCOMPARE(s.gate(GateId::FirstRun).status, GateStatus::Passed);
            return;
        }
        QVERIFY2(refused.contains(refusedFor), qPrintable(refused));
        // What to do next: who could replay instead (the one member who took no part).
        QVERIFY2(refused.endsWith(QStringLiteral("Who could replay: chenjie.")),
                 qPrintable(refused));
        // The gate's acceptance says the same, in the same words.
        QVERIFY(!accepted.has_value());
        QCOMPARE(accepted.error().message, refused);
        QCOMPARE(firstRunAcceptanceMissing(s).toString(), refused);
        QVERIFY(s.gate(GateId::FirstRun).status != GateStatus::Passed);
    }

    // #17 walk (item 12, zh_CN): "…重跑它。 可以重跑的人：…" — the refusal's sentences were
    // joined with a space, which reads as a gap after "。", and its names with ", ". Kept as
    // source text, the language read in decides both.
    void aRefusalReadsAsChineseWrites()
    {
        OnboardingState s = passedUpTo(5);
        allChecksGreen(s);
        s.workspace = aTeam();
        s.workspace.members.append({"Mei Chen", "mei.chen", Role::Developer, {}, 0});
        s.firstRun.run.state = QStringLiteral("passed");
        s.firstRun.released = true;
        s.firstRun.ranBy = QStringLiteral("zhangmin");
        s.firstRun.curve = {{1, 5.0}, {2, 4.0}};
        const Text refused = replayerRefusal(s, QStringLiteral("zhangmin"));
        const Text missing = firstRunAcceptanceMissing(s);
        Language language;
        QVERIFY(language.apply(QStringLiteral("zh_CN")));
        for (const QString &text : {refused.toString(), missing.toString()}) {
            QVERIFY2(!text.contains(QStringLiteral("。 ")), qPrintable(text));
            QVERIFY2(text.contains(QStringLiteral("liwei、chenjie、mei.chen")), qPrintable(text));
        }
        QVERIFY(language.apply(QStringLiteral("en")));
        QVERIFY2(refused.toString().endsWith(
                     QStringLiteral("replays it. Who could replay: liwei, chenjie, mei.chen.")),
                 qPrintable(refused.toString()));
    }

    // #17 walk (item 3): after a second replay the record said it passed at the first replay's
    // time and the evidence line gave the second's. The accepting replay's time is the one.
    void aSecondReplayIsTheAcceptanceTime()
    {
        OnboardingState s = passedUpTo(5);
        allChecksGreen(s);
        s.workspace = aTeam();
        s.firstRun.run.state = QStringLiteral("passed");
        s.firstRun.released = true;
        s.firstRun.ranBy = QStringLiteral("zhangmin");
        s.firstRun.curve = {{1, 5.0}, {2, 4.0}};
        QJsonObject record{{"member", "chenjie"},
                           {"reproduced", true},
                           {"items", 30},
                           {"passed", 30},
                           {"at", QStringLiteral("2026-12-02T14:15:19.102Z")},
                           {"firstRun", curveDigest(s.firstRun.curve)}};
        QVERIFY(acceptFirstRunByReplay(s, record));
        const QDateTime first(QDate(2026, 12, 2), QTime(14, 15, 19, 102), Qt::UTC);
        QCOMPARE(s.gate(GateId::FirstRun).acceptedAt, first);
        record["at"] = QStringLiteral("2026-12-03T08:00:00.000Z");
        QVERIFY(acceptFirstRunByReplay(s, record));
        const QDateTime second(QDate(2026, 12, 3), QTime(8, 0), Qt::UTC);
        const GateRecord &g = s.gate(GateId::FirstRun);
        QCOMPARE(g.status, GateStatus::Passed);
        QCOMPARE(g.acceptedAt, second);
        QCOMPARE(replayTimeOf(s.firstRun.replay), second);
        const QString evidence = g.evidence.toString();
        QVERIFY2(evidence.contains(readableTime(second)), qPrintable(evidence));
        QVERIFY2(!evidence.contains(readableTime(first)), qPrintable(evidence));
    }

    // #17 walk 16 (item 13b): "Replayed by dan … 36 of 36 items passed" while three items were
    // not compared. Gate 6's evidence counts them apart.
    void gateSixsEvidenceSaysItemsNotComparedApart()
    {
        OnboardingState s = passedUpTo(5);
        allChecksGreen(s);
        s.workspace = aTeam();
        s.firstRun.run.state = QStringLiteral("passed");
        s.firstRun.released = true;
        s.firstRun.ranBy = QStringLiteral("zhangmin");
        s.firstRun.curve = {{1, 5.0}, {2, 4.0}};
        const QJsonObject record{{"member", "chenjie"},
                                 {"reproduced", true},
                                 {"items", 36},
                                 {"passed", 33},
                                 {"notCompared", 3},
                                 {"at", QStringLiteral("2026-12-02T14:15:19.102Z")},
                                 {"firstRun", curveDigest(s.firstRun.curve)}};
        QVERIFY(acceptFirstRunByReplay(s, record));
        const QString evidence = s.gate(GateId::FirstRun).evidence.toString();
        QVERIFY2(evidence.contains(QStringLiteral("33 passed, 3 not compared")) &&
                     !evidence.contains(QStringLiteral("of 36")),
                 qPrintable(evidence));
    }

    // #17 walk 16 (item 19): "Replay as" asked for an account and accepted the name "Dan
    // Zhou"; a second replay as "dan" then replaced the acceptor "Dan Zhou" silently, as if
    // someone else. Either is accepted, and the member is named as the workspace names them,
    // account and name, however typed. Before a replay, what it would do is said: who could
    // replay while nobody is named, that it would accept gate 6, and that gate 6 is already
    // accepted (by whom, when) and a new replay takes that one's place.
    void aReplayerIsNamedAsTheWorkspaceNamesThem()
    {
        OnboardingState s = passedUpTo(5);
        allChecksGreen(s);
        s.workspace = aTeam();
        s.workspace.members.append({"Dan Zhou", "dan", Role::Developer, {}, 0});
        s.firstRun.run.state = QStringLiteral("passed");
        s.firstRun.released = true;
        s.firstRun.ranBy = QStringLiteral("zhangmin");
        s.firstRun.curve = {{1, 5.0}, {2, 4.0}};
        QCOMPARE(replayerName(s.workspace, QStringLiteral("Dan Zhou")),
                 QStringLiteral("dan (Dan Zhou)"));
        QCOMPARE(replayerName(s.workspace, QStringLiteral(" dan ")),
                 QStringLiteral("dan (Dan Zhou)"));
        QCOMPARE(replayerName(s.workspace, QStringLiteral("nobody")), QStringLiteral("nobody"));

        const QString unnamed = replayForecast(s, QString()).toString();
        QVERIFY2(unnamed.contains(QStringLiteral("Who could replay: liwei, chenjie, dan.")),
                 qPrintable(unnamed));
        const QString before = replayForecast(s, QStringLiteral("Dan Zhou")).toString();
        QVERIFY2(
            before.contains(QStringLiteral(
                "would accept it if it reproduces the first run: dan (Dan Zhou) took no part")) &&
                !before.contains(QStringLiteral("already accepted")),
            qPrintable(before));
        QVERIFY(replayForecast(s, QStringLiteral("zhangmin"))
                    .toString()
                    .contains(QStringLiteral("took part")));

        QJsonObject record{{"member", "Dan Zhou"},
                           {"reproduced", true},
                           {"items", 2},
                           {"passed", 2},
                           {"notCompared", 0},
                           {"at", QStringLiteral("2026-12-02T14:15:19.102Z")},
                           {"firstRun", curveDigest(s.firstRun.curve)}};
        QVERIFY(acceptFirstRunByReplay(s, record));
        const QString byName = s.gate(GateId::FirstRun).acceptedBy.toString();
        QVERIFY2(byName.startsWith(QStringLiteral("dan (Dan Zhou),")), qPrintable(byName));
        QVERIFY2(s.gate(GateId::FirstRun)
                     .evidence.toString()
                     .contains(QStringLiteral("Replayed by dan (Dan Zhou) on")),
                 qPrintable(s.gate(GateId::FirstRun).evidence.toString()));

        // Accepted now: a replay as "dan" is told so before it runs, by whom and when.
        const QString again = replayForecast(s, QStringLiteral("dan")).toString();
        const QDateTime first(QDate(2026, 12, 2), QTime(14, 15, 19, 102), Qt::UTC);
        QVERIFY2(
            again.contains(QStringLiteral("Gate 6 is already accepted: dan (Dan Zhou)'s "
                                          "replay of %1")
                               .arg(Text::time(first).toString())) &&
                again.contains(QStringLiteral("takes its place")) &&
                again.contains(QStringLiteral(
                    "would accept it if it reproduces the first run: dan (Dan Zhou) took no part")),
            qPrintable(again));
        QVERIFY2(
            replayForecast(s, QString()).toString().contains(QStringLiteral("Who could replay")),
            qPrintable(replayForecast(s, QString()).toString()));
        // Walk 17: one who took part is told only that, not that their replay would take
        // the accepted one's place (it never runs).
        const QString involved = replayForecast(s, QStringLiteral("zhangmin")).toString();
        QVERIFY2(involved.contains(QStringLiteral("took part")) &&
                     involved.contains(QStringLiteral("already accepted")) &&
                     !involved.contains(QStringLiteral("takes its place")),
                 qPrintable(involved));

        record["member"] = QStringLiteral("dan");
        record["at"] = QStringLiteral("2026-12-03T08:00:00.000Z");
        QVERIFY(acceptFirstRunByReplay(s, record));
        QCOMPARE(s.gate(GateId::FirstRun).acceptedBy.toString(), byName);
    }

    // #17 walk (item 15a): gate 5, in progress, "cannot start yet": it had started. What it
    // waits for is passing.
    void anEntryConditionSaysWhatTheGateWaitsFor()
    {
        OnboardingState s = passedUpTo(3);
        s.gate(GateId::Resources).status = GateStatus::InProgress;
        QVERIFY(checkEntry(s, GateId::Environment).reason.toString().contains("cannot start yet"));
        s.gate(GateId::Environment).status = GateStatus::InProgress;
        const QString reason = checkEntry(s, GateId::Environment).reason.toString();
        QVERIFY2(!reason.contains(QStringLiteral("start")), qPrintable(reason));
        QVERIFY2(reason.contains(QStringLiteral("cannot pass while gate 4")), qPrintable(reason));
        QVERIFY2(reason.contains(QStringLiteral("gate 4")), qPrintable(reason));
    }

    // Input the rules cannot read is a blocking finding that names the field, not an empty list.
    void unreadableInputIsAFindingOfItsField()
    {
        OnboardingState s;
        s.quota.cardsPerRun = 0;
        Findings f = gateFindings(s, GateId::Quota, kNow.date());
        QCOMPARE(f.size(), 1);
        QCOMPARE(f[0].code, QStringLiteral("quota.incomplete"));
        QVERIFY(f[0].isBlocking());
        QCOMPARE(f[0].field, QStringLiteral("cardsPerRun"));
        const QString incomplete = f[0].message.toString();
        QVERIFY2(!incomplete.isEmpty() && !incomplete.contains(QLatin1String("cardsPerRun")),
                 qPrintable(incomplete));
        // A sentence of its own (#17 walk: "cards per run must be at least 1").
        QVERIFY2(incomplete.front().isUpper(), qPrintable(incomplete));

        s.resources.choice.setup.microBatch = 0;
        f = gateFindings(s, GateId::Resources, kNow.date());
        const auto invalid = std::find_if(f.begin(), f.end(), [](const Finding &x) {
            return x.code == QLatin1String("setup.invalid");
        });
        QVERIFY2(invalid != f.end(), qPrintable(blockingMessage(f).toString()));
        QVERIFY(invalid->isBlocking());
        QVERIFY(!invalid->field.isEmpty());
        // A sentence of its own too (#17 walk F20: it read "micro-batch: must be at least 1").
        const QString setup = invalid->message.toString();
        QVERIFY2(setup.front().isUpper() && setup.contains(QStringLiteral("micro-batch")),
                 qPrintable(setup));
    }

    // #17 walk F20: the count and the sentence agree in number ("1 blocking finding; resolve
    // them" read wrong), and only blocking findings count.
    void blockingMessageAgreesInNumber()
    {
        Language language;
        QVERIFY(language.apply(QStringLiteral("en")));
        const auto finding = [](const char *code, Finding::Severity severity, const char *says) {
            return Finding{QLatin1String(code), severity, QStringLiteral("members"),
                           Text::literal(QLatin1String(says))};
        };
        const Finding first = finding("a.first", Finding::Severity::Blocking, "Name an admin.");
        const Finding second = finding("a.second", Finding::Severity::Blocking, "Fix the share.");
        const Finding warning = finding("a.warning", Finding::Severity::Warning, "Keep it small.");

        const Text one = blockingMessage({warning, first, warning});
        QCOMPARE(one.toString(), QStringLiteral("This gate still has 1 blocking finding to resolve "
                                                "first: Name an admin."));
        QCOMPARE(one.inEnglish(), one.toString());
        const Text two = blockingMessage({first, warning, second});
        QCOMPARE(two.toString(), QStringLiteral("This gate still has 2 blocking findings to "
                                                "resolve first: Name an admin."));
        QCOMPARE(two.inEnglish(), two.toString());
        QVERIFY(blockingMessage({warning}).isEmpty());
    }

    void requiredFieldsForEachStatus()
    {
        OnboardingState s;
        QVERIFY(!setGateStatus(s, GateId::Account, GateStatus::Waiting, kNow).has_value());
        s.gate(GateId::Account).waitingFor = Text::literal(QStringLiteral("the review"));
        QVERIFY(setGateStatus(s, GateId::Account, GateStatus::Waiting, kNow).has_value());
        QCOMPARE(s.gate(GateId::Account).waitingSince, kNow);
        QVERIFY(!setGateStatus(s, GateId::Account, GateStatus::Rejected, kNow).has_value());
        s.gate(GateId::Account).rejectionReason = Text::literal(QStringLiteral("no licence"));
        QVERIFY(setGateStatus(s, GateId::Account, GateStatus::Rejected, kNow).has_value());
        QVERIFY(s.gate(GateId::Account).waitingFor.isEmpty());
    }

    // #17: gate 2 was recorded passed while its page read "Not reviewed yet: every member is
    // new". Its acceptor is the team lead, whose review of the role matrix is the sign-off:
    // whoever asks (the status recorder, a provider's acceptance, the ledger itself), it passes
    // only once the matrix as it stands has been reviewed.
    void gateTwoNeedsTheTeamLeadsReview_data()
    {
        QTest::addColumn<int>("change");
        QTest::newRow("never reviewed") << 0;
        QTest::newRow("a member added since") << 1;
        QTest::newRow("a member removed since") << 2;
        QTest::newRow("a role changed since") << 3;
        QTest::newRow("a permission changed since") << 4;
        // What a member may spend or touch is signed off as much as the role (a walk changed
        // a share after the review and it still read "current").
        QTest::newRow("a share changed since") << 5;
        QTest::newRow("a member's projects changed since") << 6;
    }

    void gateTwoNeedsTheTeamLeadsReview()
    {
        QFETCH(int, change);
        const bool reviewedBefore = change != 0;
        StateStore store({});
        store.setState(gateTwoButForTheReview());
        WorkspaceForm workspace(&store);
        GateForm form(&store, GateId::Workspace);
        form.setClock([] { return kNow; });
        if (reviewedBefore) {
            QVERIFY(workspace.markReviewed(QStringLiteral("Li Wei")).has_value());
            QVERIFY(acceptanceMissing(store.state(), GateId::Workspace).isEmpty());
            // Each one a change that breaks no rule of gate 2's.
            workspace.update([&](WorkspaceData &w) {
                if (change == 1)
                    w.members.append({"Wang Fang", "wangfang", Role::Developer, {}, 0});
                else if (change == 2)
                    w.members.removeAt(2);
                else if (change == 3)
                    w.members[2].role = Role::Admin;
                else if (change == 5) // all of it (a warning): shares add up to 100 or 0
                    w.members[2].sharePercent = 100;
                else if (change == 6)
                    w.members[2].projects = QStringList{QStringLiteral("llm-pretrain")};
                else
                    w.matrix.set(Role::Developer, Action::ReadOthersData, true);
            });
        }
        // Nothing else holds it: no blocking finding, evidence and acceptor written.
        QVERIFY2(blockingMessage(gateFindings(store.state(), GateId::Workspace, kNow.date()))
                     .isEmpty(),
                 qPrintable(
                     blockingMessage(gateFindings(store.state(), GateId::Workspace, kNow.date()))
                         .toString()));
        const QString missing = acceptanceMissing(store.state(), GateId::Workspace).toString();
        // Words a newcomer can act on: who, and which button.
        QVERIFY2(missing.contains(QStringLiteral("team lead")) &&
                     missing.contains(QStringLiteral("“Mark reviewed”")),
                 qPrintable(missing));
        if (reviewedBefore) {
            // The review it refers to, and how much changed since.
            QVERIFY2(missing.contains(QStringLiteral("Li Wei")) &&
                         missing.contains(
                             readableTime(store.state().workspace.lastReview.reviewedAt)) &&
                         // What changed, by name, not a count (#17 walk).
                         !missing.contains(QStringLiteral("1 change")) &&
                         (missing.contains(QStringLiteral("Wang Fang")) ||
                          missing.contains(QStringLiteral("Chen Jie")) ||
                          missing.contains(QStringLiteral("Developer role may now"))),
                     qPrintable(missing));
        }

        // The ledger refuses it with that reason...
        OnboardingState ledger = store.state();
        const auto refused = setGateStatus(ledger, GateId::Workspace, GateStatus::Passed, kNow);
        QVERIFY(!refused.has_value());
        QCOMPARE(refused.error().message, missing);
        // ...so does the status recorder, before and when Record is pressed...
        form.setTargetStatus(GateStatus::Passed);
        QVERIFY(!form.canRecord());
        QCOMPARE(form.acceptanceMissing(), missing);
        const auto recorded = form.recordStatus();
        QVERIFY(!recorded.has_value());
        QCOMPARE(recorded.error().message, missing);
        // ...and a provider's acceptance is held back by it.
        OnboardingState provider = store.state();
        QVERIFY(!acceptFromProvider(provider, GateId::Workspace, kNow));
        QCOMPARE(provider.gate(GateId::Workspace).heldBack.toString(), missing);
        QCOMPARE(store.state().gate(GateId::Workspace).status, GateStatus::NotStarted);

        // The team lead reviews the matrix as it stands: it passes, with them as acceptor.
        QVERIFY(workspace.markReviewed(QStringLiteral("Li Wei")).has_value());
        QVERIFY2(acceptanceMissing(store.state(), GateId::Workspace).isEmpty(),
                 qPrintable(acceptanceMissing(store.state(), GateId::Workspace).toString()));
        QVERIFY(form.canRecord());
        QVERIFY(form.recordStatus().has_value());
        QCOMPARE(store.state().gate(GateId::Workspace).status, GateStatus::Passed);
        QCOMPARE(store.state().gate(GateId::Workspace).acceptedBy.toString(),
                 QStringLiteral("Li Wei"));
        // The review's line joins the evidence already written; it replaces nothing.
        QVERIFY2(store.state().gate(GateId::Workspace).evidence.toString().startsWith(
                     QStringLiteral("Job j-1 succeeded; 403 seen\n")),
                 qPrintable(store.state().gate(GateId::Workspace).evidence.toString()));
    }

    // A gate held back by a rule passes once nothing holds it (GateForm): for gate 2, the
    // review made after the acceptance is what lets it pass, with nothing more to press.
    void aHeldBackGateTwoPassesOnceReviewed()
    {
        StateStore store({});
        store.setState(gateTwoButForTheReview());
        WorkspaceForm workspace(&store);
        GateForm form(&store, GateId::Workspace);
        form.setClock([] { return kNow; });
        store.update([](OnboardingState &st) {
            QVERIFY(!acceptFromProvider(st, GateId::Workspace, kNow));
        });
        QCOMPARE(store.state().gate(GateId::Workspace).status, GateStatus::InProgress);
        QCOMPARE(store.state().gate(GateId::Workspace).heldBack,
                 roleReviewMissing(store.state()));
        QVERIFY(workspace.markReviewed(QStringLiteral("Li Wei")).has_value());
        const GateRecord &g = store.state().gate(GateId::Workspace);
        QVERIFY2(g.status == GateStatus::Passed, qPrintable(GateForm::describe(g)));
        QVERIFY(g.heldBack.isEmpty());
        QCOMPARE(g.acceptedBy.toString(), QStringLiteral("Li Wei"));
    }

    // ---- one fact, one field ----

    void workspaceCreatedIsTheProvidersAnswer()
    {
        StateStore store({});
        WorkspaceForm form(&store);
        QVERIFY(form.create(QStringLiteral("nlp-team")).has_value());
        QVERIFY(form.attachQuota({"a100-80g", "cn-north", "cn-north-1a"}).has_value());
        // The form plans; only the provider's answer says "created" / "attached".
        QVERIFY(!store.state().workspace.created);
        QVERIFY(!store.state().workspace.quotaAttached);
        QVERIFY(form.addMember({"li", "Li", Role::Admin, {}, 0}).has_value());

        // The provider's part of the saved state has no copy of the fact.
        const QJsonObject link = store.state().provider.toJson();
        QVERIFY(!link.contains(QStringLiteral("workspaceCreated")));
        QVERIFY(!link.contains(QStringLiteral("quotaAttached")));
    }

    void aSchemaOneFileTakesTheProvidersWord()
    {
        // Schema 1 kept the fact twice: the form said created (a plan), the provider not.
        OnboardingState s;
        s.workspace.workspaceName = QStringLiteral("nlp-team");
        s.workspace.created = true;
        s.workspace.quotaAttached = true;
        QJsonObject v1 = s.toJson();
        v1[QStringLiteral("schemaVersion")] = 1;
        QJsonObject link = v1.value(QStringLiteral("provider")).toObject();
        link[QStringLiteral("workspaceCreated")] = false;
        link[QStringLiteral("quotaAttached")] = true;
        v1[QStringLiteral("provider")] = link;
        auto migrated = migrateToCurrent(v1);
        QVERIFY(migrated.has_value());
        QCOMPARE(migrated->value(QStringLiteral("schemaVersion")).toInt(),
                 OnboardingState::kSchemaVersion);
        QVERIFY(!migrated->value(QStringLiteral("provider")).toObject().contains(
            QStringLiteral("workspaceCreated")));
        auto back = OnboardingState::fromJson(*migrated);
        QVERIFY(back.has_value());
        QVERIFY(!back->workspace.created);
        QVERIFY(back->workspace.quotaAttached);
        QCOMPARE(back->workspace.workspaceName, QStringLiteral("nlp-team"));
    }

    // ---- one unit for a card's memory ----

    // #17 walk 6: the first run started on 12-03, the quota was granted from 12-10, and no gate
    // said so. Gate 4's instance and gate 6's first run are checked against the granted period:
    // a warning of their gate that names both dates, before it starts or after it ends.
    void instanceAndFirstRunAreCheckedAgainstTheGrant_data()
    {
        QTest::addColumn<QDate>("day");
        QTest::addColumn<QString>("when"); // "" inside the period
        QTest::newRow("a week before") << QDate(2026, 12, 3) << "before";
        QTest::newRow("the day before") << QDate(2026, 12, 9) << "before";
        QTest::newRow("its first day") << QDate(2026, 12, 10) << "";
        QTest::newRow("its last day") << QDate(2026, 12, 11) << "";
        QTest::newRow("after it") << QDate(2026, 12, 12) << "after";
    }

    void instanceAndFirstRunAreCheckedAgainstTheGrant()
    {
        QFETCH(QDate, day);
        QFETCH(QString, when);
        OnboardingState s = passedUpTo(3);
        s.quota.cardsPerRun = 8;
        s.quota.hoursPerRound = 12;
        s.quota.rounds = 16;
        s.quota.start = QDate(2026, 12, 10);
        s.quota.end = QDate(2027, 12, 31);
        s.provider.quotaApplication.state = QStringLiteral("approved");
        s.provider.quotaSent = {QStringLiteral("first"), QDate(2026, 12, 10),
                                QDate(2026, 12, 11), 116};
        const QTime noon(12, 0);
        s.provider.instanceCreatedAt = QDateTime(day, noon).toUTC();
        s.firstRun.run.state = QStringLiteral("passed");
        s.firstRun.seconds = 600;
        s.firstRun.run.at = QDateTime(day, noon).toUTC().addSecs(600);
        for (const auto &[gate, code] : {std::pair{GateId::Resources, "grant.instance_outside"},
                                         std::pair{GateId::FirstRun, "grant.first_run_outside"}}) {
            const Findings f = gateFindings(s, gate, day);
            const auto found = std::find_if(f.begin(), f.end(), [&](const Finding &x) {
                return x.code == QLatin1String(code);
            });
            QCOMPARE(found != f.end(), !when.isEmpty());
            if (found == f.end())
                continue;
            const QString text = found->message.toString();
            QVERIFY(!found->isBlocking()); // what ran has run; the next run goes inside
            QVERIFY2(text.contains(day.toString(Qt::ISODate)), qPrintable(text));
            QVERIFY2(text.contains(QStringLiteral("from 2026-12-10 to 2026-12-11")), qPrintable(text));
            QVERIFY2(text.contains(when), qPrintable(text));
            QVERIFY2(text.contains(QStringLiteral("inside the granted period")), qPrintable(text));
            // Gate 3's page shows it too, where the period is set.
            QVERIFY(grantFindings(s, gate).size() == 1);
        }
        // Nothing is granted while the application waits, or was never sent.
        s.provider.quotaApplication.state = QStringLiteral("pending");
        QVERIFY(grantFindings(s, GateId::Resources).isEmpty());
        QVERIFY(grantFindings(s, GateId::FirstRun).isEmpty());
        // A state saved before the application sent was kept: the plan's first application.
        s.provider.quotaApplication.state = QStringLiteral("approved");
        s.provider.quotaSent = {};
        QCOMPARE(quotaGranted(s).from, QDate(2026, 12, 10));
        QCOMPARE(grantFindings(s, GateId::FirstRun).isEmpty(),
                 day >= quotaGranted(s).from && day <= quotaGranted(s).to);
    }

    // #17 walk 18: "Create the instance" created one three months before the grant's period,
    // and only gate 4's finding said so afterwards, as "granted from 2027-03-01 to 2027-03-01"
    // for a plan of peaks in March and September. One rule says it before (the button) and
    // after (the finding), naming the first application's day and the follow-ups' days.
    void anInstanceBeforeTheGrantIsSaidBeforeItIsCreated()
    {
        OnboardingState s = passedUpTo(3);
        s.quota.cardsPerRun = 8;
        s.quota.hoursPerRound = 12;
        s.quota.rounds = 16;
        s.quota.retryMargin = 0.2;
        s.quota.start = QDate(2027, 1, 1);
        s.quota.end = QDate(2027, 12, 31);
        s.quota.peaks = {{QDate(2027, 3, 1), 5, 8}, {QDate(2027, 9, 1), 4, 8}};
        const QuotaPlan plan = planQuota(s.quota, quotaContext(s));
        QCOMPARE(plan.first.from, QDate(2027, 3, 1));
        QCOMPARE(plan.first.to, QDate(2027, 3, 1)); // one round of 14.4 h: one day
        QVERIFY(!plan.followUps.isEmpty());
        s.provider.quotaApplication.state = QStringLiteral("approved");
        s.provider.quotaSent = plan.first;
        s.resources.choice.instance = QStringLiteral("gpu.a100-80g.8");
        const QDate today(2026, 12, 4);

        // Before: the button's rule names the start, what to do, and the follow-ups.
        const InstanceCreation before = instanceCreation(s, today);
        QVERIFY(before.allowed); // it asks first; the pool's check allowance may still serve
        const QString said = before.outsideGrant;
        QVERIFY2(said.contains(QStringLiteral("starts on 2027-03-01")), qPrintable(said));
        QVERIFY2(said.contains(QStringLiteral("Wait until 2027-03-01")), qPrintable(said));
        QVERIFY2(said.contains(QStringLiteral("ask the provider to move the period")),
                 qPrintable(said));
        QVERIFY2(said.contains(QStringLiteral("on 2027-03-01 only")), qPrintable(said));
        QVERIFY2(!said.contains(QStringLiteral("from 2027-03-01 to 2027-03-01")), qPrintable(said));
        for (const QuotaApplication &a : plan.followUps)
            QVERIFY2(said.contains(a.from.toString(Qt::ISODate)), qPrintable(said));
        QCOMPARE(instanceToCreateInGrant(s, today).size(), 1);
        // Inside the period nothing is asked; after it, the end is named.
        QVERIFY(instanceCreation(s, QDate(2027, 3, 1)).outsideGrant.isEmpty());
        const QString late = instanceCreation(s, QDate(2027, 3, 2)).outsideGrant;
        QVERIFY2(late.contains(QStringLiteral("ended on 2027-03-01")), qPrintable(late));
        // Nothing granted: nothing to say.
        OnboardingState pending = s;
        pending.provider.quotaApplication.state = QStringLiteral("pending");
        QVERIFY(instanceCreation(pending, today).outsideGrant.isEmpty());

        // After: created anyway, gate 4's finding is the same rule, in the past tense.
        s.provider.instanceId = QStringLiteral("i-1");
        s.provider.instanceState = QStringLiteral("running");
        s.provider.instanceCreatedAt = QDateTime(today, QTime(12, 0)).toUTC();
        QVERIFY(instanceCreation(s, today).outsideGrant.isEmpty()); // the button is off
        const Findings after = grantFindings(s, GateId::Resources);
        QCOMPARE(after.size(), 1);
        const QString text = after.first().message.toString();
        QVERIFY2(text.contains(QStringLiteral("created on 2026-12-04, before gate 3's granted "
                                              "period starts on 2027-03-01")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("on 2027-03-01 only")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("from 2027-03-01 to 2027-03-01")), qPrintable(text));
        for (const QuotaApplication &a : plan.followUps)
            QVERIFY2(text.contains(a.from.toString(Qt::ISODate) + QStringLiteral(" to ") +
                                   a.to.toString(Qt::ISODate)),
                     qPrintable(text));
    }

    // Walk 19 (findings 9, 18): after gate 4's "Use these cards and hours" the derivation was
    // 1,306 card-hours, first 66, but the justification shown (and sent again) was the one sent
    // before: 288 / 15, in Chinese on the English page; "Regenerate" did nothing. A
    // justification the user never edited is generated from the derivation as it is now, sent
    // or not; the user's own text stays, and one that no longer states the numbers is flagged,
    // naming them; a text typed after sending is still flagged as not sent.
    void theJustificationFollowsTheDerivationUnlessTheUsersOwn()
    {
        OnboardingState s = passedUpTo(2);
        s.quota.cardsPerRun = 8;
        s.quota.hoursPerRound = 12;
        s.quota.rounds = 4;
        s.quota.start = QDate(2027, 1, 1);
        s.quota.end = QDate(2027, 3, 31);
        const QString generated = quotaJustificationText(s);
        QVERIFY(!generated.isEmpty());
        QCOMPARE(quotaGeneratedJustification(s), generated);
        s.provider.quotaApplication.state = QStringLiteral("approved");
        s.provider.quotaSentJustification = QStringLiteral("我们申请……共 288 卡时……先申请 15 卡时");
        const auto codesOf = [](const Findings &f) {
            QStringList out;
            for (const Finding &x : f)
                out << x.code;
            return out;
        };
        // Never edited: the text follows the numbers (and the language), not the one sent.
        s.quota.rounds = 8;
        const QuotaPlan plan = planQuota(s.quota, quotaContext(s));
        const QString now = quotaJustificationText(s);
        QVERIFY(now != generated && now != s.provider.quotaSentJustification);
        QVERIFY2(now.contains(QLocale().toString(qint64(plan.cardHours))), qPrintable(now));
        QCOMPARE(now, quotaGeneratedJustification(s));
        QVERIFY(quotaJustificationMismatch(s).isEmpty());
        QVERIFY(!codesOf(gateFindings(s, GateId::Quota, kNow.date()))
                     .contains("quota.justification_stale"));

        // The user's own text with the numbers it was written for, then the numbers change.
        s.quota.justification = generated;
        s.quota.rounds = 4;
        QVERIFY(quotaJustificationMismatch(s).isEmpty());
        s.quota.rounds = 8;
        QCOMPARE(quotaJustificationText(s), generated); // never rewritten
        const QString why = quotaJustificationMismatch(s).toString();
        const QString total = QLocale().toString(qint64(plan.cardHours));
        QVERIFY2(why.contains(QStringLiteral("it does not state the %1 card-hours derived").arg(total)),
                 qPrintable(why));
        QVERIFY2(why.contains(QStringLiteral("Regenerate from the numbers")), qPrintable(why));
        QVERIFY(codesOf(gateFindings(s, GateId::Quota, kNow.date()))
                    .contains("quota.justification_stale"));
        // Neither number: both named.
        s.quota.justification = QStringLiteral("We need some cards for a while.");
        const QString neither = quotaJustificationMismatch(s).toString();
        QVERIFY2(neither.contains(total) &&
                     neither.contains(QLocale().toString(qint64(plan.first.cardHours))),
                 qPrintable(neither));
        // Corrected by hand: no finding.
        s.quota.justification = QStringLiteral("We apply for %1 card-hours, first %2.")
                                    .arg(qint64(plan.cardHours))
                                    .arg(qint64(plan.first.cardHours));
        QVERIFY2(quotaJustificationMismatch(s).isEmpty(),
                 qPrintable(quotaJustificationMismatch(s).toString()));
        // Typed after an application was sent with another text: not sent.
        QVERIFY(codesOf(gateFindings(s, GateId::Quota, kNow.date()))
                    .contains("quota.justification_not_sent"));
        // "Regenerate": generated again, nothing flagged.
        s.quota.justification.clear();
        QCOMPARE(quotaJustificationText(s), quotaGeneratedJustification(s));
        const QStringList codes = codesOf(gateFindings(s, GateId::Quota, kNow.date()));
        QVERIFY(!codes.contains("quota.justification_not_sent") &&
                !codes.contains("quota.justification_stale"));
    }

    // Walk 17: gate 4's "Use these cards and hours" rewrote an approved gate 3, which stayed
    // passed on a grant that no longer covered its first application. A smaller first
    // application inside the granted period stands; a larger one, or one outside it, does not.
    void aGrantTheDerivationOutgrewNoLongerStands()
    {
        OnboardingState s = passedUpTo(2);
        s.quota.cardsPerRun = 8;
        s.quota.hoursPerRound = 12;
        s.quota.rounds = 4;
        s.quota.retryMargin = 0.2;
        s.quota.start = QDate(2027, 1, 4);
        s.quota.end = QDate(2027, 3, 26);
        const QuotaApplication first = planQuota(s.quota, quotaContext(s)).first;
        QVERIFY(first.cardHours > 0);
        s.provider.quotaApplication.state = QStringLiteral("approved");
        s.provider.quotaSent = first;
        QVERIFY2(acceptanceMissing(s, GateId::Quota).isEmpty(),
                 qPrintable(acceptanceMissing(s, GateId::Quota).toString()));
        s.quota.hoursPerRound = 6; // smaller: the grant still covers it
        QVERIFY2(acceptanceMissing(s, GateId::Quota).isEmpty(),
                 qPrintable(acceptanceMissing(s, GateId::Quota).toString()));
        s.quota.hoursPerRound = 24; // larger than granted
        const QString why = acceptanceMissing(s, GateId::Quota).toString();
        QVERIFY2(why.contains(QStringLiteral("changed after the quota was granted")) &&
                     why.contains(QString::number(qRound(first.cardHours))) &&
                     why.contains(QStringLiteral("Apply for quota")),
                 qPrintable(why));
        // And the ledger refuses to record it passed on that grant.
        QVERIFY(!statusRefusal(s, GateId::Quota, GateStatus::Passed, kNow.date()).isEmpty());
        s.quota.hoursPerRound = 12; // put back: it stands again
        QVERIFY(acceptanceMissing(s, GateId::Quota).isEmpty());
    }

    // #17: the demo's gate 3 said "waiting" for the provider's review while the provider (a
    // fresh sandbox) had no application of it: the page said "not sent". A gate of the demo
    // waits for a review only when the provider holds one it sent.
    void theDemoWaitsOnlyForReviewsItSent()
    {
        const OnboardingState s = savedDemoState();
        QVERIFY(s.gate(GateId::Quota).status != GateStatus::Waiting ||
                s.provider.quotaApplication.sent());
        QVERIFY(s.gate(GateId::Account).status != GateStatus::Waiting ||
                s.provider.qualification.sent());
    }

    void cardMemoryHasOneUnit()
    {
        const auto a100 = findCard(QStringLiteral("a100-80g"));
        QVERIFY(a100.has_value());
        // "80GB" on the nameplate is 81,920 MiB, what nvidia-smi shows and what the probe is
        // given as its limit (ONRAMP_CARD_MEMORY_MB, sandbox and Slurm alike).
        QCOMPARE(a100->memory.gib, 80.0);
        QCOMPARE(a100->memory.mib(), qint64(81920));
        QCOMPARE(a100->memory.bytes(), qint64(80) * 1024 * 1024 * 1024);
        // The estimator's verdict measures against the same bytes: a setup that needs just
        // under the card's bytes fits, just over does not.
        for (const CardSpec &c : cardCatalog())
            QCOMPARE(double(c.memory.bytes()), c.memory.gib * 1024 * 1024 * 1024);
    }
};

QTEST_GUILESS_MAIN(TestGateLedger)
#include "tst_gateledger.moc"
