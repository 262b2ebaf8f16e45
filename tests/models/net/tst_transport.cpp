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

#include <QSslKey>
#include <QSslServer>
#include <QSslSocket>
#include <QTcpServer>
#include <QTemporaryDir>

#include <curl/curl.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509v3.h>
#include <unistd.h>

using namespace onramp;

namespace {

// A self-signed certificate for 127.0.0.1 (P-256), as PEM: {certificate, key}.
std::pair<QByteArray, QByteArray> selfSigned()
{
    EVP_PKEY *key = EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256");
    X509 *x = X509_new();
    X509_set_version(x, 2);
    ASN1_INTEGER_set(X509_get_serialNumber(x), 4711);
    X509_gmtime_adj(X509_getm_notBefore(x), -60);
    X509_gmtime_adj(X509_getm_notAfter(x), 3600);
    X509_set_pubkey(x, key);
    X509_NAME *name = X509_get_subject_name(x);
    X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC,
                               reinterpret_cast<const unsigned char *>("onramp test"), -1, -1, 0);
    X509_set_issuer_name(x, name);
    X509V3_CTX ctx;
    X509V3_set_ctx_nodb(&ctx);
    X509V3_set_ctx(&ctx, x, x, nullptr, nullptr, 0);
    for (const auto &[nid, value] : {std::pair{NID_subject_alt_name, "IP:127.0.0.1"},
                                     std::pair{NID_basic_constraints, "critical,CA:TRUE"}}) {
        X509_EXTENSION *ext = X509V3_EXT_conf_nid(nullptr, &ctx, nid, value);
        X509_add_ext(x, ext, -1);
        X509_EXTENSION_free(ext);
    }
    X509_sign(x, key, EVP_sha256());
    const auto pem = [](auto write) {
        BIO *bio = BIO_new(BIO_s_mem());
        write(bio);
        char *data = nullptr;
        const long n = BIO_get_mem_data(bio, &data);
        QByteArray out(data, n);
        BIO_free(bio);
        return out;
    };
    const QByteArray cert = pem([&](BIO *b) { PEM_write_bio_X509(b, x); });
    const QByteArray pkey = pem(
        [&](BIO *b) { PEM_write_bio_PrivateKey(b, key, nullptr, nullptr, 0, nullptr, nullptr); });
    X509_free(x);
    EVP_PKEY_free(key);
    return {cert, pkey};
}

// OpenSSL's system policy on Debian (MinProtocol TLSv1.2, security level 2) would refuse TLS 1.1
// on its own and hide whether the transport does. The test process runs under a permissive
// policy instead, set before OpenSSL starts, so that only the transport's own minimum refuses.
const bool permissiveOpenSsl = [] {
    static QTemporaryDir dir;
    QFile conf(dir.filePath(QStringLiteral("openssl.cnf")));
    if (!conf.open(QIODevice::WriteOnly))
        return false;
    conf.write("openssl_conf = onramp_test\n[onramp_test]\nssl_conf = ssl_sect\n"
               "[ssl_sect]\nsystem_default = sys\n"
               "[sys]\nMinProtocol = TLSv1\nCipherString = DEFAULT@SECLEVEL=0\n");
    conf.close();
    return qputenv("OPENSSL_CONF", QFile::encodeName(conf.fileName()));
}();

// A TLS server on 127.0.0.1 with a self-signed certificate (its CA file in `caFile`) that
// answers every request 200 "{}", speaking only `protocol`'s versions.
struct TlsServer
{
    QTemporaryDir dir;
    QByteArray caFile;
    QSslServer server;

    explicit TlsServer(QSsl::SslProtocol protocol = QSsl::SecureProtocols)
    {
        const auto [cert, key] = selfSigned();
        QFile ca(dir.filePath("ca.pem"));
        if (ca.open(QIODevice::WriteOnly))
            ca.write(cert);
        caFile = ca.fileName().toLocal8Bit();
        QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
        tls.setLocalCertificate(QSslCertificate(cert));
        tls.setPrivateKey(QSslKey(key, QSsl::Ec));
        tls.setProtocol(protocol);
        server.setSslConfiguration(tls);
        server.listen(QHostAddress::LocalHost, 0);
        QObject::connect(&server, &QTcpServer::pendingConnectionAvailable, &server, [this] {
            while (QTcpSocket *s = server.nextPendingConnection())
                QObject::connect(s, &QTcpSocket::readyRead, s, [s] {
                    if (s->readAll().contains("\r\n\r\n")) {
                        s->write(
                            "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}");
                        s->disconnectFromHost();
                    }
                });
        });
    }
};

} // namespace

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
        // The server answers on this thread: a send that performed the call here, or waited for
        // it, could never get its 200 (it would stall until it gave up).
        QCOMPARE(server.thread(), QThread::currentThread());
        std::optional<HttpResponse> got;
        QThread *deliveredOn = nullptr;
        transport.send(
            get(server, "/v1/account"), this,
            [&](const HttpResponse &r) {
                got = r;
                deliveredOn = QThread::currentThread();
            },
            signer(server));
        QVERIFY(!got); // queued: the answer comes through this thread's event loop
        QTRY_VERIFY(got.has_value());
        QCOMPARE(deliveredOn, QThread::currentThread());
        QCOMPARE(got->status, 200);
        QCOMPARE(QJsonDocument::fromJson(got->body).object()["verificationState"].toString(),
                 "verified");
        QCOMPARE(got->attempts, 1);
    }

    // Asked to, the transport reads the answer as JSON before handing it over (off the
    // caller's thread); otherwise it leaves the body alone. A body that is not JSON says why.
    void readsJsonWhenAsked()
    {
        SandboxServer server;
        QVERIFY(server.start(QHostAddress::LocalHost, 0, QString()));
        Transport transport;
        const auto fetch = [&](HttpCall c, bool sign) {
            std::optional<HttpResponse> got;
            transport.send(
                c, this, [&](const HttpResponse &r) { got = r; },
                sign ? signer(server) : std::function<void(HttpCall &)>());
            [&] { QTRY_VERIFY(got.has_value()); }();
            return got.value_or(HttpResponse{});
        };
        HttpCall call = get(server, "/v1/account");
        const HttpResponse raw = fetch(call, true);
        QCOMPARE(raw.status, 200);
        QVERIFY(raw.json.isNull());
        call.parseJson = true;
        const HttpResponse read = fetch(call, true);
        QCOMPARE(read.json.object()["verificationState"].toString(), "verified");
        QVERIFY(read.jsonError.isEmpty());
        const HttpResponse refused = fetch(call, false); // unsigned: the API's error shape
        QCOMPARE(refused.status, 401);
        QVERIFY(!refused.json.object()["code"].toString().isEmpty());

        QTcpServer other; // answers 200 with a body that is not JSON
        QVERIFY(other.listen(QHostAddress::LocalHost));
        connect(&other, &QTcpServer::newConnection, this, [&] {
            QTcpSocket *s = other.nextPendingConnection();
            connect(s, &QTcpSocket::readyRead, s, [s] {
                s->readAll();
                s->write("HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\nnot json!");
            });
        });
        HttpCall odd;
        odd.url = QUrl(QStringLiteral("http://127.0.0.1:%1/").arg(other.serverPort()));
        odd.parseJson = true;
        const HttpResponse notJson = fetch(odd, false);
        QCOMPARE(notJson.status, 200);
        QVERIFY(notJson.json.isNull());
        QVERIFY(!notJson.jsonError.isEmpty());
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

    // Certificate verification is always on; a provider's own CA is accepted only when given.
    void verifiesCertificatesAndTakesACaFile()
    {
        TlsServer tls;
        QVERIFY(tls.server.isListening());
        const QSslServer &server = tls.server;
        Transport transport;
        RetryPolicy once;
        once.maxAttempts = 1;
        transport.setRetryPolicy(once);
        const auto fetch = [&](const QByteArray &caFile) {
            std::optional<HttpResponse> got;
            HttpCall c;
            c.url =
                QUrl(QStringLiteral("https://127.0.0.1:%1/v1/account").arg(server.serverPort()));
            c.caFile = caFile;
            transport.send(c, this, [&](const HttpResponse &r) { got = r; });
            QElapsedTimer t;
            t.start();
            while (!got && t.elapsed() < 10000)
                QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
            return got.value_or(HttpResponse{});
        };
        const HttpResponse unknown = fetch({});
        QCOMPARE(unknown.status, 0);
        QVERIFY2(unknown.error.contains("certificate", Qt::CaseInsensitive) ||
                     unknown.error.contains("SSL", Qt::CaseInsensitive),
                 qPrintable(unknown.error));
        const HttpResponse trusted = fetch(tls.caFile);
        QVERIFY2(trusted.status == 200, qPrintable(trusted.error));
        // The CA file belonged to that call: neither the reused handle nor the open connection
        // carries it to the next.
        const HttpResponse again = fetch({});
        QCOMPARE(again.status, 0);
    }

    // A server that offers only TLS 1.1 is refused: the transport asks for TLS 1.2 or later,
    // whatever the system's OpenSSL policy allows. The same server is shown to speak TLS 1.1 to
    // a client that allows it, so the refusal is the transport's.
    void refusesTlsBelow1_2()
    {
        QVERIFY(permissiveOpenSsl);
        QT_WARNING_PUSH
        QT_WARNING_DISABLE_DEPRECATED
        TlsServer tls(QSsl::TlsV1_1);
        QT_WARNING_POP
        QVERIFY(tls.server.isListening());
        const QSslServer &server = tls.server;

        QSslSocket old;
        QSslConfiguration oldClient = QSslConfiguration::defaultConfiguration();
        QT_WARNING_PUSH
        QT_WARNING_DISABLE_DEPRECATED
        oldClient.setProtocol(QSsl::TlsV1_1);
        QT_WARNING_POP
        oldClient.setPeerVerifyMode(QSslSocket::VerifyNone);
        old.setSslConfiguration(oldClient);
        old.connectToHostEncrypted(QStringLiteral("127.0.0.1"), server.serverPort());
        QTRY_VERIFY_WITH_TIMEOUT(old.isEncrypted(), 10000);
        QT_WARNING_PUSH
        QT_WARNING_DISABLE_DEPRECATED
        QCOMPARE(old.sessionProtocol(), QSsl::TlsV1_1);
        QT_WARNING_POP
        old.abort();

        Transport transport;
        RetryPolicy once;
        once.maxAttempts = 1;
        transport.setRetryPolicy(once);
        std::optional<HttpResponse> got;
        HttpCall c;
        c.url = QUrl(QStringLiteral("https://127.0.0.1:%1/v1/account").arg(server.serverPort()));
        c.caFile = tls.caFile;
        transport.send(c, this, [&](const HttpResponse &r) { got = r; });
        QTRY_VERIFY_WITH_TIMEOUT(got.has_value(), 10000);
        QCOMPARE(got->status, 0);
        QVERIFY2(got->error.contains("SSL", Qt::CaseInsensitive) ||
                     got->error.contains("TLS", Qt::CaseInsensitive),
                 qPrintable(got->error));
    }

    // Proxies from the environment never see a loopback call.
    void loopbackIgnoresProxies()
    {
        SandboxServer server;
        QVERIFY(server.start(QHostAddress::LocalHost, 0, QString()));
        for (const char *var : {"http_proxy", "HTTPS_PROXY", "ALL_PROXY", "https_proxy"})
            qputenv(var, "http://127.0.0.1:9"); // nothing listens there
        Transport transport;
        std::optional<HttpResponse> got;
        transport.send(
            get(server, "/v1/account"), this, [&](const HttpResponse &r) { got = r; },
            signer(server));
        QTRY_VERIFY(got.has_value());
        for (const char *var : {"http_proxy", "HTTPS_PROXY", "ALL_PROXY", "https_proxy"})
            qunsetenv(var);
        QCOMPARE(got->status, 200);
    }

    // A GET sends no body and never reads one from stdin (libcurl's default read callback
    // does), even when stdin is a pipe that stays open, as under a parent process.
    void neverReadsStdin()
    {
        int fds[2];
        QVERIFY(::pipe(fds) == 0);
        const int saved = ::dup(0);
        ::dup2(fds[0], 0);
        SandboxServer server;
        QVERIFY(server.start(QHostAddress::LocalHost, 0, QString()));
        Transport transport;
        std::optional<HttpResponse> got;
        transport.send(
            get(server, "/v1/account"), this, [&](const HttpResponse &r) { got = r; },
            signer(server));
        QTRY_VERIFY_WITH_TIMEOUT(got.has_value(), 3000);
        ::dup2(saved, 0);
        ::close(saved);
        ::close(fds[0]);
        ::close(fds[1]);
        QCOMPARE(got->status, 200);
    }
};

QTEST_GUILESS_MAIN(TestTransport)
#include "tst_transport.moc"
