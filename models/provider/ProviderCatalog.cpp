#include "ProviderCatalog.h"

#include "Tr.h"

namespace onramp {

CatalogSource catalogSourceOf(const ProviderProfile &p)
{
    CatalogSource s;
    s.kind = CatalogSource::Kind::Provider;
    s.providerKind = providerKindKey(p.kind);
    if (p.kind == ProviderProfile::Kind::Slurm)
        s.providerName = p.slurm.cluster;
    else if (p.kind == ProviderProfile::Kind::OnrampApi)
        s.providerName = p.baseUrl.toString(QUrl::RemoveUserInfo);
    s.readAt = QDateTime::currentDateTimeUtc();
    return s;
}

void readProviderCatalog(
    const std::shared_ptr<Provider> &provider, const CallContext &c,
    std::function<void(const std::expected<ResourceCatalog, ProviderError> &)> done)
{
    // Both answers arrive on the context's thread; a provider replaced in between (a new
    // connection) drops the read.
    provider->listInstanceTypes(c, [weak = std::weak_ptr<Provider>(provider), c,
                                    done = std::move(done)](const ProviderResult &instances) {
        const std::shared_ptr<Provider> p = weak.lock();
        if (!p)
            return;
        if (!instances) {
            done(std::unexpected(instances.error()));
            return;
        }
        p->listImages(c, [weak, instances = *instances, done](const ProviderResult &images) {
            const std::shared_ptr<Provider> p = weak.lock();
            if (!p)
                return;
            if (!images) {
                done(std::unexpected(images.error()));
                return;
            }
            auto catalog =
                ResourceCatalog::fromAnswers(instances, *images, catalogSourceOf(p->profile()));
            if (!catalog) {
                ProviderError e;
                e.code = ProviderErrorCode::BadResponse;
                e.message =
                    Tr::tr("The provider's catalog does not read: %1").arg(catalog.error().message);
                e.details = catalog.error().details;
                e.field = catalog.error().field;
                done(std::unexpected(e));
                return;
            }
            done(*catalog);
        });
    });
}

bool holdsFreshCatalog(const OnboardingState &state, const ProviderProfile &from,
                       const QDateTime &now)
{
    const ResourceCatalog &held = state.resources.catalog;
    if (!held.unreadReason().isEmpty() || !held.source().sameProvider(catalogSourceOf(from)))
        return false;
    const qint64 age = held.source().readAt.secsTo(now);
    return age >= 0 && age < kCatalogFreshSeconds;
}

const ResourceCatalog &adoptCatalog(OnboardingState &state, const ProviderProfile &from,
                                    const std::expected<ResourceCatalog, ProviderError> &answer)
{
    ResourcesGateData &r = state.resources;
    if (answer) {
        r.catalog = *answer;
    } else {
        const ProviderError &e = answer.error();
        const QString why = e.message.isEmpty() ? e.details : e.message;
        // An earlier answer of the same provider is nearer the truth than the built-in list.
        if (r.catalog.source().sameProvider(catalogSourceOf(from)))
            r.catalog = r.catalog.withUnreadReason(why);
        else
            r.catalog = ResourceCatalog().withUnreadReason(why);
    }
    if (state.gate(GateId::Resources).status != GateStatus::Passed)
        recordEnvironment(r);
    return r.catalog;
}

} // namespace onramp
