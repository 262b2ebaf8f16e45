#pragma once

#include "SessionSteps.h"

namespace onramp {

// Gate 6 at a provider: the first run on a small slice, as the run spec launches it (its five
// points, its loss summary and its duration); then the wrap-up: the run's artifacts recorded
// under purposeful names, the instance released.
class FirstRunSteps : public SessionSteps
{
public:
    explicit FirstRunSteps(SessionCore &core) : SessionSteps(core) {}

    // The first run resumes itself under its spec's recovery policy: a job that ends preempted,
    // interrupted by the provider, on a lost node or with a listed exit code is submitted again
    // after the backoff, with the same launch and checkpoint tag on the same instance, so the
    // trainer resumes from its newest good checkpoint. Every job is kept as an attempt with
    // its cause; the curve is the whole run's.
    void runFirstRun(Done done);
    void wrapUp(Done done);

private:
    // Runs one job of the first run; `ended` holds the attempts before it (with their logs).
    void submitAttempt(const QJsonObject &job, const RecoveryPolicy &policy,
                       const QList<QJsonObject> &ended);
    // Records the first run from all its jobs, the last one being how it ended.
    void recordFirstRun(const QList<QJsonObject> &jobs);
};

} // namespace onramp
