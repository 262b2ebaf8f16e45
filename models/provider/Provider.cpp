#include "Provider.h"

#include "OnrampApi.h"
#include "SlurmProvider.h"

#include <QJsonArray>

namespace onramp {

QList<RegionOffer> regionOffers(const QJsonObject &answer)
{
    QList<RegionOffer> out;
    for (const QJsonValue &r : answer.value("regions").toArray()) {
        RegionOffer region{r.toObject().value("region").toString(), {}};
        for (const QJsonValue &z : r.toObject().value("zones").toArray()) {
            ZoneOffer zone{z.toObject().value("zone").toString(), {}};
            const QJsonObject stock = z.toObject().value("stock").toObject();
            for (auto it = stock.begin(); it != stock.end(); ++it)
                zone.freeCards.insert(it.key(), it.value().toInt());
            if (!zone.zone.isEmpty())
                region.zones << zone;
        }
        if (!region.region.isEmpty())
            out << region;
    }
    return out;
}

std::shared_ptr<Provider> providerFor(Transport *transport, const ProviderProfile &profile,
                                      const QByteArray &secret)
{
    if (profile.kind == ProviderProfile::Kind::Slurm)
        return std::make_shared<SlurmProvider>(transport, profile);
    return std::make_shared<OnrampApi>(ProviderClient(transport, profile, secret));
}

} // namespace onramp
