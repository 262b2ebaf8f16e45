#pragma once

#include "ApiAnswer.h"
#include "RequestFramer.h" // callers test the listener's framer through this header
#include "WorkspaceGate.h"

#include <QByteArray>
#include <QHash>
#include <QHostAddress>
#include <QJsonObject>
#include <QObject>
#include <QSqlDatabase>
#include <QString>

#include <memory>
#include <optional>

class QHttpServer;
class QProcess;
class QTemporaryDir;
class QHttpServerRequest;
class QHttpServerResponder;
class QTcpServer;

namespace onramp {

// The built-in sandbox provider: a real HTTP server on loopback speaking docs/provider-api.yaml,
// with its state in SQLite. Every request must be signed (AWS SigV4, service "onramp") with
// the credentials it was started with; a wrong Host, any Origin header or an oversized body is
// refused. Handlers are synchronous and fast (QHttpServer 6.4 crashes when a client leaves
// before an asynchronous handler ends, shared/notes/qt-stack.md §6.2).
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
    void setCredentials(const Credentials &c) { m_credentials = c; }

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

    // Further faults, each off at 0: every request waits latencyMs first; the next
    // `resetAfterCommit` requests are carried out and then the connection is cut before the
    // answer; the next `stallBody` answers promise a body and stop sending; the next `redirect`
    // answers are a 307 to another port; stockOut makes every zone report no free cards.
    struct Faults
    {
        int latencyMs = 0;
        int resetAfterCommit = 0;
        int stallBody = 0;
        int redirect = 0;
        bool stockOut = false;
    };
    Faults &faults() { return m_faults; }

    // Reviews (dossier, quota) read as pending for this long after submission; 0 = instant.
    void setReviewDelaySeconds(int seconds) { m_reviewDelaySeconds = seconds; }

    // The program jobs run (onramp-probe); found beside this program when not set.
    void setProbeProgram(const QString &path) { m_probe = path; }
    QString probeProgram() const;
    // Where instances, jobs and uploaded data live (under dataDir, or a temporary folder).
    QString rootDir() const { return m_root; }
    // How many created resources of a kind exist (tests: "exactly one").
    int countOf(const QString &kind) const;

private:
    void handle(const QHttpServerRequest &request, QHttpServerResponder &&responder);
    // Empty when the request may go on; else the refusal (status, error body).
    std::pair<int, QJsonObject> guard(const QHttpServerRequest &request) const;
    std::pair<int, QJsonObject> dispatch(const QHttpServerRequest &request);

    // Instances, jobs, uploads and data: the compute half of the API. Empty when the path is
    // not one of theirs.
    std::optional<std::pair<int, QJsonObject>> dispatchCompute(const QHttpServerRequest &request,
                                                               const QString &path);
    std::pair<int, QJsonObject> submitJob(const QString &ws, const QString &who,
                                          const QJsonObject &in);
    bool startJob(QJsonObject &job);
    void refreshQueued(QJsonObject &job);
    // A new workspace's data folder starts with a small sample dataset (16 shards of 256 KiB
    // and a manifest), as a cloud's sample data would: the readiness checks and the first run
    // have something real to read before the team uploads its own.
    void seedSampleData(const QString &wsId);
    void audit(const QString &ws, const QString &actor, const QString &action,
               const QString &target);
    // Empty when `who` (a member account; empty = the account owner) may do `action` in the
    // workspace; else the 403 naming the role and the action.
    std::optional<std::pair<int, QJsonObject>> refusal(const QJsonObject &ws, const QString &who,
                                                       Action action) const;
    std::optional<Role> memberRole(const QJsonObject &ws, const QString &who) const;
    QJsonObject stock();

    QJsonObject shownReview(const QJsonObject &review) const;
    QJsonObject load(const QString &key) const;
    void store(const QString &key, const QJsonObject &value);
    QList<QJsonObject> loadAll(const QString &prefix) const;

    std::unique_ptr<QHttpServer> m_server;
    QTcpServer *m_tcp = nullptr;
    quint16 m_port = 0;
    Credentials m_credentials;
    QString m_connection;
    int m_failures = 0;
    int m_failureStatus = 503;
    QByteArray m_retryAfter;
    int m_requests = 0;
    Faults m_faults;
    int m_reviewDelaySeconds = 0;
    QString m_probe;
    QString m_root;
    std::unique_ptr<QTemporaryDir> m_tempRoot;
    QHash<QString, QProcess *> m_processes; // running jobs by id
};

// A request path in normal form (percent-encoded as it arrived): no empty, "." or ".."
// segment, encoded or not, and no encoded '/' or NUL inside a segment.
bool isNormalPath(const QByteArray &encodedPath);

// docs/provider-api.yaml's workspace name: ^[a-z0-9][a-z0-9-]{0,62}$ (it names a folder).
bool isWorkspaceName(const QString &name);

} // namespace onramp
