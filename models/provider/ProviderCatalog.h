#pragma once

#include "OnboardingState.h"
#include "Provider.h"
#include "ResourceCatalog.h"

#include <expected>
#include <functional>
#include <memory>

namespace onramp {

// Where a catalog read from this provider comes from, read now.
CatalogSource catalogSourceOf(const ProviderProfile &profile);

// Reads the provider's catalog: its instance types, then its images, each entry checked
// (ResourceCatalog::fromAnswers). An answer that does not read is a BadResponse naming the field.
// `done` runs on the context's thread (it is dropped when the context is gone).
void readProviderCatalog(
    const std::shared_ptr<Provider> &provider, const CallContext &c,
    std::function<void(const std::expected<ResourceCatalog, ProviderError> &)> done);

// Whether the onboarding already holds this provider's catalog, read successfully within the
// last kCatalogFreshSeconds (the wizard reads it on connecting): gate 4's create then uses it
// instead of reading it again. Stock is not part of the catalog (the create answers it).
inline constexpr qint64 kCatalogFreshSeconds = 15 * 60;
bool holdsFreshCatalog(const OnboardingState &state, const ProviderProfile &from,
                       const QDateTime &now = QDateTime::currentDateTimeUtc());

// Puts a catalog read into gate 4: the provider's answer; when it failed, the catalog the
// onboarding already holds if it is this provider's (read earlier, saved), else the built-in
// one, each with why the provider's was not read now. The environment recorded from the choice
// follows the new catalog while gate 4 is not passed (a passed gate's record stays as accepted).
// Returns the catalog now in use.
const ResourceCatalog &adoptCatalog(OnboardingState &state, const ProviderProfile &from,
                                    const std::expected<ResourceCatalog, ProviderError> &answer);

} // namespace onramp
