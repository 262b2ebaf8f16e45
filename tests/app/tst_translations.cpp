// Fails when the Chinese catalogue is behind the sources: an unfinished, empty, vanished or
// obsolete entry, or a tr() string that lupdate finds in the sources but the catalogue lacks.
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

class TestTranslations : public QObject
{
    Q_OBJECT

    struct Counts
    {
        int messages = 0;
        QStringList problems;
    };

    static Counts inspect(const QString &tsPath)
    {
        Counts c;
        QFile f(tsPath);
        if (!f.open(QIODevice::ReadOnly)) {
            c.problems << "cannot open " + tsPath;
            return c;
        }
        QXmlStreamReader xml(&f);
        QString source;
        while (!xml.atEnd()) {
            xml.readNext();
            if (!xml.isStartElement())
                continue;
            if (xml.name() == QLatin1String("source")) {
                source = xml.readElementText();
            } else if (xml.name() == QLatin1String("translation")) {
                ++c.messages;
                const QString type = xml.attributes().value("type").toString();
                const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
                if (!type.isEmpty())
                    c.problems << type + ": " + source;
                else if (text.trimmed().isEmpty())
                    c.problems << "empty: " + source;
            }
        }
        if (xml.hasError())
            c.problems << "XML error: " + xml.errorString();
        return c;
    }

private slots:
    void catalogueIsComplete()
    {
        const Counts c = inspect(ONRAMP_SOURCE_DIR "/translations/onramp_zh_CN.ts");
        QVERIFY(c.messages > 50);
        QVERIFY2(c.problems.isEmpty(), qPrintable(c.problems.join('\n')));
    }

    void catalogueCoversEverySourceString()
    {
        QTemporaryDir dir;
        const QString copy = dir.filePath("onramp_zh_CN.ts");
        QVERIFY(QFile::copy(ONRAMP_SOURCE_DIR "/translations/onramp_zh_CN.ts", copy));
        QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
        QProcess lupdate;
        lupdate.start(LUPDATE_BIN,
                      {"-silent", "-no-obsolete", "-locations", "none", "-tr-function-alias",
                       "tr+=trLater", ONRAMP_SOURCE_DIR "/models", ONRAMP_SOURCE_DIR "/wizard",
                       ONRAMP_SOURCE_DIR "/app", ONRAMP_SOURCE_DIR "/sandbox", "-ts", copy});
        QVERIFY(lupdate.waitForFinished(120'000));
        QVERIFY2(lupdate.exitCode() == 0, lupdate.readAllStandardError().constData());
        const Counts c = inspect(copy);
        QVERIFY2(c.problems.isEmpty(), qPrintable(c.problems.join('\n')));
    }
};

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"
