#include "SlurmGateway.h"

#include "Catalogs.h"
#include "LogTail.h"
#include "ResourcePlan.h"
#include "RunSpec.h"
#include "Tr.h"

#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QUrlQuery>

namespace onramp {

namespace {

ProviderError gatewayError(ProviderErrorCode code, const QString &message, const QString &details)
{
    ProviderError e;
    e.code = code;
    e.message = message;
    e.details = details;
    return e;
}

QString now()
{
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
}

// An instance id carries its shape: <8 hex>-<gpus>g-<account>.
const QRegularExpression kInstance(QStringLiteral("^([0-9a-f]{8})-(\\d+)g-([A-Za-z0-9_.-]+)$"));

} // namespace

SlurmGateway::SlurmGateway(Transport *transport, SlurmProfile profile)
    : m_client(transport, std::move(profile))
{
}

QString SlurmGateway::user(const QString &member) const
{
    if (!member.isEmpty())
        return member;
    return m_client.profile().user.isEmpty() ? m_client.profile().admin : m_client.profile().user;
}

QJsonObject SlurmGateway::instancePaths(const QString &ws, const QString &id) const
{
    const QDir root(m_client.profile().outputDir);
    return {{"data", root.filePath(ws + QStringLiteral("/data"))},
            {"output", root.filePath(QStringLiteral("%1/instances/%2/output").arg(ws, id))},
            {"scratch", root.filePath(QStringLiteral("%1/instances/%2/scratch").arg(ws, id))}};
}

void SlurmGateway::request(const QString &member, const QByteArray &method, const QString &path,
                           const QJsonObject &body, QObject *context, SlurmClient::Done done)
{
    const QUrl url(QStringLiteral("http://x") + path);
    const QString p = url.path();
    const QUrlQuery query(url);
    QRegularExpressionMatch m;
    const auto match = [&](const char *re) {
        m = QRegularExpression(QString::fromLatin1(re)).match(p);
        return m.hasMatch();
    };
    const SlurmProfile &prof = m_client.profile();

    // Gate 1: nothing to review on a cluster; the user must exist in its accounting.
    if (p == QLatin1String("/v1/account/services/training:activate"))
        return done(QJsonObject{{"state", "active"}});
    if (p == QLatin1String("/v1/qualification")) {
        const QString who = user(member);
        m_client.request(prof.admin, "GET", QStringLiteral("/slurmdb/v0.0.38/user/") + who, {},
                         context, [done, who](const ProviderResult &r) {
                             const bool known =
                                 r && !r->value("users").toArray().isEmpty();
                             done(QJsonObject{
                                 {"id", "slurm"},
                                 {"state", "not_required"},
                                 {"since", now()},
                                 {"reasons",
                                  QJsonArray{QJsonObject{
                                      {"code", known ? "user_known" : "user_unknown"},
                                      {"message",
                                       known ? Tr::tr("%1 exists in the cluster's accounting").arg(who)
                                             : Tr::tr("%1 is not in the cluster's accounting yet; "
                                                      "gate 2 adds them")
                                                   .arg(who)}}}}});
                         });
        return;
    }
    // Gate 2.
    if (p == QLatin1String("/v1/workspaces") && method == "POST") {
        const QString name = body.value("name").toString();
        m_client.setUpWorkspace(name, {}, 0, context, [done, name](const ProviderResult &r) {
            if (!r)
                return done(r);
            done(QJsonObject{{"id", name}, {"name", name}});
        });
        return;
    }
    if (match(R"(^/v1/workspaces/([^/]+)/quota$)")) {
        const QString ws = m.captured(1);
        const double hours = body.value("cardHours").toDouble();
        m_client.setQuota(ws, qint64(std::llround(hours * 60)), context,
                          [done, ws, hours](const ProviderResult &r) {
                              if (!r)
                                  return done(r);
                              done(QJsonObject{{"workspace", ws}, {"cardHours", hours}});
                          });
        return;
    }
    if (match(R"(^/v1/workspaces/([^/]+)/members$)") && method == "POST") {
        const QString ws = m.captured(1);
        m_client.addMember(ws, {body.value("account").toString(), body.value("role").toString()},
                           context, [done, body](const ProviderResult &r) {
                               if (!r)
                                   return done(r);
                               done(body);
                           });
        return;
    }
    if (match(R"(^/v1/workspaces/([^/]+)/usage$)")) {
        m_client.usage(m.captured(1), QDateTime::currentDateTimeUtc().addDays(-90), context, done);
        return;
    }
    // Gate 3: applied by the administrator, as the exact change the cluster needs.
    if (p == QLatin1String("/v1/quota-applications") && method == "POST") {
        const QString ws = body.value("workspace").toString();
        const double hours = body.value("application").toObject().value("cardHours").toDouble(
            body.value("cardHours").toDouble());
        const qint64 minutes = qint64(std::llround(hours * 60));
        m_client.setQuota(ws, minutes, context, [done, ws, hours, minutes](const ProviderResult &r) {
            if (!r)
                return done(r);
            done(QJsonObject{
                {"id", QStringLiteral("slurm-quota-") + ws},
                {"state", "approved"},
                {"since", now()},
                {"grantedCardHours", hours},
                {"reasons", QJsonArray{QJsonObject{
                                {"code", "applied"},
                                {"message", QStringLiteral("GrpTRESMins=gres/gpu=%1 on account %2")
                                                .arg(minutes)
                                                .arg(ws)}}}}});
        });
        return;
    }
    if (match(R"(^/v1/quota-applications/slurm-quota-(.+)$)")) {
        const QString ws = m.captured(1);
        m_client.readQuota(ws, context, [done, ws](const ProviderResult &r) {
            if (!r)
                return done(r);
            const double hours = r->value("gpuMinutes").toDouble() / 60;
            done(QJsonObject{{"id", QStringLiteral("slurm-quota-") + ws},
                             {"state", "approved"},
                             {"since", now()},
                             {"grantedCardHours", hours}});
        });
        return;
    }
    // Gate 4: an instance is a job shape the partition can hold.
    if (match(R"(^/v1/workspaces/([^/]+)/instances$)") && method == "POST") {
        const QString ws = m.captured(1), type = body.value("instanceType").toString();
        int gpus = 1;
        QString card;
        for (const InstanceType &t : builtinInstances())
            if (t.key == type) {
                gpus = std::max(1, t.cards);
                card = t.card;
            }
        m_client.stock(user(member), context,
                       [this, done, ws, gpus, card, type](const ProviderResult &r) {
                           if (!r)
                               return done(r);
                           int total = 0;
                           for (const QJsonValue &v : r->value("partitions").toArray())
                               if (v.toObject().value("name").toString() ==
                                   m_client.profile().partition)
                                   total = v.toObject().value("gpus").toInt();
                           if (total < gpus)
                               return done(std::unexpected(gatewayError(
                                   ProviderErrorCode::OutOfStock,
                                   Tr::tr("Partition %1 has %2 GPUs in all; %3 needs %4.")
                                       .arg(m_client.profile().partition)
                                       .arg(total)
                                       .arg(type)
                                       .arg(gpus),
                                   QStringLiteral("partition %1: %2 GPUs")
                                       .arg(m_client.profile().partition)
                                       .arg(total))));
                           const QString id =
                               QStringLiteral("%1-%2g-%3")
                                   .arg(QRandomGenerator::global()->generate(), 8, 16, QLatin1Char('0'))
                                   .arg(gpus)
                                   .arg(ws);
                           done(QJsonObject{{"id", id},
                                            {"workspace", ws},
                                            {"instanceType", type},
                                            {"card", card},
                                            {"cards", gpus},
                                            {"partition", m_client.profile().partition},
                                            {"state", "running"},
                                            {"paths", instancePaths(ws, id)}});
                       });
        return;
    }
    if (match(R"(^/v1/instances/([^/]+)$)")) {
        const auto im = kInstance.match(m.captured(1));
        if (!im.hasMatch())
            return done(std::unexpected(gatewayError(ProviderErrorCode::NotFound,
                                                     Tr::tr("No such instance."), m.captured(1))));
        // A shape is never "up" or "down" by itself: releasing it is forgetting it.
        return done(QJsonObject{{"id", m.captured(1)},
                                {"state", method == "DELETE" ? "released" : "running"},
                                {"cards", im.captured(2).toInt()},
                                {"paths", instancePaths(im.captured(3), m.captured(1))}});
    }
    // Jobs.
    if (match(R"(^/v1/workspaces/([^/]+)/jobs$)") && method == "POST")
        return submitJob(member, m.captured(1), body, context, done);
    if (match(R"(^/v1/jobs/(\d+)(?:/(logs|metrics|checkpoints)|:(interrupt|cancel))?$)")) {
        const QString id = m.captured(1), sub = m.captured(2), verb = m.captured(3);
        const QString who = user(member);
        if (verb == QLatin1String("interrupt"))
            return m_client.signal(who, id, QStringLiteral("SIGINT"), context, done);
        if (verb == QLatin1String("cancel"))
            return m_client.cancel(who, id, context, done);
        withJob(who, id, context, [this, done, sub, query](const QJsonObject &job) {
            if (sub.isEmpty())
                return done(job);
            if (sub == QLatin1String("logs")) {
                qint64 limit = query.queryItemValue(QStringLiteral("limit")).toLongLong();
                if (limit <= 0 || limit > 1024 * 1024)
                    limit = 64 * 1024;
                QJsonObject log = readLogSlice(job.value("output").toString(),
                                               query.queryItemValue(QStringLiteral("offset")).toLongLong(),
                                               limit);
                log["eof"] = isFinalJobState(job.value("state").toString()) &&
                             log.value("nextOffset").toInteger() >= log.value("size").toInteger();
                return done(log);
            }
            if (sub == QLatin1String("metrics")) {
                return done(QJsonObject{
                    {"points", readStepEvents(job.value("output").toString(),
                                              query.queryItemValue(QStringLiteral("since")).toLongLong())}});
            }
            // checkpoints: the files under the job's output folder (kept in its comment).
            QJsonArray list;
            const QDir dir(job.value("comment").toString() + QStringLiteral("/checkpoints"));
            QDirIterator it(dir.path(), QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QFileInfo fi(it.next());
                list.append(QJsonObject{{"name", dir.relativeFilePath(fi.filePath())},
                                        {"size", fi.size()}});
            }
            done(QJsonObject{{"checkpoints", list}});
        }, done);
        return;
    }
    done(std::unexpected(gatewayError(
        ProviderErrorCode::NotFound,
        Tr::tr("This provider (Slurm) does not offer that operation."),
        QStringLiteral("%1 %2 has no Slurm equivalent").arg(QString::fromLatin1(method), p))));
}

void SlurmGateway::withJob(const QString &member, const QString &id, QObject *context,
                           std::function<void(const QJsonObject &)> then, SlurmClient::Done done)
{
    m_client.job(member, id, context, [then, done](const ProviderResult &r) {
        if (!r)
            return done(r);
        QJsonObject job = *r;
        // The probe exits 130 when it stopped for an interruption it was sent.
        if (job.value("state").toString() == QLatin1String("failed") &&
            job.value("exitCode").toInt() == 130)
            job["state"] = QStringLiteral("interrupted");
        then(job);
    });
}

void SlurmGateway::submitJob(const QString &member, const QString &ws, const QJsonObject &body,
                             QObject *context, SlurmClient::Done done)
{
    const QJsonObject parameters = body.value("parameters").toObject();
    for (auto it = parameters.begin(); it != parameters.end(); ++it) {
        if (!isParameterKey(it.key())) {
            ProviderError e = gatewayError(
                ProviderErrorCode::ValidationFailed,
                Tr::tr("The parameter name “%1” is not allowed: a letter, then up to 63 letters, "
                       "digits or underscores.")
                    .arg(it.key()),
                QStringLiteral("$.parameters: %1").arg(it.key()));
            e.field = QStringLiteral("$.parameters");
            return done(std::unexpected(e));
        }
    }
    const SlurmProfile &prof = m_client.profile();
    SlurmClient::JobShape shape;
    shape.name = body.value("name").toString(QStringLiteral("onramp"));
    QString instance = body.value("instanceId").toString();
    QString card;
    if (const auto im = kInstance.match(instance); im.hasMatch()) {
        shape.gpus = im.captured(2).toInt();
    } else {
        const QString type = body.value("instanceType").toString();
        for (const InstanceType &t : builtinInstances())
            if (t.key == type) {
                shape.gpus = std::max(1, t.cards);
                card = t.card;
            }
        instance = QStringLiteral("job-") + QString::number(QRandomGenerator::global()->generate(), 16);
    }
    QJsonObject paths = instancePaths(ws, instance);
    // The data a job names (a replay asks for its spec's): a folder on the shared filesystem,
    // which must exist; never created for it.
    const QString dataPath = body.value("dataPath").toString();
    if (!dataPath.isEmpty()) {
        if (!QDir::isAbsolutePath(dataPath) || !QFileInfo(dataPath).isDir()) {
            ProviderError e = gatewayError(
                ProviderErrorCode::NotFound,
                Tr::tr("There is no data folder %1 on the cluster.").arg(dataPath), dataPath);
            e.field = QStringLiteral("$.dataPath");
            return done(std::unexpected(e));
        }
        paths["data"] = dataPath;
    }
    shape.comment = paths.value("output").toString();
    const QJsonObject launch = body.value("launch").toObject();
    QStringList command;
    if (launch.value("mode").toString(QStringLiteral("builtin")) == QLatin1String("builtin")) {
        command << prof.probe;
        if (launch.value("entry").toString() != QLatin1String("fingerprint"))
            command << launch.value("entry").toString();
    } else {
        command << QStringLiteral("/bin/sh")
                << QDir(QFileInfo(paths.value("output").toString()).path())
                       .filePath(launch.value("entry").toString());
    }
    for (const QJsonValue &a : launch.value("args").toArray())
        command << a.toString();
    QString script = QStringLiteral("#!/bin/sh\n# Submitted by Onramp\n");
    for (const char *key : {"data", "output", "scratch"})
        script += QStringLiteral("export ONRAMP_%1_DIR=%2\n")
                      .arg(QString::fromLatin1(key).toUpper(), shellQuote(paths.value(QLatin1String(key)).toString()));
    // Keys were checked on submit (isParameterKey): a variable name is never a spec's text.
    for (const auto &[name, value] : parameterEnvironment(body.value("parameters").toObject()))
        script += QStringLiteral("export %1=%2\n").arg(name, shellQuote(value));
    if (const auto c = findCard(card); c && c->memoryGB > 0)
        script += QStringLiteral("export ONRAMP_CARD_MEMORY_MB=%1\n")
                      .arg(qint64(c->memoryGB * 1e9 / (1024 * 1024)));
    script += QStringLiteral("mkdir -p \"$ONRAMP_OUTPUT_DIR\" \"$ONRAMP_SCRATCH_DIR\"\n"
                             "cd \"$ONRAMP_SCRATCH_DIR\"\nexec");
    for (const QString &c : command)
        script += u' ' + shellQuote(c);
    script += u'\n';
    // The folders the job writes, made where this machine sees the shared filesystem.
    for (const char *key : {"output", "scratch"}) {
        const QString dir = paths.value(QLatin1String(key)).toString();
        QDir().mkpath(dir);
        QFile::setPermissions(QFileInfo(dir).path(), QFileDevice::Permissions(0x7777));
        QFile::setPermissions(dir, QFileDevice::Permissions(0x7777));
    }
    if (dataPath.isEmpty())
        QDir().mkpath(paths.value("data").toString());
    const QString who = user(member);
    m_client.submit(who, ws, script, shape, context,
                    [this, done, who, context](const ProviderResult &r) {
                        if (!r)
                            return done(r);
                        withJob(who, r->value("id").toString(), context,
                                [done](const QJsonObject &job) { done(job); }, done);
                    });
}

} // namespace onramp
