#include "Candidate.h"

#include "Tr.h"

#include <QRegularExpression>
#include <QStringList>

namespace onramp {

std::expected<QList<Candidate>, Error> parseCandidateList(const QString &text)
{
    static const QRegularExpression entry(
        QStringLiteral("^([A-Za-z0-9._-]{1,64})(?:@([A-Za-z0-9._-]{1,64}))?$"));
    QList<Candidate> out;
    const QStringList parts = text.split(u',', Qt::SkipEmptyParts);
    for (int i = 0; i < parts.size(); ++i) {
        const QString part = parts[i].trimmed();
        if (part.isEmpty())
            continue;
        const auto m = entry.match(part);
        if (!m.hasMatch())
            return std::unexpected(Error{Error::Kind::Invalid,
                                         Tr::tr("Entry %1 is not TYPE or TYPE@ZONE (letters, "
                                                "digits, '.', '_' and '-').")
                                             .arg(i + 1),
                                         part.left(80), QStringLiteral("alternatives")});
        out << Candidate{m.captured(1), m.captured(2)};
    }
    return out;
}

QString candidatesText(const QList<Candidate> &list)
{
    QStringList parts;
    for (const Candidate &c : list)
        parts << (c.zone.isEmpty() ? c.instance : c.instance + u'@' + c.zone);
    return parts.join(QStringLiteral(", "));
}

QString outOfStockAdvice(const QString &poolZone, const QStringList &freeIn)
{
    if (freeIn.isEmpty())
        return Tr::tr("No zone has these cards free now. An instance opens only in the quota "
                      "pool's zone (%1), chosen on gate 2: wait for stock there and create "
                      "again, or go back to gate 2 and choose a pool with another card type.")
            .arg(poolZone);
    return Tr::tr("They are free now in %1. An instance opens only in the quota pool's zone "
                  "(%2), chosen on gate 2: go back to gate 2 and choose a pool in one of those "
                  "zones, or wait for stock in %2 and create again.")
        .arg(Tr::list(freeIn), poolZone);
}

} // namespace onramp
