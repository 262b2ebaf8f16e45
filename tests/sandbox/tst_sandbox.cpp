// The sandbox provider over real loopback HTTP, driven by libcurl from another thread while
// the server runs on this thread's event loop.
#include "ProbeEvents.h"
#include "SandboxServer.h"
#include "SigV4.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

#include <curl/curl.h>

#include <atomic>
#include <thread>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace onramp;

namespace {

struct Reply
{
    long status = 0;
    QByteArray body;
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
};

size_t collect(char *data, size_t size, size_t n, void *user)
{
    static_cast<QByteArray *>(user)->append(data, qsizetype(size * n));
    return size * n;
}

} // namespace

class TestSandbox : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    struct Call
    {
        QByteArray method = "GET";
        QByteArray path = "/v1/account";
        QByteArray body;
        QByteArray host;   // default: 127.0.0.1:port
        QByteArray secret; // default: the server's
        QList<std::pair<QByteArray, QByteArray>> extraHeaders; // signed, as the client does
        QList<std::pair<QByteArray, QByteArray>> unsignedHeaders;
        bool sign = true;
        bool signHost = true;
    };

    // A call as the fault-plan tests make it: job calls as the developer "zhang".
    Reply asDeveloper(SandboxServer &server, const QByteArray &method, const QByteArray &path,
                      const QByteArray &body = {})
    {
        Call c;
        c.method = method;
        c.path = path;
        c.body = body;
        if (path.contains("/jobs"))
            c.extraHeaders = {{"X-Onramp-Member", "zhang"}};
        return call(server, c);
    }

    // Workspace "w" with 500 card-hours in cn-north-1a and "zhang" as its developer.
    bool developerWorkspace(SandboxServer &server)
    {
        return asDeveloper(server, "POST", "/v1/workspaces", R"({"name":"w"})").status == 201 &&
               asDeveloper(server, "PUT", "/v1/workspaces/w/quota",
                           R"({"cardHours":500,"zone":"cn-north-1a"})")
                       .status == 200 &&
               asDeveloper(server, "POST", "/v1/workspaces/w/members",
                           R"({"account":"zhang","role":"developer"})")
                       .status == 201;
    }

    // Signs like the client will and performs the request on a worker thread, spinning this
    // thread's event loop so the server can answer.
    Reply call(SandboxServer &server, Call c)
    {
        const QByteArray host =
            c.host.isEmpty() ? "127.0.0.1:" + QByteArray::number(server.port()) : c.host;
        HttpRequest r;
        r.method = c.method;
        const qsizetype q = c.path.indexOf('?');
        r.path = q < 0 ? c.path : c.path.left(q);
        r.query = q < 0 ? QByteArray() : c.path.mid(q + 1);
        r.body = c.body;
        if (c.signHost)
            r.headers = {{"host", host}};
        if (!c.body.isEmpty())
            r.headers.append(std::pair<QByteArray, QByteArray>("content-type", "application/json"));
        for (const auto &[k, v] : c.extraHeaders)
            r.headers.append({k.toLower(), v});
        SigningContext ctx;
        ctx.accessKeyId = server.credentials().accessKeyId;
        ctx.secretAccessKey = c.secret.isEmpty() ? server.credentials().secret : c.secret;
        ctx.region = server.credentials().region;
        ctx.service = "onramp";
        ctx.time = QDateTime::currentDateTimeUtc();
        const SigningResult s = signSigV4(r, ctx);
        QList<QByteArray> headers = {"host: " + host};
        if (!c.body.isEmpty())
            headers << "content-type: application/json";
        if (c.sign) {
            for (const auto &[k, v] : s.headers)
                headers << k + ": " + v;
        }
        for (const auto &[k, v] : c.extraHeaders + c.unsignedHeaders)
            headers << k + ": " + v;
        const QByteArray url = "http://127.0.0.1:" + QByteArray::number(server.port()) + c.path;
        Reply reply;
        std::atomic<bool> done = false;
        std::thread worker([&] {
            CURL *curl = curl_easy_init();
            curl_slist *list = nullptr;
            for (const QByteArray &h : headers)
                list = curl_slist_append(list, h.constData());
            curl_easy_setopt(curl, CURLOPT_URL, url.constData());
            curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, c.method.constData());
            curl_easy_setopt(curl, CURLOPT_HTTPHEADER, list);
            curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
            curl_easy_setopt(curl, CURLOPT_TIMEOUT, 20L);
            curl_easy_setopt(curl, CURLOPT_NOPROXY, "*");
            curl_easy_setopt(curl, CURLOPT_PATH_AS_IS, 1L); // "..", "//" as given

            if (!c.body.isEmpty()) {
                curl_easy_setopt(curl, CURLOPT_POSTFIELDS, c.body.constData());
                curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE, long(c.body.size()));
            }
            curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, collect);
            curl_easy_setopt(curl, CURLOPT_WRITEDATA, &reply.body);
            if (curl_easy_perform(curl) == CURLE_OK)
                curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &reply.status);
            curl_slist_free_all(list);
            curl_easy_cleanup(curl);
            done = true;
        });
        QDeadlineTimer deadline(20000);
        while (!done.load() && !deadline.hasExpired())
            QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
        worker.join();
        return reply;
    }

    // A plain TCP connection to the sandbox that sends what it is told, byte for byte, without
    // waiting for the server (which runs on this thread).
    struct RawClient
    {
        int fd = -1;
        explicit RawClient(quint16 port)
        {
            fd = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
            sockaddr_in a{};
            a.sin_family = AF_INET;
            a.sin_port = htons(port);
            a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
            ::connect(fd, reinterpret_cast<sockaddr *>(&a), sizeof a); // EINPROGRESS is fine
        }
        ~RawClient() { ::close(fd); }
        bool send(const QByteArray &bytes)
        {
            for (int i = 0; i < 200; ++i) { // the connect completes within a few event turns
                if (::send(fd, bytes.constData(), size_t(bytes.size()), MSG_NOSIGNAL) ==
                    bytes.size())
                    return true;
                QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
            }
            return false;
        }
        // What the server has sent so far, waiting up to `ms` while serving events.
        QByteArray received(int ms)
        {
            QByteArray out;
            QDeadlineTimer deadline(ms);
            while (!deadline.hasExpired()) {
                char buf[4096];
                const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
                if (n > 0)
                    out.append(buf, n);
                else if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK))
                    break; // closed
                else
                    QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
            }
            return out;
        }
    };

    static void serveFor(int ms)
    {
        QDeadlineTimer deadline(ms);
        while (!deadline.hasExpired())
            QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
    }

    static QByteArray dossier(const QString &statement)
    {
        QFile f(QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/qualification.json"));
        f.open(QIODevice::ReadOnly);
        QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        o["authorizationSigned"] = QDate::currentDate().addDays(-2).toString(Qt::ISODate);
        o["authorizationValidUntil"] = QDate::currentDate().addYears(1).toString(Qt::ISODate);
        o["submissionDate"] = QDate::currentDate().toString(Qt::ISODate);
        if (!statement.isEmpty())
            o["statement"] = statement;
        return QJsonDocument(o).toJson(QJsonDocument::Compact);
    }

private slots:
    void initTestCase() { curl_global_init(CURL_GLOBAL_DEFAULT); }
    void cleanupTestCase() { curl_global_cleanup(); }

    void loopbackOnly()
    {
        SandboxServer server;
        QString error;
        QVERIFY(!server.start(QHostAddress(QStringLiteral("192.0.2.1")), 0, QString(), &error));
        QVERIFY(error.contains("loopback"));
    }

    void signedRequestsAnswer()
    {
        SandboxServer server;
        QVERIFY(server.start(QHostAddress::LocalHost, 0, QString()));
        const Reply r = call(server, {});
        QCOMPARE(r.status, 200L);
        QCOMPARE(r.json()["accountId"].toString(),
                 QString::fromLatin1(server.credentials().accessKeyId));
        QCOMPARE(r.json()["services"].toObject()["training"].toBool(), false);
        Call activate;
        activate.method = "POST";
        activate.path = "/v1/account/services/training:activate";
        QCOMPARE(call(server, activate).json()["services"].toObject()["training"].toBool(), true);
    }

    void refusals_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<long>("status");
        QTest::addColumn<QString>("code");
        QTest::newRow("unsigned") << "unsigned" << 401L << "unauthenticated";
        QTest::newRow("wrong secret") << "secret" << 401L << "unauthenticated";
        QTest::newRow("foreign Host") << "host" << 421L << "forbidden";
        QTest::newRow("Origin header") << "origin" << 403L << "forbidden";
        QTest::newRow("oversized body") << "size" << 413L << "validation_failed";
        QTest::newRow("unknown path") << "path" << 404L << "not_found";
    }

    void refusals()
    {
        QFETCH(QString, kind);
        QFETCH(long, status);
        QFETCH(QString, code);
        SandboxServer server;
        QVERIFY(server.start(QHostAddress::LocalHost, 0, QString()));
        Call c;
        if (kind == "unsigned")
            c.sign = false;
        else if (kind == "secret")
            c.secret = "not-the-secret";
        else if (kind == "host")
            c.host = "evil.example.com";
        else if (kind == "origin")
            c.extraHeaders = {{"Origin", "http://evil.example.com"}};
        else if (kind == "size") {
            c.method = "POST";
            c.path = "/v1/qualification";
            c.body = QByteArray(SandboxServer::kMaxBodyBytes + 10, 'x');
        } else
            c.path = "/v1/nothing-here";
        const Reply r = call(server, c);
        QCOMPARE(r.status, status);
        QCOMPARE(r.json()["code"].toString(), code);
        QVERIFY(!r.json()["message"].toString().isEmpty());
    }

    void qualificationReviewFollowsGateOneRules()
    {
        SandboxServer server;
        QVERIFY(server.start(QHostAddress::LocalHost, 0, m_dir.path()));
        Call vague;
        vague.method = "POST";
        vague.path = "/v1/qualification";
        vague.body = dossier("Model training.");
        Reply r = call(server, vague);
        QCOMPARE(r.status, 202L);
        QCOMPARE(r.json()["state"].toString(), "rejected");
        QVERIFY(r.body.contains("purpose.too_vague"));
        Call good = vague;
        good.body = dossier({});
        r = call(server, good);
        QCOMPARE(r.json()["state"].toString(), "approved");
        Call bad = vague;
        bad.body = R"({"authorizationSigned": "soon"})";
        r = call(server, bad);
        QCOMPARE(r.status, 400L);
        QCOMPARE(r.json()["field"].toString(), "$.authorizationSigned");
    }

    void workspaceOrderAndTheObserverRefusal()
    {
        SandboxServer server;
        server.setProbeProgram(QStringLiteral(ONRAMP_PROBE));
        QVERIFY(server.start(QHostAddress::LocalHost, 0, QString()));
        const auto post = [&](const QByteArray &path, const QByteArray &body,
                              QList<std::pair<QByteArray, QByteArray>> extra = {}) {
            Call c;
            c.method = "POST";
            c.path = path;
            c.body = body;
            c.extraHeaders = extra;
            return call(server, c);
        };
        QCOMPARE(post("/v1/workspaces", R"({"name":"ws1"})").status, 201L);
        Reply r = post("/v1/workspaces/ws1/members", R"({"account":"li","role":"admin"})");
        QCOMPARE(r.status, 409L); // members before quota
        QCOMPARE(r.json()["code"].toString(), "conflict");
        Call quota;
        quota.method = "PUT";
        quota.path = "/v1/workspaces/ws1/quota";
        quota.body = R"({"cardHours":1000})";
        QCOMPARE(call(server, quota).status, 200L);
        QCOMPARE(
            post("/v1/workspaces/ws1/members", R"({"account":"zhang","role":"developer"})").status,
            201L);
        QCOMPARE(
            post("/v1/workspaces/ws1/members", R"({"account":"zhao","role":"observer"})").status,
            201L);
        r = post("/v1/workspaces/ws1/jobs", R"({"image":"pytorch-2.3-cu121"})",
                 {{"X-Onramp-Member", "zhao"}});
        QCOMPARE(r.status, 403L);
        QCOMPARE(r.json()["code"].toString(), "forbidden");
        QCOMPARE(r.json()["role"].toString(), "observer");
        QCOMPARE(r.json()["action"].toString(), "submit_jobs");
        QVERIFY(r.json()["message"].toString().contains("observer"));
        r = post("/v1/workspaces/ws1/jobs",
                 R"({"image":"pytorch-2.3-cu121","instanceType":"gpu.a100-80g.1",)"
                 R"("launch":{"mode":"builtin","entry":"environment","args":["--steps","5"]}})",
                 {{"X-Onramp-Member", "zhang"}});
        QCOMPARE(r.status, 201L);
        QCOMPARE(r.json()["state"].toString(), "running");
    }

    void idempotencyKeyCreatesExactlyOnce()
    {
        SandboxServer server;
        QVERIFY(server.start(QHostAddress::LocalHost, 0, QString()));
        Call c;
        c.method = "POST";
        c.path = "/v1/workspaces";
        c.body = R"({"name":"once"})";
        c.extraHeaders = {{"Idempotency-Key", "k-123"}};
        const Reply first = call(server, c);
        const Reply again = call(server, c); // a retry after a reset connection
        QCOMPARE(first.status, 201L);
        QCOMPARE(again.status, 201L);
        QCOMPARE(again.body, first.body);
        Call fresh = c;
        fresh.extraHeaders.clear();
        QCOMPARE(call(server, fresh).status, 409L); // it exists exactly once
        Call reused = c;
        reused.body = R"({"name":"other"})";
        const Reply clash = call(server, reused);
        QCOMPARE(clash.status, 409L);
        QCOMPARE(clash.json()["field"].toString(), "Idempotency-Key");
    }

    // An Idempotency-Key belongs to its caller, method and path; only a create's success is
    // remembered, and the key is at most 128 characters.
    void idempotencyKeyBelongsToItsCaller()
    {
        SandboxServer server;
        QVERIFY(server.start(QHostAddress::LocalHost, 0, QString()));
        const auto as = [&](const QByteArray &member, const QByteArray &method,
                            const QByteArray &path, const QByteArray &body, const QByteArray &key) {
            Call c;
            c.method = method;
            c.path = path;
            c.body = body;
            if (!member.isEmpty())
                c.extraHeaders.append({"X-Onramp-Member", member});
            if (!key.isEmpty())
                c.extraHeaders.append({"Idempotency-Key", key});
            return call(server, c);
        };
        QCOMPARE(as({}, "POST", "/v1/workspaces", R"({"name":"ws1"})", {}).status, 201L);
        QCOMPARE(as({}, "PUT", "/v1/workspaces/ws1/quota", R"({"cardHours":100})", {}).status,
                 200L);
        QCOMPARE(as({}, "POST", "/v1/workspaces/ws1/members",
                    R"({"account":"zhang","role":"developer"})", {})
                     .status,
                 201L);
        QCOMPARE(as({}, "POST", "/v1/workspaces/ws1/members",
                    R"({"account":"zhao","role":"observer"})", {})
                     .status,
                 201L);
        const QByteArray instance = R"({"instanceType":"gpu.a100-80g.1","zone":"cn-north-1a"})";
        const QByteArray path = "/v1/workspaces/ws1/instances";
        // The observer's refusal is not kept to be replayed to the developer.
        QCOMPARE(as("zhao", "POST", path, instance, "k-1").status, 403L);
        const Reply created = as("zhang", "POST", path, instance, "k-1");
        QCOMPARE(created.status, 201L);
        // A non-member with the developer's key and body gets its own refusal, not the 201.
        const Reply stranger = as("mallory", "POST", path, instance, "k-1");
        QCOMPARE(stranger.status, 403L);
        QVERIFY(!stranger.body.contains(created.json()["id"].toString().toUtf8()));
        // The developer's retry is answered from the first time: one instance.
        const Reply retry = as("zhang", "POST", path, instance, "k-1");
        QCOMPARE(retry.status, 201L);
        QCOMPARE(retry.body, created.body);
        QCOMPARE(server.countOf("instance"), 1);
        // A GET is answered afresh even with a key.
        const QByteArray members = "/v1/workspaces/ws1/members";
        QCOMPARE(as({}, "GET", members, {}, "g-1").json()["members"].toArray().size(), 2);
        QCOMPARE(as({}, "POST", members, R"({"account":"wu","role":"developer"})", {}).status,
                 201L);
        QCOMPARE(as({}, "GET", members, {}, "g-1").json()["members"].toArray().size(), 3);
        // At most 128 characters.
        const Reply tooLong = as("zhang", "POST", path, instance, QByteArray(129, 'k'));
        QCOMPARE(tooLong.status, 400L);
        QCOMPARE(tooLong.json()["field"].toString(), "Idempotency-Key");
        const Reply huge = as("zhang", "POST", path, instance, QByteArray(100000, 'k'));
        QVERIFY2(huge.status == 400L || huge.status == 431L, QByteArray::number(huge.status));
        QCOMPARE(server.countOf("instance"), 1);
        QCOMPARE(as("zhang", "POST", path, instance, QByteArray(128, 'k')).status, 201L);
        QCOMPARE(server.countOf("instance"), 2);
    }

    // Names outside ^[a-z0-9][a-z0-9-]{0,62}$ are refused; "." and ".." never become folders.
    void workspaceNamesFollowThePattern_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("accepted");
        QTest::newRow("dot") << "." << false;
        QTest::newRow("dot dot") << ".." << false;
        QTest::newRow("upper case") << "Team" << false;
        QTest::newRow("underscore") << "a_b" << false;
        QTest::newRow("leading dash") << "-a" << false;
        QTest::newRow("slash") << "a/b" << false;
        QTest::newRow("empty") << "" << false;
        QTest::newRow("64 characters") << QString(64, u'a') << false;
        QTest::newRow("63 characters") << QString(63, u'a') << true;
        QTest::newRow("dashes and digits") << "field-assistant-2" << true;
        QTest::newRow("digit first") << "7b" << true;
    }

    void workspaceNamesFollowThePattern()
    {
        QFETCH(QString, name);
        QFETCH(bool, accepted);
        QTemporaryDir data;
        SandboxServer server;
        QVERIFY(server.start(QHostAddress::LocalHost, 0, data.path()));
        Call c;
        c.method = "POST";
        c.path = "/v1/workspaces";
        c.body = QJsonDocument(QJsonObject{{"name", name}}).toJson(QJsonDocument::Compact);
        const Reply r = call(server, c);
        QCOMPARE(r.status, accepted ? 201L : 400L);
        if (!accepted)
            QCOMPARE(r.json()["field"].toString(), "$.name");
        // Sample data only ever lands under workspaces/<name>/.
        QVERIFY(!QFileInfo::exists(server.rootDir() + "/data"));
        QVERIFY(!QFileInfo::exists(server.rootDir() + "/workspaces/data"));
    }

    // The signature is checked on the path that is routed: one with "." or ".." segments, an
    // empty segment or an encoded '/' is refused, whatever SigV4's normalisation would make of
    // it (a signature for /v1/ must not open /v1/workspaces/..).
    void pathsAreRoutedAsSigned_data()
    {
        QTest::addColumn<QByteArray>("path");
        QTest::newRow("dot dot") << QByteArray("/v1/workspaces/..");
        QTest::newRow("encoded dot dot") << QByteArray("/v1/workspaces/%2e%2e");
        QTest::newRow("dot") << QByteArray("/v1/./account");
        QTest::newRow("double slash") << QByteArray("/v1//account");
        QTest::newRow("encoded slash") << QByteArray("/v1/workspaces/a%2Fb");
        QTest::newRow("trailing slash") << QByteArray("/v1/account/");
    }

    void pathsAreRoutedAsSigned()
    {
        QFETCH(QByteArray, path);
        SandboxServer server;
        QVERIFY(server.start(QHostAddress::LocalHost, 0, QString()));
        Call c;
        c.path = path; // signed as SigV4 does: normalised
        const Reply r = call(server, c);
        QCOMPARE(r.status, 400L);
        QCOMPARE(r.json()["code"].toString(), "validation_failed");
        QCOMPARE(r.json()["field"].toString(), "path");
        QVERIFY(isNormalPath("/v1/workspaces/ws1/data"));
        QVERIFY(!isNormalPath(path));
    }

    // Found attacking the sandbox (#19): a signature that left out the Host, the member a
    // request acts as or its Idempotency-Key was accepted, so those could be changed on a
    // request seen once and replayed within the 15 minutes. Each must be signed when sent.
    void theHeadersThatDecideAreSigned()
    {
        SandboxServer server;
        QVERIFY(server.start(QHostAddress::LocalHost, 0, QString()));
        Call c;
        c.signHost = false;
        Reply r = call(server, c);
        QCOMPARE(r.status, 401L);
        QVERIFY2(r.json()["message"].toString().contains("host"), r.body.constData());
        c.signHost = true;
        QCOMPARE(call(server, c).status, 200L);
        c.unsignedHeaders = {{"X-Onramp-Member", "zhang"}};
        r = call(server, c);
        QCOMPARE(r.status, 401L);
        QVERIFY2(r.json()["message"].toString().contains("x-onramp-member"), r.body.constData());
        c.unsignedHeaders.clear();
        c.extraHeaders = {{"X-Onramp-Member", "zhang"}};
        QCOMPARE(call(server, c).status, 200L);
        Call create;
        create.method = "POST";
        create.path = "/v1/workspaces";
        create.body = R"({"name":"signed"})";
        create.unsignedHeaders = {{"Idempotency-Key", "k-1"}};
        QCOMPARE(call(server, create).status, 401L);
        create.extraHeaders = create.unsignedHeaders;
        create.unsignedHeaders.clear();
        QCOMPARE(call(server, create).status, 201L);
    }

    // A byte range that starts at or past the end of a file is 416, not an empty 200.
    void aRangePastTheEndIs416()
    {
        SandboxServer server;
        QVERIFY(server.start(QHostAddress::LocalHost, 0, QString()));
        Call create;
        create.method = "POST";
        create.path = "/v1/workspaces";
        create.body = R"({"name":"r"})";
        QCOMPARE(call(server, create).status, 201L);
        const auto read = [&](const QByteArray &query) {
            Call c;
            c.path = "/v1/workspaces/r/data?path=sample%2Fshard-000.bin&" + query;
            return call(server, c);
        };
        const qint64 size = 256 * 1024; // the seeded shard
        Reply r = read("offset=" + QByteArray::number(size - 1) + "&length=16");
        QCOMPARE(r.status, 200L);
        QCOMPARE(QByteArray::fromBase64(r.json()["base64"].toString().toLatin1()).size(), 1);
        for (const qint64 offset : {size, size + 1, qint64(1) << 40}) {
            r = read("offset=" + QByteArray::number(offset) + "&length=16");
            QCOMPARE(r.status, 416L);
            QCOMPARE(r.json()["field"].toString(), "offset");
            QCOMPARE(r.json()["size"].toInteger(), size);
        }
        QCOMPARE(read("offset=abc&length=16").status, 400L);
        QCOMPARE(read("offset=0&length=x").status, 400L);
        QCOMPARE(read("offset=-1&length=16").status, 400L);
    }

    // The probe resumes from the newest checkpoint that loads: a FIFO under a checkpoint's name
    // neither hangs it nor counts, a corrupt one is skipped with a word in the log, and a stale
    // step-N.ckpt.tmp is removed. When none loads, the job fails and says so.
    void probeCheckpointsFallBackAndNeverBlock()
    {
        QTemporaryDir out;
        const auto probe = [&](const QStringList &args) {
            QProcess p;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert("ONRAMP_OUTPUT_DIR", out.path());
            p.setProcessEnvironment(env);
            p.start(QStringLiteral(ONRAMP_PROBE), args);
            if (!p.waitForFinished(30000)) {
                p.kill();
                p.waitForFinished();
                return std::pair{-1, QByteArray("timed out: ") + p.readAllStandardOutput()};
            }
            return std::pair{p.exitCode(), p.readAllStandardOutput()};
        };
        const QStringList first = {"checkpoint", "--steps", "20", "--every", "5", "--tag", "t"};
        auto [code, log] = probe(first);
        QCOMPARE(code, 0);
        const QString dir = out.path() + "/checkpoints/checkpoint/t";
        QVERIFY(QFile::exists(dir + "/step-20.ckpt"));
        QVERIFY(QFile::resize(dir + "/step-20.ckpt", 7)); // a save cut short
        QCOMPARE(::mkfifo(QFile::encodeName(dir + "/step-25.ckpt").constData(), 0600), 0);
        QFile stale(dir + "/step-30.ckpt.tmp");
        QVERIFY(stale.open(QIODevice::WriteOnly));
        stale.write("half a checkpoint");
        QVERIFY(stale.setFileTime(QDateTime::currentDateTime().addSecs(-3600),
                                  QFileDevice::FileModificationTime));
        stale.close();

        std::tie(code, log) = probe({"checkpoint", "--steps", "40", "--every", "5", "--tag", "t"});
        QVERIFY2(code == 0, log.constData());
        int resumedAt = -1;
        QStringList skipped;
        for (const QByteArray &line : log.split('\n')) {
            const QJsonObject e = QJsonDocument::fromJson(line).object();
            if (e["event"].toString() == "resume")
                resumedAt = e["step"].toInt();
            if (e["event"].toString() == "checkpoint_skipped")
                skipped << QFileInfo(e["path"].toString()).fileName();
        }
        QCOMPARE(resumedAt, 15);
        QCOMPARE(skipped, (QStringList{"step-25.ckpt", "step-20.ckpt"}));
        QVERIFY(!QFile::exists(dir + "/step-30.ckpt.tmp"));

        // Every checkpoint corrupt: the job fails and says so.
        for (const QString &name : QDir(dir).entryList({"step-*.ckpt"}, QDir::Files))
            QVERIFY(QFile::resize(dir + '/' + name, 3));
        std::tie(code, log) = probe({"checkpoint", "--steps", "60", "--every", "5", "--tag", "t"});
        QVERIFY(code != 0);
        QVERIFY2(log.contains("\"event\":\"resume_failed\""), log.constData());
    }

    // A symlink under a checkpoint's name is never followed: the probe resumes from the newest
    // regular file, not from what the link points at (here a real checkpoint kept elsewhere,
    // which would load).
    void probeCheckpointsNeverFollowSymlinks()
    {
        QTemporaryDir out, elsewhere;
        const auto probe = [&](const QStringList &args) {
            QProcess p;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert("ONRAMP_OUTPUT_DIR", out.path());
            p.setProcessEnvironment(env);
            p.start(QStringLiteral(ONRAMP_PROBE), args);
            if (!p.waitForFinished(30000)) {
                p.kill();
                p.waitForFinished();
                return std::pair{-1, QByteArray("timed out: ") + p.readAllStandardOutput()};
            }
            return std::pair{p.exitCode(), p.readAllStandardOutput()};
        };
        auto [code, log] = probe({"checkpoint", "--steps", "20", "--every", "5", "--tag", "s"});
        QCOMPARE(code, 0);
        const QString dir = out.path() + "/checkpoints/checkpoint/s";
        // A loadable checkpoint outside the folder, linked under a newer step's name.
        QVERIFY(QFile::rename(dir + "/step-20.ckpt", elsewhere.filePath("outside.ckpt")));
        QVERIFY(QFile::link(elsewhere.filePath("outside.ckpt"), dir + "/step-30.ckpt"));
        std::tie(code, log) = probe({"checkpoint", "--steps", "40", "--every", "5", "--tag", "s"});
        QVERIFY2(code == 0, log.constData());
        int resumedAt = -1;
        QString resumedFrom;
        QStringList skipped;
        for (const QByteArray &line : log.split('\n')) {
            const QJsonObject e = QJsonDocument::fromJson(line).object();
            if (e["event"].toString() == "resume") {
                resumedAt = e["step"].toInt();
                resumedFrom = QFileInfo(e["path"].toString()).fileName();
            }
            if (e["event"].toString() == "checkpoint_skipped")
                skipped << QFileInfo(e["path"].toString()).fileName();
        }
        QCOMPARE(skipped, QStringList{"step-30.ckpt"});
        QCOMPARE(resumedFrom, "step-15.ckpt");
        QCOMPARE(resumedAt, 15);
    }

    // The first run's trainer (probe/train_lm.py, where torch is installed) holds the same line:
    // a symlink under a checkpoint's name is never opened, and a stray step-x.pt does not stop
    // the run. Run with the Python that has torch, as the probe picks it.
    void trainerCheckpointsNeverFollowSymlinks()
    {
        QString python;
        for (const QString &candidate :
             {qEnvironmentVariable("ONRAMP_PYTHON"), QStringLiteral("python3"),
              QStringLiteral("/usr/bin/python3")}) {
            if (candidate.isEmpty())
                continue;
            QProcess check;
            check.start(candidate, {"-c", "import torch"});
            if (check.waitForFinished(60000) && check.exitStatus() == QProcess::NormalExit &&
                check.exitCode() == 0) {
                python = candidate;
                break;
            }
        }
        if (python.isEmpty())
            QSKIP(
                "no Python with torch here: the trainer does not run (the probe's C++ loop does)");
        QTemporaryDir out, elsewhere;
        const auto train = [&] {
            QProcess p;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert("ONRAMP_OUTPUT_DIR", out.path());
            env.remove("ONRAMP_DATA_DIR");
            p.setProcessEnvironment(env);
            p.start(python, {QStringLiteral(ONRAMP_SOURCE_DIR "/probe/train_lm.py"), "--steps", "4",
                             "--every", "2", "--tag", "s", "--d-model", "16", "--layers", "1",
                             "--heads", "2", "--seq-len", "8", "--micro-batch", "2"});
            if (!p.waitForFinished(120000)) {
                p.kill();
                p.waitForFinished();
            }
            return std::pair{p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
                             p.readAllStandardOutput() + p.readAllStandardError()};
        };
        auto [code, log] = train();
        QVERIFY2(code == 0, log.constData());
        const QString dir = out.path() + "/checkpoints/first-run/s";
        QVERIFY2(QFile::exists(dir + "/step-4.pt"), log.constData());
        // A loadable checkpoint outside the folder, linked under a newer step's name.
        QVERIFY(QFile::rename(dir + "/step-4.pt", elsewhere.filePath("outside.pt")));
        QVERIFY(QFile::link(elsewhere.filePath("outside.pt"), dir + "/step-6.pt"));
        QFile stray(dir + "/step-x.pt");
        QVERIFY(stray.open(QIODevice::WriteOnly));
        stray.close();
        std::tie(code, log) = train();
        QVERIFY2(code == 0, log.constData());
        QString resumedFrom;
        QStringList failed;
        for (const QByteArray &line : log.split('\n')) {
            const QJsonObject e = QJsonDocument::fromJson(line).object();
            if (e["event"].toString() == "resume")
                resumedFrom = QFileInfo(e["path"].toString()).fileName();
            if (e["event"].toString() == "resume_failed")
                failed << QFileInfo(e["path"].toString()).fileName();
        }
        QCOMPARE(failed, QStringList{"step-6.pt"});
        QCOMPARE(resumedFrom, "step-2.pt");
    }

    // A chunked body is counted as it arrives and refused at the limit: the client is told 413
    // long before it has sent it all, and the server never holds it.
    void aChunkedBodyIsRefusedAsItArrives()
    {
        SandboxServer server;
        QVERIFY(server.start(QHostAddress::LocalHost, 0, QString()));
        constexpr qint64 total = 64 * 1024 * 1024;
        std::atomic<qint64> sent = 0;
        long status = 0;
        QByteArray answer;
        std::atomic<bool> done = false;
        std::thread worker([&] {
            CURL *curl = curl_easy_init();
            const QByteArray url =
                "http://127.0.0.1:" + QByteArray::number(server.port()) + "/v1/qualification";
            curl_slist *list = curl_slist_append(nullptr, "Transfer-Encoding: chunked");
            list = curl_slist_append(list, "Content-Type: application/json");
            curl_easy_setopt(curl, CURLOPT_URL, url.constData());
            curl_easy_setopt(curl, CURLOPT_POST, 1L);
            curl_easy_setopt(curl, CURLOPT_HTTPHEADER, list);
            curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
            curl_easy_setopt(curl, CURLOPT_TIMEOUT, 60L);
            curl_easy_setopt(curl, CURLOPT_NOPROXY, "*");
            using Read = size_t (*)(char *, size_t, size_t, void *);
            curl_easy_setopt(curl, CURLOPT_READFUNCTION,
                             static_cast<Read>([](char *buf, size_t size, size_t n, void *user) {
                                 auto *count = static_cast<std::atomic<qint64> *>(user);
                                 const qint64 left = total - count->load();
                                 const size_t give =
                                     size_t(std::min<qint64>(left, qint64(size * n)));
                                 memset(buf, ' ', give);
                                 *count += qint64(give);
                                 return give;
                             }));
            curl_easy_setopt(curl, CURLOPT_READDATA, &sent);
            curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, collect);
            curl_easy_setopt(curl, CURLOPT_WRITEDATA, &answer);
            curl_easy_perform(curl);
            curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
            curl_slist_free_all(list);
            curl_easy_cleanup(curl);
            done = true;
        });
        // This process's resident memory (the server is in it), in MiB.
        const auto rss = [] {
            QFile f(QStringLiteral("/proc/self/status"));
            f.open(QIODevice::ReadOnly);
            for (const QByteArray &row : f.readAll().split('\n'))
                if (row.startsWith("VmRSS:"))
                    return row.mid(6).trimmed().split(' ').first().toDouble() / 1024;
            return 0.0;
        };
        const double before = rss();
        double peak = before;
        QDeadlineTimer deadline(60000);
        while (!done.load() && !deadline.hasExpired()) {
            QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
            peak = std::max(peak, rss());
        }
        worker.join();
        QCOMPARE(status, 413L);
        QCOMPARE(QJsonDocument::fromJson(answer).object()["field"].toString(), "body");
        // Told while most of it was still unsent, and never holding it (the issue's target for
        // 200 MiB is under 16 MiB of growth; buffering this one whole would be 64 MiB or more).
        QVERIFY2(sent.load() < total / 2, QByteArray::number(sent.load()));
        QVERIFY2(peak - before < 16, QByteArray::number(peak - before));
        // The server still answers.
        QCOMPARE(call(server, {}).status, 200L);
    }

    // Connections that send a partial head and stall do not hold the slots: a real request
    // is served while more of them than kMaxConnections are open.
    void slowHeadsDoNotHoldTheSlots()
    {
        SandboxServer server;
        QVERIFY(server.start(QHostAddress::LocalHost, 0, QString()));
        std::vector<std::unique_ptr<RawClient>> slow;
        for (int i = 0; i < SandboxServer::kMaxConnections + 6; ++i) {
            slow.push_back(std::make_unique<RawClient>(server.port()));
            QVERIFY(slow.back()->send("GET /v1/account HTTP/1.1\r\nHost: 127.0.0.1:" +
                                      QByteArray::number(server.port()) + "\r\nX-Slow: "));
        }
        serveFor(SandboxServer::kEvictAfterMs + 300);
        for (int i = 0; i < 5; ++i)
            QCOMPARE(call(server, {}).status, 200L);
        // A stalled head that made room was told why.
        int told = 0;
        for (const auto &c : slow)
            told += c->received(20).startsWith("HTTP/1.1 408");
        QVERIFY(told >= 1);
    }

    // Over capacity, with every connection busy, a newcomer is answered 503 with Retry-After,
    // never reset.
    void overCapacityIs503WithRetryAfter()
    {
        SandboxServer server;
        QVERIFY(server.start(QHostAddress::LocalHost, 0, QString()));
        std::vector<std::unique_ptr<RawClient>> busy;
        for (int i = 0; i < SandboxServer::kMaxConnections; ++i) {
            busy.push_back(std::make_unique<RawClient>(server.port()));
            QVERIFY(busy.back()->send("POST /v1/qualification HTTP/1.1\r\nHost: 127.0.0.1:" +
                                      QByteArray::number(server.port()) +
                                      "\r\nContent-Length: 100000\r\n\r\n{\"a\":"));
        }
        serveFor(SandboxServer::kEvictAfterMs + 300);
        RawClient newcomer(server.port());
        QVERIFY(newcomer.send("GET /v1/account HTTP/1.1\r\nHost: 127.0.0.1:" +
                              QByteArray::number(server.port()) + "\r\n\r\n"));
        const QByteArray answer = newcomer.received(5000);
        QVERIFY2(answer.startsWith("HTTP/1.1 503"), answer.constData());
        QVERIFY2(answer.contains("\r\nRetry-After: 1\r\n"), answer.constData());
        QVERIFY(answer.contains("\"code\":\"unavailable\""));
        // Once the busy ones are gone, it is served again.
        busy.clear();
        serveFor(200);
        QCOMPARE(call(server, {}).status, 200L);
    }

    // The framing the guard follows: heads, Content-Length bodies, chunks, pipelining.
    void requestFramerFollowsTheStream()
    {
        RequestFramer f(100, 1000);
        QCOMPARE(f.feed("GET / HTTP/1.1\r\nHost: x\r\n"), RequestFramer::Verdict::Fine);
        QVERIFY(f.inHead());
        QCOMPARE(f.feed("\r\nPOST / HTTP/1.1\r\nContent-Length: 5\r\n\r\nhel"),
                 RequestFramer::Verdict::Fine);
        QCOMPARE(f.completed(), 1);
        QVERIFY(!f.betweenRequests() && !f.inHead());
        QCOMPARE(f.feed("lo"), RequestFramer::Verdict::Fine);
        QVERIFY(f.betweenRequests());
        QCOMPARE(f.completed(), 2);
        // Chunked, split anywhere, with a trailer.
        const QByteArray chunked = "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
                                   "a;x=y\r\n0123456789\r\n5\r\nabcde\r\n0\r\nT: 1\r\n\r\n";
        for (char c : chunked)
            QCOMPARE(f.feed(QByteArrayView(&c, 1)), RequestFramer::Verdict::Fine);
        QVERIFY(f.betweenRequests());
        QCOMPARE(f.completed(), 3);
        QCOMPARE(f.bodyBytes(), qint64(15));
        // Past the limit, by length or by chunks.
        RequestFramer big(100, 1000);
        QCOMPARE(big.feed("POST / HTTP/1.1\r\nContent-Length: 101\r\n\r\n"),
                 RequestFramer::Verdict::BodyTooLarge);
        RequestFramer chunks(100, 1000);
        QCOMPARE(chunks.feed("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n40\r\n"),
                 RequestFramer::Verdict::Fine);
        QCOMPARE(chunks.feed(QByteArray(64, 'x') + "\r\n40\r\n"),
                 RequestFramer::Verdict::BodyTooLarge);
        RequestFramer head(100, 1000);
        QCOMPARE(head.feed("GET / HTTP/1.1\r\nX: " + QByteArray(2000, 'y')),
                 RequestFramer::Verdict::HeadTooLarge);
        RequestFramer bad(100, 1000);
        QCOMPARE(bad.feed("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"),
                 RequestFramer::Verdict::Malformed);
    }

    void quotaReviewFollowsGateThreeRules_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("state");
        QTest::addColumn<QString>("reason");
        QTest::newRow("a quarter, fine-tuning, 8 cards")
            << QByteArray(
                   R"({"cardsPerRun":8,"hoursPerRound":12,"rounds":4,"retryMargin":0.2,"start":"2027-01-01","end":"2027-03-31","pool":{"cardType":"a100-80g","region":"z","zone":"z1"},"purpose":"finetuning"})")
            << "approved"
            << "";
        QTest::newRow("a year: split it")
            << QByteArray(
                   R"({"cardsPerRun":8,"hoursPerRound":12,"rounds":16,"retryMargin":0.2,"start":"2027-01-01","end":"2027-12-31","pool":{"cardType":"a100-80g","region":"z","zone":"z1"},"purpose":"finetuning"})")
            << "returned"
            << "quota.period_split";
        QTest::newRow("fine-tuning at pre-training scale")
            << QByteArray(
                   R"({"cardsPerRun":512,"hoursPerRound":12,"rounds":4,"retryMargin":0.2,"start":"2027-01-01","end":"2027-03-31","pool":{"cardType":"a100-80g","region":"z","zone":"z1"},"purpose":"finetuning"})")
            << "rejected"
            << "quota.purpose_scale_mismatch";
        // An application is for a pool (gate 2's): without one it has nothing to grant to.
        QTest::newRow("no pool")
            << QByteArray(
                   R"({"cardsPerRun":8,"hoursPerRound":12,"rounds":4,"retryMargin":0.2,"start":"2027-01-01","end":"2027-03-31","purpose":"finetuning"})")
            << "rejected"
            << "quota.pool_missing";
    }

    void quotaReviewFollowsGateThreeRules()
    {
        QFETCH(QByteArray, body);
        QFETCH(QString, state);
        QFETCH(QString, reason);
        SandboxServer server;
        QVERIFY(server.start(QHostAddress::LocalHost, 0, QString()));
        Call c;
        c.method = "POST";
        c.path = "/v1/quota-applications";
        c.body = body;
        const Reply r = call(server, c);
        QCOMPARE(r.status, 202L);
        QCOMPARE(r.json()["state"].toString(), state);
        if (!reason.isEmpty())
            QVERIFY(r.body.contains(reason.toUtf8()));
        else
            QCOMPARE(r.json()["grantedCardHours"].toDouble(), std::ceil(8 * 12 * 4 * 1.2));
        Call get;
        get.path = "/v1/quota-applications/" + r.json()["id"].toString().toUtf8();
        QCOMPARE(call(server, get).json()["state"].toString(), state);
        Call bad = c;
        bad.body =
            R"({"cardsPerRun":0,"hoursPerRound":12,"rounds":4,"retryMargin":0.2,"start":"2027-01-01","end":"2027-03-31"})";
        const Reply invalid = call(server, bad);
        QCOMPARE(invalid.status, 400L);
        QCOMPARE(invalid.json()["field"].toString(), "$.cardsPerRun");
    }

    void instancesRespectZoneAndStock()
    {
        SandboxServer server;
        QVERIFY(server.start(QHostAddress::LocalHost, 0, QString()));
        const auto send = [&](const QByteArray &method, const QByteArray &path,
                              const QByteArray &body) {
            Call c;
            c.method = method;
            c.path = path;
            c.body = body;
            return call(server, c);
        };
        QCOMPARE(send("POST", "/v1/workspaces", R"({"name":"w"})").status, 201L);
        QCOMPARE(send("PUT", "/v1/workspaces/w/quota", R"({"cardHours":500,"zone":"cn-north-1a"})")
                     .status,
                 200L);
        Reply r = send(
            "POST", "/v1/workspaces/w/instances",
            R"({"instanceType":"gpu.a100-80g.8","image":"pytorch-2.3-cu121","zone":"cn-north-1b"})");
        QCOMPARE(r.status, 409L);
        QCOMPARE(r.json()["code"].toString(), "zone_mismatch");
        QCOMPARE(r.json()["quotaZone"].toString(), "cn-north-1a");
        r = send(
            "POST", "/v1/workspaces/w/instances",
            R"({"instanceType":"gpu.h100.8","image":"pytorch-2.3-cu121","zone":"cn-north-1a"})");
        QCOMPARE(r.status, 409L);
        QCOMPARE(r.json()["code"].toString(), "out_of_stock");
        QVERIFY(r.json()["availableIn"].toArray().contains("cn-north-1b"));
        // 16 free A100s in 1a: two 8-card instances, then none.
        for (int i = 0; i < 2; ++i)
            QCOMPARE(
                send(
                    "POST", "/v1/workspaces/w/instances",
                    R"({"instanceType":"gpu.a100-80g.8","image":"pytorch-2.3-cu121","zone":"cn-north-1a"})")
                    .status,
                201L);
        QCOMPARE(
            send(
                "POST", "/v1/workspaces/w/instances",
                R"({"instanceType":"gpu.a100-80g.8","image":"pytorch-2.3-cu121","zone":"cn-north-1a"})")
                .json()["code"]
                .toString(),
            "out_of_stock");
        r = send("GET", "/v1/catalog/regions", {});
        QCOMPARE(r.status, 200L);
        QVERIFY(r.body.contains("cn-north-1a"));
        QVERIFY(
            send("GET", "/v1/catalog/instance-types", {}).json()["instances"].toArray().size() >=
            10);
    }

    // A fault plan is untrusted input: anything it does not know, of the wrong type or out of
    // range is refused with the field named, never half-applied.
    void aFaultPlanIsCheckedAtTheBoundary_data()
    {
        QTest::addColumn<QByteArray>("plan");
        QTest::addColumn<QString>("field");
        QTest::newRow("not json") << QByteArray("{") << "$";
        QTest::newRow("not an object") << QByteArray("[]") << "$";
        QTest::newRow("unknown fault") << QByteArray(R"({"meteor":true})") << "$.meteor";
        QTest::newRow("step as text") << QByteArray(R"({"preempt":{"atStep":"30"}})")
                                      << "$.preempt.atStep";
        QTest::newRow("step missing") << QByteArray(R"({"preempt":{"job":"first-run"}})")
                                      << "$.preempt.atStep";
        QTest::newRow("step fraction") << QByteArray(R"({"hang":{"atStep":2.5}})")
                                       << "$.hang.atStep";
        QTest::newRow("times on a hang") << QByteArray(R"({"hang":{"atStep":3,"times":2}})")
                                         << "$.hang.times";
        QTest::newRow("times zero") << QByteArray(R"({"preempt":{"atStep":3,"times":0}})")
                                    << "$.preempt.times";
        QTest::newRow("job with a slash") << QByteArray(R"({"preempt":{"atStep":3,"job":"a/b"}})")
                                          << "$.preempt.job";
        QTest::newRow("zone not text") << QByteArray(R"({"stockOutZones":["cn-north-1a",7]})")
                                       << "$.stockOutZones[1]";
        QTest::newRow("healthy sick gpu") << QByteArray(R"({"sickGpu":{"gpu":1}})")
                                          << "$.sickGpu.eccErrors";
        QTest::newRow("gpu out of range") << QByteArray(R"({"sickGpu":{"gpu":64,"eccErrors":1}})")
                                          << "$.sickGpu.gpu";
        QTest::newRow("slow read zero") << QByteArray(R"({"slowRead":{"msPerMiB":0}})")
                                        << "$.slowRead.msPerMiB";
        QTest::newRow("too big") << QByteArray(R"({"stockOut":false})") +
                                        QByteArray(kMaxFaultPlanBytes, ' ')
                                 << "$";
    }
    void aFaultPlanIsCheckedAtTheBoundary()
    {
        QFETCH(QByteArray, plan);
        QFETCH(QString, field);
        const auto parsed = parseFaultPlan(plan);
        QVERIFY(!parsed);
        QVERIFY2(parsed.error().startsWith(field + u':'), qPrintable(parsed.error()));
    }

    // The plan as `serve --faults` reads it: a zone out of stock, a job preempted at its step 12
    // (SIGTERM; it saves and ends interrupted, reason Preempted) once, and a sick GPU that the
    // probe's own health check finds.
    void aFaultPlanActsOnStockAndJobs()
    {
        QFile file(m_dir.filePath(QStringLiteral("faults.json")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"stockOutZones":["cn-north-1a"],
                       "preempt":{"atStep":12,"job":"checkpoint"},
                       "sickGpu":{"gpu":1,"eccErrors":3}})");
        file.close();
        const auto plan = readFaultPlan(file.fileName());
        QVERIFY2(plan, qPrintable(plan ? QString() : plan.error()));
        SandboxServer server;
        server.setProbeProgram(QStringLiteral(ONRAMP_PROBE));
        server.faults() = *plan;
        QVERIFY(server.start(QHostAddress::LocalHost, 0, QString()));
        const auto send = [&](const QByteArray &method, const QByteArray &path,
                              const QByteArray &body = {}) {
            return asDeveloper(server, method, path, body);
        };
        QVERIFY(developerWorkspace(server));
        // The zone in the plan has no free cards; the others keep theirs.
        const QJsonArray regions = send("GET", "/v1/catalog/regions").json()["regions"].toArray();
        QVERIFY(!regions.isEmpty());
        for (const QJsonValue &v : regions) {
            const QJsonObject z = v.toObject();
            const int a100 = z.value("stock").toObject().value("a100-80g").toInt();
            QVERIFY2(z.value("zone").toString() == "cn-north-1a" ? a100 == 0 : true,
                     qPrintable(z.value("zone").toString()));
            if (z.value("zone").toString() == "cn-north-1b")
                QCOMPARE(a100, 8);
        }
        Reply r = send(
            "POST", "/v1/workspaces/w/instances",
            R"({"instanceType":"gpu.a100-80g.8","image":"pytorch-2.3-cu121","zone":"cn-north-1a"})");
        QCOMPARE(r.status, 409L);
        QCOMPARE(r.json()["code"].toString(), "out_of_stock");
        QVERIFY(r.json()["availableIn"].toArray().contains("cn-north-1b"));
        // Jobs run where the plan lets them: its shape, in a zone with stock.
        server.faults().stockOutZones.clear();
        const auto runToEnd = [&](const QByteArray &body) {
            Reply submitted = send("POST", "/v1/workspaces/w/jobs", body);
            if (submitted.status != 201)
                qFatal("submit: %s", submitted.body.constData());
            const QString id = submitted.json()["id"].toString();
            QJsonObject job = submitted.json();
            QDeadlineTimer deadline(60000);
            while (!isFinalJobState(job.value("state").toString()) && !deadline.hasExpired()) {
                serveFor(50);
                job = send("GET", "/v1/jobs/" + id.toUtf8()).json();
            }
            job["log"] = send("GET", "/v1/jobs/" + id.toUtf8() + "/logs?limit=1048576")
                             .json()["text"]
                             .toString();
            return job;
        };
        const QJsonObject preempted = runToEnd(
            R"({"instanceType":"gpu.a100-80g.8","launch":{"mode":"builtin","entry":"checkpoint",)"
            R"("args":["--steps","400","--every","5","--step-ms","5","--tag","p"]}})");
        QCOMPARE(preempted.value("state").toString(), "interrupted");
        QCOMPARE(preempted.value("exitCode").toInt(), 130);
        QCOMPARE(preempted.value("reason").toObject().value("code").toString(), "Preempted");
        const auto stops = probeEventList(preempted.value("log").toString(), "interrupted");
        QCOMPARE(stops.size(), 1);
        QVERIFY(stops.first().value("step").toInt() >= 12);
        QVERIFY(stops.first().value("saved").toBool());
        QCOMPARE(server.faults().preemptTimes, 0); // once, as the plan said
        // The next job of the kind runs to its end.
        const QJsonObject next = runToEnd(
            R"({"instanceType":"gpu.a100-80g.8","launch":{"mode":"builtin","entry":"checkpoint",)"
            R"("args":["--steps","20","--every","5","--tag","q"]}})");
        QCOMPARE(next.value("state").toString(), "succeeded");
        // The sick GPU, as the probe's health check reads it.
        const QJsonObject env = runToEnd(
            R"({"instanceType":"gpu.a100-80g.8","launch":{"mode":"builtin","entry":"environment",)"
            R"("args":["--steps","5"]}})");
        const auto health = probeEventList(env.value("log").toString(), "gpu_health");
        QCOMPARE(health.size(), 1);
        QCOMPARE(health.first().value("found").toInt(), 8);
        QVERIFY(!health.first().value("passed").toBool());
        QVERIFY(!health.first().contains("exempt"));
        bool ecc = false;
        for (const QJsonValue &p : health.first().value("problems").toArray())
            ecc = ecc || (p.toObject().value("code").toString() == "ecc_errors" &&
                          p.toObject().value("gpu").toInt() == 1);
        QVERIFY2(ecc, qPrintable(QJsonDocument(health.first()).toJson()));
    }

    // A hung step from the plan: after the step, the job's process is stopped (alive, printing
    // nothing) and its state stays running; an interrupt lets it go on to handle the signal.
    void aFaultPlanHangsAJobUntilItIsInterrupted()
    {
        SandboxServer server;
        server.setProbeProgram(QStringLiteral(ONRAMP_PROBE));
        server.faults() = *parseFaultPlan(R"({"hang":{"atStep":5,"job":"metrics"}})");
        QVERIFY(server.start(QHostAddress::LocalHost, 0, QString()));
        const auto send = [&](const QByteArray &method, const QByteArray &path,
                              const QByteArray &body = {}) {
            return asDeveloper(server, method, path, body);
        };
        QVERIFY(developerWorkspace(server));
        const Reply submitted = send(
            "POST", "/v1/workspaces/w/jobs",
            R"({"instanceType":"gpu.a100-80g.1","launch":{"mode":"builtin","entry":"metrics",)"
            R"("args":["--steps","100000","--step-ms","10"]}})");
        QCOMPARE(submitted.status, 201L);
        const QByteArray id = submitted.json()["id"].toString().toUtf8();
        // The job's process, found by its ONRAMP_JOB_ID, in state T (stopped).
        const auto stopped = [&] {
            const QDir proc(QStringLiteral("/proc"));
            for (const QString &pid : proc.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
                QFile env(proc.filePath(pid + "/environ"));
                if (!pid.toInt() || !env.open(QIODevice::ReadOnly) ||
                    !env.readAll().split('\0').contains("ONRAMP_JOB_ID=" + id))
                    continue;
                QFile stat(proc.filePath(pid + "/stat"));
                if (stat.open(QIODevice::ReadOnly)) {
                    const QByteArray text = stat.readAll();
                    return text.mid(text.lastIndexOf(')') + 2, 1) == "T";
                }
            }
            return false;
        };
        QDeadlineTimer deadline(60000);
        while (!stopped() && !deadline.hasExpired())
            serveFor(20);
        QVERIFY(stopped());
        QJsonObject job = send("GET", "/v1/jobs/" + id).json();
        QCOMPARE(job.value("state").toString(), "running");
        QCOMPARE(send("POST", "/v1/jobs/" + id + ":interrupt").status, 200L);
        while (!isFinalJobState(job.value("state").toString()) && !deadline.hasExpired()) {
            serveFor(50);
            job = send("GET", "/v1/jobs/" + id).json();
        }
        QCOMPARE(job.value("state").toString(), "interrupted");
        const QString log = send("GET", "/v1/jobs/" + id + "/logs?limit=1048576").json()["text"].toString();
        const auto steps = probeEventList(log, "step");
        const auto stops = probeEventList(log, "interrupted");
        QCOMPARE(stops.size(), 1);
        QVERIFY(steps.last().value("step").toInt() >= 5);
        QCOMPARE(stops.first().value("step").toInt(), steps.last().value("step").toInt());
    }

    void stateSurvivesARestart()
    {
        QTemporaryDir dir;
        SandboxServer::Credentials creds;
        {
            SandboxServer server;
            QVERIFY(server.start(QHostAddress::LocalHost, 0, dir.path()));
            creds = server.credentials();
            Call c;
            c.method = "POST";
            c.path = "/v1/qualification";
            c.body = dossier({});
            QCOMPARE(call(server, c).status, 202L);
        }
        QVERIFY(QFile::exists(dir.filePath("sandbox.sqlite")));
        SandboxServer again;
        again.setCredentials(creds);
        QVERIFY(again.start(QHostAddress::LocalHost, 0, dir.path()));
        Call get;
        get.path = "/v1/qualification";
        const Reply r = call(again, get);
        QCOMPARE(r.status, 200L);
        QCOMPARE(r.json()["state"].toString(), "approved");
    }

    void limitsConcurrentConnections()
    {
        SandboxServer server;
        QVERIFY(server.start(QHostAddress::LocalHost, 0, QString()));
        std::vector<std::unique_ptr<QTcpSocket>> sockets;
        for (int i = 0; i < SandboxServer::kMaxConnections + 8; ++i) {
            sockets.push_back(std::make_unique<QTcpSocket>());
            sockets.back()->connectToHost(QHostAddress::LocalHost, server.port());
        }
        // The extra ones are answered 503 and closed by the server; the others stay open.
        QTRY_COMPARE(std::count_if(sockets.begin(), sockets.end(),
                                   [](const auto &s) {
                                       return s->state() == QAbstractSocket::UnconnectedState;
                                   }),
                     8);
        sockets.clear();
        // Once they are gone, the server takes requests again.
        QTRY_VERIFY(call(server, Call{}).status == 200);
    }
};

QTEST_GUILESS_MAIN(TestSandbox)
#include "tst_sandbox.moc"
