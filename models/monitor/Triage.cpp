#include "Triage.h"

#include "LogTail.h"
#include "ProbeEvents.h"
#include "Duration.h"
#include "Tr.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <QRegularExpression>

#include <algorithm>

namespace onramp {

namespace {

// A job waiting this long without a cause that clears by itself is "queued forever".
constexpr qint64 kSchedulingPatienceSeconds = 30 * 60;
// A step this many times slower than the plan's estimate is "extremely slow".
constexpr double kSlowFactor = 3.0;
// A step that spends this share reading data is data-bound (the guides: a high read share).
constexpr double kReadShareLimit = 0.3;
// No step for this many times the median step time is a hang.
constexpr double kHangFactor = 10;
// Utilisation below this in every step of the newest kLowUtilisationSeconds (and at least
// kLowUtilisationSamples samples) is sustained low utilisation.
constexpr double kLowUtilisation = 30;
constexpr double kLowUtilisationSeconds = 60;
constexpr int kLowUtilisationSamples = 10;

// The first log line matching, searched from the end (the newest cause wins).
QString findLine(const QStringList &lines, const QRegularExpression &re)
{
    for (auto it = lines.crbegin(); it != lines.crend(); ++it)
        if (re.match(*it).hasMatch())
            return *it;
    return {};
}

QRegularExpression pattern(const char *text)
{
    return QRegularExpression(QString::fromLatin1(text), QRegularExpression::CaseInsensitiveOption);
}

} // namespace

QueueCause queueCauseOf(const QString &kind, const QString &code)
{
    if (kind == QLatin1String("quota") || code.startsWith(QLatin1String("AssocGrp")) ||
        code.startsWith(QLatin1String("AssocMax")) || code.startsWith(QLatin1String("QOSGrp")) ||
        code == QLatin1String("QOSUsageThreshold") || code == QLatin1String("QuotaExhausted"))
        return QueueCause::Quota;
    if (kind == QLatin1String("stock") || code == QLatin1String("Resources") ||
        code.startsWith(QLatin1String("ReqNodeNotAvail")) || code == QLatin1String("NodeDown") ||
        code == QLatin1String("PartitionNodeLimit"))
        return QueueCause::Stock;
    if (kind == QLatin1String("permission") || code.startsWith(QLatin1String("QOSMax")) ||
        code == QLatin1String("AccountNotAllowed") || code == QLatin1String("InvalidAccount") ||
        code == QLatin1String("InvalidQOS") || code == QLatin1String("QOSNotAllowed") ||
        code == QLatin1String("JobHeldAdmin") || code == QLatin1String("forbidden"))
        return QueueCause::Permission;
    if (kind == QLatin1String("dependency") || code.startsWith(QLatin1String("Dependency")) ||
        code == QLatin1String("BeginTime") || code == QLatin1String("JobHeldUser"))
        return QueueCause::Dependency;
    if (kind == QLatin1String("priority") || code == QLatin1String("Priority") ||
        code == QLatin1String("InstanceBusy"))
        return QueueCause::Priority;
    return QueueCause::Scheduling;
}

QueueWait explainWait(const JobObservation &j)
{
    QueueWait w;
    w.cause = queueCauseOf(j.reasonKind, j.reasonCode);
    w.evidence = (j.reasonCode.isEmpty() ? j.reasonKind : j.reasonCode) +
                 (j.reasonMessage.isEmpty() ? QString() : QStringLiteral(": ") + j.reasonMessage);
    switch (w.cause) {
    case QueueCause::Quota:
        w.stuck = true;
        w.title = Tr::trLater("Waiting for quota");
        w.waitsFor =
            Tr::trLater("The workspace's quota is used up or not attached: the job waits for "
                        "card-hours that will not come by themselves.");
        w.firstAction =
            Tr::trLater("Check granted, used and remaining card-hours (gate 3); ask the "
                        "quota owner for more or release what other jobs hold.");
        break;
    case QueueCause::Stock:
        w.stuck = true;
        // Slurm gives the same code (Resources) whether the cards are busy or their nodes are
        // out; its description names a down or drained node (22.05: "Nodes required for job
        // are DOWN, DRAINED or reserved…"), as does the code NodeDown.
        if (j.reasonCode == QLatin1String("NodeDown") ||
            j.reasonMessage.contains(QLatin1String("DOWN")) ||
            j.reasonMessage.contains(QLatin1String("DRAIN"))) {
            w.title = Tr::trLater("Waiting for nodes that are down or drained");
            w.waitsFor =
                Tr::trLater("The nodes that could run it are down, drained for maintenance "
                            "or reserved: the cards exist, but none can take the job now, "
                            "and more quota will not help.");
            w.firstAction = Tr::trLater("Ask the cluster's administrators when the nodes come back "
                                        "(sinfo -R lists why each is out); fewer cards or another "
                                        "partition may start it sooner.");
            break;
        }
        w.title = Tr::trLater("Waiting for free cards");
        w.waitsFor =
            Tr::trLater("There are not enough free cards of this type in the zone: the quota "
                        "is fine, the zone is not.");
        w.firstAction =
            Tr::trLater("Ask for fewer cards, or pick a zone with stock where the quota "
                        "also applies (gate 4); do not raise the quota, it will not help.");
        break;
    case QueueCause::Permission:
        w.stuck = true;
        w.title = Tr::trLater("Held by a permission");
        w.waitsFor =
            Tr::trLater("Your role or account may not run jobs here: the provider refuses or "
                        "holds them.");
        w.firstAction =
            Tr::trLater("Ask the workspace admin to give you the developer role in this "
                        "workspace (gate 2).");
        break;
    case QueueCause::Priority:
        w.stuck = j.queuedSeconds >= kSchedulingPatienceSeconds;
        w.title = Tr::trLater("Waiting its turn");
        w.waitsFor = Tr::trLater("Other jobs are ahead of it (higher priority, or already on the "
                                 "instance); it starts when they end.");
        w.firstAction =
            Tr::trLater("Nothing is wrong yet: watch the expected start. A shorter time "
                        "limit or fewer cards often lets the scheduler start it sooner.");
        break;
    case QueueCause::Dependency:
        // A job the cluster requeued itself is held a while before it may start again (Slurm:
        // a begin time about two minutes on); that is no condition of the job's own.
        if (j.restarts > 0 && j.reasonCode == QLatin1String("BeginTime")) {
            w.title = Tr::trLater("Requeued, held until its begin time");
            w.waitsFor =
                Tr::trLater("The provider stopped this job and queued it again itself (a "
                            "failed node, a preemption or an administrator's requeue); it "
                            "holds a requeued job a short while before starting it again.");
            w.firstAction =
                Tr::trLater("Nothing to do: it starts again by itself and resumes from "
                            "its newest checkpoint. If it keeps being requeued, ask the "
                            "platform team why (the job's id and this reason).");
            break;
        }
        w.stuck = j.reasonCode == QLatin1String("DependencyNeverSatisfied");
        w.title = Tr::trLater("Waiting for its own dependency");
        w.waitsFor = w.stuck
                         ? Tr::trLater("The job depends on another job that ended in a way that "
                                       "can never satisfy it: it will never start.")
                         : Tr::trLater("The job waits for a condition it set itself: another job "
                                       "to end, a begin time, or a hold by its owner.");
        w.firstAction = w.stuck
                            ? Tr::trLater("Cancel it and submit it again without the dependency, "
                                          "or after the job it needs has succeeded.")
                            : Tr::trLater("Check the job's dependency and begin time; if its "
                                          "owner holds it, release it (scontrol release).");
        break;
    default:
        w.stuck = j.queuedSeconds >= kSchedulingPatienceSeconds;
        w.title = Tr::trLater("Waiting for the scheduler");
        w.waitsFor = Tr::trLater("The scheduler has not named a shortage (yet).");
        w.firstAction = Tr::trLater("Wait a scheduling cycle; if it stays unexplained, ask the "
                                    "platform team with the job's id and the reason shown.");
    }
    if (j.expectedStart.isValid()) {
        const QString at = QLocale().toString(j.expectedStart.toLocalTime(), QLocale::ShortFormat);
        w.expected =
            j.expectedStartBasis == QLatin1String("queue")
                ? Tr::trLater("Expected to start by %1, when the job ahead of it reaches its "
                              "time limit.")
                      .arg(at)
                : Tr::trLater("Expected to start at %1 (the scheduler's estimate).").arg(at);
    } else {
        w.expected = w.stuck && w.cause != QueueCause::Priority && w.cause != QueueCause::Scheduling
                         ? Tr::trLater("It will not start until this is fixed.")
                         : Tr::trLater("No expected start is known yet.");
    }
    return w;
}

namespace {

Diagnosis queued(const JobObservation &j)
{
    Diagnosis d;
    const QueueWait w = explainWait(j);
    d.queue = w.cause;
    d.evidence = w.evidence;
    if (!w.stuck)
        return d; // waiting its turn, not yet a failure
    d.kind = FailureKind::QueuedForever;
    d.title = Tr::trLater("Queued forever");
    d.cause = w.waitsFor;
    d.firstAction = w.firstAction;
    if (w.cause == QueueCause::Priority || w.cause == QueueCause::Scheduling) {
        d.cause = Tr::trLater("The job has waited more than 30 minutes behind other jobs without a "
                              "shortage named.");
        d.firstAction =
            Tr::trLater("Read the queue's reason with the platform team; meanwhile ask for "
                        "a shorter time limit, which schedulers start sooner.");
    }
    return d;
}

int stepCount(const JobObservation &j)
{
    return int(std::count_if(j.events.begin(), j.events.end(), [](const QJsonObject &e) {
        return e.value("event").toString() == QLatin1String("step");
    }));
}

const QJsonObject *lastEvent(const JobObservation &j, const QString &name)
{
    for (auto it = j.events.crbegin(); it != j.events.crend(); ++it)
        if (it->value("event").toString() == name)
            return &*it;
    return nullptr;
}

// The guides' environment diagnosis: what disagrees, and the order to check it in.
Text frameworkCause()
{
    return Tr::trLater("The image's framework, driver and accelerator library do not agree, or a "
                       "package is missing from the image.");
}

Text frameworkOrder()
{
    return Tr::trLater("Check in this order: the framework's version, then the driver, then the "
                       "accelerator library — do not reinstall first.");
}

QString compact(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact)).left(300);
}

} // namespace

JobObservation JobObservation::fromJob(const QJsonObject &job, const QString &log)
{
    JobObservation j;
    j.state = job.value("state").toString();
    const QJsonObject reason = job.value("reason").toObject();
    j.reasonKind = reason.value("kind").toString();
    j.reasonCode = reason.value("code").toString();
    j.reasonMessage = reason.value("message").toString();
    if (job.contains("exitCode"))
        j.exitCode = job.value("exitCode").toInt();
    const QDateTime submitted =
        QDateTime::fromString(job.value("submittedAt").toString(), Qt::ISODateWithMs);
    if (submitted.isValid() && j.state == QLatin1String("queued"))
        j.queuedSeconds = submitted.secsTo(QDateTime::currentDateTimeUtc());
    j.expectedStepSeconds = job.value("parameters").toObject().value("expectedStepSeconds").toDouble();
    j.expectedStart = QDateTime::fromString(job.value("expectedStart").toString(), Qt::ISODateWithMs);
    j.expectedStartBasis = job.value("expectedStartBasis").toString();
    j.restarts = job.value("restarts").toInt();
    const QStringList lines = log.split(u'\n', Qt::SkipEmptyParts);
    // The last 200 lines are enough to recognise a cause; the events come from all of it.
    j.logLines = lines.mid(std::max<qsizetype>(0, lines.size() - 200));
    j.events = probeEventList(log);
    return j;
}

JobObservation JobObservation::refused(const QString &code, const QString &message)
{
    JobObservation j;
    j.state = QStringLiteral("refused");
    j.reasonKind = QStringLiteral("permission");
    j.reasonCode = code;
    j.reasonMessage = message;
    return j;
}

Diagnosis triage(const JobObservation &j)
{
    if (j.state == QLatin1String("queued") || j.state == QLatin1String("pending") ||
        j.state == QLatin1String("refused"))
        return queued(j);

    Diagnosis d;
    const auto found = [&](FailureKind kind, Text title, Text cause, Text action,
                           QString evidence) {
        d.kind = kind;
        d.title = std::move(title);
        d.cause = std::move(cause);
        d.firstAction = std::move(action);
        d.evidence = std::move(evidence);
        return d;
    };

    // Out of memory: the probe's own report, the frameworks' messages, or the kernel's kill.
    if (const QJsonObject *e = lastEvent(j, QStringLiteral("error"));
        e && e->value("kind").toString() == QLatin1String("out_of_memory"))
        return found(
            FailureKind::OutOfMemory, Tr::trLater("Out of memory"),
            Tr::trLater("The step needs more memory than the card has."),
            Tr::trLater("Halve the micro-batch first, then turn on gradient checkpointing, then "
                        "a higher ZeRO stage or LoRA; re-check the estimate in gate 4."),
            compact(*e));
    if (const QString line = findLine(
            j.logLines, pattern("out of memory|OutOfMemoryError|std::bad_alloc|cannot allocate "
                                "memory|oom-kill|oom_kill|OOMKilled"));
        !line.isEmpty() || (j.exitCode == 137 && stepCount(j) > 0))
        return found(
            FailureKind::OutOfMemory, Tr::trLater("Out of memory"),
            Tr::trLater("The job ran out of memory (the log says so, or the system killed it "
                        "with signal 9 while it was training)."),
            Tr::trLater("Halve the micro-batch first, then turn on gradient checkpointing, then "
                        "a higher ZeRO stage or LoRA; re-check the estimate in gate 4."),
            line.isEmpty() ? QStringLiteral("exit code 137") : line);

    // Cannot resume: a checkpoint exists but does not load, or the resume check failed.
    if (const QJsonObject *e = lastEvent(j, QStringLiteral("resume_failed")))
        return found(
            FailureKind::CannotResume, Tr::trLater("Cannot resume"),
            Tr::trLater("The newest checkpoint exists but cannot be loaded (cut short by the "
                        "interruption, or written by different code)."),
            Tr::trLater("Save checkpoints atomically (write, then rename) and keep the previous "
                        "one; resume from the last checkpoint that loads and compare the step "
                        "count and loss."),
            compact(*e));
    if (const QString line =
            findLine(j.logLines, pattern("error\\(s\\) in loading state_dict|failed to load "
                                         "checkpoint|checkpoint .*(corrupt|truncated)|size "
                                         "mismatch for"));
        !line.isEmpty())
        return found(
            FailureKind::CannotResume, Tr::trLater("Cannot resume"),
            Tr::trLater("The checkpoint does not match what the code expects to load."),
            Tr::trLater("Resume with the same code and configuration that wrote the "
                        "checkpoint; then save checkpoints atomically and keep the previous "
                        "one."),
            line);
    if (const QJsonObject *v = lastEvent(j, QStringLiteral("verdict"));
        v && v->value("check").toString() == QLatin1String("checkpoint") &&
        !v->value("passed").toBool(true))
        return found(
            FailureKind::CannotResume, Tr::trLater("Cannot resume"),
            Tr::trLater("The checkpoint check failed: %1.").arg(v->value("reason").toString()),
            Tr::trLater("Check that the output folder is writable and large enough, then run "
                        "the checkpoint check again."),
            compact(*v));

    // Cannot read data.
    for (const QJsonObject &e : j.events) {
        const QString name = e.value("event").toString();
        if ((name == QLatin1String("storage") && e.value("check").toString() == QLatin1String("data") &&
             !e.value("readable").toBool(true)) ||
            (name == QLatin1String("data") && (!e.value("unreadable").toArray().isEmpty() ||
                                               !e.value("truncated").toArray().isEmpty())))
            return found(
                FailureKind::CannotReadData, Tr::trLater("Cannot read data"),
                Tr::trLater("Files in the data folder cannot be read or are shorter than the "
                            "manifest says (a broken link, a permission, an upload cut "
                            "short)."),
                Tr::trLater("Open the listed files from the instance with the job's account; "
                            "upload again what is short; mount the data read-only at the "
                            "path the job reads."),
                name == QLatin1String("data") ? compact({{"unreadable", e.value("unreadable")},
                                                         {"truncated", e.value("truncated")}})
                                              : compact(e));
    }
    if (const QString line = findLine(
            j.logLines, pattern("(permission denied|no such file or directory|FileNotFoundError|"
                                "input/output error|stale file handle).*(data|dataset)|"
                                "(data|dataset).*(permission denied|no such file or directory|"
                                "input/output error|stale file handle)"));
        !line.isEmpty())
        return found(
            FailureKind::CannotReadData, Tr::trLater("Cannot read data"),
            Tr::trLater("The job cannot open its data: the path differs on the instance, or "
                        "the job's account may not read it."),
            Tr::trLater("Check the data path the job uses against the mount (gate 4's storage "
                        "plan), then the folder's permissions for the job's account."),
            line);

    const bool failed = j.state == QLatin1String("failed") ||
                        (j.exitCode && *j.exitCode != 0 && *j.exitCode != 130);
    // The cards before training: missing, sick, or unusable by the framework.
    if (const QJsonObject *e = lastEvent(j, QStringLiteral("gpu_health"));
        e && !e->value("passed").toBool(true)) {
        const QJsonArray problems = e->value("problems").toArray();
        const QString code = problems.isEmpty()
                                 ? QString()
                                 : problems.first().toObject().value("code").toString();
        const QString evidence = e->value("reason").toString();
        if (code == QLatin1String("torch_no_cuda") || code == QLatin1String("matmul_failed"))
            return found(
                FailureKind::GpuUnhealthy, Tr::trLater("GPU health"),
                Tr::trLater("The cards are there, but the framework cannot use them or "
                            "computes wrong results on them: its version, the driver and the "
                            "accelerator library do not agree, or a card is faulty."),
                frameworkOrder(), evidence);
        if (code == QLatin1String("no_gpu") || code == QLatin1String("count_mismatch") ||
            code == QLatin1String("nvidia_smi_failed"))
            return found(
                FailureKind::GpuUnhealthy, Tr::trLater("GPU health"),
                Tr::trLater("The job sees fewer GPUs than the instance type promises: a CPU "
                            "node, a driver that is not loaded, or cards not passed into the "
                            "container."),
                Tr::trLater("Do not train on fewer cards than planned: run nvidia-smi on "
                            "the instance, then check the driver; if a card is missing, ask "
                            "the provider for another instance."),
                evidence);
        return found(
            FailureKind::GpuUnhealthy, Tr::trLater("GPU health"),
            Tr::trLater("A card reports uncorrected memory errors, runs too hot or has its "
                        "clocks held down: its results or its speed cannot be trusted."),
            Tr::trLater("Ask the provider to replace the card or the node before training, "
                        "naming the card's index from the evidence; meanwhile use another "
                        "instance."),
            evidence);
    }
    // The framework's own loop failed (the probe's torch check): the environment disagrees.
    if (const QJsonObject *e = lastEvent(j, QStringLiteral("torch"));
        e && !e->value("passed").toBool(true))
        return found(FailureKind::ExitsAtStart, Tr::trLater("Exits at start"), frameworkCause(),
                     frameworkOrder(), e->value("error").toString());
    // Exits at start: failed before its first step.
    // (A probe that printed its verdict did start: its failure is the verdict's, judged below.)
    if (failed && stepCount(j) == 0 && !lastEvent(j, QStringLiteral("verdict"))) {
        const QString line = findLine(
            j.logLines,
            pattern("command not found|can't open|cannot open|no such file|not found|"
                    "ModuleNotFoundError|ImportError|exec format error|undefined symbol|"
                    "driver version is insufficient|libcuda|libcudart|libnccl|Traceback"));
        const bool framework = line.contains(QLatin1String("Module")) ||
                               line.contains(QLatin1String("Import")) ||
                               line.contains(QLatin1String("driver"), Qt::CaseInsensitive) ||
                               line.contains(QLatin1String("libcu"));
        return found(
            FailureKind::ExitsAtStart, Tr::trLater("Exits at start"),
            framework
                ? frameworkCause()
                : Tr::trLater("The job stopped before its first step: the launch command, its "
                              "entry file or an argument is wrong."),
            framework
                ? frameworkOrder()
                : Tr::trLater("Check the launch mode, the entry file's path inside the instance "
                              "and its arguments; run the image's built-in entry once to see that "
                              "the image itself starts."),
            line.isEmpty()
                ? QStringLiteral("exit code %1, no step")
                      .arg(j.exitCode ? QString::number(*j.exitCode) : QStringLiteral("?"))
                : line);
    }

    // Extremely slow: against the plan's step estimate, or a step that mostly waits for data.
    QList<double> stepSeconds;
    for (const QJsonObject &e : j.events)
        if (e.value("event").toString() == QLatin1String("step"))
            stepSeconds.append(e.value("step_seconds").toDouble());
    // While it runs: a hang (no step for many times the usual step time) and cards that idle.
    if (j.state == QLatin1String("running")) {
        QList<double> sorted = stepSeconds;
        std::sort(sorted.begin(), sorted.end());
        const double median = sorted.isEmpty() ? 0 : sorted[sorted.size() / 2];
        const double allowed = std::max(kHangFactor * median, j.hangMinimumSeconds);
        if (sorted.size() >= 3 && j.secondsSinceLastStep > allowed)
            return found(FailureKind::Hung, Tr::trLater("Hung"),
                         Tr::trLater("The job runs but has made no step for %1, more than %2 times "
                                     "its usual step (%3): a collective waiting for a card or a "
                                     "node that is gone, a stuck data loader, or a deadlock.")
                             .arg(readableDuration(j.secondsSinceLastStep))
                             .arg(kHangFactor, 0, 'f', 0)
                             .arg(readableDuration(median)),
                         Tr::trLater("Read the end of the log for the last thing it did; then stop "
                                     "the job and resume it from its last checkpoint. If it hangs "
                                     "again at a communication step, check the cards (gate 5's GPU "
                                     "health) and the network between nodes."),
                         QStringLiteral("no step for %1 s; median step %2 s; %3 steps")
                             .arg(j.secondsSinceLastStep, 0, 'f', 1)
                             .arg(median)
                             .arg(sorted.size()));
        // The newest unbroken stretch of steps whose utilisation stayed low.
        double covered = 0, sum = 0;
        int samples = 0;
        for (auto it = j.events.crbegin(); it != j.events.crend(); ++it) {
            if (it->value("event").toString() != QLatin1String("step"))
                continue;
            const int util = it->value("gpu_utilization").toInt(-1);
            if (util < 0 || util >= kLowUtilisation)
                break; // busy, or not reported: the stretch ends
            covered += it->value("step_seconds").toDouble();
            sum += util;
            ++samples;
        }
        if (covered >= kLowUtilisationSeconds && samples >= kLowUtilisationSamples)
            return found(
                FailureKind::LowUtilisation, Tr::trLater("Low GPU utilisation"),
                Tr::trLater("The cards have been busy only %1 % of the time over the last "
                            "%2: they wait for data, the CPU or communication.")
                    .arg(qRound(sum / samples))
                    .arg(readableDuration(covered)),
                Tr::trLater("Check the data read share first (gate 5's data check); then "
                            "raise the loader's workers or the micro-batch if memory allows."),
                QStringLiteral("mean utilisation %1 % over %2 steps, %3 s")
                    .arg(sum / samples, 0, 'f', 1)
                    .arg(samples)
                    .arg(covered, 0, 'f', 1));
    }
    if (const QJsonObject *e = lastEvent(j, QStringLiteral("data"));
        e && e->value("read_share").toDouble() >= kReadShareLimit) {
        const QJsonArray causes = e->value("causes").toArray();
        return found(
            FailureKind::ExtremelySlow, Tr::trLater("Extremely slow"),
            Tr::trLater("Steps wait for data: reading takes %1 % of a step.")
                .arg(qRound(e->value("read_share").toDouble() * 100)),
            Tr::trLater("Copy the data to the instance's local scratch disk, pack small files "
                        "into larger shards, and raise the loader's workers — in that order."),
            causes.isEmpty()
                ? compact(*e)
                : QString::fromUtf8(QJsonDocument(causes).toJson(QJsonDocument::Compact)));
    }
    if (j.expectedStepSeconds > 0 && stepSeconds.size() >= 5) {
        std::sort(stepSeconds.begin(), stepSeconds.end());
        const double median = stepSeconds[stepSeconds.size() / 2];
        if (median > kSlowFactor * j.expectedStepSeconds)
            return found(
                FailureKind::ExtremelySlow, Tr::trLater("Extremely slow"),
                Tr::trLater("A step takes %1, %2 times the plan's %3.")
                    .arg(readableDuration(median))
                    .arg(median / j.expectedStepSeconds, 0, 'f', 1)
                    .arg(readableDuration(j.expectedStepSeconds)),
                Tr::trLater("Look at utilisation first: steady and high means compute-bound "
                            "(more cards or a smaller model); fluctuating means data, "
                            "communication or scheduling — check the data read share first."),
                QStringLiteral("median step %1 s, expected %2 s")
                    .arg(median)
                    .arg(j.expectedStepSeconds));
    }
    if (failed)
        return found(
            FailureKind::Other, Tr::trLater("Failed for another reason"),
            Tr::trLater("The job stopped after it had started training, in a way none of the "
                        "six common failures explains."),
            Tr::trLater("Read the end of the log below; the last error line usually names the "
                        "cause."),
            j.logLines.isEmpty() ? QString() : j.logLines.last());
    return d;
}

Text gpuHealth(const QJsonObject &e)
{
    if (e.isEmpty())
        return Tr::trLater("GPU health not reported (an older probe)");
    const int found = e.value("found").toInt();
    const QJsonValue expected = e.value("expected");
    if (!e.value("passed").toBool()) {
        QStringList problems; // the probe's own words
        for (const QJsonValue &p : e.value("problems").toArray())
            problems << p.toObject().value("message").toString();
        return Tr::trLater("GPU health failed: %1").arg(problems.join(QStringLiteral("; ")));
    }
    if (found == 0 && e.contains("exempt"))
        return Tr::trLater("no GPU, exempt as %1 (the instance type promises %2)")
            .arg(probePhrase(e.value("exempt").toString()))
            .arg(expected.toInt());
    if (found == 0)
        return expected.isNull() ? Tr::trLater("no GPU on this instance (how many it should have "
                                               "was not given)")
                                 : Tr::trLater("no GPU on this instance, and none expected");
    return e.contains("matmul")
               ? Tr::trLater("%1 of %2 GPUs healthy: no ECC errors, normal temperature and clocks, "
                             "a matmul on each")
                     .arg(found)
                     .arg(expected.isNull() ? found : expected.toInt())
               : Tr::trLater("%1 of %2 GPUs healthy: no ECC errors, normal temperature and clocks")
                     .arg(found)
                     .arg(expected.isNull() ? found : expected.toInt());
}

QString gpuHealthText(const QJsonObject &e)
{
    return gpuHealth(e).toString();
}

QString failureKindName(FailureKind kind)
{
    switch (kind) {
    case FailureKind::None: return QStringLiteral("none");
    case FailureKind::QueuedForever: return QStringLiteral("queued-forever");
    case FailureKind::ExitsAtStart: return QStringLiteral("exits-at-start");
    case FailureKind::CannotReadData: return QStringLiteral("cannot-read-data");
    case FailureKind::OutOfMemory: return QStringLiteral("out-of-memory");
    case FailureKind::ExtremelySlow: return QStringLiteral("extremely-slow");
    case FailureKind::CannotResume: return QStringLiteral("cannot-resume");
    case FailureKind::Other: return QStringLiteral("other");
    case FailureKind::GpuUnhealthy: return QStringLiteral("gpu-unhealthy");
    case FailureKind::Hung: return QStringLiteral("hung");
    case FailureKind::LowUtilisation: return QStringLiteral("low-utilisation");
    }
    return {};
}

QString queueCauseName(QueueCause cause)
{
    switch (cause) {
    case QueueCause::None: return QStringLiteral("none");
    case QueueCause::Quota: return QStringLiteral("quota");
    case QueueCause::Stock: return QStringLiteral("stock");
    case QueueCause::Permission: return QStringLiteral("permission");
    case QueueCause::Scheduling: return QStringLiteral("scheduling");
    case QueueCause::Priority: return QStringLiteral("priority");
    case QueueCause::Dependency: return QStringLiteral("dependency");
    }
    return {};
}

} // namespace onramp
