#include "GateTypes.h"

#include "Tr.h"

#include <QDateTime>
#include <QLocale>

namespace onramp {

QString gateKey(GateId id)
{
    switch (id) {
    case GateId::Account:
        return QStringLiteral("account");
    case GateId::Workspace:
        return QStringLiteral("workspace");
    case GateId::Quota:
        return QStringLiteral("quota");
    case GateId::Resources:
        return QStringLiteral("resources");
    case GateId::Environment:
        return QStringLiteral("environment");
    case GateId::FirstRun:
        return QStringLiteral("first-run");
    }
    return {};
}

std::optional<GateId> gateFromKey(const QString &key)
{
    for (GateId id : kAllGates) {
        if (gateKey(id) == key)
            return id;
    }
    return std::nullopt;
}

QString statusKey(GateStatus s)
{
    switch (s) {
    case GateStatus::NotStarted:
        return QStringLiteral("not_started");
    case GateStatus::InProgress:
        return QStringLiteral("in_progress");
    case GateStatus::Waiting:
        return QStringLiteral("waiting");
    case GateStatus::Passed:
        return QStringLiteral("passed");
    case GateStatus::Rejected:
        return QStringLiteral("rejected");
    }
    return {};
}

std::optional<GateStatus> statusFromKey(const QString &key)
{
    for (GateStatus s : {GateStatus::NotStarted, GateStatus::InProgress, GateStatus::Waiting,
                         GateStatus::Passed, GateStatus::Rejected}) {
        if (statusKey(s) == key)
            return s;
    }
    return std::nullopt;
}

QString statusLabel(GateStatus s)
{
    switch (s) {
    case GateStatus::NotStarted:
        return Tr::tr("Not started");
    case GateStatus::InProgress:
        return Tr::tr("In progress");
    case GateStatus::Waiting:
        return Tr::tr("Waiting");
    case GateStatus::Passed:
        return Tr::tr("Passed");
    case GateStatus::Rejected:
        return Tr::tr("Rejected");
    }
    return {};
}

QString readableTime(const QDateTime &t)
{
    if (!t.isValid())
        return {};
    const QDateTime local = t.toLocalTime();
    const QLocale l;
    return l.toString(local.date(), QLocale::LongFormat) + u' ' +
           l.toString(local.time(), QLocale::ShortFormat);
}

Error invalidSavedValue(const QString &field, const QString &why)
{
    return {Error::Kind::Invalid,
            Tr::tr("The saved onboarding has a bad value in “%1”: %2.").arg(field, why),
            QStringLiteral("field %1: %2").arg(field, why), field};
}

} // namespace onramp
