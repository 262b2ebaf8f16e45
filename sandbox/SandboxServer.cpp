#include "SandboxServer.h"

#include "GuardedTcpServer.h"
#include "RouteTable.h"
#include "Sandbox.h"
#include "SigV4.h"
#include "routes/AccountRoutes.h"
#include "routes/CatalogRoutes.h"
#include "routes/DataRoutes.h"
#include "routes/InstanceRoutes.h"
#include "routes/JobRoutes.h"
#include "routes/QuotaApplicationRoutes.h"
#include "routes/WorkspaceRoutes.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QFile>
#include <QHttpServer>
#include <QHttpServerRequest>
#include <QHttpServerResponder>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QTcpSocket>
#include <QThread>

#include <openssl/crypto.h>

Q_LOGGING_CATEGORY(lcSandbox, "onramp.sandbox", QtInfoMsg)

namespace onramp {

namespace {

QByteArray randomToken(int bytes)
{
    QByteArray b(bytes, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32 *>(b.data()), bytes / 4);
    return b.toHex();
}

QByteArray methodName(QHttpServerRequest::Method m)
{
    switch (m) {
    case QHttpServerRequest::Method::Get:
        return "GET";
    case QHttpServerRequest::Method::Put:
        return "PUT";
    case QHttpServerRequest::Method::Delete:
        return "DELETE";
    case QHttpServerRequest::Method::Post:
        return "POST";
    case QHttpServerRequest::Method::Head:
        return "HEAD";
    case QHttpServerRequest::Method::Options:
        return "OPTIONS";
    case QHttpServerRequest::Method::Patch:
        return "PATCH";
    default:
        return "OTHER";
    }
}

} // namespace

bool isNormalPath(const QByteArray &encodedPath)
{
    if (!encodedPath.startsWith('/'))
        return false;
    const QList<QByteArray> segments = encodedPath.mid(1).split('/');
    for (const QByteArray &segment : segments) {
        const QByteArray decoded = QByteArray::fromPercentEncoding(segment);
        if (decoded.isEmpty() || decoded == "." || decoded == ".." || decoded.contains('/') ||
            decoded.contains('\0'))
            return false;
    }
    return true;
}

SandboxServer::SandboxServer(QObject *parent)
    : QObject(parent), m_sandbox(std::make_unique<Sandbox>(m_faults, this)),
      m_routes(std::make_unique<RouteTable>())
{
    setCredentials({"SBX" + randomToken(8).toUpper(), randomToken(32)});
    addAccountRoutes(*m_routes);
    addQuotaApplicationRoutes(*m_routes);
    addCatalogRoutes(*m_routes);
    addWorkspaceRoutes(*m_routes);
    addInstanceRoutes(*m_routes);
    addJobRoutes(*m_routes);
    addDataRoutes(*m_routes);
}

SandboxServer::~SandboxServer()
{
    // Jobs end first, while their folders and the store are still there.
    m_sandbox->jobs().stopAll();
    m_server.reset();
    m_sandbox.reset();
}

void SandboxServer::setCredentials(const Credentials &c)
{
    m_credentials = c;
    m_sandbox->setAccountId(QString::fromLatin1(c.accessKeyId));
}

void SandboxServer::setReviewDelaySeconds(int seconds)
{
    m_sandbox->setReviewDelaySeconds(seconds);
}

void SandboxServer::setCatalog(const ResourceCatalog &catalog)
{
    m_sandbox->setCatalog(catalog);
}

std::expected<ResourceCatalog, QString> readCatalogFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return std::unexpected(QStringLiteral("%1: %2").arg(path, f.errorString()));
    // A catalog is a few hundred KiB at most; a larger file is a mistake, not read whole.
    constexpr qint64 kMaxBytes = 4 * 1024 * 1024;
    if (f.size() > kMaxBytes)
        return std::unexpected(QStringLiteral("%1: larger than 4 MiB").arg(path));
    auto c = ResourceCatalog::fromFile(f.read(kMaxBytes));
    if (!c)
        return std::unexpected(QStringLiteral("%1: %2").arg(
            path, c.error().details.isEmpty() ? c.error().message : c.error().details));
    return *c;
}

void SandboxServer::setProbeProgram(const QString &path)
{
    m_sandbox->setProbeProgram(path);
}

QString SandboxServer::probeProgram() const
{
    return m_sandbox->probeProgram();
}

QString SandboxServer::rootDir() const
{
    return m_sandbox->root();
}

int SandboxServer::countOf(const QString &kind) const
{
    return m_sandbox->store().countOf(kind);
}

bool SandboxServer::start(const QHostAddress &address, quint16 port, const QString &dataDir,
                          QString *error)
{
    if (!address.isLoopback()) {
        if (error)
            *error = tr("The sandbox listens on loopback only (127.0.0.1 or ::1).");
        return false;
    }
    if (auto opened = m_sandbox->open(dataDir); !opened) {
        if (error)
            *error = tr("Cannot open the sandbox database: %1").arg(opened.error());
        return false;
    }
    m_server = std::make_unique<QHttpServer>();
    m_server->setMissingHandler(
        [this](const QHttpServerRequest &request, QHttpServerResponder &&responder) {
            handle(request, std::move(responder));
        });
    m_tcp = new GuardedTcpServer(m_server.get(), m_server.get());
    m_tcp->setListenBacklogSize(1024);
    if (!m_tcp->listen(address, port)) {
        if (error)
            *error = tr("Cannot listen on %1:%2: %3")
                         .arg(address.toString())
                         .arg(port)
                         .arg(m_tcp->errorString());
        return false;
    }
    m_server->bind(m_tcp);
    m_port = m_tcp->serverPort();
    return true;
}

Answer SandboxServer::guard(const QHttpServerRequest &request) const
{
    // DNS rebinding and browser pages: only our own Host, never a cross-origin caller.
    const QByteArray host = request.value("Host");
    const QList<QByteArray> allowed = {"127.0.0.1:" + QByteArray::number(m_port),
                                       "localhost:" + QByteArray::number(m_port),
                                       "[::1]:" + QByteArray::number(m_port)};
    if (!allowed.contains(host))
        return {421,
                apiError(QStringLiteral("forbidden"),
                         QStringLiteral("Host %1 is not this sandbox").arg(QString::fromUtf8(host)),
                         QStringLiteral("Host"))};
    if (!request.value("Origin").isEmpty())
        return {403, apiError(QStringLiteral("forbidden"),
                              QStringLiteral("requests from web pages are refused"),
                              QStringLiteral("Origin"))};
    if (request.body().size() > kMaxBodyBytes)
        return {413, apiError(QStringLiteral("validation_failed"),
                              QStringLiteral("body larger than %1 bytes").arg(kMaxBodyBytes),
                              QStringLiteral("body"))};

    // The path is routed as it arrives, so it must already be in normal form: a "." or ".."
    // segment (raw or percent-encoded), an empty one or an encoded '/' would be routed on one
    // path and signed, after SigV4's normalisation, on another.
    if (!isNormalPath(request.url().path(QUrl::FullyEncoded).toUtf8()))
        return {400, apiError(QStringLiteral("validation_failed"),
                              QStringLiteral("the path must have no empty, '.' or '..' segment "
                                             "and no encoded '/'"),
                              QStringLiteral("path"))};
    return signatureRefusal(request);
}

// SigV4: recompute over the headers the caller signed, at the time it signed.
Answer SandboxServer::signatureRefusal(const QHttpServerRequest &request) const
{
    static const QRegularExpression auth(QStringLiteral(
        R"(^AWS4-HMAC-SHA256 Credential=([^/]+)/(\d{8})/([^/]+)/onramp/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$)"));
    const auto m = auth.match(QString::fromLatin1(request.value("Authorization")));
    const auto unauthenticated = [](const QString &why) {
        return Answer{
            401, apiError(QStringLiteral("unauthenticated"), why, QStringLiteral("Authorization"))};
    };
    if (!m.hasMatch())
        return unauthenticated(QStringLiteral("missing or malformed SigV4 Authorization header"));
    if (m.captured(1).toLatin1() != m_credentials.accessKeyId)
        return unauthenticated(QStringLiteral("unknown access key"));
    const QDateTime when = QDateTime::fromString(QString::fromLatin1(request.value("X-Amz-Date")),
                                                 QStringLiteral("yyyyMMdd'T'HHmmss'Z'"));
    QDateTime utc = when;
    utc.setTimeSpec(Qt::UTC);
    if (!when.isValid() || std::abs(utc.secsTo(QDateTime::currentDateTimeUtc())) > 15 * 60)
        return unauthenticated(QStringLiteral("X-Amz-Date missing or more than 15 minutes off"));
    // What decides whom a request is for and what it does must be signed: the Host (SigV4 asks
    // for it), and, when sent, the member it acts as and its Idempotency-Key. Unsigned, they
    // could be changed on a request seen once and sent again within the 15 minutes.
    const QList<QByteArray> signedHeaders = m.captured(4).toLatin1().split(';');
    for (const QByteArray &name : {QByteArrayLiteral("x-onramp-member"),
                                   QByteArrayLiteral("idempotency-key"), QByteArrayLiteral("host")})
        if (!signedHeaders.contains(name) && (name == "host" || !request.value(name).isEmpty()))
            return unauthenticated(QStringLiteral("the %1 header must be signed (SignedHeaders)")
                                       .arg(QString::fromLatin1(name)));
    HttpRequest r;
    r.method = methodName(request.method());
    r.path = request.url().path(QUrl::FullyEncoded).toUtf8();
    r.query = request.url().query(QUrl::FullyEncoded).toUtf8();
    r.body = request.body();
    for (const auto &[name, value] : request.headers()) {
        const QByteArray lower = name.toLower();
        if (signedHeaders.contains(lower) && lower != "x-amz-date" &&
            lower != "x-amz-content-sha256" && lower != "x-amz-security-token")
            r.headers.append({lower, value});
    }
    SigningContext ctx;
    ctx.accessKeyId = m_credentials.accessKeyId;
    ctx.secretAccessKey = m_credentials.secret;
    ctx.region = m.captured(3).toLatin1();
    ctx.service = "onramp";
    ctx.time = utc;
    ctx.signBody = signedHeaders.contains("x-amz-content-sha256");
    ctx.normalizePath = false; // checked in guard(): the signed path is the routed path
    const QByteArray expected = signSigV4(r, ctx).signature;
    const QByteArray given = m.captured(5).toLatin1();
    if (ctx.region != m_credentials.region || expected.size() != given.size() ||
        CRYPTO_memcmp(expected.constData(), given.constData(), size_t(expected.size())) != 0)
        return unauthenticated(QStringLiteral("signature does not match"));
    return {0, {}};
}

void SandboxServer::handle(const QHttpServerRequest &request, QHttpServerResponder &&responder)
{
    ++m_requests;
    if (m_faults.latencyMs > 0)
        QThread::msleep(ulong(m_faults.latencyMs));
    if (answeredByFault(request, responder))
        return;
    const auto [status, body] = answer(request);
    qCDebug(lcSandbox) << methodName(request.method()) << request.url().path() << status;
    if (m_faults.resetAfterCommit > 0 &&
        (!m_faults.resetCreatesOnly || request.method() == QHttpServerRequest::Method::Post)) {
        // Done and committed, but the caller never hears: the case idempotency keys are for.
        --m_faults.resetAfterCommit;
        responder.socket()->abort();
        return;
    }
    const QByteArray bytes = QJsonDocument(body).toJson(QJsonDocument::Compact);
    if (m_faults.stallBody > 0) {
        --m_faults.stallBody;
        responder.writeStatusLine(QHttpServerResponder::StatusCode(status));
        responder.writeHeader("Content-Type", "application/json");
        responder.writeHeader("Content-Length", QByteArray::number(bytes.size() + 1000));
        responder.writeBody(bytes.left(bytes.size() / 2));
        return; // the rest never comes
    }
    responder.write(bytes, {{"Content-Type", "application/json"}},
                    QHttpServerResponder::StatusCode(status));
}

bool SandboxServer::answeredByFault(const QHttpServerRequest &request,
                                    QHttpServerResponder &responder)
{
    if (m_faults.redirect > 0) {
        --m_faults.redirect;
        responder.write(
            QByteArray(),
            {{"Location", QByteArray("http://127.0.0.1:") + QByteArray::number(m_port + 1) +
                              request.url().path().toUtf8()}},
            QHttpServerResponder::StatusCode::TemporaryRedirect);
        return true;
    }
    if (m_failures > 0) {
        --m_failures;
        const QJsonDocument body(
            m_failureStatus == 429
                ? apiError(QStringLiteral("rate_limited"), QStringLiteral("slow down"))
                : apiError(QStringLiteral("unavailable"), QStringLiteral("injected failure")));
        if (m_retryAfter.isEmpty())
            responder.write(body, QHttpServerResponder::StatusCode(m_failureStatus));
        else
            responder.write(body, {{"Retry-After", m_retryAfter}},
                            QHttpServerResponder::StatusCode(m_failureStatus));
        return true;
    }
    return false;
}

Answer SandboxServer::answer(const QHttpServerRequest &request)
{
    if (Answer refused = guard(request); refused.first != 0)
        return refused;
    const QByteArray key = request.value("Idempotency-Key");
    if (key.size() > kMaxIdempotencyKeyBytes)
        return {400, apiError(QStringLiteral("validation_failed"),
                              QStringLiteral("Idempotency-Key longer than %1 characters")
                                  .arg(kMaxIdempotencyKeyBytes),
                              QStringLiteral("Idempotency-Key"))};
    // Only creates are remembered: a GET, PUT or DELETE answers afresh every time.
    if (!key.isEmpty() && request.method() == QHttpServerRequest::Method::Post)
        return answerOnce(request, key);
    return dispatch(request);
}

// A create repeated with the same Idempotency-Key answers what the first one did, so a retry
// after a reset connection or a restarted app creates exactly one resource. The key belongs to
// its caller (access key and member), method and path: one caller's answer is never handed to
// another.
Answer SandboxServer::answerOnce(const QHttpServerRequest &request, const QByteArray &key)
{
    const QByteArray member = request.value("X-Onramp-Member");
    QCryptographicHash scope(QCryptographicHash::Sha256);
    for (const QByteArray &part : {m_credentials.accessKeyId, member, methodName(request.method()),
                                   request.url().path(QUrl::FullyEncoded).toUtf8(), key}) {
        scope.addData(QByteArray::number(part.size()) + ':');
        scope.addData(part);
    }
    const QString scopedKey = QString::fromLatin1(scope.result().toHex());
    const QByteArray fingerprint =
        QCryptographicHash::hash(request.body(), QCryptographicHash::Sha256).toHex();
    SandboxStore &store = m_sandbox->store();
    if (const auto first = store.remembered(scopedKey)) {
        if (first->fingerprint != fingerprint)
            return {409, apiError(QStringLiteral("conflict"),
                                  QStringLiteral("Idempotency-Key reused for a different request"),
                                  QStringLiteral("Idempotency-Key"))};
        return {first->status, first->body};
    }
    const Answer done = dispatch(request);
    // A refusal or a failure is not stored: the same call, once allowed, must do it.
    if (done.first >= 200 && done.first < 300)
        store.remember(scopedKey, {fingerprint, done.first, done.second});
    return done;
}

Answer SandboxServer::dispatch(const QHttpServerRequest &request)
{
    if (auto routed = m_routes->dispatch(*m_sandbox, request))
        return *routed;
    return {404, apiError(QStringLiteral("not_found"),
                          QStringLiteral("no such resource: %1 %2")
                              .arg(QString::fromLatin1(methodName(request.method())),
                                   request.url().path()))};
}

} // namespace onramp
