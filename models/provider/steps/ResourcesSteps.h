#pragma once

#include "SessionSteps.h"

namespace onramp {

// Gate 4 at a provider: create the chosen instance, check it (running, data readable, a light
// computation writes output), release it.
class ResourcesSteps : public SessionSteps
{
public:
    explicit ResourcesSteps(SessionCore &core) : SessionSteps(core) {}

    // Reads the provider's catalog first, unless this onboarding read it from this provider
    // moments ago (holdsFreshCatalog) (adoptCatalog: its instance types are what the
    // candidates are; the built-in one, said, when it does not answer). Then tries gate 4's
    // candidates in order (orderCandidates): each is first compared with the
    // workspace's remaining quota, read once, and skipped with the figures when it cannot fit,
    // at no create; out of stock, a zone or quota refusal moves on to the next; a permission
    // refusal stops. Every try is kept in ProviderLink::attempts.
    void createInstance(Done done);
    void verifyResources(Done done);
    void releaseInstance(Done done);

private:
    void openCandidates();
    void tryCandidate(QList<Candidate> rest, const QuotaStanding &quota, double hours);
    void attempt(const Candidate &c, const QString &outcome, const QString &reason);
    // The hours one round of the run takes: the replayed spec's time limit, else gate 3's.
    double hoursPerRound() const;
};

} // namespace onramp
