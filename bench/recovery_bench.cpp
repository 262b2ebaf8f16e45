// make bench, capacity and recovery figures (#18), against the real sandbox on its own thread
// and the gate steps the pages drive (ProviderSession):
//  failover_quota_skip: gate 4's create with five candidates in preference order, the first
//    four doomed by the workspace's quota (skipped after one quota read, no create sent), to the
//    instance of the fifth; against one direct create of that fifth candidate (the provider's
//    create operation alone, as a caller who knew it would fit). Medians of `rounds`.
//  failover_quota_skip_single: the same gate 4 create told only the viable candidate (its quota
//    read included) against the same anchor: what the four skipped candidates add is the
//    difference between the two figures.
//  resume_vs_restart: gate 6's first run under its recovery policy (backoff 0 here, so the
//    figure is the machinery's, not the policy's wait), with the sandbox's fault plan preempting
//    it at step N: the time from the moment the run had reached step N (the preemption comes
//    then) to the moment it is past step N again, resumed from its checkpoint in a new job;
//    against the same run's fresh start to step N (submission to step N). Medians of `rounds`.
// Times are taken as the session sees them (its job news, polled every 20 ms).
#include "BenchReport.h"
#include "DemoState.h"
#include "ProbeEvents.h"
#include "ProviderSession.h"
#include "SandboxFaults.h"
#include "SandboxServer.h"
#include "Transport.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QThread>

#include <curl/curl.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>

using namespace onramp;
using bench::line;
using bench::median;

namespace {

using Op = void (ProviderSession::*)(ProviderSession::Done);

// Runs one operation in an event loop of its own until it answers (no polling: the bench's
// thread sleeps while the server and transport threads work, as the wizard's would).
bool walk(ProviderSession &s, Op op, const char *what)
{
    std::optional<std::expected<void, ProviderError>> got;
    QEventLoop loop;
    (s.*op)([&](const std::expected<void, ProviderError> &r) {
        got = r;
        loop.quit();
    });
    if (!got)
        loop.exec();
    const auto r = *got;
    if (!r)
        std::fprintf(stderr, "recovery_bench: %s: %s (%s)\n", what,
                     qPrintable(r.error().message), qPrintable(r.error().details));
    return bool(r);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    curl_global_init(CURL_GLOBAL_DEFAULT);
    const int rounds = argc > 1 ? std::max(1, std::atoi(argv[1])) : 3;

    // The sandbox on its own thread, as the wizard serves it.
    QThread serverThread;
    QObject onServerThread;
    onServerThread.moveToThread(&serverThread);
    serverThread.start();
    SandboxServer *server = nullptr;
    const auto onServer = [&](const std::function<void()> &f) {
        QMetaObject::invokeMethod(&onServerThread, f, Qt::BlockingQueuedConnection);
    };
    onServer([&] {
        server = new SandboxServer;
        server->setProbeProgram(QStringLiteral(ONRAMP_PROBE));
        server->start(QHostAddress::LocalHost, 0, QString());
    });
    ProviderProfile profile;
    profile.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:%1").arg(server->port()));
    profile.accessKeyId = server->credentials().accessKeyId;
    Transport transport;
    const QByteArray secret = server->credentials().secret;

    OnboardingState state = demoState();
    auto session = std::make_unique<ProviderSession>(providerFor(&transport, profile, secret),
                                                     state);
    session->setPollIntervalMs(20);
    if (!walk(*session, &ProviderSession::setUpWorkspace, "setUpWorkspace"))
        return 1;
    // ---- failover_quota_skip -------------------------------------------------------------
    // A fresh pool has 2 card-hours for checks: 8-card shapes for an hour cannot fit, nor can
    // a zone or a card the pool does not hold; one A100 for an hour can.
    state.quota.hoursPerRound = 1;
    const Candidate viable{QStringLiteral("gpu.a100-80g.1"), QString()};
    const QList<Candidate> doomedAlternatives = {{QStringLiteral("gpu.h100.8"), QStringLiteral("cn-north-1a")},
                                                 {QStringLiteral("gpu.a100-80g.8"), QStringLiteral("cn-north-1b")},
                                                 {QStringLiteral("gpu.l40s.4"), QString()},
                                                 viable};
    const auto release = [&] {
        if (!walk(*session, &ProviderSession::releaseInstance, "releaseInstance"))
            std::exit(1);
        state.provider.instanceId.clear();
        state.provider.instanceState.clear();
    };
    const auto gate4 = [&](const QList<Candidate> &alternatives, const QString &first) {
        state.resources.choice.instance = first;
        state.resources.choice.instanceZone.clear();
        state.resources.choice.alternatives = alternatives;
        QElapsedTimer t;
        t.start();
        if (!walk(*session, &ProviderSession::createInstance, "createInstance"))
            std::exit(1);
        const double ms = t.nsecsElapsed() / 1e6;
        if (state.provider.instanceType != viable.instance) {
            std::fprintf(stderr, "recovery_bench: opened %s, not the viable candidate\n",
                         qPrintable(state.provider.instanceType));
            std::exit(1);
        }
        release();
        return ms;
    };
    const auto direct = [&] {
        std::optional<ProviderResult> got;
        QElapsedTimer t;
        t.start();
        QEventLoop loop;
        session->provider()->createInstance(
            CallContext{&app, QString(), newIdempotencyKey()}, state.workspace.workspaceName,
            {viable.instance, state.workspace.pool.zone, state.resources.choice.image},
            [&](const ProviderResult &r) {
                got = r;
                loop.quit();
            });
        loop.exec();
        const double ms = t.nsecsElapsed() / 1e6;
        if (!got || !*got) {
            std::fprintf(stderr, "recovery_bench: direct create failed: %s\n",
                         got && !*got ? qPrintable(got->error().details) : "no answer");
            std::exit(1);
        }
        state.provider.instanceId = (*got)->value("id").toString();
        release();
        return ms;
    };
    gate4(doomedAlternatives, QStringLiteral("gpu.a100-80g.8")); // warm the path
    direct();
    std::vector<double> five, single, anchor;
    for (int i = 0; i < std::max(rounds, 9); ++i) {
        five.push_back(gate4(doomedAlternatives, QStringLiteral("gpu.a100-80g.8")));
        if (state.provider.attempts.size() != 5 ||
            std::count_if(state.provider.attempts.begin(), state.provider.attempts.end(),
                          [](const LaunchAttempt &a) { return a.outcome == "skipped"; }) != 4) {
            std::fprintf(stderr, "recovery_bench: expected four skipped candidates\n");
            return 1;
        }
        single.push_back(gate4({}, viable.instance));
        anchor.push_back(direct());
    }
    line("failover_quota_skip", median(five), "ms", median(anchor));
    line("failover_quota_skip_single", median(single), "ms", median(anchor));

    // ---- resume_vs_restart ---------------------------------------------------------------
    // A fresh sandbox and onboarding, walked to gate 6.
    session.reset();
    onServer([&] {
        delete server;
        server = new SandboxServer;
        server->setProbeProgram(QStringLiteral(ONRAMP_PROBE));
        server->start(QHostAddress::LocalHost, 0, QString());
    });
    profile.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:%1").arg(server->port()));
    profile.accessKeyId = server->credentials().accessKeyId;
    state = demoState();
    session = std::make_unique<ProviderSession>(
        providerFor(&transport, profile, server->credentials().secret), state);
    session->setPollIntervalMs(20);
    if (!walk(*session, &ProviderSession::walkGatesOneToFour, "walkGatesOneToFour"))
        return 1;
    if (const QString refused = acceptGatesOneToFour(state); !refused.isEmpty()) {
        std::fprintf(stderr, "recovery_bench: %s\n", qPrintable(refused));
        return 1;
    }
    const int atStep = 30;
    state.firstRun.recovery = {1, {}, 0};
    std::vector<double> resumed, fresh;
    for (int i = 0; i < rounds; ++i) {
        onServer([&] {
            server->faults().preempt = {atStep, QStringLiteral("first-run")};
            server->faults().preemptTimes = 1;
        });
        QElapsedTimer clock;
        qint64 submitted = -1, reached = -1, again = -1;
        QString firstJob;
        session->onJobNews = [&](const ProviderSession::JobNews &n) {
            const QString id = n.job.value("id").toString();
            if (firstJob.isEmpty() && !id.isEmpty())
                firstJob = id;
            for (const QJsonObject &e : probeEventList(QString::fromUtf8(n.bytes), "step")) {
                if (e.value("step").toInt() < atStep)
                    continue;
                if (id == firstJob && reached < 0)
                    reached = clock.elapsed();
                else if (id != firstJob && again < 0)
                    again = clock.elapsed();
            }
        };
        clock.start();
        submitted = 0;
        if (!walk(*session, &ProviderSession::runFirstRun, "runFirstRun"))
            return 1;
        session->onJobNews = {};
        if (state.firstRun.attempts.size() != 2 || !state.firstRun.run.passed() || reached < 0 ||
            again < 0) {
            std::fprintf(stderr, "recovery_bench: the first run did not resume once (%lld "
                                 "attempts, %s)\n",
                         qlonglong(state.firstRun.attempts.size()),
                         qPrintable(state.firstRun.run.evidence.toString()));
            return 1;
        }
        fresh.push_back((reached - submitted) / 1000.0);
        resumed.push_back((again - reached) / 1000.0);
        std::printf("resume_vs_restart round %d: fresh start to step %d %.2f s; preemption to "
                    "past step %d again %.2f s (resumed from step %d)\n",
                    i + 1, atStep, fresh.back(), atStep, resumed.back(),
                    state.firstRun.attempts[1].resumedFrom);
        std::fflush(stdout);
    }
    line("resume_vs_restart", median(resumed), "s", median(fresh));

    session.reset();
    onServer([&] { delete server; });
    serverThread.quit();
    serverThread.wait();
    curl_global_cleanup();
    return 0;
}
