#pragma once

#include "SessionSteps.h"

namespace onramp {

// Gate 3 at a provider: apply for the quota (the first round plus its margin) and follow the
// review.
class QuotaSteps : public SessionSteps
{
public:
    explicit QuotaSteps(SessionCore &core) : SessionSteps(core) {}

    void applyQuota(Done done);
    void refreshQuota(Done done);

private:
    void applyQuotaReview(const RemoteReview &review);
};

} // namespace onramp
