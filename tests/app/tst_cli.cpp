#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <QtTest>

#include "Triage.h"

using onramp::Diagnosis;
using onramp::FailureKind;
using onramp::JobObservation;
using onramp::triage;

class TestCli : public QObject
{
    Q_OBJECT

    struct Run
    {
        int exitCode = -1;
        QByteArray out;
        QByteArray err;
    };

    static Run run(const QString &program, const QStringList &args, const QString &stateDir = {})
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("ONRAMP_STATE_DIR",
                   stateDir.isEmpty() ? QDir::tempPath() + "/onramp-none" : stateDir);
        env.remove("DISPLAY");
        env.remove("QT_QPA_PLATFORM"); // headless commands must not need one
        env.insert("LC_ALL", "C.UTF-8");
        p.setProcessEnvironment(env);
        p.start(program, args);
        if (!p.waitForFinished(60'000))
            return {};
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
                p.readAllStandardOutput(), p.readAllStandardError()};
    }

private slots:
    void version()
    {
        const Run r = run(ONRAMP_BIN, {"--version"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.startsWith("onramp 0."), r.out.constData());
    }

    void help()
    {
        const Run r = run(ONRAMP_BIN, {"--help"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("status"));
        QVERIFY(r.out.contains("screenshot"));
    }

    // A word that is no subcommand is an error with the usage, exit 2, and never opens the
    // wizard (no display here: a window would abort or hang).
    void unknownSubcommand()
    {
        for (const char *word : {"bogus", "stauts"}) {
            const Run r = run(ONRAMP_BIN, {word});
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains(word), r.err.constData());
            QVERIFY(r.err.contains("Subcommands:"));
            QVERIFY(r.out.isEmpty());
        }
    }

    // Commands that take a second word print their usage for --help, and with a wrong or
    // missing word say so before it.
    void secondWordUsage_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QByteArray>("usage");
        QTest::newRow("check") << "check" << QByteArray("onramp check roles FILE.json|FILE.csv");
        QTest::newRow("quota") << "quota" << QByteArray("onramp quota plan --cards N");
        QTest::newRow("sandbox") << "sandbox" << QByteArray("onramp sandbox serve [--port N]");
    }

    void secondWordUsage()
    {
        QFETCH(QString, command);
        QFETCH(QByteArray, usage);
        Run r = run(ONRAMP_BIN, {command, "--help"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(usage), r.out.constData());
        QVERIFY(r.out.count('\n') >= 3);
        r = run(ONRAMP_BIN, {command, "bogus"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("“bogus”") && r.err.contains(usage), r.err.constData());
        r = run(ONRAMP_BIN, {command});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains(usage));
    }

    void statusOfAFreshStart()
    {
        QTemporaryDir dir;
        const Run r = run(ONRAMP_BIN, {"status"}, dir.path());
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out.count("Not started"), 6);
        QVERIFY(QDir(dir.path()).isEmpty()); // status never writes
    }

    void statusJsonFromSavedState()
    {
        QTemporaryDir dir;
        QVERIFY(QFile::copy(ONRAMP_SOURCE_DIR "/docs/examples/state-demo.json",
                            dir.filePath("onboarding.json")));
        const Run r = run(ONRAMP_BIN, {"status", "--json"}, dir.path());
        QCOMPARE(r.exitCode, 0);
        const QJsonArray gates = QJsonDocument::fromJson(r.out).object().value("gates").toArray();
        QCOMPARE(gates.size(), 6);
        QCOMPARE(gates[0]["status"].toString(), "passed");
        QCOMPARE(gates[0]["acceptedBy"].toString(), "Provider review desk");
        QCOMPARE(gates[2]["status"].toString(), "waiting");
        QCOMPARE(gates[2]["waitingFor"].toString(), "the provider's quota review");
        QCOMPARE(gates[3]["entryMet"].toBool(), false);
        QCOMPARE(gates[2]["entryMet"].toBool(), true);
    }

    void statusRefusesACorruptFileWithoutTouchingIt()
    {
        QTemporaryDir dir;
        QVERIFY(
            QFile::copy(ONRAMP_TEST_DATA "/state-truncated.json", dir.filePath("onboarding.json")));
        const Run r = run(ONRAMP_BIN, {"status"}, dir.path());
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("onboarding.json"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"onboarding.json"});
    }

    void screenshotsEveryPageInBothLanguages()
    {
        QTemporaryDir out;
        const QStringList pages = {"00-welcome",   "01-account",     "02-workspace", "03-quota",
                                   "04-resources", "05-environment", "06-first-run", "07-summary"};
        for (const QString lang : {"en", "zh_CN"}) {
            const Run r =
                run(ONRAMP_BIN, {"screenshot", "--out", out.filePath(lang), "--lang", lang,
                                 "--state", ONRAMP_SOURCE_DIR "/docs/examples/state-demo.json"});
            QVERIFY2(r.exitCode == 0, r.err.constData());
            for (const QString &pageName : pages) {
                QImage img(out.filePath(lang + "/" + pageName + ".png"));
                QVERIFY2(!img.isNull(), qPrintable(pageName));
                QVERIFY(img.width() >= 800);
            }
        }
        // The two languages render differently.
        QVERIFY(QImage(out.filePath("en/03-quota.png")) !=
                QImage(out.filePath("zh_CN/03-quota.png")));
    }

    void screenshotNeedsOut()
    {
        const Run r = run(ONRAMP_BIN, {"screenshot"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("--out"));
    }

    void estimateJson()
    {
        const Run r = run(ONRAMP_BIN, {"estimate",
                                       "--model",
                                       "llama-2-7b",
                                       "--precision",
                                       "bf16",
                                       "--optimizer",
                                       "adamw",
                                       "--method",
                                       "full",
                                       "--micro-batch",
                                       "1",
                                       "--seq-len",
                                       "2048",
                                       "--flash-attention",
                                       "--grad-checkpointing",
                                       "full",
                                       "--fsdp",
                                       "--gpus",
                                       "8",
                                       "--card",
                                       "a100-80g",
                                       "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        const QJsonObject b = o["breakdown"].toObject();
        for (const char *k : {"weights", "gradients", "optimizer", "activations", "overhead"})
            QVERIFY2(b.contains(k), k);
        double sum = 0;
        for (const QJsonValue &v : b)
            sum += v.toDouble();
        QVERIFY(std::abs(sum - o["per_gpu_gib"].toDouble()) < 1e-6);
        // pure bf16 AdamW = 8 B/param over 8 cards ≈ 6.3 GiB of model state; the weights also
        // hold the two layers gathered for compute.
        QVERIFY(std::abs(o["model_states_gib"].toDouble() - 6.74e9 * 8 / 8 / (1 << 30)) < 0.01);
        QVERIFY(o["formulas"].toObject()["weights"].toString().contains("gathered"));
        QCOMPARE(o["verdict"].toString(), "fits");
        QCOMPARE(o["card"].toString(), "a100-80g");
        QVERIFY(o["cards_needed"].toObject()["a100-80g"].toInt() >= 1);
    }

    // The catalog's display name, as `catalog models` prints it, names the same model as its
    // key, in any case.
    void estimateTakesTheDisplayName()
    {
        const QStringList rest{"--micro-batch", "1", "--seq-len", "2048", "--json"};
        const Run byKey = run(ONRAMP_BIN, QStringList{"estimate", "--model", "llama-2-7b"} + rest);
        QCOMPARE(byKey.exitCode, 0);
        for (const char *name : {"Llama 2 7B", "llama 2 7b"}) {
            const Run byName = run(ONRAMP_BIN, QStringList{"estimate", "--model", name} + rest);
            QVERIFY2(byName.exitCode == 0, byName.err.constData());
            QCOMPARE(byName.out, byKey.out);
        }
    }

    void probeHelpNamesEveryMode()
    {
        const Run r = run(ONRAMP_PROBE_BIN, {"--help"});
        QCOMPARE(r.exitCode, 0);
        for (const char *mode : {"environment", "data", "checkpoint", "first-run", "metrics"})
            QVERIFY2(r.out.contains(mode), mode);
    }

    void estimateRejectsBadInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("unknown model") << QStringList{"--model", "gpt-9"} << "--model";
        QTest::newRow("negative batch")
            << QStringList{"--model", "llama-2-7b", "--micro-batch", "-2"} << "--micro-batch";
        QTest::newRow("tp not dividing heads")
            << QStringList{"--model", "llama-2-7b", "--tp", "3", "--gpus", "3"} << "--tp";
        QTest::newRow("bad precision")
            << QStringList{"--model", "llama-2-7b", "--precision", "fp64"} << "--precision";
        QTest::newRow("unknown card")
            << QStringList{"--model", "llama-2-7b", "--card", "tpu"} << "--card";
        QTest::newRow("no model") << QStringList{"--micro-batch", "1"} << "--model";
    }

    void estimateRejectsBadInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, mentions);
        const Run r = run(ONRAMP_BIN, QStringList{"estimate"} + args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(mentions.toUtf8()), r.err.constData());
    }

    void catalogs()
    {
        const Run models = run(ONRAMP_BIN, {"catalog", "models", "--json"});
        QCOMPARE(models.exitCode, 0);
        QVERIFY(QJsonDocument::fromJson(models.out).array().size() >= 25);
        const Run cards = run(ONRAMP_BIN, {"catalog", "cards"});
        QCOMPARE(cards.exitCode, 0);
        QVERIFY(cards.out.contains("H200"));
        QVERIFY(cards.out.contains("910B"));
        // "gpus" is what people call the cards; an unknown catalog names the choices, not an
        // option that does not exist.
        const Run gpus = run(ONRAMP_BIN, {"catalog", "gpus"});
        QCOMPARE(gpus.exitCode, 0);
        QCOMPARE(gpus.out, cards.out);
        const Run bogus = run(ONRAMP_BIN, {"catalog", "bogus"});
        QCOMPARE(bogus.exitCode, 2);
        QVERIFY2(!bogus.err.contains("--which"), bogus.err.constData());
        QVERIFY(bogus.err.contains("models, cards, images or instances"));
        QVERIFY(bogus.err.contains("Usage:"));
        const Run images = run(ONRAMP_BIN, {"catalog", "images", "--json"});
        QCOMPARE(images.exitCode, 0);
        QVERIFY(QJsonDocument::fromJson(images.out)
                    .array()
                    .first()["digest"]
                    .toString()
                    .startsWith("sha256:"));
        QCOMPARE(run(ONRAMP_BIN, {"catalog", "instances"}).exitCode, 0);
    }

    void checkQualification()
    {
        const QString file = ONRAMP_SOURCE_DIR "/docs/examples/qualification.json";
        Run r =
            run(ONRAMP_BIN, {"check", "qualification", file, "--today", "2026-11-30", "--json"});
        QVERIFY2(r.exitCode == 0, (r.out + r.err).constData());
        QVERIFY(QJsonDocument::fromJson(r.out).object()["findings"].isArray());
        // A year later the authorization has expired: blocking, exit 1.
        r = run(ONRAMP_BIN, {"check", "qualification", file, "--today", "2027-12-01", "--json"});
        QCOMPARE(r.exitCode, 1);
        const QJsonArray f = QJsonDocument::fromJson(r.out).object()["findings"].toArray();
        bool expired = false;
        for (const QJsonValue &v : f) {
            const QJsonObject o = v.toObject();
            QVERIFY(o.contains("code") && o.contains("severity") && o.contains("field") &&
                    o.contains("message"));
            expired |= o["code"].toString() == "authorization.expired";
        }
        QVERIFY(expired);
        QTemporaryDir dir;
        QFile bad(dir.filePath("bad.json"));
        bad.open(QIODevice::WriteOnly);
        bad.write(R"({"authorizationSigned": "yesterday"})");
        bad.close();
        r = run(ONRAMP_BIN, {"check", "qualification", dir.filePath("bad.json")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("authorizationSigned"));
        QCOMPARE(run(ONRAMP_BIN, {"check", "qualification", dir.filePath("none.json")}).exitCode,
                 2);
    }

    void checkRoles()
    {
        Run r = run(ONRAMP_BIN,
                    {"check", "roles", ONRAMP_SOURCE_DIR "/docs/examples/members.csv", "--json"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(QJsonDocument::fromJson(r.out)
                    .object()["predicted"]
                    .toObject()["observer_refused"]
                    .toBool());
        r = run(ONRAMP_BIN, {"check", "roles", ONRAMP_SOURCE_DIR "/docs/examples/workspace.json"});
        QCOMPARE(r.exitCode, 0);
        QTemporaryDir dir;
        QFile csv(dir.filePath("m.csv"));
        csv.open(QIODevice::WriteOnly);
        csv.write("name,account,role\nA,a,developer\nB,b,observer\n");
        csv.close();
        r = run(ONRAMP_BIN, {"check", "roles", dir.filePath("m.csv"), "--json"});
        QCOMPARE(r.exitCode, 1); // no admin
        QVERIFY(r.out.contains("role.no_admin"));
        csv.open(QIODevice::WriteOnly);
        csv.write("name,account,role\nA,a,boss\n");
        csv.close();
        r = run(ONRAMP_BIN, {"check", "roles", dir.filePath("m.csv")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("line 2"));
    }

    void quotaPlan()
    {
        Run r = run(ONRAMP_BIN, {"quota", "plan", "--cards", "8", "--hours-per-round", "12",
                                 "--rounds", "16", "--retry-margin", "0.2", "--start", "2028-01-01",
                                 "--end", "2028-12-31", "--zone", "cn-north-1a", "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o["card_hours"].toDouble(), 1844.0); // 1843.2, in whole card-hours
        QCOMPARE(o["quarters"].toArray().size(), 4);
        QCOMPARE(o["staged"].toArray().first()["card_hours"].toDouble(), 116.0); // 115.2
        double staged = 0;
        for (const QJsonValue &a : o["staged"].toArray())
            staged += a["card_hours"].toDouble();
        QCOMPARE(staged, 1844.0);
        r = run(ONRAMP_BIN, {"quota", "plan", "--cards", "256", "--hours-per-round", "12",
                             "--rounds", "4", "--retry-margin", "0.2", "--start", "2027-01-01",
                             "--end", "2027-02-28", "--purpose", "finetuning", "--json"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.out.contains("quota.purpose_scale_mismatch"));
        // The purpose as the wizard labels it, in any case, is the same as its key.
        for (const char *kind : {"fine-tuning", "Fine-tuning", "FINETUNING"}) {
            const Run same =
                run(ONRAMP_BIN, {"quota", "plan", "--cards", "256", "--hours-per-round", "12",
                                 "--rounds", "4", "--retry-margin", "0.2", "--start", "2027-01-01",
                                 "--end", "2027-02-28", "--purpose", kind, "--json"});
            QCOMPARE(same.exitCode, 1);
            QCOMPARE(same.out, r.out);
        }
        QCOMPARE(run(ONRAMP_BIN, {"quota", "plan", "--cards", "8", "--hours-per-round", "12",
                                  "--rounds", "4", "--retry-margin", "0.2", "--start", "2027-01-01",
                                  "--end", "2027-02-28", "--purpose", "fun"})
                     .exitCode,
                 2);
        r = run(ONRAMP_BIN,
                {"quota", "plan", "--cards", "8", "--hours-per-round", "12", "--rounds", "4",
                 "--retry-margin", "0.2", "--start", "2027-03-01", "--end", "2027-02-01"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("--end"));
        r = run(ONRAMP_BIN, {"quota", "plan", "--cards", "8", "--hours-per-round", "12", "--rounds",
                             "4", "--retry-margin", "0.2", "--start", "2027-01-01", "--end",
                             "2027-02-01", "--peak", "2027-01-05:x:8"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("--peak"));
    }

    void sigv4()
    {
        const QString dir =
            ONRAMP_SHARED_DIR "/data/signing-vectors/aws-sigv4/post-sts-header-before/";
        if (!QFile::exists(dir + "context.json"))
            QSKIP("shared/data/signing-vectors is not beside the checkout");
        for (bool query : {false, true}) {
            QStringList args = {"sigv4", "--context", dir + "context.json", "--request",
                                dir + "request.txt"};
            if (query)
                args << "--query";
            const Run r = run(ONRAMP_BIN, args);
            QCOMPARE(r.exitCode, 0);
            QFile sig(dir + (query ? "query-signature.txt" : "header-signature.txt"));
            QVERIFY(sig.open(QIODevice::ReadOnly));
            QVERIFY(r.out.contains(sig.readAll().trimmed()));
            QVERIFY(r.out.contains("# canonical request"));
        }
        QCOMPARE(run(ONRAMP_BIN,
                     {"sigv4", "--context", dir + "request.txt", "--request", dir + "request.txt"})
                     .exitCode,
                 2);
        QCOMPARE(run(ONRAMP_BIN, {"sigv4", "--request", dir + "request.txt"}).exitCode, 2);
    }

    void probeFingerprint()
    {
        const Run r = run(ONRAMP_PROBE_BIN, {});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject fp = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(fp["event"].toString(), "fingerprint");
        QVERIFY(fp["cpu_count"].toInt() >= 1);
        QVERIFY(fp["memory_bytes"].toDouble() > 0);
        QVERIFY(fp["gpus"].isArray());
        QVERIFY(!fp["kernel"].toString().isEmpty());
        QCOMPARE(run(ONRAMP_PROBE_BIN, {"--bogus"}).exitCode, 2);
    }

    void probeEnvironmentLoopLearns()
    {
        const Run r = run(ONRAMP_PROBE_BIN, {"environment", "--steps", "120"});
        QCOMPARE(r.exitCode, 0);
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 1 + 120 + 1); // fingerprint, steps, verdict
        QCOMPARE(QJsonDocument::fromJson(lines.first()).object()["event"].toString(),
                 "fingerprint");
        double first = 0, last = 0;
        for (int i = 1; i <= 120; ++i) {
            const QJsonObject step = QJsonDocument::fromJson(lines[i]).object();
            QCOMPARE(step["event"].toString(), "step");
            QCOMPARE(step["step"].toInt(), i);
            QVERIFY(step["loss"].toDouble() >= 0);
            (i == 1 ? first : last) = step["loss"].toDouble();
        }
        QVERIFY(last < 0.5 * first);
        const QJsonObject verdict = QJsonDocument::fromJson(lines.last()).object();
        QCOMPARE(verdict["event"].toString(), "verdict");
        QVERIFY(verdict["passed"].toBool());
        QCOMPARE(run(ONRAMP_PROBE_BIN, {"environment", "--steps", "2"}).exitCode, 2);
    }

    // Where torch is installed, the environment check also runs the torch loop; a torch whose
    // driver is too old fails the check with torch's own words (here a stand-in torch package on
    // PYTHONPATH: this machine has no torch), and the fingerprint names the framework.
    void probeRunsTheTorchLoopWhereTorchIsInstalled()
    {
        if (QStandardPaths::findExecutable("python3").isEmpty())
            QSKIP("no python3");
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath("torch"));
        QFile init(dir.filePath("torch/__init__.py"));
        QVERIFY(init.open(QIODevice::WriteOnly));
        init.write("__version__ = '2.3.1'\n"
                   "class version:\n    cuda = '12.1'\n"
                   "class cuda:\n    @staticmethod\n    def is_available():\n"
                   "        raise RuntimeError('The NVIDIA driver on your system is too old "
                   "(found version 11040)')\n");
        init.close();
        qputenv("PYTHONPATH", dir.path().toUtf8());
        const Run r = run(ONRAMP_PROBE_BIN, {"environment", "--steps", "20"});
        qunsetenv("PYTHONPATH");
        QCOMPARE(r.exitCode, 1);
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        const QJsonObject fp = QJsonDocument::fromJson(lines.first()).object();
        QVERIFY2(fp["framework"].toString().startsWith("torch"), lines.first().constData());
        QJsonObject torch, verdict;
        for (const QByteArray &l : lines) {
            const QJsonObject e = QJsonDocument::fromJson(l).object();
            if (e["event"] == "torch")
                torch = e;
            if (e["event"] == "verdict")
                verdict = e;
        }
        QCOMPARE(torch["passed"].toBool(true), false);
        QVERIFY(torch["error"].toString().contains("driver on your system is too old"));
        QCOMPARE(verdict["passed"].toBool(true), false);
        QCOMPARE(verdict["torch_passed"].toBool(true), false);
        QVERIFY(verdict["reason"].toString().startsWith("torch loop failed"));
        // The triage reads it as the framework/driver/library disagreement, first action in the
        // guides' order.
        const Diagnosis d =
            triage(JobObservation::fromJob({{"state", "failed"}, {"exitCode", 1}},
                                           QString::fromUtf8(r.out)));
        QCOMPARE(d.kind, FailureKind::ExitsAtStart);
        QVERIFY(d.firstAction.contains("framework"));
    }

    // The handoff: the shipped example replays against a fresh sandbox from the spec alone.
    void replayReproducesTheExample()
    {
        const Run r =
            run(ONRAMP_BIN, {"replay", ONRAMP_SOURCE_DIR "/docs/examples/first-run.json"});
        QVERIFY2(r.exitCode == 0, (r.out + r.err).constData());
        QVERIFY(r.out.contains("PASS  first run"));
        QVERIFY(r.out.contains("PASS  loss curve"));
        QVERIFY(r.out.trimmed().endsWith("Reproduced."));
        QVERIFY(!r.out.contains("FAIL"));
    }

    // A spec whose loss curve the rerun does not meet, and one that says too little, fail and
    // say where.
    void replayNamesWhatDiffers()
    {
        QFile f(ONRAMP_SOURCE_DIR "/docs/examples/first-run.json");
        QVERIFY(f.open(QIODevice::ReadOnly));
        QJsonObject spec = QJsonDocument::fromJson(f.readAll()).object();
        QTemporaryDir dir;
        QJsonObject loss = spec["loss"].toObject();
        loss["last"] = loss["last"].toDouble() * 1.5;
        QJsonObject tampered = spec;
        tampered["loss"] = loss;
        QJsonObject os = spec["fingerprint"].toObject();
        os["os"] = "Plan 9";
        tampered["fingerprint"] = os;
        const auto write = [&](const QString &name, const QJsonObject &o) {
            QFile out(dir.filePath(name));
            out.open(QIODevice::WriteOnly);
            out.write(QJsonDocument(o).toJson());
            return out.fileName();
        };
        Run r = run(ONRAMP_BIN, {"replay", write("tampered.json", tampered)});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.out.contains("FAIL  loss curve"), r.out.constData());
        QVERIFY(r.out.contains("FAIL  environment: os: spec says Plan 9"));
        QVERIFY(r.out.trimmed().endsWith("Not reproduced."));
        QJsonObject bare = spec;
        bare.remove("fingerprint");
        bare.remove("loss");
        r = run(ONRAMP_BIN, {"replay", write("bare.json", bare)});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.out.contains("MISSING  environment"));
        QVERIFY(r.out.contains("MISSING  loss curve"));
        // A spec that does not parse is bad input, with the field.
        bare["compute"] = QJsonObject{{"instanceType", "gpu.a10.1"}, {"gpus", 1}};
        r = run(ONRAMP_BIN, {"replay", write("bad.json", bare)});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("$.compute.gpus"));
    }

    // The probe's data check reads every file and names what is wrong: a dangling link, a file
    // shorter than its manifest says, a missing one, a checksum that differs.
    void probeDataCheck()
    {
        QTemporaryDir dir;
        QDir(dir.path()).mkpath("shard");
        QByteArray a(300000, 'a'), b(1000, 'b');
        const auto put = [&](const QString &name, const QByteArray &bytes) {
            QFile f(dir.filePath(name));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(bytes);
        };
        put("a.bin", a);
        put("shard/b.bin", b);
        const QByteArray bSum = QCryptographicHash::hash(b, QCryptographicHash::Sha256).toHex();
        // Clean: passes, and the sample's checksum is the file's.
        Run r = run(ONRAMP_PROBE_BIN, {"data", "--dir", dir.path()});
        QCOMPARE(r.exitCode, 0);
        QJsonObject report;
        for (const QByteArray &line : r.out.split('\n'))
            if (line.contains("\"event\":\"data\""))
                report = QJsonDocument::fromJson(line).object();
        QCOMPARE(report["files"].toInt(), 2);
        QCOMPARE(report["bytes"].toInteger(), 301000);
        QCOMPARE(report["small_files"].toInt(), 1);
        QVERIFY(report["throughput_mb_s"].toDouble() > 0);
        bool sampled = false;
        for (const QJsonValue &s : report["sample"].toArray())
            if (s["path"] == "shard/b.bin")
                sampled = s["sha256"].toString().toLatin1() == bSum;
        QVERIFY(sampled);
        // Broken: a dangling link, a short file, a missing one, a wrong checksum.
        QVERIFY(QFile::link("/nonexistent-onramp", dir.filePath("gone")));
        put("manifest.json", R"({"files":[{"path":"a.bin","size":400000},)"
                             R"({"path":"shard/b.bin","size":1000,"sha256":"00"},)"
                             R"({"path":"c.bin","size":5}]})");
        r = run(ONRAMP_PROBE_BIN, {"data", "--dir", dir.path()});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.out.contains(R"("path":"gone")"));
        QVERIFY(r.out.contains(R"("manifest_size":400000)"));
        QVERIFY(r.out.contains(R"("missing":true)"));
        QVERIFY(r.out.contains(R"("matches_manifest":false)"));
        QVERIFY(r.out.contains(R"("passed":false)"));
        QCOMPARE(
            run(ONRAMP_PROBE_BIN, {"data", "--step-seconds", "-1", "--dir", dir.path()}).exitCode,
            2);
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
