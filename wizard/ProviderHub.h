#pragma once

#include "Error.h"
#include "JobReader.h"
#include "ProviderClient.h"

#include <QJsonObject>
#include <QObject>

#include <functional>
#include <memory>

namespace onramp {

class ProviderSession;
class SandboxLauncher;
class SecretStore;
class StateStore;
class Transport;

// The wizard's one connection to a provider: the built-in sandbox (run in-process from its module
// after the first paint) or a remote Onramp API whose secret comes from the SecretStore. Gate
// pages run their operations through session(); the hub owns the transport thread.
class ProviderHub : public QObject
{
    Q_OBJECT
public:
    enum class Status
    {
        Disconnected,
        Connecting,
        Ready,
        Failed
    };

    ProviderHub(StateStore *store, SecretStore *secrets, QObject *parent = nullptr);
    ~ProviderHub() override;

    // Connects to the provider the saved profile names (the sandbox for a new user).
    void connectProvider();
    // From the provider dialog. `remember`: keep the secret in the keychain when there is one.
    void useRemote(const ProviderProfile &profile, const QByteArray &secret, bool remember);
    void useSandbox();

    Status status() const { return m_status; }
    QString description() const; // translated: where we are connected, or why not
    const Error &error() const { return m_error; }
    bool secretsPersist() const;
    // Asks the secret store whether a keychain answers (a read of a key nothing is stored
    // under): until something has been read or written, a keychain that is not there is not
    // known to be missing. `done` runs once it has answered, unless `context` is gone; then
    // secretsPersist() says.
    void checkSecretStore(QObject *context, std::function<void()> done);
    // Null unless Ready.
    ProviderSession *session() const { return m_session.get(); }
    // A session is there and runs no operation: what a page that reads the provider waits for.
    bool sessionIdle() const;
    // An earlier job as the monitor shows it (its state and the end of its log), read as the
    // onboarding's job member; false when not connected. `done` runs on `context`'s thread.
    bool readJobTail(const QString &jobId, qint64 tail, QObject *context,
                     std::function<void(const std::expected<JobTail, ProviderError> &)> done);

    // The provider's regions and zones with their stock, read when it connects; empty until
    // then (regionsChanged() says when they arrive).
    const QList<RegionOffer> &regions() const { return m_regions; }

    // Where the sandbox keeps its database, instances and jobs: beside the state file.
    static QString sandboxDataDir();

signals:
    void statusChanged();
    void regionsChanged();
    void progress(const QString &text);
    // An operation on the session started or ended (session()->busy() says which), whichever
    // page started it.
    void busyChanged();
    // A running job's news (ProviderSession::JobNews), for the pages that watch jobs.
    void jobNews(const QString &check, const QJsonObject &job, qint64 offset,
                 const QByteArray &bytes, qint64 size);

private:
    void setStatus(Status s, const Error &e = {});
    void ready(const ProviderProfile &profile, const QByteArray &secret);

    StateStore *m_store;
    SecretStore *m_secrets;
    std::unique_ptr<Transport> m_transport;
    std::unique_ptr<ProviderSession> m_session;
    SandboxLauncher *m_sandbox = nullptr;
    Status m_status = Status::Disconnected;
    QList<RegionOffer> m_regions;
    Error m_error;
    // Ready is set with the session; whether the provider answered is known from its first
    // call (the regions). An address nothing answers on, or a refused secret, is said so
    // (walk 16: "Connected to https://127.0.0.1:9", where nothing listens).
    enum class Reach
    {
        Unknown,
        Answered,
        NoAnswer
    };
    Reach m_reach = Reach::Unknown;
    Error m_reachError;
    bool m_reachAskAddress = false; // its message does not say what to check
    // Where the session connects, said in the current language whenever it is read (a
    // language switch after connecting must not leave the old language in the status).
    std::function<QString()> m_where = [] { return QString(); };
};

} // namespace onramp
