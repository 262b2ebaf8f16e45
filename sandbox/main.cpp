// onramp-sandbox serve: the built-in provider, standalone. `onramp sandbox …` runs this
// program, so that the wizard's own startup does not load the HTTP server and SQL libraries.
#include "Language.h"
#include "SandboxServer.h"
#include "Tr.h"
#include "Version.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSocketNotifier>
#include <QTextStream>

#include <csignal>
#include <optional>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <unistd.h>

namespace {

int g_signalPipe[2] = {-1, -1};

// SIGTERM and SIGINT end the event loop normally, so the server's destructor stops the jobs it
// started instead of leaving them orphaned.
void quitOnSignals()
{
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, g_signalPipe) != 0)
        return;
    auto *notifier =
        new QSocketNotifier(g_signalPipe[1], QSocketNotifier::Read, QCoreApplication::instance());
    QObject::connect(notifier, &QSocketNotifier::activated, QCoreApplication::instance(),
                     [] { QCoreApplication::quit(); });
    struct sigaction sa = {};
    sa.sa_handler = [](int) {
        const char c = 1;
        [[maybe_unused]] auto n = ::write(g_signalPipe[0], &c, 1);
    };
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGTERM, &sa, nullptr);
    sigaction(SIGINT, &sa, nullptr);
}

int serve(const QStringList &args)
{
    using namespace onramp;
    if (args.value(1) != QLatin1String("serve")) {
        const QString word = args.value(1);
        const QString usage =
            Tr::tr("Usage: onramp sandbox serve [--port N] [--data-dir DIR] [--review-delay "
                   "SECONDS] [--faults FILE] [--catalog FILE]\n\n"
                   "serve  runs the built-in sandbox provider on loopback until interrupted and "
                   "prints its URL and fresh credentials as one JSON line.\n"
                   "Run onramp sandbox serve --help for every option.");
        if (word == QLatin1String("--help") || word == QLatin1String("-h")) {
            QTextStream(stdout) << usage << '\n';
            return 0;
        }
        QTextStream(stderr) << (word.isEmpty()
                                    ? Tr::tr("Say what to do.")
                                    : Tr::tr("“%1” is not something this command does.").arg(word))
                            << "\n\n"
                            << usage << '\n';
        return 2;
    }
    QStringList rest = args;
    rest.removeAt(1);
    rest[0] += QStringLiteral(" serve");
    QCommandLineParser p;
    p.setApplicationDescription(Tr::tr("Run the built-in sandbox provider on loopback until "
                                       "interrupted. Prints its URL and fresh credentials as one "
                                       "JSON line."));
    p.addHelpOption();
    QCommandLineOption port(QStringLiteral("port"), Tr::tr("Port (0 picks a free one)."),
                            QStringLiteral("N"), QStringLiteral("0"));
    QCommandLineOption dataDir(QStringLiteral("data-dir"),
                               Tr::tr("Keep the sandbox's state (SQLite) in DIR."),
                               QStringLiteral("DIR"));
    QCommandLineOption reviewDelay(QStringLiteral("review-delay"),
                                   Tr::tr("Reviews stay pending for SECONDS (a demo of waiting)."),
                                   QStringLiteral("SECONDS"), QStringLiteral("0"));
    QCommandLineOption faults(
        QStringLiteral("faults"),
        Tr::tr("Follow the fault plan in FILE (JSON, docs/faults.md): zones out of stock, an "
               "instance preempted at step N, a sick GPU, a hung step, slow data reads."),
        QStringLiteral("FILE"));
    QCommandLineOption catalog(
        QStringLiteral("catalog"),
        Tr::tr("Serve the instance types and images in FILE (JSON: {\"instances\": […], "
               "\"images\": […]}, the shape of resources/catalog/) instead of the built-in "
               "catalog."),
        QStringLiteral("FILE"));
    p.addOptions({port, dataDir, reviewDelay, faults, catalog});
    p.process(rest);
    std::optional<ResourceCatalog> served;
    if (p.isSet(catalog)) {
        auto read = readCatalogFile(p.value(catalog));
        if (!read) {
            QTextStream(stderr) << "--catalog: " << read.error() << '\n';
            return 2;
        }
        served = *read;
    }
    std::optional<SandboxFaults> plan;
    if (p.isSet(faults)) {
        auto read = readFaultPlan(p.value(faults));
        if (!read) {
            QTextStream(stderr) << "--faults: " << read.error() << '\n';
            return 2;
        }
        plan = *read;
    }
    bool ok = false;
    const int n = p.value(port).toInt(&ok);
    if (!ok || n < 0 || n > 65535) {
        QTextStream(stderr) << "--port: " << Tr::tr("expected 0 to 65535") << '\n';
        return 2;
    }
    quitOnSignals();
    // Started by the wizard: end with it, even when it crashes.
    if (qEnvironmentVariableIsSet("ONRAMP_SANDBOX_CHILD"))
        ::prctl(PR_SET_PDEATHSIG, SIGTERM);
    SandboxServer server;
    server.setReviewDelaySeconds(p.value(reviewDelay).toInt());
    if (plan)
        server.faults() = *plan;
    if (served)
        server.setCatalog(*served);
    QString error;
    if (!server.start(QHostAddress::LocalHost, quint16(n), p.value(dataDir), &error)) {
        QTextStream(stderr) << error << '\n';
        return 2;
    }
    // The credentials are fresh for this run and work only against this loopback server.
    const QJsonObject hello{{"url", QStringLiteral("http://127.0.0.1:%1/v1").arg(server.port())},
                            {"accessKeyId", QString::fromLatin1(server.credentials().accessKeyId)},
                            {"secretAccessKey", QString::fromLatin1(server.credentials().secret)},
                            {"region", QString::fromLatin1(server.credentials().region)},
                            {"service", "onramp"}};
    QTextStream(stdout) << QJsonDocument(hello).toJson(QJsonDocument::Compact) << Qt::endl;
    return QCoreApplication::exec();
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("onramp-sandbox"));
    QCoreApplication::setApplicationVersion(QStringLiteral(ONRAMP_VERSION));
    onramp::Language language;
    language.apply(QString());
    return serve(app.arguments());
}
