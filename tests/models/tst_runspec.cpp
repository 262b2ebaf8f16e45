// The run spec: a strict importer that names the field, a canonical fingerprint, exports that
// quote every value, and a schema that says the same as the importer.
#include "OnboardingState.h"
#include "RunSpec.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace onramp;

class TestRunSpec : public QObject
{
    Q_OBJECT

    static OnboardingState demo()
    {
        QFile f(QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/state-demo.json"));
        f.open(QIODevice::ReadOnly);
        return *OnboardingState::fromJson(QJsonDocument::fromJson(f.readAll()).object());
    }
    static RunSpec full()
    {
        RunSpec s = runSpecFromState(demo());
        s.fingerprint = {{"event", "fingerprint"}, {"os", "Debian GNU/Linux 12"}, {"cpu_count", 2}};
        s.loss = {200, 0.71, 0.12, 0.11};
        s.launch.args = {"--steps", "200"};
        return s;
    }
    static QByteArray valid() { return QJsonDocument(full().toJson()).toJson(); }
    // The valid spec with one change at a dotted path (a JSON value, or remove when empty).
    static QByteArray with(const QString &path, const QJsonValue &value)
    {
        QJsonObject o = full().toJson();
        const QStringList parts = path.split(u'.');
        std::function<QJsonObject(QJsonObject, int)> set = [&](QJsonObject at, int i) {
            if (i == parts.size() - 1) {
                if (value.isUndefined())
                    at.remove(parts[i]);
                else
                    at[parts[i]] = value;
            } else {
                at[parts[i]] = set(at.value(parts[i]).toObject(), i + 1);
            }
            return at;
        };
        return QJsonDocument(set(o, 0)).toJson();
    }

private slots:
    void roundTripAndFingerprint()
    {
        const RunSpec s = full();
        const auto back = parseRunSpec(QJsonDocument(s.toJson()).toJson());
        QVERIFY2(back, qPrintable(back ? QString() : back.error().message));
        QCOMPARE(*back, s);
        QCOMPARE(back->fingerprintId(), s.fingerprintId());
        QVERIFY(s.fingerprintId().startsWith("sha256:"));
        QCOMPARE(s.fingerprintId().size(), 7 + 64);
        // Key order and whitespace do not change it; a value does.
        const QByteArray compact = QJsonDocument(s.toJson()).toJson(QJsonDocument::Compact);
        QCOMPARE(parseRunSpec(compact)->fingerprintId(), s.fingerprintId());
        RunSpec other = s;
        other.compute.nodes = 2;
        QVERIFY(other.fingerprintId() != s.fingerprintId());
        // The shipped example is valid and replays to the same fingerprint.
        QFile example(QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/first-run.json"));
        QVERIFY(example.open(QIODevice::ReadOnly));
        QVERIFY(parseRunSpec(example.readAll()));
    }

    // The shipped example's fingerprint, pinned: a change to the canonical form (key order,
    // number printing, escaping) or to the example fails here. The expected value was computed
    // without our code, from the file, as the canonical form docs/run-spec.md describes:
    //   python3 -c 'import json, hashlib; o = json.load(open("docs/examples/first-run.json"));
    //     s = json.dumps(o, sort_keys=True, separators=(",", ":"), ensure_ascii=False);
    //     print("sha256:" + hashlib.sha256(s.encode()).hexdigest())'
    // (Python prints floats in their shortest round-trip form too; the example has no float with
    // an integral value, where the two could differ.) When the example or the spec format changes
    // on purpose, recompute it with that line and update it here.
    void exampleFingerprintIsPinned()
    {
        QFile example(QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/first-run.json"));
        QVERIFY(example.open(QIODevice::ReadOnly));
        const auto spec = parseRunSpec(example.readAll());
        QVERIFY2(spec, qPrintable(spec ? QString() : spec.error().message));
        QCOMPARE(
            spec->fingerprintId(),
            QByteArray("sha256:23e6cf1d12560038c95834b2f55f1d517add86b072e8402c622a37e7ea27e09e"));
    }

    void importRefusesWithThePath_data()
    {
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("says");
        QTest::newRow("unknown field") << with("compute.gpus", 8) << "$.compute.gpus"
                                       << "unknown";
        QTest::newRow("unknown top field") << with("apiKey", "x") << "$.apiKey"
                                           << "unknown";
        QTest::newRow("wrong type") << with("compute.cardsPerNode", "8") << "$.compute.cardsPerNode"
                                    << "number";
        QTest::newRow("out of range") << with("compute.cardsPerNode", 0) << "$.compute.cardsPerNode"
                                      << "1";
        QTest::newRow("fraction") << with("compute.nodes", 1.5) << "$.compute.nodes"
                                  << "whole";
        QTest::newRow("missing name") << with("image.name", QJsonValue::Undefined) << "$.image.name"
                                      << "required";
        QTest::newRow("missing compute") << with("compute", QJsonValue::Undefined) << "$.compute"
                                         << "required";
        QTest::newRow("bad digest") << with("image.digest", "sha256:XYZ") << "$.image.digest"
                                    << "sha256";
        QTest::newRow("bad mode") << with("launch.mode", "docker") << "$.launch.mode"
                                  << "builtin";
        QTest::newRow("newer version") << with("schemaVersion", 2) << "$.schemaVersion"
                                       << "2";
        QTest::newRow("nested parameter")
            << with("parameters.lr", QJsonObject{{"a", 1}}) << "$.parameters.lr"
            << "string";
        QTest::newRow("bad gate") << with("gates", QJsonArray{QJsonObject{{"gate", "lunch"}}})
                                  << "$.gates[0].gate"
                                  << "gate";
        QTest::newRow("arg not a string")
            << with("launch.args", QJsonArray{1}) << "$.launch.args[0]"
            << "string";
        QTest::newRow("long string")
            << with("image.version", QString(5000, u'x')) << "$.image.version"
            << "4096";
        QJsonArray many;
        for (int i = 0; i < 1001; ++i)
            many.append(QStringLiteral("a"));
        QTest::newRow("long list") << with("launch.args", many) << "$.launch.args"
                                   << "1000";
        QTest::newRow("1e400") << QByteArray(R"({"schemaVersion":1,"loss":{"first":1e400}})") << "$"
                               << "JSON";
        QTest::newRow("duplicate key")
            << QByteArray(R"({"schemaVersion":1,"compute":{"nodes":8,"nodes":1}})") << "$"
            << "twice";
        QTest::newRow("huge integer")
            << QByteArray(
                   R"({"schemaVersion":1,"image":{"name":"x"},"compute":{"instanceType":"y","nodes":18446744073709551616},"launch":{"mode":"builtin","entry":"e"}})")
            << "$.compute.nodes"
            << "4096";
        QTest::newRow("deep") << QByteArray(100000, '[') << "$"
                              << "32";
        QTest::newRow("not json") << QByteArray("{\"schemaVersion\": 1,") << "$"
                                  << "byte";
        QTest::newRow("bad utf-8")
            << QByteArray("{\"schemaVersion\":1,\"image\":{\"name\":\"\xff\"}}") << "$"
            << "JSON";
        QTest::newRow("not an object") << QByteArray("[1,2]") << "$"
                                       << "object";
        QTest::newRow("too big") << QByteArray(RunSpecLimits::kMaxBytes + 1, ' ') << "$"
                                 << "1 MiB";
    }
    void importRefusesWithThePath()
    {
        QFETCH(QByteArray, input);
        QFETCH(QString, field);
        QFETCH(QString, says);
        const auto r = parseRunSpec(input);
        QVERIFY(!r);
        QCOMPARE(r.error().field, field);
        QVERIFY2(r.error().message.contains(field) && r.error().message.contains(says),
                 qPrintable(r.error().message));
    }

    // Every reproducer the fuzzer (or a person) found is an error value or a spec, never a crash.
    void reproducersNeverCrash()
    {
        const QDir dir(QStringLiteral(ONRAMP_SOURCE_DIR "/tests/fuzz/reproducers"));
        const QStringList files = dir.entryList(QDir::Files);
        QVERIFY(files.size() >= 5);
        for (const QString &name : files) {
            QFile f(dir.filePath(name));
            QVERIFY(f.open(QIODevice::ReadOnly));
            const auto r = parseRunSpec(f.readAll());
            if (r) // whatever is accepted survives its own round trip
                QCOMPARE(parseRunSpec(r->canonical())->fingerprintId(), r->fingerprintId());
        }
    }

    // The published schema lists exactly the fields the importer reads.
    void schemaAndImporterAgree()
    {
        QFile f(QStringLiteral(ONRAMP_SOURCE_DIR "/resources/run-spec.schema.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject schema = QJsonDocument::fromJson(f.readAll()).object();
        QVERIFY(!schema.isEmpty());
        const QJsonObject spec = full().toJson();
        const auto keysOf = [](const QJsonObject &o) {
            QStringList k = o.keys();
            k.sort();
            return k;
        };
        const QJsonObject props = schema.value("properties").toObject();
        QCOMPARE(keysOf(props), keysOf(spec));
        for (const QString &section :
             {"image", "software", "compute", "launch", "storage", "loss"}) {
            QCOMPARE(keysOf(props.value(section)["properties"].toObject()),
                     keysOf(spec.value(section).toObject()));
            QCOMPARE(props.value(section)["additionalProperties"].toBool(true), false);
        }
        QCOMPARE(keysOf(props.value("gates")["items"]["properties"].toObject()),
                 keysOf(spec.value("gates").toArray().first().toObject()));
        // An unknown field the schema refuses, the importer refuses too.
        QVERIFY(!parseRunSpec(with("storage.bucket", "x")));
    }

    void exportsQuoteEveryValue()
    {
        RunSpec s = full();
        s.storage.data = QStringLiteral("/data/it's $(touch /tmp/onramp-pwned) \"x\"");
        s.parameters["note"] = QStringLiteral("a'b");
        const QString sbatch = exportSbatch(s);
        QVERIFY(sbatch.contains(QStringLiteral("#SBATCH --gres=gpu:8")));
        QVERIFY(sbatch.contains(QStringLiteral("#SBATCH --time=12:00:00")));
        QVERIFY(sbatch.contains(QStringLiteral("srun 'onramp-probe' 'first-run' '--steps' '200'")));
        // The script runs its exports as plain data: nothing in a value executes.
        QTemporaryDir dir;
        const QString script = dir.filePath("job.sh");
        QFile out(script);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(sbatch.section(QStringLiteral("srun "), 0, 0).toUtf8() +
                  "printf '%s\\n' \"$ONRAMP_DATA_DIR\" \"$ONRAMP_PARAM_NOTE\"\n");
        out.close();
        QProcess bash;
        bash.start(QStringLiteral("bash"), {script});
        QVERIFY(bash.waitForFinished(10000));
        QCOMPARE(bash.exitCode(), 0);
        QCOMPARE(QString::fromUtf8(bash.readAllStandardOutput()),
                 s.storage.data + u'\n' + QStringLiteral("a'b\n"));
        QVERIFY(!QFile::exists(QStringLiteral("/tmp/onramp-pwned")));

        const QString k8s = exportKubernetesJob(s);
        QVERIFY(k8s.contains(QStringLiteral("nvidia.com/gpu: 8")));
        QVERIFY(k8s.contains(QStringLiteral("readOnly: true")));
        QVERIFY(
            k8s.contains(QStringLiteral("\"/data/it's $(touch /tmp/onramp-pwned) \\\"x\\\"\"")));

        const QString md = exportHandoffMarkdown(s);
        for (int gate = 1; gate <= 6; ++gate)
            QVERIFY(md.contains(QStringLiteral("## %1. ").arg(gate)));
        QVERIFY(md.contains(QString::fromLatin1(s.fingerprintId())));
        QVERIFY(exportHandoffPdf(s, dir.filePath("handoff.pdf")));
        QFile pdf(dir.filePath("handoff.pdf"));
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        QVERIFY(pdf.read(5) == "%PDF-");
    }
};

QTEST_MAIN(TestRunSpec)
#include "tst_runspec.moc"
