#pragma once

#include "Error.h"

#include <QDateTime>
#include <QJsonObject>
#include <QString>

#include <expected>

namespace onramp {

// One job of gate 6's first run: a run that resumed itself has one per submission, in order,
// each with how it ended and why it was submitted again (RecoveryPolicy::retryCause).
struct RunAttempt
{
    QString jobId;
    QString state;  // the job's end: succeeded, failed, interrupted, cancelled
    QString cause;  // why it was retried: preempted, interrupted, node_lost, exit_code; "" for none
    QString reason; // the provider's words (its reason message), or the exit code
    int exitCode = 0;
    int resumedFrom = 0; // the checkpoint step it started from; 0 for a fresh start
    int lastStep = 0;    // the last step it logged
    QDateTime endedAt;
    // The provider ran this same job again itself (Slurm's requeue after a failed node or
    // `scontrol requeue`): how many times, and the checkpoint step the last of those resumed
    // from (0 for a fresh start). Onramp's own resubmissions are attempts of their own.
    int providerRequeues = 0;
    int requeueResumedFrom = 0;

    bool operator==(const RunAttempt &) const = default;
    // "job 1a2b3c4d: preempted, last step logged 31 (fresh start)", translated; the provider's
    // reason only for an end that is not retried; the provider's own requeues when there were.
    QString text() const;
    QJsonObject toJson() const;
    static std::expected<RunAttempt, Error> fromJson(const QJsonValue &v, const QString &path);
};

} // namespace onramp
