// The provider client (models/) against the real sandbox over loopback: every error code becomes
// a value with a message that says what to do; creates happen exactly once under every fault;
// jobs are real onramp-probe processes with logs and metrics; data arrives in checked chunks.
#include "AwaitAnswer.h"
#include "fuzz/AnswerChecks.h"
#include "ProviderClient.h"
#include "SandboxServer.h"
#include "SigV4.h"
#include "Transport.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QTcpServer>
#include <QTemporaryFile>
#include <QUrl>
#include <QtTest>

#include <curl/curl.h>

#include <cmath>
#include <fcntl.h>
#include <optional>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

using namespace onramp;

class TestProvider : public QObject
{
    Q_OBJECT

    std::unique_ptr<SandboxServer> m_server;
    std::unique_ptr<Transport> m_transport;

    ProviderProfile profile(const QString &member = {}) const
    {
        ProviderProfile p;
        p.kind = ProviderProfile::Kind::Sandbox;
        p.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:%1").arg(m_server->port()));
        p.accessKeyId = m_server->credentials().accessKeyId;
        p.region = m_server->credentials().region;
        p.member = member;
        return p;
    }
    ProviderClient client(const QString &member = {}) const
    {
        return ProviderClient(m_transport.get(), profile(member), m_server->credentials().secret);
    }

    // Waits for one answer (tests only: the app never waits).
    ProviderResult await(const std::function<void(ProviderClient::Done)> &send)
    {
        return awaitAnswer<ProviderResult>(send, 20000);
    }
    ProviderResult call(const ProviderClient &c, const QByteArray &method, const QString &path,
                        const QJsonObject &body = {}, const QByteArray &key = {})
    {
        return await([&](ProviderClient::Done d) {
            c.request(method, path, body, key, this, std::move(d));
        });
    }
    ProviderError failure(const ProviderResult &r)
    {
        if (r)
            qWarning() << "expected a failure, got" << r.value();
        return r ? ProviderError{} : r.error();
    }

    // ws1: quota of `hours` in cn-north-1a; li admin, zhang developer, zhao observer.
    void makeWorkspace(double hours = 100)
    {
        const ProviderClient owner = client();
        QVERIFY(call(owner, "POST", "/v1/workspaces", {{"name", "ws1"}}));
        QVERIFY(call(owner, "PUT", "/v1/workspaces/ws1/quota",
                     {{"cardHours", hours}, {"zone", "cn-north-1a"}}));
        for (const auto &[who, role] : {std::pair{"li", "admin"}, std::pair{"zhang", "developer"},
                                        std::pair{"zhao", "observer"}})
            QVERIFY(call(owner, "POST", "/v1/workspaces/ws1/members",
                         {{"account", who}, {"role", role}}));
    }

    static QJsonObject probeJob(const QStringList &args, const QString &entry = "environment")
    {
        return {{"image", "pytorch-2.3-cu121"},
                {"instanceType", "gpu.a100-80g.1"},
                {"topic", "first-run"},
                {"launch", QJsonObject{{"mode", "builtin"},
                                       {"entry", entry},
                                       {"args", QJsonArray::fromStringList(args)}}}};
    }

    QJsonObject waitForJob(const ProviderClient &c, const QString &id)
    {
        QJsonObject job;
        for (int i = 0; i < 400; ++i) {
            const auto r = call(c, "GET", "/v1/jobs/" + id);
            if (!r)
                return {};
            job = *r;
            const QString state = job["state"].toString();
            if (state != "running" && state != "queued" && state != "interrupting")
                return job;
            QTest::qWait(50);
        }
        return job;
    }

    // Runs `script` as zhang's job on a fresh instance of ws1 (made by makeWorkspace): its end
    // state, its log, and the instance's data folder.
    struct ScriptRun
    {
        QString state, log, data, script;
    };
    ScriptRun runScriptJob(const QByteArray &script)
    {
        ScriptRun run;
        const ProviderClient dev = client("zhang");
        const auto inst = call(dev, "POST", "/v1/workspaces/ws1/instances",
                               {{"instanceType", "gpu.a100-80g.1"}, {"zone", "cn-north-1a"}},
                               newIdempotencyKey());
        if (!inst)
            return run;
        const QJsonObject paths = inst->value("paths").toObject();
        const QString home = QFileInfo(paths["output"].toString()).path();
        run.data = QFileInfo(paths["data"].toString()).canonicalFilePath();
        run.script = home + "/scripts/job.sh";
        QDir(home).mkpath("scripts");
        QFile f(run.script);
        if (!f.open(QIODevice::WriteOnly) || f.write(script) != script.size())
            return run;
        f.close();
        const auto j =
            call(dev, "POST", "/v1/workspaces/ws1/jobs",
                 {{"instanceId", inst->value("id")},
                  {"launch", QJsonObject{{"mode", "file"}, {"entry", "scripts/job.sh"}}}});
        if (!j)
            return run;
        const QString id = j->value("id").toString();
        run.state = waitForJob(dev, id)["state"].toString();
        if (const auto log = call(dev, "GET", QStringLiteral("/v1/jobs/%1/logs").arg(id)))
            run.log = log->value("text").toString();
        return run;
    }

private slots:
    // Every input fuzz_answers (or a person) found, and its seeds, hold the readers' invariants:
    // an error answer always has a message, a Slurm job is read as a known state or none, every
    // log line shows as something, a signing vector is refused with a reason.
    void answerReadersHoldOnEveryReproducer()
    {
        int inputs = 0;
        for (const char *folder : {"/tests/fuzz/reproducers/answers", "/tests/fuzz/corpus/answers"}) {
            const QDir dir(QStringLiteral(ONRAMP_SOURCE_DIR) + QLatin1String(folder));
            for (const QString &name : dir.entryList(QDir::Files)) {
                QFile f(dir.filePath(name));
                QVERIFY(f.open(QIODevice::ReadOnly));
                const auto problem = fuzzcheck::answerProblem(f.readAll());
                QVERIFY2(!problem, qPrintable(name + u' ' + problem.value_or(QString())));
                ++inputs;
            }
        }
        QVERIFY(inputs >= 20);
    }

    void initTestCase() { curl_global_init(CURL_GLOBAL_DEFAULT); }
    void cleanupTestCase() { curl_global_cleanup(); }
    void init()
    {
        m_server = std::make_unique<SandboxServer>();
        m_server->setProbeProgram(QStringLiteral(ONRAMP_PROBE));
        QVERIFY(m_server->start(QHostAddress::LocalHost, 0, QString()));
        m_transport = std::make_unique<Transport>();
        RetryPolicy fast;
        fast.baseDelayMs = 10;
        fast.maxDelayMs = 50;
        fast.maxRetryAfterMs = 1500;
        m_transport->setRetryPolicy(fast);
    }
    void cleanup()
    {
        m_transport.reset();
        m_server.reset();
    }

    void profileChecksAddressAndKey()
    {
        ProviderProfile p;
        p.kind = ProviderProfile::Kind::OnrampApi;
        p.baseUrl = QUrl("http://onramp.example.com");
        p.accessKeyId = "AK";
        QCOMPARE(p.validate().error().field, "baseUrl"); // plain http off loopback
        p.baseUrl = QUrl("https://onramp.example.com/");
        QVERIFY(p.validate());
        p.accessKeyId.clear();
        QCOMPARE(p.validate().error().field, "accessKeyId");
        // Round trip, and no secret anywhere in it.
        p.accessKeyId = "AK";
        p.member = "zhang";
        const auto back = ProviderProfile::fromJson(p.toJson());
        QVERIFY(back);
        QCOMPARE(*back, p);
        QCOMPARE(ProviderProfile::fromJson({{"kind", "ftp"}}).error().field, "$.kind");
    }

    // #17 walk 7: "htp:/bad url" got "Enter the provider's address", which says nothing of what
    // is wrong. Each problem is named, with an example of the kind's address.
    void anAddressSaysWhatIsWrongWithIt_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<int>("kind");
        QTest::addColumn<QStringList>("said");
        using K = ProviderProfile::Kind;
        const QString api = QStringLiteral("https://onramp.example.com");
        QTest::newRow("unknown scheme, no host, a space")
            << "htp:/bad url" << int(K::OnrampApi)
            << QStringList{"“htp” is unknown", "no host", "a space", api};
        QTest::newRow("no scheme") << "onramp.example.com" << int(K::OnrampApi)
                                   << QStringList{"no scheme", "https://", api};
        QTest::newRow("space in the host") << "https://onramp example.com" << int(K::OnrampApi)
                                           << QStringList{"a space", api};
        QTest::newRow("plain http elsewhere") << "http://onramp.example.com" << int(K::OnrampApi)
                                              << QStringList{"only for this computer", api};
        QTest::newRow("empty, Slurm") << "  " << int(K::Slurm)
                                      << QStringList{"Enter", "http://127.0.0.1:6820"};
        QTest::newRow("no host, Slurm") << "http://" << int(K::Slurm)
                                        << QStringList{"no host", "http://127.0.0.1:6820"};
    }
    void anAddressSaysWhatIsWrongWithIt()
    {
        QFETCH(QString, typed);
        QFETCH(int, kind);
        QFETCH(QStringList, said);
        const auto url = ProviderProfile::addressFrom(typed, ProviderProfile::Kind(kind));
        QVERIFY(!url);
        QCOMPARE(url.error().field, QStringLiteral("baseUrl"));
        for (const QString &words : said)
            QVERIFY2(url.error().message.contains(words), qPrintable(url.error().message));
        // The profile's own check says the same of the address it holds.
        ProviderProfile p;
        p.kind = ProviderProfile::Kind(kind);
        p.baseUrl = QUrl(typed.trimmed());
        p.accessKeyId = "AK";
        if (!typed.contains(u' '))
            QCOMPARE(p.validate().error().message, url.error().message);
    }
    void aGoodAddressIsTaken()
    {
        for (const char *typed : {"https://onramp.example.com", " https://onramp.example.com/ ",
                                  "http://127.0.0.1:8443", "HTTPS://Onramp.Example.com"}) {
            const auto url =
                ProviderProfile::addressFrom(QString::fromLatin1(typed),
                                             ProviderProfile::Kind::OnrampApi);
            QVERIFY2(url, typed);
            QVERIFY(!url->host().isEmpty());
        }
    }

    void everyErrorCodeIsAValueThatSaysWhatToDo()
    {
        makeWorkspace();
        const ProviderClient owner = client();
        struct Case
        {
            ProviderErrorCode code;
            TroubleKind trouble;
            ProviderResult result;
        };
        QList<Case> cases;
        // Quota: a workspace without quota.
        QVERIFY(call(owner, "POST", "/v1/workspaces", {{"name", "bare"}}));
        cases.append({ProviderErrorCode::QuotaExceeded, TroubleKind::Quota,
                      call(owner, "POST", "/v1/workspaces/bare/instances",
                           {{"instanceType", "gpu.a100-80g.1"}, {"zone", "cn-north-1a"}})});
        // Stock: no H100 in north-1a; the answer says where they are.
        const auto stock = call(owner, "POST", "/v1/workspaces/ws1/instances",
                                {{"instanceType", "gpu.h100.8"}, {"zone", "cn-north-1a"}});
        cases.append({ProviderErrorCode::OutOfStock, TroubleKind::Stock, stock});
        QCOMPARE(failure(stock).availableIn, QStringList{"cn-north-1b"});
        QVERIFY(failure(stock).message.contains("cn-north-1b"));
        const auto zone = call(owner, "POST", "/v1/workspaces/ws1/instances",
                               {{"instanceType", "gpu.a10.1"}, {"zone", "cn-east-1a"}});
        cases.append({ProviderErrorCode::ZoneMismatch, TroubleKind::Stock, zone});
        QCOMPARE(failure(zone).quotaZone, "cn-north-1a");
        // Permission: the observer's submit names the role and the action.
        const auto forbidden =
            call(client("zhao"), "POST", "/v1/workspaces/ws1/jobs", probeJob({"--steps", "5"}));
        cases.append({ProviderErrorCode::Forbidden, TroubleKind::Permission, forbidden});
        QCOMPARE(failure(forbidden).role, "observer");
        QCOMPARE(failure(forbidden).action, "submit_jobs");
        QVERIFY(failure(forbidden).message.contains("observer"));
        const auto invalid = call(owner, "POST", "/v1/workspaces", {{"name", "a b"}});
        cases.append({ProviderErrorCode::ValidationFailed, TroubleKind::Input, invalid});
        QCOMPARE(failure(invalid).field, "$.name");
        QVERIFY(failure(invalid).message.contains("$.name"));
        cases.append({ProviderErrorCode::NotFound, TroubleKind::Input,
                      call(owner, "GET", "/v1/workspaces/nope")});
        cases.append({ProviderErrorCode::Conflict, TroubleKind::Input,
                      call(owner, "POST", "/v1/workspaces", {{"name", "ws1"}})});
        // Transient: 429 with Retry-After and 503, after the retries run out.
        RetryPolicy once;
        once.maxAttempts = 1;
        m_transport->setRetryPolicy(once);
        m_server->injectFailures(1, 429, "7");
        const auto limited = call(owner, "GET", "/v1/account");
        cases.append({ProviderErrorCode::RateLimited, TroubleKind::Transient, limited});
        QCOMPARE(failure(limited).retryAfterMs, 7000);
        m_server->injectFailures(1, 503);
        cases.append({ProviderErrorCode::Unavailable, TroubleKind::Transient,
                      call(owner, "GET", "/v1/account")});
        // Credentials, a closed port, and a redirect (never followed on a signed call).
        const ProviderClient wrongSecret(m_transport.get(), profile(), "not-the-secret");
        cases.append({ProviderErrorCode::Unauthenticated, TroubleKind::Permission,
                      call(wrongSecret, "GET", "/v1/account")});
        QTcpServer closed;
        QVERIFY(closed.listen(QHostAddress::LocalHost, 0));
        ProviderProfile gone = profile();
        gone.baseUrl.setPort(closed.serverPort());
        closed.close();
        cases.append({ProviderErrorCode::Network, TroubleKind::Transient,
                      call(ProviderClient(m_transport.get(), gone, "x"), "GET", "/v1/account")});
        m_server->faults().redirect = 1;
        cases.append({ProviderErrorCode::BadResponse, TroubleKind::Fault,
                      call(owner, "GET", "/v1/account")});

        QCOMPARE(cases.size(), 12); // every code the API and the client know
        for (const Case &c : cases) {
            QVERIFY2(!c.result, qPrintable(providerErrorKey(c.code)));
            const ProviderError &e = c.result.error();
            QVERIFY2(e.code == c.code, qPrintable(providerErrorKey(c.code) + " got " +
                                                  providerErrorKey(e.code) + " " + e.details));
            QCOMPARE(e.trouble(), c.trouble);
            QVERIFY(!e.message.isEmpty());
            QVERIFY2(!e.details.isEmpty(), qPrintable(providerErrorKey(c.code)));
            QCOMPARE(e.toError().message, e.message);
        }
    }

    void createsHappenExactlyOnceUnderEachFault_data()
    {
        QTest::addColumn<QString>("fault");
        QTest::newRow("reset after commit") << "reset";
        QTest::newRow("503 then success") << "503";
        QTest::newRow("429 with Retry-After") << "429";
        QTest::newRow("stalled body") << "stall";
        QTest::newRow("latency") << "latency";
    }
    void createsHappenExactlyOnceUnderEachFault()
    {
        QFETCH(QString, fault);
        if (fault == "reset")
            m_server->faults().resetAfterCommit = 1;
        else if (fault == "503")
            m_server->injectFailures(2, 503);
        else if (fault == "429")
            m_server->injectFailures(1, 429, "1");
        else if (fault == "stall")
            m_server->faults().stallBody = 1;
        else
            m_server->faults().latencyMs = 200;
        ProviderClient owner = client();
        owner.setStallSeconds(1);
        const QByteArray key = newIdempotencyKey();
        const auto r = call(owner, "POST", "/v1/workspaces", {{"name", "once"}}, key);
        if (fault == "stall") {
            // The stall is noticed by the transfer's low-speed limit and the call retried with
            // the same key, which answers what the first one did.
            QVERIFY2(r, qPrintable(r ? QString() : r.error().details));
            QCOMPARE(r->value("name").toString(), "once");
        } else {
            QVERIFY2(r, qPrintable(r ? QString() : r.error().details));
            QCOMPARE(r->value("name").toString(), "once");
        }
        m_server->faults() = {};
        const auto again = call(owner, "POST", "/v1/workspaces", {{"name", "once"}}, key);
        QVERIFY(again);
        QCOMPARE(again->value("name").toString(), "once");
        QCOMPARE(m_server->countOf("ws"), 1);
        // Without a key the same create is not repeated: a conflict, not a second workspace.
        const auto noKey = call(owner, "POST", "/v1/workspaces", {{"name", "once"}});
        QCOMPARE(failure(noKey).code, ProviderErrorCode::Conflict);
    }

    void aRestartMidRequestReusesTheSavedKey()
    {
        makeWorkspace();
        // The first attempt's answer is lost and the app quits before retrying.
        // A fresh connection: libcurl itself resends a request once when a *reused* connection
        // turns out dead, which would hide the lost answer this test is about.
        m_transport = std::make_unique<Transport>();
        RetryPolicy once;
        once.maxAttempts = 1;
        m_transport->setRetryPolicy(once);
        m_server->faults().resetAfterCommit = 1;
        const QByteArray savedKey = newIdempotencyKey(); // kept in the onboarding state
        const QJsonObject body{{"instanceType", "gpu.a100-80g.1"}, {"zone", "cn-north-1a"}};
        const auto lost = call(client(), "POST", "/v1/workspaces/ws1/instances", body, savedKey);
        QCOMPARE(failure(lost).code, ProviderErrorCode::Network);
        QCOMPARE(m_server->countOf("instance"), 1);
        // Next run: a new transport and client, the key read back from the state file.
        m_transport = std::make_unique<Transport>();
        const auto resumed = call(client(), "POST", "/v1/workspaces/ws1/instances", body, savedKey);
        QVERIFY(resumed);
        QCOMPARE(m_server->countOf("instance"), 1);
        // The same key for a different body is refused, not silently reused.
        QJsonObject other = body;
        other["instanceType"] = "gpu.l40s.1";
        QCOMPARE(
            failure(call(client(), "POST", "/v1/workspaces/ws1/instances", other, savedKey)).code,
            ProviderErrorCode::Conflict);
    }

    void aJobIsARealProcessWithLogMetricsAndAudit()
    {
        makeWorkspace();
        const ProviderClient dev = client("zhang");
        const auto submitted = call(dev, "POST", "/v1/workspaces/ws1/jobs",
                                    probeJob({"--steps", "40"}), newIdempotencyKey());
        QVERIFY2(submitted, qPrintable(submitted ? QString() : submitted.error().details));
        const QString id = submitted->value("id").toString();
        const QJsonObject done = waitForJob(dev, id);
        QCOMPARE(done["state"].toString(), "succeeded");
        QCOMPARE(done["exitCode"].toInt(), 0);
        // The log, read from an offset in pieces, ends with the probe's verdict.
        QString log;
        qint64 offset = 0;
        for (int i = 0; i < 100; ++i) {
            const auto part =
                call(dev, "GET",
                     QStringLiteral("/v1/jobs/%1/logs?offset=%2&limit=512").arg(id).arg(offset));
            QVERIFY(part);
            QCOMPARE(part->value("offset").toInteger(), offset);
            log += part->value("text").toString();
            offset = part->value("nextOffset").toInteger();
            if (part->value("eof").toBool())
                break;
        }
        QVERIFY(log.contains("\"event\":\"fingerprint\""));
        QVERIFY(log.contains("\"event\":\"verdict\""));
        const auto metrics =
            call(dev, "GET", QStringLiteral("/v1/jobs/%1/metrics?since=30").arg(id));
        QVERIFY(metrics);
        QCOMPARE(metrics->value("points").toArray().size(), 10);
        QCOMPARE(metrics->value("points").toArray().first()["step"].toInt(), 31);
        // A position that is not a whole number in range is refused by name, never read as 0.
        for (const QString &query : {QStringLiteral("logs?offset=abc"), QStringLiteral("logs?offset=-1"),
                                     QStringLiteral("logs?limit=0"), QStringLiteral("logs?limit=1048577"),
                                     QStringLiteral("metrics?since=1e3")}) {
            const auto refused = call(dev, "GET", QStringLiteral("/v1/jobs/%1/").arg(id) + query);
            QVERIFY2(!refused, qPrintable(query));
            QCOMPARE(refused.error().code, ProviderErrorCode::ValidationFailed);
            QCOMPARE(refused.error().field, u'?' + query.section(u'?', 1).section(u'=', 0, 0));
        }
        // The observer reads status and logs (the guides' defaults); another developer sees the
        // status but not zhang's log.
        QVERIFY(call(client("zhao"), "GET", QStringLiteral("/v1/jobs/%1/logs").arg(id)));
        QVERIFY(call(client(), "POST", "/v1/workspaces/ws1/members",
                     {{"account", "wu"}, {"role", "developer"}}));
        QVERIFY(call(client("wu"), "GET", "/v1/jobs/" + id));
        const auto refused = call(client("wu"), "GET", QStringLiteral("/v1/jobs/%1/logs").arg(id));
        QCOMPARE(failure(refused).code, ProviderErrorCode::Forbidden);
        QCOMPARE(failure(refused).action, "view_all_logs");
        // Usage is accounted per member and topic; the admin reads the audit trail.
        const auto usage = call(client("li"), "GET", "/v1/workspaces/ws1/usage");
        QVERIFY(usage);
        QVERIFY(usage->value("usedCardHours").toDouble() > 0);
        QVERIFY(usage->value("perMember").toObject().contains("zhang"));
        QVERIFY(usage->value("perTopic").toObject().contains("first-run"));
        const auto trail = call(client("li"), "GET", "/v1/workspaces/ws1/audit");
        QVERIFY(trail);
        QStringList actions;
        for (const QJsonValue &e : trail->value("entries").toArray())
            actions << e["action"].toString();
        QCOMPARE(actions, (QStringList{"workspace.create", "quota.attach", "member.add",
                                       "member.add", "member.add", "job.submit", "member.add"}));
        QCOMPARE(failure(call(dev, "GET", "/v1/workspaces/ws1/audit")).code,
                 ProviderErrorCode::Forbidden);
    }

    // A job sees none of the host's secrets, cannot write the data folder (also when the
    // sandbox runs as root), and another member's metrics carry numbers only, never log text.
    void jobsAreConfined()
    {
        const QList<QByteArray> canaries = {"AWS_SECRET_ACCESS_KEY", "ONRAMP_SECRET_ACCESS_KEY",
                                            "HF_TOKEN", "GITHUB_TOKEN"};
        for (const QByteArray &name : canaries)
            qputenv(name.constData(), "canary-" + name);
        const auto unset = qScopeGuard([&] {
            for (const QByteArray &name : canaries)
                qunsetenv(name.constData());
        });
        makeWorkspace();
        const ProviderClient dev = client("zhang");
        const auto inst = call(dev, "POST", "/v1/workspaces/ws1/instances",
                               {{"instanceType", "gpu.a100-80g.1"}, {"zone", "cn-north-1a"}},
                               newIdempotencyKey());
        QVERIFY(inst);
        const QJsonObject paths = inst->value("paths").toObject();
        const QString home = QFileInfo(paths["output"].toString()).path();
        const QString data = QFileInfo(paths["data"].toString()).canonicalFilePath();
        QVERIFY(QDir(home).mkpath("scripts"));
        QFile script(home + "/scripts/escape.sh");
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write("env\n"
                     "touch \"$ONRAMP_DATA_DIR/planted\" 2>/dev/null\n"
                     "chmod u+w \"$ONRAMP_DATA_DIR\" 2>/dev/null\n"
                     "touch \"$ONRAMP_DATA_DIR/planted-after-chmod\" 2>/dev/null\n"
                     "echo '{\"event\":\"step\",\"step\":1,\"loss\":0.5,\"note\":\"log text\"}'\n"
                     "exit 0\n");
        script.close();
        const auto j =
            call(dev, "POST", "/v1/workspaces/ws1/jobs",
                 {{"instanceId", inst->value("id")},
                  {"launch", QJsonObject{{"mode", "file"}, {"entry", "scripts/escape.sh"}}}});
        QVERIFY(j);
        const QString id = j->value("id").toString();
        QCOMPARE(waitForJob(dev, id)["state"].toString(), "succeeded");
        const auto log = call(dev, "GET", QStringLiteral("/v1/jobs/%1/logs").arg(id));
        QVERIFY(log);
        const QString text = log->value("text").toString();
        QVERIFY2(text.contains("ONRAMP_DATA_DIR="), qPrintable(text)); // the env was printed
        QVERIFY2(!text.contains("canary-"), qPrintable(text));
        QVERIFY(!QFile::exists(data + "/planted"));
        // A job that chmods the folder back still cannot write in it: as nobody the chmod fails;
        // as root (the sandbox under a closed folder) it may succeed, and Landlock refuses the
        // write that follows.
        QVERIFY(!QFile::exists(data + "/planted-after-chmod"));
        // Another developer sees the job's numbers, not its log text.
        QVERIFY(call(client(), "POST", "/v1/workspaces/ws1/members",
                     {{"account", "wu"}, {"role", "developer"}}));
        const auto metrics =
            call(client("wu"), "GET", QStringLiteral("/v1/jobs/%1/metrics").arg(id));
        QVERIFY(metrics);
        const QJsonArray points = metrics->value("points").toArray();
        QCOMPARE(points.size(), 1);
        QCOMPARE(points[0]["loss"].toDouble(), 0.5);
        QVERIFY(!points[0].toObject().contains("note"));
        QCOMPARE(
            failure(call(client("wu"), "GET", QStringLiteral("/v1/jobs/%1/logs").arg(id))).code,
            ProviderErrorCode::Forbidden);
    }

    // A job gets its standard streams and nothing else of the program that hosts the sandbox:
    // Linux hands a child every descriptor without FD_CLOEXEC (libcurl's sockets, say, in the
    // wizard that loads the sandbox), and a job could read or write the listening socket, a
    // client's connection or a file the host has open.
    void jobsInheritOnlyTheirStandardStreams()
    {
        const int socketFd = ::socket(AF_INET, SOCK_STREAM, 0); // no SOCK_CLOEXEC
        QTemporaryFile secret;
        QVERIFY(secret.open());
        const int fileFd = ::open(QFile::encodeName(secret.fileName()).constData(), O_RDONLY);
        QVERIFY(socketFd > 2 && fileFd > 2);
        const auto closeThem = qScopeGuard([&] {
            ::close(socketFd);
            ::close(fileFd);
        });
        makeWorkspace();
        // Listed from a child of the job's shell, so the listing's own descriptor is not there.
        const ScriptRun run = runScriptJob("ls -l /proc/$$/fd/\n");
        QCOMPARE(run.state, "succeeded");
        int listed = 0;
        for (const QString &line : run.log.split(u'\n')) {
            const qsizetype arrow = line.indexOf(QLatin1String(" -> "));
            if (arrow < 0)
                continue;
            ++listed;
            const QString target = line.mid(arrow + 4);
            const int fd = line.left(arrow).section(u' ', -1).toInt();
            // The shell's own: the script it reads, and /dev/null (dash keeps one).
            if (fd > 2)
                QVERIFY2(target == run.script || target == QLatin1String("/dev/null"),
                         qPrintable(line + "\n" + run.log));
        }
        QVERIFY2(listed >= 3, qPrintable(run.log));
    }

    // A job that runs as the sandbox's own user owns the data folder: its 0555 alone would not
    // hold a `chmod u+w`. It writes its output and scratch folders, and nothing else: not the
    // data folder (before or after a chmod), not the sandbox's store. As root the sandbox runs
    // jobs as itself where nobody cannot reach its folders (a closed temporary folder here);
    // not root, it always does.
    void jobsWriteOnlyTheirOwnFoldersAsTheSandboxUser()
    {
        if (::syscall(SYS_landlock_create_ruleset, nullptr, 0, 1U /* VERSION */) < 1)
            QSKIP("no Landlock in this kernel: the sandbox logs that jobs are not confined");
        QTemporaryDir closed; // 0700: nobody cannot reach below it
        QVERIFY(closed.isValid());
        const QString root = closed.filePath("sandbox");
        m_server = std::make_unique<SandboxServer>();
        m_server->setProbeProgram(QStringLiteral(ONRAMP_PROBE));
        QVERIFY(m_server->start(QHostAddress::LocalHost, 0, root));
        makeWorkspace();
        const ScriptRun run =
            runScriptJob("echo \"uid $(id -u)\"\n"
                         "touch \"$ONRAMP_DATA_DIR/planted\" 2>/dev/null\n"
                         "chmod u+w \"$ONRAMP_DATA_DIR\" && echo chmod-done\n"
                         "touch \"$ONRAMP_DATA_DIR/planted-after-chmod\" 2>/dev/null\n"
                         "touch \"$ONRAMP_DATA_DIR/sample/planted\" 2>/dev/null\n"
                         "touch \"" +
                         root.toUtf8() +
                         "/planted\" 2>/dev/null\n"
                         "touch \"$ONRAMP_OUTPUT_DIR/written\" \"$ONRAMP_SCRATCH_DIR/written\"\n");
        QCOMPARE(run.state, "succeeded");
        // It ran as the sandbox's own user, and owns the folder.
        QVERIFY2(run.log.contains(QStringLiteral("uid %1\n").arg(::geteuid())),
                 qPrintable(run.log));
        QVERIFY2(run.log.contains("chmod-done"), qPrintable(run.log));
        for (const QString &planted : {run.data + "/planted", run.data + "/planted-after-chmod",
                                       run.data + "/sample/planted", root + "/planted"})
            QVERIFY2(!QFile::exists(planted), qPrintable(planted));
        const QString home = QFileInfo(run.script).path() + "/..";
        QVERIFY(QFile::exists(home + "/output/written"));
        QVERIFY(QFile::exists(home + "/scratch/written"));
    }

    // Found attacking the sandbox (#19): a job's `count` of instances multiplied by the type's
    // cards as an int, so 2^29 instances of 8 cards wrapped around to 0 cards (or fewer): the
    // job ran, and used no quota or stock. It is a whole number from 1 to 1024.
    void aJobsInstanceCountIsAWholeNumberThatFits_data()
    {
        QTest::addColumn<QJsonValue>("count");
        QTest::newRow("2^29 × 8 cards wraps to 0") << QJsonValue(536870912);
        QTest::newRow("wraps below 0") << QJsonValue(268435457);
        QTest::newRow("zero") << QJsonValue(0);
        QTest::newRow("a fraction") << QJsonValue(1.5);
        QTest::newRow("text") << QJsonValue("2");
        QTest::newRow("1025") << QJsonValue(1025);
    }
    void aJobsInstanceCountIsAWholeNumberThatFits()
    {
        QFETCH(QJsonValue, count);
        makeWorkspace();
        QJsonObject job = probeJob({"--steps", "1"});
        job["count"] = count;
        const auto r = call(client("zhang"), "POST", "/v1/workspaces/ws1/jobs", job);
        QCOMPARE(failure(r).httpStatus, 400);
        QCOMPARE(failure(r).field, "$.count");
        job["count"] = 2;
        const auto two = call(client("zhang"), "POST", "/v1/workspaces/ws1/jobs", job);
        QVERIFY(two);
        QCOMPARE(two->value("cards").toInt(), 2);
    }

    // Found attacking the sandbox (#19): what a job leaves in its output folder and what is in
    // the data folder are listed and read as themselves, never through a symlink: a job's
    // link to a host file in its checkpoints showed that file's size and time, and a link in
    // the data folder (where a job is not confined: a kernel without Landlock) served the
    // host file's bytes to any member.
    void checkpointSymlinksAreNotListed()
    {
        makeWorkspace();
        const ScriptRun run = runScriptJob("mkdir -p \"$ONRAMP_OUTPUT_DIR/checkpoints\"\n"
                                           "cd \"$ONRAMP_OUTPUT_DIR/checkpoints\"\n"
                                           "echo saved > step-1.ckpt\n"
                                           "ln -s /etc/passwd step-2.ckpt\n"
                                           "ln -s /etc link\n");
        QCOMPARE(run.state, "succeeded");
        const ProviderClient dev = client("zhang");
        const auto jobs = call(dev, "GET", "/v1/workspaces/ws1/jobs");
        QVERIFY(jobs);
        const QString id = jobs->value("jobs").toArray().last()["id"].toString();
        const auto listed = call(dev, "GET", QStringLiteral("/v1/jobs/%1/checkpoints").arg(id));
        QVERIFY(listed);
        QStringList names;
        for (const QJsonValue &c : listed->value("checkpoints").toArray())
            names << c["name"].toString();
        QCOMPARE(names, QStringList{"step-1.ckpt"});
    }
    void dataSymlinksAreNotRead()
    {
        makeWorkspace();
        const ScriptRun run = runScriptJob("true\n"); // an instance, and its data folder
        QCOMPARE(run.state, "succeeded");
        const ProviderClient dev = client("zhang");
        // A link planted in the data folder, as a job could where it is not confined.
        QFile::setPermissions(run.data, QFile::permissions(run.data) | QFileDevice::WriteOwner);
        QVERIFY(QFile::link("/etc/passwd", run.data + "/leak"));
        const auto read = call(dev, "GET", "/v1/workspaces/ws1/data?path=leak&length=64");
        QCOMPARE(failure(read).httpStatus, 404);
        const auto listing = call(dev, "GET", "/v1/workspaces/ws1/data");
        QVERIFY(listing);
        for (const QJsonValue &f : listing->value("files").toArray())
            QVERIFY2(f["path"].toString() != "leak", qPrintable(f["path"].toString()));
        QVERIFY(call(dev, "GET", "/v1/workspaces/ws1/data?path=sample%2Fshard-000.bin&length=4"));
    }

    // Found attacking the sandbox (#19): an upload placed through a symlinked folder in the data
    // folder (one a job could plant where it is not confined) wrote the file wherever the link
    // led, as the sandbox's user. It is refused, and nothing is written there.
    void anUploadIsPlacedInsideTheDataFolder()
    {
        makeWorkspace();
        const ScriptRun run = runScriptJob("true\n"); // an instance, and its data folder
        QCOMPARE(run.state, "succeeded");
        QTemporaryDir outside;
        QFile::setPermissions(run.data, QFile::permissions(run.data) | QFileDevice::WriteOwner);
        QVERIFY(QFile::link(outside.path(), run.data + "/away"));
        const ProviderClient dev = client("zhang");
        const QByteArray file(2000, 'x');
        const auto up = call(dev, "POST", "/v1/workspaces/ws1/uploads",
                             {{"path", "away/planted.bin"},
                              {"size", file.size()},
                              {"chunkSize", 2000},
                              {"sha256", QString::fromLatin1(sha256Hex(file))}});
        QVERIFY(up);
        const QString base = "/v1/uploads/" + up->value("id").toString();
        QVERIFY(await([&](ProviderClient::Done d) {
            dev.requestBytes("PUT", base + "/chunks/0", file, {{"X-Chunk-Sha256", sha256Hex(file)}},
                             {}, this, std::move(d));
        }));
        const auto done = call(dev, "POST", base + ":complete");
        QCOMPARE(failure(done).field, "$.path");
        QVERIFY(!QFile::exists(outside.filePath("planted.bin")));
    }

    // The URL `sandbox serve` prints ends in /v1, as the API's server URLs do: it works as given.
    void aBaseUrlEndingInV1WorksAsGiven()
    {
        for (const QString &base :
             {QStringLiteral("http://127.0.0.1:%1/v1"), QStringLiteral("http://127.0.0.1:%1/v1/"),
              QStringLiteral("http://127.0.0.1:%1")}) {
            ProviderProfile p = profile();
            p.baseUrl = QUrl(base.arg(m_server->port()));
            const ProviderClient c(m_transport.get(), p, m_server->credentials().secret);
            const auto account = call(c, "GET", "/v1/account");
            QVERIFY2(account,
                     qPrintable(base + ": " + (account ? QString() : account.error().details)));
            QCOMPARE(account->value("accountId").toString(),
                     QString::fromLatin1(m_server->credentials().accessKeyId));
        }
    }

    void interruptAndCancelReachTheProcess()
    {
        makeWorkspace();
        const ProviderClient dev = client("zhang");
        const auto long1 =
            call(dev, "POST", "/v1/workspaces/ws1/jobs", probeJob({"--steps", "1000000"}));
        const auto long2 =
            call(dev, "POST", "/v1/workspaces/ws1/jobs", probeJob({"--steps", "1000000"}));
        QVERIFY(long1 && long2);
        QCOMPARE(long1->value("state").toString(), "running");
        QVERIFY(call(dev, "POST", "/v1/jobs/" + long1->value("id").toString() + ":interrupt"));
        QVERIFY(call(dev, "POST", "/v1/jobs/" + long2->value("id").toString() + ":cancel"));
        QCOMPARE(waitForJob(dev, long1->value("id").toString())["state"].toString(), "interrupted");
        QCOMPARE(waitForJob(dev, long2->value("id").toString())["state"].toString(), "cancelled");
        // Another developer may not stop zhang's job.
        QVERIFY(call(client(), "POST", "/v1/workspaces/ws1/members",
                     {{"account", "wu"}, {"role", "developer"}}));
        const auto third =
            call(dev, "POST", "/v1/workspaces/ws1/jobs", probeJob({"--steps", "1000000"}));
        QCOMPARE(failure(call(client("wu"), "POST",
                              "/v1/jobs/" + third->value("id").toString() + ":cancel"))
                     .code,
                 ProviderErrorCode::Forbidden);
        QVERIFY(
            call(client("li"), "POST", "/v1/jobs/" + third->value("id").toString() + ":cancel"));
    }

    void queuedJobsSayWhetherQuotaOrStockIsShort()
    {
        makeWorkspace(1e-9); // a sliver of quota, used up by the first job
        const ProviderClient dev = client("zhang");
        m_server->faults().stockOut = true;
        const auto stock = call(dev, "POST", "/v1/workspaces/ws1/jobs", probeJob({"--steps", "5"}));
        QVERIFY(stock);
        QCOMPARE(stock->value("state").toString(), "queued");
        QCOMPARE(stock->value("reason")["kind"].toString(), "stock");
        m_server->faults().stockOut = false;
        // Stock is back: the queued job starts when next looked at, and uses the quota up.
        QCOMPARE(waitForJob(dev, stock->value("id").toString())["state"].toString(), "succeeded");
        const auto quota = call(dev, "POST", "/v1/workspaces/ws1/jobs", probeJob({"--steps", "5"}));
        QVERIFY(quota);
        QCOMPARE(quota->value("state").toString(), "queued");
        QCOMPARE(quota->value("reason")["kind"].toString(), "quota");
    }

    void instancesAreFoldersAndReleaseGivesStockBack()
    {
        makeWorkspace();
        const ProviderClient dev = client("zhang");
        const auto inst = call(dev, "POST", "/v1/workspaces/ws1/instances",
                               {{"instanceType", "gpu.a100-80g.8"}, {"zone", "cn-north-1a"}},
                               newIdempotencyKey());
        QVERIFY(inst);
        const QJsonObject paths = inst->value("paths").toObject();
        QVERIFY(QFileInfo(paths["output"].toString()).isDir());
        QVERIFY(QFileInfo(paths["scratch"].toString()).isDir());
        QVERIFY(QFileInfo(paths["data"].toString()).isDir());
        QVERIFY(!(QFileInfo(paths["data"].toString()).permissions() & QFileDevice::WriteOwner));
        const auto stockOf = [&] {
            const auto r = call(dev, "GET", "/v1/catalog/regions");
            for (const QJsonValue &region : r->value("regions").toArray())
                for (const QJsonValue &z : region["zones"].toArray())
                    if (z["zone"].toString() == "cn-north-1a")
                        return z["stock"]["a100-80g"].toInt();
            return -1;
        };
        QCOMPARE(stockOf(), 8);
        // A job on the instance writes into its output folder.
        const QJsonObject job{
            {"instanceId", inst->value("id")},
            {"launch", QJsonObject{{"mode", "builtin"}, {"entry", "fingerprint"}}}};
        const auto j = call(dev, "POST", "/v1/workspaces/ws1/jobs", job);
        QVERIFY(j);
        QCOMPARE(waitForJob(dev, j->value("id").toString())["state"].toString(), "succeeded");
        // The observer may not release; the developer may, twice without harm.
        const QString path = "/v1/instances/" + inst->value("id").toString();
        QCOMPARE(failure(call(client("zhao"), "DELETE", path)).code, ProviderErrorCode::Forbidden);
        QCOMPARE(call(dev, "DELETE", path)->value("state").toString(), "released");
        QCOMPARE(call(dev, "DELETE", path)->value("state").toString(), "released");
        QCOMPARE(stockOf(), 16);
        QCOMPARE(failure(call(dev, "POST", "/v1/workspaces/ws1/jobs", job)).code,
                 ProviderErrorCode::Conflict);
    }

    void dataArrivesInCheckedChunksAndResumes()
    {
        makeWorkspace();
        const ProviderClient dev = client("zhang");
        QByteArray file(2500 * 3 + 17, Qt::Uninitialized);
        for (qsizetype i = 0; i < file.size(); ++i)
            file[i] = char((i * 7919) % 251);
        const auto up = call(dev, "POST", "/v1/workspaces/ws1/uploads",
                             {{"path", "train/part-0.bin"},
                              {"size", file.size()},
                              {"chunkSize", 2500},
                              {"sha256", QString::fromLatin1(sha256Hex(file))}});
        QVERIFY2(up, qPrintable(up ? QString() : up.error().details));
        QCOMPARE(up->value("chunks").toInt(), 4);
        const QString base = "/v1/uploads/" + up->value("id").toString();
        const auto sendChunk = [&](int n, QByteArray bytes, QByteArray sum = {}) {
            if (sum.isEmpty())
                sum = sha256Hex(bytes);
            return await([&](ProviderClient::Done d) {
                dev.requestBytes("PUT", base + "/chunks/" + QString::number(n), bytes,
                                 {{"X-Chunk-Sha256", sum}}, {}, this, std::move(d));
            });
        };
        QVERIFY(sendChunk(0, file.mid(0, 2500)));
        QVERIFY(sendChunk(2, file.mid(5000, 2500)));
        // A chunk damaged on the way is refused by its checksum.
        QByteArray damaged = file.mid(2500, 2500);
        damaged[10] = ~damaged[10];
        const auto bad = sendChunk(1, damaged, sha256Hex(file.mid(2500, 2500)));
        QCOMPARE(failure(bad).field, "X-Chunk-Sha256");
        QCOMPARE(failure(call(dev, "POST", base + ":complete")).code, ProviderErrorCode::Conflict);
        // Resume: ask what arrived, send the rest.
        const auto state = call(dev, "GET", base);
        QVERIFY(state);
        QList<int> have;
        for (const QJsonValue &v : state->value("received").toArray())
            have << v.toInt();
        std::sort(have.begin(), have.end());
        QCOMPARE(have, (QList<int>{0, 2}));
        QVERIFY(sendChunk(1, file.mid(2500, 2500)));
        QVERIFY(sendChunk(3, file.mid(7500)));
        QVERIFY(call(dev, "POST", base + ":complete"));
        const auto list = call(dev, "GET", "/v1/workspaces/ws1/data?path=train");
        QVERIFY(list);
        QCOMPARE(list->value("files").toArray().size(), 1);
        QCOMPARE(list->value("files")[0]["size"].toInteger(), file.size());
        const auto range = call(
            dev, "GET", "/v1/workspaces/ws1/data?path=train/part-0.bin&offset=2400&length=200");
        QVERIFY(range);
        QCOMPARE(QByteArray::fromBase64(range->value("base64").toString().toLatin1()),
                 file.mid(2400, 200));
        QCOMPARE(failure(call(dev, "GET", "/v1/workspaces/ws1/data?path=../../etc")).field, "path");
    }

private:
    // docs/provider-api.yaml, read as far as these tests need: each operation's method, path and
    // documented success statuses with the schema of its answer, and each component schema's
    // required fields and property types. (The file is flow-style YAML written by hand; its layout
    // is what is parsed, and the counts below fail when the layout changes.)
    struct ApiSchema
    {
        QStringList required;
        QHash<QString, QString> types; // property → type
    };
    struct ApiOperation
    {
        QByteArray method;
        QString path;
        QHash<int, QString> success; // status → schema line ("$ref: …Job", "jobs: … Job", …)
    };
    static QString schemaRef(const QString &text)
    {
        static const QRegularExpression ref(QStringLiteral(R"(#/components/schemas/(\w+))"));
        const auto m = ref.match(text);
        return m.hasMatch() ? m.captured(1) : QString();
    }
    static std::pair<QList<ApiOperation>, QHash<QString, ApiSchema>> readApi()
    {
        QFile yaml(QStringLiteral(ONRAMP_SOURCE_DIR "/docs/provider-api.yaml"));
        if (!yaml.open(QIODevice::ReadOnly | QIODevice::Text))
            return {};
        static const QRegularExpression pathLine(QStringLiteral(R"(^  (/\S+):$)"));
        static const QRegularExpression methodLine(
            QStringLiteral(R"(^    (get|post|put|delete|patch):)"));
        static const QRegularExpression statusLine(
            QStringLiteral(R"re(^        "(2\d\d)":(.*)$)re"));
        static const QRegularExpression schemaLine(QStringLiteral(R"(^    (\w+):$)"));
        static const QRegularExpression requiredLine(
            QStringLiteral(R"(^      required: \[(.*)\]$)"));
        static const QRegularExpression propertyLine(
            QStringLiteral(R"(^        (\w+): \{type: (\w+))"));
        QList<ApiOperation> operations;
        QHash<QString, ApiSchema> schemas;
        QString path, schema;
        bool components = false;
        int pendingStatus = 0; // a status whose schema follows on the next lines
        while (!yaml.atEnd()) {
            const QString line = QString::fromUtf8(yaml.readLine()).chopped(1);
            if (line.startsWith(QLatin1String("components:"))) {
                components = true;
                continue;
            }
            if (!components) {
                if (const auto m = pathLine.match(line); m.hasMatch()) {
                    path = m.captured(1);
                } else if (const auto m = methodLine.match(line); m.hasMatch() && !path.isEmpty()) {
                    operations.append({m.captured(1).toUpper().toLatin1(), path, {}});
                    pendingStatus = 0;
                } else if (const auto m = statusLine.match(line);
                           m.hasMatch() && !operations.isEmpty()) {
                    pendingStatus = m.captured(1).toInt();
                    operations.last().success.insert(pendingStatus, m.captured(2));
                } else if (pendingStatus && line.startsWith(QLatin1String("          "))) {
                    operations.last().success[pendingStatus] += line;
                } else {
                    pendingStatus = 0;
                }
                continue;
            }
            if (const auto m = schemaLine.match(line); m.hasMatch()) {
                schema = m.captured(1);
                schemas.insert(schema, {});
            } else if (const auto m = requiredLine.match(line); m.hasMatch() && !schema.isEmpty()) {
                for (const QString &f : m.captured(1).split(u','))
                    schemas[schema].required << f.trimmed();
            } else if (const auto m = propertyLine.match(line); m.hasMatch() && !schema.isEmpty()) {
                schemas[schema].types.insert(m.captured(1), m.captured(2));
            }
        }
        return {operations, schemas};
    }
    static bool hasType(const QJsonValue &v, const QString &type)
    {
        if (type == QLatin1String("string"))
            return v.isString();
        if (type == QLatin1String("integer"))
            return v.isDouble() && v.toDouble() == std::floor(v.toDouble());
        if (type == QLatin1String("number"))
            return v.isDouble();
        if (type == QLatin1String("boolean"))
            return v.isBool();
        if (type == QLatin1String("array"))
            return v.isArray();
        if (type == QLatin1String("object"))
            return v.isObject();
        return false;
    }
    // What in `body` disagrees with the schema: a required field missing, a field of the wrong
    // type (null stands for "not set" and is allowed). Empty when it agrees.
    static QStringList shapeErrors(const QJsonObject &body, const ApiSchema &schema,
                                   const QString &where)
    {
        QStringList errors;
        for (const QString &f : schema.required) {
            if (!body.contains(f))
                errors << where + u'.' + f + QStringLiteral(" is required");
        }
        for (auto it = schema.types.begin(); it != schema.types.end(); ++it) {
            const QJsonValue v = body.value(it.key());
            if (!v.isUndefined() && !v.isNull() && !hasType(v, it.value()))
                errors << where + u'.' + it.key() + QStringLiteral(" is not ") + it.value();
        }
        return errors;
    }

    // One signed call as the client makes it, with its raw status and body.
    HttpResponse raw(const ProviderClient &c, const QByteArray &method, const QString &path,
                     const QJsonObject &body)
    {
        HttpCall call;
        call.method = method;
        QUrl url = c.profile().baseUrl;
        const int q = path.indexOf(u'?');
        url.setPath(q < 0 ? path : path.left(q));
        if (q >= 0)
            url.setQuery(path.mid(q + 1));
        call.url = url;
        call.parseJson = true;
        if (!body.isEmpty()) {
            call.body = QJsonDocument(body).toJson(QJsonDocument::Compact);
            call.headers.append({QByteArray("Content-Type"), QByteArray("application/json")});
        }
        std::optional<HttpResponse> got;
        m_transport->send(
            call, this, [&](const HttpResponse &r) { got = r; }, [c](HttpCall &x) { c.sign(x); });
        QElapsedTimer t;
        t.start();
        while (!got && t.elapsed() < 20000)
            QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        return got.value_or(HttpResponse{});
    }

private slots:
    // The published API and the sandbox agree: every documented path and method reaches a
    // handler and answers with a documented status. With the dummy ids and bodies sent here
    // that is a documented success whose body has the documented shape, or an error of the
    // documented shape whose code fits its status and the input (bad body, unknown id, state):
    // never 401 (a signing disagreement), 405, 5xx or an undocumented status.
    void everyDocumentedOperationIsServed()
    {
        const auto [operations, schemas] = readApi();
        QVERIFY(operations.size() >= 35);
        QVERIFY(schemas.contains("Error") && schemas.contains("Job"));
        QCOMPARE(schemas["Error"].required, (QStringList{"code", "message"}));
        QCOMPARE(schemas["Job"].types.value("exitCode"), QStringLiteral("integer"));
        static const QHash<QString, int> statusOf = {
            {"validation_failed", 400}, {"forbidden", 403},      {"not_found", 404},
            {"conflict", 409},          {"quota_exceeded", 409}, {"zone_mismatch", 409},
            {"out_of_stock", 409}};
        makeWorkspace();
        const ProviderClient owner = client();
        const QString id = QStringLiteral("00000000-0000-4000-8000-000000000000");
        int succeeded = 0, shapesChecked = 0;
        for (const ApiOperation &op : operations) {
            QString concrete = op.path;
            concrete.replace(QLatin1String("{ws}"), QLatin1String("ws1"))
                .replace(QLatin1String("{id}"), id)
                .replace(QLatin1String("{account}"), QLatin1String("zhang"))
                .replace(QLatin1String("{index}"), QLatin1String("0"));
            const HttpResponse r =
                raw(owner, op.method, QStringLiteral("/v1") + concrete,
                    op.method == "GET" || op.method == "DELETE" ? QJsonObject()
                                                                : QJsonObject{{"x", 1}});
            const QString what = QString::fromLatin1(op.method) + u' ' + op.path +
                                 QStringLiteral(" → HTTP %1 %2")
                                     .arg(r.status)
                                     .arg(QString::fromUtf8(r.body.left(300)));
            QVERIFY2(!op.success.isEmpty(), qPrintable(what));
            const QJsonObject body = r.json.object();
            if (r.status >= 200 && r.status < 300) {
                QVERIFY2(op.success.contains(r.status), qPrintable(what));
                ++succeeded;
                const QString doc = op.success.value(r.status);
                if (doc.contains(QLatin1String("type: array, items: {$ref"))) {
                    // A list: the object's one array property, each item of the schema.
                    static const QRegularExpression listed(
                        QStringLiteral(R"((\w+): \{type: array)"));
                    const QString key = listed.match(doc).captured(1);
                    const QString itemSchema = schemaRef(doc);
                    QVERIFY2(schemas.contains(itemSchema), qPrintable(doc));
                    if (key == QLatin1String("schema"))
                        continue; // a bare array: the client reads only objects (members list)
                    QVERIFY2(body.value(key).isArray(), qPrintable(what));
                    for (const QJsonValue &item : body.value(key).toArray()) {
                        const QStringList e = shapeErrors(item.toObject(), schemas[itemSchema],
                                                          key + QStringLiteral("[]"));
                        QVERIFY2(e.isEmpty(), qPrintable(what + u'\n' + e.join(u'\n')));
                    }
                    ++shapesChecked;
                } else if (const QString ref = schemaRef(doc); !ref.isEmpty()) {
                    QVERIFY2(schemas.contains(ref), qPrintable(doc));
                    const QStringList e = shapeErrors(body, schemas[ref], ref);
                    QVERIFY2(e.isEmpty(), qPrintable(what + u'\n' + e.join(u'\n')));
                    ++shapesChecked;
                }
                continue;
            }
            const QStringList e = shapeErrors(body, schemas["Error"], QStringLiteral("Error"));
            QVERIFY2(e.isEmpty(), qPrintable(what + u'\n' + e.join(u'\n')));
            const QString code = body.value("code").toString();
            QVERIFY2(statusOf.contains(code), qPrintable(what));
            QVERIFY2(statusOf.value(code) == r.status, qPrintable(what));
            QVERIFY2(!body.value("message").toString().contains(QLatin1String("no such resource")),
                     qPrintable(what));
        }
        // Not only errors: the reads of what exists answer with their documented shape.
        qInfo("%d of %lld operations answered with a success, %d shapes checked", succeeded,
              qlonglong(operations.size()), shapesChecked);
        QVERIFY(succeeded >= 10);
        QVERIFY(shapesChecked >= 8);
    }

    // The guides' "cannot resume": a job interrupted for real resumes from its checkpoint with
    // the same step count, optimizer state and losses as a run that was never interrupted.
    void anInterruptedJobResumesWhereItStopped()
    {
        makeWorkspace();
        const ProviderClient dev = client("zhang");
        const auto newInstance = [&] {
            return call(dev, "POST", "/v1/workspaces/ws1/instances",
                        {{"instanceType", "gpu.a100-80g.1"}, {"zone", "cn-north-1a"}})
                ->value("id")
                .toString();
        };
        const auto job = [&](const QString &instance, const QStringList &args) {
            return QJsonObject{{"instanceId", instance},
                               {"launch", QJsonObject{{"mode", "builtin"},
                                                      {"entry", "checkpoint"},
                                                      {"args", QJsonArray::fromStringList(args)}}}};
        };
        const auto logOf = [&](const QString &id) {
            return call(dev, "GET", QStringLiteral("/v1/jobs/%1/logs?limit=1048576").arg(id))
                ->value("text")
                .toString();
        };
        // Losses by step, and the events, from a log.
        const auto read = [](const QString &log, QMap<int, double> *losses,
                             QList<QJsonObject> *events) {
            for (const QString &line : log.split(u'\n', Qt::SkipEmptyParts)) {
                const QJsonObject e = QJsonDocument::fromJson(line.toUtf8()).object();
                if (e["event"] == "step")
                    losses->insert(e["step"].toInt(), e["loss"].toDouble());
                else if (events)
                    events->append(e);
            }
        };
        const QStringList args{"--steps", "120", "--every", "10", "--step-ms", "15"};
        // Reference: uninterrupted.
        const QString a = newInstance();
        const auto ref = call(dev, "POST", "/v1/workspaces/ws1/jobs",
                              job(a, {"--steps", "120", "--every", "10"}));
        QCOMPARE(waitForJob(dev, ref->value("id").toString())["state"].toString(), "succeeded");
        QMap<int, double> reference;
        read(logOf(ref->value("id").toString()), &reference, nullptr);
        QCOMPARE(reference.size(), 120);
        // Interrupted once it has saved a checkpoint, then submitted again on the same instance.
        const QString b = newInstance();
        const auto first = call(dev, "POST", "/v1/workspaces/ws1/jobs", job(b, args));
        const QString firstId = first->value("id").toString();
        QTRY_VERIFY_WITH_TIMEOUT(logOf(firstId).contains("\"event\":\"checkpoint\""), 10000);
        QVERIFY(call(dev, "POST", "/v1/jobs/" + firstId + ":interrupt"));
        const QJsonObject stopped = waitForJob(dev, firstId);
        QCOMPARE(stopped["state"].toString(), "interrupted");
        QCOMPARE(stopped["exitCode"].toInt(), 130); // it caught the signal and saved
        QMap<int, double> before;
        QList<QJsonObject> beforeEvents;
        read(logOf(firstId), &before, &beforeEvents);
        QCOMPARE(beforeEvents.last()["event"].toString(), "interrupted");
        const int stoppedAt = beforeEvents.last()["step"].toInt();
        QVERIFY(stoppedAt > 0 && stoppedAt < 120);
        const auto second = call(dev, "POST", "/v1/workspaces/ws1/jobs", job(b, args));
        QCOMPARE(waitForJob(dev, second->value("id").toString())["state"].toString(), "succeeded");
        QMap<int, double> after;
        QList<QJsonObject> afterEvents;
        read(logOf(second->value("id").toString()), &after, &afterEvents);
        const auto resume =
            std::find_if(afterEvents.begin(), afterEvents.end(),
                         [](const QJsonObject &e) { return e["event"] == "resume"; });
        QVERIFY(resume != afterEvents.end());
        QCOMPARE((*resume)["step"].toInt(), stoppedAt);
        QCOMPARE((*resume)["momentum_norm"].toDouble(),
                 beforeEvents.last()["momentum_norm"].toDouble());
        QCOMPARE(after.firstKey(), stoppedAt + 1);
        QCOMPARE(after.lastKey(), 120);
        for (auto it = before.begin(); it != before.end(); ++it)
            QCOMPARE(it.value(), reference.value(it.key()));
        for (auto it = after.begin(); it != after.end(); ++it)
            QCOMPARE(it.value(), reference.value(it.key()));
        // The checkpoints are listed for the job.
        const auto ckpts =
            call(dev, "GET", "/v1/jobs/" + second->value("id").toString() + "/checkpoints");
        QVERIFY2(ckpts->value("checkpoints").toArray().size() >= 12,
                 qPrintable(QJsonDocument(*ckpts).toJson()));
    }
};

QTEST_GUILESS_MAIN(TestProvider)
#include "tst_provider.moc"
