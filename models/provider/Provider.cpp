#include "Provider.h"

#include "OnrampApi.h"
#include "SlurmProvider.h"

namespace onramp {

std::shared_ptr<Provider> providerFor(Transport *transport, const ProviderProfile &profile,
                                      const QByteArray &secret)
{
    if (profile.kind == ProviderProfile::Kind::Slurm)
        return std::make_shared<SlurmProvider>(transport, profile);
    return std::make_shared<OnrampApi>(ProviderClient(transport, profile, secret));
}

} // namespace onramp
