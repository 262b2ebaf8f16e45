#include "SigV4.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>
#include <QtTest>

using namespace onramp;

// The official AWS SigV4 test suite (aws-c-auth's format), every vector, header and query.
class TestSigV4 : public QObject
{
    Q_OBJECT

    static QByteArray read(const QString &path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }

    static QString suite() { return QStringLiteral(ONRAMP_TEST_DATA "/signing-vectors/aws-sigv4"); }

private slots:
    void vectors_data()
    {
        QTest::addColumn<QString>("dir");
        QTest::addColumn<bool>("inQuery");
        const QStringList dirs = QDir(suite()).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        // The sandbox verifies with the client's own signer, so this suite is the only
        // independent check of it: it always runs, on all 17 cases.
        QCOMPARE(dirs.size(), 17);
        for (const QString &d : dirs) {
            QTest::newRow(qPrintable(d + " header")) << d << false;
            QTest::newRow(qPrintable(d + " query")) << d << true;
        }
    }

    void vectors()
    {
        QFETCH(QString, dir);
        QFETCH(bool, inQuery);
        const QString base = suite() + u'/' + dir + u'/';
        const QString prefix = base + (inQuery ? "query-" : "header-");
        auto request = parseRawRequest(read(base + "request.txt"));
        QVERIFY(request.has_value());
        auto context = parseSigningContext(read(base + "context.json"));
        QVERIFY(context.has_value());
        const SigningResult r = signSigV4(*request, *context, inQuery);
        QCOMPARE(QString::fromUtf8(r.canonicalRequest),
                 QString::fromUtf8(read(prefix + "canonical-request.txt")).trimmed());
        QCOMPARE(QString::fromUtf8(r.stringToSign),
                 QString::fromUtf8(read(prefix + "string-to-sign.txt")).trimmed());
        QCOMPARE(r.signature, read(prefix + "signature.txt").trimmed());
        // The signed request carries the signature where the suite expects it.
        const QByteArray signedRequest = read(prefix + "signed-request.txt");
        QVERIFY(signedRequest.contains(r.signature));
    }

    // The other providers' worked examples, as signer profiles over the same signer.
    void providerProfiles_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("alibaba-acs3") << "alibaba-acs3-runinstances";
        QTest::newRow("huawei-sdk") << "huawei-sdk-hmac-sha256-vpcs";
        QTest::newRow("volcengine") << "volcengine-hmac-sha256-listusers-2024";
    }

    void providerProfiles()
    {
        QFETCH(QString, name);
        const QString base = QStringLiteral(ONRAMP_TEST_DATA "/signing-vectors/other/") + name;
        const QJsonObject in = QJsonDocument::fromJson(read(base + ".inputs.json")).object();
        QVERIFY2(!in.isEmpty(), qPrintable(base + ".inputs.json"));
        HttpRequest req;
        req.method = in["method"].toString().toUtf8();
        SigningContext ctx;
        ctx.normalizePath = false;
        SignerProfile profile;
        QJsonObject query = in["query"].toObject();
        if (name.startsWith("alibaba")) {
            profile = SignerProfile::alibabaAcs3();
            req.path = in["canonical_uri"].toString().toUtf8();
            ctx.accessKeyId = in["access_key_id"].toString().toUtf8();
            ctx.secretAccessKey = in["access_key_secret"].toString().toUtf8();
        } else if (name.startsWith("huawei")) {
            profile = SignerProfile::huaweiSdk();
            const QUrl url(in["url"].toString());
            req.path = url.path().toUtf8();
            req.query = url.query(QUrl::FullyEncoded).toUtf8();
            ctx.accessKeyId = in["ak"].toString().toUtf8();
            ctx.secretAccessKey = in["sk"].toString().toUtf8();
        } else {
            profile = SignerProfile::volcengine();
            req.path = in["path"].toString().toUtf8();
            ctx.accessKeyId = in["access_key_id"].toString().toUtf8();
            ctx.secretAccessKey = in["secret_access_key"].toString().toUtf8();
            ctx.region = in["region"].toString().toUtf8();
            ctx.service = in["service"].toString().toUtf8();
        }
        QStringList pairs;
        for (auto it = query.begin(); it != query.end(); ++it)
            pairs << it.key() + u'=' + it.value().toString();
        if (!pairs.isEmpty())
            req.query = pairs.join(u'&').toUtf8();
        const QJsonObject headers = in["headers"].toObject();
        for (auto it = headers.begin(); it != headers.end(); ++it) {
            req.headers.append({it.key().toUtf8(), it.value().toString().toUtf8()});
            if (it.key().compare(QLatin1String(profile.dateHeader), Qt::CaseInsensitive) == 0) {
                ctx.time = QDateTime::fromString(it.value().toString(), Qt::ISODate);
                if (!ctx.time.isValid())
                    ctx.time = QDateTime::fromString(it.value().toString(), "yyyyMMdd'T'HHmmss'Z'");
                ctx.time.setTimeSpec(Qt::UTC);
            }
        }
        req.body = in["body"].toString().toUtf8();
        const SigningResult r = signRequest(req, ctx, profile);
        QCOMPARE(QString::fromUtf8(r.canonicalRequest),
                 QString::fromUtf8(read(base + ".canonical-request.txt")).trimmed());
        QCOMPARE(QString::fromUtf8(r.stringToSign),
                 QString::fromUtf8(read(base + ".string-to-sign.txt")).trimmed());
        QCOMPARE(r.signature, in["expected_signature"].toString().toUtf8());
        QCOMPARE(QString::fromUtf8(r.headers.last().second),
                 in["expected_authorization"].toString());
    }

    void knownDigests()
    {
        QCOMPARE(sha256Hex(""),
                 QByteArray("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
        // RFC 4231 test case 2.
        QCOMPARE(hmacSha256("Jefe", "what do ya want for nothing?").toHex(),
                 QByteArray("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"));
    }

    // The signer writes its timestamp without calendar objects: check it against Qt's calendar
    // on leap days, century rules, the epoch and before it, whatever the time spec given.
    void timestampMatchesCalendar_data()
    {
        QTest::addColumn<QDateTime>("when");
        const auto utc = [](int y, int mo, int d, int h, int mi, int s) {
            return QDateTime(QDate(y, mo, d), QTime(h, mi, s), Qt::UTC);
        };
        QTest::newRow("vectors") << utc(2015, 8, 30, 12, 36, 0);
        QTest::newRow("leap day 2024") << utc(2024, 2, 29, 23, 59, 59);
        QTest::newRow("leap day 2000") << utc(2000, 2, 29, 0, 0, 0);
        QTest::newRow("no leap day 2100") << utc(2100, 3, 1, 0, 0, 1);
        QTest::newRow("year end") << utc(1999, 12, 31, 23, 59, 59);
        QTest::newRow("epoch") << utc(1970, 1, 1, 0, 0, 0);
        QTest::newRow("before the epoch") << utc(1969, 12, 31, 23, 59, 58);
        QTest::newRow("offset time")
            << QDateTime(QDate(2026, 3, 1), QTime(1, 30, 0), Qt::OffsetFromUTC, 5 * 3600);
    }

    void timestampMatchesCalendar()
    {
        QFETCH(QDateTime, when);
        HttpRequest req;
        req.method = "GET";
        req.path = "/";
        req.headers = {{"Host", "example.amazonaws.com"}};
        SigningContext ctx;
        ctx.accessKeyId = "AKID";
        ctx.secretAccessKey = "secret";
        ctx.region = "us-east-1";
        ctx.service = "onramp";
        ctx.time = when;
        const SigningResult r = signSigV4(req, ctx);
        const QByteArray expected = when.toUTC().toString("yyyyMMdd'T'HHmmss'Z'").toLatin1();
        QCOMPARE(r.headers.first(), std::make_pair(QByteArray("x-amz-date"), expected));
        QVERIFY(r.stringToSign.contains('\n' + expected.left(8) + "/us-east-1/onramp/"));
    }

    void badInputNamesTheProblem()
    {
        QVERIFY(!parseRawRequest("not a request").has_value());
        QVERIFY(!parseRawRequest("GET / HTTP/1.1\n  folded-first\n").has_value());
        auto c = parseSigningContext(R"({"credentials":{"access_key_id":"A"},"region":"r"})");
        QVERIFY(!c.has_value());
        QCOMPARE(c.error().field, QStringLiteral("credentials.secret_access_key"));
    }
};

QTEST_APPLESS_MAIN(TestSigV4)
#include "tst_sigv4.moc"
