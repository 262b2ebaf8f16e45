#pragma once

#include "SessionSteps.h"

namespace onramp {

// Gate 1 at a provider: activate the training service, submit the dossier, follow its review.
// The review's answer goes into the gate record through the ledger.
class AccountSteps : public SessionSteps
{
public:
    explicit AccountSteps(SessionCore &core) : SessionSteps(core) {}

    void submitQualification(Done done);
    void refreshQualification(Done done);

private:
    void applyQualification(const RemoteReview &review);
};

} // namespace onramp
