#pragma once

#include "SecretStore.h"

namespace onramp {

// The system keychain through QtKeychain (the Secret Service on Linux). When it fails — no
// D-Bus session, no keyring, a locked one — the secret is kept in memory for this run and
// persistent() turns false, so the provider settings can tell the user. Never
// setInsecureFallback (shared/notes/qt-stack.md §8: it writes plain text).
class KeychainSecretStore final : public SecretStore
{
public:
    explicit KeychainSecretStore(QString service = QStringLiteral("onramp"));

    void read(const QString &key,
              std::function<void(const QByteArray &, const QString &)> done) override;
    void write(const QString &key, const QByteArray &secret,
               std::function<void(const QString &)> done) override;
    void remove(const QString &key) override;
    bool persistent() const override { return m_available; }

private:
    QString m_service;
    MemorySecretStore m_memory;
    bool m_available = true;
};

} // namespace onramp
