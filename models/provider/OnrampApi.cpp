#include "OnrampApi.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QUrl>

namespace onramp {

namespace {

// A name from the state or a spec, as one path segment: never a way to another path.
QString segment(const QString &name)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(name));
}

QString workspacePath(const QString &workspace)
{
    return QStringLiteral("/v1/workspaces/") + segment(workspace);
}

} // namespace

quint64 OnrampApi::send(const CallContext &c, const QByteArray &method, const QString &path,
                        const QJsonObject &body, Answer done) const
{
    ProviderClient client = m_client;
    if (!c.member.isEmpty())
        client.setMember(c.member);
    return client.request(method, path, body, c.idempotencyKey, c.context, std::move(done));
}

quint64 OnrampApi::activateTraining(const CallContext &c, Answer done)
{
    return send(c, "POST", QStringLiteral("/v1/account/services/training:activate"), {},
                std::move(done));
}

quint64 OnrampApi::submitQualification(const CallContext &c, const QJsonObject &dossier,
                                       Answer done)
{
    return send(c, "POST", QStringLiteral("/v1/qualification"), dossier, std::move(done));
}

quint64 OnrampApi::listRegions(const CallContext &c, Answer done)
{
    return send(c, "GET", QStringLiteral("/v1/catalog/regions"), {}, std::move(done));
}

quint64 OnrampApi::listInstanceTypes(const CallContext &c, Answer done)
{
    return send(c, "GET", QStringLiteral("/v1/catalog/instance-types"), {}, std::move(done));
}

quint64 OnrampApi::listImages(const CallContext &c, Answer done)
{
    return send(c, "GET", QStringLiteral("/v1/catalog/images"), {}, std::move(done));
}

quint64 OnrampApi::readQuota(const CallContext &c, const QString &workspace, Answer done)
{
    return send(c, "GET", workspacePath(workspace) + QStringLiteral("/quota"), {}, std::move(done));
}

quint64 OnrampApi::readQualification(const CallContext &c, Answer done)
{
    return send(c, "GET", QStringLiteral("/v1/qualification"), {}, std::move(done));
}

quint64 OnrampApi::createWorkspace(const CallContext &c, const QString &name,
                                   const QJsonArray &permissions, Answer done)
{
    return send(c, "POST", QStringLiteral("/v1/workspaces"),
                {{"name", name}, {"permissions", permissions}}, std::move(done));
}

quint64 OnrampApi::attachQuota(const CallContext &c, const QString &workspace,
                               const QuotaPool &pool, double cardHours, Answer done)
{
    QJsonObject body = pool.toJson();
    body["cardHours"] = cardHours;
    return send(c, "PUT", workspacePath(workspace) + QStringLiteral("/quota"), body,
                std::move(done));
}

quint64 OnrampApi::addMember(const CallContext &c, const QString &workspace, const NewMember &m,
                             Answer done)
{
    return send(c, "POST", workspacePath(workspace) + QStringLiteral("/members"),
                {{"account", m.account},
                 {"name", m.name},
                 {"role", m.role},
                 {"projects", QJsonArray::fromStringList(m.projects)}},
                std::move(done));
}

quint64 OnrampApi::changeMember(const CallContext &c, const QString &workspace,
                                const NewMember &m, Answer done)
{
    // The whole member, as docs/provider-api.yaml has it: a PUT replaces what the provider held.
    return send(c, "PUT", workspacePath(workspace) + QStringLiteral("/members/") + segment(m.account),
                {{"account", m.account},
                 {"name", m.name},
                 {"role", m.role},
                 {"projects", QJsonArray::fromStringList(m.projects)}},
                std::move(done));
}

quint64 OnrampApi::removeMember(const CallContext &c, const QString &workspace,
                                const QString &account, Answer done)
{
    return send(c, "DELETE", workspacePath(workspace) + QStringLiteral("/members/") + segment(account),
                {}, std::move(done));
}

quint64 OnrampApi::applyForQuota(const CallContext &c, const QJsonObject &application,
                                 Answer done)
{
    return send(c, "POST", QStringLiteral("/v1/quota-applications"), application,
                std::move(done));
}

quint64 OnrampApi::readQuotaApplication(const CallContext &c, const QString &id, Answer done)
{
    return send(c, "GET", QStringLiteral("/v1/quota-applications/") + segment(id), {},
                std::move(done));
}

quint64 OnrampApi::createInstance(const CallContext &c, const QString &workspace,
                                  const NewInstance &instance, Answer done)
{
    return send(c, "POST", workspacePath(workspace) + QStringLiteral("/instances"),
                {{"instanceType", instance.instanceType},
                 {"zone", instance.zone},
                 {"image", instance.image}},
                std::move(done));
}

quint64 OnrampApi::readInstance(const CallContext &c, const QString &id, Answer done)
{
    return send(c, "GET", QStringLiteral("/v1/instances/") + segment(id), {}, std::move(done));
}

quint64 OnrampApi::releaseInstance(const CallContext &c, const QString &id, Answer done)
{
    return send(c, "DELETE", QStringLiteral("/v1/instances/") + segment(id), {},
                std::move(done));
}

quint64 OnrampApi::startUpload(const CallContext &c, const QString &workspace,
                               const QJsonObject &file, Answer done)
{
    return send(c, "POST", workspacePath(workspace) + QStringLiteral("/uploads"), file,
                std::move(done));
}

quint64 OnrampApi::readUpload(const CallContext &c, const QString &id, Answer done)
{
    return send(c, "GET", QStringLiteral("/v1/uploads/") + segment(id), {}, std::move(done));
}

quint64 OnrampApi::sendChunk(const CallContext &c, const QString &id, int index,
                             const QByteArray &bytes, Answer done)
{
    ProviderClient client = m_client;
    if (!c.member.isEmpty())
        client.setMember(c.member);
    return client.requestBytes(
        "PUT", QStringLiteral("/v1/uploads/%1/chunks/%2").arg(segment(id)).arg(index), bytes,
        {{"X-Chunk-Sha256", QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex()}},
        c.idempotencyKey, c.context, std::move(done));
}

quint64 OnrampApi::completeUpload(const CallContext &c, const QString &id, Answer done)
{
    return send(c, "POST", QStringLiteral("/v1/uploads/%1:complete").arg(segment(id)), {},
                std::move(done));
}

quint64 OnrampApi::submitJob(const CallContext &c, const QString &workspace,
                             const QJsonObject &job, Answer done)
{
    return send(c, "POST", workspacePath(workspace) + QStringLiteral("/jobs"), job,
                std::move(done));
}

quint64 OnrampApi::readJob(const CallContext &c, const QString &id, Answer done)
{
    return send(c, "GET", QStringLiteral("/v1/jobs/") + segment(id), {}, std::move(done));
}

quint64 OnrampApi::readLog(const CallContext &c, const QString &id, qint64 offset, qint64 limit,
                           Answer done)
{
    return send(c, "GET",
                QStringLiteral("/v1/jobs/%1/logs?offset=%2&limit=%3")
                    .arg(segment(id))
                    .arg(offset)
                    .arg(limit),
                {}, std::move(done));
}

quint64 OnrampApi::readMetrics(const CallContext &c, const QString &id, qint64 since,
                               Answer done)
{
    return send(c, "GET", QStringLiteral("/v1/jobs/%1/metrics?since=%2").arg(segment(id)).arg(since),
                {}, std::move(done));
}

quint64 OnrampApi::listCheckpoints(const CallContext &c, const QString &id, Answer done)
{
    return send(c, "GET", QStringLiteral("/v1/jobs/%1/checkpoints").arg(segment(id)), {},
                std::move(done));
}

quint64 OnrampApi::interruptJob(const CallContext &c, const QString &id, Answer done)
{
    return send(c, "POST", QStringLiteral("/v1/jobs/%1:interrupt").arg(segment(id)), {},
                std::move(done));
}

quint64 OnrampApi::cancelJob(const CallContext &c, const QString &id, Answer done)
{
    return send(c, "POST", QStringLiteral("/v1/jobs/%1:cancel").arg(segment(id)), {},
                std::move(done));
}

} // namespace onramp
