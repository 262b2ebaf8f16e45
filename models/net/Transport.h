#pragma once

#include "Loopback.h"

#include <QByteArray>
#include <QJsonDocument>
#include <QList>
#include <QObject>
#include <QString>
#include <QUrl>

#include <functional>
#include <memory>
#include <utility>

namespace onramp {

struct HttpCall
{
    QByteArray method = "GET";
    QUrl url;
    QList<std::pair<QByteArray, QByteArray>> headers;
    QByteArray body;
    // Safe to repeat: GET/HEAD/PUT/DELETE, or a create carrying an Idempotency-Key.
    bool idempotent = false;
    int connectTimeoutMs = 5000;
    int stallSeconds = 30; // abort when fewer than 1 byte/s flows for this long
    QByteArray caFile;     // extra CA bundle for a provider's private CA; never "verify off"
    // Read the answer's body as JSON on the transport thread (HttpResponse::json), so a large
    // answer is not parsed on the caller's (GUI) thread.
    bool parseJson = false;
};

struct HttpResponse
{
    int status = 0; // 0: no HTTP answer (see error)
    QList<std::pair<QByteArray, QByteArray>> headers;
    QByteArray body;
    QJsonDocument json; // with HttpCall::parseJson: the body read as JSON (null when it is not)
    QString jsonError;  // … and why not, when the body is not blank
    QString error;      // transport failure, technical, untranslated
    int attempts = 0;
    bool cancelled = false;
    QByteArray header(const QByteArray &name) const;
};

// Retries: only repeatable calls, on connection failures, 429 and 502/503/504; exponential
// backoff with jitter, capped; Retry-After (seconds or HTTP date) honoured and clamped.
struct RetryPolicy
{
    int maxAttempts = 3;
    int baseDelayMs = 200;
    int maxDelayMs = 5000;
    int maxRetryAfterMs = 30000;
};

// Milliseconds a Retry-After value asks for (seconds or an HTTP date), -1 when unreadable.
qint64 retryAfterMs(const QByteArray &value, const QDateTime &now);

// One worker thread owns a libcurl multi handle; calls are queued to it and their results come
// back on the thread of the context object given with each call, never blocking the caller.
// Hardening: https only except on loopback, peer and host verification always on, TLS ≥ 1.2,
// no redirects, connect timeout and stalled-transfer abort, proxies ignored for loopback.
// (No Q_OBJECT: without moc output in the shared mocs object, programs that never send a
// request do not link libcurl at all.)
class Transport : public QObject
{
public:
    explicit Transport(QObject *parent = nullptr);
    ~Transport() override;

    void setRetryPolicy(const RetryPolicy &p);

    // `prepare` runs before every attempt (on the worker thread): sign the call there, so a
    // retry carries a fresh signature. `done` runs on `context`'s thread unless `context` is
    // gone by then.
    quint64 send(HttpCall call, QObject *context, std::function<void(const HttpResponse &)> done,
                 std::function<void(HttpCall &)> prepare = {});
    void cancel(quint64 id);

private:
    struct Worker;
    std::unique_ptr<Worker> m_worker;
};

} // namespace onramp
