// make bench, provider figures (issue [4/6]):
//  provider_signed_gets: 1,000 sequential signed GETs to the sandbox through ProviderClient
//    (signing on every attempt, the transport thread, JSON parsing, the hop back to this
//    thread) against the same requests, signed beforehand, through plain libcurl reusing its
//    connection — both in this run, against the same server.
//  provider_transport_only: the same, presigned, through the bare Transport: the share of the
//    difference that is the two thread hops rather than signing and parsing.
//  gui_stall: the longest extra delay of a 2 ms timer on the GUI thread while 100 requests run
//    against 200 ms of injected latency, against the same probe with nothing running.
// Prints BENCH lines (see run_bench.py), which runs it.
#include "ProviderClient.h"
#include "SandboxServer.h"
#include "Transport.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QLabel>
#include <QThread>
#include <QTimer>

#include <curl/curl.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>

using namespace onramp;

namespace {

void line(const char *name, double value, const char *unit, double anchor)
{
    std::printf("BENCH %s %.2f %s anchor=%.2f ratio=%.3f\n", name, value, unit, anchor,
                value / anchor);
    std::fflush(stdout);
}

size_t sink(char *, size_t size, size_t n, void *)
{
    return size * n;
}

// Longest lateness of a 2 ms precise timer over `ms`, while `during` runs (it may start work
// that finishes later; the probe runs until `finished` says so or `ms` passes).
double stallProbe(int ms, const std::function<bool()> &finished)
{
    QElapsedTimer clock;
    clock.start();
    qint64 last = clock.nsecsElapsed();
    double worst = 0;
    QTimer probe;
    probe.setTimerType(Qt::PreciseTimer);
    probe.setInterval(2);
    QObject::connect(&probe, &QTimer::timeout, [&] {
        const qint64 now = clock.nsecsElapsed();
        worst = std::max(worst, (now - last) / 1e6 - 2.0);
        last = now;
    });
    probe.start();
    while (clock.elapsed() < ms && !(finished && finished()))
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    return worst;
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv); // a GUI thread with a visible widget, as in the wizard
    curl_global_init(CURL_GLOBAL_DEFAULT);
    QLabel label(QStringLiteral("Onramp provider bench"));
    label.show();

    // The sandbox on its own thread, as the wizard serves it (in-process, from its module).
    QThread serverThread;
    QObject onServerThread;
    onServerThread.moveToThread(&serverThread);
    serverThread.start();
    SandboxServer *server = nullptr;
    QMetaObject::invokeMethod(
        &onServerThread,
        [&] {
            server = new SandboxServer;
            server->start(QHostAddress::LocalHost, 0, QString());
        },
        Qt::BlockingQueuedConnection);
    ProviderProfile profile;
    profile.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:%1").arg(server->port()));
    profile.accessKeyId = server->credentials().accessKeyId;
    Transport transport;
    const ProviderClient client(&transport, profile, server->credentials().secret);

    const int n = 1000;
    // Warm both paths.
    int done = 0;
    for (int i = 0; i < 20; ++i) {
        bool got = false;
        client.get(QStringLiteral("/v1/account"), &app,
                   [&](const ProviderResult &) { got = true; });
        while (!got)
            QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    }
    // Plain libcurl: one easy handle (connection reuse), requests signed beforehand.
    std::vector<QList<std::pair<QByteArray, QByteArray>>> presigned;
    for (int i = 0; i < n; ++i) {
        HttpCall c;
        c.method = "GET";
        c.url = QUrl(profile.baseUrl.toString() + QStringLiteral("/v1/account"));
        client.sign(c);
        presigned.push_back(c.headers);
    }
    CURL *easy = curl_easy_init();
    const QByteArray url = (profile.baseUrl.toString() + QStringLiteral("/v1/account")).toUtf8();
    curl_easy_setopt(easy, CURLOPT_URL, url.constData());
    curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, sink);
    curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
    const auto plainRun = [&](int count) {
        QElapsedTimer t;
        t.start();
        for (int i = 0; i < count; ++i) {
            curl_slist *headers = nullptr;
            for (const auto &[k, v] : presigned[size_t(i)])
                headers = curl_slist_append(headers, (k + ": " + v).constData());
            curl_easy_setopt(easy, CURLOPT_HTTPHEADER, headers);
            long status = 0;
            if (curl_easy_perform(easy) != CURLE_OK ||
                curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &status) != CURLE_OK ||
                status != 200)
                std::fprintf(stderr, "plain request failed (%ld)\n", status);
            curl_slist_free_all(headers);
        }
        return t.nsecsElapsed() / 1e6;
    };
    const auto clientRun = [&](int count) {
        QElapsedTimer t;
        t.start();
        for (int i = 0; i < count; ++i) {
            bool got = false;
            client.get(QStringLiteral("/v1/account"), &app, [&](const ProviderResult &r) {
                if (!r)
                    std::fprintf(stderr, "client request failed: %s\n",
                                 qPrintable(r.error().details));
                got = true;
            });
            while (!got)
                QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
        }
        return t.nsecsElapsed() / 1e6;
    };
    // The transport alone, presigned (where the client's cost is: hops or signing).
    const auto transportRun = [&](int count) {
        QElapsedTimer t;
        t.start();
        for (int i = 0; i < count; ++i) {
            bool got = false;
            HttpCall c;
            c.url = QUrl(profile.baseUrl.toString() + QStringLiteral("/v1/account"));
            c.headers = presigned[size_t(i)];
            c.idempotent = true;
            transport.send(c, &app, [&](const HttpResponse &) { got = true; });
            while (!got)
                QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
        }
        return t.nsecsElapsed() / 1e6;
    };
    plainRun(20);
    // Twenty interleaved rounds of 50, so drift hits both alike; the medians, scaled to the
    // 1,000 calls, are the figures.
    const auto interleaved = [&](const std::function<double(int)> &a, double *ours, double *plain) {
        constexpr int rounds = 20;
        std::vector<double> as, bs;
        for (int round = 0; round < rounds; ++round) {
            as.push_back(a(n / rounds));
            bs.push_back(plainRun(n / rounds));
        }
        std::sort(as.begin(), as.end());
        std::sort(bs.begin(), bs.end());
        *ours = (as[rounds / 2 - 1] + as[rounds / 2]) / 2 * rounds;
        *plain = (bs[rounds / 2 - 1] + bs[rounds / 2]) / 2 * rounds;
    };
    double plain = 0, ours = 0;
    interleaved(clientRun, &ours, &plain);
    line("provider_signed_gets", ours, "ms", plain);
    // Where the difference goes: the transport thread alone (presigned, no JSON), same anchor.
    transportRun(20);
    double transportOnly = 0;
    interleaved(transportRun, &transportOnly, &plain);
    curl_easy_cleanup(easy);
    line("provider_transport_only", transportOnly, "ms", plain);

    // GUI stall: idle first, then 100 concurrent requests each delayed 200 ms by the server.
    const double idle = stallProbe(1500, {});
    QMetaObject::invokeMethod(
        &onServerThread, [&] { server->faults().latencyMs = 200; }, Qt::BlockingQueuedConnection);
    int answered = 0;
    for (int i = 0; i < 100; ++i)
        client.get(QStringLiteral("/v1/account"), &app,
                   [&](const ProviderResult &) { ++answered; });
    const double busy = stallProbe(120000, [&] { return answered == 100; });
    line("gui_stall", busy, "ms", std::max(idle, 0.01));
    Q_UNUSED(done);

    QMetaObject::invokeMethod(
        &onServerThread, [&] { delete server; }, Qt::BlockingQueuedConnection);
    serverThread.quit();
    serverThread.wait();
    return answered == 100 ? 0 : 1;
}
