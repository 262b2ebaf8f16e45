#pragma once

#include "SessionSteps.h"

namespace onramp {

// Gate 2 at a provider: create the workspace, attach quota, add the members, in that order; then
// the two acceptance checks: a developer's light job and its log, an observer refused.
class WorkspaceSteps : public SessionSteps
{
public:
    explicit WorkspaceSteps(SessionCore &core) : SessionSteps(core) {}

    void setUpWorkspace(Done done);
    void runWorkspaceChecks(Done done);
};

} // namespace onramp
