#pragma once

#include "Text.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace onramp {

// The guides' six ways a first job goes wrong, recognised from what the provider says about the
// job (state, queued reason, exit code) and what the job printed (its log, the probe's events).
enum class FailureKind
{
    None,
    QueuedForever,
    ExitsAtStart,
    CannotReadData,
    OutOfMemory,
    ExtremelySlow,
    CannotResume,
    Other, // failed, but not in a way the guides name: read the log
    // Health, before and during a run (not among the guides' six, but what the six hide):
    GpuUnhealthy,  // the probe's GPU check failed: missing, sick or unusable cards
    Hung,          // running, but no step for many times the usual step time
    LowUtilisation // running, with the cards mostly idle for a sustained stretch
};

// "Queued forever" looks the same from outside whatever is short; the first action differs.
enum class QueueCause
{
    None,
    Quota,
    Stock,
    Permission,
    Scheduling, // the scheduler has not named a reason (yet): nothing is wrong yet
    Priority,   // waiting its turn behind other jobs: nothing is wrong yet
    Dependency  // waiting for a condition the job set itself: a dependency, a begin time, a hold
};

struct JobObservation
{
    QString state;          // queued, running, succeeded, failed, interrupted, cancelled, refused
    QString reasonKind;     // the provider's reason kind (quota, stock, permission, start), if any
    QString reasonCode;     // the provider's or the scheduler's code (AssocGrpGRESMinutes, …)
    QString reasonMessage;
    std::optional<int> exitCode;
    qint64 queuedSeconds = 0;
    QStringList logLines;   // the end of the log
    QList<QJsonObject> events; // the probe's events, in order
    // What the plan expects of a step (gate 4's throughput estimate); 0 when unknown.
    double expectedStepSeconds = 0;
    // While queued: when the backend expects it to start, and on what that rests
    // ("scheduler": Slurm's StartTime; "queue": the sandbox's own queue). Invalid when unknown.
    QDateTime expectedStart;
    QString expectedStartBasis;
    // Times the backend ran this job again itself under the same id (Slurm's requeue).
    int restarts = 0;
    // While running: how long, by the watcher's clock, since the newest step arrived; < 0 when
    // not watched live. A hang is no step for kHangFactor × the median step time, and never
    // less than hangMinimumSeconds (a poll's delay, a checkpoint being written).
    double secondsSinceLastStep = -1;
    double hangMinimumSeconds = 60;

    // From the provider's job object and the job's log text.
    static JobObservation fromJob(const QJsonObject &job, const QString &log);
    // A submission the provider refused (forbidden): the job never existed.
    static JobObservation refused(const QString &code, const QString &message);
};

struct Diagnosis
{
    FailureKind kind = FailureKind::None;
    QueueCause queue = QueueCause::None;
    // Translated when read (a check's diagnosis is kept in the state).
    Text title;          // which of the six
    Text cause;          // what causes it here
    Text firstAction;    // what to do first
    QString evidence;    // the line, code or figure it was recognised from (untranslated)

    bool isFailure() const { return kind != FailureKind::None; }
};

Diagnosis triage(const JobObservation &job);

// A queued job's wait in the triage's words, while it waits: what it waits for, the first thing
// to do, and when it is expected to start where the backend knows. `stuck` when it will not
// start by itself (then triage() calls it "queued forever").
struct QueueWait
{
    QueueCause cause = QueueCause::None;
    bool stuck = false;
    // Translated when read.
    Text title;    // "Waiting for quota", …
    Text waitsFor; // what it waits for here
    Text firstAction;
    Text expected;       // "Expected to start at …", or that it is not known
    QString evidence;    // the provider's code and message (untranslated)
};
QueueWait explainWait(const JobObservation &job);

// The probe's gpu_health event in words (translated): how many cards were found against how
// many the instance promises, the exemption where a provider has no cards, or what is wrong.
QString gpuHealthText(const QJsonObject &gpuHealth);
Text gpuHealth(const QJsonObject &gpuHealth); // the same, translated when read

// What a queued job waits for, from the provider's reason kind or the scheduler's code
// (AssocGrpGRESMinutes → quota, Resources → stock, QOSMax… → permission, else scheduling).
QueueCause queueCauseOf(const QString &reasonKind, const QString &reasonCode);

// The stable name of a kind ("queued-forever", …) for logs, JSON and tests.
QString failureKindName(FailureKind kind);
QString queueCauseName(QueueCause cause);

} // namespace onramp
