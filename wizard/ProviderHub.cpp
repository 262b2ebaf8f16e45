#include "ProviderHub.h"

#include "Provider.h"
#include "ProviderCatalog.h"
#include "ProviderSession.h"
#include "SandboxLauncher.h"
#include "SecretStore.h"
#include "StateStore.h"
#include "Transport.h"

#include <QDir>
#include <QFileInfo>
#include <QPointer>

namespace onramp {

ProviderHub::ProviderHub(StateStore *store, SecretStore *secrets, QObject *parent)
    : QObject(parent), m_store(store), m_secrets(secrets)
{
}

ProviderHub::~ProviderHub()
{
    m_session.reset();
    m_transport.reset();
}

QString ProviderHub::sandboxDataDir()
{
    const QString state = StateStore::defaultFilePath();
    return QFileInfo(state).dir().filePath(QStringLiteral("sandbox"));
}

bool ProviderHub::secretsPersist() const
{
    return m_secrets && m_secrets->persistent();
}

void ProviderHub::checkSecretStore(QObject *context, std::function<void()> done)
{
    if (!m_secrets) {
        done();
        return;
    }
    m_secrets->read(QStringLiteral("onramp-keychain-check"),
                    [context = QPointer<QObject>(context), done](const QByteArray &,
                                                                 const QString &) {
                        if (context)
                            done();
                    });
}

QString ProviderHub::description() const
{
    switch (m_status) {
    case Status::Disconnected:
        return tr("Not connected to a provider.");
    case Status::Connecting:
        return tr("Connecting to %1…").arg(m_where());
    case Status::Ready:
        switch (m_reach) {
        case Reach::Unknown:
            return tr("Reaching %1…").arg(m_where());
        case Reach::NoAnswer:
            // The error says what to check when it knows (the network, the credentials); an
            // answer that is no provider's asks for the address (walk 17: the advice twice).
            return m_reachAskAddress
                       ? tr("%1 did not answer as a provider: %2 Check the address under "
                            "Provider…, then try again.")
                             .arg(m_where(), m_reachError.message)
                       : tr("%1 did not answer as a provider: %2").arg(m_where(), m_reachError.message);
        case Reach::Answered:
            break;
        }
        return tr("Connected to %1.").arg(m_where());
    case Status::Failed:
        return m_error.message;
    }
    return {};
}

bool ProviderHub::sessionIdle() const
{
    return m_session && !m_session->busy();
}

void ProviderHub::setStatus(Status s, const Error &e)
{
    m_status = s;
    m_error = e;
    emit statusChanged();
}

void ProviderHub::ready(const ProviderProfile &profile, const QByteArray &secret)
{
    m_where = [this, kind = profile.kind, url = profile.baseUrl,
               cluster = profile.slurm.cluster]() -> QString {
        if (kind == ProviderProfile::Kind::Sandbox)
            return tr("the built-in sandbox (%1)").arg(url.authority());
        if (kind == ProviderProfile::Kind::Slurm)
            return tr("the Slurm cluster %1 (%2)").arg(cluster, url.toString());
        return url.toString();
    };
    if (!m_transport)
        m_transport = std::make_unique<Transport>();
    m_session.reset();
    ProviderProfile p = profile;
    m_session = std::make_unique<ProviderSession>(providerFor(m_transport.get(), p, secret),
                                                  m_store->stateForEditing());
    m_session->onStateChanged = [this] { m_store->markChanged(); };
    m_session->onProgress = [this](const QString &text) { emit progress(text); };
    m_session->onBusyChanged = [this] { emit busyChanged(); };
    m_session->onJobNews = [this](const ProviderSession::JobNews &n) {
        emit jobNews(n.check, n.job, n.offset, n.bytes, n.size);
    };
    m_session->releaseOrphanedChecks();
    // The profile is remembered (never the secret; the sandbox's address changes every run).
    if (!(m_store->state().provider.profile == p))
        m_store->update([&](OnboardingState &s) { s.provider.profile = p; });
    m_reach = Reach::Unknown;
    setStatus(Status::Ready);
    // The catalog for gate 2's pool and gate 4's zone; a failure leaves the fields free text.
    // Its answer also says whether the provider is there at all: no answer, a refused secret
    // or an answer that is not a provider's.
    m_session->provider()->listRegions(
        CallContext{this, {}, {}}, [this](const ProviderResult &r) {
            if (!r) {
                using C = ProviderErrorCode;
                const C code = r.error().code;
                if (!r.error().cancelled && (code == C::Network || code == C::Unauthenticated ||
                                             code == C::BadResponse)) {
                    m_reach = Reach::NoAnswer;
                    m_reachError = r.error().toError();
                    m_reachAskAddress = code == C::BadResponse;
                } else {
                    m_reach = Reach::Answered; // it answered, if not with regions
                }
                emit statusChanged();
                return;
            }
            m_reach = Reach::Answered;
            m_regions = regionOffers(*r);
            emit regionsChanged();
            emit statusChanged();
        });
    // Gate 4's instance types and images: the provider's, else (said on the page) the one the
    // onboarding holds. Off the GUI thread like every call; the answer lands in the state.
    readProviderCatalog(m_session->provider(), CallContext{this, {}, {}},
                        [this, p](const std::expected<ResourceCatalog, ProviderError> &answer) {
                            m_store->update(
                                [&](OnboardingState &s) { adoptCatalog(s, p, answer); });
                        });
}

void ProviderHub::connectProvider()
{
    const ProviderProfile saved = m_store->state().provider.profile;
    if (saved.kind == ProviderProfile::Kind::Sandbox) {
        useSandbox();
        return;
    }
    m_where = [url = saved.baseUrl.toString()] { return url; };
    setStatus(Status::Connecting);
    if (saved.kind == ProviderProfile::Kind::Slurm) {
        ready(saved, {}); // tokens come from the profile's folder or command, not a secret
        return;
    }
    if (!m_secrets) {
        Error e;
        e.message = tr("Enter the secret for %1 in the provider settings.").arg(m_where());
        setStatus(Status::Failed, e);
        return;
    }
    m_secrets->read(
        secretKeyFor(providerKindKey(saved.kind), saved.baseUrl.toString(), saved.accessKeyId),
        [this, saved](const QByteArray &secret, const QString &error) {
            if (secret.isEmpty()) {
                Error e;
                e.kind = Error::Kind::Provider;
                e.message = tr("Enter the secret for %1 in the provider settings: "
                               "it is not remembered on this computer.")
                                .arg(m_where());
                e.details = error;
                setStatus(Status::Failed, e);
                return;
            }
            ready(saved, secret);
        });
}

void ProviderHub::useSandbox()
{
    m_session.reset();
    m_where = [this] { return tr("the built-in sandbox"); };
    setStatus(Status::Connecting);
    if (!m_sandbox)
        m_sandbox = new SandboxLauncher(this);
    const int delay = qEnvironmentVariableIntValue("ONRAMP_SANDBOX_REVIEW_DELAY");
    m_sandbox->start(
        sandboxDataDir(),
        [this](const std::expected<SandboxLauncher::Started, Error> &started) {
            if (!started) {
                setStatus(Status::Failed, started.error());
                return;
            }
            ProviderProfile p = started->profile;
            p.member = m_store->state().provider.profile.member;
            ready(p, started->secret);
        },
        delay);
}

void ProviderHub::useRemote(const ProviderProfile &profile, const QByteArray &secret, bool remember)
{
    if (m_sandbox)
        m_sandbox->stopSoon();
    m_where = [url = profile.baseUrl.toString()] { return url; };
    if (profile.kind == ProviderProfile::Kind::Slurm) {
        ready(profile, {});
        return;
    }
    const QString key = secretKeyFor(providerKindKey(profile.kind), profile.baseUrl.toString(),
                                     profile.accessKeyId);
    if (m_secrets) {
        if (remember)
            m_secrets->write(key, secret, {});
        else
            m_secrets->remove(key);
    }
    ready(profile, secret);
}

bool ProviderHub::readJobTail(const QString &jobId, qint64 tail, QObject *context,
                              std::function<void(const std::expected<JobTail, ProviderError> &)> done)
{
    if (!m_session)
        return false;
    onramp::readJobTail(m_session->provider(), CallContext{context, m_session->jobMember(), {}},
                        jobId, tail, std::move(done));
    return true;
}

} // namespace onramp
