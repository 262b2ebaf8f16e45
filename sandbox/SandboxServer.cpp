#include "SandboxServer.h"

#include "GuardedTcpServer.h"
#include "QualificationGate.h"
#include "QuotaGate.h"
#include "ResourcePlan.h"
#include "SigV4.h"
#include "WorkspaceGate.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QHttpServer>
#include <QHttpServerRequest>
#include <QHttpServerResponder>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QMap>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSqlError>
#include <QSqlQuery>
#include <QTcpSocket>

#include <QTemporaryDir>
#include <QThread>
#include <QUuid>

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

bool isWorkspaceName(const QString &name)
{
    static const QRegularExpression pattern(QStringLiteral("^[a-z0-9][a-z0-9-]{0,62}$"));
    return pattern.match(name).hasMatch();
}

SandboxServer::SandboxServer(QObject *parent) : QObject(parent)
{
    m_credentials.accessKeyId = "SBX" + randomToken(8).toUpper();
    m_credentials.secret = randomToken(32);
}

SandboxServer::~SandboxServer()
{
    // Jobs are our children: they end with the sandbox.
    for (QProcess *p : std::as_const(m_processes)) {
        p->disconnect();
        p->kill();
        p->waitForFinished(2000);
        delete p;
    }
    m_server.reset();
    if (!m_connection.isEmpty()) {
        QSqlDatabase::database(m_connection).close();
        QSqlDatabase::removeDatabase(m_connection);
    }
}

bool SandboxServer::start(const QHostAddress &address, quint16 port, const QString &dataDir,
                          QString *error)
{
    if (!address.isLoopback()) {
        if (error)
            *error = tr("The sandbox listens on loopback only (127.0.0.1 or ::1).");
        return false;
    }
    m_connection = QStringLiteral("sandbox-%1").arg(QUuid::createUuid().toString(QUuid::Id128));
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connection);
    if (dataDir.isEmpty()) {
        db.setDatabaseName(QStringLiteral(":memory:"));
    } else {
        QDir().mkpath(dataDir);
        db.setDatabaseName(QDir(dataDir).filePath(QStringLiteral("sandbox.sqlite")));
    }
    if (!db.open() ||
        !QSqlQuery(db).exec(QStringLiteral(
            "CREATE TABLE IF NOT EXISTS state (key TEXT PRIMARY KEY, value TEXT NOT NULL)")) ||
        !QSqlQuery(db).exec(QStringLiteral(
            "CREATE TABLE IF NOT EXISTS idempotency (key TEXT PRIMARY KEY, request TEXT NOT NULL, "
            "status INTEGER NOT NULL, response TEXT NOT NULL)"))) {
        if (error)
            *error = tr("Cannot open the sandbox database: %1").arg(db.lastError().text());
        return false;
    }
    if (dataDir.isEmpty()) {
        m_tempRoot = std::make_unique<QTemporaryDir>();
        m_root = m_tempRoot->path();
    } else {
        m_root = QDir(dataDir).absolutePath();
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

std::pair<int, QJsonObject> SandboxServer::guard(const QHttpServerRequest &request) const
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

    // SigV4: recompute over the headers the caller signed, at the time it signed.
    static const QRegularExpression auth(QStringLiteral(
        R"(^AWS4-HMAC-SHA256 Credential=([^/]+)/(\d{8})/([^/]+)/onramp/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$)"));
    const auto m = auth.match(QString::fromLatin1(request.value("Authorization")));
    const auto unauthenticated = [](const QString &why) {
        return std::pair{
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
    HttpRequest r;
    r.method = methodName(request.method());
    r.path = request.url().path(QUrl::FullyEncoded).toUtf8();
    r.query = request.url().query(QUrl::FullyEncoded).toUtf8();
    r.body = request.body();
    const QList<QByteArray> signedHeaders = m.captured(4).toLatin1().split(';');
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
    ctx.normalizePath = false; // checked above: the signed path is the routed path
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
    if (m_faults.redirect > 0) {
        --m_faults.redirect;
        responder.write(
            QByteArray(),
            {{"Location", QByteArray("http://127.0.0.1:") + QByteArray::number(m_port + 1) +
                              request.url().path().toUtf8()}},
            QHttpServerResponder::StatusCode::TemporaryRedirect);
        return;
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
        return;
    }
    auto [status, body] = guard(request);
    const QByteArray key = request.value("Idempotency-Key");
    if (status == 0 && key.size() > kMaxIdempotencyKeyBytes) {
        status = 400;
        body = apiError(QStringLiteral("validation_failed"),
                        QStringLiteral("Idempotency-Key longer than %1 characters")
                            .arg(kMaxIdempotencyKeyBytes),
                        QStringLiteral("Idempotency-Key"));
    }
    // Only creates are remembered: a GET, PUT or DELETE answers afresh every time.
    const bool remembered =
        status == 0 && !key.isEmpty() && request.method() == QHttpServerRequest::Method::Post;
    if (status == 0 && !remembered) {
        std::tie(status, body) = dispatch(request);
    } else if (remembered) {
        // A create repeated with the same Idempotency-Key answers what the first one did, so a
        // retry after a reset connection or a restarted app creates exactly one resource. The
        // key belongs to its caller (access key and member), method and path: one caller's
        // answer is never handed to another.
        const QByteArray member = request.value("X-Onramp-Member");
        QCryptographicHash scope(QCryptographicHash::Sha256);
        for (const QByteArray &part :
             {m_credentials.accessKeyId, member, methodName(request.method()),
              request.url().path(QUrl::FullyEncoded).toUtf8(), key}) {
            scope.addData(QByteArray::number(part.size()) + ':');
            scope.addData(part);
        }
        const QString scopedKey = QString::fromLatin1(scope.result().toHex());
        const QByteArray fingerprint =
            QCryptographicHash::hash(request.body(), QCryptographicHash::Sha256).toHex();
        QSqlQuery q(QSqlDatabase::database(m_connection));
        q.prepare(
            QStringLiteral("SELECT request, status, response FROM idempotency WHERE key = ?"));
        q.addBindValue(scopedKey);
        if (q.exec() && q.next()) {
            if (q.value(0).toByteArray() != fingerprint) {
                status = 409;
                body = apiError(QStringLiteral("conflict"),
                                QStringLiteral("Idempotency-Key reused for a different request"),
                                QStringLiteral("Idempotency-Key"));
            } else {
                status = q.value(1).toInt();
                body = QJsonDocument::fromJson(q.value(2).toByteArray()).object();
            }
        } else {
            std::tie(status, body) = dispatch(request);
            // A refusal or a failure is not stored: the same call, once allowed, must do it.
            if (status >= 200 && status < 300) {
                QSqlQuery insert(QSqlDatabase::database(m_connection));
                insert.prepare(QStringLiteral("INSERT INTO idempotency VALUES (?, ?, ?, ?)"));
                insert.addBindValue(scopedKey);
                insert.addBindValue(QString::fromLatin1(fingerprint));
                insert.addBindValue(status);
                insert.addBindValue(
                    QString::fromUtf8(QJsonDocument(body).toJson(QJsonDocument::Compact)));
                insert.exec();
            }
        }
    }
    qCDebug(lcSandbox) << methodName(request.method()) << request.url().path() << status;
    if (m_faults.resetAfterCommit > 0) {
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

// Finite stock per zone and card type, kept in the database as instances take and give back.
QJsonObject SandboxServer::stock()
{
    QJsonObject st = load(QStringLiteral("stock"));
    if (st.isEmpty()) {
        st = {{"cn-north-1a", QJsonObject{{"a100-80g", 16}, {"h100-80g", 0}, {"l40s", 8}}},
              {"cn-north-1b", QJsonObject{{"a100-80g", 8}, {"h100-80g", 8}}},
              {"cn-east-1a", QJsonObject{{"rtx4090", 4}, {"a10", 8}}}};
        store(QStringLiteral("stock"), st);
    }
    if (m_faults.stockOut) {
        for (auto zone = st.begin(); zone != st.end(); ++zone) {
            QJsonObject cards = zone.value().toObject();
            for (auto c = cards.begin(); c != cards.end(); ++c)
                c.value() = 0;
            zone.value() = cards;
        }
    }
    return st;
}

QList<QJsonObject> SandboxServer::loadAll(const QString &prefix) const
{
    QList<QJsonObject> out;
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(QStringLiteral("SELECT value FROM state WHERE key >= ? AND key < ? ORDER BY key"));
    q.addBindValue(prefix);
    q.addBindValue(prefix + QChar(0xFFFF));
    if (q.exec())
        while (q.next())
            out.append(QJsonDocument::fromJson(q.value(0).toByteArray()).object());
    return out;
}

int SandboxServer::countOf(const QString &kind) const
{
    return int(loadAll(kind + u'/').size());
}

std::optional<Role> SandboxServer::memberRole(const QJsonObject &ws, const QString &who) const
{
    for (const QJsonValue &v : ws.value("members").toArray()) {
        if (v.toObject().value("account").toString() == who)
            return roleFromKey(v.toObject().value("role").toString());
    }
    return std::nullopt;
}

std::optional<std::pair<int, QJsonObject>>
SandboxServer::refusal(const QJsonObject &ws, const QString &who, Action action) const
{
    if (who.isEmpty())
        return std::nullopt; // the account owner
    const QString id = ws.value("id").toString();
    const auto role = memberRole(ws, who);
    if (!role)
        return std::pair{403, apiError(QStringLiteral("forbidden"),
                                       QStringLiteral("%1 is not a member of %2").arg(who, id))};
    const PermissionMatrix matrix =
        permissionMatrixFromJson(ws.value("permissions").toArray(), PermissionMatrix::defaults());
    if (matrix.can(*role, action))
        return std::nullopt;
    QJsonObject e = apiError(QStringLiteral("forbidden"),
                             QStringLiteral("role %1 may not %2 in %3")
                                 .arg(roleKey(*role), actionKey(action).replace(u'_', u' '), id));
    e["role"] = roleKey(*role);
    e["action"] = actionKey(action);
    return std::pair{403, e};
}

void SandboxServer::audit(const QString &ws, const QString &actor, const QString &action,
                          const QString &target)
{
    QJsonObject trail = load(QStringLiteral("audit/") + ws);
    QJsonArray entries = trail.value("entries").toArray();
    entries.append(QJsonObject{{"at", QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)},
                               {"actor", actor.isEmpty() ? QStringLiteral("owner") : actor},
                               {"action", action},
                               {"target", target}});
    trail["entries"] = entries;
    store(QStringLiteral("audit/") + ws, trail);
}

// A review is decided when it arrives but shown as pending until the configured delay has
// passed since it was submitted, the way a human reviewer takes time.
QJsonObject SandboxServer::shownReview(const QJsonObject &review) const
{
    const QDateTime since = QDateTime::fromString(review.value("since").toString(), Qt::ISODate);
    if (m_reviewDelaySeconds <= 0 || !since.isValid() ||
        since.secsTo(QDateTime::currentDateTimeUtc()) >= m_reviewDelaySeconds)
        return review;
    QJsonObject pending{{"id", review.value("id")},
                        {"state", "pending"},
                        {"since", review.value("since")},
                        {"reasons", QJsonArray()}};
    return pending;
}

QJsonObject SandboxServer::load(const QString &key) const
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(QStringLiteral("SELECT value FROM state WHERE key = ?"));
    q.addBindValue(key);
    if (q.exec() && q.next())
        return QJsonDocument::fromJson(q.value(0).toByteArray()).object();
    return {};
}

void SandboxServer::store(const QString &key, const QJsonObject &value)
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(QStringLiteral("INSERT INTO state(key, value) VALUES(?, ?) "
                             "ON CONFLICT(key) DO UPDATE SET value = excluded.value"));
    q.addBindValue(key);
    q.addBindValue(QString::fromUtf8(QJsonDocument(value).toJson(QJsonDocument::Compact)));
    if (!q.exec())
        qCWarning(lcSandbox) << "store failed" << q.lastError().text();
}

std::pair<int, QJsonObject> SandboxServer::dispatch(const QHttpServerRequest &request)
{
    const QString path = request.url().path();
    const auto method = request.method();
    // A new sandbox account: verified, training service off (as the guides say it starts).
    const auto account = [this] {
        QJsonObject a = load(QStringLiteral("account"));
        if (a.isEmpty()) {
            a = {{"accountId", QString::fromLatin1(m_credentials.accessKeyId)},
                 {"verificationType", "enterprise"},
                 {"verificationState", "verified"},
                 {"services", QJsonObject{{"training", false}}},
                 {"mayApplyForResources", false}};
            store(QStringLiteral("account"), a);
        }
        return a;
    };
    if (path == QLatin1String("/v1/account") && method == QHttpServerRequest::Method::Get)
        return {200, account()};
    if (path == QLatin1String("/v1/account/services/training:activate") &&
        method == QHttpServerRequest::Method::Post) {
        QJsonObject a = account();
        a["services"] = QJsonObject{{"training", true}};
        a["mayApplyForResources"] = true;
        store(QStringLiteral("account"), a);
        return {200, a};
    }
    if (path == QLatin1String("/v1/qualification")) {
        if (method == QHttpServerRequest::Method::Get) {
            const QJsonObject review = load(QStringLiteral("qualification"));
            if (review.isEmpty())
                return {404, apiError(QStringLiteral("not_found"),
                                      QStringLiteral("no dossier submitted yet"))};
            return {200, shownReview(review)};
        }
        if (method == QHttpServerRequest::Method::Post) {
            QJsonParseError pe{};
            const QJsonDocument doc = QJsonDocument::fromJson(request.body(), &pe);
            if (!doc.isObject())
                return {400,
                        apiError(QStringLiteral("validation_failed"),
                                 QStringLiteral("body is not a JSON object"), QStringLiteral("$"))};
            auto dossier = QualificationData::fromJson(doc.object());
            if (!dossier)
                return {400, apiError(QStringLiteral("validation_failed"), dossier.error().message,
                                      QStringLiteral("$.") + dossier.error().field)};
            // The review follows the same rules as gate 1, minus attachments (uploaded apart).
            QJsonArray reasons;
            for (const Finding &f : checkQualification(*dossier, QDate::currentDate())) {
                if (f.isBlocking() && !f.code.startsWith(QLatin1String("attachment.")))
                    reasons.append(
                        QJsonObject{{"code", f.code}, {"field", f.field}, {"message", f.message}});
            }
            const QJsonObject review{
                {"id", QUuid::createUuid().toString(QUuid::WithoutBraces)},
                {"state", reasons.isEmpty() ? "approved" : "rejected"},
                {"since", QDateTime::currentDateTimeUtc().toString(Qt::ISODate)},
                {"reasons", reasons}};
            store(QStringLiteral("qualification"), review);
            return {202, shownReview(review)};
        }
    }
    // Quota applications: reviewed by gate 3's own rules; a period longer than a quarter is
    // returned to be split, a fine-tuning purpose at pre-training scale is rejected.
    if (path == QLatin1String("/v1/quota-applications") &&
        method == QHttpServerRequest::Method::Post) {
        const QJsonObject in = QJsonDocument::fromJson(request.body()).object();
        auto q = QuotaGateData::fromJson(in);
        if (!q)
            return {400, apiError(QStringLiteral("validation_failed"), q.error().message,
                                  QStringLiteral("$.") + q.error().field)};
        if (auto ok = validateQuota(*q); !ok)
            return {400, apiError(QStringLiteral("validation_failed"), ok.error().message,
                                  QStringLiteral("$.") + ok.error().field)};
        QuotaContext context;
        context.purpose =
            purposeKindFromKey(in.value("purpose").toString()).value_or(PurposeKind::Finetuning);
        const QuotaPlan plan = planQuota(*q, context);
        // One application covers at most one calendar quarter: either the whole period does,
        // or the request names the part it asks for now ("application": {from, to, cardHours}).
        const QJsonObject part = in.value("application").toObject();
        const QDate from = QDate::fromString(part.value("from").toString(), Qt::ISODate);
        const QDate to = QDate::fromString(part.value("to").toString(), Qt::ISODate);
        const auto quarterOf = [](const QDate &d) { return d.year() * 4 + (d.month() - 1) / 3; };
        const bool partGiven = !part.isEmpty();
        if (partGiven && (!from.isValid() || !to.isValid() || to < from ||
                          part.value("cardHours").toDouble() <= 0 ||
                          part.value("cardHours").toDouble() > plan.cardHours * 1.0001))
            return {400, apiError(QStringLiteral("validation_failed"),
                                  QStringLiteral("from ≤ to within the period, and cardHours "
                                                 "above 0 and at most the derivation's %1")
                                      .arg(plan.cardHours),
                                  QStringLiteral("$.application"))};
        const bool partInOneQuarter = partGiven && quarterOf(from) == quarterOf(to);
        QJsonArray reasons;
        QString state = QStringLiteral("approved");
        if (partGiven && !partInOneQuarter) {
            state = QStringLiteral("returned");
            reasons.append(QJsonObject{{"code", "quota.period_split"},
                                       {"field", "application"},
                                       {"message", "one application covers one calendar quarter"}});
        }
        for (const Finding &f : plan.findings) {
            if (f.code == QLatin1String("quota.period_split")) {
                if (partGiven)
                    continue; // the part asked for decides
                if (state != QLatin1String("rejected"))
                    state = QStringLiteral("returned");
            } else if (!f.isBlocking())
                continue;
            else
                state = QStringLiteral("rejected");
            reasons.append(
                QJsonObject{{"code", f.code}, {"field", f.field}, {"message", f.message}});
        }
        const QString id = QUuid::createUuid().toString(QUuid::WithoutBraces);
        QJsonObject review{{"id", id},
                           {"state", state},
                           {"since", QDateTime::currentDateTimeUtc().toString(Qt::ISODate)},
                           {"reasons", reasons}};
        if (state == QLatin1String("approved"))
            review["grantedCardHours"] =
                partGiven ? part.value("cardHours").toDouble() : plan.cardHours;
        store(QStringLiteral("quota/") + id, review);
        return {202, shownReview(review)};
    }
    static const QRegularExpression quotaPath(
        QStringLiteral(R"(^/v1/quota-applications/([0-9a-f-]{36})$)"));
    if (const auto m = quotaPath.match(path);
        m.hasMatch() && method == QHttpServerRequest::Method::Get) {
        const QJsonObject review = load(QStringLiteral("quota/") + m.captured(1));
        if (review.isEmpty())
            return {404,
                    apiError(QStringLiteral("not_found"), QStringLiteral("no such application"))};
        return {200, shownReview(review)};
    }

    if (path == QLatin1String("/v1/catalog/regions") && method == QHttpServerRequest::Method::Get) {
        const QJsonObject st = stock();
        QMap<QString, QJsonArray> byRegion;
        for (auto it = st.begin(); it != st.end(); ++it)
            byRegion[it.key().section(u'-', 0, -2)].append(
                QJsonObject{{"zone", it.key()}, {"stock", it.value()}});
        QJsonArray regions;
        for (auto it = byRegion.begin(); it != byRegion.end(); ++it)
            regions.append(QJsonObject{{"region", it.key()}, {"zones", it.value()}});
        return {200, QJsonObject{{"regions", regions}}};
    }
    if (path == QLatin1String("/v1/catalog/instance-types") &&
        method == QHttpServerRequest::Method::Get) {
        QJsonArray list;
        for (const InstanceType &t : builtinInstances())
            list.append(t.toJson());
        return {200, QJsonObject{{"instances", list}}};
    }
    if (path == QLatin1String("/v1/catalog/images") && method == QHttpServerRequest::Method::Get) {
        QJsonArray list;
        for (const TrainingImage &i : builtinImages())
            list.append(i.toJson());
        return {200, QJsonObject{{"images", list}}};
    }

    // Workspaces: create → attach quota → add members, in that order. The caller acts as one
    // member (X-Onramp-Member) or, without one, as the account owner; the workspace's own
    // permission matrix decides.
    static const QRegularExpression wsPath(QStringLiteral(
        R"(^/v1/workspaces(?:/([A-Za-z0-9_.-]+)(?:/(quota|members|audit|usage)(?:/([^/]+))?)?)?$)"));
    if (const auto m = wsPath.match(path); m.hasMatch()) {
        const QJsonObject in = QJsonDocument::fromJson(request.body()).object();
        const QString id = m.captured(1), sub = m.captured(2), item = m.captured(3);
        const QString who = QString::fromUtf8(request.value("X-Onramp-Member"));
        if (id.isEmpty() && method == QHttpServerRequest::Method::Post) {
            const QString name = in.value("name").toString();
            if (!isWorkspaceName(name))
                return {400, apiError(QStringLiteral("validation_failed"),
                                      QStringLiteral("name: 1 to 63 lower-case letters, digits "
                                                     "or '-', starting with a letter or digit "
                                                     "(^[a-z0-9][a-z0-9-]{0,62}$)"),
                                      QStringLiteral("$.name"))};
            if (!load(QStringLiteral("ws/") + name).isEmpty())
                return {409, apiError(QStringLiteral("conflict"),
                                      QStringLiteral("workspace %1 exists").arg(name))};
            QJsonObject ws{
                {"id", name},
                {"name", name},
                {"quotaAttached", false},
                {"members", QJsonArray()},
                {"permissions", in.contains("permissions")
                                    ? in.value("permissions").toArray()
                                    : permissionMatrixJson(PermissionMatrix::defaults())}};
            store(QStringLiteral("ws/") + name, ws);
            seedSampleData(name);
            audit(name, who, QStringLiteral("workspace.create"), name);
            return {201, ws};
        }
        QJsonObject ws = load(QStringLiteral("ws/") + id);
        if (ws.isEmpty())
            return {404, apiError(QStringLiteral("not_found"),
                                  QStringLiteral("no workspace %1").arg(id))};
        const auto refuse = [&](Action action) { return refusal(ws, who, action); };
        if (sub.isEmpty() && method == QHttpServerRequest::Method::Get)
            return {200, ws};
        if (sub == QLatin1String("quota") && method == QHttpServerRequest::Method::Put) {
            if (auto no = refuse(Action::ManageQuota))
                return *no;
            const double hours = in.value("cardHours").toDouble();
            if (!(hours > 0) || hours > 1e12)
                return {400, apiError(QStringLiteral("validation_failed"),
                                      QStringLiteral("cardHours must be above 0 and at most "
                                                     "1e12"),
                                      QStringLiteral("$.cardHours"))};
            const QString zone = in.value("zone").toString(QStringLiteral("cn-north-1a"));
            if (!stock().contains(zone))
                return {400, apiError(QStringLiteral("validation_failed"),
                                      QStringLiteral("no zone %1 here; zones: %2")
                                          .arg(zone, stock().keys().join(QStringLiteral(", "))),
                                      QStringLiteral("$.zone"))};
            ws["quotaAttached"] = true;
            ws["quotaCardHours"] = hours;
            ws["zone"] = zone;
            store(QStringLiteral("ws/") + id, ws);
            audit(id, who, QStringLiteral("quota.attach"),
                  QStringLiteral("%1 card-hours in %2").arg(hours).arg(ws["zone"].toString()));
            return {200, ws};
        }
        if (sub == QLatin1String("members")) {
            QJsonArray members = ws.value("members").toArray();
            if (method == QHttpServerRequest::Method::Get && item.isEmpty())
                return {200, QJsonObject{{"members", members}}};
            if (auto no = refuse(Action::ManageMembers))
                return *no;
            if (!ws.value("quotaAttached").toBool())
                return {409, apiError(QStringLiteral("conflict"),
                                      QStringLiteral("attach quota before adding members"))};
            qsizetype at = -1;
            for (qsizetype i = 0; i < members.size(); ++i)
                if (members[i].toObject().value("account").toString() ==
                    (item.isEmpty() ? in.value("account").toString() : item))
                    at = i;
            if (method == QHttpServerRequest::Method::Delete && !item.isEmpty()) {
                if (at < 0)
                    return {404, apiError(QStringLiteral("not_found"),
                                          QStringLiteral("%1 is not a member").arg(item))};
                members.removeAt(at);
                ws["members"] = members;
                store(QStringLiteral("ws/") + id, ws);
                audit(id, who, QStringLiteral("member.remove"), item);
                return {200, QJsonObject{{"removed", item}}};
            }
            const bool create = method == QHttpServerRequest::Method::Post && item.isEmpty();
            const bool change = method == QHttpServerRequest::Method::Put && !item.isEmpty();
            if (create || change) {
                QJsonObject member = in;
                if (change)
                    member["account"] = item;
                const auto role = roleFromKey(member.value("role").toString());
                if (member.value("account").toString().isEmpty() || !role)
                    return {400, apiError(QStringLiteral("validation_failed"),
                                          QStringLiteral("account and role (admin, developer, "
                                                         "observer) are required"),
                                          member.value("account").toString().isEmpty()
                                              ? QStringLiteral("$.account")
                                              : QStringLiteral("$.role"))};
                if (create && at >= 0)
                    return {409, apiError(QStringLiteral("conflict"),
                                          QStringLiteral("%1 is already a member")
                                              .arg(member.value("account").toString()))};
                if (change && at < 0)
                    return {404, apiError(QStringLiteral("not_found"),
                                          QStringLiteral("%1 is not a member").arg(item))};
                if (change)
                    members[at] = member;
                else
                    members.append(member);
                ws["members"] = members;
                store(QStringLiteral("ws/") + id, ws);
                audit(id, who,
                      create ? QStringLiteral("member.add") : QStringLiteral("member.change"),
                      member.value("account").toString() + u'=' + member.value("role").toString());
                return {create ? 201 : 200, member};
            }
        }
        if (sub == QLatin1String("audit") && method == QHttpServerRequest::Method::Get) {
            if (auto no = refuse(Action::ManageMembers))
                return *no;
            return {200,
                    QJsonObject{{"entries",
                                 load(QStringLiteral("audit/") + id).value("entries").toArray()}}};
        }
        if ((sub == QLatin1String("usage") || sub == QLatin1String("quota")) &&
            method == QHttpServerRequest::Method::Get) {
            double used = 0;
            QJsonObject perMember, perTopic;
            for (const QJsonObject &job : loadAll(QStringLiteral("job/"))) {
                if (job.value("workspace").toString() != id)
                    continue;
                const double h = job.value("cardHours").toDouble();
                used += h;
                const QString member = job.value("member").toString();
                perMember[member] = perMember.value(member).toDouble() + h;
                const QString topic = job.value("topic").toString();
                if (!topic.isEmpty())
                    perTopic[topic] = perTopic.value(topic).toDouble() + h;
            }
            const double granted = ws.value("quotaCardHours").toDouble();
            return {200, QJsonObject{{"grantedCardHours", granted},
                                     {"usedCardHours", used},
                                     {"remainingCardHours", std::max(0.0, granted - used)},
                                     {"perMember", perMember},
                                     {"perTopic", perTopic}}};
        }
    }
    if (auto answer = dispatchCompute(request, path))
        return *answer;
    return {404, apiError(QStringLiteral("not_found"),
                          QStringLiteral("no such resource: %1 %2")
                              .arg(QString::fromLatin1(methodName(method)), path))};
}

} // namespace onramp
