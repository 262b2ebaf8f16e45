// make bench, provider figures (issue [4/6]):
//  provider_signed_gets: 1,000 sequential signed GETs to the sandbox through ProviderClient
//    (signing on every attempt, the transport thread, JSON parsing, the hop back to this
//    thread) against the same requests through plain libcurl reusing its connection, each
//    signed as it is sent with the same signer — both in this run, against the same server.
//    A signature carries its time, so a real caller signs as it sends; the signing is the same
//    code on both sides, and the ratio is what the client's machinery adds to plain libcurl.
//  provider_signed_gets_presigned: the same client calls against plain libcurl sending
//    requests signed before the clock started (no signing counted on that side: the stricter
//    anchor, kept so the figure can be followed across changes).
//  provider_transport_only: presigned calls through the bare Transport against the presigned
//    anchor: the share of the difference that is the two thread hops rather than signing and
//    parsing.
//  provider_signed_get_per_call: the same in microseconds per call (client against plain
//    libcurl): the sandbox's own cost is on both sides of the ratios above.
//  provider_log_read_1mib: a finished job's 1 MiB log read as the session reads it (one readLog
//    from offset 0, limit 1 MiB, through OnrampApi and the transport thread, the JSON answer
//    parsed) against a plain libcurl GET of the same signed URL (the same bytes, unparsed);
//    medians of 31 interleaved reads, in milliseconds.
//  gui_stall: the longest extra delay of a 2 ms timer on the GUI thread while 100 requests run
//    against 200 ms of injected latency, per round, 95th percentile over 20 rounds; against the
//    same probe's figure with nothing running (its own figure, not a floor).
// Calls run as the wizard makes them: inside an event loop, each sent from the previous one's
// answer (no busy polling of the event queue, and the same with or without GLib's dispatcher).
// Prints BENCH lines (see run_bench.py), which runs it.
#include "BenchReport.h"
#include "ProbeEvents.h"
#include "Provider.h"
#include "ProviderClient.h"
#include "SandboxServer.h"
#include "Transport.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QEventLoop>
#include <QJsonDocument>
#include <QLabel>
#include <QThread>
#include <QTimer>

#include <curl/curl.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>

using namespace onramp;
using bench::line;

namespace {

size_t sink(char *, size_t size, size_t n, void *)
{
    return size * n;
}

// Longest lateness of a 2 ms precise timer over `ms`, or until `finished` says so, in an event
// loop of its own (the GUI thread otherwise idle, as in the wizard).
double stallProbe(int ms, const std::function<bool()> &finished)
{
    QElapsedTimer clock;
    clock.start();
    qint64 last = clock.nsecsElapsed();
    double worst = 0;
    QEventLoop loop;
    QTimer probe;
    probe.setTimerType(Qt::PreciseTimer);
    probe.setInterval(2);
    QObject::connect(&probe, &QTimer::timeout, [&] {
        const qint64 now = clock.nsecsElapsed();
        worst = std::max(worst, (now - last) / 1e6 - 2.0);
        last = now;
        if (clock.elapsed() >= ms || (finished && finished()))
            loop.quit();
    });
    probe.start();
    loop.exec();
    return worst;
}

// `count` calls in a chain, each sent from the previous one's answer, inside one event loop —
// as the wizard chains requests — timed in milliseconds. `call(i, next)` sends call i and
// runs `next` from its answer.
double chain(int count, const std::function<void(int, const std::function<void()> &)> &call)
{
    QEventLoop loop;
    int sent = 0;
    std::function<void()> next = [&] {
        if (sent == count) {
            loop.quit();
            return;
        }
        call(sent++, next);
    };
    QElapsedTimer t;
    t.start();
    QMetaObject::invokeMethod(&loop, next, Qt::QueuedConnection);
    loop.exec();
    return t.nsecsElapsed() / 1e6;
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
            server->setProbeProgram(QStringLiteral(ONRAMP_PROBE));
            server->start(QHostAddress::LocalHost, 0, QString());
        },
        Qt::BlockingQueuedConnection);
    ProviderProfile profile;
    profile.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:%1").arg(server->port()));
    profile.accessKeyId = server->credentials().accessKeyId;
    Transport transport;
    const ProviderClient client(&transport, profile, server->credentials().secret);

    const int n = 1000;
    // Warm the client's path.
    chain(20, [&](int, const std::function<void()> &next) {
        client.get(QStringLiteral("/v1/account"), &app,
                   [&next](const ProviderResult &) { next(); });
    });
    // Plain libcurl: one easy handle (connection reuse); requests signed as they are sent, or
    // (the stricter anchor) signed before the clock starts.
    const QUrl accountUrl(profile.baseUrl.toString() + QStringLiteral("/v1/account"));
    const auto signedHeaders = [&] {
        HttpCall c;
        c.method = "GET";
        c.url = accountUrl;
        client.sign(c);
        return c.headers;
    };
    std::vector<QList<std::pair<QByteArray, QByteArray>>> presigned;
    for (int i = 0; i < n; ++i)
        presigned.push_back(signedHeaders());
    CURL *easy = curl_easy_init();
    const QByteArray url = accountUrl.toEncoded();
    curl_easy_setopt(easy, CURLOPT_URL, url.constData());
    curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, sink);
    curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
    const auto plainCall = [&](const QList<std::pair<QByteArray, QByteArray>> &signedAs) {
        curl_slist *headers = nullptr;
        for (const auto &[k, v] : signedAs)
            headers = curl_slist_append(headers, (k + ": " + v).constData());
        curl_easy_setopt(easy, CURLOPT_HTTPHEADER, headers);
        long status = 0;
        if (curl_easy_perform(easy) != CURLE_OK ||
            curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &status) != CURLE_OK || status != 200)
            std::fprintf(stderr, "plain request failed (%ld)\n", status);
        curl_slist_free_all(headers);
    };
    const auto plainRun = [&](int count) {
        QElapsedTimer t;
        t.start();
        for (int i = 0; i < count; ++i)
            plainCall(signedHeaders());
        return t.nsecsElapsed() / 1e6;
    };
    const auto presignedRun = [&](int count) {
        QElapsedTimer t;
        t.start();
        for (int i = 0; i < count; ++i)
            plainCall(presigned[size_t(i)]);
        return t.nsecsElapsed() / 1e6;
    };
    const auto clientRun = [&](int count) {
        return chain(count, [&](int, const std::function<void()> &next) {
            client.get(QStringLiteral("/v1/account"), &app, [&next](const ProviderResult &r) {
                if (!r)
                    std::fprintf(stderr, "client request failed: %s\n",
                                 qPrintable(r.error().details));
                next();
            });
        });
    };
    // The transport alone, presigned (where the client's cost is: hops or signing).
    const auto transportRun = [&](int count) {
        return chain(count, [&](int i, const std::function<void()> &next) {
            HttpCall c;
            c.url = accountUrl;
            c.headers = presigned[size_t(i)];
            c.idempotent = true;
            transport.send(c, &app, [&next](const HttpResponse &) { next(); });
        });
    };
    plainRun(20);
    // Twenty interleaved rounds of 50, so drift hits every path alike; the medians, scaled to
    // the 1,000 calls, are the figures.
    constexpr int rounds = 20;
    const auto interleaved = [&](const std::vector<std::function<double(int)>> &paths) {
        std::vector<std::vector<double>> times(paths.size());
        for (int round = 0; round < rounds; ++round) {
            for (size_t p = 0; p < paths.size(); ++p)
                times[p].push_back(paths[p](n / rounds));
        }
        std::vector<double> medians;
        for (std::vector<double> &t : times) {
            std::sort(t.begin(), t.end());
            medians.push_back((t[rounds / 2 - 1] + t[rounds / 2]) / 2 * rounds);
        }
        return medians;
    };
    const std::vector<double> signedGets = interleaved({clientRun, plainRun, presignedRun});
    line("provider_signed_gets", signedGets[0], "ms", signedGets[1]);
    line("provider_signed_gets_presigned", signedGets[0], "ms", signedGets[2]);
    // The sandbox's own cost per call sits on both sides of those ratios: the absolute cost per
    // call, and what the client adds to plain libcurl per call.
    line("provider_signed_get_per_call", signedGets[0] * 1000 / n, "us", signedGets[1] * 1000 / n);
    std::printf("provider: the client adds %.1f us per call to plain libcurl's %.1f us\n",
                (signedGets[0] - signedGets[1]) * 1000 / n, signedGets[1] * 1000 / n);
    // Where the difference goes: the transport thread alone (presigned, no JSON).
    transportRun(20);
    const std::vector<double> transportOnly = interleaved({transportRun, presignedRun});
    curl_easy_cleanup(easy);
    line("provider_transport_only", transportOnly[0], "ms", transportOnly[1]);

    // ---- provider_log_read_1mib: a finished job's 1 MiB log, read as the session reads it
    // (SessionCore: one readLog from offset 0 with a 1 MiB limit, through the Provider the
    // wizard holds: OnrampApi, ProviderClient, the transport thread, the JSON answer parsed, the
    // hop back here), against a plain libcurl GET of the same signed URL from the same server
    // (the same bytes, not parsed). A real job of the probe's, whose log is then made 1 MiB.
    double logMs[2] = {0, 0}; // the client, plain libcurl (ms, medians)
    {
        ProviderClient owner = client;
        const auto awaitCall = [&](const ProviderClient &c, const QByteArray &method,
                                   const QString &path, const QJsonObject &body,
                                   const QByteArray &key) {
            ProviderResult got = std::unexpected(ProviderError{});
            QEventLoop wait;
            c.request(method, path, body, key, &app, [&](const ProviderResult &r) {
                got = r;
                wait.quit();
            });
            wait.exec();
            if (!got)
                std::fprintf(stderr, "provider_bench: %s %s: %s\n", method.constData(),
                             qPrintable(path), qPrintable(got.error().details));
            return got;
        };
        if (!awaitCall(owner, "POST", "/v1/workspaces", {{"name", "bench"}}, "bench-ws") ||
            !awaitCall(owner, "PUT", "/v1/workspaces/bench/quota",
                       {{"cardHours", 100}, {"zone", "cn-north-1a"}}, {}) ||
            !awaitCall(owner, "POST", "/v1/workspaces/bench/members",
                       {{"account", "zhang"}, {"role", "developer"}}, "bench-member"))
            return 1;
        ProviderClient zhang = client;
        zhang.setMember(QStringLiteral("zhang"));
        const ProviderResult job = awaitCall(
            zhang, "POST", "/v1/workspaces/bench/jobs",
            {{"image", "pytorch-2.3-cu121"},
             {"instanceType", "gpu.a100-80g.1"},
             {"topic", "bench"},
             {"launch", QJsonObject{{"mode", "builtin"}, {"entry", "environment"}}}},
            "bench-job");
        if (!job)
            return 1;
        const QString id = job->value("id").toString();
        for (int i = 0; i < 600; ++i) {
            const ProviderResult now = awaitCall(zhang, "GET", "/v1/jobs/" + id, {}, {});
            if (!now)
                return 1;
            if (isFinalJobState(now->value("state").toString()))
                break;
            QThread::msleep(50);
        }
        // Log lines as a trainer writes them, to exactly 1 MiB.
        QByteArray log;
        for (int step = 0; log.size() < 1024 * 1024; ++step)
            log += QStringLiteral("step %1 loss %2 lr 3.0e-04 samples/s 1843.2 grad_norm 0.87\n")
                       .arg(step, 7)
                       .arg(2.5 / (1 + step * 0.001), 0, 'f', 6)
                       .toLatin1();
        log.truncate(1024 * 1024);
        QFile file(QDir(server->rootDir()).filePath(QStringLiteral("jobs/%1/log").arg(id)));
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(log) != log.size())
            return 1;
        file.close();

        const std::shared_ptr<Provider> provider = providerFor(&transport, profile,
                                                               server->credentials().secret);
        const auto providerRead = [&] {
            QElapsedTimer t;
            t.start();
            ProviderResult got = std::unexpected(ProviderError{});
            QEventLoop wait;
            provider->readLog(CallContext{&app, QStringLiteral("zhang"), {}}, id, 0, 1024 * 1024,
                              [&](const ProviderResult &r) {
                                  got = r;
                                  wait.quit();
                              });
            wait.exec();
            const double ms = t.nsecsElapsed() / 1e6;
            if (!got || got->value("text").toString().size() != log.size())
                std::fprintf(stderr, "provider_bench: the 1 MiB log read failed\n");
            return ms;
        };
        CURL *plain = curl_easy_init();
        const QUrl logUrl(profile.baseUrl.toString() +
                          QStringLiteral("/v1/jobs/%1/logs?offset=0&limit=1048576").arg(id));
        const QByteArray logUrlBytes = logUrl.toEncoded();
        QByteArray received;
        curl_easy_setopt(plain, CURLOPT_URL, logUrlBytes.constData());
        curl_easy_setopt(plain, CURLOPT_NOSIGNAL, 1L);
        curl_easy_setopt(plain, CURLOPT_WRITEDATA, &received);
        curl_easy_setopt(
            plain, CURLOPT_WRITEFUNCTION, +[](char *data, size_t size, size_t n, void *to) {
                static_cast<QByteArray *>(to)->append(data, qsizetype(size * n));
                return size * n;
            });
        const auto plainRead = [&] {
            QElapsedTimer t;
            t.start();
            HttpCall c;
            c.method = "GET";
            c.url = logUrl;
            zhang.sign(c);
            curl_slist *headers = nullptr;
            for (const auto &[k, v] : c.headers)
                headers = curl_slist_append(headers, (k + ": " + v).constData());
            curl_easy_setopt(plain, CURLOPT_HTTPHEADER, headers);
            received.clear();
            long status = 0;
            if (curl_easy_perform(plain) != CURLE_OK ||
                curl_easy_getinfo(plain, CURLINFO_RESPONSE_CODE, &status) != CURLE_OK ||
                status != 200 || received.size() < log.size())
                std::fprintf(stderr, "provider_bench: plain log read failed (%ld)\n", status);
            curl_slist_free_all(headers);
            return t.nsecsElapsed() / 1e6;
        };
        providerRead();
        plainRead();
        // Interleaved, alternating which goes first; medians.
        std::vector<double> ours, theirs;
        for (int round = 0; round < 31; ++round) {
            if (round % 2 == 0) {
                ours.push_back(providerRead());
                theirs.push_back(plainRead());
            } else {
                theirs.push_back(plainRead());
                ours.push_back(providerRead());
            }
        }
        curl_easy_cleanup(plain);
        // Where the difference goes, in part: parsing the answer (the transport thread does).
        std::vector<double> parses;
        for (int i = 0; i < 11; ++i) {
            QElapsedTimer t;
            t.start();
            const QJsonDocument doc = QJsonDocument::fromJson(received);
            const qsizetype chars = doc.object().value("text").toString().size();
            parses.push_back(t.nsecsElapsed() / 1e6 + 0 * double(chars));
        }
        std::printf("provider_log_read_1mib: parsing the 1 MiB answer (QJsonDocument, the text as "
                    "a QString) takes %.2f ms of it\n",
                    bench::median(parses));
        logMs[0] = bench::median(ours);
        logMs[1] = bench::median(theirs);
        std::printf("provider_log_read_1mib: the client %.2f ms (%.0f MB/s), plain libcurl %.2f ms "
                    "(%.0f MB/s) for %lld bytes of log (%lld on the wire)\n",
                    logMs[0], 1.048576 / (logMs[0] / 1000), logMs[1],
                    1.048576 / (logMs[1] / 1000), qint64(log.size()), qint64(received.size()));
    }
    line("provider_log_read_1mib", logMs[0], "ms", logMs[1]);

    // GUI stall, in rounds: an idle round of the probe alone, then a round of 100 concurrent
    // requests each delayed 200 ms by the server. A round's figure is the probe's longest extra
    // delay; the figures are the 95th percentile over the rounds (one round's maximum is noise).
    constexpr int stallRounds = 20;
    std::vector<double> idle, busy;
    bool allAnswered = true;
    for (int round = 0; round < stallRounds; ++round) {
        idle.push_back(stallProbe(250, {}));
        QMetaObject::invokeMethod(
            &onServerThread, [&] { server->faults().latencyMs = 200; },
            Qt::BlockingQueuedConnection);
        int answered = 0;
        for (int i = 0; i < 100; ++i)
            client.get(QStringLiteral("/v1/account"), &app,
                       [&](const ProviderResult &) { ++answered; });
        busy.push_back(stallProbe(120000, [&] { return answered == 100; }));
        allAnswered = allAnswered && answered == 100;
        QMetaObject::invokeMethod(
            &onServerThread, [&] { server->faults().latencyMs = 0; }, Qt::BlockingQueuedConnection);
    }
    const auto percentile = [](std::vector<double> v, double p) {
        std::sort(v.begin(), v.end());
        return v[std::min(v.size() - 1, size_t(p * double(v.size() - 1) + 0.5))];
    };
    std::printf("gui_stall: per-round longest delay over %d rounds, busy: median %.3f ms, p95 "
                "%.3f ms, max %.3f ms; idle: median %.3f ms, p95 %.3f ms, max %.3f ms\n",
                stallRounds, percentile(busy, 0.5), percentile(busy, 0.95), percentile(busy, 1.0),
                percentile(idle, 0.5), percentile(idle, 0.95), percentile(idle, 1.0));
    line("gui_stall", percentile(busy, 0.95), "ms", percentile(idle, 0.95));

    QMetaObject::invokeMethod(
        &onServerThread, [&] { delete server; }, Qt::BlockingQueuedConnection);
    serverThread.quit();
    serverThread.wait();
    return allAnswered ? 0 : 1;
}
