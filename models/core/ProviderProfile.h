#pragma once

#include "Error.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QUrl>

#include <expected>
#include <optional>

namespace onramp {

// Which provider, where, and who we are to it, as plain data: the state saves it, the HTTP
// client signs with it, and the provider layer picks the backend by its kind. Nothing here
// opens a connection.
// Where the provider is and who we are to it. The secret is never part of a profile: it lives
// in a SecretStore and reaches the client only in memory.
// Where a Slurm cluster's REST daemon is and how its users get tokens.
struct SlurmProfile
{
    QUrl url;            // slurmrestd, e.g. http://127.0.0.1:6820 (http on loopback only)
    QString cluster;     // ClusterName
    QString partition = QStringLiteral("gpu");
    QString outputDir;   // where job output lands on the shared filesystem, as this machine sees it
    QString admin;       // a Slurm Administrator (quota changes need one)
    // A token per user: a folder of <user>.jwt files, or a command that prints one for %u
    // (`scontrol token username=%u`), re-read when the token is within a minute of expiring.
    QString tokenDir;
    QString tokenCommand;
    QString probe = QStringLiteral("onramp-probe"); // the probe as the nodes see it
    QString user; // the member jobs run as when none is named (a Unix user on the cluster)

    bool operator==(const SlurmProfile &) const = default;
};

struct ProviderProfile
{
    enum class Kind
    {
        Sandbox,   // the built-in local provider (default for a new user)
        OnrampApi, // a remote server speaking docs/provider-api.yaml
        Slurm      // slurmrestd (JWT instead of SigV4)
    };

    Kind kind = Kind::Sandbox;
    QUrl baseUrl;           // empty for the sandbox until it has started
    QByteArray accessKeyId; // not secret: it names the key
    QByteArray region = "sandbox";
    QString caFile; // extra CA bundle for a private CA
    QString member; // the workspace member we act as (X-Onramp-Member)
    SlurmProfile slurm; // kind Slurm: the cluster, tokens, output folder (url = baseUrl)

    bool operator==(const ProviderProfile &) const = default;

    QJsonObject toJson() const;
    static std::expected<ProviderProfile, Error>
    fromJson(const QJsonObject &json, const QString &path = QStringLiteral("$"));
    // Field-level check a profile page shows inline: a remote URL must be https (plain http
    // only on loopback), with a host, and an access key id.
    std::expected<void, Error> validate() const;
    // The address as the user typed it (field "baseUrl"): every problem with it named (an unknown
    // scheme, no host, a space, plain http off this computer) and an example for the kind. The
    // text, not a QUrl: QUrl would quietly encode the space away.
    static std::expected<QUrl, Error> addressFrom(const QString &typed, Kind kind);
};

// The provider a profile names, as gate 1 shows it (translated): its kind and its address or
// cluster. The sandbox's address is left out: it changes every run and names nothing to a reader
// (#17 walk 18: gate 1's Provider stayed empty while the wizard was connected to the sandbox).
QString providerName(const ProviderProfile &profile);

QString providerKindKey(ProviderProfile::Kind kind);
std::optional<ProviderProfile::Kind> providerKindFromKey(const QString &key);

} // namespace onramp
