// Gates 5 and 6 against the real sandbox: the four readiness checks and the first run as real
// onramp-probe jobs, the wrap-up, and a planted failure of each of the guides' six kinds
// recognised by the triage from what the provider and the job said.
#include "DemoState.h"
#include "GateDefinition.h"
#include "HangWatch.h"
#include "JobReader.h"
#include "AwaitAnswer.h"
#include "GateLedger.h"
#include "LogTail.h"
#include "OnboardingState.h"
#include "ProbeEvents.h"
#include "ProviderSession.h"
#include "RunSpec.h"
#include "SandboxFaults.h"
#include "SandboxServer.h"
#include "Replay.h"
#include "Transport.h"
#include "Triage.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QTimer>
#include "ReadinessChecks.h"

#include <QtTest>

#include <curl/curl.h>

using namespace onramp;

class TestRuns : public QObject
{
    Q_OBJECT

    std::unique_ptr<SandboxServer> m_server;
    std::unique_ptr<Transport> m_transport;
    OnboardingState m_state;

    ProviderProfile profile() const
    {
        ProviderProfile p;
        p.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:%1").arg(m_server->port()));
        p.accessKeyId = m_server->credentials().accessKeyId;
        return p;
    }

    std::unique_ptr<ProviderSession> session(OnboardingState &state)
    {
        auto s = std::make_unique<ProviderSession>(
            providerFor(m_transport.get(), profile(), m_server->credentials().secret), state);
        s->setPollIntervalMs(40);
        return s;
    }

    static std::expected<void, ProviderError>
    run(ProviderSession &s, void (ProviderSession::*op)(ProviderSession::Done), int ms = 60000)
    {
        return run(s, [&](ProviderSession::Done d) { (s.*op)(std::move(d)); }, ms);
    }
    static std::expected<void, ProviderError>
    run(ProviderSession &, const std::function<void(ProviderSession::Done)> &op, int ms = 60000)
    {
        return awaitAnswer<std::expected<void, ProviderError>>(op, ms);
    }

    // One call as `member`, waited for.
    ProviderResult call(const QString &member, const QByteArray &method, const QString &path,
                        const QJsonObject &body = {})
    {
        ProviderClient client(m_transport.get(), profile(), m_server->credentials().secret);
        client.setMember(member);
        std::optional<ProviderResult> got;
        client.request(method, path, body, method == "POST" ? newIdempotencyKey() : QByteArray(),
                       this, [&](const ProviderResult &r) { got = r; });
        QElapsedTimer t;
        t.start();
        while (!got && t.elapsed() < 20000)
            QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
        if (!got)
            return std::unexpected(ProviderError{});
        return *got;
    }

    QString ws() const { return m_state.workspace.workspaceName; }

    // Submits a job as the developer and, unless it should stay queued, waits for its end;
    // returns the job with its log.
    QJsonObject job(const QJsonObject &body, bool waitForEnd = true)
    {
        auto submitted = call(QStringLiteral("zhangmin"), "POST",
                              QStringLiteral("/v1/workspaces/%1/jobs").arg(ws()), body);
        if (!submitted)
            qFatal("submit: %s %s", qPrintable(submitted.error().message),
                   qPrintable(submitted.error().details));
        const QString id = submitted->value("id").toString();
        QJsonObject j = *submitted;
        QElapsedTimer t;
        t.start();
        while (waitForEnd && !isFinalJobState(j.value("state").toString()) && t.elapsed() < 30000) {
            QTest::qWait(50);
            j = *call(QStringLiteral("zhangmin"), "GET", QStringLiteral("/v1/jobs/") + id);
        }
        if (!waitForEnd)
            j = *call(QStringLiteral("zhangmin"), "GET", QStringLiteral("/v1/jobs/") + id);
        const auto log = call(QStringLiteral("zhangmin"), "GET",
                              QStringLiteral("/v1/jobs/%1/logs?limit=1048576").arg(id));
        j["log"] = log ? log->value("text").toString() : QString();
        return j;
    }

    QJsonObject probe(const QString &entry, const QStringList &args, const QJsonObject &params = {})
    {
        return job({{"instanceId", m_state.provider.instanceId},
                    {"parameters", params},
                    {"launch", QJsonObject{{"mode", "builtin"},
                                           {"entry", entry},
                                           {"args", QJsonArray::fromStringList(args)}}}});
    }

    static Diagnosis diagnose(const QJsonObject &j)
    {
        return triage(JobObservation::fromJob(j, j.value("log").toString()));
    }

#define WALK(session, op)                                                                          \
    do {                                                                                           \
        const auto r = TestRuns::run(session, &ProviderSession::op);                                       \
        QVERIFY2(r, qPrintable(r ? QString() : r.error().message + " | " + r.error().details));    \
    } while (false)

private slots:
    void initTestCase() { curl_global_init(CURL_GLOBAL_DEFAULT); }
    void cleanupTestCase() { curl_global_cleanup(); }
    void init()
    {
        m_server = std::make_unique<SandboxServer>();
        m_server->setProbeProgram(QStringLiteral(ONRAMP_PROBE));
        m_server->setReviewDelaySeconds(0);
        QVERIFY(m_server->start(QHostAddress::LocalHost, 0, QString()));
        m_transport = std::make_unique<Transport>();
        m_state = demoState();
        auto s = session(m_state);
        WALK(*s, walkGatesOneToFour);
        QVERIFY(!m_state.provider.instanceId.isEmpty());
        QCOMPARE(m_state.provider.instanceState, QStringLiteral("running"));
        const QString refused = acceptGatesOneToFour(m_state);
        QVERIFY2(refused.isEmpty(), qPrintable(refused));
    }
    void cleanup()
    {
        m_transport.reset();
        m_server.reset();
    }

    void readinessFirstRunAndWrapUp()
    {
        auto s = session(m_state);
        LogTail tail(50, 4096);
        QSet<QString> checksWithNews;
        QMap<QString, QByteArray> logs; // job id → its log as the news brought it
        s->onJobNews = [&](const ProviderSession::JobNews &n) {
            checksWithNews.insert(n.check);
            if (!n.bytes.isEmpty())
                tail.append(n.offset, n.bytes);
            logs[n.job.value("id").toString()] += n.bytes;
        };
        WALK(*s, runReadinessChecks);
        for (const QString &name : EnvironmentGateData::checkNames()) {
            const CheckResult r = m_state.environment.checks.value(name);
            QVERIFY2(r.passed(), qPrintable(name + ": " + r.evidence.toString() + " / " +
                                            r.diagnosis.toString()));
            QVERIFY(!r.jobId.isEmpty());
        }
        QVERIFY(m_state.environment.ready());
        QVERIFY2(m_state.gate(GateId::Environment).status == GateStatus::Passed,
                 qPrintable(m_state.gate(GateId::Environment).heldBack.toString()));
        // #17 walk item 8: the acceptor its definition names, and the member whose jobs ran
        // the checks (it read "The four readiness checks, run as zhangmin").
        {
            const QString acceptor = m_state.gate(GateId::Environment).acceptedBy.toString();
            QVERIFY2(acceptor.startsWith(gateDefinition(GateId::Environment).acceptorText()) &&
                         acceptor.contains(checkJobMember(m_state.workspace)),
                     qPrintable(acceptor));
        }
        QVERIFY(m_state.environment.checks.value("checkpoint")
                    .evidence.toString()
                    .contains("interrupted at step"));
        // The sandbox has no cards: the GPU check says so as the sandbox's exemption, against
        // the 8 that gate 4's instance type promises, never as "0 GPU(s)" that pass.
        const QString env = m_state.environment.checks.value("environment").evidence.toString();
        QVERIFY2(env.contains("no GPU, exempt as the sandbox") && env.contains("promises 8"),
                 qPrintable(env));
        QVERIFY(!m_state.environment.fingerprint.value("os").toString().isEmpty());
        // Live news came for every check, and the log tail holds probe lines.
        for (const QString &name : EnvironmentGateData::checkNames())
            QVERIFY2(checksWithNews.contains(name), qPrintable(name));
        QVERIFY(!tail.lines().empty());
        QVERIFY(tail.lines().back().startsWith(u'{'));

        WALK(*s, runFirstRun);
        // The log pane reads every line the probe and the trainer wrote as words: no event is
        // left as raw JSON.
        QVERIFY(logs.size() >= 6);
        for (const QByteArray &log : std::as_const(logs))
            for (const QString &line : QString::fromUtf8(log).split(u'\n', Qt::SkipEmptyParts))
                QVERIFY2(!readableLogLine(line).startsWith(u'{'), qPrintable(line));
        const FirstRunGateData &run = m_state.firstRun;
        QVERIFY2(run.run.passed(),
                 qPrintable(run.run.evidence.toString() + " / " + run.run.diagnosis.toString()));
        QCOMPARE(run.points.size(), 5);
        for (bool p : run.points)
            QVERIFY(p);
        // Every logged step is kept: the spec's loss curve is the whole run.
        QVERIFY(run.steps >= 60);
        QCOMPARE(run.curve.size(), qsizetype(run.steps));
        QCOMPARE(run.curve.last().first, run.steps);
        QVERIFY(run.lastLoss < run.firstLoss);
        QVERIFY(run.seconds > 0);
        // The monitor's reader shows the job and the end of its log, never more than asked.
        {
            std::optional<std::expected<JobTail, ProviderError>> tail;
            readJobTail(s->provider(), CallContext{this, s->jobMember(), {}}, run.run.jobId, 1024,
                        [&](const std::expected<JobTail, ProviderError> &t) { tail = t; });
            QTRY_VERIFY_WITH_TIMEOUT(tail.has_value(), 15000);
            QVERIFY2(tail->has_value(), qPrintable(tail->has_value() ? QString()
                                                                     : tail->error().message));
            QCOMPARE((*tail)->job.value("id").toString(), run.run.jobId);
            QVERIFY(!(*tail)->bytes.isEmpty() && (*tail)->bytes.size() <= 1024);
            QVERIFY((*tail)->offset > 0); // the log is longer than 1 KiB: only its end came
        }
        QVERIFY(!run.trainer.isEmpty());
        QVERIFY(run.manifest.value("sha256").toString().startsWith("sha256:"));
        const RunSpec spec = runSpecFromState(m_state);
        QCOMPARE(spec.loss.steps, run.steps);
        QCOMPARE(spec.loss.curve, run.curve);
        QVERIFY(spec.code.sha256.startsWith("sha256:"));
        QCOMPARE(spec.storage.data, QStringLiteral("/mnt/data/sample"));
        QCOMPARE(spec.fingerprint.value("os"), m_state.environment.fingerprint.value("os"));
        // What the run recorded imports again as the same spec (a handoff file).
        const auto reread = parseRunSpec(QJsonDocument(spec.toJson()).toJson());
        QVERIFY2(reread, qPrintable(reread ? QString() : reread.error().message));
        QCOMPARE(reread->fingerprintId(), spec.fingerprintId());

        WALK(*s, wrapUp);
        QVERIFY(m_state.firstRun.released);
        QCOMPARE(m_state.provider.instanceState, QStringLiteral("released"));
        QVERIFY(m_state.firstRun.archived.size() >= 3); // checkpoints, metrics, spec
        QVERIFY(m_state.firstRun.archived.first().startsWith(ws() + "/first-run-"));
        // Checkpoints in step order as people count (step-20 before step-100), per folder.
        QMap<QString, QList<int>> steps;
        static const QRegularExpression stepRe(QStringLiteral("^(.*)step-0*(\\d+)"));
        for (const QString &a : m_state.firstRun.archived)
            if (const auto m = stepRe.match(a); m.hasMatch())
                steps[m.captured(1)] << m.captured(2).toInt();
        QVERIFY(!steps.isEmpty());
        for (const QList<int> &folder : std::as_const(steps))
            QVERIFY2(std::is_sorted(folder.begin(), folder.end()),
                     qPrintable(m_state.firstRun.archived.join(u' ')));
        // The operator's wrap-up does not pass gate 6: a colleague's replay does.
        QVERIFY(m_state.gate(GateId::FirstRun).status != GateStatus::Passed);
        QVERIFY(!firstRunAcceptanceMissing(m_state).isEmpty());
        {
            Replay replay(runSpecFromState(m_state), QStringLiteral("chenjie")); // took no part
            replay.useProvider(profile(), m_server->credentials().secret);
            std::optional<ReplayOutcome> outcome;
            replay.start([&](const ReplayOutcome &o) { outcome = o; });
            QTRY_VERIFY_WITH_TIMEOUT(outcome.has_value(), 240000);
            QVERIFY2(outcome->reproduced(),
                     qPrintable(outcome->failedFields().join(u' ')));
            // The same replay in the operator's name is not an acceptance.
            QJsonObject own = outcome->toRecord();
            own["member"] = m_state.firstRun.ranBy;
            OnboardingState operatorOnly = m_state;
            QVERIFY(!acceptFirstRunByReplay(operatorOnly, own));
            QVERIFY(operatorOnly.gate(GateId::FirstRun).status != GateStatus::Passed);
            // Nor is a replay that did not reproduce it.
            QJsonObject failed = outcome->toRecord();
            failed["reproduced"] = false;
            OnboardingState notReproduced = m_state;
            QVERIFY(!acceptFirstRunByReplay(notReproduced, failed));
            // The colleague's is.
            QVERIFY(acceptFirstRunByReplay(m_state, outcome->toRecord()));
        }
        QCOMPARE(m_state.gate(GateId::FirstRun).status, GateStatus::Passed);
        QVERIFY(m_state.gate(GateId::FirstRun).acceptedBy.toString().startsWith("chenjie"));
        QCOMPARE(m_state.firstRun.replay.value("member").toString(), QStringLiteral("chenjie"));

        // All of it survives a restart.
        const auto again = OnboardingState::fromJson(
            QJsonDocument::fromJson(QJsonDocument(m_state.toJson()).toJson()).object());
        QVERIFY(again);
        QCOMPARE(again->environment, m_state.environment);
        QCOMPARE(again->firstRun, m_state.firstRun);
    }

    // Gate 6's first run survives one injected preemption (the sandbox's fault plan, as
    // `serve --faults` reads it): the job is preempted at step 30, submitted again after the
    // policy's backoff, resumes from its newest checkpoint, and the run's curve is the
    // uninterrupted run's, step for step (the trainer is deterministic on CPU).
    void resumesAfterAPreemption()
    {
        m_state.firstRun.recovery.backoffSeconds = 0.5;
        auto s = session(m_state);
        WALK(*s, runFirstRun);
        QVERIFY2(m_state.firstRun.run.passed(),
                 qPrintable(m_state.firstRun.run.evidence.toString()));
        QCOMPARE(m_state.firstRun.attempts.size(), 1);
        QVERIFY(m_state.firstRun.attempts.first().cause.isEmpty());
        const QList<std::pair<int, double>> uninterrupted = m_state.firstRun.curve;
        const int steps = m_state.firstRun.steps;
        QVERIFY(steps > 30);

        const auto plan = parseFaultPlan(R"({"preempt": {"atStep": 30, "job": "first-run"}})");
        QVERIFY2(plan, qPrintable(plan ? QString() : plan.error()));
        m_server->faults() = *plan;
        QStringList said;
        s->onProgress = [&](const QString &text) { said << text; };
        WALK(*s, runFirstRun);
        const FirstRunGateData &run = m_state.firstRun;
        QVERIFY2(run.run.passed(),
                 qPrintable(run.run.evidence.toString() + " / " + run.run.diagnosis.toString()));
        QCOMPARE(m_server->faults().preemptTimes, 0);
        // Two jobs, the first preempted with the provider's reason, the second resumed where
        // the first saved.
        QCOMPARE(run.attempts.size(), 2);
        const RunAttempt &first = run.attempts[0], &second = run.attempts[1];
        QCOMPARE(first.state, QStringLiteral("interrupted"));
        QCOMPARE(first.cause, QStringLiteral("preempted"));
        QVERIFY2(first.reason.contains("preempted at step"), qPrintable(first.reason));
        QVERIFY(first.lastStep >= 30 && first.lastStep < steps);
        QCOMPARE(first.resumedFrom, 0);
        QCOMPARE(second.state, QStringLiteral("succeeded"));
        QVERIFY(second.cause.isEmpty());
        QVERIFY2(second.resumedFrom > 0 && second.resumedFrom <= first.lastStep,
                 qPrintable(second.text()));
        QCOMPARE(second.lastStep, steps);
        QVERIFY(first.jobId != second.jobId);
        QCOMPARE(run.run.jobId, second.jobId);
        QVERIFY(first.text().contains("preempted"));
        // The line counts the step the job logged last, and leaves the provider's own words
        // (English, with its own count) to the tooltip.
        QVERIFY2(first.text().contains(QStringLiteral("last step logged %1").arg(first.lastStep)),
                 qPrintable(first.text()));
        QVERIFY2(!first.text().contains(first.reason), qPrintable(first.text()));
        QVERIFY(std::any_of(said.begin(), said.end(),
                            [](const QString &t) { return t.contains("restart 1 of 2"); }));
        // Steps and loss continue: one curve, each step once, equal to the uninterrupted run's.
        QCOMPARE(run.steps, steps);
        QCOMPARE(run.curve.size(), qsizetype(steps));
        QCOMPARE(run.curve, uninterrupted);
        QCOMPARE(run.firstLoss, uninterrupted.first().second);
        QCOMPARE(run.lastLoss, uninterrupted.last().second);
        QVERIFY(run.run.evidence.toString().contains("resumed itself 1 time"));
        // The spec records the policy and the whole curve.
        const RunSpec spec = runSpecFromState(m_state);
        QCOMPARE(spec.loss.curve, uninterrupted);
        QCOMPARE(spec.recovery, m_state.firstRun.recovery);
        const auto reread = parseRunSpec(QJsonDocument(spec.toJson()).toJson());
        QVERIFY2(reread, qPrintable(reread ? QString() : reread.error().message));
        QCOMPARE(reread->recovery, spec.recovery);
        // The attempts survive a restart.
        const auto again = OnboardingState::fromJson(
            QJsonDocument::fromJson(QJsonDocument(m_state.toJson()).toJson()).object());
        QVERIFY2(again, qPrintable(again ? QString() : again.error().message));
        QCOMPARE(again->firstRun.attempts, run.attempts);
        QCOMPARE(again->firstRun, m_state.firstRun);
    }

    // Without a policy the same preemption ends the first run: nothing is retried that the
    // spec does not ask for.
    void withoutARecoveryPolicyAPreemptionEndsTheRun()
    {
        m_state.firstRun.recovery = {};
        m_server->faults() = *parseFaultPlan(R"({"preempt": {"atStep": 10, "job": "first-run"}})");
        auto s = session(m_state);
        WALK(*s, runFirstRun);
        const FirstRunGateData &run = m_state.firstRun;
        QVERIFY(!run.run.passed());
        QCOMPARE(run.attempts.size(), 1);
        QCOMPARE(run.attempts.first().cause, QStringLiteral("preempted"));
        QCOMPARE(run.attempts.first().state, QStringLiteral("interrupted"));
        QVERIFY(!runSpecFromState(m_state).toJson().contains("recovery"));
    }

    // A small dataset uploaded in checksummed chunks; cut off in the middle of a file (a
    // cancel, then a restart from the saved state), it resumes from the chunks that arrived.
    void aDatasetUploadsAndResumes()
    {
        QTemporaryDir local;
        QVERIFY(QDir(local.path()).mkpath("sub"));
        QMap<QString, QByteArray> files{{"a.txt", "0123456789"},
                                        {"sub/b.bin", QByteArray(2 * 1024 * 1024 + 4321, Qt::Uninitialized)},
                                        {"c.bin", QByteArray(1024 * 1024, 'c')}};
        QRandomGenerator rng(3);
        for (char &c : files["sub/b.bin"])
            c = char(rng.generate());
        for (auto it = files.begin(); it != files.end(); ++it) {
            QFile f(local.filePath(it.key()));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(it.value());
        }
        auto s = session(m_state);
        bool cut = false;
        s->onProgress = [&](const QString &text) {
            if (!cut && text.contains("sub/b.bin") && text.contains("chunk 2")) {
                cut = true;
                QTimer::singleShot(0, s.get(), [&] { s->cancel(); });
            }
        };
        auto r = TestRuns::run(*s, [&](ProviderSession::Done d) { s->uploadDataset(local.path(), d); });
        QVERIFY(!r);
        QVERIFY(r.error().cancelled);
        QVERIFY(m_state.provider.uploadIds.contains("sub/b.bin"));
        // A restart: only the saved state survives.
        m_state = *OnboardingState::fromJson(
            QJsonDocument::fromJson(QJsonDocument(m_state.toJson()).toJson()).object());
        s = session(m_state);
        r = TestRuns::run(*s, [&](ProviderSession::Done d) { s->uploadDataset(local.path(), d); });
        QVERIFY2(r, qPrintable(r ? QString() : r.error().message + " | " + r.error().details));
        QVERIFY(m_state.provider.uploadIds.isEmpty());
        QCOMPARE(m_state.provider.uploaded.size(), 3);
        const QString data =
            probe("fingerprint", {}).value("paths").toObject().value("data").toString();
        for (auto it = files.begin(); it != files.end(); ++it) {
            QFile f(QDir(data).filePath(it.key()));
            QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(it.key()));
            QCOMPARE(f.readAll(), it.value());
        }
        // The data check reads what was uploaded.
        const QJsonObject check = probe("data", {});
        QVERIFY(check.value("log").toString().contains("\"files\":"));
    }

    // ---- The six failures, planted for real ---------------------------------------------

    void queuedForQuotaStockOrPermission()
    {
        // Quota: a workspace with no quota attached holds its jobs.
        // (as the account owner, who creates workspaces)
        QVERIFY(call({}, "POST", "/v1/workspaces", {{"name", "no-quota"}}));
        // A sliver of quota, used up by one short job.
        const auto attached = call({}, "PUT", "/v1/workspaces/no-quota/quota",
                                   {{"cardHours", 1e-6}, {"zone", m_state.workspace.pool.zone}});
        QVERIFY2(attached, qPrintable(attached ? QString() : attached.error().details));
        const auto added = call({}, "POST", "/v1/workspaces/no-quota/members",
                                {{"account", "zhangmin"}, {"role", "developer"}});
        QVERIFY2(added, qPrintable(added ? QString() : added.error().details));
        const QString instanceType = m_state.resources.choice.instance;
        const QJsonObject body{{"instanceType", instanceType},
                               {"launch", QJsonObject{{"mode", "builtin"}, {"entry", "fingerprint"}}}};
        const auto first = call("zhangmin", "POST", "/v1/workspaces/no-quota/jobs", body);
        QVERIFY(first);
        for (int i = 0; i < 200; ++i) {
            const auto j = call("zhangmin", "GET", "/v1/jobs/" + first->value("id").toString());
            if (j && isFinalJobState(j->value("state").toString()))
                break;
            QTest::qWait(20);
        }
        auto held = call("zhangmin", "POST", "/v1/workspaces/no-quota/jobs",
                         {{"instanceType", instanceType},
                          {"launch", QJsonObject{{"mode", "builtin"}, {"entry", "environment"}}}});
        QVERIFY2(held, qPrintable(held ? QString() : held.error().details));
        Diagnosis d = triage(JobObservation::fromJob(*held, {}));
        QCOMPARE(held->value("state").toString(), QStringLiteral("queued"));
        QCOMPARE(d.kind, FailureKind::QueuedForever);
        QCOMPARE(d.queue, QueueCause::Quota);

        // Stock: the zone has no free cards of the type.
        m_server->faults().stockOut = true;
        const QJsonObject waiting =
            job({{"instanceType", instanceType},
                 {"launch", QJsonObject{{"mode", "builtin"}, {"entry", "environment"}}}},
                false);
        QCOMPARE(waiting.value("state").toString(), QStringLiteral("queued"));
        d = diagnose(waiting);
        QCOMPARE(d.kind, FailureKind::QueuedForever);
        QCOMPARE(d.queue, QueueCause::Stock);

        // Permission: the observer's submission is refused, with the role and the action.
        auto refused = call("zhaolei", "POST", QStringLiteral("/v1/workspaces/%1/jobs").arg(ws()),
                            {{"instanceId", m_state.provider.instanceId},
                             {"launch", QJsonObject{{"mode", "builtin"}, {"entry", "environment"}}}});
        QVERIFY(!refused);
        QCOMPARE(refused.error().code, ProviderErrorCode::Forbidden);
        d = triage(JobObservation::refused(QStringLiteral("forbidden"), refused.error().message));
        QCOMPARE(d.kind, FailureKind::QueuedForever);
        QCOMPARE(d.queue, QueueCause::Permission);
    }

    // While a job waits for its instance, the wait is explained with the first thing to do and
    // when it should start: the job ahead's time limit. It starts once the instance is free.
    void aQueueWaitIsExplainedWithItsExpectedStart()
    {
        const QString instance = m_state.provider.instanceId;
        const auto submit = [&](const QJsonObject &body) {
            const auto r = call(QStringLiteral("zhangmin"), "POST",
                                QStringLiteral("/v1/workspaces/%1/jobs").arg(ws()), body);
            return r ? *r : QJsonObject{{"error", r.error().details}};
        };
        const QJsonObject ahead = submit(
            {{"instanceId", instance},
             {"timeLimitMinutes", 30},
             {"launch", QJsonObject{{"mode", "builtin"},
                                    {"entry", "metrics"},
                                    {"args", QJsonArray{"--steps", "100000", "--step-ms", "20"}}}}});
        QCOMPARE(ahead.value("state").toString(), QStringLiteral("running"));
        const QJsonObject next =
            submit({{"instanceId", instance},
                    {"launch", QJsonObject{{"mode", "builtin"}, {"entry", "fingerprint"}}}});
        QCOMPARE(next.value("state").toString(), QStringLiteral("queued"));
        QCOMPARE(next.value("reason").toObject().value("code").toString(),
                 QStringLiteral("InstanceBusy"));
        // A job that holds none of the cards (gate 5's CPU checks) starts beside it; one that
        // asks for more cards than the instance has, or a fraction, is refused by field.
        const QJsonObject beside =
            submit({{"instanceId", instance},
                    {"cards", 0},
                    {"launch", QJsonObject{{"mode", "builtin"}, {"entry", "fingerprint"}}}});
        QVERIFY2(beside.value("state").toString() != QLatin1String("queued"),
                 qPrintable(QJsonDocument(beside).toJson(QJsonDocument::Compact)));
        QCOMPARE(beside.value("cards").toInt(-1), 0);
        for (const QJsonValue cards : {QJsonValue(ahead.value("cards").toInt() + 1),
                                       QJsonValue(0.5), QJsonValue(-1), QJsonValue("all")}) {
            const auto refused = call(QStringLiteral("zhangmin"), "POST",
                                      QStringLiteral("/v1/workspaces/%1/jobs").arg(ws()),
                                      {{"instanceId", instance},
                                       {"cards", cards},
                                       {"launch", QJsonObject{{"mode", "builtin"},
                                                              {"entry", "fingerprint"}}}});
            QVERIFY(!refused);
            QCOMPARE(refused.error().field, QStringLiteral("$.cards"));
        }
        const JobObservation seen = JobObservation::fromJob(next, {});
        QCOMPARE(seen.expectedStart,
                 QDateTime::fromString(ahead.value("startedAt").toString(), Qt::ISODateWithMs)
                     .addSecs(30 * 60));
        const QueueWait w = explainWait(seen);
        QCOMPARE(w.cause, QueueCause::Priority);
        QVERIFY(!w.stuck);
        QVERIFY2(w.expected.toString().contains("time limit"), qPrintable(w.expected.toString()));
        QVERIFY(w.evidence.contains(ahead.value("id").toString()));
        QCOMPARE(triage(seen).kind, FailureKind::None);
        // The instance is free again: the waiting job starts when next looked at.
        QVERIFY(call(QStringLiteral("zhangmin"), "POST",
                     QStringLiteral("/v1/jobs/%1:cancel").arg(ahead.value("id").toString())));
        QJsonObject now;
        for (int i = 0; i < 200 && now.value("state").toString() != QLatin1String("running") &&
                        !isFinalJobState(now.value("state").toString());
             ++i) {
            QTest::qWait(20);
            now = *call(QStringLiteral("zhangmin"), "GET",
                        QStringLiteral("/v1/jobs/") + next.value("id").toString());
        }
        QVERIFY2(now.value("state").toString() != QLatin1String("queued"),
                 qPrintable(QJsonDocument(now).toJson(QJsonDocument::Compact)));
        QVERIFY(!now.contains("expectedStart"));
    }

    // The same wait through the session the pages drive: its progress says why the readiness
    // check's job waits, what to do first and when it should start; once the instance is
    // free, the checks go on.
    void theSessionSaysWhyItsJobWaits()
    {
        const auto ahead = call(
            QStringLiteral("zhangmin"), "POST", QStringLiteral("/v1/workspaces/%1/jobs").arg(ws()),
            {{"instanceId", m_state.provider.instanceId},
             {"timeLimitMinutes", 20},
             {"launch", QJsonObject{{"mode", "builtin"},
                                    {"entry", "metrics"},
                                    {"args", QJsonArray{"--steps", "100000", "--step-ms", "20"}}}}});
        QVERIFY(ahead);
        QCOMPARE(ahead->value("state").toString(), QStringLiteral("running"));
        auto s = session(m_state);
        QStringList said;
        s->onProgress = [&](const QString &text) {
            said << text;
            if (text.startsWith(QLatin1String("Queued")))
                QTimer::singleShot(0, this, [&] {
                    call(QStringLiteral("zhangmin"), "POST",
                         QStringLiteral("/v1/jobs/%1:cancel").arg(ahead->value("id").toString()));
                });
        };
        WALK(*s, runReadinessChecks);
        const QStringList queued = said.filter(QStringLiteral("Queued"));
        QVERIFY2(!queued.isEmpty(), qPrintable(said.join(u'\n')));
        QVERIFY2(queued.first().contains("Waiting its turn") && queued.first().contains("First:") &&
                     queued.first().contains("time limit"),
                 qPrintable(queued.first()));
        QVERIFY(m_state.environment.checks.value("environment").passed());
    }

    void aJobEndsAtItsTimeLimit()
    {
        const QJsonObject j =
            job({{"instanceId", m_state.provider.instanceId},
                 {"timeLimitMinutes", 0.02}, // 1.2 s
                 {"launch", QJsonObject{{"mode", "builtin"},
                                        {"entry", "metrics"},
                                        {"args", QJsonArray{"--steps", "100000", "--step-ms", "20"}}}}});
        QCOMPARE(j.value("state").toString(), QStringLiteral("failed"));
        QCOMPARE(j.value("reason").toObject().value("code").toString(), QStringLiteral("TimeLimit"));
        QVERIFY(!call(QStringLiteral("zhangmin"), "POST",
                      QStringLiteral("/v1/workspaces/%1/jobs").arg(ws()),
                      {{"instanceId", m_state.provider.instanceId},
                       {"timeLimitMinutes", -1},
                       {"launch", QJsonObject{{"mode", "builtin"}, {"entry", "fingerprint"}}}}));
    }

    // A real job that stops stepping while it runs (the probe hangs on purpose after step 20,
    // alive and silent, as a stuck collective does): the triage calls it hung once no step came
    // for ten median steps (here at least 1 s), and not before.
    void aHangIsSeenWhileTheJobRuns()
    {
        const auto submitted = call(
            QStringLiteral("zhangmin"), "POST", QStringLiteral("/v1/workspaces/%1/jobs").arg(ws()),
            {{"instanceId", m_state.provider.instanceId},
             {"launch", QJsonObject{{"mode", "builtin"},
                                    {"entry", "metrics"},
                                    {"args", QJsonArray{"--steps", "1000", "--step-ms", "10",
                                                        "--hang-at-step", "20"}}}}});
        QVERIFY(submitted);
        const QString id = submitted->value("id").toString();
        const auto read = [&] {
            QJsonObject j = *call(QStringLiteral("zhangmin"), "GET", QStringLiteral("/v1/jobs/") + id);
            j["log"] = call(QStringLiteral("zhangmin"), "GET",
                            QStringLiteral("/v1/jobs/%1/logs?limit=1048576").arg(id))
                           ->value("text")
                           .toString();
            return j;
        };
        // Watched as the monitor watches: the time since the newest step arrived.
        const HangWatch w = watchForHang(read, 20, 1, 20, 10000);
        checkHungAfter(w, 20);
        QVERIFY(call(QStringLiteral("zhangmin"), "POST", QStringLiteral("/v1/jobs/%1:cancel").arg(id)));
    }

    void exitsAtStart()
    {
        const QJsonObject j = job({{"instanceId", m_state.provider.instanceId},
                                   {"launch", QJsonObject{{"mode", "file"},
                                                          {"entry", "scripts/train.sh"}}}});
        QCOMPARE(j.value("state").toString(), QStringLiteral("failed"));
        const Diagnosis d = diagnose(j);
        QCOMPARE(d.kind, FailureKind::ExitsAtStart);
        QVERIFY2(d.evidence.contains("train.sh"), qPrintable(d.evidence));
    }

    void cannotReadData()
    {
        // An upload cut short: the manifest says 4096 bytes, the file has 10.
        const QString data = m_state.provider.instanceId.isEmpty()
                                 ? QString()
                                 : probe("fingerprint", {})
                                       .value("paths")
                                       .toObject()
                                       .value("data")
                                       .toString();
        QVERIFY(!data.isEmpty());
        QFile part(QDir(data).filePath("part-0001.bin"));
        QVERIFY(part.open(QIODevice::WriteOnly));
        part.write("0123456789");
        part.close();
        QFile manifest(QDir(data).filePath("manifest.json"));
        QVERIFY(manifest.open(QIODevice::WriteOnly));
        manifest.write(R"({"files": [{"path": "part-0001.bin", "size": 4096}]})");
        manifest.close();
        const QJsonObject j = probe("data", {});
        QCOMPARE(j.value("state").toString(), QStringLiteral("failed"));
        const Diagnosis d = diagnose(j);
        QCOMPARE(d.kind, FailureKind::CannotReadData);
        QVERIFY2(d.evidence.contains("part-0001.bin"), qPrintable(d.evidence));
    }

    void outOfMemory()
    {
        // A working set larger than the instance's card (the sandbox's cards have the catalog's
        // memory; the probe holds its working set within it as an allocator would).
        const QJsonObject j = probe("checkpoint", {"--steps", "20", "--memory-mb", "4000000"});
        QCOMPARE(j.value("state").toString(), QStringLiteral("failed"));
        const Diagnosis d = diagnose(j);
        QCOMPARE(d.kind, FailureKind::OutOfMemory);
        QVERIFY2(d.evidence.contains("out_of_memory"), qPrintable(d.evidence));
        // Within the card's memory, the same job runs.
        const QJsonObject fits = probe("checkpoint", {"--steps", "20", "--every", "5", "--memory-mb", "16"});
        QCOMPARE(fits.value("state").toString(), QStringLiteral("succeeded"));
        QCOMPARE(diagnose(fits).kind, FailureKind::None);
    }

    void extremelySlow()
    {
        // Gate 4's plan expects 5 ms a step; every step of this job waits 40 ms more.
        const QJsonObject j = probe("metrics", {"--steps", "20", "--step-ms", "40"},
                                    {{"expectedStepSeconds", 0.005}});
        QCOMPARE(j.value("state").toString(), QStringLiteral("succeeded"));
        const Diagnosis d = diagnose(j);
        QCOMPARE(d.kind, FailureKind::ExtremelySlow);
        // Durations as a person reads them: "40 ms, 8.1 times the plan's 5 ms".
        QVERIFY2(d.cause.toString().contains("plan's 5 ms"), qPrintable(d.cause.toString()));
        // The same job against a plan that expects it is fine.
        const QJsonObject planned = probe("metrics", {"--steps", "20", "--step-ms", "40"},
                                          {{"expectedStepSeconds", 0.04}});
        QCOMPARE(diagnose(planned).kind, FailureKind::None);
    }

    void cannotResume()
    {
        const QJsonObject first =
            probe("checkpoint", {"--steps", "20", "--every", "5", "--tag", "resume-test"});
        QCOMPARE(first.value("state").toString(), QStringLiteral("succeeded"));
        // Every checkpoint cut short, as a crash in the middle of each save would leave it (with
        // one that still loads, the probe resumes from that one instead).
        QStringList saved;
        for (const QString &line : first.value("log").toString().split(u'\n')) {
            const QJsonObject e = QJsonDocument::fromJson(line.toUtf8()).object();
            if (e.value("event").toString() == QLatin1String("checkpoint"))
                saved << e.value("path").toString();
        }
        QVERIFY(!saved.isEmpty());
        for (const QString &path : saved) {
            QVERIFY(QFile::exists(path));
            QVERIFY(QFile::resize(path, 7));
        }
        const QJsonObject second =
            probe("checkpoint", {"--steps", "40", "--every", "5", "--tag", "resume-test"});
        QCOMPARE(second.value("state").toString(), QStringLiteral("failed"));
        const Diagnosis d = diagnose(second);
        QCOMPARE(d.kind, FailureKind::CannotResume);
        QVERIFY2(d.evidence.contains("resume_failed"), qPrintable(d.evidence));
    }

    void aFailedCheckCarriesItsDiagnosis()
    {
        // The checkpoint folder cannot be written: the check fails, and says why.
        m_state.firstRun = {};
        auto s = session(m_state);
        const QString data =
            probe("fingerprint", {}).value("paths").toObject().value("data").toString();
        QFile manifest(QDir(data).filePath("manifest.json"));
        QVERIFY(manifest.open(QIODevice::WriteOnly));
        manifest.write(R"({"files": [{"path": "missing.bin", "size": 10}]})");
        manifest.close();
        WALK(*s, runReadinessChecks);
        const CheckResult r = m_state.environment.checks.value("data");
        QCOMPARE(r.state, QStringLiteral("failed"));
        QCOMPARE(r.failureKind, QStringLiteral("cannot-read-data"));
        QVERIFY(!r.diagnosis.isEmpty());
        QCOMPARE(m_state.gate(GateId::Environment).status, GateStatus::Rejected);
        // The check by its title, not its key.
        QVERIFY2(m_state.gate(GateId::Environment)
                     .rejectionReason.toString()
                     .contains(findReadinessCheck(u"data")->titleText()),
                 qPrintable(m_state.gate(GateId::Environment).rejectionReason.toString()));
    }
};

QTEST_GUILESS_MAIN(TestRuns)
#include "tst_runs.moc"
