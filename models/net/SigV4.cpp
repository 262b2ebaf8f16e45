#include "SigV4.h"

#include "DynamicLibrary.h"

#include "Tr.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

#include <cstring>
#include <ctime>

#include <openssl/evp.h>

#include <algorithm>
#include <vector>

namespace onramp {

namespace {

bool isUnreserved(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_' || c == '.' || c == '~';
}

// RFC 3986 percent-encoding of every byte but the unreserved ones (and '/' when asked).
QByteArray uriEncode(const QByteArray &in, bool keepSlash)
{
    static const char hex[] = "0123456789ABCDEF";
    if (std::all_of(in.begin(), in.end(),
                    [&](char c) { return isUnreserved(c) || (keepSlash && c == '/'); }))
        return in; // nothing to encode: no copy (most paths and values)
    QByteArray out;
    out.reserve(in.size() * 3);
    for (char c : in) {
        if (isUnreserved(c) || (keepSlash && c == '/')) {
            out += c;
        } else {
            const auto b = static_cast<unsigned char>(c);
            out += '%';
            out += hex[b >> 4];
            out += hex[b & 0xF];
        }
    }
    return out;
}

// RFC 3986 §5.2.4 remove_dot_segments, keeping a trailing slash.
QByteArray removeDotSegments(const QByteArray &path)
{
    if (path.startsWith('/') && !path.contains("/.") && !path.contains("//"))
        return path; // already normal
    QList<QByteArray> out;
    const QList<QByteArray> parts = path.split('/');
    for (const QByteArray &seg : parts) {
        if (seg == ".")
            continue;
        if (seg == "..") {
            if (!out.isEmpty())
                out.removeLast();
            continue;
        }
        if (seg.isEmpty())
            continue; // normalisation also merges repeated slashes
        out << seg;
    }
    QByteArray result = '/' + out.join('/');
    const bool trailing = path.endsWith('/') || path.endsWith("/.") || path.endsWith("/..");
    if (trailing && !result.endsWith('/'))
        result += '/';
    return result;
}

QByteArray canonicalPath(const QByteArray &raw, bool normalize)
{
    QByteArray path = raw.isEmpty() ? QByteArray("/") : raw;
    if (normalize)
        path = removeDotSegments(path);
    return uriEncode(path, true);
}

// Header values: trimmed, runs of whitespace (folded lines included) become one space.
QByteArray canonicalValue(const QByteArray &v)
{
    const auto space = [](char c) { return c == ' ' || (c >= '\t' && c <= '\r'); };
    bool clean = v.isEmpty() || (!space(v.front()) && !space(v.back()));
    for (qsizetype i = 1; clean && i < v.size(); ++i)
        clean = !(space(v[i]) && (v[i] != ' ' || v[i - 1] == ' '));
    return clean ? v : v.simplified();
}

// OpenSSL's libcrypto is opened on first use, not linked: 4.5 MB of relocations cost the
// wizard ~2.5 ms before its first paint, for signing that only happens after it.
struct CryptoApi
{
    EVP_MD *(*md_fetch)(OSSL_LIB_CTX *, const char *, const char *);
    EVP_MD_CTX *(*ctx_new)();
    int (*digest_init)(EVP_MD_CTX *, const EVP_MD *, ENGINE *);
    int (*digest_update)(EVP_MD_CTX *, const void *, size_t);
    int (*digest_final)(EVP_MD_CTX *, unsigned char *, unsigned int *);
    // SHA-256 fetched once: OpenSSL 3 looks an algorithm up on every implicit use, which costs
    // more than hashing a request.
    EVP_MD *sha256 = nullptr;
};

const CryptoApi &crypto()
{
    static const CryptoApi api = [] {
        CryptoApi a{};
        DynamicLibrary lib("libcrypto.so.3");
        const auto get = [&](auto &fn, const char *name) { lib.resolve(fn, name); };
        get(a.md_fetch, "EVP_MD_fetch");
        get(a.ctx_new, "EVP_MD_CTX_new");
        get(a.digest_init, "EVP_DigestInit_ex");
        get(a.digest_update, "EVP_DigestUpdate");
        get(a.digest_final, "EVP_DigestFinal_ex");
        if (lib.complete)
            a.sha256 = a.md_fetch(nullptr, "SHA256", nullptr);
        if (!a.sha256) // libssl3 comes with libcurl4: without it nothing can be signed
            qFatal("Onramp needs OpenSSL 3 (libcrypto.so.3, Debian package libssl3) to sign "
                   "requests: %s",
                   lib.handle ? "it has no SHA-256" : qPrintable(lib.error));
        return a;
    }();
    return api;
}

void sha256Raw(const char *a, size_t an, const char *b, size_t bn, unsigned char out[32])
{
    const CryptoApi &c = crypto();
    thread_local EVP_MD_CTX *ctx = c.ctx_new();
    unsigned int len = 0;
    c.digest_init(ctx, c.sha256, nullptr);
    c.digest_update(ctx, a, an);
    if (bn)
        c.digest_update(ctx, b, bn);
    c.digest_final(ctx, out, &len);
}

} // namespace

QByteArray sha256Hex(const QByteArray &data)
{
    unsigned char md[32];
    sha256Raw(data.constData(), size_t(data.size()), nullptr, 0, md);
    return QByteArray(reinterpret_cast<const char *>(md), 32).toHex();
}

// HMAC-SHA256 (RFC 2104) on the cached digest; checked by every signing vector.
QByteArray hmacSha256(const QByteArray &key, const QByteArray &data)
{
    constexpr int kBlock = 64;
    unsigned char k[kBlock] = {};
    if (key.size() > kBlock)
        sha256Raw(key.constData(), size_t(key.size()), nullptr, 0, k);
    else
        std::memcpy(k, key.constData(), size_t(key.size()));
    char ipad[kBlock], opad[kBlock];
    for (int i = 0; i < kBlock; ++i) {
        ipad[i] = char(k[i] ^ 0x36);
        opad[i] = char(k[i] ^ 0x5c);
    }
    unsigned char inner[32], outer[32];
    sha256Raw(ipad, kBlock, data.constData(), size_t(data.size()), inner);
    sha256Raw(opad, kBlock, reinterpret_cast<const char *>(inner), 32, outer);
    return QByteArray(reinterpret_cast<const char *>(outer), 32);
}

std::expected<HttpRequest, Error> parseRawRequest(const QByteArray &text)
{
    const auto bad = [](const QString &why) {
        return std::unexpected(Error{
            Error::Kind::Parse, Tr::tr("The request file is not a raw HTTP request: %1.").arg(why),
            QString(), QStringLiteral("request")});
    };
    HttpRequest r;
    QByteArray data = text;
    data.replace("\r\n", "\n");
    const int headerEnd = data.indexOf("\n\n");
    const QByteArray head = headerEnd >= 0 ? data.left(headerEnd) : data;
    r.body = headerEnd >= 0 ? data.mid(headerEnd + 2) : QByteArray();
    QList<QByteArray> lines = head.split('\n');
    if (lines.isEmpty() || lines.first().trimmed().isEmpty())
        return bad(Tr::tr("the first line is empty"));
    const QByteArray first = lines.takeFirst();
    const int sp1 = first.indexOf(' ');
    const int sp2 = first.lastIndexOf(' ');
    if (sp1 <= 0 || sp2 <= sp1 || !first.mid(sp2 + 1).startsWith("HTTP/"))
        return bad(Tr::tr("the first line must be “METHOD TARGET HTTP/1.1”"));
    r.method = first.left(sp1);
    const QByteArray target = first.mid(sp1 + 1, sp2 - sp1 - 1);
    const int q = target.indexOf('?');
    r.path = q >= 0 ? target.left(q) : target;
    r.query = q >= 0 ? target.mid(q + 1) : QByteArray();
    for (const QByteArray &line : lines) {
        if (line.isEmpty())
            continue; // a trailing newline without a body
        if (line[0] == ' ' || line[0] == '\t') {
            if (r.headers.isEmpty())
                return bad(Tr::tr("a continuation line comes before any header"));
            r.headers.last().second += ' ' + line.trimmed();
            continue;
        }
        const int colon = line.indexOf(':');
        if (colon <= 0)
            return bad(Tr::tr("“%1” is not a header line").arg(QString::fromUtf8(line)));
        r.headers.append({line.left(colon).trimmed(), line.mid(colon + 1)});
    }
    return r;
}

std::expected<SigningContext, Error> parseSigningContext(const QByteArray &json)
{
    QJsonParseError pe{};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    if (!doc.isObject())
        return std::unexpected(Error{Error::Kind::Parse,
                                     Tr::tr("The signing context is not a JSON object."),
                                     pe.errorString(), QStringLiteral("context")});
    const QJsonObject o = doc.object();
    const QJsonObject cred = o.value(QStringLiteral("credentials")).toObject();
    SigningContext c;
    c.accessKeyId = cred.value(QStringLiteral("access_key_id")).toString().toUtf8();
    c.secretAccessKey = cred.value(QStringLiteral("secret_access_key")).toString().toUtf8();
    c.sessionToken = cred.value(QStringLiteral("token")).toString().toUtf8();
    c.region = o.value(QStringLiteral("region")).toString().toUtf8();
    c.service = o.value(QStringLiteral("service")).toString().toUtf8();
    c.time = QDateTime::fromString(o.value(QStringLiteral("timestamp")).toString(), Qt::ISODate);
    c.expiresSeconds = o.value(QStringLiteral("expiration_in_seconds")).toInt(3600);
    c.normalizePath = o.value(QStringLiteral("normalize")).toBool(true);
    c.signBody = o.value(QStringLiteral("sign_body")).toBool(false);
    c.omitSessionToken = o.value(QStringLiteral("omit_session_token")).toBool(false);
    const char *missing = c.accessKeyId.isEmpty()       ? "credentials.access_key_id"
                          : c.secretAccessKey.isEmpty() ? "credentials.secret_access_key"
                          : c.region.isEmpty()          ? "region"
                          : c.service.isEmpty()         ? "service"
                          : !c.time.isValid()           ? "timestamp"
                                                        : nullptr;
    if (missing)
        return std::unexpected(
            Error{Error::Kind::Invalid,
                  Tr::tr("The signing context lacks “%1”.").arg(QLatin1String(missing)), QString(),
                  QLatin1String(missing)});
    return c;
}

SignerProfile SignerProfile::aws()
{
    static const SignerProfile cached = [] {
        SignerProfile p;
        p.algorithm = "AWS4-HMAC-SHA256";
        p.dateHeader = "x-amz-date";
        p.contentHashHeader = "x-amz-content-sha256";
        p.tokenHeader = "x-amz-security-token";
        p.scopeTerminator = "aws4_request";
        p.keyPrefix = "AWS4";
        return p;
    }(); // built once: signing runs on every request
    return cached;
}

SignerProfile SignerProfile::alibabaAcs3()
{
    SignerProfile p;
    p.algorithm = "ACS3-HMAC-SHA256";
    p.dateHeader = "x-acs-date";
    p.addDateHeader = false; // the caller sets x-acs-date (ISO 8601) and the nonce
    p.contentHashHeader = "x-acs-content-sha256";
    p.alwaysHashHeader = true;
    p.tokenHeader = "x-acs-security-token";
    p.dateInStringToSign = false;
    return p;
}

SignerProfile SignerProfile::huaweiSdk()
{
    SignerProfile p;
    p.algorithm = "SDK-HMAC-SHA256";
    p.dateHeader = "x-sdk-date";
    p.addDateHeader = false;
    p.pathTrailingSlash = true;
    return p;
}

SignerProfile SignerProfile::volcengine()
{
    SignerProfile p;
    p.algorithm = "HMAC-SHA256";
    p.dateHeader = "x-date";
    p.addDateHeader = false;
    p.scopeTerminator = "request";
    return p;
}

namespace {

// "YYYYMMDDTHHMMSSZ" from the seconds since the epoch (gmtime_r reads no time zone) — no
// calendar objects, no printf, on every request.
QByteArray amzDate(qint64 secs)
{
    const time_t t = time_t(secs);
    tm u{};
    gmtime_r(&t, &u);
    char buf[16];
    const auto put = [&](int at, int value, int width) {
        for (int i = width - 1; i >= 0; --i, value /= 10)
            buf[at + i] = char('0' + value % 10);
    };
    put(0, u.tm_year + 1900, 4);
    put(4, u.tm_mon + 1, 2);
    put(6, u.tm_mday, 2);
    buf[8] = 'T';
    put(9, u.tm_hour, 2);
    put(11, u.tm_min, 2);
    put(13, u.tm_sec, 2);
    buf[15] = 'Z';
    return QByteArray(buf, 16);
}

QByteArray lowered(const QByteArray &name)
{
    return std::any_of(name.begin(), name.end(), [](char c) { return c >= 'A' && c <= 'Z'; })
               ? name.toLower()
               : name;
}

} // namespace

SigningResult signRequest(const HttpRequest &request, const SigningContext &ctx,
                          const SignerProfile &profile, bool inQuery)
{
    SigningResult out;
    const QByteArray date = amzDate(ctx.time.toSecsSinceEpoch());
    const QByteArray day = date.left(8);
    const bool scoped = !profile.scopeTerminator.isEmpty();
    QByteArray scope;
    if (scoped) {
        scope.reserve(64);
        scope.append(day).append('/').append(ctx.region).append('/').append(ctx.service);
        scope.append('/').append(profile.scopeTerminator);
    }
    static const QByteArray emptyHash = sha256Hex(QByteArray());
    const QByteArray payloadHash = request.body.isEmpty() ? emptyHash : sha256Hex(request.body);
    const bool withToken =
        !ctx.sessionToken.isEmpty() && !ctx.omitSessionToken && !profile.tokenHeader.isEmpty();

    // Headers: lowercase names, sorted; duplicates joined with ',' in order of appearance; a
    // header the signer adds replaces one of the same name.
    std::vector<std::pair<QByteArray, QByteArray>> headers;
    headers.reserve(size_t(request.headers.size()) + 3);
    for (const auto &[name, value] : request.headers)
        headers.emplace_back(lowered(name), canonicalValue(value));
    const auto add = [&](const QByteArray &name, const QByteArray &value) {
        std::erase_if(headers, [&](const auto &h) { return h.first == name; });
        headers.emplace_back(name, value);
        out.headers.append({name, value});
    };
    if (!inQuery) {
        if (profile.addDateHeader)
            add(profile.dateHeader, date);
        if (withToken)
            add(profile.tokenHeader, ctx.sessionToken);
        if (!profile.contentHashHeader.isEmpty() && (ctx.signBody || profile.alwaysHashHeader))
            add(profile.contentHashHeader, payloadHash);
    }
    std::stable_sort(headers.begin(), headers.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    QByteArray canonicalHeaders, signedHeaders;
    canonicalHeaders.reserve(512);
    signedHeaders.reserve(128);
    for (size_t i = 0; i < headers.size(); ++i) {
        const auto &[name, value] = headers[i];
        if (i > 0 && headers[i - 1].first == name) { // a repeated header: its values joined
            canonicalHeaders.chop(1);
            canonicalHeaders.append(',').append(value).append('\n');
            continue;
        }
        canonicalHeaders.append(name).append(':').append(value).append('\n');
        if (!signedHeaders.isEmpty())
            signedHeaders.append(';');
        signedHeaders.append(name);
    }

    // Query: decoded, re-encoded, sorted by name then value.
    std::vector<std::pair<QByteArray, QByteArray>> params;
    if (!request.query.isEmpty()) {
        for (const QByteArray &pair : request.query.split('&')) {
            if (pair.isEmpty())
                continue;
            const int eq = pair.indexOf('=');
            const QByteArray k = QByteArray::fromPercentEncoding(eq >= 0 ? pair.left(eq) : pair);
            const QByteArray v =
                eq >= 0 ? QByteArray::fromPercentEncoding(pair.mid(eq + 1)) : QByteArray();
            params.push_back({uriEncode(k, false), uriEncode(v, false)});
        }
    }
    if (inQuery) {
        params.push_back({"X-Amz-Algorithm", profile.algorithm});
        params.push_back({"X-Amz-Credential", uriEncode(ctx.accessKeyId + '/' + scope, false)});
        params.push_back({"X-Amz-Date", date});
        params.push_back({"X-Amz-Expires", QByteArray::number(ctx.expiresSeconds)});
        if (withToken)
            params.push_back({"X-Amz-Security-Token", uriEncode(ctx.sessionToken, false)});
        params.push_back({"X-Amz-SignedHeaders", uriEncode(signedHeaders, false)});
    }
    std::sort(params.begin(), params.end());
    QByteArray canonicalQuery;
    for (const auto &[k, v] : params) {
        if (!canonicalQuery.isEmpty())
            canonicalQuery.append('&');
        canonicalQuery.append(k).append('=').append(v);
    }

    QByteArray path = canonicalPath(request.path, ctx.normalizePath);
    if (profile.pathTrailingSlash && !path.endsWith('/'))
        path += '/';
    QByteArray &canonical = out.canonicalRequest;
    canonical.reserve(request.method.size() + path.size() + canonicalQuery.size() +
                      canonicalHeaders.size() + signedHeaders.size() + payloadHash.size() + 8);
    canonical.append(request.method).append('\n').append(path).append('\n');
    canonical.append(canonicalQuery).append('\n').append(canonicalHeaders).append('\n');
    canonical.append(signedHeaders).append('\n').append(payloadHash);
    QByteArray &toSign = out.stringToSign;
    toSign.reserve(profile.algorithm.size() + date.size() + scope.size() + 64 + 3);
    toSign.append(profile.algorithm).append('\n');
    if (profile.dateInStringToSign)
        toSign.append(date).append('\n');
    if (scoped)
        toSign.append(scope).append('\n');
    toSign.append(sha256Hex(canonical));

    QByteArray key = profile.keyPrefix + ctx.secretAccessKey;
    if (scoped) {
        // The derived key changes once a day: keep the last one (per thread).
        struct Derived
        {
            QByteArray prefix, secret, day, region, service, terminator, key;
        };
        thread_local Derived last;
        if (last.secret != ctx.secretAccessKey || last.prefix != profile.keyPrefix ||
            last.day != day || last.region != ctx.region || last.service != ctx.service ||
            last.terminator != profile.scopeTerminator || last.key.isEmpty()) {
            for (const QByteArray &part : {day, ctx.region, ctx.service, profile.scopeTerminator})
                key = hmacSha256(key, part);
            last = {profile.keyPrefix, ctx.secretAccessKey,     day, ctx.region,
                    ctx.service,       profile.scopeTerminator, key};
        }
        key = last.key;
    }
    out.signature = hmacSha256(key, toSign).toHex();
    QByteArray authorization;
    authorization.reserve(profile.algorithm.size() + ctx.accessKeyId.size() + scope.size() +
                          signedHeaders.size() + out.signature.size() + 48);
    if (inQuery) {
        out.query = canonicalQuery + "&X-Amz-Signature=" + out.signature;
    } else if (profile.algorithm == "ACS3-HMAC-SHA256") {
        authorization.append(profile.algorithm).append(" Credential=").append(ctx.accessKeyId);
        authorization.append(",SignedHeaders=").append(signedHeaders);
        authorization.append(",Signature=").append(out.signature);
    } else if (!scoped) {
        authorization.append(profile.algorithm).append(" Access=").append(ctx.accessKeyId);
        authorization.append(", SignedHeaders=").append(signedHeaders);
        authorization.append(", Signature=").append(out.signature);
    } else {
        authorization.append(profile.algorithm).append(" Credential=").append(ctx.accessKeyId);
        authorization.append('/').append(scope);
        authorization.append(", SignedHeaders=").append(signedHeaders);
        authorization.append(", Signature=").append(out.signature);
    }
    if (!inQuery)
        out.headers.append({"authorization", authorization});
    return out;
}

} // namespace onramp
