#pragma once

#include "Error.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>

#include <expected>
#include <utility>

namespace onramp {

// An HTTP request as the signer sees it. Header names keep their case; values are raw.
struct HttpRequest
{
    QByteArray method;
    QByteArray path;  // raw, without the query
    QByteArray query; // raw, without the '?'
    QList<std::pair<QByteArray, QByteArray>> headers;
    QByteArray body;
};

// Parses a raw HTTP/1.1 request in the AWS test-suite format: "METHOD TARGET HTTP/1.1", then
// "Name:value" lines (a line starting with whitespace continues the previous value), a blank
// line and the body.
std::expected<HttpRequest, Error> parseRawRequest(const QByteArray &text);

struct SigningContext
{
    QByteArray accessKeyId;
    QByteArray secretAccessKey;
    QByteArray sessionToken; // empty: none
    QByteArray region;
    QByteArray service;
    QDateTime time;            // UTC
    int expiresSeconds = 3600; // query signing only
    bool normalizePath = true; // remove dot segments (not for S3-style paths)
    bool signBody = false;     // add and sign x-amz-content-sha256 (header signing)
    bool omitSessionToken = false;
};

// Loads a test-suite context.json.
std::expected<SigningContext, Error> parseSigningContext(const QByteArray &json);

struct SigningResult
{
    QByteArray canonicalRequest;
    QByteArray stringToSign;
    QByteArray signature; // lowercase hex
    // Header signing: the headers to add (x-amz-date, …, authorization).
    QList<std::pair<QByteArray, QByteArray>> headers;
    // Query signing: the full canonical query with X-Amz-Signature appended.
    QByteArray query;
};

// The HMAC-SHA256 request-signing schemes providers use are variations of one design:
// a canonical request (method, path, query, headers, payload hash), a string to sign, a key.
// A profile says where a provider differs.
struct SignerProfile
{
    QByteArray algorithm;  // "AWS4-HMAC-SHA256", "ACS3-HMAC-SHA256", …
    QByteArray dateHeader; // added by the signer when addDateHeader
    bool addDateHeader = true;
    QByteArray dateFormat = "yyyyMMdd'T'HHmmss'Z'";
    QByteArray contentHashHeader;  // e.g. x-amz-content-sha256
    bool alwaysHashHeader = false; // add it on every request, not only with signBody
    QByteArray tokenHeader;        // session token header, if any
    QByteArray scopeTerminator;    // "aws4_request"; empty: no credential scope
    QByteArray keyPrefix;          // "AWS4"; with a scope, the key is derived along it
    bool dateInStringToSign = true;
    bool pathTrailingSlash = false; // Huawei signs "/v1/x/" for "/v1/x"

    static SignerProfile aws();
    static SignerProfile alibabaAcs3();
    static SignerProfile huaweiSdk();
    static SignerProfile volcengine();
};

// Signs in the Authorization header, or (AWS query signing) in the query string (presigned).
SigningResult signRequest(const HttpRequest &request, const SigningContext &context,
                          const SignerProfile &profile, bool inQuery = false);

// AWS Signature Version 4 (HMAC-SHA256 on OpenSSL): the profile Onramp's own API uses.
inline SigningResult signSigV4(const HttpRequest &request, const SigningContext &context,
                               bool inQuery = false)
{
    return signRequest(request, context, SignerProfile::aws(), inQuery);
}

QByteArray sha256Hex(const QByteArray &data);
QByteArray hmacSha256(const QByteArray &key, const QByteArray &data);

} // namespace onramp
