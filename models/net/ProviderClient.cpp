#include "ProviderClient.h"

#include "SigV4.h"
#include "Tr.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>
#include <QUuid>

namespace onramp {

namespace {

struct CodeName
{
    ProviderErrorCode code;
    const char *key;
};
constexpr CodeName kCodes[] = {{ProviderErrorCode::QuotaExceeded, "quota_exceeded"},
                               {ProviderErrorCode::OutOfStock, "out_of_stock"},
                               {ProviderErrorCode::ZoneMismatch, "zone_mismatch"},
                               {ProviderErrorCode::Forbidden, "forbidden"},
                               {ProviderErrorCode::ValidationFailed, "validation_failed"},
                               {ProviderErrorCode::NotFound, "not_found"},
                               {ProviderErrorCode::Conflict, "conflict"},
                               {ProviderErrorCode::RateLimited, "rate_limited"},
                               {ProviderErrorCode::Unavailable, "unavailable"},
                               {ProviderErrorCode::Unauthenticated, "unauthenticated"},
                               {ProviderErrorCode::Network, "network"},
                               {ProviderErrorCode::BadResponse, "bad_response"}};

// The message a user reads: what happened, then what to do.
QString messageFor(const ProviderError &e, const QString &serverMessage)
{
    switch (e.code) {
    case ProviderErrorCode::QuotaExceeded:
        return Tr::tr("The workspace has no quota left for this. Apply for more quota in gate 3, "
                      "or wait for the next period.");
    case ProviderErrorCode::OutOfStock:
        return e.availableIn.isEmpty()
                   ? Tr::tr("No free cards of this type in the zone right now. Try again later or "
                            "choose another card type.")
                   : Tr::tr("No free cards of this type in the zone right now. They are free in: "
                            "%1. Your quota must be in the same zone.")
                         .arg(Tr::list(e.availableIn));
    case ProviderErrorCode::ZoneMismatch:
        return Tr::tr("Your quota is bound to zone %1: create the instance there, or move the "
                      "quota first.")
            .arg(e.quotaZone.isEmpty() ? QStringLiteral("?") : e.quotaZone);
    case ProviderErrorCode::Forbidden:
        if (!e.role.isEmpty())
            return Tr::tr("Your role “%1” may not do “%2” in this workspace. Ask the workspace "
                          "admin to change your role.")
                .arg(e.role, e.action);
        return Tr::tr("The provider refused this: %1. Ask the workspace admin for access.")
            .arg(serverMessage);
    case ProviderErrorCode::ValidationFailed:
        return e.field.isEmpty()
                   ? Tr::tr("The provider did not accept what we sent: %1.").arg(serverMessage)
                   : Tr::tr("The provider did not accept the field %1: %2.")
                         .arg(e.field, serverMessage);
    case ProviderErrorCode::NotFound:
        return Tr::tr("The provider does not know this resource (%1). It may have been released "
                      "or never created; check the workspace and try again.")
            .arg(serverMessage);
    case ProviderErrorCode::Conflict:
        return Tr::tr("The provider's state does not allow this now: %1.").arg(serverMessage);
    case ProviderErrorCode::RateLimited:
        return e.retryAfterMs >= 0
                   ? Tr::tr("The provider asks us to slow down. Try again in %n second(s).",
                            nullptr, int((e.retryAfterMs + 999) / 1000))
                   : Tr::tr("The provider asks us to slow down. Try again in a minute.");
    case ProviderErrorCode::Unavailable:
        return Tr::tr("The provider is unavailable right now (HTTP %1). Try again in a few "
                      "minutes.")
            .arg(e.httpStatus);
    case ProviderErrorCode::Unauthenticated:
        return Tr::tr("The provider did not accept our credentials: check the access key and "
                      "secret in the provider profile, and the computer's clock.");
    case ProviderErrorCode::Network:
        return Tr::tr("Cannot reach the provider. Check the address in the provider profile and "
                      "your network, then retry.");
    case ProviderErrorCode::BadResponse:
        break;
    }
    return Tr::tr("The provider answered something we cannot read (HTTP %1). Report it with the "
                  "details below.")
        .arg(e.httpStatus);
}

} // namespace

QString providerErrorKey(ProviderErrorCode code)
{
    for (const auto &c : kCodes)
        if (c.code == code)
            return QLatin1String(c.key);
    return {};
}

std::optional<ProviderErrorCode> providerErrorFromKey(const QString &key)
{
    for (const auto &c : kCodes)
        if (key == QLatin1String(c.key))
            return c.code;
    return std::nullopt;
}

QString troubleKindKey(TroubleKind kind)
{
    switch (kind) {
    case TroubleKind::Quota:
        return QStringLiteral("quota");
    case TroubleKind::Stock:
        return QStringLiteral("stock");
    case TroubleKind::Permission:
        return QStringLiteral("permission");
    case TroubleKind::Input:
        return QStringLiteral("input");
    case TroubleKind::Transient:
        return QStringLiteral("transient");
    case TroubleKind::Fault:
        return QStringLiteral("fault");
    }
    return {};
}


TroubleKind ProviderError::trouble() const
{
    switch (code) {
    case ProviderErrorCode::QuotaExceeded:
        return TroubleKind::Quota;
    case ProviderErrorCode::OutOfStock:
    case ProviderErrorCode::ZoneMismatch:
        return TroubleKind::Stock;
    case ProviderErrorCode::Forbidden:
    case ProviderErrorCode::Unauthenticated:
        return TroubleKind::Permission;
    case ProviderErrorCode::ValidationFailed:
    case ProviderErrorCode::NotFound:
    case ProviderErrorCode::Conflict:
        return TroubleKind::Input;
    case ProviderErrorCode::RateLimited:
    case ProviderErrorCode::Unavailable:
    case ProviderErrorCode::Network:
        return TroubleKind::Transient;
    case ProviderErrorCode::BadResponse:
        break;
    }
    return TroubleKind::Fault;
}

Error ProviderError::toError() const
{
    Error e;
    e.kind = code == ProviderErrorCode::Network ? Error::Kind::Network : Error::Kind::Provider;
    e.message = message;
    e.details = details;
    e.field = field;
    e.httpStatus = httpStatus;
    return e;
}

ProviderError providerErrorFrom(const HttpResponse &response)
{
    ProviderError e;
    e.httpStatus = response.status;
    if (response.status == 0) {
        e.code = ProviderErrorCode::Network;
        e.details = response.error;
        e.message = messageFor(e, {});
        return e;
    }
    const QJsonObject body =
        (response.json.isNull() ? QJsonDocument::fromJson(response.body) : response.json).object();
    const QString serverMessage = body.value(QStringLiteral("message")).toString();
    const auto code = providerErrorFromKey(body.value(QStringLiteral("code")).toString());
    if (code) {
        e.code = *code;
    } else if (response.status == 429) {
        e.code = ProviderErrorCode::RateLimited;
    } else if (response.status == 502 || response.status == 503 || response.status == 504) {
        e.code = ProviderErrorCode::Unavailable;
    } else if (response.status == 401) {
        e.code = ProviderErrorCode::Unauthenticated;
    } else {
        e.code = ProviderErrorCode::BadResponse;
    }
    e.field = body.value(QStringLiteral("field")).toString();
    e.role = body.value(QStringLiteral("role")).toString();
    e.action = body.value(QStringLiteral("action")).toString();
    e.quotaZone = body.value(QStringLiteral("quotaZone")).toString();
    for (const QJsonValue &z : body.value(QStringLiteral("availableIn")).toArray())
        e.availableIn.append(z.toString());
    e.retryAfterMs = retryAfterMs(response.header("Retry-After"), QDateTime::currentDateTimeUtc());
    e.details = QStringLiteral("HTTP %1 %2: %3")
                    .arg(response.status)
                    .arg(providerErrorKey(e.code), serverMessage.isEmpty()
                                                       ? QString::fromUtf8(response.body.left(2000))
                                                       : serverMessage);
    e.message = messageFor(e, serverMessage.isEmpty() ? providerErrorKey(e.code) : serverMessage);
    return e;
}

ProviderClient::ProviderClient(Transport *transport, ProviderProfile profile, QByteArray secret)
    : m_transport(transport), m_profile(std::move(profile)), m_secret(std::move(secret))
{
}

HttpCall ProviderClient::makeCall(const QByteArray &method, const QString &path,
                                  const QByteArray &body, const QByteArray &contentType,
                                  const QByteArray &idempotencyKey) const
{
    HttpCall call;
    call.method = method;
    QUrl url = m_profile.baseUrl;
    const int q = path.indexOf(u'?');
    QString basePath = url.path();
    if (basePath.endsWith(u'/'))
        basePath.chop(1);
    // The API's server URLs end in /v1 (docs/provider-api.yaml, and what `sandbox serve`
    // prints) while the paths here start with it: such a URL works as given, never /v1/v1/….
    if (basePath.endsWith(QLatin1String("/v1")) && path.startsWith(QLatin1String("/v1/")))
        basePath.chop(3);
    url.setPath(basePath + (q < 0 ? path : path.left(q)));
    if (q >= 0)
        url.setQuery(path.mid(q + 1));
    call.url = url;
    call.body = body;
    call.caFile = m_profile.caFile.toLocal8Bit();
    call.stallSeconds = m_stallSeconds;
    call.parseJson = true;
    call.idempotent = method == "GET" || method == "HEAD" || method == "PUT" ||
                      method == "DELETE" || !idempotencyKey.isEmpty();
    if (!body.isEmpty())
        call.headers.append({QByteArray("Content-Type"), contentType});
    if (!idempotencyKey.isEmpty())
        call.headers.append({QByteArray("Idempotency-Key"), idempotencyKey});
    if (!m_profile.member.isEmpty())
        call.headers.append({QByteArray("X-Onramp-Member"), m_profile.member.toUtf8()});
    return call;
}

void ProviderClient::sign(HttpCall &call) const
{
    const int port = call.url.port(call.url.scheme() == QLatin1String("https") ? 443 : 80);
    QByteArray host = call.url.host(QUrl::FullyEncoded).toUtf8();
    if (host.contains(':'))
        host = '[' + host + ']';
    const bool defaultPort = (call.url.scheme() == QLatin1String("https") && port == 443) ||
                             (call.url.scheme() == QLatin1String("http") && port == 80);
    if (!defaultPort)
        host += ':' + QByteArray::number(port);
    HttpRequest r;
    r.method = call.method;
    r.path = call.url.path(QUrl::FullyEncoded).toUtf8();
    if (r.path.isEmpty())
        r.path = "/";
    r.query = call.url.query(QUrl::FullyEncoded).toUtf8();
    r.body = call.body;
    r.headers = {{"host", host}};
    // Sign every header we send besides the signature's own.
    QList<std::pair<QByteArray, QByteArray>> kept;
    for (const auto &[name, value] : call.headers) {
        const QByteArray lower = name.toLower();
        if (lower == "authorization" || lower == "x-amz-date" || lower == "host")
            continue;
        kept.append({name, value});
        r.headers.append({lower, value});
    }
    SigningContext ctx;
    ctx.accessKeyId = m_profile.accessKeyId;
    ctx.secretAccessKey = m_secret;
    ctx.region = m_profile.region;
    ctx.service = "onramp";
    ctx.time = QDateTime::currentDateTimeUtc();
    call.headers = kept;
    call.headers.prepend({QByteArray("Host"), host});
    for (const auto &h : signSigV4(r, ctx).headers)
        call.headers.append(h);
}

quint64 ProviderClient::request(const QByteArray &method, const QString &path,
                                const QJsonObject &body, const QByteArray &idempotencyKey,
                                QObject *context, Done done) const
{
    const QByteArray payload = (body.isEmpty() && (method == "GET" || method == "DELETE"))
                                   ? QByteArray()
                                   : QJsonDocument(body).toJson(QJsonDocument::Compact);
    return requestBytes(method, path, payload, {}, idempotencyKey, context, std::move(done));
}

quint64 ProviderClient::requestBytes(const QByteArray &method, const QString &path,
                                     const QByteArray &payload,
                                     const QList<std::pair<QByteArray, QByteArray>> &extraHeaders,
                                     const QByteArray &idempotencyKey, QObject *context,
                                     Done done) const
{
    const bool json = payload.startsWith('{');
    HttpCall call =
        makeCall(method, path, payload,
                 json ? QByteArray("application/json") : QByteArray("application/octet-stream"),
                 idempotencyKey);
    call.headers.append(extraHeaders);
    // Copy what signing needs: `prepare` runs on the transport thread, maybe after we are gone.
    const ProviderClient signer = *this;
    return m_transport->send(
        std::move(call), context,
        [done = std::move(done)](const HttpResponse &r) {
            if (r.cancelled) {
                ProviderError e;
                e.code = ProviderErrorCode::Network;
                e.details = QStringLiteral("cancelled");
                e.message = Tr::tr("Cancelled.");
                e.cancelled = true;
                done(std::unexpected(e));
                return;
            }
            if (r.status >= 200 && r.status < 300) {
                if (r.json.isObject()) { // read on the transport thread
                    done(r.json.object());
                    return;
                }
                if (r.body.trimmed().isEmpty()) {
                    done(QJsonObject());
                    return;
                }
                HttpResponse bad = r;
                bad.status = r.status;
                ProviderError e = providerErrorFrom(bad);
                e.code = ProviderErrorCode::BadResponse;
                e.details =
                    QStringLiteral("HTTP %1 with a body that is not a JSON object: %2")
                        .arg(r.status)
                        .arg(r.jsonError.isEmpty() ? QStringLiteral("not an object") : r.jsonError);
                e.message = Tr::tr("The provider answered something we cannot read (HTTP %1). "
                                   "Report it with the details below.")
                                .arg(r.status);
                done(std::unexpected(e));
                return;
            }
            done(std::unexpected(providerErrorFrom(r)));
        },
        [signer](HttpCall &c) { signer.sign(c); });
}

} // namespace onramp
