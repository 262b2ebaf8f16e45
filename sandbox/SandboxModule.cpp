// The built-in sandbox as a loadable module: the wizard loads it (QLibrary) on a worker thread
// once its first page is painted and runs the server in-process on a thread of its own, so the
// HTTP server and SQL libraries never weigh on startup. A C interface only: the module carries
// its own copy of the model code, and nothing C++ crosses the boundary.
#include "SandboxServer.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QThread>

#include <cstring>
#include <optional>
#include <dlfcn.h>

namespace {

struct Running
{
    QThread thread;
    QObject onThread; // moved to `thread`: what calls are queued to
    onramp::SandboxServer *server = nullptr;
};

void copyOut(const QByteArray &text, char *out, int size)
{
    if (!out || size <= 0)
        return;
    const int n = std::min<int>(size - 1, int(text.size()));
    std::memcpy(out, text.constData(), size_t(n));
    out[n] = '\0';
}

// onramp-probe beside this module, or in the build tree's probe/ folder next to sandbox/.
QString probeBesideModule()
{
    Dl_info info{};
    if (!::dladdr(reinterpret_cast<void *>(&probeBesideModule), &info) || !info.dli_fname)
        return {};
    const QDir here = QFileInfo(QString::fromLocal8Bit(info.dli_fname)).absoluteDir();
    for (const QString &candidate : {here.filePath(QStringLiteral("onramp-probe")),
                                     here.filePath(QStringLiteral("../probe/onramp-probe"))}) {
        if (QFileInfo(candidate).isExecutable())
            return QFileInfo(candidate).canonicalFilePath();
    }
    return {};
}

} // namespace

extern "C" {

// Starts the sandbox on a free loopback port with fresh credentials, keeping its state in
// `dataDir`, with the fault plan ONRAMP_SANDBOX_FAULTS names when it is set (docs/faults.md;
// a plan that does not read is a start that fails, with the field named) and the catalog
// ONRAMP_SANDBOX_CATALOG names (checked the same way). Blocks until it listens (call it off the GUI
// thread). Returns a handle and writes one JSON line (url, accessKeyId, secretAccessKey, region) to
// `hello`, or returns null and writes the reason to `error`.
Q_DECL_EXPORT void *onramp_sandbox_open(const char *dataDir, int reviewDelaySeconds, char *hello,
                                        int helloSize, char *error, int errorSize)
{
    // The files are read first: one that does not read fails the start before any thread.
    std::optional<onramp::SandboxFaults> plan;
    if (const QString path = qEnvironmentVariable("ONRAMP_SANDBOX_FAULTS"); !path.isEmpty()) {
        auto read = onramp::readFaultPlan(path);
        if (!read) {
            copyOut(("ONRAMP_SANDBOX_FAULTS: " + read.error()).toUtf8(), error, errorSize);
            return nullptr;
        }
        plan = *read;
    }
    // The catalog it serves instead of the built-in one (a test's; `serve --catalog`).
    std::optional<onramp::ResourceCatalog> served;
    if (const QString path = qEnvironmentVariable("ONRAMP_SANDBOX_CATALOG"); !path.isEmpty()) {
        auto read = onramp::readCatalogFile(path);
        if (!read) {
            copyOut(("ONRAMP_SANDBOX_CATALOG: " + read.error()).toUtf8(), error, errorSize);
            return nullptr;
        }
        served = *read;
    }
    auto *r = new Running;
    r->thread.setObjectName(QStringLiteral("sandbox"));
    r->onThread.moveToThread(&r->thread);
    r->thread.start();
    QString failure;
    QByteArray line;
    const QString dir = QString::fromUtf8(dataDir ? dataDir : "");
    QMetaObject::invokeMethod(
        &r->onThread,
        [&] {
            auto *server = new onramp::SandboxServer;
            server->setReviewDelaySeconds(reviewDelaySeconds);
            if (plan)
                server->faults() = *plan;
            if (served)
                server->setCatalog(*served);
            if (const QString probe = probeBesideModule(); !probe.isEmpty())
                server->setProbeProgram(probe);
            if (!server->start(QHostAddress::LocalHost, 0, dir, &failure)) {
                delete server;
                return;
            }
            r->server = server;
            const auto &c = server->credentials();
            line = QJsonDocument(
                       QJsonObject{
                           {"url", QStringLiteral("http://127.0.0.1:%1/v1").arg(server->port())},
                           {"accessKeyId", QString::fromLatin1(c.accessKeyId)},
                           {"secretAccessKey", QString::fromLatin1(c.secret)},
                           {"region", QString::fromLatin1(c.region)},
                           {"service", "onramp"}})
                       .toJson(QJsonDocument::Compact);
        },
        Qt::BlockingQueuedConnection);
    if (!r->server) {
        copyOut(failure.toUtf8(), error, errorSize);
        r->thread.quit();
        r->thread.wait();
        delete r;
        return nullptr;
    }
    copyOut(line, hello, helloSize);
    return r;
}

// Stops the server (its jobs end with it) and its thread. Blocks until both are gone.
Q_DECL_EXPORT void onramp_sandbox_close(void *handle)
{
    auto *r = static_cast<Running *>(handle);
    if (!r)
        return;
    QMetaObject::invokeMethod(
        &r->onThread, [r] { delete r->server; }, Qt::BlockingQueuedConnection);
    r->thread.quit();
    r->thread.wait();
    delete r;
}
}
