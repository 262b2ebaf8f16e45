#include "SigV4.h"

#include <QDir>
#include <QFile>
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

    static QString suite() { return QStringLiteral(ONRAMP_SHARED_DIR "/data/signing-vectors/aws-sigv4"); }

private slots:
    void vectors_data()
    {
        QTest::addColumn<QString>("dir");
        QTest::addColumn<bool>("inQuery");
        const QStringList dirs = QDir(suite()).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        if (dirs.isEmpty())
            QSKIP("shared/data/signing-vectors is not beside the checkout");
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

    void knownDigests()
    {
        QCOMPARE(sha256Hex(""), QByteArray("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
        // RFC 4231 test case 2.
        QCOMPARE(hmacSha256("Jefe", "what do ya want for nothing?").toHex(),
                 QByteArray("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"));
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
