#pragma once

// Rules of gates 2 and 4 that read what another gate or the provider says. Kept apart from
// WorkspaceGate.h and ResourcesGate.h, which the whole state includes.
#include "Finding.h"
#include "WorkspaceGate.h"

#include <optional>

namespace onramp {

// The free cards of one card type in one zone, as checkPoolStock reads the provider's answer:
// nullopt when the provider does not list the zone or says nothing of its stock there
// (unknown, not zero). Defined in WorkspaceGate.cpp.
std::optional<int> freeCardsIn(const QList<ZoneStock> &stock, const QString &zone,
                               const QString &cardType);

// Gate 3's plan against gate 4's job: `planCards` is gate 3's cards per run (the card-hours
// applied for are derived from it), `jobCards` the cards the job uses (the instance type's, else
// "Cards in the job"). A warning naming both figures when they differ (#17 walk: gate 3 planned
// 4 cards, gate 4 estimated for 1 and said nothing); nothing while gate 3 has no count.
// Defined in ResourcesGate.cpp.
Findings checkCardsAgainstPlan(int jobCards, int planCards);

} // namespace onramp
