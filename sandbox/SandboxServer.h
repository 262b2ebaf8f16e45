#pragma once

#include "ApiAnswer.h"
#include "RequestFramer.h" // callers test the listener's framer through this header
#include "ResourceCatalog.h"
#include "SandboxFaults.h"

#include <QByteArray>
#include <QHostAddress>
#include <QJsonObject>
#include <QObject>
#include <QString>

#include <expected>
#include <memory>

class QHttpServer;
class QHttpServerRequest;
class QHttpServerResponder;
class QTcpServer;

namespace onramp {

class RouteTable;
class Sandbox;

// The built-in sandbox provider: a real HTTP server on loopback speaking docs/provider-api.yaml,
// with its state in SQLite. Every request must be signed (AWS SigV4, service "onramp") with
// the credentials it was started with; a wrong Host, any Origin header or an oversized body is
// refused. Handlers are synchronous and fast (QHttpServer 6.4 crashes when a client leaves
// before an asynchronous handler ends, shared/notes/qt-stack.md §6.2).
//
// This class is the shell: listening, the guard, the signature and idempotency; the resources
// are routes over a Sandbox (sandbox/README.md).
//
// Lives on the thread that calls start(); run it on its own thread next to a GUI.
class SandboxServer : public QObject
{
    Q_OBJECT
public:
    struct Credentials
    {
        QByteArray accessKeyId;
        QByteArray secret;
        QByteArray region = "sandbox";
    };

    explicit SandboxServer(QObject *parent = nullptr);
    ~SandboxServer() override;

    // Loopback only: any other address is refused. Port 0 picks a free one. dataDir holds the
    // SQLite file; empty = in memory.
    bool start(const QHostAddress &address, quint16 port, const QString &dataDir,
               QString *error = nullptr);
    quint16 port() const { return m_port; }
    const Credentials &credentials() const { return m_credentials; }
    void setCredentials(const Credentials &c);

    static constexpr qsizetype kMaxBodyBytes = 4 * 1024 * 1024;
    static constexpr qsizetype kMaxHeadBytes = 64 * 1024;
    // Connections served at once. At the limit, one idle or stalled for kEvictAfterMs makes
    // room; else a newcomer is answered 503 with Retry-After (never a reset).
    static constexpr int kMaxConnections = 64;
    static constexpr int kEvictAfterMs = 1000;
    // A head must be complete this long after its first byte, and a body may pause this long;
    // a keep-alive connection with no request is closed after kIdleTimeoutMs.
    static constexpr int kHeadTimeoutMs = 10'000;
    static constexpr int kBodyIdleTimeoutMs = 30'000;
    static constexpr int kIdleTimeoutMs = 60'000;
    // docs/provider-api.yaml: Idempotency-Key has at most 128 characters.
    static constexpr qsizetype kMaxIdempotencyKeyBytes = 128;

    // Fault injection for tests, off by default: the next `count` requests answer `status`
    // (with Retry-After when retryAfter ≥ 0) before anything else is checked.
    void injectFailures(int count, int status, const QByteArray &retryAfter = {})
    {
        m_failures = count;
        m_failureStatus = status;
        m_retryAfter = retryAfter;
    }
    int requestsSeen() const { return m_requests; }

    // Further faults, each off at 0: the transport's (latency, cut connections, stalled bodies,
    // redirects) and the fault plan's (stock, preemption, a hung step, a sick GPU, slow
    // reads), SandboxFaults.h and docs/faults.md. Set them on the server's thread.
    using Faults = SandboxFaults;
    Faults &faults() { return m_faults; }

    // Reviews (dossier, quota) read as pending for this long after submission; 0 = instant.
    void setReviewDelaySeconds(int seconds);
    // The catalog served at /v1/catalog/instance-types and /images and created from: the
    // built-in one unless set (readCatalogFile: `serve --catalog FILE`, ONRAMP_SANDBOX_CATALOG).
    void setCatalog(const ResourceCatalog &catalog);

    // The program jobs run (onramp-probe); found beside this program when not set.
    void setProbeProgram(const QString &path);
    QString probeProgram() const;
    // Where instances, jobs and uploaded data live (under dataDir, or a temporary folder).
    QString rootDir() const;
    // How many created resources of a kind exist (tests: "exactly one").
    int countOf(const QString &kind) const;

private:
    void handle(const QHttpServerRequest &request, QHttpServerResponder &&responder);
    // Answers the test faults that come before any check; false when none applies.
    bool answeredByFault(const QHttpServerRequest &request, QHttpServerResponder &responder);
    // The answer to a request that came through the listener's guard.
    Answer answer(const QHttpServerRequest &request);
    // Empty when the request may go on; else the refusal (status, error body).
    Answer guard(const QHttpServerRequest &request) const;
    Answer signatureRefusal(const QHttpServerRequest &request) const;
    // A create carrying an Idempotency-Key: the first answer, remembered.
    Answer answerOnce(const QHttpServerRequest &request, const QByteArray &key);
    Answer dispatch(const QHttpServerRequest &request);

    std::unique_ptr<QHttpServer> m_server;
    QTcpServer *m_tcp = nullptr;
    quint16 m_port = 0;
    Credentials m_credentials;
    int m_failures = 0;
    int m_failureStatus = 503;
    QByteArray m_retryAfter;
    int m_requests = 0;
    Faults m_faults;
    std::unique_ptr<Sandbox> m_sandbox; // after m_faults: it reads and counts down the plan
    std::unique_ptr<RouteTable> m_routes;
};

// A catalog file for the sandbox to serve (ResourceCatalog::fromFile: {instances, images}, each
// entry checked); the error names the file and the field.
std::expected<ResourceCatalog, QString> readCatalogFile(const QString &path);

// A request path in normal form (percent-encoded as it arrived): no empty, "." or ".."
// segment, encoded or not, and no encoded '/' or NUL inside a segment.
bool isNormalPath(const QByteArray &encodedPath);

} // namespace onramp
