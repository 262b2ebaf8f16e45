#include "WorkspaceGate.h"
#include "GateCrossChecks.h"

#include "Catalogs.h"
#include "Markdown.h"
#include "Tr.h"

#include <QJsonArray>
#include <QLocale>

#include <cmath>

namespace onramp {

namespace {

// Words never translated (zone names, accounts), as Tr::listLater takes them.
QList<Text> literals(const QStringList &items)
{
    QList<Text> out;
    for (const QString &i : items)
        out << Text::literal(i);
    return out;
}

Error orderError(const QString &message)
{
    return {Error::Kind::Invalid, message, QString(), QStringLiteral("order")};
}

// Splits one CSV line, honouring double quotes ("a, b" stays one field; "" is a quote).
QStringList splitCsvLine(const QString &line)
{
    QStringList out;
    QString cur;
    bool quoted = false;
    for (int i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (quoted) {
            if (c == u'"' && i + 1 < line.size() && line[i + 1] == u'"') {
                cur += u'"';
                ++i;
            } else if (c == u'"') {
                quoted = false;
            } else {
                cur += c;
            }
        } else if (c == u'"') {
            quoted = true;
        } else if (c == u',') {
            out << cur.trimmed();
            cur.clear();
        } else {
            cur += c;
        }
    }
    out << cur.trimmed();
    return out;
}

// A cell a spreadsheet opens as text. One starting with = + - @ (or a tab or CR) would be read
// as a formula, so it gets a leading ' (OWASP's advice), which importMembersCsv drops again.
bool looksLikeFormula(const QString &s)
{
    return !s.isEmpty() && QStringLiteral("=+-@\t\r").contains(s.front());
}

QString csvField(QString s)
{
    if (looksLikeFormula(s))
        s.prepend(u'\'');
    if (s.contains(u',') || s.contains(u'"') || s.contains(u'\n') || s.contains(u'\r') ||
        s.startsWith(u'\''))
        return u'"' + s.replace(u'"', QStringLiteral("\"\"")) + u'"';
    return s;
}

// A share with every digit it needs to read back the same (the default keeps 6).
QString shareText(double percent)
{
    return QString::number(percent, 'g', QLocale::FloatingPointShortest);
}

QString projectsText(const QStringList &projects)
{
    return projects.isEmpty() ? Tr::tr("no project") : Tr::list(projects);
}

// The reverse of csvField's formula guard.
QString csvCell(const QString &s)
{
    if (s.startsWith(u'\'') && looksLikeFormula(s.mid(1)))
        return s.mid(1);
    return s;
}

QJsonObject memberJson(const Member &m)
{
    return {{"name", m.name},
            {"account", m.account},
            {"role", roleKey(m.role)},
            {"projects", QJsonArray::fromStringList(m.projects)},
            {"share", m.sharePercent}};
}

std::expected<Member, Error> memberFromJson(const QJsonObject &o, const QString &path)
{
    Member m;
    m.name = o.value("name").toString();
    m.account = o.value("account").toString();
    const auto role = roleFromKey(o.value("role").toString());
    if (!role)
        return std::unexpected(
            Error{Error::Kind::Invalid,
                  Tr::tr("%1.role: expected admin, developer or observer").arg(path), QString(),
                  path + QStringLiteral(".role")});
    m.role = *role;
    for (const QJsonValue &p : o.value("projects").toArray())
        m.projects << p.toString();
    m.sharePercent = o.value("share").toDouble();
    if (m.name.isEmpty())
        return std::unexpected(Error{Error::Kind::Invalid, Tr::tr("%1.name: required").arg(path),
                                     QString(), path + QStringLiteral(".name")});
    return m;
}

} // namespace

QJsonArray permissionMatrixJson(const PermissionMatrix &m)
{
    QJsonArray rows;
    for (int a = 0; a < kActionCount; ++a) {
        QJsonArray roles;
        for (Role r : kAllRoles) {
            if (m.can(r, Action(a)))
                roles.append(roleKey(r));
        }
        rows.append(QJsonObject{{"action", actionKey(Action(a))}, {"roles", roles}});
    }
    return rows;
}

PermissionMatrix permissionMatrixFromJson(const QJsonArray &rows, const PermissionMatrix &fallback)
{
    if (rows.isEmpty())
        return fallback;
    PermissionMatrix m;
    for (const QJsonValue &row : rows) {
        const QString key = row.toObject().value("action").toString();
        for (int a = 0; a < kActionCount; ++a) {
            if (actionKey(Action(a)) != key)
                continue;
            for (const QJsonValue &r : row.toObject().value("roles").toArray()) {
                if (auto role = roleFromKey(r.toString()))
                    m.set(*role, Action(a), true);
            }
        }
    }
    return m;
}

QString roleKey(Role r)
{
    switch (r) {
    case Role::Admin:
        return QStringLiteral("admin");
    case Role::Developer:
        return QStringLiteral("developer");
    case Role::Observer:
        return QStringLiteral("observer");
    }
    return {};
}

std::optional<Role> roleFromKey(const QString &key)
{
    for (Role r : kAllRoles) {
        if (roleKey(r) == key.trimmed().toLower())
            return r;
    }
    return std::nullopt;
}

Text roleText(Role r)
{
    switch (r) {
    case Role::Admin:
        return Tr::trLater("Admin");
    case Role::Developer:
        return Tr::trLater("Developer");
    case Role::Observer:
        return Tr::trLater("Observer");
    }
    return {};
}

QString roleLabel(Role r)
{
    return roleText(r).toString();
}

QString actionKey(Action a)
{
    static const char *const keys[] = {
        "manage_members", "manage_quota",    "submit_jobs",   "rw_own_data",   "read_others_data",
        "delete_data",    "view_job_status", "view_own_logs", "view_all_logs", "release_instances"};
    return QLatin1String(keys[int(a)]);
}

Text actionText(Action a)
{
    switch (a) {
    case Action::ManageMembers:
        return Tr::trLater("Manage members");
    case Action::ManageQuota:
        return Tr::trLater("Manage quota");
    case Action::SubmitJobs:
        return Tr::trLater("Submit jobs");
    case Action::ReadWriteOwnData:
        return Tr::trLater("Read/write own data");
    case Action::ReadOthersData:
        return Tr::trLater("Read others' data");
    case Action::DeleteData:
        return Tr::trLater("Delete data");
    case Action::ViewJobStatus:
        return Tr::trLater("View job status");
    case Action::ViewOwnLogs:
        return Tr::trLater("View own logs");
    case Action::ViewAllLogs:
        return Tr::trLater("View all logs");
    case Action::ReleaseInstances:
        return Tr::trLater("Release instances");
    }
    return {};
}

QString actionLabel(Action a)
{
    return actionText(a).toString();
}

PermissionMatrix PermissionMatrix::defaults()
{
    PermissionMatrix m;
    for (int a = 0; a < kActionCount; ++a)
        m.set(Role::Admin, Action(a), true);
    for (Action a : {Action::SubmitJobs, Action::ReadWriteOwnData, Action::ViewJobStatus,
                     Action::ViewOwnLogs, Action::ReleaseInstances})
        m.set(Role::Developer, a, true);
    for (Action a : {Action::ViewJobStatus, Action::ViewOwnLogs, Action::ViewAllLogs})
        m.set(Role::Observer, a, true);
    return m;
}

QJsonObject WorkspaceData::toJson() const
{
    QJsonArray ms, reviewed;
    for (const Member &m : members)
        ms.append(memberJson(m));
    for (const Member &m : lastReview.members)
        reviewed.append(memberJson(m));
    return {{"workspace", workspaceName},
            {"created", created},
            {"quotaAttached", quotaAttached},
            {"pool", pool.toJson()},
            {"members", ms},
            {"permissions", permissionMatrixJson(matrix)},
            {"lastReview",
             QJsonObject{{"members", reviewed},
                         {"permissions", permissionMatrixJson(lastReview.matrix)},
                         {"reviewer", lastReview.reviewer},
                         {"reviewedAt", lastReview.reviewedAt.isValid()
                                            ? lastReview.reviewedAt.toString(Qt::ISODateWithMs)
                                            : QString()}}}};
}

std::expected<WorkspaceData, Error> WorkspaceData::fromJson(const QJsonObject &o)
{
    WorkspaceData w;
    w.workspaceName = o.value("workspace").toString();
    // Read as saved; OnboardingState takes the provider's answer over these when the file has
    // one (files before the one-field change kept it under "provider").
    w.created = o.value("created").toBool();
    w.quotaAttached = o.value("quotaAttached").toBool();
    w.pool = QuotaPool::fromJson(o.value("pool").toObject());
    const QJsonArray ms = o.value("members").toArray();
    for (int i = 0; i < ms.size(); ++i) {
        auto m = memberFromJson(ms[i].toObject(), QStringLiteral("members[%1]").arg(i));
        if (!m)
            return std::unexpected(m.error());
        w.members << *m;
    }
    w.matrix =
        permissionMatrixFromJson(o.value("permissions").toArray(), PermissionMatrix::defaults());
    const QJsonObject review = o.value("lastReview").toObject();
    for (const QJsonValue &v : review.value("members").toArray()) {
        if (auto m = memberFromJson(v.toObject(), QStringLiteral("lastReview.members")))
            w.lastReview.members << *m;
    }
    w.lastReview.matrix = permissionMatrixFromJson(review.value("permissions").toArray(),
                                                   PermissionMatrix::defaults());
    w.lastReview.reviewer = review.value("reviewer").toString();
    w.lastReview.reviewedAt =
        QDateTime::fromString(review.value("reviewedAt").toString(), Qt::ISODateWithMs);
    return w;
}

std::expected<void, Error> WorkspaceData::create(const QString &name)
{
    if (name.trimmed().isEmpty())
        return std::unexpected(orderError(Tr::tr("Name the workspace.")));
    // Another name is another workspace: the provider has created neither it nor its quota, so
    // setting the workspace up sends both.
    if (created && name.trimmed() != workspaceName) {
        created = false;
        quotaAttached = false;
    }
    workspaceName = name.trimmed();
    return {};
}

std::expected<void, Error> WorkspaceData::attachQuota(const QuotaPool &p)
{
    if (workspaceName.isEmpty())
        return std::unexpected(orderError(Tr::tr("Create the workspace first: quota is attached "
                                                 "to a workspace.")));
    if (auto problem = poolProblem(p))
        return std::unexpected(*problem);
    // Another pool: the provider holds the old one until the workspace is set up again.
    if (quotaAttached && !(p == pool))
        quotaAttached = false;
    pool = p;
    return {};
}

std::expected<void, Error> WorkspaceData::addMember(const Member &m)
{
    if (poolProblem(pool))
        return std::unexpected(orderError(Tr::tr("Attach the quota pool to the workspace before "
                                                 "adding members: members without quota can do "
                                                 "nothing.")));
    if (m.name.trimmed().isEmpty())
        return std::unexpected(orderError(Tr::tr("Give the member a name.")));
    members << m;
    return {};
}

QString QuotaPool::regionOf(const QString &zone)
{
    const QString region = zone.section(u'-', 0, -2);
    return region.isEmpty() ? zone : region;
}

QString QuotaPool::text() const
{
    return textLater().toString();
}

// The card by its name and region and zone apart, as the quota justification writes them
// (#17 walk: "a10 cards in cn-east, cn-east-1a").
Text QuotaPool::textLater() const
{
    return Tr::trLater("%1 in region %2, zone %3").arg(cardName(cardType), region, zone);
}

QJsonObject QuotaPool::toJson() const
{
    return {{"cardType", cardType}, {"region", region}, {"zone", zone}};
}

QuotaPool QuotaPool::fromJson(const QJsonObject &o)
{
    return {o.value("cardType").toString(), o.value("region").toString(),
            o.value("zone").toString()};
}

namespace {

struct PoolProblem
{
    const char *field;
    Text message;
};

std::optional<PoolProblem> findPoolProblem(const QuotaPool &p)
{
    if (p.region.trimmed().isEmpty())
        return PoolProblem{"region",
                           Tr::trLater("Choose the pool's region: quota is bound to it.")};
    if (p.zone.trimmed().isEmpty())
        return PoolProblem{"zone",
                           Tr::trLater("Choose the pool's zone: instances open only there.")};
    if (p.cardType.trimmed().isEmpty())
        return PoolProblem{"cardType", Tr::trLater("Choose the pool's card type.")};
    return std::nullopt;
}

} // namespace

std::optional<Error> poolProblem(const QuotaPool &p)
{
    const std::optional<PoolProblem> problem = findPoolProblem(p);
    if (!problem)
        return std::nullopt;
    return Error{Error::Kind::Invalid, problem->message.toString(), QString(),
                 QLatin1String(problem->field)};
}

Text poolProblemText(const QuotaPool &p)
{
    const std::optional<PoolProblem> problem = findPoolProblem(p);
    return problem ? problem->message : Text();
}

Findings checkWorkspace(const WorkspaceData &w)
{
    Findings out;
    const auto blocking = Finding::Severity::Blocking;
    const auto warning = Finding::Severity::Warning;
    auto add = [&](const char *code, Finding::Severity s, const char *field, const Text &msg) {
        out.append({QLatin1String(code), s, QLatin1String(field), msg});
    };
    if (w.workspaceName.isEmpty())
        add("order.workspace_missing", blocking, "workspace",
            Tr::trLater("Create the workspace first; quota and members come after it."));
    const Text pool = poolProblemText(w.pool);
    if (!w.workspaceName.isEmpty() && !pool.isEmpty())
        add("quota.pool_incomplete", blocking, "pool",
            Tr::trLater("%1 Gate 3 applies for card-hours in this pool, and gate 4 opens "
                        "instances only there.")
                .arg(pool));
    if (!w.members.isEmpty() && !pool.isEmpty())
        add("order.members_without_quota", warning, "quota",
            Tr::trLater(
                "Members were added but no quota pool is attached: they can do nothing yet. "
                "Attach the pool to the workspace."));
    if (pool.isEmpty() && w.members.isEmpty())
        add("order.quota_without_members", warning, "members",
            Tr::trLater("The quota pool is attached but nobody is in the workspace: it sits idle. "
                        "Add the members."));

    int admins = 0;
    for (const Member &m : w.members)
        admins += m.role == Role::Admin;
    const int n = int(w.members.size());
    if (n > 0 && admins == 0)
        add("role.no_admin", blocking, "members",
            Tr::trLater("Nobody is admin: nobody can manage members or quota. Make one person "
                        "admin."));
    else if (n >= 2 && admins == n)
        add("role.everyone_admin", warning, "members",
            Tr::trLater("Everyone is admin. Later nobody can tell who changed quota or deleted "
                        "data: keep one or two admins and make the rest developers or observers."));
    else if (n >= 5 && admins > std::max(2, int(std::ceil(n * 0.2))))
        add("role.too_many_admins", warning, "members",
            Tr::trLater("%1 of %2 members are admins. Keep admins to a small share of the team.")
                .arg(admins)
                .arg(n));

    // The acceptance checks are tried by a developer and an observer of the team: with nobody
    // in a role, its check cannot be run, and a gate passed before cannot stay passed (the only
    // observer became an admin).
    if (n > 0) {
        const TeamAcceptancePrediction team = predictAcceptance(w);
        if (!team.hasDeveloper)
            add("acceptance.no_developer", blocking, "members",
                Tr::trLater("Nobody in the team is a developer, so nobody can try the acceptance "
                            "check “a developer submits a light job and sees its log”. Make one "
                            "member a developer."));
        if (!team.hasObserver)
            add("acceptance.no_observer", blocking, "members",
                Tr::trLater("Nobody in the team is an observer, so nobody can try the acceptance "
                            "check “an observer's submit is refused”. Make one member an "
                            "observer."));
    }

    const PermissionMatrix &m = w.matrix;
    for (Action a : {Action::SubmitJobs, Action::ReadWriteOwnData, Action::DeleteData,
                     Action::ManageMembers, Action::ManageQuota, Action::ReleaseInstances}) {
        if (m.can(Role::Observer, a))
            add("permission.observer_can_act", blocking, "permissions",
                Tr::trLater("Observers can “%1”. Observers see job status and logs only: take it "
                            "away.")
                    .arg(actionText(a)));
    }
    for (Action a : {Action::ViewOwnLogs, Action::ReadWriteOwnData, Action::SubmitJobs}) {
        if (!m.can(Role::Developer, a))
            add("permission.developer_cannot_work", blocking, "permissions",
                Tr::trLater("Developers cannot “%1”. Without it they cannot run or debug their own "
                            "jobs: grant it.")
                    .arg(actionText(a)));
    }
    if (!m.can(Role::Admin, Action::ManageMembers) || !m.can(Role::Admin, Action::ManageQuota))
        add("permission.admin_cannot_manage", blocking, "permissions",
            Tr::trLater("Admins must manage members and quota."));

    double shares = 0;
    for (const Member &mm : w.members)
        shares += mm.sharePercent;
    for (const Member &mm : w.members) {
        if (mm.sharePercent < 0 || mm.sharePercent > 100)
            add("quota.share_out_of_range", blocking, "members",
                Tr::trLater(
                    "%1's share is %2 %: a share is a percentage from 0 to 100. Correct it in "
                    "the Share % column.")
                    .arg(mm.name)
                    .arg(mm.sharePercent));
        else if (w.members.size() > 1 && mm.sharePercent >= 99.5)
            add("quota.one_member_all", warning, "members",
                Tr::trLater("%1 holds all of the shared quota: one long job of theirs can starve "
                            "everyone else. Split the card-hours per person or per topic.")
                    .arg(mm.name));
    }
    // An observer cannot submit jobs, so card-hours set aside for one are never spent (#17
    // walk: an observer held 50 % unflagged). A warning, as a pool without members is: the
    // hours sit idle, nothing breaks. Where observers may submit, permission.observer_can_act
    // already blocks.
    if (!m.can(Role::Observer, Action::SubmitJobs)) {
        for (const Member &mm : w.members) {
            if (mm.role == Role::Observer && mm.sharePercent > 0)
                add("quota.observer_share", warning, "members",
                    Tr::trLater("%1 is an observer with a %2 % share, but observers cannot "
                                "submit jobs: those card-hours would sit idle. Give the share to "
                                "a developer, or make %1 a developer.")
                        .arg(mm.name)
                        .arg(mm.sharePercent));
        }
    }
    // Shares split the whole quota or none of it: gate 3 refuses a split that does not add
    // up, so gate 2 says so where the shares are typed (#17 walk: 90 % passed gate 2, then
    // blocked gate 3 and sent gate 2 back).
    if (!sharesAddUp(shares) && shares > 100)
        add("quota.shares_over_100", blocking, "members",
            Tr::trLater("The members' shares add up to %1 %, more than the whole quota. Lower "
                        "them in the Share % column.")
                .arg(shares, 0, 'f', 1));
    else if (!sharesAddUp(shares))
        add("quota.shares_under_100", blocking, "members",
            Tr::trLater("The members' shares add up to %1 %, not 100 %: %2 % of the quota is "
                        "nobody's. Give it to someone in the Share % column, or set every share "
                        "to 0 to leave the quota unsplit.")
                .arg(shares, 0, 'f', 1)
                .arg(100 - shares, 0, 'f', 1));
    bool projectsInUse = false;
    for (const Member &mm : w.members)
        projectsInUse |= !mm.projects.isEmpty();
    if (projectsInUse) {
        for (const Member &mm : w.members) {
            if (mm.projects.isEmpty())
                add("project.member_without_project", warning, "members",
                    Tr::trLater("%1 is in no project while projects are in use: they will see no "
                                "project's data. Add them to one.")
                        .arg(mm.name));
        }
    }
    return out;
}

bool sharesAddUp(double total)
{
    return total <= 0 || std::abs(total - 100) <= 0.5;
}

std::optional<int> freeCardsIn(const QList<ZoneStock> &stock, const QString &zone,
                               const QString &cardType)
{
    for (const ZoneStock &z : stock) {
        if (z.zone == zone)
            return z.freeCards.isEmpty() ? std::nullopt
                                         : std::optional<int>(z.freeCards.value(cardType));
    }
    return std::nullopt;
}

Findings checkPoolStock(const QuotaPool &pool, const QList<ZoneStock> &stock)
{
    if (poolProblem(pool))
        return {};
    QStringList freeElsewhere;
    for (const ZoneStock &z : stock) {
        if (z.zone != pool.zone && z.freeCards.value(pool.cardType) > 0)
            freeElsewhere << z.zone;
    }
    if (freeCardsIn(stock, pool.zone, pool.cardType).value_or(1) > 0)
        return {};
    const Text message =
        freeElsewhere.isEmpty()
            ? Tr::trLater(
                  "The provider lists no free %1 cards in %2, nor in any other zone: gate 4 "
                  "can open an instance only in the pool's zone, so it will wait for stock. "
                  "Choose a card type that is free now, or try again later.")
                  .arg(cardName(pool.cardType), pool.zone)
            : Tr::trLater("The provider lists no free %1 cards in %2: gate 4 can open an instance "
                          "only in the pool's zone. They are free now in %3: choose one of those "
                          "zones for the pool, or wait for stock in %2.")
                  .arg(cardName(pool.cardType), pool.zone,
                       Tr::listLater(literals(freeElsewhere)));
    return {Finding{QStringLiteral("quota.pool_zone_out_of_stock"), Finding::Severity::Warning,
                    QStringLiteral("pool"), message}};
}

AcceptancePrediction predictAcceptance(const PermissionMatrix &m)
{
    return {m.can(Role::Developer, Action::SubmitJobs) &&
                m.can(Role::Developer, Action::ViewOwnLogs),
            !m.can(Role::Observer, Action::SubmitJobs)};
}

TeamAcceptancePrediction predictAcceptance(const WorkspaceData &w)
{
    TeamAcceptancePrediction p;
    static_cast<AcceptancePrediction &>(p) = predictAcceptance(w.matrix);
    for (const Member &m : w.members) {
        p.hasDeveloper |= m.role == Role::Developer;
        p.hasObserver |= m.role == Role::Observer;
    }
    p.developerSubmitsAndSeesLog &= p.hasDeveloper;
    p.observerRefused &= p.hasObserver;
    return p;
}

std::expected<QList<Member>, QList<CsvProblem>> importMembersCsv(const QByteArray &csv)
{
    QList<CsvProblem> problems;
    QList<Member> out;
    const QStringList lines = QString::fromUtf8(csv).split(u'\n');
    int nameCol = -1, accountCol = -1, roleCol = -1, projectsCol = -1, shareCol = -1;
    bool header = false;
    for (int i = 0; i < lines.size(); ++i) {
        QString line = lines[i];
        if (line.endsWith(u'\r'))
            line.chop(1);
        if (line.trimmed().isEmpty())
            continue;
        const QStringList f = splitCsvLine(line);
        const int lineNo = i + 1;
        if (!header) {
            header = true;
            for (int c = 0; c < f.size(); ++c) {
                const QString h = f[c].toLower().remove(QChar(0xFEFF));
                if (h == QLatin1String("name"))
                    nameCol = c;
                else if (h == QLatin1String("account"))
                    accountCol = c;
                else if (h == QLatin1String("role"))
                    roleCol = c;
                else if (h == QLatin1String("projects"))
                    projectsCol = c;
                else if (h == QLatin1String("share"))
                    shareCol = c;
            }
            if (nameCol < 0 || accountCol < 0 || roleCol < 0) {
                problems << CsvProblem{lineNo, Tr::tr("The header must name the columns name, "
                                                      "account and role (projects and share "
                                                      "are optional).")};
                return std::unexpected(problems);
            }
            continue;
        }
        const int needed = std::max({nameCol, accountCol, roleCol, projectsCol, shareCol}) + 1;
        if (f.size() < std::max(nameCol, std::max(accountCol, roleCol)) + 1) {
            problems << CsvProblem{
                lineNo, Tr::tr("expected %1 columns, found %2").arg(needed).arg(f.size())};
            continue;
        }
        Member m;
        m.name = csvCell(f[nameCol]);
        m.account = csvCell(f[accountCol]);
        if (m.name.isEmpty())
            problems << CsvProblem{lineNo, Tr::tr("the name is empty")};
        if (m.account.isEmpty())
            problems << CsvProblem{lineNo, Tr::tr("the account is empty")};
        const auto role = roleFromKey(f[roleCol]);
        if (!role)
            problems << CsvProblem{lineNo, Tr::tr("“%1” is not a role; use admin, developer or "
                                                  "observer")
                                               .arg(f[roleCol])};
        else
            m.role = *role;
        if (projectsCol >= 0 && projectsCol < f.size() && !f[projectsCol].isEmpty()) {
            // A blank between two ';' is no project (it would come back as none on export).
            for (const QString &p : csvCell(f[projectsCol]).split(u';')) {
                if (!p.trimmed().isEmpty())
                    m.projects << p.trimmed();
            }
        }
        if (shareCol >= 0 && shareCol < f.size() && !f[shareCol].isEmpty()) {
            QString s = f[shareCol];
            s.remove(u'%');
            bool ok = false;
            m.sharePercent = s.toDouble(&ok);
            // toDouble() reads "nan", which no comparison refuses.
            if (!ok || !std::isfinite(m.sharePercent) || m.sharePercent < 0 || m.sharePercent > 100)
                problems << CsvProblem{lineNo, Tr::tr("share “%1” is not a percentage from 0 to "
                                                      "100")
                                                   .arg(f[shareCol])};
        }
        for (const Member &seen : out) {
            if (!m.account.isEmpty() && seen.account == m.account)
                problems << CsvProblem{lineNo,
                                       Tr::tr("the account %1 appears twice").arg(m.account)};
        }
        out << m;
    }
    if (!header)
        problems << CsvProblem{1, Tr::tr("The file is empty.")};
    if (!problems.isEmpty())
        return std::unexpected(problems);
    return out;
}

ReviewDiff diffSinceReview(const WorkspaceData &w)
{
    ReviewDiff d;
    const auto find = [](const QList<Member> &list, const Member &m) -> const Member * {
        for (const Member &x : list) {
            if (x.account == m.account && (!x.account.isEmpty() || x.name == m.name))
                return &x;
        }
        return nullptr;
    };
    for (const Member &m : w.members) {
        const Member *before = find(w.lastReview.members, m);
        if (!before)
            d.added << m;
        else if (before->role != m.role)
            d.roleChanged << std::pair{*before, m};
        else if (*before != m)
            d.detailsChanged << std::pair{*before, m};
    }
    for (const Member &m : w.lastReview.members) {
        if (!find(w.members, m))
            d.removed << m;
    }
    if (w.lastReview.reviewedAt.isValid()) {
        for (int a = 0; a < kActionCount; ++a) {
            for (Role r : kAllRoles) {
                const bool now = w.matrix.can(r, Action(a));
                if (now != w.lastReview.matrix.can(r, Action(a)))
                    d.permissionChanged << std::tuple{Action(a), r, now};
            }
        }
    }
    return d;
}

QString matrixCsv(const WorkspaceData &w)
{
    QString out = QStringLiteral("action,admin,developer,observer\n");
    for (int a = 0; a < kActionCount; ++a) {
        out += actionKey(Action(a));
        for (Role r : kAllRoles)
            out += w.matrix.can(r, Action(a)) ? QStringLiteral(",yes") : QStringLiteral(",no");
        out += u'\n';
    }
    out += QStringLiteral("\nname,account,role,projects,share\n");
    for (const Member &m : w.members)
        // One .arg() for all five: a chained one would substitute the share into a name
        // that contains "%5".
        out += QStringLiteral("%1,%2,%3,%4,%5\n")
                   .arg(csvField(m.name), csvField(m.account), roleKey(m.role),
                        csvField(m.projects.join(u';')), shareText(m.sharePercent));
    return out;
}

QString matrixMarkdown(const WorkspaceData &w)
{
    // Which team and whose review, for the file alone (walk 19: it said neither). Every value
    // typed into gate 2 is plain text here: a name with "|" or "<" neither breaks the table nor
    // becomes HTML.
    const auto md = [](const QString &v) { return markdownText(v); };
    QString out = QStringLiteral("# ") + Tr::tr("Role review: workspace %1").arg(md(w.workspaceName)) + QStringLiteral("\n\n");
    out += (w.lastReview.reviewedAt.isValid() && !w.lastReview.reviewer.trimmed().isEmpty()
                ? Tr::tr("Last reviewed by %1 on %2.")
                      .arg(md(w.lastReview.reviewer),
                           w.lastReview.reviewedAt.toUTC().toString(Qt::ISODate))
                : Tr::tr("Not reviewed yet.")) +
           QStringLiteral("\n\n");
    out += QStringLiteral("| %1 | %2 | %3 | %4 |\n|---|---|---|---|\n")
                      .arg(Tr::tr("Action"), roleLabel(Role::Admin), roleLabel(Role::Developer),
                           roleLabel(Role::Observer));
    for (int a = 0; a < kActionCount; ++a) {
        out += QStringLiteral("| %1 |").arg(actionLabel(Action(a)));
        for (Role r : kAllRoles)
            out += w.matrix.can(r, Action(a)) ? QStringLiteral(" ✔ |") : QStringLiteral(" — |");
        out += u'\n';
    }
    out += QStringLiteral("\n| %1 | %2 | %3 | %4 | %5 |\n|---|---|---|---|---|\n")
               .arg(Tr::tr("Name"), Tr::tr("Account"), Tr::tr("Role"), Tr::tr("Projects"),
                    Tr::tr("Share"));
    for (const Member &m : w.members)
        out += QStringLiteral("| %1 | %2 | %3 | %4 | %5 % |\n")
                   .arg(md(m.name), md(m.account), roleLabel(m.role), md(Tr::list(m.projects)),
                        shareText(m.sharePercent));
    return out;
}

QString diffCsv(const ReviewDiff &d)
{
    QString out = QStringLiteral("change,subject,before,after\n");
    for (const Member &m : d.added)
        out += QStringLiteral("added,%1,,%2\n").arg(csvField(m.name), roleKey(m.role));
    for (const Member &m : d.removed)
        out += QStringLiteral("removed,%1,%2,\n").arg(csvField(m.name), roleKey(m.role));
    for (const auto &[before, after] : d.roleChanged)
        out += QStringLiteral("role,%1,%2,%3\n")
                   .arg(csvField(after.name), roleKey(before.role), roleKey(after.role));
    for (const auto &[before, after] : d.detailsChanged) {
        if (before.sharePercent != after.sharePercent)
            out += QStringLiteral("share,%1,%2,%3\n")
                       .arg(csvField(after.name), shareText(before.sharePercent),
                            shareText(after.sharePercent));
        if (before.projects != after.projects)
            out += QStringLiteral("projects,%1,%2,%3\n")
                       .arg(csvField(after.name), csvField(before.projects.join(u';')),
                            csvField(after.projects.join(u';')));
        if (before.name != after.name)
            out += QStringLiteral("name,%1,%2,%3\n")
                       .arg(csvField(after.account), csvField(before.name), csvField(after.name));
    }
    for (const auto &[action, role, now] : d.permissionChanged)
        out += QStringLiteral("permission,%1 %2,%3,%4\n")
                   .arg(roleKey(role), actionKey(action), now ? "no" : "yes", now ? "yes" : "no");
    return out;
}

QString diffMarkdown(const ReviewDiff &d)
{
    if (d.isEmpty())
        return Tr::tr("No changes since the last review.") + u'\n';
    QString out;
    for (const Member &m : d.added)
        out += Tr::tr("- added: %1 (%2)").arg(markdownText(m.name), roleLabel(m.role)) + u'\n';
    for (const Member &m : d.removed)
        out += Tr::tr("- removed: %1 (%2)").arg(markdownText(m.name), roleLabel(m.role)) + u'\n';
    for (const auto &[before, after] : d.roleChanged)
        out += Tr::tr("- role changed: %1, %2 → %3")
                   .arg(markdownText(after.name), roleLabel(before.role), roleLabel(after.role)) +
               u'\n';
    for (const auto &[before, after] : d.detailsChanged) {
        if (before.sharePercent != after.sharePercent)
            out += Tr::tr("- share changed: %1, %2 % → %3 %")
                       .arg(markdownText(after.name), shareText(before.sharePercent),
                            shareText(after.sharePercent)) +
                   u'\n';
        if (before.projects != after.projects)
            out += Tr::tr("- projects changed: %1, %2 → %3")
                       .arg(markdownText(after.name), markdownText(projectsText(before.projects)),
                            markdownText(projectsText(after.projects))) +
                   u'\n';
        if (before.name != after.name)
            out += Tr::tr("- name changed: %1 → %2").arg(markdownText(before.name), markdownText(after.name)) + u'\n';
    }
    for (const auto &[action, role, now] : d.permissionChanged)
        out += Tr::tr("- permission changed: %1 may %2: %3")
                   .arg(roleLabel(role), actionLabel(action),
                        now ? Tr::tr("now yes") : Tr::tr("now no")) +
               u'\n';
    return out;
}

} // namespace onramp
