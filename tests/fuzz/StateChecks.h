#pragma once
// The saved-state loader's invariant, shared by fuzz_state and tst_onboardingstate: the bytes
// of an onboarding file go through what StateStore::load does with them (the JSON parse,
// schemaVersionOf, migrateToCurrent, OnboardingState::fromJson) and either are refused, or
// the state read is written (toJson) and read again as the same state: a load followed by a
// save loses nothing. Empty when that holds; otherwise what broke.
#include "OnboardingState.h"

#include <QJsonDocument>

#include <optional>

namespace onramp::fuzzcheck {

inline std::optional<QString> stateProblem(const QByteArray &bytes)
{
    const QJsonDocument doc = QJsonDocument::fromJson(bytes);
    if (!doc.isObject())
        return std::nullopt;
    const QJsonObject json = doc.object();
    const std::optional<int> version = schemaVersionOf(json);
    if (version && *version > OnboardingState::kSchemaVersion)
        return std::nullopt; // left untouched, read-only
    const auto migrated = migrateToCurrent(json);
    if (!migrated)
        return std::nullopt;
    const auto state = OnboardingState::fromJson(*migrated);
    if (!state)
        return std::nullopt;
    if (!version)
        return QStringLiteral("a schemaVersion that is no whole number was read");
    const QJsonObject saved = state->toJson();
    const auto again = OnboardingState::fromJson(saved);
    if (!again)
        return QStringLiteral("the saved state does not load: ") + again.error().details + u' ' +
               again.error().message;
    if (!(*again == *state) || again->toJson() != saved)
        return QStringLiteral("the saved state loads as another:\n") +
               QString::fromUtf8(QJsonDocument(saved).toJson()) + u'\n' +
               QString::fromUtf8(QJsonDocument(again->toJson()).toJson());
    return std::nullopt;
}

} // namespace onramp::fuzzcheck
