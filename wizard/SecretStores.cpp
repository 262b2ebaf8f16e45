#include "SecretStores.h"

#include <qt6keychain/keychain.h>

namespace onramp {

KeychainSecretStore::KeychainSecretStore(QString service) : m_service(std::move(service))
{
}

void KeychainSecretStore::read(const QString &key,
                               std::function<void(const QByteArray &, const QString &)> done)
{
    auto *job = new QKeychain::ReadPasswordJob(m_service);
    job->setAutoDelete(true);
    job->setKey(key);
    QObject::connect(job, &QKeychain::Job::finished, [this, key, done](QKeychain::Job *j) {
        auto *r = static_cast<QKeychain::ReadPasswordJob *>(j);
        if (r->error() == QKeychain::NoError) {
            done(r->binaryData(), {});
            return;
        }
        // Not found is an answer, not an error (SecretStore: none stored).
        const bool notFound = r->error() == QKeychain::EntryNotFound;
        if (!notFound)
            m_available = false;
        // What this run was given, if anything.
        m_memory.read(key, [&](const QByteArray &s, const QString &) {
            done(s, notFound ? QString() : r->errorString());
        });
    });
    job->start();
}

void KeychainSecretStore::write(const QString &key, const QByteArray &secret,
                                std::function<void(const QString &)> done)
{
    m_memory.write(key, secret, {});
    auto *job = new QKeychain::WritePasswordJob(m_service);
    job->setAutoDelete(true);
    job->setKey(key);
    job->setBinaryData(secret);
    QObject::connect(job, &QKeychain::Job::finished, [this, done](QKeychain::Job *j) {
        if (j->error() != QKeychain::NoError)
            m_available = false;
        if (done)
            done(j->error() == QKeychain::NoError ? QString() : j->errorString());
    });
    job->start();
}

void KeychainSecretStore::remove(const QString &key)
{
    m_memory.remove(key);
    auto *job = new QKeychain::DeletePasswordJob(m_service);
    job->setAutoDelete(true);
    job->setKey(key);
    job->start();
}

} // namespace onramp
