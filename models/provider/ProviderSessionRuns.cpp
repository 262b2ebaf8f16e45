// Gates 5 and 6 at the provider: the readiness checks, the first run and the wrap-up.
#include "ProviderSession.h"

#include "GateLedger.h"

#include "ProbeEvents.h"
#include "ProviderStates.h"
#include "RunSpec.h"
#include "Tr.h"
#include "Triage.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>
#include <QRandomGenerator>
#include <QThread>

namespace onramp {

namespace {

// A fresh checkpoint folder per attempt: a second attempt must not resume the first's.
QString attemptTag()
{
    return QString::number(QRandomGenerator::global()->generate(), 16);
}

QString diagnosisText(const Diagnosis &d)
{
    if (!d.isFailure())
        return {};
    return Tr::tr("%1 — %2 First: %3").arg(d.title, d.cause, d.firstAction);
}

} // namespace

QString ProviderSession::jobMember() const
{
    const QString developer = actingMember(Role::Developer);
    return developer.isEmpty() ? actingMember(Role::Admin) : developer;
}

QJsonObject ProviderSession::probeJob(const QString &name, const QString &entry,
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
    return job;
}

void ProviderSession::recordCheck(const QString &name, const QJsonObject &finished, bool passed,
                                  const QString &evidence)
{
    CheckResult &r = m_state.environment.checks[name];
    r.jobId = finished.value("id").toString();
    r.at = QDateTime::currentDateTimeUtc();
    r.state = passed ? QStringLiteral("passed") : QStringLiteral("failed");
    r.evidence = evidence;
    r.diagnosis.clear();
    r.failureKind.clear();
    if (!passed) {
        const Diagnosis d =
            triage(JobObservation::fromJob(finished, finished.value("log").toString()));
        r.failureKind = failureKindName(d.kind);
        r.diagnosis = d.isFailure() ? diagnosisText(d) : QString();
    }
    changed();
}

void ProviderSession::runReadinessChecks(Done done)
{
    if (!begin(done))
        return;
    if (m_state.provider.instanceId.isEmpty()) {
        finish(std::unexpected(localError(Tr::tr("Create the instance in gate 4 first."))));
        return;
    }
    (void)setGateStatus(m_state, GateId::Environment, GateStatus::InProgress,
                        QDateTime::currentDateTimeUtc());
    for (const QString &name : EnvironmentGateData::checkNames())
        m_state.environment.checks[name] = CheckResult{};
    changed();
    runCheck(0);
}

void ProviderSession::runCheck(int index)
{
    using Step = void (ProviderSession::*)(std::function<void()>);
    static constexpr Step kChecks[] = {&ProviderSession::checkEnvironment,
                                       &ProviderSession::checkData,
                                       &ProviderSession::checkCheckpoint,
                                       &ProviderSession::checkMetrics};
    if (index == int(std::size(kChecks))) {
        settleEnvironmentGate();
        finish({});
        return;
    }
    m_check = EnvironmentGateData::checkNames().at(index);
    m_state.environment.checks[m_check].state = QStringLiteral("running");
    changed();
    (this->*kChecks[index])([this, index] { runCheck(index + 1); });
}

void ProviderSession::settleEnvironmentGate()
{
    GateRecord &g = m_state.gate(GateId::Environment);
    const QDateTime now = QDateTime::currentDateTimeUtc();
    QStringList lines, failed;
    for (const QString &name : EnvironmentGateData::checkNames()) {
        const CheckResult &r = m_state.environment.checks.value(name);
        lines << name + QStringLiteral(": ") + r.evidence;
        if (!r.passed())
            failed << name;
    }
    if (failed.isEmpty()) {
        g.evidence = lines.join(u'\n');
        g.acceptedBy = Tr::tr("The four readiness checks, run as %1").arg(jobMember());
        g.rejectionReason.clear();
        g.whatToChange.clear();
        if (!acceptFromProvider(m_state, GateId::Environment, now))
            progress(g.heldBack);
    } else {
        g.rejectionReason = Tr::tr("Not ready: %1 failed.").arg(failed.join(QStringLiteral(", ")));
        g.whatToChange = m_state.environment.checks.value(failed.first()).diagnosis;
        (void)setGateStatus(m_state, GateId::Environment, GateStatus::Rejected, now);
    }
    changed();
}

// 1. Framework, driver and accelerator library: the light loop in the clean image.
void ProviderSession::checkEnvironment(std::function<void()> next)
{
    progress(Tr::tr("Readiness 1/4: a light training loop in the clean image…"));
    runJob(jobMember(), probeJob(QStringLiteral("gate5-environment"), QStringLiteral("environment"),
                                 {QStringLiteral("--steps"), QStringLiteral("100")}),
           [this, next](const QJsonObject &finished) {
               const QString log = finished.value("log").toString();
               const auto events = probeEvents(log);
               const QJsonObject verdict = events.value(QStringLiteral("verdict/environment"));
               const QJsonObject print = events.value(QStringLiteral("fingerprint/"));
               if (!print.isEmpty())
                   m_state.environment.fingerprint = print;
               const bool passed =
                   jobStateOf(finished) == JobState::Succeeded &&
                   verdict.value("passed").toBool();
               const QJsonArray gpus = print.value("gpus").toArray();
               recordCheck(
                   QStringLiteral("environment"), finished, passed,
                   Tr::tr("%1 on %2, %3 GPU(s); loss %4 → %5 over the light loop")
                           .arg(print.value("os").toString(), print.value("arch").toString())
                           .arg(gpus.size())
                           .arg(verdict.value("first_loss").toDouble(), 0, 'g', 4)
                           .arg(verdict.value("last_loss").toDouble(), 0, 'g', 4) +
                       // The probe's own words (untranslated) only when they explain a failure.
                       (passed ? QString()
                               : QStringLiteral(": ") + verdict.value("reason").toString(
                                                             finished.value("state").toString())));
               if (!passed && m_state.environment.checks[QStringLiteral("environment")]
                                  .diagnosis.isEmpty())
                   m_state.environment.checks[QStringLiteral("environment")].diagnosis =
                       Tr::tr("The loop ran but its loss did not fall. Check in this order: the "
                              "framework's version, then the driver, then the accelerator "
                              "library — do not reinstall first.");
               next();
           });
}

// 2. Data reads fast enough: a read-only pass, judged by the read share of a step.
void ProviderSession::checkData(std::function<void()> next)
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
               recordCheck(QStringLiteral("data"), finished, passed,
                           Tr::tr("%1 files, %2 MB/s cold, %3 MB/s warm, reading is %4 % of a "
                                  "step")
                                   .arg(data.value("files").toInt())
                                   .arg(data.value("throughput_mb_s").toDouble(), 0, 'f', 0)
                                   .arg(data.value("warm_throughput_mb_s").toDouble(), 0, 'f', 0)
                                   .arg(data.value("read_share").toDouble() * 100, 0, 'f', 1) +
                               (passed ? QString()
                                       : QStringLiteral(": ") + verdict.value("reason").toString(
                                                                     finished.value("state").toString())));
               next();
           });
}

// 3. Checkpoints save and resume: interrupted on purpose after its first checkpoint, run
// again; the step count, the optimizer state and the losses must continue.
void ProviderSession::checkCheckpoint(std::function<void()> next)
{
    progress(Tr::tr("Readiness 3/4: training with checkpoints, to be interrupted on purpose…"));
    const QStringList args = {QStringLiteral("--steps"), QStringLiteral("200"),
                              QStringLiteral("--every"), QStringLiteral("10"),
                              QStringLiteral("--step-ms"), QStringLiteral("20"),
                              QStringLiteral("--tag"),     attemptTag()};
    auto interrupted = std::make_shared<bool>(false);
    const QString member = jobMember();
    m_watch = [this, interrupted, member](const QJsonObject &job, const QByteArray &bytes) {
        if (*interrupted || !bytes.contains("\"event\":\"checkpoint\""))
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
    runJob(member, probeJob(QStringLiteral("gate5-checkpoint-a"), QStringLiteral("checkpoint"), args),
           [this, next, args, member](const QJsonObject &first) {
               m_watch = {};
               const auto stops = probeEventList(first.value("log").toString(),
                                              QStringLiteral("interrupted"));
               if (jobStateOf(first) != JobState::Interrupted ||
                   stops.isEmpty()) {
                   recordCheck(QStringLiteral("checkpoint"), first, false,
                               Tr::tr("The job ended %1 instead of being interrupted after its "
                                      "first checkpoint.")
                                   .arg(first.value("state").toString()));
                   next();
                   return;
               }
               const QJsonObject stop = stops.last();
               progress(Tr::tr("Interrupted at step %1; starting again from the checkpoint…")
                            .arg(stop.value("step").toInt()));
               runJob(member,
                      probeJob(QStringLiteral("gate5-checkpoint-b"), QStringLiteral("checkpoint"),
                               args),
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
                              passed ? Tr::tr("interrupted at step %1 with a checkpoint; resumed "
                                              "at step %1, went on at step %2 to %3; optimizer "
                                              "state restored (momentum norm %4)")
                                           .arg(at)
                                           .arg(at + 1)
                                           .arg(steps.isEmpty() ? 0
                                                                : steps.last().value("step").toInt())
                                           .arg(stop.value("momentum_norm").toDouble(), 0, 'g', 6)
                                     : Tr::tr("interrupted at step %1; the second run resumed: %2, "
                                              "went on at the next step: %3, same optimizer "
                                              "state: %4 (%5)")
                                           .arg(at)
                                           .arg(resumedThere ? Tr::tr("yes") : Tr::tr("no"),
                                                continues ? Tr::tr("yes") : Tr::tr("no"),
                                                sameOptimizer ? Tr::tr("yes") : Tr::tr("no"),
                                                verdict.value("reason").toString(
                                                    second.value("state").toString())));
                          next();
                      });
           });
}

// 4. Logs and metrics visible: the job's loss, step time and memory read back through the
// provider's metrics endpoint, and its log readable.
void ProviderSession::checkMetrics(std::function<void()> next)
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
                                   Tr::tr("%1 of %2 points carry loss, step time and memory "
                                          "(%3); log readable: %4")
                                       .arg(complete)
                                       .arg(points.size())
                                       .arg(gpu ? Tr::tr("GPU memory") : Tr::tr("resident memory"))
                                       .arg(logged ? Tr::tr("yes") : Tr::tr("no")));
                       next();
                   },
                   member);
           });
}

// ---- Gate 6 ----------------------------------------------------------------------------------

void ProviderSession::runFirstRun(Done done)
{
    if (!begin(done))
        return;
    if (m_state.provider.instanceId.isEmpty()) {
        finish(std::unexpected(localError(Tr::tr("Create the instance in gate 4 first."))));
        return;
    }
    (void)setGateStatus(m_state, GateId::FirstRun, GateStatus::InProgress,
                        QDateTime::currentDateTimeUtc());
    FirstRunGateData &run = m_state.firstRun;
    run.run = CheckResult{};
    run.run.state = QStringLiteral("running");
    run.points.clear();
    changed();
    m_check = QStringLiteral("first-run");
    // A replay launches what its spec says, and asks for the data the spec names.
    const RunSpec spec = m_replaying ? *m_replaying : runSpecFromState(m_state);
    QStringList args = spec.launch.args;
    if (spec.launch.mode == QLatin1String("builtin") && !args.contains(QStringLiteral("--tag")))
        args << QStringLiteral("--tag") << attemptTag();
    QJsonObject job{{"name", "gate6-first-run"},
                    {"topic", "first-run"},
                    {"instanceId", m_state.provider.instanceId},
                    {"image", spec.image.name},
                    {"parameters", spec.parameters},
                    {"launch", QJsonObject{{"mode", spec.launch.mode},
                                           {"entry", spec.launch.entry},
                                           {"args", QJsonArray::fromStringList(args)}}}};
    if (m_replaying && !spec.storage.data.isEmpty())
        job["dataPath"] = spec.storage.data;
    // A refused submission is a diagnosis too (the permission kind of "queued forever").
    m_recover = [this](const ProviderError &e) {
        if (e.code != ProviderErrorCode::Forbidden)
            return false;
        const Diagnosis d = triage(JobObservation::refused(QStringLiteral("forbidden"), e.message));
        m_state.firstRun.run.state = QStringLiteral("failed");
        m_state.firstRun.run.evidence = e.message;
        m_state.firstRun.run.failureKind = failureKindName(d.kind);
        m_state.firstRun.run.diagnosis = diagnosisText(d);
        m_state.firstRun.run.at = QDateTime::currentDateTimeUtc();
        changed();
        finish({});
        return true;
    };
    progress(Tr::tr("The first run: the whole chain on a small slice…"));
    runJob(jobMember(), job, [this](const QJsonObject &finished) {
        m_recover = {};
        const QString log = finished.value("log").toString();
        const auto events = probeEvents(log);
        const QJsonObject verdict = events.value(QStringLiteral("verdict/first-run"));
        const QJsonObject summary = events.value(QStringLiteral("summary/first-run"));
        FirstRunGateData &run = m_state.firstRun;
        const QJsonObject points = verdict.value("points").toObject();
        for (const QString &name : FirstRunGateData::pointNames())
            if (points.contains(name))
                run.points.insert(name, points.value(name).toBool());
        run.steps = summary.value("steps").toInt();
        run.firstLoss = summary.value("first_loss").toDouble();
        run.lastLoss = summary.value("last_loss").toDouble();
        run.minLoss = summary.value("min_loss").toDouble();
        const QDateTime started =
            QDateTime::fromString(finished.value("startedAt").toString(), Qt::ISODateWithMs);
        const QDateTime ended =
            QDateTime::fromString(finished.value("finishedAt").toString(), Qt::ISODateWithMs);
        run.seconds = started.isValid() && ended.isValid() ? started.msecsTo(ended) / 1000.0 : 0;
        // What the run spec records: the trainer, the data manifest, every logged step.
        run.trainer = events.value(QStringLiteral("trainer/first-run"));
        run.manifest = events.value(QStringLiteral("manifest/first-run"));
        run.curve.clear();
        for (const QJsonObject &step : probeEventList(log, QStringLiteral("step")))
            if (step.value("check").toString() == QLatin1String("first-run"))
                run.curve.append({step.value("step").toInt(), step.value("loss").toDouble()});
        if (const QJsonObject print = events.value(QStringLiteral("fingerprint/")); !print.isEmpty())
            m_state.environment.fingerprint = print;
        const bool passed = jobStateOf(finished) == JobState::Succeeded &&
                            verdict.value("passed").toBool() && run.points.size() == 5;
        CheckResult &r = run.run;
        r.jobId = finished.value("id").toString();
        r.at = QDateTime::currentDateTimeUtc();
        run.ranBy = finished.value("member").toString(jobMember());
        run.replay = {}; // a new first run needs a new replay
        r.state = passed ? QStringLiteral("passed") : QStringLiteral("failed");
        r.evidence = Tr::tr("%1 steps in %2 s, loss %3 → %4 (min %5)")
                         .arg(run.steps)
                         .arg(run.seconds, 0, 'g', 3)
                         .arg(run.firstLoss, 0, 'g', 5)
                         .arg(run.lastLoss, 0, 'g', 5)
                         .arg(run.minLoss, 0, 'g', 5) +
                     (passed ? QString()
                             : QStringLiteral(": ") + verdict.value("reason").toString(
                                                           finished.value("state").toString()));
        const Diagnosis d = triage(JobObservation::fromJob(finished, log));
        r.failureKind = passed ? QString() : failureKindName(d.kind);
        r.diagnosis = passed ? QString() : diagnosisText(d);
        GateRecord &g = m_state.gate(GateId::FirstRun);
        g.updatedAt = r.at;
        if (passed) {
            g.evidence = r.evidence;
        } else {
            g.rejectionReason = r.evidence;
            g.whatToChange = r.diagnosis;
            (void)setGateStatus(m_state, GateId::FirstRun, GateStatus::Rejected, r.at);
        }
        changed();
        finish({});
    });
}

void ProviderSession::wrapUp(Done done)
{
    if (!begin(done))
        return;
    const QString jobId = m_state.firstRun.run.jobId;
    const QString instance = m_state.provider.instanceId;
    if (jobId.isEmpty() || !m_state.firstRun.run.passed()) {
        finish(std::unexpected(localError(Tr::tr("Finish a passing first run before wrapping up."))));
        return;
    }
    const QString member = jobMember();
    progress(Tr::tr("Listing the first run's artifacts…"));
    call(
        {},
        [jobId](Provider &p, const CallContext &c, Provider::Answer a) {
            return p.listCheckpoints(c, jobId, std::move(a));
        },
        [this, instance, member](const QJsonObject &answer) {
            // Purposeful names: what, when, on what, how far — never "final2".
            const RunSpec spec = runSpecFromState(m_state);
            const QString prefix =
                QStringLiteral("%1/first-run-%2-%3-%4steps/")
                    .arg(m_state.workspace.workspaceName.isEmpty() ? QStringLiteral("onboarding")
                                                          : m_state.workspace.workspaceName,
                         QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd")),
                         spec.compute.instanceType.isEmpty() ? QStringLiteral("instance")
                                                             : spec.compute.instanceType)
                    .arg(m_state.firstRun.steps);
            QStringList archived;
            for (const QJsonValue &v : answer.value("checkpoints").toArray())
                archived << prefix + v.toObject().value("name").toString();
            // In step order as a person counts: step-20 before step-100 (runs of digits
            // compare as numbers, whatever the locale; QCollator cannot under C).
            std::sort(archived.begin(), archived.end(), [](const QString &a, const QString &b) {
                qsizetype i = 0, j = 0;
                while (i < a.size() && j < b.size()) {
                    if (a[i].isDigit() && b[j].isDigit()) {
                        qsizetype ie = i, je = j;
                        while (ie < a.size() && a[ie].isDigit())
                            ++ie;
                        while (je < b.size() && b[je].isDigit())
                            ++je;
                        const qulonglong x = a.mid(i, ie - i).toULongLong();
                        const qulonglong y = b.mid(j, je - j).toULongLong();
                        if (x != y)
                            return x < y;
                        i = ie;
                        j = je;
                    } else {
                        if (a[i] != b[j])
                            return a[i] < b[j];
                        ++i;
                        ++j;
                    }
                }
                return a.size() - i < b.size() - j;
            });
            archived << prefix + QStringLiteral("metrics.json")
                     << prefix + QStringLiteral("run-spec.json");
            m_state.firstRun.archived = archived;
            changed();
            const auto wrapped = [this] {
                FirstRunGateData &run = m_state.firstRun;
                run.released = true;
                run.wrappedUpAt = QDateTime::currentDateTimeUtc();
                // Not passed here: the operator alone cannot accept gate 6. A colleague's
                // replay does (acceptFirstRunByReplay).
                GateRecord &g = m_state.gate(GateId::FirstRun);
                g.updatedAt = run.wrappedUpAt;
                g.evidence = run.run.evidence + u'\n' +
                             Tr::tr("Released the instance; %n artifact(s) recorded.", nullptr,
                                    int(run.archived.size()));
                if (!run.replay.isEmpty())
                    (void)acceptFirstRunByReplay(m_state, run.replay);
                changed();
                finish({});
            };
            if (instance.isEmpty()) {
                wrapped();
                return;
            }
            progress(Tr::tr("Releasing instance %1…").arg(instance));
            call(
                {},
                [instance](Provider &p, const CallContext &c, Provider::Answer a) {
                    return p.releaseInstance(c, instance, std::move(a));
                },
                [this, wrapped](const QJsonObject &inst) {
                    m_state.provider.instanceState = inst.value("state").toString();
                    wrapped();
                },
                actingMember(Role::Admin));
        },
        member);
}

} // namespace onramp

// ---- Gate 4: the dataset --------------------------------------------------------------------

namespace onramp {

namespace {
constexpr qint64 kChunk = 1024 * 1024;
constexpr qint64 kMaxFile = 256LL * 1024 * 1024; // the API's limit: small datasets only
} // namespace

void ProviderSession::uploadDataset(const QString &folder, Done done)
{
    if (!begin(done))
        return;
    QFileInfo info(folder);
    if (!info.isDir()) {
        finish(std::unexpected(localError(Tr::tr("%1 is not a folder.").arg(folder))));
        return;
    }
    if (m_state.provider.uploadFolder != info.absoluteFilePath()) {
        // Another folder: a new upload.
        m_state.provider.uploadFolder = info.absoluteFilePath();
        m_state.provider.uploadIds.clear();
        m_state.provider.uploaded.clear();
        changed();
    }
    progress(Tr::tr("Computing the files' checksums…"));
    // Hashing reads every byte: off this thread, then back here with the list.
    const QString root = info.absoluteFilePath();
    const quint64 generation = m_generation;
    QPointer<ProviderSession> self(this);
    QThread *worker = QThread::create([self, root, generation] {
        QList<std::tuple<QString, qint64, QByteArray>> files;
        QString problem;
        QDirIterator it(root, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            QFile f(path);
            if (f.size() > kMaxFile) {
                problem = Tr::tr("%1 is larger than 256 MiB: upload small datasets here and mount "
                                 "large ones at the provider.")
                              .arg(QDir(root).relativeFilePath(path));
                break;
            }
            QCryptographicHash h(QCryptographicHash::Sha256);
            if (!f.open(QIODevice::ReadOnly) || !h.addData(&f)) {
                problem = Tr::tr("Cannot read %1: %2").arg(path, f.errorString());
                break;
            }
            files.append({QDir(root).relativeFilePath(path), f.size(), h.result().toHex()});
        }
        std::sort(files.begin(), files.end());
        if (!self)
            return;
        QMetaObject::invokeMethod(self.data(), [self, files, problem, generation] {
            if (!self || generation != self->m_generation)
                return; // gone or cancelled meanwhile
            if (!problem.isEmpty()) {
                self->finish(std::unexpected(self->localError(problem)));
                return;
            }
            self->uploadNext(files);
        });
    });
    connect(worker, &QThread::finished, worker, &QObject::deleteLater);
    worker->start();
}

void ProviderSession::uploadNext(QList<std::tuple<QString, qint64, QByteArray>> files)
{
    while (!files.isEmpty() && m_state.provider.uploaded.contains(std::get<0>(files.first())))
        files.removeFirst();
    if (files.isEmpty()) {
        GateRecord &g = m_state.gate(GateId::Resources);
        g.updatedAt = QDateTime::currentDateTimeUtc();
        progress(Tr::tr("%n file(s) uploaded.", nullptr, int(m_state.provider.uploaded.size())));
        changed();
        finish({});
        return;
    }
    const auto [rel, size, sha] = files.first();
    const QString member = jobMember();
    const QString known = m_state.provider.uploadIds.value(rel);
    const auto chunksOf = [size](const QJsonObject &up) {
        QList<int> missing;
        QSet<int> have;
        for (const QJsonValue &v : up.value("received").toArray())
            have.insert(v.toInt());
        const int count = int((size + kChunk - 1) / kChunk);
        for (int i = 0; i < count; ++i)
            if (!have.contains(i))
                missing << i;
        return missing;
    };
    if (!known.isEmpty()) {
        // Resume: ask which chunks arrived.
        call({},
             [known](Provider &p, const CallContext &c, Provider::Answer a) {
                 return p.readUpload(c, known, std::move(a));
             },
             [this, rel, known, files, chunksOf](const QJsonObject &up) {
                 uploadChunks(rel, known, chunksOf(up), files.mid(1));
             },
             member);
        return;
    }
    call(QStringLiteral("upload.open/") + rel,
         [ws = m_state.workspace.workspaceName,
          file = QJsonObject{{"path", rel},
                             {"size", size},
                             {"chunkSize", kChunk},
                             {"sha256", QString::fromLatin1(sha)}}](
             Provider &p, const CallContext &c, Provider::Answer a) {
             return p.startUpload(c, ws, file, std::move(a));
         },
         [this, rel, files, chunksOf](const QJsonObject &up) {
             m_state.provider.uploadIds.insert(rel, up.value("id").toString());
             changed();
             uploadChunks(rel, up.value("id").toString(), chunksOf(up), files.mid(1));
         },
         member);
}

void ProviderSession::uploadChunks(const QString &rel, const QString &id, QList<int> missing,
                                   QList<std::tuple<QString, qint64, QByteArray>> rest)
{
    const QString member = jobMember();
    if (missing.isEmpty()) {
        call({},
             [id](Provider &p, const CallContext &c, Provider::Answer a) {
                 return p.completeUpload(c, id, std::move(a));
             },
             [this, rel, rest](const QJsonObject &) {
                 m_state.provider.uploadIds.remove(rel);
                 m_state.provider.uploaded << rel;
                 changed();
                 uploadNext(rest);
             },
             member);
        return;
    }
    const int n = missing.takeFirst();
    QFile f(QDir(m_state.provider.uploadFolder).filePath(rel));
    QByteArray bytes;
    if (f.open(QIODevice::ReadOnly) && f.seek(n * kChunk))
        bytes = f.read(kChunk);
    progress(Tr::tr("Uploading %1: chunk %2…").arg(rel).arg(n + 1));
    const quint64 generation = m_generation;
    m_inFlight = m_provider->sendChunk(
        CallContext{this, member, {}}, id, n, bytes, [this, generation, rel, id, missing, rest](const ProviderResult &r) {
            if (generation != m_generation)
                return;
            m_inFlight = 0;
            if (!r) {
                finish(std::unexpected(r.error()));
                return;
            }
            uploadChunks(rel, id, missing, rest);
        });
}

} // namespace onramp
