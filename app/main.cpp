#include "Commands.h"
#include "Language.h"
#include "OnboardingWizard.h"
#include "ProviderHub.h"
#include "SecretStores.h"
#include "StateStore.h"
#include "Tr.h"
#include "Version.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTextStream>
#include <QTimer>

#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

namespace {

constexpr const char *kSubcommands[] = {"status",  "screenshot", "estimate", "estimate-accuracy",
                                        "catalog", "check",      "quota",    "sigv4",
                                        "sandbox", "spec",       "replay"};

const char *subcommandOf(int argc, char **argv)
{
    if (argc < 2)
        return nullptr;
    for (const char *c : kSubcommands) {
        if (std::strcmp(argv[1], c) == 0)
            return c;
    }
    return nullptr;
}

// --help, --version, or a first word that names no subcommand: answered without a window.
bool wantsHeadlessInfo(int argc, char **argv)
{
    if (argc > 1 && argv[1][0] != '-' && argv[1][0] != '\0')
        return true;
    for (int i = 1; i < argc; ++i) {
        for (const char *flag : {"--help", "-h", "--version", "-v", "--help-all"}) {
            if (std::strcmp(argv[i], flag) == 0)
                return true;
        }
    }
    return false;
}

QString usageText()
{
    return onramp::Tr::tr(
        "Onramp walks a team from a fresh cloud account to a reproducible first GPU training "
        "run. With no arguments it opens the wizard.\n\nSubcommands:\n"
        "  status [--json]                   each gate's status from the saved onboarding\n"
        "  screenshot --out DIR [--lang L]   render every page to PNG\n"
        "  estimate --model NAME ... [--provider P] [--json]\n"
        "                                    GPU memory per card, verdict, cards needed\n"
        "  catalog models|cards|images|instances [--json] [--provider P]\n"
        "  estimate-accuracy --cases FILE [--markdown]\n"
        "  check qualification FILE.json [--today DATE] [--json]\n"
        "  check roles FILE.json|FILE.csv [--json]\n"
        "  quota plan --cards N --hours-per-round H --rounds R --retry-margin F\n"
        "             --start DATE --end DATE [--purpose KIND] [--peak S:D:C]...\n"
        "             [--card TYPE] [--provider P] [--json]\n"
        "  sigv4 --context FILE --request FILE [--query]\n"
        "  sandbox serve [--port N] [--data-dir DIR] [--review-delay S] [--faults FILE]\n"
        "                [--catalog FILE]\n"
        "  spec validate|fingerprint FILE; spec export FILE --format sbatch|k8s|markdown|pdf\n"
        "  spec from-state [--state FILE] [--out FILE]\n"
        "  replay SPEC [--as MEMBER] [--provider sandbox|URL|slurm+URL] [--record FILE]\n"
        "              [--evidence FILE] [--state FILE]   (--state needs --as)\n"
        "Each subcommand takes --help.");
}

void describeApp()
{
    QCoreApplication::setApplicationName(QStringLiteral("onramp"));
    QCoreApplication::setApplicationVersion(QStringLiteral(ONRAMP_VERSION));
}

// Says "first-paint" on stdout once the wizard has painted, then quits: the startup
// benchmark's end point (it times the line, so teardown is not counted).
class QuitOnFirstPaint : public QObject
{
public:
    using QObject::QObject;
    bool eventFilter(QObject *watched, QEvent *e) override
    {
        if (e->type() == QEvent::Paint && !m_done) {
            m_done = true;
            std::fputs("first-paint\n", stdout);
            std::fflush(stdout);
            QTimer::singleShot(0, qApp, &QCoreApplication::quit);
        }
        return QObject::eventFilter(watched, e);
    }

private:
    bool m_done = false;
};

// Runs `then` once, right after the window's first paint has been handled.
class AfterFirstPaint : public QObject
{
public:
    AfterFirstPaint(QWidget *window, std::function<void()> then)
        : QObject(window), m_then(std::move(then))
    {
        window->installEventFilter(this);
    }
    bool eventFilter(QObject *watched, QEvent *e) override
    {
        if (e->type() == QEvent::Paint && m_then) {
            watched->removeEventFilter(this);
            QTimer::singleShot(0, this, std::exchange(m_then, {}));
        }
        return QObject::eventFilter(watched, e);
    }

private:
    std::function<void()> m_then;
};

// --bench-start (for `make bench`): the normal start, timed. Prints "first-paint" when the window
// first paints, "provider-ready" when the provider (the sandbox for a new user) is connected,
// then, a second later, "rss-kib N" (resident memory once settled) and quits; exit 1 when the
// provider fails.
class BenchStart : public QObject
{
public:
    BenchStart(QWidget *window, onramp::ProviderHub *hub) : QObject(window), m_hub(hub)
    {
        window->installEventFilter(this);
        connect(hub, &onramp::ProviderHub::statusChanged, this, &BenchStart::statusChanged);
    }
    bool eventFilter(QObject *watched, QEvent *e) override
    {
        if (e->type() == QEvent::Paint && !m_painted) {
            m_painted = true;
            say("first-paint");
        }
        return QObject::eventFilter(watched, e);
    }

private:
    void statusChanged()
    {
        using S = onramp::ProviderHub::Status;
        if (m_hub->status() == S::Failed) {
            say("provider-failed");
            QCoreApplication::exit(1);
        } else if (m_hub->status() == S::Ready && !m_ready) {
            m_ready = true;
            say("provider-ready");
            QTimer::singleShot(1000, this, [this] {
                say("rss-kib " + std::to_string(residentKiB()));
                QCoreApplication::quit();
            });
        }
    }
    static long residentKiB()
    {
        FILE *f = std::fopen("/proc/self/status", "r");
        char line[256];
        long kib = -1;
        while (f && std::fgets(line, sizeof line, f))
            if (std::sscanf(line, "VmRSS: %ld kB", &kib) == 1)
                break;
        if (f)
            std::fclose(f);
        return kib;
    }
    static void say(const std::string &line)
    {
        std::fputs((line + '\n').c_str(), stdout);
        std::fflush(stdout);
    }
    onramp::ProviderHub *m_hub;
    bool m_painted = false;
    bool m_ready = false;
};

int runHeadless(int argc, char **argv, const char *subcommand)
{
    // A subcommand joins the program's name, so that each parser's usage line says it
    // (QCommandLineParser reads the application's own first argument, not the list it parses).
    std::vector<char *> argList(argv, argv + argc);
    std::string named;
    if (subcommand) {
        named = std::string(argv[0]) + ' ' + subcommand;
        argList.erase(argList.begin() + 1);
        argList[0] = named.data();
    }
    int count = int(argList.size());
    argList.push_back(nullptr);
    QCoreApplication app(count, argList.data());
    describeApp();
    onramp::Language language;
    language.apply(QString());
    const QStringList args = app.arguments();
    if (subcommand) {
        if (std::strcmp(subcommand, "status") == 0)
            return onramp::cli::status(args);
        if (std::strcmp(subcommand, "estimate") == 0)
            return onramp::cli::estimate(args);
        if (std::strcmp(subcommand, "estimate-accuracy") == 0)
            return onramp::cli::estimateAccuracy(args);
        if (std::strcmp(subcommand, "catalog") == 0)
            return onramp::cli::catalog(args);
        if (std::strcmp(subcommand, "check") == 0)
            return onramp::cli::check(args);
        if (std::strcmp(subcommand, "quota") == 0)
            return onramp::cli::quota(args);
        if (std::strcmp(subcommand, "sigv4") == 0)
            return onramp::cli::sigv4(args);
        if (std::strcmp(subcommand, "sandbox") == 0)
            return onramp::cli::sandbox(args);
        if (std::strcmp(subcommand, "replay") == 0)
            return onramp::cli::replay(args);
    }
    if (const QString word = args.value(1); !word.isEmpty() && !word.startsWith(u'-')) {
        // A word the wizard does not know: say so and how to ask, never open the window.
        QTextStream err(stderr);
        err << onramp::Tr::tr("onramp: “%1” is not a subcommand.").arg(word) << "\n\n"
            << usageText() << '\n';
        return 2;
    }
    QCommandLineParser p;
    p.setApplicationDescription(usageText());
    p.addHelpOption();
    p.addVersionOption();
    p.process(app); // exits for --help and --version
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    const char *subcommand = subcommandOf(argc, argv);
    // screenshot and spec (its PDF) draw: they get a GUI application, offscreen.
    const bool draws = subcommand && (std::strcmp(subcommand, "screenshot") == 0 ||
                                      std::strcmp(subcommand, "spec") == 0);
    if ((subcommand && !draws) || (!subcommand && wantsHeadlessInfo(argc, argv)))
        return runHeadless(argc, argv, subcommand);

    if (subcommand) { // widgets, but never a display
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        QApplication app(argc, argv);
        describeApp();
        QStringList args = app.arguments();
        args.removeAt(1);
        args[0] += u' ' + QLatin1String(subcommand);
        if (std::strcmp(subcommand, "spec") == 0)
            return onramp::cli::spec(args);
        return onramp::cli::screenshot(args);
    }

    QApplication app(argc, argv);
    describeApp();
    QCommandLineParser p;
    QCommandLineOption lang(QStringLiteral("lang"), onramp::Tr::tr("Language: zh_CN or en."),
                            QStringLiteral("LANG"));
    QCommandLineOption quitOnPaint(QStringLiteral("quit-on-first-paint"));
    quitOnPaint.setFlags(QCommandLineOption::HiddenFromHelp);
    QCommandLineOption benchStart(QStringLiteral("bench-start"));
    benchStart.setFlags(QCommandLineOption::HiddenFromHelp);
    p.addOption(lang);
    p.addOption(quitOnPaint);
    p.addOption(benchStart);
    p.process(app);

    onramp::StateStore store(onramp::StateStore::defaultFilePath());
    const onramp::StateStore::LoadResult loaded = store.load();
    onramp::Language language;
    language.apply(p.isSet(lang) ? p.value(lang) : store.state().language);

    onramp::KeychainSecretStore secrets;
    onramp::OnboardingWizard wizard(&store, &language, &secrets);
    if (loaded.notice)
        wizard.showNotice(*loaded.notice);
    wizard.restoreProgress();
    QuitOnFirstPaint quitter;
    if (p.isSet(quitOnPaint))
        wizard.installEventFilter(&quitter);
    if (p.isSet(benchStart))
        new BenchStart(&wizard, wizard.providerHub());
    wizard.show();
    // The provider (the sandbox for a new user) starts once the first page is on screen: after
    // the first paint, not merely queued behind show(), which can run before it.
    if (!p.isSet(quitOnPaint))
        new AfterFirstPaint(&wizard, [&wizard] { wizard.connectProvider(); });
    QObject::connect(&app, &QCoreApplication::aboutToQuit, &store, [&store] {
        if (store.hasUnsavedChanges())
            (void)store.saveNow();
    });
    return app.exec();
}
