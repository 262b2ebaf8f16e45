#pragma once

#include "SessionCore.h"
#include "steps/AccountSteps.h"
#include "steps/DatasetUpload.h"
#include "steps/EnvironmentSteps.h"
#include "steps/FirstRunSteps.h"
#include "steps/QuotaSteps.h"
#include "steps/ResourcesSteps.h"
#include "steps/WorkspaceSteps.h"

namespace onramp {

// The six gates done for real at a provider, step by step, recording every result in the
// onboarding state (ProviderLink and the gate records, through the ledger) so that a restart
// picks up where it left off: a create that was in flight is repeated with its saved idempotency
// key, a review that was pending is read again. The wizard's pages, `onramp replay` and the
// headless tests drive the same object.
//
// Each gate's steps are their own class in steps/, named by the gate; this puts them together
// on one SessionCore (one operation at a time, one job poller, cancel()).
class ProviderSession : public SessionCore
{
public:
    ProviderSession(std::shared_ptr<Provider> provider, OnboardingState &state,
                    QObject *parent = nullptr);

    // Gate 1 (AccountSteps)
    void submitQualification(Done done) { m_account.submitQualification(std::move(done)); }
    void refreshQualification(Done done) { m_account.refreshQualification(std::move(done)); }
    // Gate 2 (WorkspaceSteps)
    void setUpWorkspace(Done done) { m_workspace.setUpWorkspace(std::move(done)); }
    void runWorkspaceChecks(Done done) { m_workspace.runWorkspaceChecks(std::move(done)); }
    // Gate 3 (QuotaSteps)
    void applyQuota(Done done) { m_quota.applyQuota(std::move(done)); }
    void refreshQuota(Done done) { m_quota.refreshQuota(std::move(done)); }
    // Gate 4 (ResourcesSteps, DatasetUpload)
    void createInstance(Done done) { m_resources.createInstance(std::move(done)); }
    void verifyResources(Done done) { m_resources.verifyResources(std::move(done)); }
    void releaseInstance(Done done) { m_resources.releaseInstance(std::move(done)); }
    void uploadDataset(const QString &folder, Done done)
    {
        m_upload.uploadDataset(folder, std::move(done));
    }
    // Gate 5 (EnvironmentSteps)
    void runReadinessChecks(Done done) { m_environment.runReadinessChecks(std::move(done)); }
    // Gate 6 (FirstRunSteps)
    void runFirstRun(Done done) { m_firstRun.runFirstRun(std::move(done)); }
    void wrapUp(Done done) { m_firstRun.wrapUp(std::move(done)); }

    // Gates 1–4 in order, stopping at the first failure: what `onramp replay` and the
    // screenshot walk do. Reviews still pending are left pending.
    void walkGatesOneToFour(Done done);

private:
    AccountSteps m_account{*this};
    WorkspaceSteps m_workspace{*this};
    QuotaSteps m_quota{*this};
    ResourcesSteps m_resources{*this};
    DatasetUpload m_upload{*this};
    EnvironmentSteps m_environment{*this};
    FirstRunSteps m_firstRun{*this};
};

} // namespace onramp
