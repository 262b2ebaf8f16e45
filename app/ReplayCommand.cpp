// onramp replay SPEC: a colleague's rerun from the spec alone. Provisions at the provider
// (the built-in sandbox by default), runs the readiness checks and the first run as jobs, and
// compares the environment fingerprint and the loss curve with the spec's.
#include "Commands.h"
#include "ProviderClient.h"
#include "RunSpec.h"
#include "SandboxLauncher.h"
#include "Tr.h"
#include "Transport.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThread>
#include <QTimer>

#include <cmath>

namespace onramp::cli {

namespace {

// The tolerance a loss value must meet: the plain C++ loop is deterministic (to the last bits
// of libm), but a framework on GPUs is not bit-exact run to run; 2 % covers both.
constexpr double kLossTolerance = 0.02;

// The fingerprint fields that decide whether a rerun is the same environment. The kernel, the
// CPU model and the memory size are reported, not compared: they differ between machines of the
// same kind without changing what the run computes.
const QStringList kComparedFingerprint = {QStringLiteral("os"), QStringLiteral("arch"),
                                          QStringLiteral("gpus"), QStringLiteral("framework"),
                                          QStringLiteral("cuda")};

class Replay
{
public:
    Replay(ProviderClient client) : m_client(std::move(client)) {}

    // Waits for one answer: a headless command has nothing else to do meanwhile.
    ProviderResult call(const QByteArray &method, const QString &path, const QJsonObject &body = {},
                        const QByteArray &key = {})
    {
        QEventLoop loop;
        ProviderResult result = std::unexpected(ProviderError{});
        m_client.request(method, path, body, key, &loop, [&](const ProviderResult &r) {
            result = r;
            loop.quit();
        });
        loop.exec();
        return result;
    }

    // Runs a job to its end; the job with its whole log in "log".
    std::expected<QJsonObject, ProviderError> runJob(const QString &ws, const QJsonObject &job)
    {
        const auto submitted = call("POST", QStringLiteral("/v1/workspaces/%1/jobs").arg(ws), job,
                                    newIdempotencyKey());
        if (!submitted)
            return std::unexpected(submitted.error());
        const QString id = submitted->value("id").toString();
        for (int i = 0; i < 6000; ++i) {
            const auto state = call("GET", QStringLiteral("/v1/jobs/") + id);
            if (!state)
                return std::unexpected(state.error());
            const QString s = state->value("state").toString();
            if (isFinalJobState(s)) {
                const auto log =
                    call("GET", QStringLiteral("/v1/jobs/%1/logs?limit=1048576").arg(id));
                QJsonObject done = *state;
                done["log"] = log ? log->value("text").toString() : QString();
                return done;
            }
            QEventLoop wait;
            QTimer::singleShot(100, &wait, &QEventLoop::quit);
            wait.exec();
        }
        ProviderError e;
        e.message = Tr::tr("The job did not end within 10 minutes.");
        return std::unexpected(e);
    }

    ProviderClient m_client;
};

bool close(double a, double b)
{
    return std::abs(a - b) <= kLossTolerance * std::max(std::abs(a), std::abs(b)) + 1e-12;
}

} // namespace

int replay(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(Tr::tr(
        "Rerun a first run from its spec alone: provision at the provider, run the readiness "
        "checks and the first run, and compare the environment and the loss curve with the "
        "spec's. Exit 0 only when it reproduces."));
    p.addHelpOption();
    QCommandLineOption provider(QStringLiteral("provider"),
                                Tr::tr("sandbox (a fresh built-in sandbox, the default), the "
                                       "https address of an Onramp API (credentials in "
                                       "ONRAMP_ACCESS_KEY_ID and ONRAMP_SECRET_ACCESS_KEY), or "
                                       "slurm+http://HOST:PORT for a Slurm cluster's slurmrestd "
                                       "(see ONRAMP_SLURM_* in docs/slurm.md)."),
                                QStringLiteral("PROVIDER"), QStringLiteral("sandbox"));
    QCommandLineOption record(QStringLiteral("record"),
                              Tr::tr("Write the spec with this run's fingerprint and loss curve "
                                     "to FILE."),
                              QStringLiteral("FILE"));
    p.addOptions({provider, record});
    p.addPositionalArgument(QStringLiteral("spec"), Tr::tr("The run spec (JSON)."));
    p.process(args);
    if (p.positionalArguments().size() != 1) {
        err() << Tr::tr("Give one run spec file.") << '\n';
        return 2;
    }
    const auto parsed = readRunSpecFile(p.positionalArguments().first());
    if (!parsed)
        return 2;
    RunSpec spec = *parsed;

    // The provider.
    QTemporaryDir sandboxDir;
    SandboxLauncher launcher;
    ProviderProfile profile;
    QByteArray secret;
    if (p.value(provider) == QLatin1String("sandbox")) {
        const auto started = startSandbox(launcher, sandboxDir.path());
        if (!started) {
            err() << started.error().message << '\n';
            return 2;
        }
        profile = started->profile;
        secret = started->secret;
    } else if (p.value(provider).startsWith(QLatin1String("slurm+"))) {
        // A Slurm cluster through slurmrestd: the cluster's details from the environment.
        const auto slurm = slurmProfileFromEnvironment(QUrl(p.value(provider).mid(6)));
        if (!slurm) {
            err() << slurm.error().message << '\n' << slurm.error().details << '\n';
            return 2;
        }
        profile = *slurm;
    } else {
        profile.kind = ProviderProfile::Kind::OnrampApi;
        profile.baseUrl = QUrl(p.value(provider));
        profile.accessKeyId = qgetenv("ONRAMP_ACCESS_KEY_ID");
        profile.region =
            qEnvironmentVariable("ONRAMP_REGION", QStringLiteral("cn-north")).toLatin1();
        secret = qgetenv("ONRAMP_SECRET_ACCESS_KEY");
        if (auto ok = profile.validate(); !ok || secret.isEmpty()) {
            err() << (ok ? Tr::tr("Set ONRAMP_SECRET_ACCESS_KEY.") : ok.error().message) << '\n';
            return 2;
        }
    }
    Transport transport;
    Replay r(ProviderClient(&transport, profile, secret));
    int failures = 0;
    const auto item = [&](const QString &status, const QString &what, const QString &detail) {
        if (status != QLatin1String("PASS"))
            ++failures;
        out() << status << "  " << what << ": " << detail << '\n';
        out().flush();
    };
    const auto fail = [&](const QString &what, const ProviderError &e) {
        item(QStringLiteral("FAIL"), what, e.message + u' ' + e.details);
        out() << Tr::tr("Not reproduced.") << '\n';
        return 1;
    };

    // Provision from the spec alone.
    const QString ws =
        QStringLiteral("replay-") + QString::fromLatin1(spec.fingerprintId().mid(7, 8));
    const auto created =
        r.call("POST", QStringLiteral("/v1/workspaces"), {{"name", ws}}, newIdempotencyKey());
    if (!created && created.error().code != ProviderErrorCode::Conflict)
        return fail(Tr::tr("workspace"), created.error());
    const double cardHours =
        std::ceil(spec.compute.cardsPerNode * spec.compute.nodes * spec.compute.timeLimitHours * 2);
    QJsonObject quota{{"cardHours", cardHours}};
    if (!spec.compute.zone.isEmpty())
        quota["zone"] = spec.compute.zone;
    if (auto q = r.call("PUT", QStringLiteral("/v1/workspaces/%1/quota").arg(ws), quota); !q)
        return fail(Tr::tr("quota"), q.error());
    // On a cluster the member is a real user there; elsewhere a name of our own.
    const QString replayer = profile.kind == ProviderProfile::Kind::Slurm
                                 ? profile.slurm.user
                                 : QStringLiteral("replayer");
    const auto member = r.call("POST", QStringLiteral("/v1/workspaces/%1/members").arg(ws),
                               {{"account", replayer}, {"role", "developer"}});
    if (!member && member.error().code != ProviderErrorCode::Conflict)
        return fail(Tr::tr("member"), member.error());
    r.m_client.setMember(replayer);
    const auto instance = r.call("POST", QStringLiteral("/v1/workspaces/%1/instances").arg(ws),
                                 {{"instanceType", spec.compute.instanceType},
                                  {"zone", quota.value("zone").toString(spec.compute.zone)},
                                  {"image", spec.image.name}},
                                 newIdempotencyKey());
    if (!instance)
        return fail(Tr::tr("instance"), instance.error());
    const QString instanceId = instance->value("id").toString();
    item(instance->value("state").toString() == QLatin1String("running") ? QStringLiteral("PASS")
                                                                         : QStringLiteral("FAIL"),
         Tr::tr("instance"),
         Tr::tr("%1 (%2) is %3")
             .arg(spec.compute.instanceType, instanceId, instance->value("state").toString()));

    const auto probeJob = [&](const QString &entry, const QStringList &args) {
        return QJsonObject{{"instanceId", instanceId},
                           {"topic", "replay"},
                           {"launch", QJsonObject{{"mode", "builtin"},
                                                  {"entry", entry},
                                                  {"args", QJsonArray::fromStringList(args)}}}};
    };
    // The readiness checks.
    for (const auto &[check, checkArgs] :
         {std::pair{QStringLiteral("environment"), QStringList{"--steps", "100"}},
          std::pair{QStringLiteral("checkpoint"), QStringList{"--steps", "40", "--every", "10"}}}) {
        const auto job = r.runJob(ws, probeJob(check, checkArgs));
        if (!job)
            return fail(check, job.error());
        const QJsonObject verdict =
            probeEvents(job->value("log").toString()).value(QStringLiteral("verdict/") + check);
        item(verdict.value("passed").toBool() ? QStringLiteral("PASS") : QStringLiteral("FAIL"),
             Tr::tr("readiness: %1").arg(check),
             verdict.value("reason").toString(job->value("state").toString()));
    }
    // The first run, as the spec launches it.
    QJsonObject firstRun{
        {"instanceId", instanceId},
        {"topic", "replay"},
        {"parameters", spec.parameters},
        {"launch", QJsonObject{{"mode", spec.launch.mode},
                               {"entry", spec.launch.entry},
                               {"args", QJsonArray::fromStringList(spec.launch.args)}}}};
    const auto run = r.runJob(ws, firstRun);
    if (!run)
        return fail(Tr::tr("first run"), run.error());
    const auto ev = probeEvents(run->value("log").toString());
    const QJsonObject verdict = ev.value(QStringLiteral("verdict/first-run"));
    item(run->value("state").toString() == QLatin1String("succeeded") &&
                 verdict.value("passed").toBool(true)
             ? QStringLiteral("PASS")
             : QStringLiteral("FAIL"),
         Tr::tr("first run"), verdict.value("reason").toString(run->value("state").toString()));

    // Environment: the fields that matter, each against the spec.
    const QJsonObject seen = ev.value(QStringLiteral("fingerprint/"));
    QJsonObject recorded;
    for (const QString &key : kComparedFingerprint)
        if (seen.contains(key))
            recorded[key] = seen.value(key);
    if (spec.fingerprint.isEmpty()) {
        item(QStringLiteral("MISSING"), Tr::tr("environment"),
             Tr::tr("the spec records no fingerprint to compare with (record one with --record)"));
    } else {
        for (const QString &key : kComparedFingerprint) {
            if (!spec.fingerprint.contains(key) && !seen.contains(key))
                continue;
            const QJsonValue want = spec.fingerprint.value(key), got = seen.value(key);
            const auto text = [](const QJsonValue &v) {
                return v.isString()
                           ? v.toString()
                           : QString::fromUtf8(
                                 QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact))
                                 .mid(1)
                                 .chopped(1);
            };
            item(want == got ? QStringLiteral("PASS") : QStringLiteral("FAIL"),
                 Tr::tr("environment: %1").arg(key),
                 want == got ? text(got)
                             : Tr::tr("spec says %1, this run has %2").arg(text(want), text(got)));
        }
    }
    // The loss curve.
    const QJsonObject summary = ev.value(QStringLiteral("summary/first-run"));
    RunSpec::Loss got{summary.value("steps").toInt(), summary.value("first_loss").toDouble(),
                      summary.value("last_loss").toDouble(), summary.value("min_loss").toDouble()};
    if (spec.loss.steps == 0) {
        item(QStringLiteral("MISSING"), Tr::tr("loss curve"),
             Tr::tr("the spec records no loss curve to compare with (record one with --record)"));
    } else {
        const bool same = got.steps == spec.loss.steps && close(got.first, spec.loss.first) &&
                          close(got.last, spec.loss.last) && close(got.minimum, spec.loss.minimum);
        item(same ? QStringLiteral("PASS") : QStringLiteral("FAIL"),
             Tr::tr("loss curve (steps exact, values within %1 %)").arg(kLossTolerance * 100),
             Tr::tr("%1 steps, %2 → %3 (min %4); spec: %5 steps, %6 → %7 (min %8)")
                 .arg(got.steps)
                 .arg(got.first, 0, 'g', 6)
                 .arg(got.last, 0, 'g', 6)
                 .arg(got.minimum, 0, 'g', 6)
                 .arg(spec.loss.steps)
                 .arg(spec.loss.first, 0, 'g', 6)
                 .arg(spec.loss.last, 0, 'g', 6)
                 .arg(spec.loss.minimum, 0, 'g', 6));
    }
    r.call("DELETE", QStringLiteral("/v1/instances/") + instanceId);

    if (p.isSet(record)) {
        spec.fingerprint = recorded;
        spec.loss = got;
        QSaveFile f(p.value(record));
        const QByteArray bytes = QJsonDocument(spec.toJson()).toJson();
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit()) {
            err() << Tr::tr("Cannot write %1: %2").arg(f.fileName(), f.errorString()) << '\n';
            return 2;
        }
        out() << Tr::tr("Recorded this run into %1.").arg(f.fileName()) << '\n';
    }
    out() << (failures == 0 ? Tr::tr("Reproduced.") : Tr::tr("Not reproduced.")) << '\n';
    return failures == 0 ? 0 : 1;
}

} // namespace onramp::cli
