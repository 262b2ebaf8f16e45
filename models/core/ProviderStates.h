#pragma once

#include "Text.h"

#include <QJsonObject>
#include <QString>
#include <QStringView>

namespace onramp {

// The states the provider reports (docs/provider-api.yaml) and the ones Onramp records from
// them, as enums: the keys are parsed once, here, so that no page compares strings. A key this
// build does not know reads as Unknown; the empty key is the state before anything happened.

// A qualification dossier's or a quota application's review (RemoteReview::state).
enum class ReviewState
{
    NotSent,     // ""
    Pending,     // "pending"
    Approved,    // "approved"
    Rejected,    // "rejected"
    Returned,    // "returned": sent back to be split by calendar quarter
    NotRequired, // "not_required": the provider reviews nothing (a Slurm cluster)
    Unknown
};

// The instance gate 4 creates (ProviderLink::instanceState).
enum class InstanceState
{
    None,     // "": not created
    Starting, // "pending", "starting"
    Running,  // "running"
    Stopped,  // "stopped"
    Released, // "released"
    Unknown
};

// A job at the provider: a readiness check's or the first run's (Job.state).
enum class JobState
{
    None,         // "": no job
    Queued,       // "queued"
    Running,      // "running"
    Interrupting, // "interrupting": asked to stop, not yet stopped
    Succeeded,    // "succeeded"
    Failed,       // "failed"
    Interrupted,  // "interrupted"
    Cancelled,    // "cancelled"
    Unknown
};

// One of gate 5's readiness checks as Onramp records it (CheckResult::state).
enum class CheckState
{
    NotRun,  // ""
    Running, // "running"
    Passed,  // "passed"
    Failed,  // "failed"
    Unknown
};

// The state a key names; Unknown for a key not listed above.
template <typename State> State fromKey(QStringView key);
template <> ReviewState fromKey<ReviewState>(QStringView key);
template <> InstanceState fromKey<InstanceState>(QStringView key);
template <> JobState fromKey<JobState>(QStringView key);
template <> CheckState fromKey<CheckState>(QStringView key);

// The state of a job as the API returns it (Job.state).
inline JobState jobStateOf(const QJsonObject &job)
{
    return fromKey<JobState>(job.value(QLatin1String("state")).toString());
}

// The key a state is written as; empty for the "nothing yet" states and for Unknown.
QString key(ReviewState s);
QString key(InstanceState s);
QString key(JobState s);
QString key(CheckState s);

// Short, translated names of the states ("running", "approved"); empty for Unknown.
QString label(ReviewState s);
QString label(InstanceState s);
QString label(JobState s);
QString label(CheckState s);
// The same, translated when read (for lines kept in records).
Text stateText(ReviewState s);
Text stateText(InstanceState s);
Text stateText(JobState s);
Text stateText(CheckState s);

// For showing a state the provider reported: the translated name of the state a key names;
// the key itself when this build does not know it (a provider's new state shows as the
// provider said it), and nothing for an empty key (nothing reported).
template <typename State> QString labelOf(const QString &key)
{
    const State s = fromKey<State>(key);
    return key.isEmpty() || s == State::Unknown ? key : label(s);
}
template <typename State> Text textOf(const QString &key)
{
    const State s = fromKey<State>(key);
    return key.isEmpty() || s == State::Unknown ? Text::literal(key) : stateText(s);
}

} // namespace onramp
