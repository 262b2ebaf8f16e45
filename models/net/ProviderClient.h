#pragma once

#include "Error.h"
#include "IdempotencyKey.h"
#include "ProviderProfile.h"
#include "Transport.h"

#include <QByteArray>
#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QUrl>

#include <expected>
#include <memory>
#include <functional>

namespace onramp {

// The API's stable error codes (docs/provider-api.yaml), plus the two the client itself finds.
enum class ProviderErrorCode
{
    QuotaExceeded,
    OutOfStock,
    ZoneMismatch,
    Forbidden,
    ValidationFailed,
    NotFound,
    Conflict,
    RateLimited,
    Unavailable,
    Unauthenticated,
    Network,    // no HTTP answer at all
    BadResponse // an answer we cannot read
};

QString providerErrorKey(ProviderErrorCode code);
std::optional<ProviderErrorCode> providerErrorFromKey(const QString &key);

// What kind of trouble it is — the guides' "queued forever" confusion is telling these apart.
enum class TroubleKind
{
    Quota,      // ask for more quota or wait for the period
    Stock,      // the cards are not there: another zone, another card, or wait
    Permission, // a role or a credential: ask the workspace admin
    Input,      // something we sent is wrong: fix the field
    Transient,  // try again later (rate limit, outage, network)
    Fault       // a bug on one side: report it with the details
};

QString troubleKindKey(TroubleKind kind);

struct ProviderError
{
    ProviderErrorCode code = ProviderErrorCode::BadResponse;
    int httpStatus = 0;
    QString message;         // translated: what happened and what to do next
    QString details;         // technical: the provider's own words, the body, the transport error
    QString field;           // the field path it concerns
    QString role;            // forbidden: the role that may not …
    QString action;          // … do this
    QStringList availableIn; // out_of_stock: zones where the cards are free
    QString quotaZone;       // zone_mismatch: the zone the quota is bound to
    qint64 retryAfterMs = -1;
    bool cancelled = false; // the user stopped it: nothing to report or retry

    TroubleKind trouble() const;
    Error toError() const;
};

// Reads a response into a provider error (status ≥ 400 or no answer at all).
ProviderError providerErrorFrom(const HttpResponse &response);

using ProviderResult = std::expected<QJsonObject, ProviderError>;

// The Onramp API client: every call signed with SigV4 (service "onramp") afresh on each attempt,
// JSON in and out, errors as values. Runs on a Transport (its own thread); answers arrive on the
// context object's thread.
class ProviderClient
{
public:
    ProviderClient(Transport *transport, ProviderProfile profile, QByteArray secret);

    const ProviderProfile &profile() const { return m_profile; }
    void setMember(const QString &member) { m_profile.member = member; }
    // A transfer that moves no bytes for this long is abandoned (and retried when safe).
    void setStallSeconds(int seconds) { m_stallSeconds = seconds; }

    using Done = std::function<void(const ProviderResult &)>;
    // A create passes an idempotency key (kept in the onboarding state by the caller), which
    // also makes it safe to retry.
    quint64 request(const QByteArray &method, const QString &path, const QJsonObject &body,
                    const QByteArray &idempotencyKey, QObject *context, Done done) const;
    // Raw bytes (a data chunk) with extra headers, all signed.
    quint64 requestBytes(const QByteArray &method, const QString &path, const QByteArray &payload,
                         const QList<std::pair<QByteArray, QByteArray>> &extraHeaders,
                         const QByteArray &idempotencyKey, QObject *context, Done done) const;
    quint64 get(const QString &path, QObject *context, Done done) const
    {
        return request("GET", path, {}, {}, context, std::move(done));
    }
    void cancel(quint64 id) const { m_transport->cancel(id); }

    // Signs a call in place for this profile (used by `prepare`, and by the benchmark).
    void sign(HttpCall &call) const;

private:
    HttpCall makeCall(const QByteArray &method, const QString &path, const QByteArray &body,
                      const QByteArray &contentType, const QByteArray &idempotencyKey) const;

    Transport *m_transport;
    ProviderProfile m_profile;
    QByteArray m_secret;
    int m_stallSeconds = 30;
};

} // namespace onramp
