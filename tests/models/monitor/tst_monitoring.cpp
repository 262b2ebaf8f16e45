// The monitoring helpers of gates 5 and 6, without a provider: downsampling for the live charts,
// the bounded log tail, the triage's rules (including Slurm's queued reasons and the frameworks'
// log lines) and the monitoring coach.
#include "Downsample.h"
#include "Duration.h"
#include "Language.h"
#include "LogTail.h"
#include "MonitoringCoach.h"
#include "ProbeEvents.h"
#include "RunGates.h"
#include "Triage.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace onramp;

namespace {

std::vector<QPointF> noisyLoss(int n, quint32 seed = 1)
{
    QRandomGenerator rng(seed);
    std::vector<QPointF> p;
    p.reserve(n);
    for (int i = 0; i < n; ++i)
        p.emplace_back(i, 3.0 * std::exp(-i / double(n / 4 + 1)) + rng.bounded(0.1));
    return p;
}

JobObservation failedWith(const QStringList &log, int exitCode = 1)
{
    JobObservation j;
    j.state = QStringLiteral("failed");
    j.exitCode = exitCode;
    j.logLines = log;
    return j;
}

QJsonObject stepEvent(int step, double seconds)
{
    return {{"event", "step"}, {"step", step}, {"loss", 1.0}, {"step_seconds", seconds}};
}

} // namespace

class TestMonitoring : public QObject
{
    Q_OBJECT

private slots:
    // ---- Downsampling ----------------------------------------------------------------------

    void lttbKeepsEndsOrderAndCount()
    {
        const auto p = noisyLoss(100000);
        const QList<QPointF> d = downsampleLttb(p, 1000);
        QCOMPARE(d.size(), 1000);
        QCOMPARE(d.first(), p.front());
        QCOMPARE(d.last(), p.back());
        for (qsizetype i = 1; i < d.size(); ++i)
            QVERIFY(d[i].x() > d[i - 1].x());
        // Short series pass through untouched.
        QCOMPARE(downsampleLttb(std::span(p).first(50), 1000).size(), 50);
    }

    void lttbKeepsASpike()
    {
        auto p = noisyLoss(50000);
        p[31234].setY(100); // a loss blow-up one step wide
        const QList<QPointF> d = downsampleLttb(p, 500);
        QVERIFY(std::any_of(d.begin(), d.end(), [](const QPointF &q) { return q.y() == 100; }));
    }

    void minMaxKeepsEveryExtremeOfEachBucket()
    {
        auto p = noisyLoss(200000, 7);
        p[123456].setY(-5);
        p[7].setY(50);
        const QList<QPointF> d = downsampleMinMax(p, 800);
        QVERIFY(d.size() <= 2 * 800 + 2);
        QVERIFY(d.size() > 800);
        QCOMPARE(d.first(), p.front());
        QCOMPARE(d.last(), p.back());
        for (qsizetype i = 1; i < d.size(); ++i)
            QVERIFY(d[i].x() > d[i - 1].x());
        const auto has = [&](double y) {
            return std::any_of(d.begin(), d.end(), [y](const QPointF &q) { return q.y() == y; });
        };
        QVERIFY(has(-5));
        QVERIFY(has(50));
        // The global range survives.
        const auto [lo, hi] = std::minmax_element(p.begin(), p.end(), [](auto a, auto b) {
            return a.y() < b.y();
        });
        QVERIFY(has(lo->y()));
        QVERIFY(has(hi->y()));
    }

    // ---- Log tail ----------------------------------------------------------------------------

    void logTailKeepsTheLastLinesAcrossChunks()
    {
        LogTail tail(3, 4096);
        tail.append(0, "one\ntw");
        QCOMPARE(tail.lines().size(), size_t(1));
        QCOMPARE(tail.partialLine(), QStringLiteral("tw"));
        tail.append(6, "o\r\nthree\nfour\nfi");
        QCOMPARE(tail.lines().size(), size_t(3));
        QCOMPARE(tail.lines().front(), QStringLiteral("two"));
        QCOMPARE(tail.lines().back(), QStringLiteral("four"));
        QCOMPARE(tail.takeNewLines(), (QStringList{"two", "three", "four"}));
        QVERIFY(tail.takeNewLines().isEmpty());
        QCOMPARE(tail.offset(), qint64(22));
        // Overlapping reads add only what is new.
        tail.append(20, "fi");
        QCOMPARE(tail.offset(), qint64(22));
        tail.append(18, "r\nfive\n"); // bytes 18–21 again, then new ones
        QCOMPARE(tail.lines().back(), QStringLiteral("five"));
        QCOMPARE(tail.lines().size(), size_t(3));
        QCOMPARE(tail.offset(), qint64(25));
    }

    void logTailSkipsToTheEndOfAHugeLog()
    {
        LogTail tail(100, 8192);
        // A 5 GB log seen for the first time: read only the last window.
        const qint64 size = 5LL * 1024 * 1024 * 1024;
        const qint64 at = tail.nextOffset(size);
        QCOMPARE(at, size - 8192);
        tail.append(at, "half a line\nwhole line\n");
        QCOMPARE(tail.skippedBytes(), at);
        QCOMPARE(tail.lines().size(), size_t(1)); // never half a line first
        QCOMPARE(tail.lines().front(), QStringLiteral("whole line"));
        QCOMPARE(tail.nextOffset(at + 23), at + 23);
    }

    void fileTailReadsOnlyTheEnd()
    {
        QTemporaryDir dir;
        QFile f(dir.filePath("log"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        for (int i = 0; i < 100000; ++i)
            f.write(QStringLiteral("line %1\n").arg(i).toUtf8());
        f.write("last without newline");
        f.close();
        const auto tail = readFileTail(f.fileName(), 1000);
        QVERIFY(tail);
        QCOMPARE(tail->size(), 1000);
        QCOMPARE(tail->last(), QStringLiteral("last without newline"));
        QCOMPARE(tail->first(), QStringLiteral("line 99001"));
        const auto none = readFileTail(dir.filePath("missing"), 10);
        QVERIFY(!none);
        QCOMPARE(none.error().kind, Error::Kind::Io);
    }

    // ---- Triage ------------------------------------------------------------------------------

    void queuedCausesAreToldApart_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QueueCause>("cause");
        QTest::newRow("sandbox quota") << "quota" << "QuotaExhausted" << QueueCause::Quota;
        QTest::newRow("sandbox stock") << "stock" << "Resources" << QueueCause::Stock;
        QTest::newRow("slurm card-minutes") << "" << "AssocGrpGRESMinutes" << QueueCause::Quota;
        QTest::newRow("slurm qos group") << "" << "QOSGrpGRES" << QueueCause::Quota;
        QTest::newRow("slurm resources") << "" << "Resources" << QueueCause::Stock;
        QTest::newRow("slurm node down") << "" << "ReqNodeNotAvail, UnavailableNodes:n1"
                                         << QueueCause::Stock;
        QTest::newRow("slurm qos submit") << "" << "QOSMaxSubmitJobPerUserLimit"
                                          << QueueCause::Permission;
        QTest::newRow("slurm account") << "" << "InvalidAccount" << QueueCause::Permission;
    }
    void queuedCausesAreToldApart()
    {
        QFETCH(QString, kind);
        QFETCH(QString, code);
        QFETCH(QueueCause, cause);
        JobObservation j;
        j.state = QStringLiteral("queued");
        j.reasonKind = kind;
        j.reasonCode = code;
        const Diagnosis d = triage(j);
        QCOMPARE(d.kind, FailureKind::QueuedForever);
        QCOMPARE(d.queue, cause);
        QVERIFY(!d.firstAction.isEmpty());
        QVERIFY(d.evidence.contains(code));
    }

    void waitingItsTurnIsNotAFailureYet()
    {
        JobObservation j;
        j.state = QStringLiteral("queued");
        j.reasonCode = QStringLiteral("Priority");
        j.queuedSeconds = 60;
        QCOMPARE(triage(j).kind, FailureKind::None);
        j.queuedSeconds = 3 * 3600;
        const Diagnosis d = triage(j);
        QCOMPARE(d.kind, FailureKind::QueuedForever);
        QCOMPARE(d.queue, QueueCause::Priority);
    }

    // While a job waits, every reason is put in the triage's words with a first action; the
    // scheduler's expected start is said where the backend gave one.
    void eachWaitIsExplainedWhileItHappens_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QueueCause>("cause");
        QTest::addColumn<bool>("stuck");
        QTest::newRow("slurm quota") << "" << "AssocGrpGRESMinutes" << QueueCause::Quota << true;
        QTest::newRow("slurm stock") << "" << "Resources" << QueueCause::Stock << true;
        QTest::newRow("slurm admin hold") << "" << "JobHeldAdmin" << QueueCause::Permission << true;
        QTest::newRow("slurm priority") << "" << "Priority" << QueueCause::Priority << false;
        QTest::newRow("slurm dependency") << "" << "Dependency" << QueueCause::Dependency << false;
        QTest::newRow("slurm begin time") << "" << "BeginTime" << QueueCause::Dependency << false;
        QTest::newRow("slurm held by its owner") << "" << "JobHeldUser" << QueueCause::Dependency
                                                 << false;
        QTest::newRow("dependency never met")
            << "" << "DependencyNeverSatisfied" << QueueCause::Dependency << true;
        QTest::newRow("sandbox instance busy") << "priority" << "InstanceBusy"
                                               << QueueCause::Priority << false;
        QTest::newRow("nothing named yet") << "" << "None" << QueueCause::Scheduling << false;
    }
    void eachWaitIsExplainedWhileItHappens()
    {
        QFETCH(QString, kind);
        QFETCH(QString, code);
        QFETCH(QueueCause, cause);
        QFETCH(bool, stuck);
        JobObservation j;
        j.state = QStringLiteral("queued");
        j.reasonKind = kind;
        j.reasonCode = code;
        j.queuedSeconds = 60;
        const QueueWait w = explainWait(j);
        QCOMPARE(w.cause, cause);
        QCOMPARE(w.stuck, stuck);
        QVERIFY(!w.title.isEmpty() && !w.waitsFor.isEmpty() && !w.firstAction.isEmpty());
        QVERIFY(w.evidence.contains(code));
        QVERIFY(!w.expected.isEmpty());
        // The triage agrees: a wait that will not end by itself is "queued forever" at once.
        const Diagnosis d = triage(j);
        QCOMPARE(d.queue, cause);
        QCOMPARE(d.kind, stuck ? FailureKind::QueuedForever : FailureKind::None);
        QVERIFY(queueCauseName(cause) != QLatin1String("none"));
    }

    void theExpectedStartIsShownWhereKnown()
    {
        const QDateTime at = QDateTime(QDate(2026, 12, 2), QTime(5, 30), Qt::UTC);
        const QJsonObject job{{"state", "queued"},
                              {"reason", QJsonObject{{"kind", "stock"}, {"code", "Resources"}}},
                              {"expectedStart", at.toString(Qt::ISODateWithMs)},
                              {"expectedStartBasis", "scheduler"}};
        JobObservation j = JobObservation::fromJob(job, {});
        QCOMPARE(j.expectedStart, at);
        const QString shown = QLocale().toString(at.toLocalTime(), QLocale::ShortFormat);
        QueueWait w = explainWait(j);
        QVERIFY2(w.expected.toString().contains(shown) &&
                     w.expected.toString().contains("scheduler"),
                 qPrintable(w.expected.toString()));
        j.expectedStartBasis = QStringLiteral("queue");
        w = explainWait(j);
        QVERIFY2(w.expected.toString().contains(shown) &&
                     w.expected.toString().contains("time limit"),
                 qPrintable(w.expected.toString()));
        // Quota does not come back by itself: no time is promised.
        j = JobObservation::fromJob(
            {{"state", "queued"}, {"reason", QJsonObject{{"code", "AssocGrpGRESMinutes"}}}}, {});
        QVERIFY(!j.expectedStart.isValid());
        QVERIFY2(explainWait(j).expected.toString().contains("will not start"),
                 qPrintable(explainWait(j).expected.toString()));
    }

    // A job the cluster requeued itself waits for the begin time Slurm gives it: said as the
    // requeue it is, with nothing to do, not as a condition the job set itself.
    void aRequeuedJobsBeginTimeIsTheRequeue()
    {
        const QJsonObject job{{"state", "queued"},
                              {"restarts", 1},
                              {"reason", QJsonObject{{"code", "BeginTime"}}}};
        JobObservation j = JobObservation::fromJob(job, {});
        QCOMPARE(j.restarts, 1);
        QueueWait w = explainWait(j);
        QCOMPARE(w.cause, QueueCause::Dependency);
        QVERIFY(!w.stuck);
        QVERIFY2(w.title.toString().contains("Requeued"), qPrintable(w.title.toString()));
        QVERIFY2(w.firstAction.toString().startsWith("Nothing to do"),
                 qPrintable(w.firstAction.toString()));
        // The same reason on a job never requeued is the job's own begin time.
        j.restarts = 0;
        w = explainWait(j);
        QVERIFY2(!w.title.toString().contains("Requeued"), qPrintable(w.title.toString()));
        QVERIFY2(w.firstAction.toString().contains("begin time"),
                 qPrintable(w.firstAction.toString()));
    }

    // Slurm's "Resources" is busy cards or nodes that are out: its description tells them
    // apart (22.05's words for a drained node, taken from the lab), and so must the wait.
    void nodesThatAreOutAreNotBusyCards()
    {
        JobObservation j;
        j.state = QStringLiteral("queued");
        j.reasonCode = QStringLiteral("Resources");
        QueueWait w = explainWait(j);
        QCOMPARE(w.title.toString(), QStringLiteral("Waiting for free cards"));
        j.reasonMessage = QStringLiteral("Nodes required for job are DOWN, DRAINED or reserved for "
                                         "jobs in higher priority partitions");
        w = explainWait(j);
        QCOMPARE(w.cause, QueueCause::Stock);
        QCOMPARE(w.title.toString(), QStringLiteral("Waiting for nodes that are down or drained"));
        QVERIFY2(w.firstAction.toString().contains("sinfo -R"),
                 qPrintable(w.firstAction.toString()));
        QVERIFY(w.evidence.contains("DRAINED"));
    }

    // During a run: no step for ten times the median step (and never less than the minimum)
    // is a hang; a step that came recently is not.
    void aHangIsNoStepForTenMedianSteps()
    {
        JobObservation j;
        j.state = QStringLiteral("running");
        for (int i = 1; i <= 20; ++i)
            j.events << stepEvent(i, i == 7 ? 30.0 : 2.0); // one slow step: the median holds
        j.hangMinimumSeconds = 5;
        j.secondsSinceLastStep = 19;
        QCOMPARE(triage(j).kind, FailureKind::None); // 19 s < 10 × 2 s
        j.secondsSinceLastStep = 21;
        Diagnosis d = triage(j);
        QCOMPARE(d.kind, FailureKind::Hung);
        QVERIFY2(d.cause.toString().contains("21 s"), qPrintable(d.cause.toString()));
        QVERIFY(d.firstAction.toString().contains("checkpoint"));
        QVERIFY(d.evidence.contains("median step 2 s"));
        // Fast steps: the minimum holds (a poll's delay, a checkpoint being written).
        j.events.clear();
        for (int i = 1; i <= 20; ++i)
            j.events << stepEvent(i, 0.01);
        j.hangMinimumSeconds = 60;
        j.secondsSinceLastStep = 59;
        QCOMPARE(triage(j).kind, FailureKind::None);
        j.secondsSinceLastStep = 61;
        QCOMPARE(triage(j).kind, FailureKind::Hung);
        // Not watched live, or no longer running: no hang is claimed.
        j.secondsSinceLastStep = -1;
        QCOMPARE(triage(j).kind, FailureKind::None);
        j.secondsSinceLastStep = 3600;
        j.state = QStringLiteral("succeeded");
        QCOMPARE(triage(j).kind, FailureKind::None);
        QCOMPARE(failureKindName(FailureKind::Hung), QStringLiteral("hung"));
    }

    void sustainedLowUtilisationIsSeen()
    {
        JobObservation j;
        j.state = QStringLiteral("running");
        const auto steps = [&](int n, double seconds, int util) {
            for (int i = 0; i < n; ++i) {
                QJsonObject e = stepEvent(int(j.events.size()) + 1, seconds);
                e["gpu_utilization"] = util;
                j.events << e;
            }
        };
        steps(40, 1.0, 95);
        steps(50, 1.0, 12); // 50 s idle: not yet sustained for 60 s
        QCOMPARE(triage(j).kind, FailureKind::None);
        steps(15, 1.0, 12);
        const Diagnosis d = triage(j);
        QCOMPARE(d.kind, FailureKind::LowUtilisation);
        QVERIFY2(d.cause.toString().contains("12 %"), qPrintable(d.cause.toString()));
        QVERIFY(d.firstAction.toString().contains("read share"));
        // Busy again: gone.
        steps(70, 1.0, 90);
        QCOMPARE(triage(j).kind, FailureKind::None);
        // No utilisation reported (no nvidia-smi): nothing claimed.
        j.events.clear();
        for (int i = 1; i <= 100; ++i)
            j.events << stepEvent(i, 1.0);
        QCOMPARE(triage(j).kind, FailureKind::None);
    }

    void gpuHealthIsTriagedAndSaidInWords_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("inCause");
        QTest::newRow("none found") << "no_gpu" << "fewer GPUs";
        QTest::newRow("one missing") << "count_mismatch" << "fewer GPUs";
        QTest::newRow("ecc") << "ecc_errors" << "memory errors";
        QTest::newRow("hot") << "temperature" << "too hot";
        QTest::newRow("torch without cuda") << "torch_no_cuda" << "framework cannot use them";
    }
    void gpuHealthIsTriagedAndSaidInWords()
    {
        QFETCH(QString, code);
        QFETCH(QString, inCause);
        const QJsonObject health{
            {"event", "gpu_health"}, {"check", "environment"}, {"expected", 8}, {"found", 0},
            {"passed", false},       {"reason", "probe words"},
            {"problems", QJsonArray{QJsonObject{{"code", code}, {"message", "probe words"}}}}};
        JobObservation j;
        j.state = QStringLiteral("failed");
        j.exitCode = 1;
        j.events = {health, QJsonObject{{"event", "verdict"}, {"passed", false}}};
        const Diagnosis d = triage(j);
        QCOMPARE(d.kind, FailureKind::GpuUnhealthy);
        QVERIFY2(d.cause.toString().contains(inCause), qPrintable(d.cause.toString()));
        QVERIFY(!d.firstAction.isEmpty());
        QCOMPARE(d.evidence, QStringLiteral("probe words"));
        QVERIFY(gpuHealthText(health).contains("probe words"));
    }

    void gpuHealthInWords()
    {
        QVERIFY(gpuHealthText({}).contains("not reported"));
        QCOMPARE(gpuHealthText({{"passed", true}, {"found", 0}, {"expected", 8},
                                {"exempt", "the sandbox: no cards"}}),
                 QStringLiteral("no GPU, exempt as the sandbox: no cards (the instance type "
                                "promises 8)"));
        QCOMPARE(gpuHealthText({{"passed", true}, {"found", 0}, {"expected", 0}}),
                 QStringLiteral("no GPU on this instance, and none expected"));
        QVERIFY(gpuHealthText({{"passed", true}, {"found", 8}, {"expected", 8},
                               {"matmul", QJsonArray{}}})
                    .startsWith("8 of 8 GPUs healthy"));
    }

    void frameworkMessagesAreRecognised_data()
    {
        QTest::addColumn<QStringList>("log");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<FailureKind>("kind");
        QTest::newRow("torch oom")
            << QStringList{"step 12", "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to "
                                      "allocate 2.00 GiB"}
            << 1 << FailureKind::OutOfMemory;
        QTest::newRow("kernel kill while training")
            << QStringList{R"({"event":"step","step":3,"step_seconds":0.1})", "Killed"} << 137
            << FailureKind::OutOfMemory;
        QTest::newRow("state dict") << QStringList{"RuntimeError: Error(s) in loading state_dict "
                                                   "for LlamaForCausalLM:"}
                                    << 1 << FailureKind::CannotResume;
        QTest::newRow("data permission")
            << QStringList{"PermissionError: [Errno 13] Permission denied: "
                           "'/mnt/data/train-00001.parquet'"}
            << 1 << FailureKind::CannotReadData;
        QTest::newRow("module missing")
            << QStringList{"Traceback (most recent call last):",
                           "ModuleNotFoundError: No module named 'flash_attn'"}
            << 1 << FailureKind::ExitsAtStart;
        QTest::newRow("launch file")
            << QStringList{"/bin/sh: 0: cannot open train.sh: No such file"} << 127
            << FailureKind::ExitsAtStart;
        QTest::newRow("unknown after steps")
            << QStringList{R"({"event":"step","step":3,"step_seconds":0.1})", "Segmentation fault"}
            << 139 << FailureKind::Other;
    }
    void frameworkMessagesAreRecognised()
    {
        QFETCH(QStringList, log);
        QFETCH(int, exitCode);
        QFETCH(FailureKind, kind);
        QString text = log.join(u'\n');
        const Diagnosis d = triage(JobObservation::fromJob(
            QJsonObject{{"state", "failed"}, {"exitCode", exitCode}}, text));
        QCOMPARE(failureKindName(d.kind), failureKindName(kind));
        QVERIFY(!d.title.isEmpty());
        QVERIFY(!d.cause.isEmpty());
        QVERIFY(!d.firstAction.isEmpty());
    }

    void frameworkOrderIsTheFirstActionAtStart()
    {
        const Diagnosis d = triage(failedWith(
            {"RuntimeError: The NVIDIA driver on your system is too old (found version 11040)",
             "CUDA driver version is insufficient for CUDA runtime version"}));
        QCOMPARE(d.kind, FailureKind::ExitsAtStart);
        QVERIFY(d.firstAction.toString().contains("framework"));
        QVERIFY(d.firstAction.toString().contains("do not reinstall"));
    }

    void slowAgainstThePlanOrForData()
    {
        JobObservation j;
        j.state = QStringLiteral("running");
        for (int i = 1; i <= 20; ++i)
            j.events.append(stepEvent(i, 0.5));
        QCOMPARE(triage(j).kind, FailureKind::None); // no plan to compare with
        j.expectedStepSeconds = 0.1;
        QCOMPARE(triage(j).kind, FailureKind::ExtremelySlow);
        j.expectedStepSeconds = 0.4;
        QCOMPARE(triage(j).kind, FailureKind::None);
        j.events.append(QJsonObject{{"event", "data"}, {"read_share", 0.7}, {"causes", QJsonArray{"remote data"}}});
        const Diagnosis d = triage(j);
        QCOMPARE(d.kind, FailureKind::ExtremelySlow);
        QVERIFY(d.evidence.contains("remote data"));
    }

    // A data check that failed for its read share started fine: it is slow, not a start failure.
    void aFailedDataCheckIsSlowNotAStartFailure()
    {
        const Diagnosis d = triage(JobObservation::fromJob(
            {{"state", "failed"}, {"exitCode", 1}},
            R"({"event":"fingerprint","os":"Debian"}
{"event":"data","check":"data","files":3000,"read_share":0.82,"causes":["too many small files: pack them into larger shards"],"unreadable":[],"truncated":[]}
{"event":"verdict","check":"data","passed":false,"reason":"too many small files"})"));
        QCOMPARE(d.kind, FailureKind::ExtremelySlow);
        QVERIFY(d.evidence.contains("small files"));
    }

    void aHealthyRunIsNotAFailure()
    {
        JobObservation j = JobObservation::fromJob(
            {{"state", "succeeded"}, {"exitCode", 0}},
            R"({"event":"step","step":1,"step_seconds":0.01}
{"event":"verdict","check":"first-run","passed":true})");
        QCOMPARE(triage(j).kind, FailureKind::None);
        QCOMPARE(j.events.size(), 2);
    }

    // ---- Coach --------------------------------------------------------------------------------

    void coachReadsTheGuidesPatterns()
    {
        std::vector<double> steady(100, 93.0), swinging, low(100, 20.0), steps;
        for (int i = 0; i < 100; ++i) {
            steady[i] += (i % 3) - 1;
            swinging.push_back(i % 2 ? 95 : 25);
            steps.push_back(i % 5 == 0 ? 0.9 : 0.3);
        }
        QCOMPARE(coach(steady, {}).pattern, CoachReading::Pattern::ComputeBound);
        QCOMPARE(coach(swinging, {}).pattern, CoachReading::Pattern::Fluctuating);
        QVERIFY(coach(swinging, {}).advice.contains("data"));
        QCOMPARE(coach(low, {}).pattern, CoachReading::Pattern::Underfed);
        // Without utilisation, the step times tell.
        const CoachReading r = coach({}, steps);
        QVERIFY(!r.fromUtilisation);
        QCOMPARE(r.pattern, CoachReading::Pattern::Fluctuating);
        QCOMPARE(coach({}, std::vector<double>(30, 0.2)).pattern,
                 CoachReading::Pattern::ComputeBound);
        QCOMPARE(coach({}, std::vector<double>(3, 0.2)).pattern, CoachReading::Pattern::TooEarly);
    }

    // #17 walk: gate 5's checks on the sandbox (steps under a millisecond, one of 4 ms) read
    // "Step times swing by 427 %: some steps wait for something. Look at data first…". Steps
    // that short swing by a timer's jitter: the coach says so instead of sending anyone to the
    // loader. And a moderate step-time reading no longer says "Utilisation".
    void coachDoesNotReadJitterOnTinySteps()
    {
        std::vector<double> tiny(50, 0.0004);
        tiny[24] = 0.004;
        const CoachReading r = coach({}, tiny);
        QVERIFY(r.pattern != CoachReading::Pattern::Fluctuating);
        QVERIFY2(!r.advice.contains(QStringLiteral("data")), qPrintable(r.advice));
        QVERIFY2(r.text.contains(QStringLiteral("too short")), qPrintable(r.text));
        // The same swing on real steps is still read.
        std::vector<double> real(50, 0.4);
        real[24] = 4.0;
        QCOMPARE(coach({}, real).pattern, CoachReading::Pattern::Fluctuating);
        std::vector<double> moderate;
        for (int i = 0; i < 50; ++i)
            moderate.push_back(i % 2 ? 0.040 : 0.060);
        const CoachReading m = coach({}, moderate);
        QCOMPARE(m.pattern, CoachReading::Pattern::Moderate);
        QVERIFY2(!m.text.contains(QStringLiteral("Utilisation")), qPrintable(m.text));
    }

    // ---- Saved results ------------------------------------------------------------------------

    void runGatesRoundTripAndRefuseBadValues()
    {
        EnvironmentGateData env;
        env.checks["data"] = {QStringLiteral("failed"),
                              Text::literal("3 files"),
                              Text::literal("Cannot read data — …"),
                              "cannot-read-data",
                              "job-1",
                              QDateTime::currentDateTimeUtc()};
        env.fingerprint = {{"os", "Debian"}};
        auto back = EnvironmentGateData::fromJson(env.toJson(), "$.x");
        QVERIFY(back);
        QCOMPARE(*back, env);
        QJsonObject bad = env.toJson();
        bad["checks"] = QJsonObject{{"speed", QJsonObject{}}};
        auto refused = EnvironmentGateData::fromJson(bad, "$.gates.environment.data");
        QVERIFY(!refused);
        QCOMPARE(refused.error().field, QStringLiteral("$.gates.environment.data.checks.speed"));

        FirstRunGateData run;
        run.points = {{"loss_decreasing", true}};
        run.steps = 120;
        run.archived = {"ws/first-run/step-40.ckpt"};
        auto again = FirstRunGateData::fromJson(run.toJson(), "$.y");
        QVERIFY(again);
        QCOMPARE(*again, run);
        QJsonObject wrong = run.toJson();
        wrong["points"] = QJsonObject{{"vibes", true}};
        QVERIFY(!FirstRunGateData::fromJson(wrong, "$.y"));
    }

    // #17 walk: a loss read at 3 decimals in one place (gate 2's developer check) and at 4
    // significant digits in another (gate 5, the job's log). One formatter writes it everywhere:
    // four significant digits, no trailing zeros, no exponent.
    void oneLossFormat_data()
    {
        QTest::addColumn<double>("loss");
        QTest::addColumn<QString>("text");
        QTest::newRow("above one") << 2.30125 << "2.301";
        QTest::newRow("below one") << 0.69314 << "0.6931";
        QTest::newRow("round") << 0.4 << "0.4";
        QTest::newRow("tens") << 12.3456 << "12.35";
        QTest::newRow("thousands") << 1234.6 << "1235";
        QTest::newRow("tiny, no exponent") << 0.0000123 << "0.0000123";
        QTest::newRow("zero") << 0.0 << "0";
    }
    void oneLossFormat()
    {
        QFETCH(double, loss);
        QFETCH(QString, text);
        QCOMPARE(lossText(loss), text);
        // The job's log says it the same way.
        const QString line = readableLogLine(
            QString::fromUtf8(QJsonDocument(QJsonObject{{"event", "verdict"},
                                                        {"check", "environment"},
                                                        {"passed", true},
                                                        {"first_loss", loss},
                                                        {"last_loss", loss}})
                                  .toJson(QJsonDocument::Compact)));
        QVERIFY2(line.contains(QStringLiteral("loss from %1 to %1").arg(text)), qPrintable(line));
    }

    // The log pane shows the probe's events in words, other lines as they are.
    void probeEventsReadAsWords_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<QString>("expected");
        QTest::newRow("step")
            << R"({"event":"step","check":"environment","step":12,"loss":2.5,"step_seconds":0.01,"samples_per_second":6400})"
            << "Environment check, step 12: loss 2.5, 10 ms per step, 6,400 samples/s";
        // Seen on screen: "9.31E-05 秒" for a step of the sandbox's plain loop.
        // #17 walk: the neighbouring step read "99 ms per step", this one "0.1 s per step".
        QTest::newRow("step of 100 ms")
            << R"({"event":"step","check":"first-run","step":4,"loss":2.5,"step_seconds":0.1})"
            << "First run, step 4: loss 2.5, 100 ms per step";
        QTest::newRow("tiny step")
            << R"({"event":"step","check":"environment","step":3,"loss":2.5,"step_seconds":9.31e-05})"
            << "Environment check, step 3: loss 2.5, <1 ms per step";
        QTest::newRow("verdict")
            << R"({"event":"verdict","check":"environment","passed":true,"first_loss":2.3,"last_loss":0.4,"reason":"loss decreased"})"
            << "✔ Environment check passed: loss from 2.3 to 0.4 (loss decreased)";
        QTest::newRow("resume")
            << R"({"event":"resume","check":"checkpoint","step":40,"path":"/out/step-40"})"
            << "Checkpoint check: resumed at step 40 from /out/step-40";
        QTest::newRow("out of memory")
            << R"({"event":"error","check":"first-run","kind":"out_of_memory","requested_mib":90000,"card_mib":81920})"
            << "✖ First run: out of memory: asked for 90000 MiB, the card has 81920 MiB";
        QTest::newRow("checkpoint")
            << R"({"check": "first-run", "event": "checkpoint", "path": "/out/step-20.pt", "saved": true, "step": 20})"
            << "✔ First run: checkpoint of step 20 saved to /out/step-20.pt";
        QTest::newRow("checkpoint not saved")
            << R"({"event":"checkpoint","check":"checkpoint","step":10,"path":"/out/step-10.ckpt","saved":false,"error":"disk full"})"
            << "✖ Checkpoint check: checkpoint of step 10 not saved: disk full";
        QTest::newRow("interrupted")
            << R"({"event":"interrupted","check":"checkpoint","step":13,"path":"/out/step-13.ckpt","saved":true})"
            << "✔ Checkpoint check: interrupted at step 13, its checkpoint saved to /out/step-13.ckpt";
        QTest::newRow("checkpoint skipped")
            << R"({"event":"checkpoint_skipped","check":"checkpoint","step":30,"path":"/out/step-30.ckpt","error":"truncated"})"
            << "✖ Checkpoint check: skipped the checkpoint of step 30 (/out/step-30.ckpt): truncated";
        QTest::newRow("stale tmp removed")
            << R"({"event":"checkpoint_tmp_removed","check":"checkpoint","path":"/out/step-9.ckpt.tmp"})"
            << "Checkpoint check: removed an unfinished checkpoint, /out/step-9.ckpt.tmp";
        QTest::newRow("manifest")
            << R"({"event":"manifest","check":"first-run","files":18,"bytes":4459564,"path":"/mnt/data/sample","sha256":"sha256:3c03"})"
            << "Data /mnt/data/sample: 18 file(s), 4.25 MiB, identity sha256:3c03";
        QTest::newRow("trainer")
            << R"({"event":"trainer","check":"first-run","program":"train_lm.py","framework":"torch","framework_version":"1.13.0","device":"cpu"})"
            << "First run: train_lm.py trains with torch 1.13.0 on cpu";
        QTest::newRow("plain loop")
            << R"({"event":"trainer","check":"first-run","program":"onramp-probe","framework":"none","fallback":"no PyTorch in this image"})"
            << "First run: the probe's plain loop trains (no framework: no PyTorch in this image)";
        QTest::newRow("gpu health")
            << R"({"event":"gpu_health","check":"environment","expected":8,"found":0,"passed":true,"reason":"exempt"})"
            << "✔ GPU health: 0 GPU(s) found, 8 expected (exempt)";
        QTest::newRow("gpu matmul")
            << R"({"event":"gpu_matmul","cuda":true,"devices":[{"index":0,"passed":true},{"index":1,"passed":false}]})"
            << "✖ Matrix multiply on each GPU: 2 device(s)";
        // Walk 17: the data check's reading carried ✖ above its "✔ passed" verdict.
        QTest::newRow("data read")
            << R"({"event":"data","check":"data","files":17,"throughput_mb_s":1128.6,"unreadable":[]})"
            << "Data check: 17 file(s) read, 1,128.6 MB/s";
        QTest::newRow("data unreadable")
            << R"({"event":"data","check":"data","files":16,"throughput_mb_s":12,"unreadable":["a.bin"]})"
            << "✖ Data check: 16 file(s) read, 12.0 MB/s";
        QTest::newRow("plain line") << "Epoch 1 done"
                                    << "Epoch 1 done";
        QTest::newRow("other JSON") << R"({"loss": 1})"
                                    << R"({"loss": 1})";
    }

    void probeEventsReadAsWords()
    {
        QFETCH(QString, line);
        QFETCH(QString, expected);
        const QLocale before;
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        const QString got = readableLogLine(line);
        QLocale::setDefault(before);
        QCOMPARE(got, expected);
    }

    // Durations read as a person says them, in both languages: never "9.31E-05 s".
    void durationsAreHuman_data()
    {
        QTest::addColumn<double>("seconds");
        QTest::addColumn<QString>("english");
        QTest::addColumn<QString>("chinese");
        QTest::newRow("tiny") << 9.31e-05 << "<1 ms" << "不到 1 毫秒";
        QTest::newRow("ms") << 0.012 << "12 ms" << "12 毫秒";
        // #17 walk: one run's log read "99 ms per step" and "0.1 s per step" a line apart.
        // One rule: whole milliseconds under a second, tenths of a second from 1 s to 10 s.
        QTest::newRow("under a second") << 0.2 << "200 ms" << "200 毫秒";
        QTest::newRow("99 ms") << 0.099 << "99 ms" << "99 毫秒";
        QTest::newRow("100 ms") << 0.1 << "100 ms" << "100 毫秒";
        QTest::newRow("just under a second") << 0.9994 << "999 ms" << "999 毫秒";
        QTest::newRow("rounds up to a second") << 0.9996 << "1.0 s" << "1.0 秒";
        QTest::newRow("tenths") << 1.25 << "1.3 s" << "1.3 秒";
        QTest::newRow("just under ten") << 9.96 << "10 s" << "10 秒";
        QTest::newRow("seconds") << 42.4 << "42 s" << "42 秒";
        QTest::newRow("minutes") << 65.0 << "1 min 5 s" << "1 分 5 秒";
        QTest::newRow("whole minutes") << 120.0 << "2 min" << "2 分钟";
        QTest::newRow("hours") << 7380.0 << "2 h 3 min" << "2 小时 3 分";
        QTest::newRow("negative") << -1.0 << "–" << "–";
    }

    // English counts read as English: "%n file(s)" is "1 file" and "2 files", never "(s)";
    // Chinese keeps its own catalogue, and a string without a count is left as written.
    void englishPluralsReadAsEnglish()
    {
        Language language;
        QVERIFY(language.apply(QStringLiteral("en")));
        const auto count = [](int n) {
            return QCoreApplication::translate("Onramp", "%n file(s) uploaded.", nullptr, n);
        };
        QCOMPARE(count(1), QStringLiteral("1 file uploaded."));
        QCOMPARE(count(2), QStringLiteral("2 files uploaded."));
        QCOMPARE(count(0), QStringLiteral("0 files uploaded."));
        QCOMPARE(QCoreApplication::translate("Onramp", "%1 step(s) differ"),
                 QStringLiteral("%1 step(s) differ"));
        QVERIFY(language.apply(QStringLiteral("zh_CN")));
        QVERIFY(!count(2).contains(QLatin1String("file")));
        QVERIFY(language.apply(QStringLiteral("en")));
        QCOMPARE(count(3), QStringLiteral("3 files uploaded."));
    }

    void durationsAreHuman()
    {
        QFETCH(double, seconds);
        QFETCH(QString, english);
        QFETCH(QString, chinese);
        Language language;
        QVERIFY(language.apply(QStringLiteral("en")));
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QCOMPARE(readableDuration(seconds), english);
        QVERIFY(language.apply(QStringLiteral("zh_CN")));
        QLocale::setDefault(QLocale(QLocale::Chinese, QLocale::China));
        const QString zh = readableDuration(seconds);
        QVERIFY(language.apply(QStringLiteral("en")));
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QCOMPARE(zh, chinese);
    }

    // Found attacking the sandbox (#19): the metrics endpoint read a job's log a line at a
    // time, and a job that printed one endless line (no newline) had it read into memory whole.
    // A line longer than 1 MiB is skipped, a bounded read at a time; the steps around it count.
    void stepEventsSkipAnEndlessLine()
    {
        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("log")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"event":"step","step":1,"loss":0.5})" "\n");
        f.write(R"({"event":"step","step":2,"loss":0.4,"note":")");
        f.write(QByteArray(3 * 1024 * 1024, 'x'));
        f.write(R"("})" "\n");
        f.write(R"({"event":"step","step":3,"loss":0.3})" "\n");
        f.write(R"({"event":"step","step":4,"loss":0.2})"); // being written: no newline yet
        f.close();
        QList<int> steps;
        for (const QJsonValue &p : readStepEvents(f.fileName(), 0))
            steps << p["step"].toInt();
        QCOMPARE(steps, (QList<int>{1, 3, 4}));
    }
};

QTEST_GUILESS_MAIN(TestMonitoring)
#include "tst_monitoring.moc"
