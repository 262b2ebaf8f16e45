// The probe's GPU health check (`onramp-probe environment`, event gpu_health) run as a real child
// process. This machine has no GPU: where the check needs one, a fake nvidia-smi on the PATH
// answers from a table the test writes (and, for the per-device matmul, a fake python that says
// it has torch). Without a fake, the probe meets what a CPU machine really has: no nvidia-smi.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace {

// nvidia-smi as the probe calls it: the health query (10 fields, or the basic 6 when a file
// "refuse-throttle" says the driver refuses the throttle fields), the fingerprint's and the
// utilisation's. A file "fail" makes every call fail with its text, as a driver that is not
// loaded does.
const char *kFakeSmi = R"(#!/bin/sh
PATH=/usr/bin:/bin # its own tools; the probe's PATH has only this folder
d=$(dirname "$0")
if [ -f "$d/fail" ]; then cat "$d/fail"; exit 9; fi
case "$1" in
--query-gpu=index,uuid,name,ecc*)
    if [ -f "$d/refuse-throttle" ]; then
        echo 'Field "clocks_throttle_reasons.hw_slowdown" is not a valid field to query.'; exit 2
    fi
    cat "$d/health.csv" ;;
--query-gpu=index,uuid,name,temperature*) cut -d, -f1-3,5-7 "$d/health.csv" ;;
--query-gpu=name,*) cut -d, -f3 "$d/health.csv" | sed 's/$/, 143771, 550.54.15/' ;;
--query-gpu=memory.used,*) echo "1024, 97" ;;
*) echo "fake nvidia-smi" ;;
esac
)";

// A python with torch (as find_spec and importlib.metadata would say), whose torch_check.py
// --matmul prints $FAKE_MATMUL; the torch loop itself passes. Every run uses it: the probe
// prefers a python with torch, and this machine's own may have one (without CUDA).
const char *kFakePython = R"(#!/bin/sh
case "$*" in
*print*bool*find_spec*) echo True ;;
*frameworks*) echo '{"python": "3.11.2", "frameworks": {"torch": "2.3.1"}}' ;;
*--matmul*) echo "$FAKE_MATMUL" ;;
*--steps*) echo '{"event": "torch", "version": "2.3.1", "device": "cuda", "passed": true}' ;;
esac
)";

QString row(int index, int ecc = 0, int celsius = 41, int sm = 1980, const char *hw = "Not Active")
{
    return QStringLiteral("%1, GPU-%1a2b, NVIDIA H200, %2, %3, %4, 1980, %5, Not Active, Not Active")
        .arg(index)
        .arg(ecc)
        .arg(celsius)
        .arg(sm)
        .arg(QLatin1String(hw));
}

struct Run
{
    int exitCode = -1;
    QJsonObject health, verdict;
    QByteArray out;
};

} // namespace

class TestGpuHealth : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_bin;     // the fake nvidia-smi's folder
    QString m_nothing; // a folder with nothing in it: a PATH without nvidia-smi
    QString m_matmul; // what the fake torch says of the cards: a passing matmul on each

    void write(const QString &path, const QByteArray &text, bool executable = false)
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(text);
        f.close();
        if (executable)
            f.setPermissions(f.permissions() | QFile::ExeOwner | QFile::ExeUser);
    }

    static QString matmul(int devices)
    {
        QJsonArray list;
        for (int i = 0; i < devices; ++i)
            list.append(QJsonObject{{"index", i}, {"passed", true}, {"max_error", 1e-7}});
        return QString::fromUtf8(QJsonDocument(QJsonObject{{"event", "gpu_matmul"},
                                                           {"version", "2.3.1"},
                                                           {"cuda", true},
                                                           {"devices", list}})
                                     .toJson(QJsonDocument::Compact));
    }

    void cards(const QStringList &rows)
    {
        write(m_bin + "/health.csv", rows.join('\n').toUtf8() + '\n');
        m_matmul = matmul(int(rows.size()));
    }

    Run probe(const QStringList &args, const QHash<QString, QString> &env, bool withSmi)
    {
        QProcess p;
        QProcessEnvironment e;
        e.insert("PATH", withSmi ? m_bin : m_nothing);
        e.insert("ONRAMP_PYTHON", m_bin + "/python");
        e.insert("ONRAMP_TORCH_CHECK", m_bin + "/nvidia-smi"); // any file: the fake python answers
        e.insert("FAKE_MATMUL", m_matmul);
        for (auto it = env.begin(); it != env.end(); ++it)
            e.insert(it.key(), it.value());
        p.setProcessEnvironment(e);
        p.start(QStringLiteral(ONRAMP_PROBE), QStringList{"environment", "--steps", "20"} + args);
        Run r;
        if (!p.waitForFinished(60000)) {
            p.kill();
            p.waitForFinished();
            return r;
        }
        r.exitCode = p.exitCode();
        r.out = p.readAllStandardOutput();
        for (const QByteArray &line : r.out.split('\n')) {
            const QJsonObject o = QJsonDocument::fromJson(line).object();
            if (o["event"] == "gpu_health")
                r.health = o;
            if (o["event"] == "verdict")
                r.verdict = o;
        }
        return r;
    }

    static QStringList codes(const QJsonObject &health)
    {
        QStringList out;
        for (const QJsonValue &p : health["problems"].toArray())
            out << p["code"].toString();
        return out;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_bin = m_dir.filePath("bin");
        m_nothing = m_dir.filePath("empty");
        QVERIFY(QDir().mkpath(m_bin) && QDir().mkpath(m_nothing));
        write(m_bin + "/nvidia-smi", kFakeSmi, true);
        write(m_bin + "/python", kFakePython, true);
    }

    void init()
    {
        QFile::remove(m_bin + "/fail");
        QFile::remove(m_bin + "/refuse-throttle");
    }

    // The bug this check exists for: "0 GPU(s)" on an instance type that promises 8 passed.
    void noGpuWhereEightArePromisedFails()
    {
        const Run r = probe({"--gpus", "8"}, {}, false);
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.health["passed"].toBool(true), false);
        QCOMPARE(r.health["expected"].toInt(), 8);
        QCOMPARE(r.health["expected_from"].toString(), QStringLiteral("--gpus"));
        QCOMPARE(r.health["found"].toInt(), 0);
        QCOMPARE(r.health["nvidia_smi"].toBool(true), false);
        QCOMPARE(codes(r.health), QStringList{"no_gpu"});
        QVERIFY2(r.health["reason"].toString().contains("nvidia-smi is not on the PATH"),
                 r.out.constData());
        QCOMPARE(r.verdict["passed"].toBool(true), false);
        QCOMPARE(r.verdict["gpu_health_passed"].toBool(true), false);
        QVERIFY(r.verdict["reason"].toString().startsWith("GPU health: "));
        // The provider's own count (ONRAMP_EXPECTED_GPUS) says the same when --gpus is absent.
        const Run fromProvider = probe({}, {{"ONRAMP_EXPECTED_GPUS", "8"}}, false);
        QCOMPARE(fromProvider.exitCode, 1);
        QCOMPARE(fromProvider.health["expected_from"].toString(),
                 QStringLiteral("ONRAMP_EXPECTED_GPUS"));
    }

    // Where no card is expected, or the provider exempts itself, the check says so plainly.
    void noGpuIsSaidPlainly()
    {
        Run r = probe({"--gpus", "0"}, {}, false);
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.health["passed"].toBool());
        QCOMPARE(r.health["reason"].toString(),
                 QStringLiteral("no GPU on this instance, and none expected"));
        QVERIFY(!r.health.contains("exempt"));
        r = probe({}, {}, false);
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.health["expected"].isNull());
        QVERIFY(r.health["reason"].toString().contains("not given"));
        const QString sandbox = QStringLiteral("the sandbox: no cards here");
        r = probe({"--gpus", "8"}, {{"ONRAMP_GPU_EXEMPT", sandbox}}, false);
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.health["passed"].toBool());
        QCOMPARE(r.health["exempt"].toString(), sandbox);
        QCOMPARE(r.health["reason"].toString(), "no GPU; exempt: " + sandbox);
    }

    void eightHealthyCardsPass()
    {
        QStringList rows;
        for (int i = 0; i < 8; ++i)
            rows << row(i);
        cards(rows);
        const Run r = probe({"--gpus", "8"}, {}, true);
        QVERIFY2(r.exitCode == 0, r.out.constData());
        QVERIFY(r.health["passed"].toBool());
        QCOMPARE(r.health["found"].toInt(), 8);
        const QJsonObject first = r.health["gpus"].toArray().first().toObject();
        QCOMPARE(first["ecc_uncorrected"].toInt(-1), 0);
        QCOMPARE(first["temperature_c"].toInt(), 41);
        QCOMPARE(first["max_sm_clock_mhz"].toInt(), 1980);
        QCOMPARE(r.health["matmul"].toArray().size(), 8);
        QCOMPARE(r.health["reason"].toString(),
                 QStringLiteral("8 GPU(s) healthy, a matmul ran on each"));
        QVERIFY(!r.health.contains("exempt"));
    }

    void aSickCardFailsTheCheck_data()
    {
        QTest::addColumn<QStringList>("rows");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("says");
        const QStringList healthy = {row(0), row(1), row(2), row(3)};
        QStringList ecc = healthy;
        ecc[2] = row(2, 3);
        QTest::newRow("uncorrected ECC errors") << ecc << "ecc_errors" << "GPU 2 reports 3";
        QStringList hot = healthy;
        hot[1] = row(1, 0, 93);
        QTest::newRow("too hot") << hot << "temperature" << "GPU 1 is at 93";
        QStringList slow = healthy;
        slow[3] = row(3, 0, 60, 900, "Active");
        QTest::newRow("hardware slowdown") << slow << "clock_slowdown" << "hw_slowdown";
        QStringList noClock = healthy;
        noClock[0] = row(0).replace(", 1980, 1980,", ", [N/A], [N/A],");
        QTest::newRow("no clocks") << noClock << "clocks" << "no sane clocks";
        QTest::newRow("a card missing") << healthy.mid(0, 3) << "count_mismatch"
                                        << "4 GPU(s) expected (--gpus), 3 found";
    }
    void aSickCardFailsTheCheck()
    {
        QFETCH(QStringList, rows);
        QFETCH(QString, code);
        QFETCH(QString, says);
        cards(rows);
        const Run r = probe({"--gpus", "4"}, {}, true);
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(codes(r.health), QStringList{code});
        QVERIFY2(r.health["reason"].toString().contains(says), r.out.constData());
        QCOMPARE(r.verdict["passed"].toBool(true), false);
    }

    // On a shared node the job may use only the cards the scheduler gave it.
    void onlyTheVisibleCardsCount()
    {
        QStringList rows;
        for (int i = 0; i < 8; ++i)
            rows << row(i, i == 5 ? 7 : 0); // a sick card the job was not given
        cards(rows);
        const Run r = probe({}, {{"CUDA_VISIBLE_DEVICES", "0,GPU-1a2b"}, {"FAKE_MATMUL", matmul(2)}},
                            true);
        QVERIFY2(r.exitCode == 0, r.out.constData());
        QCOMPARE(r.health["expected"].toInt(), 2);
        QCOMPARE(r.health["expected_from"].toString(), QStringLiteral("CUDA_VISIBLE_DEVICES"));
        QCOMPARE(r.health["found"].toInt(), 2);
        const Run slurm = probe({}, {{"SLURM_GPUS_ON_NODE", "8"}}, true);
        QCOMPARE(slurm.exitCode, 1); // card 5's ECC errors
        QCOMPARE(slurm.health["expected_from"].toString(), QStringLiteral("SLURM_GPUS_ON_NODE"));
        QCOMPARE(codes(slurm.health), QStringList{"ecc_errors"});
    }

    void aDriverThatFailsOrRefusesFields()
    {
        cards({row(0), row(1)});
        write(m_bin + "/refuse-throttle", "");
        Run r = probe({"--gpus", "2"}, {}, true);
        QVERIFY2(r.exitCode == 0, r.out.constData()); // the basic fields still tell health
        QVERIFY(r.health["gpus"].toArray().first().toObject()["ecc_uncorrected"].isNull());
        QFile::remove(m_bin + "/refuse-throttle");
        write(m_bin + "/fail", "NVIDIA-SMI has failed because it couldn't communicate with the "
                               "NVIDIA driver.\n");
        r = probe({"--gpus", "2"}, {}, true);
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(codes(r.health), (QStringList{"nvidia_smi_failed", "no_gpu"}));
        QVERIFY(r.health["reason"].toString().contains("couldn't communicate"));
    }

    // Where torch is there, a matmul runs on each device; torch without CUDA on a GPU machine
    // is a failure, as is a device whose product is wrong.
    void theMatmulRunsPerDeviceWhereTorchHasCuda_data()
    {
        QTest::addColumn<QByteArray>("report");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QStringList>("problems");
        QTest::newRow("both pass")
            << QByteArray(R"j({"event": "gpu_matmul", "version": "2.3.1", "cuda": true, "devices": [{"index": 0, "passed": true, "max_error": 1e-7}, {"index": 1, "passed": true, "max_error": 2e-7}]})j")
            << 0 << QStringList{};
        QTest::newRow("one wrong")
            << QByteArray(R"j({"event": "gpu_matmul", "version": "2.3.1", "cuda": true, "devices": [{"index": 0, "passed": true}, {"index": 1, "passed": false, "error": "result off by 0.3 (relative)"}]})j")
            << 1 << QStringList{"matmul_failed"};
        QTest::newRow("torch without CUDA")
            << QByteArray(R"j({"event": "gpu_matmul", "version": "2.3.1+cpu", "cuda": false, "devices": []})j")
            << 1 << QStringList{"torch_no_cuda"};
        QTest::newRow("no report") << QByteArray("Segmentation fault") << 1
                                   << QStringList{"torch_no_cuda"};
    }
    void theMatmulRunsPerDeviceWhereTorchHasCuda()
    {
        QFETCH(QByteArray, report);
        QFETCH(int, exitCode);
        QFETCH(QStringList, problems);
        cards({row(0), row(1)});
        const Run r = probe({"--gpus", "2"}, {{"FAKE_MATMUL", QString::fromUtf8(report)}}, true);
        QVERIFY2(r.exitCode == exitCode, r.out.constData());
        QCOMPARE(codes(r.health), problems);
        QVERIFY(r.health.contains("matmul"));
        if (exitCode == 0)
            QCOMPARE(r.health["reason"].toString(),
                     QStringLiteral("2 GPU(s) healthy, a matmul ran on each"));
    }
};

QTEST_GUILESS_MAIN(TestGpuHealth)
#include "tst_gpuhealth.moc"
