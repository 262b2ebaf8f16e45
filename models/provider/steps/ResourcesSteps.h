#pragma once

#include "SessionSteps.h"

namespace onramp {

// Gate 4 at a provider: create the chosen instance, check it (running, data readable, a light
// computation writes output), release it.
class ResourcesSteps : public SessionSteps
{
public:
    explicit ResourcesSteps(SessionCore &core) : SessionSteps(core) {}

    void createInstance(Done done);
    void verifyResources(Done done);
    void releaseInstance(Done done);
};

} // namespace onramp
