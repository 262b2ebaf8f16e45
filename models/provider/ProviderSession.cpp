#include "ProviderSession.h"

#include "Tr.h"

namespace onramp {

ProviderSession::ProviderSession(std::shared_ptr<Provider> provider, OnboardingState &state,
                                 QObject *parent)
    : SessionCore(std::move(provider), state, parent)
{
}

void ProviderSession::walkGatesOneToFour(Done done)
{
    using Op = void (ProviderSession::*)(Done);
    static constexpr Op kSteps[] = {
        &ProviderSession::submitQualification, &ProviderSession::setUpWorkspace,
        &ProviderSession::runWorkspaceChecks,  &ProviderSession::applyQuota,
        &ProviderSession::createInstance,      &ProviderSession::verifyResources};
    auto next = std::make_shared<std::function<void(size_t)>>();
    *next = [this, next, done = std::move(done)](size_t i) {
        if (i == std::size(kSteps)) {
            done({});
            return;
        }
        (this->*kSteps[i])([this, next, done, i](const std::expected<void, ProviderError> &r) {
            if (!r) {
                done(r);
                return;
            }
            // A review that says no ends the walk: the next gate would be refused anyway.
            for (GateId gate : {GateId::Account, GateId::Quota}) {
                const GateRecord &g = m_state.gate(gate);
                if (g.status == GateStatus::Rejected) {
                    ProviderError e = localError(
                        Text::joined({g.rejectionReason, g.whatToChange}, QStringLiteral("\n"))
                            .toString());
                    e.details =
                        QStringLiteral("gate %1 rejected by the provider").arg(gateKey(gate));
                    done(std::unexpected(e));
                    return;
                }
            }
            (*next)(i + 1);
        });
    };
    (*next)(0);
}

} // namespace onramp
