#pragma once

#include <QByteArray>
#include <QHash>
#include <QString>

#include <functional>

namespace onramp {

// Where provider secrets live: a system keychain when there is one, otherwise memory for this
// run only (the user is told). Never the state file, exports, logs or QSettings.
class SecretStore
{
public:
    virtual ~SecretStore() = default;
    // `done(secret, error)`: an empty secret with an empty error means "none stored".
    virtual void read(const QString &key,
                      std::function<void(const QByteArray &, const QString &)> done) = 0;
    // `done(error)`: empty on success.
    virtual void write(const QString &key, const QByteArray &secret,
                       std::function<void(const QString &)> done) = 0;
    virtual void remove(const QString &key) = 0;
    // Whether a secret outlives this run.
    virtual bool persistent() const = 0;
};

class MemorySecretStore final : public SecretStore
{
public:
    void read(const QString &key,
              std::function<void(const QByteArray &, const QString &)> done) override
    {
        done(m_secrets.value(key), {});
    }
    void write(const QString &key, const QByteArray &secret,
               std::function<void(const QString &)> done) override
    {
        m_secrets.insert(key, secret);
        if (done)
            done({});
    }
    void remove(const QString &key) override { m_secrets.remove(key); }
    bool persistent() const override { return false; }

private:
    QHash<QString, QByteArray> m_secrets;
};

// The key a profile's secret is stored under: kind, address and access key id.
QString secretKeyFor(const QString &kind, const QString &baseUrl, const QByteArray &accessKeyId);

} // namespace onramp
