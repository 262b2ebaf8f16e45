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

// `day` against gate 3's grant, `granted` (the application sent and approved: its period).
// Unknown while the day is unknown or nothing is granted (an invalid period).
enum class GrantTiming { Unknown, Before, Inside, After };
GrantTiming grantTiming(const QDate &day, const QuotaApplication &granted);

// Gate 4's instance and gate 6's first run against gate 3's grant, `granted`: a warning naming
// the day and the period's start (or end) when the instance was created (`Created`) or the
// first run started before the granted period starts or after it ends (#17 walk 6: the first
// run started on 12-03, the quota was granted from 12-10), and the period: the first
// application's days and the follow-ups' (`followUps`, the plan's; walk 18). `ToCreate`: the
// same rule for an instance about to be created on `day`, said before "Create the instance"
// acts. Nothing while the day is unknown or nothing is granted. Defined in QuotaGate.cpp.
enum class InstanceMoment { Created, ToCreate };
Findings checkInstanceInGrant(const QDate &day, const QuotaApplication &granted,
                              const QList<QuotaApplication> &followUps = {},
                              InstanceMoment moment = InstanceMoment::Created);
Findings checkFirstRunInGrant(const QDate &started, const QuotaApplication &granted,
                              const QList<QuotaApplication> &followUps = {});

} // namespace onramp
