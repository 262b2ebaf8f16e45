#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <expected>
#include <optional>

namespace onramp {

// The sandbox's persistence: one SQLite database of JSON records by key ("ws/<name>",
// "job/<id>", "audit/<ws>", "stock", …) and the answers remembered for Idempotency-Keys.
// Used on the server's thread only (the connection is per thread in Qt SQL).
class SandboxStore
{
public:
    SandboxStore() = default;
    ~SandboxStore();
    SandboxStore(const SandboxStore &) = delete;
    SandboxStore &operator=(const SandboxStore &) = delete;

    // Opens or creates sandbox.sqlite in dataDir; empty = in memory. The error is the
    // driver's own text.
    std::expected<void, QString> open(const QString &dataDir);

    // The record at `key`, empty when there is none.
    QJsonObject load(const QString &key) const;
    void store(const QString &key, const QJsonObject &value);
    // Every record whose key starts with `prefix`, in key order.
    QList<QJsonObject> loadAll(const QString &prefix) const;
    // How many records of a kind ("ws", "job", …) exist.
    int countOf(const QString &kind) const;
    // Appends to the workspace's audit trail; an empty actor is the account owner.
    void audit(const QString &ws, const QString &actor, const QString &action,
               const QString &target);

    struct Remembered
    {
        QByteArray fingerprint; // of the request body that was answered
        int status = 0;
        QJsonObject body;
    };
    // The answer given under `scopedKey`, if any.
    std::optional<Remembered> remembered(const QString &scopedKey) const;
    void remember(const QString &scopedKey, const Remembered &answer);

private:
    QString m_connection;
};

} // namespace onramp
