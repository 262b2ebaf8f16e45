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

Text statusText(GateStatus s)
{
    switch (s) {
    case GateStatus::NotStarted:
        return Tr::trLater("Not started");
    case GateStatus::InProgress:
        return Tr::trLater("In progress");
    case GateStatus::Waiting:
        return Tr::trLater("Waiting");
    case GateStatus::Passed:
        return Tr::trLater("Passed");
    case GateStatus::Rejected:
        return Tr::trLater("Rejected");
    }
    return {};
}

Text statusPhrase(GateStatus s)
{
    switch (s) {
    case GateStatus::NotStarted:
        return Tr::trLater("not started", "gate status, mid-sentence");
    case GateStatus::InProgress:
        return Tr::trLater("in progress", "gate status, mid-sentence");
    case GateStatus::Waiting:
        return Tr::trLater("waiting", "gate status, mid-sentence");
    case GateStatus::Passed:
        return Tr::trLater("passed", "gate status, mid-sentence");
    case GateStatus::Rejected:
        return Tr::trLater("rejected", "gate status, mid-sentence");
    }
    return {};
}

QString statusLabel(GateStatus s)
{
    return statusText(s).toString();
}

QString readableTime(const QDateTime &t)
{
    return Text::time(t).toString();
}

Error invalidSavedValue(const QString &field, const QString &why)
{
    return {Error::Kind::Invalid,
            Tr::tr("The saved onboarding has a bad value in “%1”: %2.").arg(field, why),
            QStringLiteral("field %1: %2").arg(field, why), field};
}

} // namespace onramp
