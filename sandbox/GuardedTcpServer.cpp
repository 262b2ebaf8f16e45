#include "GuardedTcpServer.h"

#include "ApiAnswer.h"
#include "SandboxServer.h"

#include <QJsonDocument>
#include <QTcpSocket>

#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

namespace onramp {

GuardedTcpServer::GuardedTcpServer(QObject *http, QObject *parent)
    : QTcpServer(parent), m_http(http)
{
    m_clock.start();
    m_sweep.setInterval(250);
    connect(&m_sweep, &QTimer::timeout, this, &GuardedTcpServer::sweep);
    m_sweep.start();
}

void GuardedTcpServer::incomingConnection(qintptr fd)
{
    if (m_conns.size() >= SandboxServer::kMaxConnections)
        evictOne();
    auto *socket = new QTcpSocket(this);
    if (!socket->setSocketDescriptor(fd)) {
        ::close(int(fd));
        delete socket;
        return;
    }
    if (m_conns.size() >= SandboxServer::kMaxConnections) {
        // Full of connections that are busy: come back shortly.
        refuse(socket, 503,
               apiError(QStringLiteral("unavailable"),
                        QStringLiteral("the sandbox is serving %1 connections; retry after "
                                       "the Retry-After seconds")
                            .arg(SandboxServer::kMaxConnections)),
               "1");
        return;
    }
    const qint64 now = m_clock.elapsed();
    m_conns.insert(
        socket,
        Conn{RequestFramer(SandboxServer::kMaxBodyBytes, SandboxServer::kMaxHeadBytes), now, now});
    connect(socket, &QIODevice::readyRead, this, [this, socket] { inspect(socket); });
    connect(socket, &QObject::destroyed, this, [this, socket] { m_conns.remove(socket); });
    addPendingConnection(socket);
}

void GuardedTcpServer::inspect(QTcpSocket *socket)
{
    const auto it = m_conns.find(socket);
    if (it == m_conns.end())
        return;
    const qint64 available = socket->bytesAvailable();
    if (available <= 0)
        return;
    const qint64 now = m_clock.elapsed();
    const bool wasBetween = it->framer.betweenRequests();
    const QByteArray fresh = socket->peek(available);
    it->lastByteMs = now;
    if (wasBetween)
        it->headStartMs = now;
    switch (it->framer.feed(fresh)) {
    case RequestFramer::Verdict::Fine:
        return;
    case RequestFramer::Verdict::BodyTooLarge:
        refuse(
            socket, 413,
            apiError(QStringLiteral("validation_failed"),
                     QStringLiteral("body larger than %1 bytes").arg(SandboxServer::kMaxBodyBytes),
                     QStringLiteral("body")));
        return;
    case RequestFramer::Verdict::HeadTooLarge:
        refuse(socket, 431,
               apiError(QStringLiteral("validation_failed"),
                        QStringLiteral("request head larger than %1 bytes")
                            .arg(SandboxServer::kMaxHeadBytes),
                        QStringLiteral("headers")));
        return;
    case RequestFramer::Verdict::Malformed:
        refuse(socket, 400,
               apiError(QStringLiteral("validation_failed"),
                        QStringLiteral("malformed HTTP/1.1 framing (Content-Length or "
                                       "chunk size)"),
                        QStringLiteral("body")));
        return;
    }
}

int GuardedTcpServer::unreadInKernel(QTcpSocket *socket)
{
    int n = 0;
    return ::ioctl(int(socket->socketDescriptor()), FIONREAD, &n) == 0 ? n : 0;
}

bool GuardedTcpServer::answering(QTcpSocket *socket) const
{
    return socket->bytesToWrite() > 0 || socket->bytesAvailable() > 0 || unreadInKernel(socket) > 0;
}

void GuardedTcpServer::evictOne()
{
    const qint64 now = m_clock.elapsed();
    QTcpSocket *oldest = nullptr;
    qint64 oldestMs = now - SandboxServer::kEvictAfterMs;
    // A connection that has sent nothing yet may only be slow to start (a client under
    // load): it gives way only after kHeadTimeoutMs, or its request, arriving after the
    // close, would meet a reset. A keep-alive one between requests, or one stalled in its
    // head, gives way after kEvictAfterMs.
    const qint64 unusedMs = now - SandboxServer::kHeadTimeoutMs;
    for (auto it = m_conns.begin(); it != m_conns.end(); ++it) {
        const Conn &c = it.value();
        const bool unused = c.framer.betweenRequests() && c.framer.completed() == 0;
        const bool idle = c.framer.betweenRequests() &&
                          c.lastByteMs <= (unused ? std::min(oldestMs, unusedMs) : oldestMs);
        const bool stalledHead = c.framer.inHead() && c.lastByteMs <= oldestMs;
        if ((idle || stalledHead) && !answering(it.key())) {
            oldest = it.key();
            oldestMs = c.lastByteMs;
        }
    }
    if (!oldest)
        return;
    if (m_conns.find(oldest)->framer.inHead())
        refuse(oldest, 408,
               timeoutError(QStringLiteral("the request head stalled while "
                                           "others waited")));
    else
        close(oldest);
}

void GuardedTcpServer::sweep()
{
    const qint64 now = m_clock.elapsed();
    QList<std::pair<QTcpSocket *, int>> due; // socket, 0 = close, else a 408
    for (auto it = m_conns.begin(); it != m_conns.end(); ++it) {
        const Conn &c = it.value();
        QTcpSocket *socket = it.key();
        if (socket->bytesToWrite() > 0)
            continue; // answering
        if (c.framer.inHead() && now - c.headStartMs > SandboxServer::kHeadTimeoutMs)
            due.append({socket, 1});
        else if (!c.framer.betweenRequests() && !c.framer.inHead() &&
                 now - c.lastByteMs > SandboxServer::kBodyIdleTimeoutMs)
            due.append({socket, 2});
        else if (c.framer.betweenRequests() && now - c.lastByteMs > SandboxServer::kIdleTimeoutMs &&
                 !answering(socket))
            due.append({socket, 0});
    }
    for (const auto &[socket, why] : due) {
        if (why == 0)
            close(socket);
        else
            refuse(socket, 408,
                   timeoutError(why == 1 ? QStringLiteral("request head not complete within "
                                                          "%1 s")
                                               .arg(SandboxServer::kHeadTimeoutMs / 1000)
                                         : QStringLiteral("request body paused for %1 s")
                                               .arg(SandboxServer::kBodyIdleTimeoutMs / 1000)));
    }
}

QJsonObject GuardedTcpServer::timeoutError(const QString &why)
{
    return apiError(QStringLiteral("unavailable"), why);
}

void GuardedTcpServer::detach(QTcpSocket *socket)
{
    m_conns.remove(socket);
    QObject::disconnect(socket, nullptr, m_http, nullptr);
    QObject::disconnect(socket, nullptr, this, nullptr);
    if (socket->isTransactionStarted())
        socket->rollbackTransaction();
}

void GuardedTcpServer::close(QTcpSocket *socket)
{
    detach(socket);
    connect(socket, &QAbstractSocket::disconnected, socket, &QObject::deleteLater);
    socket->disconnectFromHost();
}

void GuardedTcpServer::refuse(QTcpSocket *socket, int status, const QJsonObject &body,
                              const QByteArray &retryAfter)
{
    detach(socket);
    if (m_refusing >= kMaxRefusing) {
        socket->abort(); // a flood of refusals: no more answers than this
        socket->deleteLater();
        return;
    }
    ++m_refusing;
    const QByteArray json = QJsonDocument(body).toJson(QJsonDocument::Compact);
    QByteArray answer =
        "HTTP/1.1 " + QByteArray::number(status) + ' ' + reason(status) +
        "\r\nContent-Type: application/json\r\nContent-Length: " + QByteArray::number(json.size()) +
        "\r\nConnection: close\r\n";
    if (!retryAfter.isEmpty())
        answer += "Retry-After: " + retryAfter + "\r\n";
    answer += "\r\n" + json;
    socket->readAll();
    connect(socket, &QIODevice::readyRead, socket, [socket] { socket->readAll(); });
    const auto finish = [socket] {
        if (socket->bytesToWrite() == 0 && socket->state() == QAbstractSocket::ConnectedState)
            ::shutdown(int(socket->socketDescriptor()), SHUT_WR);
    };
    connect(socket, &QIODevice::bytesWritten, socket, finish);
    connect(socket, &QAbstractSocket::disconnected, socket, &QObject::deleteLater);
    connect(socket, &QObject::destroyed, this, [this] { --m_refusing; });
    QTimer::singleShot(kDrainMs, socket, [socket] { socket->abort(); });
    socket->write(answer);
    socket->flush();
    finish();
}

QByteArray GuardedTcpServer::reason(int status)
{
    switch (status) {
    case 400:
        return "Bad Request";
    case 408:
        return "Request Timeout";
    case 413:
        return "Content Too Large";
    case 431:
        return "Request Header Fields Too Large";
    case 503:
        return "Service Unavailable";
    default:
        return "Error";
    }
}

} // namespace onramp
