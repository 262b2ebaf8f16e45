#pragma once

// Rules of gates 2 and 4 that read what another gate or the provider says. Kept apart from
// WorkspaceGate.h and ResourcesGate.h, which the whole state includes.
#include "Finding.h"
#include "QuotaGate.h"
#include "ResourcesGate.h"
#include "WorkspaceGate.h"

#include <optional>

namespace onramp {

// The free cards of one card type in one zone, as checkPoolStock reads the provider's answer:
// nullopt when the provider does not list the zone or says nothing of its stock there
// (unknown, not zero). Defined in WorkspaceGate.cpp.
std::optional<int> freeCardsIn(const QList<ZoneStock> &stock, const QString &zone,
                               const QString &cardType);

// Gate 3's plan against the cards the run gets (runCards): `planCards` is gate 3's cards per
// run (the card-hours applied for are derived from it). A warning naming both figures when
// they differ (#17 walk: gate 3 planned 4 cards, gate 4 estimated for 1 and said nothing), and
// what to do: the instance type of the same card in `catalog` whose cards fit the plan (the
// fewest holding at least the plan), or gate 3's count set to what one instance holds (#17 walk
// 18: gate 4 held one 1-card instance of a 4-card plan). Nothing while gate 3 has no count.
// Defined in ResourcesGate.cpp.
Findings checkCardsAgainstPlan(const RunCards &run, int planCards, const ResourceCatalog &catalog);

// Gate 4's instance and gate 6's first run against gate 3's grant, `granted` (the application
// sent and approved: its period). A warning naming both dates when the instance was created
// (`created`), or the first run started (`started`), before the granted period starts or after
// it ends (#17 walk 6: the first run started on 12-03, the quota was granted from 12-10).
// Nothing while the date is unknown or nothing is granted (an invalid period). Defined in
// QuotaGate.cpp.
Findings checkInstanceInGrant(const QDate &created, const QuotaApplication &granted);
Findings checkFirstRunInGrant(const QDate &started, const QuotaApplication &granted);

} // namespace onramp
