// The Onramp API client against an API server that is not our sandbox: foreign_api_server.py,
// a few endpoints of docs/provider-api.yaml written from the document alone, with its own SigV4
// verification (Python's hmac, not the client's signer). The typed operations the gates use —
// regions, quota, an instance create, a job's state and log, error answers — must read what the
// document says a server answers; a disagreement between the document and the client fails here.
//
// Needs python3 (scripts/setup-debian.sh --test): skipped without it here, failed in CI.
#include "AwaitAnswer.h"
#include "JobReader.h"
#include "Provider.h"
#include "SkipOrFail.h"
#include "Transport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QStandardPaths>
#include <QtTest>

#include <curl/curl.h>

using namespace onramp;

class TestForeignApi : public QObject
{
    Q_OBJECT

    QProcess m_server;
    std::unique_ptr<Transport> m_transport;
    ProviderProfile m_profile;
    QByteArray m_secret;

    std::shared_ptr<Provider> provider(const QByteArray &secret = {}) const
    {
        return providerFor(m_transport.get(), m_profile, secret.isEmpty() ? m_secret : secret);
    }
    template <class Send> ProviderResult await(Send send)
    {
        return awaitAnswer<ProviderResult>(
            [&](auto done) { send(Provider::Answer(std::move(done))); }, 20000);
    }
    CallContext as(const QString &member, const QByteArray &key = {})
    {
        return {this, member, key};
    }

    // The fixture's job log (foreign_api_server.py: LOG), built here again from its rule.
    static QByteArray expectedLog()
    {
        QByteArray log;
        for (int i = 0; i < 4000; ++i) {
            log += QStringLiteral("step %1 tokens %2")
                       .arg(i, 5, 10, QLatin1Char('0'))
                       .arg(i * 4096)
                       .toUtf8();
            if (i % 10 == 0)
                log += QStringLiteral(" 训练中").toUtf8();
            log += '\n';
        }
        return log;
    }

private slots:
    void initTestCase()
    {
        const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
        if (python.isEmpty())
            ONRAMP_SKIP_OR_FAIL("no python3 for the independent API server "
                                "(scripts/setup-debian.sh --test installs it)");
        curl_global_init(CURL_GLOBAL_DEFAULT);
        m_server.setProgram(python);
        m_server.setArguments(
            {QStringLiteral(ONRAMP_SOURCE_DIR "/tests/models/provider/foreign_api_server.py")});
        m_server.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        m_server.start();
        QVERIFY2(m_server.waitForStarted(5000), qPrintable(m_server.errorString()));
        QTRY_VERIFY_WITH_TIMEOUT(m_server.canReadLine(), 10000);
        const QJsonObject hello = QJsonDocument::fromJson(m_server.readLine()).object();
        QVERIFY2(hello.contains("url"), "no hello line from foreign_api_server.py");
        m_profile.kind = ProviderProfile::Kind::OnrampApi;
        m_profile.baseUrl = QUrl(hello["url"].toString());
        m_profile.accessKeyId = hello["accessKeyId"].toString().toLatin1();
        m_profile.region = hello["region"].toString().toLatin1();
        m_secret = hello["secretAccessKey"].toString().toLatin1();
        QVERIFY(m_profile.validate());
        m_transport = std::make_unique<Transport>();
    }

    void cleanupTestCase()
    {
        m_transport.reset();
        m_server.closeWriteChannel(); // the server ends when its stdin closes
        if (!m_server.waitForFinished(5000))
            m_server.kill();
    }

    // GET /catalog/regions, read as gate 2's pool and gate 4's zone read it.
    void regions()
    {
        const auto p = provider();
        const ProviderResult r = await([&](auto done) { p->listRegions(as({}), done); });
        QVERIFY2(r, qPrintable(r ? QString() : r.error().details));
        const QList<RegionOffer> offers = regionOffers(*r);
        QCOMPARE(offers.size(), 2);
        QCOMPARE(offers[0].region, QStringLiteral("cn-north"));
        QCOMPARE(offers[0].zones.size(), 2);
        QCOMPARE(offers[0].zones[0].zone, QStringLiteral("cn-north-1a"));
        QCOMPARE(offers[0].zones[0].freeCards.value("a100-80g"), 16);
        QCOMPARE(offers[0].zones[0].freeCards.value("h100", -1), 0);
        QCOMPARE(offers[1].zones[0].zone, QStringLiteral("cn-east-2a"));
        QCOMPARE(offers[1].zones[0].freeCards.value("l40s"), 8);
    }

    // GET /workspaces/{ws}/quota: what is left before a launch (QuotaUsage).
    void quota()
    {
        const auto p = provider();
        const ProviderResult r = await([&](auto done) { p->readQuota(as("zhang"), "ws1", done); });
        QVERIFY2(r, qPrintable(r ? QString() : r.error().details));
        QCOMPARE(r->value("grantedCardHours").toDouble(), 120.0);
        QCOMPARE(r->value("usedCardHours").toDouble(), 20.5);
        QCOMPARE(r->value("remainingCardHours").toDouble(), 99.5);
        QCOMPARE(r->value("perMember")["zhang"].toDouble(), 20.5);
        // An unknown workspace is the documented error, read as a value.
        const ProviderResult none =
            await([&](auto done) { p->readQuota(as("zhang"), "ws-none", done); });
        QVERIFY(!none);
        QCOMPARE(none.error().code, ProviderErrorCode::NotFound);
        QCOMPARE(none.error().httpStatus, 404);
        QVERIFY(!none.error().message.isEmpty());
    }

    // POST /workspaces/{ws}/instances with an Idempotency-Key (signed, as the document asks):
    // 201 with the instance; the same key again is the same instance, another key another.
    void createInstanceOnce()
    {
        const auto p = provider();
        const Provider::NewInstance shape{"gpu.a100-80g.8", "cn-north-1a", "pytorch-2.3-cu121"};
        const auto create = [&](const QByteArray &key) {
            return await(
                [&](auto done) { p->createInstance(as("zhang", key), "ws1", shape, done); });
        };
        const ProviderResult first = create("create-one");
        QVERIFY2(first, qPrintable(first ? QString() : first.error().details));
        QVERIFY(first->value("id").toString().startsWith("i-"));
        QCOMPARE(first->value("state").toString(), QStringLiteral("running"));
        QCOMPARE(first->value("cards").toInt(), 8);
        QCOMPARE(first->value("card").toString(), QStringLiteral("a100-80g"));
        QCOMPARE(first->value("zone").toString(), QStringLiteral("cn-north-1a"));
        const ProviderResult again = create("create-one");
        QVERIFY(again);
        QCOMPARE(again->value("id"), first->value("id"));
        const ProviderResult other = create("create-two");
        QVERIFY(other);
        QVERIFY(other->value("id") != first->value("id"));
        // Without a key the create is refused, naming the header.
        const ProviderResult keyless = create({});
        QVERIFY(!keyless);
        QCOMPARE(keyless.error().code, ProviderErrorCode::ValidationFailed);
        QCOMPARE(keyless.error().httpStatus, 400);
        QCOMPARE(keyless.error().field, QStringLiteral("Idempotency-Key"));
        // A zone the quota is not in: the documented conflict code.
        const Provider::NewInstance elsewhere{"gpu.a100-80g.8", "cn-north-1b", {}};
        const ProviderResult moved = await(
            [&](auto done) { p->createInstance(as("zhang", "create-3"), "ws1", elsewhere, done); });
        QVERIFY(!moved);
        QCOMPARE(moved.error().code, ProviderErrorCode::ZoneMismatch);
        QCOMPARE(moved.error().httpStatus, 409);
    }

    // GET /jobs/{id} and /jobs/{id}/logs: the state, the whole log read as the session reads a
    // finished job's (offset 0, up to 1 MiB), a piece from an offset, and the monitor's tail.
    void jobStatusAndLog()
    {
        const auto p = provider();
        const ProviderResult job =
            await([&](auto done) { p->readJob(as("zhang"), "job-1", done); });
        QVERIFY2(job, qPrintable(job ? QString() : job.error().details));
        QCOMPARE(job->value("state").toString(), QStringLiteral("succeeded"));
        QCOMPARE(job->value("exitCode").toInt(), 0);
        QCOMPARE(job->value("member").toString(), QStringLiteral("zhang"));

        const QByteArray log = expectedLog();
        const ProviderResult whole =
            await([&](auto done) { p->readLog(as("zhang"), "job-1", 0, 1024 * 1024, done); });
        QVERIFY2(whole, qPrintable(whole ? QString() : whole.error().details));
        QCOMPARE(whole->value("size").toInteger(), log.size());
        QCOMPARE(whole->value("nextOffset").toInteger(), log.size());
        QCOMPARE(whole->value("eof").toBool(), true);
        QCOMPARE(whole->value("text").toString().toUtf8(), log);

        const ProviderResult piece =
            await([&](auto done) { p->readLog(as("zhang"), "job-1", 1000, 500, done); });
        QVERIFY(piece);
        QCOMPARE(piece->value("offset").toInteger(), 1000);
        QCOMPARE(piece->value("eof").toBool(), false);
        const QByteArray pieceText = piece->value("text").toString().toUtf8();
        QCOMPARE(pieceText, log.mid(1000, pieceText.size()));
        QCOMPARE(piece->value("nextOffset").toInteger(), 1000 + pieceText.size());

        std::optional<std::expected<JobTail, ProviderError>> tail;
        readJobTail(p, as("zhang"), "job-1", 300,
                    [&](const std::expected<JobTail, ProviderError> &t) { tail = t; });
        QTRY_VERIFY_WITH_TIMEOUT(tail.has_value(), 20000);
        QVERIFY(tail->has_value());
        QCOMPARE((*tail)->job.value("id").toString(), QStringLiteral("job-1"));
        QCOMPARE((*tail)->offset, log.size() - 300);
        QVERIFY(log.endsWith((*tail)->bytes));
        QVERIFY((*tail)->bytes.size() >= 290);
    }

    // The document's error answers become values with the fields the pages show.
    void errorAnswers()
    {
        const auto p = provider();
        const ProviderResult missing =
            await([&](auto done) { p->readJob(as("zhang"), "job-none", done); });
        QVERIFY(!missing);
        QCOMPARE(missing.error().code, ProviderErrorCode::NotFound);
        QCOMPARE(missing.error().httpStatus, 404);

        // An observer may not read another member's log: the role and the action refused.
        const ProviderResult refused =
            await([&](auto done) { p->readLog(as("zhao"), "job-1", 0, 100, done); });
        QVERIFY(!refused);
        QCOMPARE(refused.error().code, ProviderErrorCode::Forbidden);
        QCOMPARE(refused.error().httpStatus, 403);
        QCOMPARE(refused.error().role, QStringLiteral("observer"));
        QCOMPARE(refused.error().action, QStringLiteral("view_all_logs"));
        QCOMPARE(refused.error().trouble(), TroubleKind::Permission);
        QVERIFY(!refused.error().message.isEmpty());

        // The server checks signatures itself: the wrong secret is refused (401), and the
        // client says it is a credential problem.
        const auto wrong = provider("not-the-secret");
        const ProviderResult unsigned_ =
            await([&](auto done) { wrong->readJob(as("zhang"), "job-1", done); });
        QVERIFY(!unsigned_);
        QCOMPARE(unsigned_.error().code, ProviderErrorCode::Unauthenticated);
        QCOMPARE(unsigned_.error().httpStatus, 401);
        QCOMPARE(unsigned_.error().trouble(), TroubleKind::Permission);
    }
};

QTEST_GUILESS_MAIN(TestForeignApi)
#include "tst_foreignapi.moc"
