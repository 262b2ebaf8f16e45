// The libcurl transport against the real sandbox over loopback: results arrive on the
// caller's thread, retries follow the policy, and nothing blocks the caller.
#include "SandboxServer.h"
#include "SigV4.h"
#include "Transport.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QThread>
#include <QtTest>

#include <curl/curl.h>

using namespace onramp;

class TestTransport : public QObject
{
    Q_OBJECT

    // Signs a call for this sandbox, freshly on every attempt.
    static std::function<void(HttpCall &)> signer(const SandboxServer &server)
    {
        const SandboxServer::Credentials creds = server.credentials();
        return [creds](HttpCall &call) {
            HttpRequest r;
            r.method = call.method;
            r.path = call.url.path(QUrl::FullyEncoded).toUtf8();
            r.query = call.url.query(QUrl::FullyEncoded).toUtf8();
            r.body = call.body;
            const QByteArray host =
                call.url.host().toUtf8() + ':' + QByteArray::number(call.url.port());
            r.headers = {{"host", host}};
            SigningContext ctx;
            ctx.accessKeyId = creds.accessKeyId;
            ctx.secretAccessKey = creds.secret;
            ctx.region = creds.region;
            ctx.service = "onramp";
            ctx.time = QDateTime::currentDateTimeUtc();
            call.headers = {{"Host", host}};
            for (const auto &h : signSigV4(r, ctx).headers)
                call.headers.append(h);
        };
    }

    static HttpCall get(const SandboxServer &server, const QByteArray &path)
    {
        HttpCall c;
        c.url = QUrl(QStringLiteral("http://127.0.0.1:%1%2")
                         .arg(server.port())
                         .arg(QString::fromLatin1(path)));
        c.idempotent = true;
        return c;
    }

private slots:
    void initTestCase() { curl_global_init(CURL_GLOBAL_DEFAULT); }
    void cleanupTestCase() { curl_global_cleanup(); }

    void answersOnTheCallersThreadWithoutBlocking()
    {
        SandboxServer server;
        QVERIFY(server.start(QHostAddress::LocalHost, 0, QString()));
        Transport transport;
        std::optional<HttpResponse> got;
        QThread *deliveredOn = nullptr;
        QElapsedTimer t;
        t.start();
        transport.send(
            get(server, "/v1/account"), this,
            [&](const HttpResponse &r) {
                got = r;
                deliveredOn = QThread::currentThread();
            },
            signer(server));
        QVERIFY(t.elapsed() < 50); // queued, not performed, on this thread
        QVERIFY(!got);
        QTRY_VERIFY(got.has_value());
        QCOMPARE(deliveredOn, QThread::currentThread());
        QCOMPARE(got->status, 200);
        QCOMPARE(QJsonDocument::fromJson(got->body).object()["verificationState"].toString(),
                 "verified");
        QCOMPARE(got->attempts, 1);
    }

    void plainHttpOnlyToLoopback()
    {
        Transport transport;
        std::optional<HttpResponse> got;
        HttpCall c;
        c.url = QUrl("http://provider.example.com/v1/account");
        transport.send(c, this, [&](const HttpResponse &r) { got = r; });
        QTRY_VERIFY(got.has_value());
        QCOMPARE(got->status, 0);
        QVERIFY(got->error.contains("https"));
        QCOMPARE(got->attempts, 0); // refused before any connection
    }

    void retriesRepeatableCallsAndHonoursRetryAfter()
    {
        SandboxServer server;
        QVERIFY(server.start(QHostAddress::LocalHost, 0, QString()));
        server.injectFailures(2, 503, "1");
        Transport transport;
        transport.setRetryPolicy({3, 10, 100, 1500});
        std::optional<HttpResponse> got;
        QElapsedTimer t;
        t.start();
        transport.send(
            get(server, "/v1/account"), this, [&](const HttpResponse &r) { got = r; },
            signer(server));
        QTRY_VERIFY_WITH_TIMEOUT(got.has_value(), 10000);
        QCOMPARE(got->status, 200);
        QCOMPARE(got->attempts, 3);
        QCOMPARE(server.requestsSeen(), 3);
        QVERIFY2(t.elapsed() >= 1900,
                 qPrintable(QString::number(t.elapsed()))); // 2 × Retry-After 1 s
    }

    void doesNotRepeatUnsafeCalls()
    {
        SandboxServer server;
        QVERIFY(server.start(QHostAddress::LocalHost, 0, QString()));
        server.injectFailures(1, 503);
        Transport transport;
        std::optional<HttpResponse> got;
        HttpCall c = get(server, "/v1/qualification");
        c.method = "POST";
        c.body = "{}";
        c.idempotent = false; // a create without an Idempotency-Key
        transport.send(
            c, this, [&](const HttpResponse &r) { got = r; }, signer(server));
        QTRY_VERIFY(got.has_value());
        QCOMPARE(got->status, 503);
        QCOMPARE(got->attempts, 1);
        QCOMPARE(QJsonDocument::fromJson(got->body).object()["code"].toString(), "unavailable");
    }

    void retryAfterValues()
    {
        const QDateTime now(QDate(2026, 11, 30), QTime(10, 0, 0), Qt::UTC);
        QCOMPARE(retryAfterMs("3", now), 3000);
        QCOMPARE(retryAfterMs("Mon, 30 Nov 2026 10:00:07 GMT", now), 7000);
        QCOMPARE(retryAfterMs("Mon, 30 Nov 2026 09:00:00 GMT", now), 0);
        QCOMPARE(retryAfterMs("soon", now), -1);
        QCOMPARE(retryAfterMs("", now), -1);
    }

    void resultsForAGoneContextAreDropped()
    {
        SandboxServer server;
        QVERIFY(server.start(QHostAddress::LocalHost, 0, QString()));
        Transport transport;
        bool called = false;
        auto *context = new QObject;
        transport.send(
            get(server, "/v1/account"), context, [&](const HttpResponse &) { called = true; },
            signer(server));
        delete context;
        QTRY_COMPARE(server.requestsSeen(), 1);
        QTest::qWait(100);
        QVERIFY(!called);
    }
};

QTEST_GUILESS_MAIN(TestTransport)
#include "tst_transport.moc"
