#pragma once

#include "Error.h"
#include "ProviderProfile.h"
#include "QuotaGate.h"
#include "Text.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>

#include <expected>

namespace onramp {

// A review the provider runs (the dossier, a quota application): where it stands and why.
struct RemoteReview
{
    QString id;
    QString state; // "" not sent, pending, approved, rejected, returned
    QDateTime since;
    QJsonArray reasons; // [{code, field, message}]
    double grantedCardHours = 0;

    bool operator==(const RemoteReview &) const = default;
    bool sent() const { return !state.isEmpty(); }
    QJsonObject toJson() const;
    static RemoteReview fromJson(const QJsonObject &o);
    // Reads the provider's answer ({id, state, since, reasons, grantedCardHours}).
    static RemoteReview fromAnswer(const QJsonObject &answer);
};

// One try to open the run somewhere (gate 4's candidates, in order): where, what came of it,
// and why, in words a person reads ("skipped: 115 card-hours left, this run needs …").
struct LaunchAttempt
{
    QString instance;
    QString zone;
    QString outcome; // skipped, out_of_stock, zone_mismatch, quota_exceeded, forbidden, failed, created
    QString reason;
    bool operator==(const LaunchAttempt &) const = default;
    QJsonObject toJson() const;
    static LaunchAttempt fromJson(const QJsonObject &o);
    QString text() const; // "gpu.a100-80g.8 in cn-north-1a: skipped — …"
    // The same with the instance type by its name ("8 × A100 80GB in cn-north-1a: …").
    QString text(const QString &instanceName) const;
};

// What the onboarding has done at the provider, saved with the rest of the state so that a
// restart picks up where it was: the ids it created, the reviews it follows, and the
// idempotency key of every create still in flight (a retry after a restart reuses it, so the
// provider creates exactly one). Never a secret.
struct ProviderLink
{
    ProviderProfile profile;
    QMap<QString, QByteArray> pendingKeys; // operation → idempotency key

    // Gate 1
    bool trainingActivated = false;
    RemoteReview qualification;
    // Gate 2 (whether the workspace was created and its quota attached is WorkspaceData's)
    // The role the provider holds for each member it has (account → role key), as its answers
    // said. An empty role: added, role unknown (a state file from before roles were kept); the
    // next set-up sends the table's role.
    QMap<QString, QString> memberRoles;
    Text developerCheck; // evidence of the developer's light job, or why it failed
    bool developerCheckPassed = false;
    Text observerCheck; // the provider's refusal, shown as is
    bool observerCheckPassed = false;
    // When the two checks last ran for real (GateLedger's recordWorkspaceChecks); invalid when
    // they have not, or in state files from before it was kept.
    QDateTime workspaceChecksAt;
    // Gate 3
    RemoteReview quotaApplication;
    // Gate 2's pool ({cardType, region, zone}) when the application was sent: a grant is for
    // that pool, not for one chosen later. Empty in state files from before it was kept.
    QJsonObject quotaAppliedFor;
    // What the application sent asked for (gate 3's first application then: its period and
    // card-hours), and the justification it was sent with: a grant is for that period, and the
    // page shows the text that was sent (#17 walk). Empty before one was sent, and in state files
    // from before they were kept.
    QuotaApplication quotaSent;
    QString quotaSentJustification;
    // Gate 4
    QString instanceId;
    QString instanceState;
    QJsonObject instanceImage; // the image as the provider identifies it: name, version, digest
    QString instanceType;      // what was opened, after the candidates: the type and the zone
    QString instanceZone;
    QDateTime instanceCreatedAt; // when the provider created it; invalid when unknown
    QList<LaunchAttempt> attempts; // the last create's tries, in order
    Text resourcesCheck;
    bool resourcesCheckPassed = false;
    // The dataset upload: the local folder, each file's upload id while it is open (a restart
    // resumes from the chunks the provider has), and the files already complete.
    QString uploadFolder;
    QMap<QString, QString> uploadIds; // relative path → upload id
    QStringList uploaded;

    bool operator==(const ProviderLink &) const = default;
    QJsonObject toJson() const;
    static std::expected<ProviderLink, Error>
    fromJson(const QJsonObject &o, const QString &path = QStringLiteral("$.provider"));

    // The key for an operation: the saved one while it is in flight, else a fresh one (saved).
    QByteArray keyFor(const QString &operation);
    // A definitive answer came: the next operation of that name is a new one.
    void settle(const QString &operation) { pendingKeys.remove(operation); }
};

} // namespace onramp
