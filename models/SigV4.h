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
    QDateTime time; // UTC
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

// AWS Signature Version 4 (HMAC-SHA256 on OpenSSL), in the Authorization header or in the
// query string (presigned).
SigningResult signSigV4(const HttpRequest &request, const SigningContext &context,
                        bool inQuery = false);

QByteArray sha256Hex(const QByteArray &data);
QByteArray hmacSha256(const QByteArray &key, const QByteArray &data);

} // namespace onramp
