#include "InstanceRoutes.h"

#include "RouteTable.h"
#include "Sandbox.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

namespace onramp {

namespace {

// The image, by catalog key or as name:version, and its identity as this provider knows it
// (Sandbox::imageDigest, the digest its catalog lists). Empty when no image is asked for.
std::expected<QJsonObject, Answer> resolveImage(const Sandbox &sandbox, const QString &ref)
{
    QJsonObject image;
    if (ref.isEmpty())
        return image;
    for (const TrainingImage &i : sandbox.catalog().images()) {
        if (i.key == ref || i.name + u':' + i.version == ref) {
            image = {{"key", i.key},
                     {"name", i.name},
                     {"version", i.version},
                     {"digest", Sandbox::imageDigest(i)}};
        }
    }
    if (image.isEmpty())
        return std::unexpected(Answer{400, apiError(QStringLiteral("validation_failed"),
                                                    QStringLiteral("no image %1 at this provider "
                                                                   "(a catalog key or "
                                                                   "name:version)")
                                                        .arg(ref),
                                                    QStringLiteral("$.image"))});
    return image;
}

// Takes the instance's cards from the zone's stock; else the 409 that says where the same
// cards are free.
std::optional<Answer> takeCards(Sandbox &sandbox, const QString &zone, const InstanceType &inst)
{
    QJsonObject st = sandbox.stock();
    QJsonObject inZone = st.value(zone).toObject();
    const int free = inZone.value(inst.card).toInt();
    if (free < inst.cards) {
        QJsonArray elsewhere;
        for (auto it = st.begin(); it != st.end(); ++it)
            if (it.value().toObject().value(inst.card).toInt() >= inst.cards)
                elsewhere.append(it.key());
        QJsonObject e = apiError(QStringLiteral("out_of_stock"),
                                 QStringLiteral("%1 has %2 free %3 cards, %4 needed")
                                     .arg(zone)
                                     .arg(free)
                                     .arg(inst.card)
                                     .arg(inst.cards),
                                 QStringLiteral("$.instanceType"));
        e["availableIn"] = elsewhere;
        return Answer{409, e};
    }
    sandbox.take(zone, inst.card, inst.cards);
    return std::nullopt;
}

// Why the workspace cannot have this instance type in this zone; empty when it can.
std::optional<Answer> placementRefusal(const Sandbox &sandbox, const QJsonObject &ws,
                                       const QString &type, const QString &zone)
{
    if (!sandbox.instanceType(type))
        return Answer{400, apiError(QStringLiteral("validation_failed"),
                                    QStringLiteral("unknown instance type %1").arg(type),
                                    QStringLiteral("$.instanceType"))};
    if (!ws.value("quotaAttached").toBool())
        return Answer{
            409,
            apiError(QStringLiteral("quota_exceeded"),
                     QStringLiteral("workspace %1 has no quota").arg(ws.value("id").toString()))};
    if (zone != ws.value("zone").toString()) {
        QJsonObject e = apiError(
            QStringLiteral("zone_mismatch"),
            QStringLiteral("quota is in %1, not %2").arg(ws.value("zone").toString(), zone),
            QStringLiteral("$.zone"));
        e["quotaZone"] = ws.value("zone").toString();
        return Answer{409, e};
    }
    return std::nullopt;
}

Answer create(Sandbox &sandbox, const RouteRequest &request)
{
    const QString wsId = request.arg(0);
    const auto ws = sandbox.workspaceFor(wsId, request.who, Action::SubmitJobs);
    if (!ws)
        return ws.error();
    const QJsonObject in = request.json();
    const QString type = in.value("instanceType").toString();
    const QString zone = in.value("zone").toString();
    if (auto no = placementRefusal(sandbox, *ws, type, zone))
        return *no;
    const auto image = resolveImage(sandbox, in.value("image").toString());
    if (!image)
        return image.error();
    const InstanceType *inst = sandbox.instanceType(type);
    if (auto no = takeCards(sandbox, zone, *inst))
        return *no;
    // The instance: data (the workspace's, read-only), output and scratch.
    const QString id = Sandbox::newId();
    const QString dataDir = sandbox.dataDir(wsId);
    const QDir home(QDir(sandbox.root()).filePath(QStringLiteral("instances/") + id));
    home.mkpath(QStringLiteral("output"));
    home.mkpath(QStringLiteral("scratch"));
    QDir().mkpath(dataDir);
    QFile::link(dataDir, home.filePath(QStringLiteral("data")));
    QFile::setPermissions(dataDir, Sandbox::kDataFolderMode);
    const QJsonObject instance{{"id", id},
                               {"state", "running"},
                               {"workspace", wsId},
                               {"zone", zone},
                               {"instanceType", type},
                               {"card", inst->card},
                               {"cards", inst->cards},
                               {"createdAt", Sandbox::now()},
                               {"createdBy", request.who},
                               {"image", *image},
                               {"dataPath", QString::fromLatin1(Sandbox::kDataPath)},
                               {"paths", QJsonObject{{"data", home.filePath("data")},
                                                     {"output", home.filePath("output")},
                                                     {"scratch", home.filePath("scratch")}}}};
    sandbox.store().store(QStringLiteral("instance/") + id, instance);
    sandbox.store().audit(wsId, request.who, QStringLiteral("instance.create"), id + u' ' + type);
    return {201, instance};
}

Answer list(Sandbox &sandbox, const RouteRequest &request)
{
    const QString wsId = request.arg(0);
    const auto ws = sandbox.workspaceFor(wsId, request.who, Action::ViewJobStatus);
    if (!ws)
        return ws.error();
    return {200, QJsonObject{{"instances", sandbox.recordsIn(wsId, QStringLiteral("instance"))}}};
}

std::expected<QJsonObject, Answer> instance(Sandbox &sandbox, const QString &id)
{
    const QJsonObject inst = sandbox.store().load(QStringLiteral("instance/") + id);
    if (inst.isEmpty())
        return std::unexpected(
            Answer{404, apiError(QStringLiteral("not_found"), QStringLiteral("no such instance"))});
    return inst;
}

Answer get(Sandbox &sandbox, const RouteRequest &request)
{
    const auto inst = instance(sandbox, request.arg(0));
    if (!inst)
        return inst.error();
    const QJsonObject ws =
        sandbox.store().load(QStringLiteral("ws/") + inst->value("workspace").toString());
    if (auto no = sandbox.refusal(ws, request.who, Action::ViewJobStatus))
        return *no;
    return {200, *inst};
}

// Ends the instance's jobs and gives its cards back.
Answer release(Sandbox &sandbox, const RouteRequest &request)
{
    const QString id = request.arg(0);
    auto inst = instance(sandbox, id);
    if (!inst)
        return inst.error();
    const QString wsId = inst->value("workspace").toString();
    const QJsonObject ws = sandbox.store().load(QStringLiteral("ws/") + wsId);
    if (auto no = sandbox.refusal(ws, request.who, Action::ReleaseInstances))
        return *no;
    if (inst->value("state").toString() == QLatin1String("released"))
        return {200, *inst}; // releasing twice is fine
    for (const QJsonObject &job : sandbox.store().loadAll(QStringLiteral("job/"))) {
        if (job.value("instanceId").toString() == inst->value("id").toString())
            sandbox.jobs().kill(job.value("id").toString());
    }
    sandbox.giveBack(inst->value("zone").toString(), inst->value("card").toString(),
                     inst->value("cards").toInt());
    (*inst)["state"] = "released";
    (*inst)["releasedAt"] = Sandbox::now();
    sandbox.store().store(QStringLiteral("instance/") + id, *inst);
    sandbox.store().audit(wsId, request.who, QStringLiteral("instance.release"), id);
    return {200, *inst};
}

} // namespace

void addInstanceRoutes(RouteTable &table)
{
    table.add(HttpMethod::Post, QStringLiteral("/v1/workspaces/{ws}/instances"), create);
    table.add(HttpMethod::Get, QStringLiteral("/v1/workspaces/{ws}/instances"), list);
    table.add(HttpMethod::Get, QStringLiteral("/v1/instances/{id}"), get);
    table.add(HttpMethod::Delete, QStringLiteral("/v1/instances/{id}"), release);
}

} // namespace onramp
