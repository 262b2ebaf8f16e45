#pragma once

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
    Other // failed, but not in a way the guides name: read the log
};

// "Queued forever" looks the same from outside whatever is short; the first action differs.
enum class QueueCause
{
    None,
    Quota,
    Stock,
    Permission,
    Scheduling // waiting its turn behind other jobs: nothing is wrong yet
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

    // From the provider's job object and the job's log text.
    static JobObservation fromJob(const QJsonObject &job, const QString &log);
    // A submission the provider refused (forbidden): the job never existed.
    static JobObservation refused(const QString &code, const QString &message);
};

struct Diagnosis
{
    FailureKind kind = FailureKind::None;
    QueueCause queue = QueueCause::None;
    QString title;       // translated: which of the six
    QString cause;       // translated: what causes it here
    QString firstAction; // translated: what to do first
    QString evidence;    // the line, code or figure it was recognised from (untranslated)

    bool isFailure() const { return kind != FailureKind::None; }
};

Diagnosis triage(const JobObservation &job);

// What a queued job waits for, from the provider's reason kind or the scheduler's code
// (AssocGrpGRESMinutes → quota, Resources → stock, QOSMax… → permission, else scheduling).
QueueCause queueCauseOf(const QString &reasonKind, const QString &reasonCode);

// The stable name of a kind ("queued-forever", …) for logs, JSON and tests.
QString failureKindName(FailureKind kind);
QString queueCauseName(QueueCause cause);

} // namespace onramp
