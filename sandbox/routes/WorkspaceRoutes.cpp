#include "WorkspaceRoutes.h"

#include "RouteTable.h"
#include "Sandbox.h"
#include "Catalogs.h"
#include "WorkspaceGate.h"

#include <QJsonArray>
#include <QRegularExpression>

#include <algorithm>

namespace onramp {

namespace {

QString wsKey(const QString &id)
{
    return QStringLiteral("ws/") + id;
}

Answer createWorkspace(Sandbox &sandbox, const RouteRequest &request)
{
    const QJsonObject in = request.json();
    const QString name = in.value("name").toString();
    if (!isWorkspaceName(name))
        return {400, apiError(QStringLiteral("validation_failed"),
                              QStringLiteral("name: 1 to 63 lower-case letters, digits "
                                             "or '-', starting with a letter or digit "
                                             "(^[a-z0-9][a-z0-9-]{0,62}$)"),
                              QStringLiteral("$.name"))};
    if (!sandbox.store().load(wsKey(name)).isEmpty())
        return {409, apiError(QStringLiteral("conflict"),
                              QStringLiteral("workspace %1 exists").arg(name))};
    QJsonObject ws{{"id", name},
                   {"name", name},
                   {"quotaAttached", false},
                   {"members", QJsonArray()},
                   {"permissions", in.contains("permissions")
                                       ? in.value("permissions").toArray()
                                       : permissionMatrixJson(PermissionMatrix::defaults())}};
    sandbox.store().store(wsKey(name), ws);
    sandbox.seedSampleData(name);
    sandbox.store().audit(name, request.who, QStringLiteral("workspace.create"), name);
    return {201, ws};
}

Answer getWorkspace(Sandbox &sandbox, const RouteRequest &request)
{
    auto ws = sandbox.workspace(request.arg(0));
    if (!ws)
        return ws.error();
    return {200, *ws};
}

Answer attachQuota(Sandbox &sandbox, const RouteRequest &request)
{
    const QString id = request.arg(0);
    auto ws = sandbox.workspaceFor(id, request.who, Action::ManageQuota);
    if (!ws)
        return ws.error();
    // The pool: which cards, where. Its card-hours come from a quota application naming this
    // workspace (QuotaApplicationRoutes); until then it allows the onboarding's light checks.
    // An administrator may grant card-hours directly (cardHours above 0).
    const QJsonObject in = request.json();
    const double hours = in.value("cardHours").toDouble(0);
    if (!(hours >= 0) || hours > 1e12)
        return {400, apiError(QStringLiteral("validation_failed"),
                              QStringLiteral("cardHours must be 0 (the pool's check allowance) "
                                             "or above, at most 1e12"),
                              QStringLiteral("$.cardHours"))};
    const QString zone = in.value("zone").toString(QStringLiteral("cn-north-1a"));
    if (!sandbox.stock().contains(zone))
        return {400, apiError(QStringLiteral("validation_failed"),
                              QStringLiteral("no zone %1 here; zones: %2")
                                  .arg(zone, sandbox.stock().keys().join(QStringLiteral(", "))),
                              QStringLiteral("$.zone"))};
    const QString region = in.value("region").toString(zone.section(u'-', 0, -2));
    if (region != zone.section(u'-', 0, -2))
        return {400, apiError(QStringLiteral("validation_failed"),
                              QStringLiteral("zone %1 is not in region %2").arg(zone, region),
                              QStringLiteral("$.region"))};
    const QString card = in.value("cardType").toString();
    if (!card.isEmpty() && !findCard(card))
        return {400, apiError(QStringLiteral("validation_failed"),
                              QStringLiteral("no card type %1 in the catalog").arg(card),
                              QStringLiteral("$.cardType"))};
    (*ws)["quotaAttached"] = true;
    (*ws)["pool"] = QJsonObject{{"cardType", card}, {"region", region}, {"zone", zone}};
    (*ws)["zone"] = zone;
    (*ws)["quotaCardHours"] =
        std::max(ws->value("quotaCardHours").toDouble(),
                 hours > 0 ? hours : QuotaPool::kCheckAllowanceCardHours);
    sandbox.store().store(wsKey(id), *ws);
    sandbox.store().audit(id, request.who, QStringLiteral("quota.attach"),
                          QStringLiteral("pool %1 in %2, %3 card-hours")
                              .arg(card, zone)
                              .arg(ws->value("quotaCardHours").toDouble()));
    return {200, *ws};
}

// Granted, used and remaining card-hours, and who and which topic used them.
Answer usage(Sandbox &sandbox, const RouteRequest &request)
{
    const QString id = request.arg(0);
    auto ws = sandbox.workspace(id);
    if (!ws)
        return ws.error();
    double used = 0;
    QJsonObject perMember, perTopic;
    for (const QJsonObject &job : sandbox.store().loadAll(QStringLiteral("job/"))) {
        if (job.value("workspace").toString() != id)
            continue;
        const double h = job.value("cardHours").toDouble();
        used += h;
        const QString member = job.value("member").toString();
        perMember[member] = perMember.value(member).toDouble() + h;
        const QString topic = job.value("topic").toString();
        if (!topic.isEmpty())
            perTopic[topic] = perTopic.value(topic).toDouble() + h;
    }
    const double granted = ws->value("quotaCardHours").toDouble();
    return {200, QJsonObject{{"grantedCardHours", granted},
                             {"usedCardHours", used},
                             {"remainingCardHours", std::max(0.0, granted - used)},
                             {"perMember", perMember},
                             {"perTopic", perTopic}}};
}

Answer auditTrail(Sandbox &sandbox, const RouteRequest &request)
{
    const QString id = request.arg(0);
    const auto ws = sandbox.workspaceFor(id, request.who, Action::ManageMembers);
    if (!ws)
        return ws.error();
    return {200,
            QJsonObject{
                {"entries",
                 sandbox.store().load(QStringLiteral("audit/") + id).value("entries").toArray()}}};
}

Answer listMembers(Sandbox &sandbox, const RouteRequest &request)
{
    auto ws = sandbox.workspace(request.arg(0));
    if (!ws)
        return ws.error();
    return {200, QJsonObject{{"members", ws->value("members").toArray()}}};
}

// The workspace whose members the caller may change: quota comes before members.
std::expected<QJsonObject, Answer> membersToChange(Sandbox &sandbox, const RouteRequest &request)
{
    auto ws = sandbox.workspaceFor(request.arg(0), request.who, Action::ManageMembers);
    if (!ws)
        return ws;
    if (!ws->value("quotaAttached").toBool())
        return std::unexpected(Answer{
            409, apiError(QStringLiteral("conflict"), QStringLiteral("attach quota before adding "
                                                                     "members"))});
    return ws;
}

// Where `account` stands in the member list; -1 when it is not a member.
qsizetype indexOf(const QJsonArray &members, const QString &account)
{
    qsizetype at = -1;
    for (qsizetype i = 0; i < members.size(); ++i)
        if (members[i].toObject().value("account").toString() == account)
            at = i;
    return at;
}

// Adds a member (POST …/members, the account in the body) or changes one's role (PUT
// …/members/{account}).
Answer putMember(Sandbox &sandbox, const RouteRequest &request, bool create)
{
    auto ws = membersToChange(sandbox, request);
    if (!ws)
        return ws.error();
    const QString id = request.arg(0), item = request.arg(1);
    const QJsonObject in = request.json();
    QJsonArray members = ws->value("members").toArray();
    const qsizetype at = indexOf(members, create ? in.value("account").toString() : item);
    QJsonObject member = in;
    if (!create)
        member["account"] = item;
    const QString account = member.value("account").toString();
    if (account.isEmpty() || !roleFromKey(member.value("role").toString()))
        return {400, apiError(QStringLiteral("validation_failed"),
                              QStringLiteral("account and role (admin, developer, "
                                             "observer) are required"),
                              account.isEmpty() ? QStringLiteral("$.account")
                                                : QStringLiteral("$.role"))};
    if (create && at >= 0)
        return {409, apiError(QStringLiteral("conflict"),
                              QStringLiteral("%1 is already a member").arg(account))};
    if (!create && at < 0)
        return {404, apiError(QStringLiteral("not_found"),
                              QStringLiteral("%1 is not a member").arg(item))};
    if (create)
        members.append(member);
    else
        members[at] = member;
    (*ws)["members"] = members;
    sandbox.store().store(wsKey(id), *ws);
    sandbox.store().audit(id, request.who,
                          create ? QStringLiteral("member.add") : QStringLiteral("member.change"),
                          account + u'=' + member.value("role").toString());
    return {create ? 201 : 200, member};
}

Answer addMember(Sandbox &sandbox, const RouteRequest &request)
{
    return putMember(sandbox, request, true);
}

Answer changeMember(Sandbox &sandbox, const RouteRequest &request)
{
    return putMember(sandbox, request, false);
}

Answer removeMember(Sandbox &sandbox, const RouteRequest &request)
{
    auto ws = membersToChange(sandbox, request);
    if (!ws)
        return ws.error();
    const QString id = request.arg(0), item = request.arg(1);
    QJsonArray members = ws->value("members").toArray();
    const qsizetype at = indexOf(members, item);
    if (at < 0)
        return {404, apiError(QStringLiteral("not_found"),
                              QStringLiteral("%1 is not a member").arg(item))};
    members.removeAt(at);
    (*ws)["members"] = members;
    sandbox.store().store(wsKey(id), *ws);
    sandbox.store().audit(id, request.who, QStringLiteral("member.remove"), item);
    return {200, QJsonObject{{"removed", item}}};
}

} // namespace

bool isWorkspaceName(const QString &name)
{
    static const QRegularExpression pattern(QStringLiteral("^[a-z0-9][a-z0-9-]{0,62}$"));
    return pattern.match(name).hasMatch();
}

void addWorkspaceRoutes(RouteTable &table)
{
    table.add(HttpMethod::Post, QStringLiteral("/v1/workspaces"), createWorkspace);
    table.add(HttpMethod::Get, QStringLiteral("/v1/workspaces/{ws}"), getWorkspace);
    table.add(HttpMethod::Put, QStringLiteral("/v1/workspaces/{ws}/quota"), attachQuota);
    table.add(HttpMethod::Get, QStringLiteral("/v1/workspaces/{ws}/quota"), usage);
    table.add(HttpMethod::Get, QStringLiteral("/v1/workspaces/{ws}/usage"), usage);
    table.add(HttpMethod::Get, QStringLiteral("/v1/workspaces/{ws}/members"), listMembers);
    table.add(HttpMethod::Post, QStringLiteral("/v1/workspaces/{ws}/members"), addMember);
    table.add(HttpMethod::Put, QStringLiteral("/v1/workspaces/{ws}/members/{account}"),
              changeMember);
    table.add(HttpMethod::Delete, QStringLiteral("/v1/workspaces/{ws}/members/{account}"),
              removeMember);
    table.add(HttpMethod::Get, QStringLiteral("/v1/workspaces/{ws}/audit"), auditTrail);
}

} // namespace onramp
