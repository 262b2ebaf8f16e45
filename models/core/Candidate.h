#pragma once

#include "Error.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <expected>

namespace onramp {

// One place a run may open: an instance type in a zone (empty: the quota's zone).
struct Candidate
{
    QString instance;
    QString zone;
    bool operator==(const Candidate &) const = default;
};

// "gpu.a100-80g.8@cn-north-1b, gpu.h100.8": names of letters, digits, '.', '_' and '-' (at
// most 64 each); the first bad entry is the error, by its position. Whether a type exists is
// the catalog's question (parseCandidates in ResourcePlan), or the provider's.
std::expected<QList<Candidate>, Error> parseCandidateList(const QString &text);
QString candidatesText(const QList<Candidate> &list);

// What to do when a candidate in the quota pool's own zone is out of stock, in the user's
// words: an instance opens only in the pool's zone, which gate 2 chose, so the way out is
// another pool (in one of `freeIn`, the zones the provider says have the cards free now) or
// waiting for stock there.
QString outOfStockAdvice(const QString &poolZone, const QStringList &freeIn);

} // namespace onramp
