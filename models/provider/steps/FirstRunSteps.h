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

    void runFirstRun(Done done);
    void wrapUp(Done done);
};

} // namespace onramp
