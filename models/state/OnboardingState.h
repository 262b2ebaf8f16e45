#pragma once

#include "Error.h"
#include "GateTypes.h"
#include "ProviderLink.h"
#include "QualificationGate.h"
#include "QuotaGate.h"
#include "ResourcesGate.h"
#include "RunGates.h"
#include "WorkspaceGate.h"

#include <QDateTime>
#include <QJsonObject>
#include <QString>

#include <array>
#include <expected>
#include <optional>

namespace onramp {

// One gate's progress on the checklist. Timestamps are UTC.
// Every line but the notes is Onramp's or a provider's: a Text, translated when read.
struct GateRecord
{
    GateStatus status = GateStatus::NotStarted;
    QDateTime startedAt;
    QDateTime updatedAt;
    Text waitingFor; // who or what the gate waits on (a reviewer, a colleague)
    QDateTime waitingSince;
    Text evidence;   // what proves the acceptance checks passed
    Text acceptedBy; // the acceptor who signed it off
    QDateTime acceptedAt;
    Text rejectionReason;
    Text whatToChange;
    QString notes; // what actually blocked us: the guides' "add it to the checklist"
    // Why a passed gate went back to "in progress" (a change after acceptance); empty
    // otherwise. Cleared when a status is recorded.
    Text reopenedBecause;
    QDateTime reopenedAt; // when it went back; later updates (a provider's checks) keep it
    // Why a provider's acceptance (an approved review, passing checks) could not pass the gate
    // yet: its entry condition, a blocking finding or an acceptance check says no. Empty
    // otherwise; cleared when a status is recorded.
    Text heldBack;
    // The evidence as it stood when a change sent this passed gate back to "in progress": it
    // predates the change, so it cannot pass the gate again (fresh acceptance checks must).
    // Empty otherwise; cleared when the gate passes.
    Text staleEvidence;
    // The last time this gate went back to "in progress" and passed again: when, and why it
    // went back. Kept after it passes, so the excursion leaves a trace; empty if never.
    Text wentBack;

    bool operator==(const GateRecord &) const = default;
};

// A record as its saved JSON (without the gate's data), its lines as they read in the language
// loaded now: for people and scripts (onramp status --json), not for reading back.
QJsonObject recordAsRead(const GateRecord &r);

// The whole onboarding, owned by the wizard and saved as one versioned JSON file.
struct OnboardingState
{
    static constexpr int kSchemaVersion = 6;

    QString language;    // "" follows the system locale
    int currentPage = 0; // the wizard page to reopen on
    std::array<GateRecord, 6> gates;

    QualificationData account;
    WorkspaceData workspace;
    QuotaGateData quota;
    ResourcesGateData resources;
    EnvironmentGateData environment;
    FirstRunGateData firstRun;
    ProviderLink provider; // what was done at the provider: ids, reviews, keys in flight

    GateRecord &gate(GateId id) { return gates[gateIndex(id)]; }
    const GateRecord &gate(GateId id) const { return gates[gateIndex(id)]; }

    bool operator==(const OnboardingState &) const = default;

    QJsonObject toJson() const;
    // One gate's own data as saved (the `data` of its record in the file).
    QJsonObject gateDataJson(GateId id) const;
    // Reads the current schema; an older one is migrated first (migrateToCurrent()).
    static std::expected<OnboardingState, Error> fromJson(const QJsonObject &json);
};

// The schema version a file declares: "schemaVersion", or 0 for the pre-release format that
// had none. Empty when "schemaVersion" is there but is not a whole number from 1 to INT_MAX
// ("1", 1.9, 4294967297): such a file is corrupt, never version 0.
std::optional<int> schemaVersionOf(const QJsonObject &json);
// The day a demo's story happens (its "datesRelativeTo"), invalid when it names none: read on
// another day, OnboardingState::fromJson moves its dates by the days between (clock::today()).
QDate datesRelativeTo(const QJsonObject &json);

// Upgrades a file of an older schema to the current one, one step at a time.
std::expected<QJsonObject, Error> migrateToCurrent(QJsonObject json);

} // namespace onramp
