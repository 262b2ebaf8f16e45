// Gate 4's storage check (`onramp-probe environment` with ONRAMP_DATA_DIR) and gate 5's data
// check (`onramp-probe data`) count the same files of one folder (#17 walk: the sandbox's sample
// read "18 files" in gate 4 and "17" in gate 5, the manifest counted in one only).
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

class TestDataFiles : public QObject
{
    Q_OBJECT

    // The probe's line for `event` (and `check`, when given) from a run of it.
    static QJsonObject run(const QStringList &args, const QString &dataDir, const char *event,
                           const QString &outputDir = QString())
    {
        QProcess p;
        QProcessEnvironment e;
        e.insert("PATH", QString()); // no nvidia-smi, no python: the checks a CPU machine has
        e.insert("ONRAMP_PYTHON", QStringLiteral("/nonexistent/python"));
        if (!dataDir.isEmpty())
            e.insert("ONRAMP_DATA_DIR", dataDir);
        if (!outputDir.isEmpty())
            e.insert("ONRAMP_OUTPUT_DIR", outputDir);
        p.setProcessEnvironment(e);
        p.start(QStringLiteral(ONRAMP_PROBE), args);
        if (!p.waitForFinished(60000)) {
            p.kill();
            p.waitForFinished();
        }
        for (const QByteArray &line : p.readAllStandardOutput().split('\n')) {
            const QJsonObject o = QJsonDocument::fromJson(line).object();
            if (o.value("event").toString() == QLatin1String(event))
                return o;
        }
        return {};
    }

private slots:
    void bothChecksCountTheSameFiles()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath("sample/nested"));
        const auto put = [&](const QString &name, const QByteArray &bytes) {
            QFile f(dir.filePath(name));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(bytes);
        };
        for (int i = 0; i < 3; ++i)
            put(QStringLiteral("sample/shard-%1.bin").arg(i), QByteArray(1000, char('a' + i)));
        put("sample/nested/corpus.txt", "text");
        put("sample/.hidden", "a loader reads it too");
        put("manifest.json", R"({"files": []})"); // describes the data; not data
        const int dataFiles = 5;

        const QJsonObject storage =
            run({"environment", "--steps", "5"}, dir.path(), "storage");
        const QJsonObject data = run({"data", "--dir", dir.path()}, QString(), "data");
        QVERIFY2(!storage.isEmpty(), "no storage event");
        QVERIFY2(!data.isEmpty(), "no data event");
        QCOMPARE(storage.value("files").toInt(), dataFiles);
        QCOMPARE(data.value("files").toInt(), dataFiles);
        // #17 walk (item 8): the first run's data manifest (the run spec's, and a replay's)
        // counted 18 where gates 4 and 5 counted 17. The same files; and, for a spec recorded
        // before, the figures with the manifest.json as it counted them.
        QTemporaryDir output;
        const QJsonObject manifest =
            run({"first-run", "--steps", "5"}, dir.path(), "manifest", output.path());
        QVERIFY2(!manifest.isEmpty(), "no manifest event");
        QCOMPARE(manifest.value("files").toInt(), dataFiles);
        const QJsonObject legacy = manifest.value("withManifestFile").toObject();
        QCOMPARE(legacy.value("files").toInt(), dataFiles + 1);
        QCOMPARE(qint64(legacy.value("bytes").toDouble()),
                 qint64(manifest.value("bytes").toDouble()) + qint64(sizeof(R"({"files": []})") - 1));
        QVERIFY(legacy.value("sha256").toString() != manifest.value("sha256").toString());
    }
};

QTEST_GUILESS_MAIN(TestDataFiles)
#include "tst_datafiles.moc"
