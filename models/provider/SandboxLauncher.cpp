#include "SandboxLauncher.h"

#include "HelperFiles.h"
#include "Tr.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLibrary>
#include <QStandardPaths>
#include <QThread>

namespace onramp {

namespace {

using OpenFn = void *(*)(const char *, int, char *, int, char *, int);
using CloseFn = void (*)(void *);

} // namespace

QString siblingProgram(const QString &name, const QString &buildFolder)
{
    const QString found = findHelperFile(name, buildFolder);
    if (!found.isEmpty() && QFileInfo(found).isExecutable())
        return found;
    return QStandardPaths::findExecutable(name);
}

struct SandboxLauncher::Opened
{
    void *handle = nullptr;
    CloseFn close = nullptr;
    QByteArray hello;
    QString error, details;

    void shut()
    {
        if (handle && close)
            close(handle);
        handle = nullptr;
    }
};

SandboxLauncher::SandboxLauncher(QObject *parent) : QObject(parent)
{
}

SandboxLauncher::~SandboxLauncher()
{
    stop();
    for (QThread *t : m_closing) {
        t->wait();
        delete t;
    }
}

bool SandboxLauncher::isRunning() const
{
    return m_opened && m_opened->handle;
}

void SandboxLauncher::stop()
{
    if (m_starting) { // a start still loading: let it finish, then stop what it started
        m_starting->disconnect(this);
        m_starting->wait();
        delete m_starting;
        m_starting = nullptr;
        if (m_pending)
            m_pending->shut();
        m_pending.reset();
    }
    if (m_opened)
        m_opened->shut();
    m_opened.reset();
}

void SandboxLauncher::stopSoon()
{
    std::shared_ptr<Opened> opened = std::move(m_opened);
    QThread *starting = std::exchange(m_starting, nullptr);
    std::shared_ptr<Opened> pending = std::move(m_pending);
    if (starting)
        starting->disconnect(this);
    if (!opened && !starting)
        return;
    // Stopping waits for the sandbox's jobs to end: off this thread.
    QThread *closer = QThread::create([opened, starting, pending] {
        if (starting) {
            starting->wait();
            starting->deleteLater();
            if (pending)
                pending->shut();
        }
        if (opened)
            opened->shut();
    });
    m_closing.push_back(closer);
    closer->start();
}

void SandboxLauncher::start(const QString &dataDir,
                            std::function<void(const std::expected<Started, Error> &)> done,
                            int reviewDelaySeconds)
{
    stopSoon();
    const QString module =
        qEnvironmentVariableIsSet("ONRAMP_SANDBOX_MODULE")
            ? qEnvironmentVariable("ONRAMP_SANDBOX_MODULE")
            : findHelperFile(QStringLiteral("libonramp-sandbox.so"), QStringLiteral("sandbox"));
    const QString searched = Tr::list(helperFolders(QStringLiteral("sandbox")));
    auto pending = std::make_shared<Opened>();
    m_pending = pending;
    m_starting = QThread::create([pending, module, searched, dataDir, reviewDelaySeconds] {
        if (module.isEmpty()) {
            pending->error = Tr::tr("The built-in sandbox (libonramp-sandbox.so) is not installed "
                                    "beside Onramp. Reinstall Onramp, or choose another "
                                    "provider.");
            pending->details = QStringLiteral("libonramp-sandbox.so is in none of: ") + searched;
            return;
        }
        QLibrary library(module);
        library.setLoadHints(QLibrary::PreventUnloadHint); // it runs Qt code; never unloaded
        const auto open = reinterpret_cast<OpenFn>(library.resolve("onramp_sandbox_open"));
        pending->close = reinterpret_cast<CloseFn>(library.resolve("onramp_sandbox_close"));
        if (!open || !pending->close) {
            pending->error = Tr::tr("Cannot load the built-in sandbox. Reinstall Onramp, or "
                                    "choose another provider.");
            pending->details = library.errorString();
            return;
        }
        QByteArray hello(4096, '\0'), error(4096, '\0');
        pending->handle = open(dataDir.toUtf8().constData(), reviewDelaySeconds, hello.data(),
                               int(hello.size()), error.data(), int(error.size()));
        if (!pending->handle) {
            const QString why = QString::fromUtf8(error.constData());
            pending->error = Tr::tr("The built-in sandbox stopped at start: %1").arg(why);
            pending->details = QStringLiteral("%1: %2").arg(module, why);
            return;
        }
        pending->hello = QByteArray(hello.constData());
    });
    QThread *starting = m_starting;
    connect(starting, &QThread::finished, this, [this, starting, pending, done] {
        if (m_starting != starting)
            return;
        m_starting = nullptr;
        m_pending.reset();
        starting->deleteLater();
        const auto fail = [&](const QString &message, const QString &details) {
            Error e;
            e.kind = Error::Kind::Provider;
            e.message = message;
            e.details = details;
            done(std::unexpected(e));
        };
        if (!pending->handle) {
            fail(pending->error, pending->details);
            return;
        }
        m_opened = pending;
        const QJsonObject hello = QJsonDocument::fromJson(pending->hello).object();
        Started s;
        s.profile.kind = ProviderProfile::Kind::Sandbox;
        QUrl url(hello.value("url").toString());
        url.setPath(QString()); // the client adds /v1/… itself
        s.profile.baseUrl = url;
        s.profile.accessKeyId = hello.value("accessKeyId").toString().toLatin1();
        s.profile.region = hello.value("region").toString().toLatin1();
        s.secret = hello.value("secretAccessKey").toString().toLatin1();
        if (!url.isValid() || s.profile.accessKeyId.isEmpty() || s.secret.isEmpty())
            fail(Tr::tr("The built-in sandbox did not start properly."),
                 QString::fromUtf8(pending->hello));
        else
            done(s);
    });
    starting->start();
}

} // namespace onramp
