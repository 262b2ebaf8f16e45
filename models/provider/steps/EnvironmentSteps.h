#pragma once

#include "SessionSteps.h"

namespace onramp {

// Gate 5 at a provider: the guides' four readiness checks, each a job on gate 4's instance:
// environment (the light loop in the clean image), data (the read share of a step), checkpoint
// (interrupted on purpose, resumed; step count and optimizer state continue) and metrics (loss,
// step time and memory read back through the provider). All four run; each result, with the
// triage's diagnosis when it failed, goes into the state.
class EnvironmentSteps : public SessionSteps
{
public:
    explicit EnvironmentSteps(SessionCore &core) : SessionSteps(core) {}

    void runReadinessChecks(Done done);

private:
    void runCheck(int index, std::function<void()> done);
    void checkEnvironment(std::function<void()> next);
    void checkData(std::function<void()> next);
    void checkCheckpoint(std::function<void()> next);
    void checkMetrics(std::function<void()> next);
    void recordCheck(const QString &name, const QJsonObject &finished, bool passed,
                     const Text &evidence);
    void settleEnvironmentGate();
    int expectedGpus() const;
    QJsonObject probeJob(const QString &name, const QString &entry, const QStringList &args) const;
};

} // namespace onramp
