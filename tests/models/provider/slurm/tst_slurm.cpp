// Onramp's Slurm provider against a real single-node Slurm 22.05 cluster (slurmctld, slurmd
// with eight fake GPUs, slurmdbd on MariaDB, slurmrestd with JWT), brought up from nothing by
// scripts/slurm-cluster.sh and torn down after. Skipped, saying why, where the Slurm packages
// are missing or the test does not run as root (the script exits 77).
#include "AwaitAnswer.h"
#include "DemoState.h"
#include "HangWatch.h"
#include "OnboardingState.h"
#include "ProbeEvents.h"
#include "Provider.h"
#include "ProviderSession.h"
#include "RunSpec.h"
#include "SkipOrFail.h"
#include "SlurmClient.h"
#include "Transport.h"
#include "Triage.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <curl/curl.h>

using namespace onramp;

class TestSlurm : public QObject
{
    Q_OBJECT

    QString m_lab;
    bool m_started = false;
    std::unique_ptr<Transport> m_transport;
    std::unique_ptr<SlurmClient> m_slurm;
    QProcessEnvironment m_env = QProcessEnvironment::systemEnvironment();

    QHash<QString, QString> m_vars;

    ProviderProfile profile() const
    {
        ProviderProfile p;
        p.kind = ProviderProfile::Kind::Slurm;
        p.baseUrl = QUrl(m_vars.value("ONRAMP_SLURM_URL"));
        p.slurm.cluster = m_vars.value("ONRAMP_SLURM_CLUSTER");
        p.slurm.outputDir = m_vars.value("ONRAMP_SLURM_OUTPUT");
        p.slurm.tokenDir = m_lab + QStringLiteral("/tokens");
        p.slurm.admin = QStringLiteral("wizard");
        p.slurm.user = QStringLiteral("bob");
        p.slurm.probe = m_lab + QStringLiteral("/jobs/bin/onramp-probe");
        return p;
    }

    QString script() const { return QStringLiteral(ONRAMP_SOURCE_DIR "/scripts/slurm-cluster.sh"); }

    ProviderResult wait(const std::function<void(SlurmClient::Done)> &call, int ms = 20000)
    {
        return awaitAnswer<ProviderResult>(call, ms);
    }

    // Polls a job until `until` holds for it (or 60 s pass); the last answer.
    QJsonObject waitJob(const QString &user, const QString &id,
                        const std::function<bool(const QJsonObject &)> &until)
    {
        QJsonObject last;
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < 60000) {
            const auto j = wait([&](auto done) { m_slurm->job(user, id, this, done); });
            if (j) {
                last = *j;
                if (until(last))
                    break;
            }
            QTest::qWait(300);
        }
        return last;
    }

    QString submit(const QString &user, const QString &account, const QString &body,
                   const SlurmClient::JobShape &shape)
    {
        const auto r = wait(
            [&](auto done) { m_slurm->submit(user, account, body, shape, this, done); });
        if (!r)
            qWarning("submit: %s | %s", qPrintable(r.error().message), qPrintable(r.error().details));
        return r ? r->value("id").toString() : QString();
    }

    static QString why(const ProviderResult &r)
    {
        return r ? QString() : r.error().message + QStringLiteral(" | ") + r.error().details;
    }

    // A Slurm command as the cluster's administrator (root here); true when it succeeded.
    bool runAsAdmin(const QString &program, const QStringList &args, QByteArray *out = nullptr)
    {
        QProcess p;
        p.setProcessEnvironment(m_env);
        p.start(program, args);
        const bool ok = p.waitForFinished(10000) && p.exitStatus() == QProcess::NormalExit &&
                        p.exitCode() == 0;
        if (out)
            *out = p.readAllStandardOutput().trimmed();
        return ok;
    }
    bool scontrol(const QStringList &args) { return runAsAdmin(QStringLiteral("scontrol"), args); }
    // A job of bob's holding all eight GPUs for up to two minutes, once it runs; its id.
    QString holdAllGpus()
    {
        SlurmClient::JobShape all;
        all.gpus = 8;
        all.timeMinutes = 2;
        const QString holder = submit("bob", "vision", "#!/bin/sh\nsleep 60\n", all);
        if (!holder.isEmpty())
            waitJob("bob", holder,
                    [](const QJsonObject &j) { return j.value("state").toString() == "running"; });
        return holder;
    }
    // The lab's one node.
    QString node()
    {
        QByteArray name;
        runAsAdmin(QStringLiteral("sinfo"), {"-h", "-o", "%N"}, &name);
        return QString::fromUtf8(name);
    }

private slots:
    void initTestCase()
    {
        curl_global_init(CURL_GLOBAL_DEFAULT);
        m_lab = QDir::temp().filePath(QStringLiteral("onramp-slurm-test-%1")
                                          .arg(QCoreApplication::applicationPid()));
        QProcess up;
        up.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        up.start(script(), {QStringLiteral("up"), m_lab});
        QVERIFY(up.waitForFinished(120000));
        if (up.exitCode() == 77)
            ONRAMP_SKIP_OR_FAIL("No Slurm cluster here: the Slurm packages are missing or this is "
                                "not root (scripts/setup-debian.sh --slurm installs them)");
        QCOMPARE(up.exitCode(), 0);
        m_started = true;
        QFile env(m_lab + QStringLiteral("/env.sh"));
        QVERIFY(env.open(QIODevice::ReadOnly));
        QHash<QString, QString> &vars = m_vars;
        for (const QByteArray &line : env.readAll().split('\n')) {
            const QString l = QString::fromUtf8(line).remove(QStringLiteral("export "));
            if (l.contains(u'='))
                vars.insert(l.section(u'=', 0, 0), l.section(u'=', 1));
        }
        // The probe where the cluster's users can run it (the shared output folder).
        QVERIFY(QDir().mkpath(vars.value("ONRAMP_SLURM_OUTPUT") + "/bin"));
        for (const char *file :
             {"onramp-probe", "torch_check.py", "train_lm.py", "onramp-corpus.txt"}) {
            const QString to = vars.value("ONRAMP_SLURM_OUTPUT") + "/bin/" + QLatin1String(file);
            QVERIFY(QFile::copy(QStringLiteral(ONRAMP_PROBE_DIR "/") + QLatin1String(file), to));
            QFile::setPermissions(to, QFileDevice::Permissions(0x7755));
        }
        m_env.insert(QStringLiteral("SLURM_CONF"), vars.value("SLURM_CONF"));
        SlurmProfile p;
        p.url = QUrl(vars.value("ONRAMP_SLURM_URL"));
        p.cluster = vars.value("ONRAMP_SLURM_CLUSTER");
        p.outputDir = vars.value("ONRAMP_SLURM_OUTPUT");
        p.tokenDir = m_lab + QStringLiteral("/tokens");
        p.admin = QStringLiteral("wizard");
        m_transport = std::make_unique<Transport>();
        m_slurm = std::make_unique<SlurmClient>(m_transport.get(), p);
        // The workspace of the tests: three roles, 10 card-hours.
        const auto ws = wait([&](auto done) {
            m_slurm->setUpWorkspace(QStringLiteral("vision"),
                                    {{"alice", "admin"}, {"bob", "developer"}, {"carol", "observer"}},
                                    10, this, done);
        });
        QVERIFY2(ws, qPrintable(why(ws)));
    }

    void cleanupTestCase()
    {
        m_slurm.reset();
        m_transport.reset();
        if (m_started) {
            QProcess down;
            down.start(script(), {QStringLiteral("down"), m_lab});
            QVERIFY(down.waitForFinished(60000));
            QCOMPARE(down.exitCode(), 0);
            // Nothing it started is left.
            QProcess left;
            left.start(QStringLiteral("pgrep"), {QStringLiteral("-f"), m_lab});
            left.waitForFinished();
            QCOMPARE(left.readAllStandardOutput().trimmed(), QByteArray());
        }
        curl_global_cleanup();
    }

    void workspaceHasThreeRoles()
    {
        const auto account = wait([&](auto done) {
            m_slurm->request("wizard", "GET", "/slurmdb/v0.0.38/account/vision", {}, this, done);
        });
        QVERIFY2(account, qPrintable(why(account)));
        const QJsonArray coords =
            account->value("accounts").toArray().first().toObject().value("coordinators").toArray();
        QCOMPARE(coords.size(), 1);
        QCOMPARE(coords.first().toObject().value("name").toString(), QStringLiteral("alice"));
        const auto assocs = wait([&](auto done) {
            m_slurm->request("wizard", "GET", "/slurmdb/v0.0.38/associations?account=vision", {},
                             this, done);
        });
        QVERIFY(assocs);
        QMap<QString, QStringList> qos;
        for (const QJsonValue &v : assocs->value("associations").toArray()) {
            const QJsonObject a = v.toObject();
            QStringList q;
            for (const QJsonValue &x : a.value("qos").toArray())
                q << x.toString();
            qos.insert(a.value("user").toString(), q);
        }
        QVERIFY(qos.contains("alice") && qos.contains("bob") && qos.contains("carol"));
        QCOMPARE(qos.value("carol"), QStringList{"observer"});
        QVERIFY(!qos.value("bob").contains("observer"));
    }

    void theObserverIsRefusedWithTheClustersMessage()
    {
        const auto r = wait([&](auto done) {
            m_slurm->submit("carol", "vision", "#!/bin/sh\necho no\n", {}, this, done);
        });
        QVERIFY(!r);
        QCOMPARE(r.error().code, ProviderErrorCode::Forbidden);
        QVERIFY2(r.error().message.contains("Job violates accounting/QOS policy"),
                 qPrintable(r.error().message));
        QVERIFY(r.error().details.contains("2050"));
        const Diagnosis d = triage(JobObservation::refused("forbidden", r.error().message));
        QCOMPARE(d.queue, QueueCause::Permission);
    }

    void aDevelopersJobAndItsLog()
    {
        SlurmClient::JobShape shape;
        shape.name = QStringLiteral("hello");
        shape.gpus = 2;
        const QString id = submit("bob", "vision",
                                  "#!/bin/sh\necho hello from $SLURM_JOB_ID\n"
                                  "echo CUDA_VISIBLE_DEVICES=$CUDA_VISIBLE_DEVICES\n",
                                  shape);
        QVERIFY(!id.isEmpty());
        const QJsonObject job = waitJob("bob", id, [](const QJsonObject &j) {
            return isFinalJobState(j.value("state").toString());
        });
        QCOMPARE(job.value("state").toString(), QStringLiteral("succeeded"));
        QCOMPARE(job.value("exitCode").toInt(), 0);
        QVERIFY(job.value("output").toString().endsWith("hello-" + id + ".out"));
        const auto log = m_slurm->readLog(job, 0, 65536);
        QVERIFY(log);
        QVERIFY2(log->value("text").toString().contains("hello from " + id),
                 qPrintable(log->value("text").toString()));
        QVERIFY(log->value("text").toString().contains("CUDA_VISIBLE_DEVICES=0,1"));
        // Read from an offset: only what follows.
        const auto rest = m_slurm->readLog(job, 6, 65536);
        QVERIFY(rest->value("text").toString().startsWith("from " + id));
    }

    // 22.05 drops a change to an account that is its parent's leftmost child without a word;
    // consecutive changes are the case that shows it.
    void quotaIsSetAndReadBackEveryTime()
    {
        for (qint64 minutes : {601, 602, 600, 4, 600}) {
            const auto set = wait([&](auto done) { m_slurm->setQuota("vision", minutes, this, done); });
            QVERIFY2(set, qPrintable(why(set)));
            const auto read = wait([&](auto done) { m_slurm->readQuota("vision", this, done); });
            QVERIFY(read);
            QCOMPARE(read->value("gpuMinutes").toInteger(), minutes);
        }
    }

    void aJobPendingOnItsQuotaIsTriagedAsQuota()
    {
        const auto ws = wait([&](auto done) {
            m_slurm->setUpWorkspace("tiny", {{"bob", "developer"}}, 1.0 / 60, this, done);
        });
        QVERIFY2(ws, qPrintable(why(ws)));
        SlurmClient::JobShape shape;
        shape.gpus = 8;
        shape.timeMinutes = 10; // 80 GPU-minutes against a budget of 1
        const QString id = submit("bob", "tiny", "#!/bin/sh\nsleep 1\n", shape);
        QVERIFY(!id.isEmpty());
        const QJsonObject job = waitJob("bob", id, [](const QJsonObject &j) {
            return j.value("reason").toObject().value("code").toString() != QString();
        });
        QCOMPARE(job.value("state").toString(), QStringLiteral("queued"));
        QCOMPARE(job.value("reason").toObject().value("code").toString(),
                 QStringLiteral("AssocGrpGRESMinutes"));
        const Diagnosis d = triage(JobObservation::fromJob(job, {}));
        QCOMPARE(d.kind, FailureKind::QueuedForever);
        QCOMPARE(d.queue, QueueCause::Quota);
        wait([&](auto done) { m_slurm->cancel("bob", id, this, done); });
    }

    void aJobPendingOnFreeGpusIsTriagedAsStock()
    {
        const QString holder = holdAllGpus();
        QVERIFY(!holder.isEmpty());
        const auto stock = wait([&](auto done) { m_slurm->stock("bob", this, done); });
        QVERIFY(stock);
        const QJsonObject gpu = stock->value("partitions").toArray().first().toObject();
        QCOMPARE(gpu.value("gpus").toInt(), 8);
        SlurmClient::JobShape one;
        one.gpus = 1;
        one.timeMinutes = 1;
        const QString waiting = submit("bob", "vision", "#!/bin/sh\nsleep 1\n", one);
        // The backfill scheduler estimates its start (squeue --start's StartTime): at the latest
        // when the holder reaches its 2-minute limit.
        waitJob("bob", waiting, [](const QJsonObject &j) {
            return j.value("reason").toObject().value("code").toString() == "Resources" &&
                   j.contains("expectedStart");
        });
        // Read as the pages read it: through the provider's readJob.
        Transport transport;
        const auto provider = providerFor(&transport, profile(), {});
        const auto read = [&](const QString &id) {
            return awaitAnswer<ProviderResult>(
                [&](Provider::Answer a) { provider->readJob(CallContext{this, "bob", {}}, id, a); },
                20000);
        };
        const auto job = read(waiting);
        QVERIFY2(job, qPrintable(why(job)));
        QCOMPARE(job->value("state").toString(), QStringLiteral("queued"));
        const Diagnosis d = triage(JobObservation::fromJob(*job, {}));
        QCOMPARE(d.queue, QueueCause::Stock);
        const JobObservation seen = JobObservation::fromJob(*job, {});
        QVERIFY2(seen.expectedStart.isValid(),
                 qPrintable(QJsonDocument(*job).toJson(QJsonDocument::Compact)));
        QCOMPARE(seen.expectedStartBasis, QStringLiteral("scheduler"));
        QVERIFY(seen.expectedStart <= QDateTime::currentDateTimeUtc().addSecs(3 * 60));
        const QueueWait w = explainWait(seen);
        QCOMPARE(w.cause, QueueCause::Stock);
        QVERIFY2(w.expected.toString().contains("scheduler's estimate"),
                 qPrintable(w.expected.toString()));
        // A job that waits for the holder to succeed waits for its own dependency: not a fault.
        SlurmClient::JobShape after = one;
        after.dependency = QStringLiteral("afterok:") + holder;
        const QString dependent = submit("bob", "vision", "#!/bin/sh\nsleep 1\n", after);
        QVERIFY(!dependent.isEmpty());
        waitJob("bob", dependent, [](const QJsonObject &j) {
            return j.value("reason").toObject().value("code").toString() == "Dependency";
        });
        const auto dep = read(dependent);
        QVERIFY2(dep, qPrintable(why(dep)));
        QCOMPARE(dep->value("reason").toObject().value("kind").toString(),
                 QStringLiteral("dependency"));
        const QueueWait depWait = explainWait(JobObservation::fromJob(*dep, {}));
        QCOMPARE(depWait.cause, QueueCause::Dependency);
        QVERIFY(!depWait.stuck);
        QCOMPARE(triage(JobObservation::fromJob(*dep, {})).kind, FailureKind::None);
        wait([&](auto done) { m_slurm->cancel("bob", dependent, this, done); });
        wait([&](auto done) { m_slurm->cancel("bob", waiting, this, done); });
        wait([&](auto done) { m_slurm->cancel("bob", holder, this, done); });
    }

    // A drained node (maintenance). A job submitted then is refused at once, as out of stock
    // with the node's state named; a job already waiting when the node is drained waits with
    // Slurm's "Resources" and a description naming the drain: read as the pages read it, the
    // wait says the nodes are out, not that the cards are busy.
    void aDrainedNodeIsSaidAsSuch()
    {
        const QString node = this->node();
        QVERIFY(!node.isEmpty());
        const QString holder = holdAllGpus();
        QVERIFY(!holder.isEmpty());
        SlurmClient::JobShape one;
        one.gpus = 1;
        one.timeMinutes = 1;
        const QString waiting = submit("bob", "vision", "#!/bin/sh\nsleep 1\n", one);
        QVERIFY(!waiting.isEmpty());
        QVERIFY(scontrol({"update", "nodename=" + node, "state=drain", "reason=onramp-test"}));
        const auto refused = wait([&](auto done) {
            m_slurm->submit("bob", "vision", "#!/bin/sh\nsleep 1\n", one, this, done);
        });
        waitJob("bob", waiting, [](const QJsonObject &j) {
            return j.value("reason").toObject().value("message").toString().contains("DRAIN");
        });
        Transport transport;
        const auto provider = providerFor(&transport, profile(), {});
        const auto job = awaitAnswer<ProviderResult>(
            [&](Provider::Answer a) {
                provider->readJob(CallContext{this, "bob", {}}, waiting, a);
            },
            20000);
        wait([&](auto done) { m_slurm->cancel("bob", waiting, this, done); });
        wait([&](auto done) { m_slurm->cancel("bob", holder, this, done); });
        QVERIFY(scontrol({"update", "nodename=" + node, "state=resume"}));
        // Back for the tests after this one: idle again once the cancelled jobs completed.
        QByteArray state;
        for (int i = 0; i < 60 && state != "idle"; ++i) {
            QTest::qWait(500);
            runAsAdmin(QStringLiteral("sinfo"), {"-h", "-o", "%t"}, &state);
        }
        QCOMPARE(state, QByteArray("idle"));

        QVERIFY(!refused);
        QCOMPARE(refused.error().code, ProviderErrorCode::OutOfStock);
        QVERIFY2(refused.error().message.contains("down, drained or reserved") &&
                     refused.error().details.contains("2068"),
                 qPrintable(why(refused)));
        QVERIFY2(job, qPrintable(why(job)));
        QCOMPARE(job->value("state").toString(), QStringLiteral("queued"));
        const QueueWait w = explainWait(JobObservation::fromJob(*job, {}));
        QCOMPARE(w.cause, QueueCause::Stock);
        QVERIFY2(w.title.toString() == QStringLiteral("Waiting for nodes that are down or drained"),
                 qPrintable(w.title.toString() + " / " + w.evidence));
        QVERIFY(w.stuck);
    }

    // #18 item 4 on the cluster: a job that stops stepping while it still runs (the probe's
    // own --hang-at-step) is seen as hung, through the provider operations the monitor uses
    // (readJob, readLog) and the triage; before the hang it is not.
    void aHangIsSeenOnTheCluster()
    {
        Transport transport;
        const auto provider = providerFor(&transport, profile(), {});
        const CallContext bob{this, QStringLiteral("bob"), {}};
        const QJsonObject body{
            {"name", "hang"},
            {"shape", "check"},
            {"launch", QJsonObject{{"mode", "builtin"},
                                   {"entry", "metrics"},
                                   {"args", QJsonArray{"--steps", "1000", "--step-ms", "10",
                                                       "--hang-at-step", "20"}}}}};
        const auto submitted = awaitAnswer<ProviderResult>(
            [&](Provider::Answer a) { provider->submitJob(bob, "vision", body, a); }, 20000);
        QVERIFY2(submitted, qPrintable(why(submitted)));
        const QString id = submitted->value("id").toString();
        const auto read = [&] {
            auto job = awaitAnswer<ProviderResult>(
                [&](Provider::Answer a) { provider->readJob(bob, id, a); }, 20000);
            if (!job)
                return QJsonObject();
            const auto log = awaitAnswer<ProviderResult>(
                [&](Provider::Answer a) { provider->readLog(bob, id, 0, 1 << 20, a); }, 20000);
            QJsonObject j = *job;
            j["log"] = log ? log->value("text").toString() : QString();
            return j;
        };
        const HangWatch w = watchForHang(read, 20, 2, 100, 30000);
        awaitAnswer<ProviderResult>([&](Provider::Answer a) { provider->cancelJob(bob, id, a); },
                                    20000);
        checkHungAfter(w, 20);
    }

    // The run spec's sbatch export, submitted as is with the cluster's own sbatch by a member.
    void theSbatchExportIsAcceptedAsIs()
    {
        QFile example(QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/first-run.json"));
        QVERIFY(example.open(QIODevice::ReadOnly));
        const auto spec = parseRunSpec(example.readAll());
        QVERIFY(spec);
        const QString path = m_slurm->profile().outputDir + QStringLiteral("/first-run.sbatch");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(exportSbatch(*spec).toUtf8());
        f.close();
        f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ReadOther | QFile::ReadGroup);
        QProcess sbatch;
        // The script unchanged; the member's account as sbatch takes it from the environment.
        QProcessEnvironment env = m_env;
        env.insert(QStringLiteral("SBATCH_ACCOUNT"), QStringLiteral("vision"));
        sbatch.setProcessEnvironment(env);
        sbatch.setWorkingDirectory(m_slurm->profile().outputDir);
        sbatch.start(QStringLiteral("runuser"),
                     {QStringLiteral("-u"), QStringLiteral("bob"), QStringLiteral("--"),
                      QStringLiteral("env"), QStringLiteral("SBATCH_ACCOUNT=vision"),
                      QStringLiteral("SLURM_CONF=") + m_env.value(QStringLiteral("SLURM_CONF")),
                      QStringLiteral("sbatch"), QStringLiteral("--parsable"), path});
        QVERIFY(sbatch.waitForFinished(30000));
        QVERIFY2(sbatch.exitCode() == 0, sbatch.readAllStandardError().constData());
        const QString id = QString::fromUtf8(sbatch.readAllStandardOutput()).trimmed().section(u';', 0, 0);
        const auto raw = wait([&](auto done) {
            m_slurm->request("bob", "GET", "/slurm/v0.0.38/job/" + id, {}, this, done);
        });
        QVERIFY(raw);
        const QJsonObject j = raw->value("jobs").toArray().first().toObject();
        QCOMPARE(j.value("name").toString(), QStringLiteral("onramp-first-run"));
        QVERIFY2(j.value("tres_per_node").toString().contains("gpu:" + QString::number(spec->compute.cardsPerNode)),
                 qPrintable(j.value("tres_per_node").toString()));
        QCOMPARE(j.value("time_limit").toInt(), int(spec->compute.timeLimitHours * 60));
        wait([&](auto done) { m_slurm->cancel("bob", id, this, done); });
    }

    // In an account of its own, one job on 2 GPUs that sleeps 3 s: the usage counts that job
    // and 2 × ≥ 3 s = at least 0.1 GPU-minutes (at most its 1-minute limit, 2 GPU-minutes). A
    // missing key would read as 0 and fail. (The vision account's earlier jobs reach the
    // accounting late, so a before/after difference there would not be this job's.)
    void usageIsSummedFromAccounting()
    {
        const auto ws = wait([&](auto done) {
            m_slurm->setUpWorkspace("usage", {{"bob", "developer"}}, 10, this, done);
        });
        QVERIFY2(ws, qPrintable(why(ws)));
        const QDateTime since = QDateTime::currentDateTimeUtc().addSecs(-60);
        SlurmClient::JobShape shape;
        shape.name = QStringLiteral("usage");
        shape.gpus = 2;
        shape.timeMinutes = 1;
        const QString id = submit("bob", "usage", "#!/bin/sh\nsleep 3\n", shape);
        QVERIFY(!id.isEmpty());
        const QJsonObject job = waitJob("bob", id, [](const QJsonObject &j) {
            return isFinalJobState(j.value("state").toString());
        });
        QCOMPARE(job.value("state").toString(), QStringLiteral("succeeded"));
        // slurmdbd records the job's end after it ends: read until it counts (at most 30 s).
        QJsonObject usage;
        for (int i = 0; i < 60; ++i) {
            const auto u = wait([&](auto done) { m_slurm->usage("usage", since, this, done); });
            QVERIFY2(u, qPrintable(why(u)));
            usage = *u;
            if (usage.value("gpuMinutes").toDouble() > 0)
                break;
            QTest::qWait(500);
        }
        const QString seen = QString::fromUtf8(QJsonDocument(usage).toJson(QJsonDocument::Compact));
        QVERIFY2(usage.contains("gpuMinutes"), qPrintable(seen));
        QCOMPARE(usage.value("jobs").toInt(), 1);
        QVERIFY2(usage.value("gpuMinutes").toDouble() >= 2 * 3 / 60.0, qPrintable(seen));
        QVERIFY2(usage.value("gpuMinutes").toDouble() <= 2 * 60 / 60.0, qPrintable(seen));
    }

    // The same ProviderSession that drives the sandbox, on the cluster: gate 1 not required,
    // gate 2's workspace with its two checks, gate 3 applied, gate 4's shape and its check, gate
    // 5's four checks (the checkpoint check interrupts a Slurm job with SIGINT) and the first run.
    // The demo onboarding in workspace `name`, the cluster's users taking the demo's roles.
    static OnboardingState clusterState(const QString &name)
    {
        OnboardingState state = demoState();
        state.workspace.workspaceName = name;
        const QHash<Role, QString> who = {{Role::Admin, "alice"}, {Role::Developer, "bob"},
                                          {Role::Observer, "carol"}};
        QList<Member> members;
        QSet<Role> seen;
        for (Member m : state.workspace.members) {
            if (seen.contains(m.role))
                continue;
            seen.insert(m.role);
            m.account = who.value(m.role);
            members << m;
        }
        state.workspace.members = members;
        return state;
    }

    // #18 item 1 on the cluster: gate 4's candidates are compared with the account's remaining
    // GPU-minutes (its slurmdbd limit less what sacct says it used) before anything is created;
    // what cannot fit is skipped with the figures, the first that fits is opened.
    void candidatesAreCheckedAgainstTheAccountsQuota()
    {
        const auto setQuota = [&](qint64 minutes) {
            const auto set =
                wait([&](auto done) { m_slurm->setQuota("vision", minutes, this, done); });
            QVERIFY2(set, qPrintable(why(set)));
        };
        setQuota(600); // 10 card-hours
        OnboardingState state = clusterState(QStringLiteral("vision"));
        state.workspace.pool.zone.clear(); // a cluster has no zones
        state.quota.hoursPerRound = 2;
        state.resources.choice.instance = QStringLiteral("gpu.a100-80g.8");
        state.resources.choice.instanceZone.clear();
        state.resources.choice.alternatives = {{QStringLiteral("gpu.h100.8"), QString()},
                                               {QStringLiteral("gpu.a100-80g.1"), QString()}};
        Transport transport;
        ProviderSession s(providerFor(&transport, profile(), {}), state);
        const auto create = [&] {
            std::optional<std::expected<void, ProviderError>> got;
            s.createInstance([&](const auto &r) { got = r; });
            QElapsedTimer t;
            t.start();
            while (!got && t.elapsed() < 60000)
                QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
            return got ? *got : std::unexpected(ProviderError{});
        };
        auto r = create();
        QVERIFY2(r, qPrintable(r ? QString() : r.error().message + " | " + r.error().details));
        QCOMPARE(state.provider.instanceType, QStringLiteral("gpu.a100-80g.1"));
        const QList<LaunchAttempt> &tried = state.provider.attempts;
        QCOMPARE(tried.size(), 3);
        QCOMPARE(tried[0].outcome, QStringLiteral("skipped"));
        QVERIFY2(tried[0].reason.contains("card-hours left, this run needs 8 × 2 h = 16 per round"),
                 qPrintable(tried[0].reason));
        QCOMPARE(tried[1].outcome, QStringLiteral("skipped"));
        QVERIFY2(tried[1].reason.contains("no quota for NVIDIA H100 80GB SXM5 cards"), qPrintable(tried[1].reason));
        QCOMPARE(tried[2].outcome, QStringLiteral("created"));

        // One card-hour left: nothing fits, nothing is created, and the error lists each.
        setQuota(60);
        state.provider.instanceId.clear();
        state.provider.instanceType.clear();
        r = create();
        setQuota(600);
        QVERIFY(!r);
        QVERIFY2(r.error().message.contains("No candidate could open (3 tried)"),
                 qPrintable(r.error().message));
        QCOMPARE(tried.size(), 3);
        for (const LaunchAttempt &a : tried)
            QCOMPARE(a.outcome, QStringLiteral("skipped"));
        QVERIFY2(tried[2].reason.contains("1 card-hours left, this run needs 1 × 2 h = 2"),
                 qPrintable(tried[2].reason));
        QVERIFY(state.provider.instanceId.isEmpty());
    }

    void gatesOneToSixOnTheCluster()
    {
        OnboardingState state = clusterState(QStringLiteral("field"));
        Transport transport;
        ProviderSession s(providerFor(&transport, profile(), {}), state);
        s.setPollIntervalMs(300);
        const auto run = [&](void (ProviderSession::*op)(ProviderSession::Done)) {
            std::optional<std::expected<void, ProviderError>> got;
            (s.*op)([&](const auto &r) { got = r; });
            QElapsedTimer t;
            t.start();
            while (!got && t.elapsed() < 360000)
                QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
            return got ? *got : std::unexpected(ProviderError{});
        };
        auto r = run(&ProviderSession::walkGatesOneToFour);
        QVERIFY2(r, qPrintable(r ? QString() : r.error().message + " | " + r.error().details));
        QVERIFY2(state.gate(GateId::Account).status == GateStatus::Passed,
                 qPrintable(state.gate(GateId::Account).heldBack.toString()));
        QVERIFY(state.gate(GateId::Account).evidence.toString().contains("Not required"));
        QVERIFY(state.provider.observerCheckPassed);
        QVERIFY2(state.provider.observerCheck.toString().contains("QOS policy"),
                 qPrintable(state.provider.observerCheck.toString()));
        QVERIFY2(state.provider.developerCheckPassed,
                 qPrintable(state.provider.developerCheck.toString()));
        QCOMPARE(state.provider.quotaApplication.state, QStringLiteral("approved"));
        QVERIFY2(state.provider.resourcesCheckPassed,
                 qPrintable(state.provider.resourcesCheck.toString()));
        // The team's data, where the instance reads it.
        const QString data = m_vars.value("ONRAMP_SLURM_OUTPUT") + "/field/data";
        for (int i = 0; i < 8; ++i) {
            QFile f(data + QStringLiteral("/shard-%1.bin").arg(i));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray(256 * 1024, char('a' + i)));
        }
        r = run(&ProviderSession::runReadinessChecks);
        QVERIFY2(r, qPrintable(r ? QString() : r.error().message + " | " + r.error().details));
        for (const QString &name : EnvironmentGateData::checkNames()) {
            const CheckResult c = state.environment.checks.value(name);
            QVERIFY2(c.passed(), qPrintable(name + ": " + c.evidence.toString() + " / " +
                                            c.diagnosis.toString()));
        }
        // The lab's GPUs are stand-ins: the check passes by the lab's own, named exemption
        // against the 8 cards the instance type promises, not by counting nothing.
        const QString env = state.environment.checks.value("environment").evidence.toString();
        QVERIFY2(env.contains("exempt as the Slurm test lab") && env.contains("promises 8"),
                 qPrintable(env));
        r = run(&ProviderSession::runFirstRun);
        QVERIFY2(r, qPrintable(r ? QString() : r.error().message + " | " + r.error().details));
        QVERIFY2(state.firstRun.run.passed(),
                 qPrintable(state.firstRun.run.evidence.toString() + " / " +
                            state.firstRun.run.diagnosis.toString()));
        QCOMPARE(state.firstRun.points.size(), 5);
        const QList<std::pair<int, double>> uninterrupted = state.firstRun.curve;

        // Once the first run has logged step 25, `interrupt` acts on its job; the run must
        // still pass, resumed from the checkpoint the job wrote when it was signalled, with the
        // uninterrupted curve, and its one attempt says the cluster requeued it.
        const auto interruptedRun = [&](const std::function<void(const QString &job)> &interrupt) {
            int at = 0;
            s.onJobNews = [&](const ProviderSession::JobNews &n) {
                if (at > 0 || n.check != QLatin1String("first-run"))
                    return;
                for (const QJsonObject &e : probeEventList(QString::fromUtf8(n.bytes), "step"))
                    if (e.value("step").toInt() >= 25 && at == 0) {
                        at = e.value("step").toInt();
                        interrupt(n.job.value("id").toString());
                    }
            };
            r = run(&ProviderSession::runFirstRun);
            s.onJobNews = {};
            QVERIFY2(r, qPrintable(r ? QString() : r.error().message + " | " + r.error().details));
            const FirstRunGateData &again = state.firstRun;
            QVERIFY2(again.run.passed(), qPrintable(again.run.evidence.toString() + " / " +
                                                    again.run.diagnosis.toString()));
            QVERIFY(at >= 25);
            QCOMPARE(again.attempts.size(), 1);
            const RunAttempt &only = again.attempts.last();
            qInfo("%s", qPrintable(only.text()));
            QCOMPARE(only.resumedFrom, 0);
            QCOMPARE(only.providerRequeues, 1);
            QVERIFY2(only.requeueResumedFrom >= at && only.requeueResumedFrom < again.steps,
                     qPrintable(only.text()));
            QVERIFY2(only.text().contains("requeued by the provider itself 1×"),
                     qPrintable(only.text()));
            QCOMPARE(again.curve, uninterrupted);
        };

        // The node fails under the first run (scontrol: DOWN). Slurm requeues the batch job
        // itself (JobRequeue, the default) and starts it again under the same id once the node
        // is back and its two-minute hold has passed.
        const QString node = this->node();
        QVERIFY(!node.isEmpty());
        interruptedRun([&](const QString &) {
            QVERIFY(scontrol({"update", "nodename=" + node, "state=down", "reason=onramp-test"}));
        });
        if (QTest::currentTestFailed())
            return;

        // Preempted the way a cluster in requeue mode does it (`scontrol requeue`: SIGTERM,
        // then pending again under the same id, held by a begin time two minutes on). While it
        // waits, the session says it is the cluster's requeue with nothing to do; the test then
        // lets it start at once (an administrator's `starttime=now`) instead of waiting.
        QStringList said;
        QString requeuedJob;
        bool released = false;
        s.onProgress = [&](const QString &text) {
            said << text;
            if (!released && text.contains(QLatin1String("Requeued, held until its begin time")))
                released = scontrol({"update", "jobid=" + requeuedJob, "starttime=now"});
        };
        interruptedRun([&](const QString &job) {
            requeuedJob = job;
            QVERIFY(scontrol({"requeue", job}));
        });
        s.onProgress = {};
        QVERIFY(released);
        QVERIFY2(said.filter("Requeued, held until its begin time").size() >= 1,
                 qPrintable(said.join(u'\n')));
        QVERIFY(said.filter("Nothing to do: it starts again by itself").size() >= 1);
        QCOMPARE(state.firstRun.attempts.last().jobId, requeuedJob);
    }

    // A colleague's rerun from the spec alone, on the cluster: a spec recorded on the cluster
    // (the first replay records what this cluster's job saw) replays with every item passing,
    // as another user; the sandbox's example fails where the cluster differs, by field.
    void replayPassesOnTheCluster()
    {
        QProcessEnvironment env = m_env;
        env.insert("ONRAMP_SLURM_CLUSTER", m_vars.value("ONRAMP_SLURM_CLUSTER"));
        env.insert("ONRAMP_SLURM_OUTPUT", m_vars.value("ONRAMP_SLURM_OUTPUT"));
        env.insert("ONRAMP_SLURM_TOKENS", m_lab + "/tokens");
        env.insert("ONRAMP_SLURM_ADMIN", "wizard");
        env.insert("ONRAMP_SLURM_USER", "bob");
        env.insert("ONRAMP_SLURM_PROBE", m_vars.value("ONRAMP_SLURM_OUTPUT") + "/bin/onramp-probe");
        QTemporaryDir dir;
        const QString recorded = dir.filePath("cluster-spec.json");
        const auto replay = [&](const QString &spec, const QStringList &more) {
            QProcess p;
            p.setProcessEnvironment(env);
            p.start(QStringLiteral(ONRAMP_BIN),
                    QStringList{"replay", spec, "--provider",
                                "slurm+" + m_vars.value("ONRAMP_SLURM_URL")} +
                        more);
            p.waitForFinished(300000);
            return std::make_pair(p.exitCode(),
                                  p.readAllStandardOutput() + p.readAllStandardError());
        };
        // The cluster's copy of the data, on its shared filesystem: the spec names that path.
        const QString data = m_lab + QStringLiteral("/datasets/sample");
        QVERIFY(QDir().mkpath(data));
        QFile::remove(data + "/corpus.txt");
        QVERIFY(QFile::copy(QStringLiteral(ONRAMP_PROBE_DIR "/onramp-corpus.txt"),
                            data + "/corpus.txt"));
        QFile::setPermissions(data, QFile::permissions(data) | QFile::ReadOther | QFile::ExeOther);
        QFile::setPermissions(QFileInfo(data).path(), QFile::permissions(data));
        QFile::setPermissions(data + "/corpus.txt", QFile::ReadOwner | QFile::ReadOther |
                                                        QFile::ReadGroup | QFile::WriteOwner);
        QFile example(ONRAMP_SOURCE_DIR "/docs/examples/first-run.json");
        QVERIFY(example.open(QIODevice::ReadOnly));
        QJsonObject spec = QJsonDocument::fromJson(example.readAll()).object();
        QJsonObject storage = spec["storage"].toObject();
        storage["data"] = data;
        spec["storage"] = storage;
        QFile onCluster(dir.filePath("example-on-cluster.json"));
        QVERIFY(onCluster.open(QIODevice::WriteOnly));
        onCluster.write(QJsonDocument(spec).toJson());
        onCluster.close();
        const auto [first, firstOut] = replay(onCluster.fileName(), {"--record", recorded});
        QVERIFY2(firstOut.contains("PASS    first run"), firstOut.constData());
        QVERIFY(firstOut.contains("N/A     image digest"));
        const auto [code, out] = replay(recorded, {});
        QVERIFY2(code == 0, out.constData());
        QVERIFY(out.contains("PASS    loss curve"));
        QVERIFY(out.contains("PASS    data manifest"));
        QVERIFY(out.contains("\nReproduced.\n") && !out.contains("Not reproduced."));
    }

    // Tokens from a command (as `scontrol token username=%u` would print them): run as a child
    // process, the call going on when it answers; a command that prints nothing says so.
    void aTokenCommandIsRunAsAChildProcess()
    {
        SlurmProfile p = m_slurm->profile();
        p.tokenDir.clear();
        p.tokenCommand = QStringLiteral("echo SLURM_JWT=$(cat %1/tokens/%u.jwt)").arg(m_lab);
        SlurmClient viaCommand(m_transport.get(), p);
        const auto ping = wait([&](auto done) {
            viaCommand.request("bob", "GET", "/slurm/v0.0.38/ping", {}, this, done);
        });
        QVERIFY2(ping, qPrintable(why(ping)));
        p.tokenCommand = QStringLiteral("true");
        SlurmClient silent(m_transport.get(), p);
        const auto refused = wait([&](auto done) {
            silent.request("bob", "GET", "/slurm/v0.0.38/ping", {}, this, done);
        });
        QVERIFY(!refused);
        QCOMPARE(refused.error().code, ProviderErrorCode::Unauthenticated);
    }

    void aBadTokenSaysGetANewOne()
    {
        const ProviderError e = slurmError(
            500, R"({"errors":[{"error_number":1007,"error":"Protocol authentication error"}]})");
        QCOMPARE(e.code, ProviderErrorCode::Unauthenticated);
        QVERIFY(e.message.contains("scontrol token"));
        QVERIFY(!e.details.contains("eyJ"));
    }

    // #17: a role changed after gate 2 reaches the cluster. The observer becomes a developer:
    // the submit the cluster refused is accepted. An admin's coordinator role cannot be taken
    // through slurmrestd 22.05: the change is refused, nothing changed, with the command an
    // administrator runs; after it, the change goes through. Last, because carol is vision's
    // observer for the tests above; she is one again at the end.
    void aRoleChangeReachesTheCluster()
    {
        const auto submitAs = [&](const QString &user) {
            return wait([&](auto done) {
                m_slurm->submit(user, "vision", "#!/bin/sh\necho changed\n", {}, this, done);
            });
        };
        // slurmctld hears of slurmdbd's change within moments: the answer settles, then holds.
        const auto settled = [&](const QString &user, bool accepted) {
            ProviderResult r = submitAs(user);
            for (int i = 0; i < 20 && bool(r) != accepted; ++i) {
                QTest::qWait(500);
                r = submitAs(user);
            }
            if (r)
                wait([&](auto done) { m_slurm->cancel(user, r->value("id").toString(), this, done); });
            return r;
        };
        const auto setRole = [&](const QString &role) {
            return wait([&](auto done) {
                m_slurm->changeMember("vision", {QStringLiteral("carol"), role}, this, done);
            });
        };
        const ProviderResult before = submitAs("carol");
        QVERIFY(!before);
        QCOMPARE(before.error().code, ProviderErrorCode::Forbidden);

        const auto developer = setRole("developer");
        QVERIFY2(developer, qPrintable(why(developer)));
        const ProviderResult accepted = settled("carol", true);
        QVERIFY2(accepted, qPrintable(why(accepted)));

        const auto admin = setRole("admin");
        QVERIFY2(admin, qPrintable(why(admin)));
        const auto account = wait([&](auto done) {
            m_slurm->request("wizard", "GET", "/slurmdb/v0.0.38/account/vision", {}, this, done);
        });
        QVERIFY2(account, qPrintable(why(account)));
        QStringList coordinators;
        for (const QJsonValue &c : account->value("accounts").toArray().first()["coordinators"].toArray())
            coordinators << c["name"].toString();
        QVERIFY2(coordinators.contains("carol"), qPrintable(coordinators.join(u',')));

        const auto kept = setRole("observer");
        QVERIFY(!kept);
        QVERIFY2(kept.error().message.contains("sacctmgr remove coordinator account=vision "
                                               "names=carol"),
                 qPrintable(kept.error().message));
        QVERIFY2(settled("carol", true), "refused, yet carol's QOS changed");

        QVERIFY(runAsAdmin(QStringLiteral("sacctmgr"),
                           {"-i", "remove", "coordinator", "account=vision", "names=carol"}));
        const auto observer = setRole("observer");
        QVERIFY2(observer, qPrintable(why(observer)));
        const ProviderResult refused = settled("carol", false);
        QVERIFY(!refused);
        QCOMPARE(refused.error().code, ProviderErrorCode::Forbidden);
    }
};

QTEST_GUILESS_MAIN(TestSlurm)
#include "tst_slurm.moc"
