#include "EnvironmentSteps.h"

#include "Clock.h"
#include "GateLedger.h"
#include "LogTail.h"
#include "ProbeEvents.h"
#include "ProviderStates.h"
#include "ReadinessChecks.h"
#include "ResourcePlan.h"
#include "Tr.h"
#include "Triage.h"

#include <QJsonArray>

namespace onramp {

namespace {
// How far the checkpoint check's second run trains past the interruption (the check saves every
// 10 steps, so it writes one more checkpoint).
constexpr int kStepsAfterResume = 10;
// The checkpoint check's first job, the one interrupted on purpose.
constexpr char kFirstCheckpointJob[] = "gate5-checkpoint-a";
} // namespace

QJsonObject EnvironmentSteps::probeJob(const QString &name, const QString &entry,
                                      const QStringList &args) const
{
    QJsonObject job{{"name", name},
            {"topic", "onboarding"},
            {"instanceId", m_state.provider.instanceId},
            {"image", m_state.resources.environment.image},
            {"launch", QJsonObject{{"mode", "builtin"},
                                   {"entry", entry},
                                   {"args", QJsonArray::fromStringList(args)}}}};
    // A replay's checks read the data its spec names, as its first run does.
    if (m_replaying && !m_replaying->storage.data.isEmpty())
        job["dataPath"] = m_replaying->storage.data;
    // The data, checkpoint and metrics checks are the probe's own CPU programs: they hold no
    // card, so they run beside the framework check, which holds all of them for their health.
    if (entry != QLatin1String("environment"))
        job["cards"] = 0;
    return job;
}

void EnvironmentSteps::recordCheck(const QString &name, const QJsonObject &finished, bool passed,
                                   const Text &evidence)
{
    CheckResult &r = m_state.environment.checks[name];
    r.jobId = finished.value("id").toString();
    r.at = clock::nowUtc();
    r.state = passed ? QStringLiteral("passed") : QStringLiteral("failed");
    r.evidence = evidence;
    r.diagnosis.clear();
    r.failureKind.clear();
    if (!passed) {
        const Diagnosis d =
            triage(JobObservation::fromJob(finished, finished.value("log").toString()));
        r.failureKind = failureKindName(d.kind);
        r.diagnosis = diagnosisText(d);
    }
    changed();
}

void EnvironmentSteps::runReadinessChecks(Done done)
{
    if (!begin(done))
        return;
    if (m_state.provider.instanceId.isEmpty()) {
        finish(std::unexpected(localError(Tr::tr("Create the instance in gate 4 first."))));
        return;
    }
    (void)setGateStatus(m_state, GateId::Environment, GateStatus::InProgress,
                        clock::nowUtc());
    for (const QString &name : EnvironmentGateData::checkNames())
        m_state.environment.checks[name] = CheckResult{};
    changed();
    // Two branches side by side, and the gate is settled when both have ended: the framework
    // check (a Python start and a torch import, seconds) beside the data, checkpoint and metrics
    // checks, which need no framework and no card. On the instance they are separate jobs.
    auto branches = std::make_shared<int>(2);
    const auto joined = [this, branches] {
        if (--*branches > 0)
            return;
        settleEnvironmentGate();
        finish({});
    };
    runCheck(0, joined);
    runCheck(1, joined);
}

// Check `index`, then, from the data check on, the ones after it; `done` when the last has ended.
void EnvironmentSteps::runCheck(int index, std::function<void()> done)
{
    using Step = void (EnvironmentSteps::*)(std::function<void()>);
    static constexpr Step kChecks[] = {&EnvironmentSteps::checkEnvironment,
                                       &EnvironmentSteps::checkData,
                                       &EnvironmentSteps::checkCheckpoint,
                                       &EnvironmentSteps::checkMetrics};
    m_check = EnvironmentGateData::checkNames().at(index); // its jobs' news are the check's
    m_state.environment.checks[m_check].state = QStringLiteral("running");
    changed();
    const bool last = index == 0 || index + 1 == int(std::size(kChecks));
    (this->*kChecks[index])([this, index, last, done] {
        if (last)
            done();
        else
            runCheck(index + 1, done);
    });
}

void EnvironmentSteps::settleEnvironmentGate()
{
    GateRecord &g = m_state.gate(GateId::Environment);
    const QDateTime now = clock::nowUtc();
    QList<Text> lines, failed;
    QString firstFailed;
    for (const QString &name : EnvironmentGateData::checkNames()) {
        const CheckResult &r = m_state.environment.checks.value(name);
        // In the user's words: the check's title, never its key ("metrics: …").
        const ReadinessCheck *check = findReadinessCheck(name);
        const Text title = check ? Text::source(check->title.text, check->title.disambiguation)
                                 : Text::literal(name);
        lines << Tr::trLater("%1: %2", "a readiness check: its evidence").arg(title, r.evidence);
        if (!r.passed()) {
            failed << title;
            if (firstFailed.isEmpty())
                firstFailed = name;
        }
    }
    if (failed.isEmpty()) {
        // The acceptor GATES.md names, who accepts on these checks (#17 walk: "The four
        // readiness checks, run as zhangmin" named no person's role).
        g.acceptedBy = checksAcceptor(GateId::Environment, jobMember());
        g.rejectionReason.clear();
        g.whatToChange.clear();
        // A replay's scratch workspace walks no gates 1–4, so the ledger holds gate 5 back;
        // that is the replay's design, not news for the colleague replaying.
        if (!acceptFromProvider(m_state, GateId::Environment, Text::joined(lines, QStringLiteral("\n")),
                                now) &&
            !m_replaying)
            progress(g.heldBack.toString());
    } else {
        g.rejectionReason =
            Tr::trLater("Not ready: %1 failed.").arg(Tr::listLater(failed));
        g.whatToChange = m_state.environment.checks.value(firstFailed).diagnosis;
        (void)setGateStatus(m_state, GateId::Environment, GateStatus::Rejected, now);
    }
    changed();
}

// The GPUs one node of the run has: the replayed spec's, else those of the instance gate 4
// opened (or chose), as the catalog says — the count the run spec and gate 4 name (runCards);
// -1 when the instance type is not known.
int EnvironmentSteps::expectedGpus() const
{
    if (m_replaying)
        return m_replaying->compute.cardsPerNode;
    const RunCards run = runCards(m_state.resources, m_state.provider.instanceType);
    return run.known ? run.cardsPerInstance : -1;
}

// 1. Framework, driver and accelerator library: the GPUs' health (as many as the instance type
// promises, none sick), then the light loop in the clean image.
void EnvironmentSteps::checkEnvironment(std::function<void()> next)
{
    progress(Tr::tr("Readiness 1/4: the GPUs' health, then a light training loop in the clean "
                    "image…"));
    QStringList args = {QStringLiteral("--steps"), QStringLiteral("100")};
    if (const int gpus = expectedGpus(); gpus >= 0)
        args << QStringLiteral("--gpus") << QString::number(gpus);
    runJob(jobMember(), probeJob(QStringLiteral("gate5-environment"), QStringLiteral("environment"),
                                 args),
           [this, next](const QJsonObject &finished) {
               const QString log = finished.value("log").toString();
               const auto events = probeEvents(log);
               const QJsonObject verdict = events.value(QStringLiteral("verdict/environment"));
               const QJsonObject print = events.value(QStringLiteral("fingerprint/"));
               if (!print.isEmpty())
                   m_state.environment.fingerprint = print;
               bool passed =
                   jobStateOf(finished) == JobState::Succeeded &&
                   verdict.value("passed").toBool();
               // A probe that reports no GPU health cannot pass a gate that needs cards.
               const QJsonObject health = events.value(QStringLiteral("gpu_health/environment"));
               const bool healthy = !health.isEmpty() && health.value("passed").toBool();
               passed = passed && healthy;
               recordCheck(
                   QStringLiteral("environment"), finished, passed,
                   Text::joined(
                       {Tr::trLater("%1 on %2; %3; loss %4 → %5 over the light loop")
                            .arg(print.value("os").toString(), print.value("arch").toString())
                            .arg(gpuHealth(health))
                            .arg(lossText(verdict.value("first_loss").toDouble()),
                                 lossText(verdict.value("last_loss").toDouble())),
                        // The probe's own words only when they explain a failure.
                        passed ? Text()
                               : probePhrase(verdict.value("reason").toString(
                                     finished.value("state").toString()))},
                       QStringLiteral(": ")));
               if (!passed && m_state.environment.checks[QStringLiteral("environment")]
                                  .diagnosis.isEmpty())
                   m_state.environment.checks[QStringLiteral("environment")].diagnosis =
                       health.isEmpty()
                           ? Tr::trLater("This onramp-probe does not check the GPUs: install the "
                                         "probe of this Onramp version where jobs run it (on a "
                                         "cluster, the profile's probe path), then run the checks "
                                         "again.")
                           : Tr::trLater(
                                 "The loop ran but its loss did not fall. Check in this "
                                 "order: the framework's version, then the driver, then the "
                                 "accelerator library — do not reinstall first.");
               next();
           });
}

// 2. Data reads fast enough: a read-only pass, judged by the read share of a step.
void EnvironmentSteps::checkData(std::function<void()> next)
{
    progress(Tr::tr("Readiness 2/4: reading the data as a loader would…"));
    runJob(jobMember(), probeJob(QStringLiteral("gate5-data"), QStringLiteral("data"), {}),
           [this, next](const QJsonObject &finished) {
               const auto events = probeEvents(finished.value("log").toString());
               const QJsonObject data = events.value(QStringLiteral("data/data"));
               const QJsonObject verdict = events.value(QStringLiteral("verdict/data"));
               const bool passed =
                   jobStateOf(finished) == JobState::Succeeded &&
                   verdict.value("passed").toBool();
               recordCheck(
                   QStringLiteral("data"), finished, passed,
                   Text::joined({Tr::trLater("%1 files, %2 MB/s cold, %3 MB/s warm, reading is %4 "
                                             "% of a step")
                                     .arg(data.value("files").toInt())
                                     .arg(data.value("throughput_mb_s").toDouble(), 0, 'f', 0)
                                     .arg(data.value("warm_throughput_mb_s").toDouble(), 0, 'f', 0)
                                     .arg(data.value("read_share").toDouble() * 100, 0, 'f', 1),
                                 passed ? Text()
                                        : probePhrase(verdict.value("reason").toString(
                                              finished.value("state").toString()))},
                                QStringLiteral(": ")));
               next();
           });
}

// 3. Checkpoints save and resume: interrupted on purpose after its first checkpoint, run
// again; the step count, the optimizer state and the losses must continue.
void EnvironmentSteps::checkCheckpoint(std::function<void()> next)
{
    progress(Tr::tr("Readiness 3/4: training with checkpoints, to be interrupted on purpose…"));
    const QStringList args = {QStringLiteral("--steps"), QStringLiteral("200"),
                              QStringLiteral("--every"), QStringLiteral("10"),
                              QStringLiteral("--step-ms"), QStringLiteral("20"),
                              QStringLiteral("--tag"),     attemptTag()};
    auto interrupted = std::make_shared<bool>(false);
    const QString member = jobMember();
    m_watch = [this, interrupted, member](const QJsonObject &job, const QByteArray &bytes) {
        // Its own job's log only: the framework check runs beside it.
        if (*interrupted || job.value("name").toString() != QLatin1String(kFirstCheckpointJob) ||
            !bytes.contains("\"event\":\"checkpoint\""))
            return;
        *interrupted = true;
        progress(Tr::tr("A checkpoint is saved: interrupting the job, as a preemption would…"));
        call({},
             [id = job.value("id").toString()](Provider &p, const CallContext &c,
                                                Provider::Answer a) {
                 return p.interruptJob(c, id, std::move(a));
             },
             [](const QJsonObject &) {}, member);
    };
    runJob(member, probeJob(QLatin1String(kFirstCheckpointJob), QStringLiteral("checkpoint"), args),
           [this, next, args, member](const QJsonObject &first) {
               m_watch = {};
               const auto stops = probeEventList(first.value("log").toString(),
                                              QStringLiteral("interrupted"));
               if (jobStateOf(first) != JobState::Interrupted ||
                   stops.isEmpty()) {
                   recordCheck(
                       QStringLiteral("checkpoint"), first, false,
                       Tr::trLater("The job ended %1 instead of being interrupted after its "
                                   "first checkpoint.")
                           .arg(first.value("state").toString()));
                   next();
                   return;
               }
               const QJsonObject stop = stops.last();
               progress(Tr::tr("Interrupted at step %1; starting again from the checkpoint…")
                            .arg(stop.value("step").toInt()));
               // The second run only has to show that it goes on where the first stopped: ten
               // steps past the interruption, through one more checkpoint.
               QStringList again = args;
               again[1] = QString::number(stop.value("step").toInt() + kStepsAfterResume);
               runJob(member,
                      probeJob(QStringLiteral("gate5-checkpoint-b"), QStringLiteral("checkpoint"),
                               again),
                      [this, next, stop](const QJsonObject &second) {
                          const QString log = second.value("log").toString();
                          const auto resumes = probeEventList(log, QStringLiteral("resume"));
                          const auto steps = probeEventList(log, QStringLiteral("step"));
                          const QJsonObject verdict =
                              probeEvents(log).value(QStringLiteral("verdict/checkpoint"));
                          const int at = stop.value("step").toInt();
                          const bool resumedThere =
                              !resumes.isEmpty() && resumes.first().value("step").toInt() == at;
                          const bool continues =
                              !steps.isEmpty() && steps.first().value("step").toInt() == at + 1;
                          const bool sameOptimizer =
                              !resumes.isEmpty() &&
                              qFuzzyCompare(1 + resumes.first().value("momentum_norm").toDouble(),
                                            1 + stop.value("momentum_norm").toDouble());
                          const bool passed =
                              jobStateOf(second) == JobState::Succeeded &&
                              verdict.value("passed").toBool() && resumedThere && continues &&
                              sameOptimizer;
                          recordCheck(
                              QStringLiteral("checkpoint"), second, passed,
                              passed
                                  ? Tr::trLater("interrupted at step %1 with a checkpoint; resumed "
                                                "at step %1, went on at step %2 to %3; optimizer "
                                                "state restored (momentum norm %4)")
                                        .arg(at)
                                        .arg(at + 1)
                                        .arg(steps.isEmpty() ? 0
                                                             : steps.last().value("step").toInt())
                                        .arg(stop.value("momentum_norm").toDouble(), 0, 'g', 6)
                                  : Tr::trLater(
                                        "interrupted at step %1; the second run resumed: %2, "
                                        "went on at the next step: %3, same optimizer "
                                        "state: %4 (%5)")
                                        .arg(at)
                                        .arg(yesNo(resumedThere), yesNo(continues),
                                             yesNo(sameOptimizer),
                                             probePhrase(verdict.value("reason").toString(
                                                 second.value("state").toString()))));
                          next();
                      });
           });
}

// 4. Logs and metrics visible: the job's loss, step time and memory read back through the
// provider's metrics endpoint, and its log readable.
void EnvironmentSteps::checkMetrics(std::function<void()> next)
{
    progress(Tr::tr("Readiness 4/4: reading a job's loss, step time and memory back…"));
    const QString member = jobMember();
    runJob(member,
           probeJob(QStringLiteral("gate5-metrics"), QStringLiteral("metrics"),
                    {QStringLiteral("--steps"), QStringLiteral("50")}),
           [this, next, member](const QJsonObject &finished) {
               const QString id = finished.value("id").toString();
               call(
                   {},
                   [id](Provider &p, const CallContext &c, Provider::Answer a) {
                       return p.readMetrics(c, id, 0, std::move(a));
                   },
                   [this, next, finished](const QJsonObject &metrics) {
                       const QJsonArray points = metrics.value("points").toArray();
                       int complete = 0;
                       bool gpu = false;
                       for (const QJsonValue &v : points) {
                           const QJsonObject p = v.toObject();
                           complete += p.contains("loss") && p.contains("step_seconds") &&
                                       (p.contains("memory_bytes") || p.contains("gpu_memory_bytes"));
                           gpu = gpu || p.contains("gpu_memory_bytes");
                       }
                       const bool logged = !finished.value("log").toString().isEmpty();
                       const bool passed =
                           jobStateOf(finished) == JobState::Succeeded &&
                           logged && complete >= 5 && complete == points.size();
                       recordCheck(QStringLiteral("metrics"), finished, passed,
                                   Tr::trLater("%1 of %2 points carry loss, step time and memory "
                                               "(%3); log readable: %4")
                                       .arg(complete)
                                       .arg(points.size())
                                       .arg(gpu ? Tr::trLater("GPU memory")
                                                : Tr::trLater("resident memory"))
                                       .arg(yesNo(logged)));
                       next();
                   },
                   member);
           });
}

} // namespace onramp
