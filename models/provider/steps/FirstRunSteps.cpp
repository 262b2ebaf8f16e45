#include "FirstRunSteps.h"

#include "Clock.h"
#include "LogTail.h"

#include "GateLedger.h"
#include "ProbeEvents.h"
#include "ProviderStates.h"
#include "Tr.h"
#include "Triage.h"

#include <QJsonArray>
#include <QMap>
#include <QRegularExpression>
#include <QTimer>

#include <algorithm>

namespace onramp {

void FirstRunSteps::runFirstRun(Done done)
{
    if (!begin(done))
        return;
    if (m_state.provider.instanceId.isEmpty()) {
        finish(std::unexpected(localError(Tr::tr("Create the instance in gate 4 first."))));
        return;
    }
    (void)setGateStatus(m_state, GateId::FirstRun, GateStatus::InProgress,
                        clock::nowUtc());
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
        m_state.firstRun.run.evidence = Text::literal(e.message);
        m_state.firstRun.run.failureKind = failureKindName(d.kind);
        m_state.firstRun.run.diagnosis = diagnosisText(d);
        m_state.firstRun.run.at = clock::nowUtc();
        changed();
        finish({});
        return true;
    };
    m_state.firstRun.attempts.clear();
    progress(Tr::tr("The first run: the whole chain on a small slice…"));
    submitAttempt(job, spec.recovery, {});
}

// The steps a job of the first run logged: (step, loss) in the order logged.
static QList<std::pair<int, double>> firstRunSteps(const QString &log)
{
    QList<std::pair<int, double>> steps;
    for (const QJsonObject &step : probeEventList(log, QStringLiteral("step")))
        if (step.value("check").toString() == QLatin1String("first-run"))
            steps.append({step.value("step").toInt(), step.value("loss").toDouble()});
    return steps;
}

void FirstRunSteps::submitAttempt(const QJsonObject &job, const RecoveryPolicy &policy,
                                  const QList<QJsonObject> &ended)
{
    runJob(jobMember(), job, [this, job, policy, ended](const QJsonObject &finished) {
        QList<QJsonObject> all = ended;
        all << finished;
        const QString log = finished.value("log").toString();
        const auto steps = firstRunSteps(log);
        RunAttempt attempt;
        attempt.jobId = finished.value("id").toString();
        attempt.state = finished.value("state").toString();
        attempt.cause = policy.retryCause(finished);
        attempt.reason = finished.value("reason").toObject().value("message").toString();
        if (attempt.reason.isEmpty() && finished.contains("exitCode") &&
            jobStateOf(finished) != JobState::Succeeded)
            attempt.reason = Tr::tr("exit code %1").arg(finished.value("exitCode").toInt());
        attempt.exitCode = finished.value("exitCode").toInt();
        // The log of a job the provider requeued itself goes on in the same file: a resume
        // before the first step is this attempt's start, one after steps the provider's restart.
        bool stepped = false;
        for (const QJsonObject &e : probeEventList(log)) {
            const QString event = e.value("event").toString();
            if (event == QLatin1String("step"))
                stepped = stepped || e.value("check").toString() == QLatin1String("first-run");
            else if (event == QLatin1String("resume"))
                (stepped ? attempt.requeueResumedFrom : attempt.resumedFrom) =
                    e.value("step").toInt();
        }
        attempt.providerRequeues = finished.value("restarts").toInt();
        if (attempt.providerRequeues == 0)
            attempt.requeueResumedFrom = 0;
        attempt.lastStep = steps.isEmpty()
                               ? std::max(attempt.resumedFrom, attempt.requeueResumedFrom)
                               : steps.last().first;
        attempt.endedAt = clock::nowUtc();
        m_state.firstRun.attempts << attempt;
        changed();
        const int restarts = int(ended.size());
        if (!attempt.cause.isEmpty() && restarts < policy.maxRestarts) {
            progress(Tr::tr("The first run stopped (%1); submitting it again in %2 s to resume "
                            "from its newest checkpoint (restart %3 of %4)…")
                         .arg(attempt.text())
                         .arg(policy.backoffSeconds, 0, 'g', 3)
                         .arg(restarts + 1)
                         .arg(policy.maxRestarts));
            // The backoff is a timer, never a wait: a cancel meanwhile ends the run.
            const quint64 asked = generation();
            QTimer::singleShot(qint64(policy.backoffSeconds * 1000), context(),
                               [this, job, policy, all, asked] {
                                   if (asked == generation())
                                       submitAttempt(job, policy, all);
                               });
            return;
        }
        recordFirstRun(all);
    });
}

void FirstRunSteps::recordFirstRun(const QList<QJsonObject> &jobs)
{
    const QJsonObject finished = jobs.last();
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
        const QDateTime started = QDateTime::fromString(
            jobs.first().value("startedAt").toString(), Qt::ISODateWithMs);
        const QDateTime ended =
            QDateTime::fromString(finished.value("finishedAt").toString(), Qt::ISODateWithMs);
        run.seconds = started.isValid() && ended.isValid() ? started.msecsTo(ended) / 1000.0 : 0;
        // What the run spec records: the trainer, the data manifest, every logged step. A run
        // that resumed itself has one curve: each attempt's steps continue the one before;
        // a step run again after a resume from an older checkpoint replaces the earlier one.
        run.trainer = events.value(QStringLiteral("trainer/first-run"));
        run.manifest = events.value(QStringLiteral("manifest/first-run"));
        run.curve.clear();
        for (const QJsonObject &j : jobs)
            for (const auto &[step, loss] : firstRunSteps(j.value("log").toString())) {
                while (!run.curve.isEmpty() && run.curve.last().first >= step)
                    run.curve.removeLast();
                run.curve.append({step, loss});
            }
        // The probe's summary is its own process's; across attempts, the whole curve's.
        if (jobs.size() > 1 && !run.curve.isEmpty()) {
            run.steps = run.curve.last().first;
            run.firstLoss = run.curve.first().second;
            run.lastLoss = run.curve.last().second;
            run.minLoss = run.firstLoss;
            for (const auto &point : std::as_const(run.curve))
                run.minLoss = std::min(run.minLoss, point.second);
        }
        if (const QJsonObject print = events.value(QStringLiteral("fingerprint/")); !print.isEmpty())
            m_state.environment.fingerprint = print;
        const bool passed = jobStateOf(finished) == JobState::Succeeded &&
                            verdict.value("passed").toBool() && run.points.size() == 5;
        CheckResult &r = run.run;
        r.jobId = finished.value("id").toString();
        r.at = clock::nowUtc();
        run.ranBy = finished.value("member").toString(jobMember());
        run.replay = {}; // a new first run needs a new replay
        r.state = passed ? QStringLiteral("passed") : QStringLiteral("failed");
        r.evidence =
            Text::joined({Text::joined({Tr::trLater("%1 steps in %2 s, loss %3 → %4 (min %5)")
                                            .arg(run.steps)
                                            .arg(run.seconds, 0, 'g', 3)
                                            .arg(lossText(run.firstLoss), lossText(run.lastLoss),
                                                 lossText(run.minLoss)),
                                        jobs.size() > 1 ? Tr::trLater("resumed itself %n time(s)",
                                                                      nullptr, int(jobs.size() - 1))
                                                        : Text()},
                                       QStringLiteral("; ")),
                          passed ? Text()
                                 : probePhrase(verdict.value("reason").toString(
                                       finished.value("state").toString()))},
                         QStringLiteral(": "));
        const Diagnosis d = triage(JobObservation::fromJob(finished, log));
        r.failureKind = passed ? QString() : failureKindName(d.kind);
        r.diagnosis = passed ? Text() : diagnosisText(d);
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
}

// The first run's own checkpoints among what the instance's checkpoint folder holds (#17 walk,
// F19: the archive listed gate 5's checkpoint check too). Each check writes under a folder of
// its own name, and each run under a tag of its own (the probe's checkpointDir, train_lm.py):
// "first-run/<tag>/step-60.pt" beside "checkpoint/<tag>/step-2.ckpt". Of several first runs'
// tags, the one holding the last step this first run logged. A provider that lists no folders
// at all is taken at its word.
static QStringList firstRunCheckpoints(const QJsonArray &listed, int lastStep)
{
    QStringList names;
    for (const QJsonValue &v : listed)
        names << v.toObject().value("name").toString();
    if (std::none_of(names.begin(), names.end(), [](const QString &n) { return n.contains(u'/'); }))
        return names;
    const QString folder = QStringLiteral("first-run/");
    names.removeIf([&folder](const QString &n) { return !n.startsWith(folder); });
    QMap<QString, QStringList> byTag; // "" for a checkpoint directly in the folder
    for (const QString &n : names) {
        const QString rest = n.mid(folder.size());
        byTag[rest.contains(u'/') ? rest.section(u'/', 0, 0) : QString()] << n;
    }
    if (byTag.size() < 2)
        return names;
    const QRegularExpression last(
        QStringLiteral("(^|/)step-0*%1(\\.[^/]*)?$").arg(lastStep));
    QStringList ours;
    for (auto it = byTag.begin(); it != byTag.end(); ++it)
        if (std::any_of(it->begin(), it->end(),
                        [&last](const QString &n) { return last.match(n).hasMatch(); }))
            ours << *it;
    return ours.isEmpty() ? names : ours;
}

// A checkpoint's name under the wrap-up's own folder: without the check's folder.
static QString archiveName(const QString &listed)
{
    const QString folder = QStringLiteral("first-run/");
    return listed.startsWith(folder) ? listed.mid(folder.size()) : listed;
}

void FirstRunSteps::wrapUp(Done done)
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
                         clock::nowUtc().toString(QStringLiteral("yyyyMMdd")),
                         spec.compute.instanceType.isEmpty() ? QStringLiteral("instance")
                                                             : spec.compute.instanceType)
                    .arg(m_state.firstRun.steps);
            QStringList archived;
            // The folder already says first run: "…/first-run-…-60steps/<tag>/step-60.pt", not
            // "…/first-run-…-60steps/first-run/<tag>/…" (#17 walk).
            for (const QString &name : firstRunCheckpoints(answer.value("checkpoints").toArray(),
                                                           m_state.firstRun.steps))
                archived << prefix + archiveName(name);
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
                run.wrappedUpAt = clock::nowUtc();
                // Not passed here: the operator alone cannot accept gate 6. A colleague's
                // replay does (acceptFirstRunByReplay).
                GateRecord &g = m_state.gate(GateId::FirstRun);
                g.updatedAt = run.wrappedUpAt;
                g.evidence =
                    Text::joined({run.run.evidence,
                                  Tr::trLater("Released the instance; %n artifact(s) recorded.",
                                              nullptr, int(run.archived.size()))},
                                 QStringLiteral("\n"));
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
