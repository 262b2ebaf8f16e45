#include "SandboxStore.h"

#include <QDateTime>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLoggingCategory>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>

Q_DECLARE_LOGGING_CATEGORY(lcSandbox)

namespace onramp {

SandboxStore::~SandboxStore()
{
    if (!m_connection.isEmpty()) {
        QSqlDatabase::database(m_connection).close();
        QSqlDatabase::removeDatabase(m_connection);
    }
}

std::expected<void, QString> SandboxStore::open(const QString &dataDir)
{
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
            "status INTEGER NOT NULL, response TEXT NOT NULL)")))
        return std::unexpected(db.lastError().text());
    return {};
}

QJsonObject SandboxStore::load(const QString &key) const
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(QStringLiteral("SELECT value FROM state WHERE key = ?"));
    q.addBindValue(key);
    if (q.exec() && q.next())
        return QJsonDocument::fromJson(q.value(0).toByteArray()).object();
    return {};
}

void SandboxStore::store(const QString &key, const QJsonObject &value)
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(QStringLiteral("INSERT INTO state(key, value) VALUES(?, ?) "
                             "ON CONFLICT(key) DO UPDATE SET value = excluded.value"));
    q.addBindValue(key);
    q.addBindValue(QString::fromUtf8(QJsonDocument(value).toJson(QJsonDocument::Compact)));
    if (!q.exec())
        qCWarning(lcSandbox) << "store failed" << q.lastError().text();
}

QList<QJsonObject> SandboxStore::loadAll(const QString &prefix) const
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

int SandboxStore::countOf(const QString &kind) const
{
    return int(loadAll(kind + u'/').size());
}

void SandboxStore::audit(const QString &ws, const QString &actor, const QString &action,
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

std::optional<SandboxStore::Remembered> SandboxStore::remembered(const QString &scopedKey) const
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(QStringLiteral("SELECT request, status, response FROM idempotency WHERE key = ?"));
    q.addBindValue(scopedKey);
    if (!q.exec() || !q.next())
        return std::nullopt;
    return Remembered{q.value(0).toByteArray(), q.value(1).toInt(),
                      QJsonDocument::fromJson(q.value(2).toByteArray()).object()};
}

void SandboxStore::remember(const QString &scopedKey, const Remembered &answer)
{
    QSqlQuery insert(QSqlDatabase::database(m_connection));
    insert.prepare(QStringLiteral("INSERT INTO idempotency VALUES (?, ?, ?, ?)"));
    insert.addBindValue(scopedKey);
    insert.addBindValue(QString::fromLatin1(answer.fingerprint));
    insert.addBindValue(answer.status);
    insert.addBindValue(
        QString::fromUtf8(QJsonDocument(answer.body).toJson(QJsonDocument::Compact)));
    insert.exec();
}

} // namespace onramp
