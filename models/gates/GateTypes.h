#pragma once

#include "Error.h"
#include "Text.h"

#include <QString>

class QDateTime;

#include <array>
#include <optional>

namespace onramp {

// The six gates, in the order the guides walk them. Values are the gate numbers users see.
enum class GateId
{
    Account = 1,
    Workspace,
    Quota,
    Resources,
    Environment,
    FirstRun
};

inline constexpr std::array<GateId, 6> kAllGates = {GateId::Account,     GateId::Workspace,
                                                    GateId::Quota,       GateId::Resources,
                                                    GateId::Environment, GateId::FirstRun};

inline int gateNumber(GateId id)
{
    return static_cast<int>(id);
}
inline int gateIndex(GateId id)
{
    return static_cast<int>(id) - 1;
}

// Stable keys used in the state file, the CLI and screenshot names.
QString gateKey(GateId id);
std::optional<GateId> gateFromKey(const QString &key);

enum class GateStatus
{
    NotStarted,
    InProgress,
    Waiting,
    Passed,
    Rejected
};

QString statusKey(GateStatus s);
std::optional<GateStatus> statusFromKey(const QString &key);
QString statusLabel(GateStatus s); // translated
Text statusText(GateStatus s);     // translated when read
Text statusPhrase(GateStatus s);   // the same, lower case for the middle of a sentence

// A moment as people read it in the current language: the date in the locale's long form and
// the time of day ("Thursday, November 5, 2026 8:10 AM"), never the numeric short form.
QString readableTime(const QDateTime &t);

// An error for a bad value at `field` (a path in the state file): says which and why.
Error invalidSavedValue(const QString &field, const QString &why);

} // namespace onramp
