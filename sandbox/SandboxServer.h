#pragma once

#include <QByteArray>
#include <QHostAddress>
#include <QJsonObject>
#include <QObject>
#include <QSqlDatabase>
#include <QString>

#include <memory>

class QHttpServer;
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

    // Fault injection for tests, off by default: the next `count` requests answer `status`
    // (with Retry-After when retryAfter ≥ 0) before anything else is checked.
    void injectFailures(int count, int status, const QByteArray &retryAfter = {})
    {
        m_failures = count;
        m_failureStatus = status;
        m_retryAfter = retryAfter;
    }
    int requestsSeen() const { return m_requests; }

private:
    void handle(const QHttpServerRequest &request, QHttpServerResponder &&responder);
    // Empty when the request may go on; else the refusal (status, error body).
    std::pair<int, QJsonObject> guard(const QHttpServerRequest &request) const;
    std::pair<int, QJsonObject> dispatch(const QHttpServerRequest &request);

    QJsonObject load(const QString &key) const;
    void store(const QString &key, const QJsonObject &value);

    std::unique_ptr<QHttpServer> m_server;
    QTcpServer *m_tcp = nullptr;
    quint16 m_port = 0;
    Credentials m_credentials;
    QString m_connection;
    int m_failures = 0;
    int m_failureStatus = 503;
    QByteArray m_retryAfter;
    int m_requests = 0;
};

// An error body in the API's one shape.
QJsonObject apiError(const QString &code, const QString &message, const QString &field = {});

} // namespace onramp
