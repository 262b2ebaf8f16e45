#include "SlurmProvider.h"

#include "Catalogs.h"
#include "LogTail.h"
#include "ProbeEvents.h"
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

#include <cmath>
#include <QPointer>

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

namespace {

// Answers arrive queued on the caller's context object, as the HTTP transport's do, and not at
// all once it is gone.
Provider::Answer queued(QObject *context, Provider::Answer done)
{
    QPointer<QObject> guard(context);
    return [guard, done = std::move(done)](const ProviderResult &r) {
        if (guard)
            QMetaObject::invokeMethod(guard, [done, r] { done(r); }, Qt::QueuedConnection);
    };
}

SlurmProfile slurmOf(const ProviderProfile &p)
{
    SlurmProfile s = p.slurm;
    s.url = p.baseUrl;
    return s;
}

} // namespace

SlurmProvider::SlurmProvider(Transport *transport, ProviderProfile profile)
    : m_profile(std::move(profile)), m_client(transport, slurmOf(m_profile))
{
}

QString SlurmProvider::user(const QString &member) const
{
    if (!member.isEmpty())
        return member;
    return m_client.profile().user.isEmpty() ? m_client.profile().admin : m_client.profile().user;
}

QJsonObject SlurmProvider::instancePaths(const QString &ws, const QString &id) const
{
    const QDir root(m_client.profile().outputDir);
    return {{"data", root.filePath(ws + QStringLiteral("/data"))},
            {"output", root.filePath(QStringLiteral("%1/instances/%2/output").arg(ws, id))},
            {"scratch", root.filePath(QStringLiteral("%1/instances/%2/scratch").arg(ws, id))}};
}

// ---- Gate 1: nothing to review on a cluster; the user must exist in its accounting ----------

quint64 SlurmProvider::activateTraining(const CallContext &c, Answer done)
{
    queued(c.context, std::move(done))(QJsonObject{{"state", "active"}});
    return 0;
}

quint64 SlurmProvider::submitQualification(const CallContext &c, const QJsonObject &, Answer done)
{
    return qualification(c, std::move(done));
}

// One region, the cluster; its zones are the partitions, with their free GPUs.
quint64 SlurmProvider::listRegions(const CallContext &c, Answer done)
{
    m_client.stock(user(c.member), c.context,
                   [done = queued(c.context, std::move(done)),
                    cluster = m_client.profile().cluster](const ProviderResult &r) {
                       if (!r)
                           return done(r);
                       QJsonArray zones;
                       for (const QJsonValue &v : r->value("partitions").toArray()) {
                           const QJsonObject p = v.toObject();
                           zones.append(QJsonObject{
                               {"zone", p.value("name").toString()},
                               {"stock", QJsonObject{{"gpu", p.value("freeGpus").toInt()}}}});
                       }
                       done(QJsonObject{{"regions", QJsonArray{QJsonObject{{"region", cluster},
                                                                          {"zones", zones}}}}});
                   });
    return 0;
}

quint64 SlurmProvider::listInstanceTypes(const CallContext &c, Answer done)
{
    queued(c.context, std::move(done))(std::unexpected(
        gatewayError(ProviderErrorCode::NotFound,
                     Tr::tr("The Slurm cluster %1 has no catalog of instance types and images.")
                         .arg(m_client.profile().cluster),
                     QStringLiteral("slurmrestd has no catalog; the built-in one is used"))));
    return 0;
}

quint64 SlurmProvider::listImages(const CallContext &c, Answer done)
{
    return listInstanceTypes(c, std::move(done));
}

// The account's GPU-minutes limit (slurmdbd) against what its jobs used in the last year (sacct).
quint64 SlurmProvider::readQuota(const CallContext &c, const QString &workspace, Answer done)
{
    m_client.readQuota(
        workspace, c.context,
        [this, context = QPointer<QObject>(c.context), done = queued(c.context, std::move(done)),
         workspace](const ProviderResult &limit) mutable {
            if (!limit)
                return done(limit);
            const double granted = limit->value("gpuMinutes").toDouble() / 60;
            // A year back (slurmdbd refuses the epoch as a start time).
            m_client.usage(workspace, QDateTime::currentDateTimeUtc().addDays(-366), context,
                           [done, granted](const ProviderResult &used) {
                               if (!used)
                                   return done(used);
                               const double hours = used->value("gpuMinutes").toDouble() / 60;
                               done(QJsonObject{{"grantedCardHours", granted},
                                                {"usedCardHours", hours},
                                                {"remainingCardHours",
                                                 std::max(0.0, granted - hours)}});
                           });
        });
    return 0;
}

quint64 SlurmProvider::readQualification(const CallContext &c, Answer done)
{
    return qualification(c, std::move(done));
}

quint64 SlurmProvider::qualification(const CallContext &c, Answer done)
{
    const QString who = user(c.member);
    m_client.request(m_client.profile().admin, "GET", QStringLiteral("/slurmdb/v0.0.38/user/") + who,
                     {}, c.context, [done = queued(c.context, std::move(done)), who](const ProviderResult &r) {
                         const bool known = r && !r->value("users").toArray().isEmpty();
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
    return 0;
}

// ---- Gate 2: an account, members as associations ---------------------------------------------

quint64 SlurmProvider::createWorkspace(const CallContext &c, const QString &name,
                                       const QJsonArray &, Answer done)
{
    m_client.setUpWorkspace(name, {}, 0, c.context,
                            [done = queued(c.context, std::move(done)), name](const ProviderResult &r) {
                                if (!r)
                                    return done(r);
                                done(QJsonObject{{"id", name}, {"name", name}});
                            });
    return 0;
}

quint64 SlurmProvider::attachQuota(const CallContext &c, const QString &workspace,
                                   const QuotaPool &pool, double cardHours, Answer done)
{
    // The account's GPU-minutes limit: the check allowance until gate 3's application sets the
    // granted figure (applyForQuota). A cluster's pool is its partition; the zone names it.
    const double hours = cardHours > 0 ? cardHours : QuotaPool::kCheckAllowanceCardHours;
    m_client.setQuota(workspace, qint64(std::llround(hours * 60)), c.context,
                      [done = queued(c.context, std::move(done)), workspace, hours,
                       pool](const ProviderResult &r) {
                          if (!r)
                              return done(r);
                          QJsonObject answer = pool.toJson();
                          answer["workspace"] = workspace;
                          answer["quotaCardHours"] = hours;
                          done(answer);
                      });
    return 0;
}

quint64 SlurmProvider::addMember(const CallContext &c, const QString &workspace,
                                 const NewMember &m, Answer done)
{
    const QJsonObject echo{{"account", m.account}, {"name", m.name}, {"role", m.role}};
    m_client.addMember(workspace, {m.account, m.role}, c.context,
                       [done = queued(c.context, std::move(done)), echo](const ProviderResult &r) {
                           if (!r)
                               return done(r);
                           done(echo);
                       });
    return 0;
}

quint64 SlurmProvider::changeMember(const CallContext &c, const QString &workspace,
                                    const NewMember &m, Answer done)
{
    const QJsonObject echo{{"account", m.account}, {"name", m.name}, {"role", m.role}};
    m_client.changeMember(workspace, {m.account, m.role}, c.context,
                          [done = queued(c.context, std::move(done)), echo](const ProviderResult &r) {
                              if (!r)
                                  return done(r);
                              done(echo);
                          });
    return 0;
}

quint64 SlurmProvider::removeMember(const CallContext &c, const QString &workspace,
                                    const QString &account, Answer done)
{
    m_client.removeMember(workspace, account, c.context,
                          [done = queued(c.context, std::move(done)), account](const ProviderResult &r) {
                              if (!r)
                                  return done(r);
                              done(QJsonObject{{"removed", account}});
                          });
    return 0;
}

// ---- Gate 3: applied by the administrator, as the exact change the cluster needs -------------

quint64 SlurmProvider::applyForQuota(const CallContext &c, const QJsonObject &body, Answer done)
{
    const QString ws = body.value("workspace").toString();
    const double hours = body.value("application").toObject().value("cardHours").toDouble(
        body.value("cardHours").toDouble());
    const qint64 minutes = qint64(std::llround(hours * 60));
    m_client.setQuota(ws, minutes, c.context,
                      [done = queued(c.context, std::move(done)), ws, hours,
                       minutes](const ProviderResult &r) {
                          if (!r)
                              return done(r);
                          done(QJsonObject{
                              {"id", QStringLiteral("slurm-quota-") + ws},
                              {"state", "approved"},
                              {"since", now()},
                              {"grantedCardHours", hours},
                              {"reasons",
                               QJsonArray{QJsonObject{
                                   {"code", "applied"},
                                   {"message", QStringLiteral("GrpTRESMins=gres/gpu=%1 on account %2")
                                                   .arg(minutes)
                                                   .arg(ws)}}}}});
                      });
    return 0;
}

quint64 SlurmProvider::readQuotaApplication(const CallContext &c, const QString &id, Answer done)
{
    const QString prefix = QStringLiteral("slurm-quota-");
    Answer answer = queued(c.context, std::move(done));
    if (!id.startsWith(prefix)) {
        answer(std::unexpected(gatewayError(ProviderErrorCode::NotFound,
                                            Tr::tr("No such quota application."), id)));
        return 0;
    }
    const QString ws = id.mid(prefix.size());
    m_client.readQuota(ws, c.context, [answer, id](const ProviderResult &r) {
        if (!r)
            return answer(r);
        answer(QJsonObject{{"id", id},
                           {"state", "approved"},
                           {"since", now()},
                           {"grantedCardHours", r->value("gpuMinutes").toDouble() / 60}});
    });
    return 0;
}

// ---- Gate 4: an instance is a job shape the partition can hold --------------------------------

quint64 SlurmProvider::createInstance(const CallContext &c, const QString &ws,
                                      const NewInstance &instance, Answer done)
{
    const QString type = instance.instanceType;
    int gpus = 1;
    QString card;
    // The cluster has no catalog (listInstanceTypes): the onboarding's is the built-in one.
    for (const InstanceType &t : builtinInstances())
        if (t.key == type) {
            gpus = std::max(1, t.cards);
            card = t.card;
        }
    m_client.stock(user(c.member), c.context,
                   [this, done = queued(c.context, std::move(done)), ws, gpus, card,
                    type](const ProviderResult &r) {
                       if (!r)
                           return done(r);
                       const QString partition = m_client.profile().partition;
                       int total = 0;
                       for (const QJsonValue &v : r->value("partitions").toArray())
                           if (v.toObject().value("name").toString() == partition)
                               total = v.toObject().value("gpus").toInt();
                       if (total < gpus)
                           return done(std::unexpected(gatewayError(
                               ProviderErrorCode::OutOfStock,
                               Tr::tr("Partition %1 has %2 GPUs in all; %3 needs %4.")
                                   .arg(partition)
                                   .arg(total)
                                   .arg(type)
                                   .arg(gpus),
                               QStringLiteral("partition %1: %2 GPUs").arg(partition).arg(total))));
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
                                        {"partition", partition},
                                        {"state", "running"},
                                        {"paths", instancePaths(ws, id)}});
                   });
    return 0;
}

quint64 SlurmProvider::readInstance(const CallContext &c, const QString &id, Answer done)
{
    return instanceAnswer(id, QStringLiteral("running"), queued(c.context, std::move(done)));
}

quint64 SlurmProvider::releaseInstance(const CallContext &c, const QString &id, Answer done)
{
    // A shape is never "up" or "down" by itself: releasing it is forgetting it.
    return instanceAnswer(id, QStringLiteral("released"), queued(c.context, std::move(done)));
}

quint64 SlurmProvider::instanceAnswer(const QString &id, const QString &state, Answer done)
{
    const auto im = kInstance.match(id);
    if (!im.hasMatch()) {
        done(std::unexpected(gatewayError(ProviderErrorCode::NotFound, Tr::tr("No such instance."), id)));
        return 0;
    }
    done(QJsonObject{{"id", id},
                     {"state", state},
                     {"cards", im.captured(2).toInt()},
                     {"paths", instancePaths(im.captured(3), id)}});
    return 0;
}

// ---- Uploads: the data is already on the cluster's shared filesystem ------------------------

namespace {

quint64 noUploads(const CallContext &c, Provider::Answer done, const QString &what)
{
    queued(c.context, std::move(done))(std::unexpected(gatewayError(
        ProviderErrorCode::NotFound, Tr::tr("This provider (Slurm) does not offer that operation."),
        QStringLiteral("%1: uploads go to the cluster's shared filesystem").arg(what))));
    return 0;
}

} // namespace

quint64 SlurmProvider::startUpload(const CallContext &c, const QString &, const QJsonObject &,
                                   Answer done)
{
    return noUploads(c, std::move(done), QStringLiteral("start upload"));
}

quint64 SlurmProvider::readUpload(const CallContext &c, const QString &id, Answer done)
{
    return noUploads(c, std::move(done), QStringLiteral("upload ") + id);
}

quint64 SlurmProvider::sendChunk(const CallContext &c, const QString &id, int, const QByteArray &,
                                 Answer done)
{
    return noUploads(c, std::move(done), QStringLiteral("upload ") + id);
}

quint64 SlurmProvider::completeUpload(const CallContext &c, const QString &id, Answer done)
{
    return noUploads(c, std::move(done), QStringLiteral("upload ") + id);
}

// ---- Jobs --------------------------------------------------------------------------------------

quint64 SlurmProvider::readJob(const CallContext &c, const QString &id, Answer done)
{
    Answer answer = queued(c.context, std::move(done));
    withJob(c, id, [answer](const QJsonObject &job) { answer(job); }, answer);
    return 0;
}

quint64 SlurmProvider::readLog(const CallContext &c, const QString &id, qint64 offset,
                               qint64 limit, Answer done)
{
    if (limit <= 0 || limit > 1024 * 1024)
        limit = 64 * 1024;
    Answer answer = queued(c.context, std::move(done));
    withJob(c, id, [answer, offset, limit](const QJsonObject &job) {
        QJsonObject log = readLogSlice(job.value("output").toString(), offset, limit);
        log["eof"] = isFinalJobState(job.value("state").toString()) &&
                     log.value("nextOffset").toInteger() >= log.value("size").toInteger();
        answer(log);
    }, answer);
    return 0;
}

quint64 SlurmProvider::readMetrics(const CallContext &c, const QString &id, qint64 since,
                                   Answer done)
{
    Answer answer = queued(c.context, std::move(done));
    withJob(c, id, [answer, since](const QJsonObject &job) {
        answer(QJsonObject{{"points", readStepEvents(job.value("output").toString(), since)}});
    }, answer);
    return 0;
}

quint64 SlurmProvider::listCheckpoints(const CallContext &c, const QString &id, Answer done)
{
    Answer answer = queued(c.context, std::move(done));
    withJob(c, id, [answer](const QJsonObject &job) {
        // The files under the job's output folder (kept in its comment).
        QJsonArray list;
        const QDir dir(job.value("comment").toString() + QStringLiteral("/checkpoints"));
        QDirIterator it(dir.path(), QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QFileInfo fi(it.next());
            list.append(QJsonObject{{"name", dir.relativeFilePath(fi.filePath())},
                                    {"size", fi.size()}});
        }
        answer(QJsonObject{{"checkpoints", list}});
    }, answer);
    return 0;
}

quint64 SlurmProvider::interruptJob(const CallContext &c, const QString &id, Answer done)
{
    m_client.signal(user(c.member), id, QStringLiteral("SIGINT"), c.context,
                    queued(c.context, std::move(done)));
    return 0;
}

quint64 SlurmProvider::cancelJob(const CallContext &c, const QString &id, Answer done)
{
    m_client.cancel(user(c.member), id, c.context, queued(c.context, std::move(done)));
    return 0;
}

void SlurmProvider::withJob(const CallContext &c, const QString &id,
                            std::function<void(const QJsonObject &)> then, Answer done)
{
    m_client.job(user(c.member), id, c.context, [then, done](const ProviderResult &r) {
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

quint64 SlurmProvider::submitJob(const CallContext &c, const QString &ws, const QJsonObject &body,
                                 Answer answer)
{
    Answer done = queued(c.context, std::move(answer));
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
            done(std::unexpected(e));
            return 0;
        }
    }
    const SlurmProfile &prof = m_client.profile();
    SlurmClient::JobShape shape;
    shape.name = body.value("name").toString(QStringLiteral("onramp"));
    QString instance = body.value("instanceId").toString();
    QString card;
    if (const auto im = kInstance.match(instance); im.hasMatch()) {
        // All of the instance's GPUs, unless the job holds fewer (a check that needs none).
        shape.gpus = im.captured(2).toInt();
        if (const QJsonValue cards = body.value("cards"); cards.isDouble())
            shape.gpus = std::clamp(cards.toInt(), 0, shape.gpus);
    } else {
        // Shape "check" (gate 2's light job): the smallest the cluster gives, one GPU and one
        // CPU, JobShape's defaults.
        const QString type = body.value("shape").toString() == QLatin1String("check")
                                 ? QString()
                                 : body.value("instanceType").toString();
        if (const InstanceType *t = findBuiltinInstance(type)) {
            shape.gpus = std::max(1, t->cards);
            card = t->card;
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
            done(std::unexpected(e));
            return 0;
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
    if (const auto c = findCard(card); c && c->memory.gib > 0)
        script += QStringLiteral("export ONRAMP_CARD_MEMORY_MB=%1\n")
                      .arg(c->memory.mib());
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
    m_client.submit(user(c.member), ws, script, shape, c.context,
                    [this, done, c](const ProviderResult &r) {
                        if (!r)
                            return done(r);
                        withJob(c, r->value("id").toString(),
                                [done](const QJsonObject &job) { done(job); }, done);
                    });
    return 0;
}

} // namespace onramp
