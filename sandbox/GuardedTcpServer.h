#pragma once

#include "RequestFramer.h"

#include <QElapsedTimer>
#include <QHash>
#include <QJsonObject>
#include <QTcpServer>
#include <QTimer>

class QTcpSocket;

namespace onramp {

// The listener in front of QHttpServer 6.4, which has no limits of its own (no cap on
// connections, no timeouts, a whole body buffered before anyone may look at it). Each connection
// is watched before QHttpServer reads it: its slot on readyRead is connected first, so it sees
// every byte (peeked) before QHttpServer takes it.
// - A body past kMaxBodyBytes (Content-Length or chunked, counted as it arrives) is answered 413
//   at once and the rest drained unread, never buffered; a head past kMaxHeadBytes is 431.
// - A head not complete kHeadTimeoutMs after its first byte, or a body that pauses for
//   kBodyIdleTimeoutMs, is answered 408; a connection idle for kIdleTimeoutMs is closed.
// - At kMaxConnections, the connection idle or stalled in its head the longest (for at least
//   kEvictAfterMs) makes room; if none may, the newcomer is answered 503 with Retry-After.
// A refused connection gets its answer, then FIN, and is drained until the client closes: a
// close with unread data would be a reset, which loses the answer.
// The limits are SandboxServer's constants.
class GuardedTcpServer : public QTcpServer
{
public:
    // `http` is the QHttpServer the accepted sockets are handed to: a socket taken away from
    // it is disconnected from it first.
    GuardedTcpServer(QObject *http, QObject *parent);

protected:
    void incomingConnection(qintptr fd) override;

private:
    struct Conn
    {
        RequestFramer framer;
        qint64 lastByteMs = 0;
        qint64 headStartMs = 0;
    };

    void inspect(QTcpSocket *socket);
    // Bytes the kernel holds for this socket that nobody has read yet.
    static int unreadInKernel(QTcpSocket *socket);
    bool answering(QTcpSocket *socket) const;
    void evictOne();
    void sweep();
    static QJsonObject timeoutError(const QString &why);
    // Takes the socket away from QHttpServer: it reads no more of it.
    void detach(QTcpSocket *socket);
    void close(QTcpSocket *socket);
    // Answers `status` and closes gracefully: the answer, then FIN, then whatever the client
    // still sends is read and dropped until it closes (at most kDrainMs).
    void refuse(QTcpSocket *socket, int status, const QJsonObject &body,
                const QByteArray &retryAfter = {});
    static QByteArray reason(int status);

    static constexpr int kDrainMs = 10'000;
    static constexpr int kMaxRefusing = 512;
    QObject *m_http;
    QHash<QTcpSocket *, Conn> m_conns;
    int m_refusing = 0;
    QElapsedTimer m_clock;
    QTimer m_sweep;
};

} // namespace onramp
