#include "GateDataForms.h"

#include "Clock.h"
#include "Documents.h"
#include "GateLedger.h"
#include "StateStore.h"
#include "Tr.h"

#include <QHash>
#include <QLocale>

namespace onramp {

QualificationForm::QualificationForm(StateStore *store, QObject *parent)
    : QObject(parent), m_store(store)
{
    connect(store, &StateStore::changed, this, &QualificationForm::changed);
}

const QualificationData &QualificationForm::data() const
{
    return m_store->state().account;
}

void QualificationForm::update(const std::function<void(QualificationData &)> &change)
{
    m_store->update([&](OnboardingState &s) { change(s.account); });
}

Findings QualificationForm::findings() const
{
    return gateFindings(m_store->state(), GateId::Account, clock::today());
}

std::expected<void, Error> QualificationForm::exportPackage(const QString &basePath) const
{
    return writeSubmissionPackage(data(), basePath);
}

WorkspaceForm::WorkspaceForm(StateStore *store, QObject *parent) : QObject(parent), m_store(store)
{
    connect(store, &StateStore::changed, this, &WorkspaceForm::changed);
}

const WorkspaceData &WorkspaceForm::data() const
{
    return m_store->state().workspace;
}

void WorkspaceForm::update(const std::function<void(WorkspaceData &)> &change)
{
    m_store->update([&](OnboardingState &s) { change(s.workspace); });
}

QList<QList<MemberCell>> memberCellsNamed(const WorkspaceData &w, const Findings &findings)
{
    using Column = MemberCell::Column;
    const QList<Member> &team = w.members;
    // The members a per-member rule of checkWorkspace's names, in the order it names them.
    const auto membersWhere = [&](auto &&test) {
        QList<int> out;
        for (int i = 0; i < team.size(); ++i)
            if (test(team[i]))
                out << i;
        return out;
    };
    const auto outOfRange = [](const Member &m) {
        return m.sharePercent < 0 || m.sharePercent > 100;
    };
    bool projectsInUse = false;
    for (const Member &m : team)
        projectsInUse |= !m.projects.isEmpty();
    // Members who held `role` at the review and do not now: the change that emptied it.
    const auto leftRole = [&](Role role) {
        QList<int> out;
        if (!w.lastReview.reviewedAt.isValid())
            return out;
        for (const auto &[before, after] : diffSinceReview(w).roleChanged)
            if (before.role == role)
                for (int i = 0; i < team.size(); ++i)
                    if (team[i] == after)
                        out << i;
        return out;
    };
    const QHash<QString, std::pair<QList<int>, Column>> perMember = {
        {QStringLiteral("quota.share_out_of_range"), {membersWhere(outOfRange), Column::Share}},
        {QStringLiteral("quota.one_member_all"),
         {membersWhere([&](const Member &m) {
              return team.size() > 1 && !outOfRange(m) && m.sharePercent >= 99.5;
          }),
          Column::Share}},
        {QStringLiteral("quota.observer_share"),
         {membersWhere([](const Member &m) {
              return m.role == Role::Observer && m.sharePercent > 0;
          }),
          Column::Share}},
        {QStringLiteral("project.member_without_project"),
         {membersWhere([&](const Member &m) { return projectsInUse && m.projects.isEmpty(); }),
          Column::Projects}},
    };
    const QHash<QString, std::pair<QList<int>, Column>> wholeTeam = {
        {QStringLiteral("quota.shares_over_100"),
         {membersWhere([](const Member &m) { return m.sharePercent > 0; }), Column::Share}},
        {QStringLiteral("role.everyone_admin"),
         {membersWhere([](const Member &m) { return m.role == Role::Admin; }), Column::Role}},
        {QStringLiteral("role.too_many_admins"),
         {membersWhere([](const Member &m) { return m.role == Role::Admin; }), Column::Role}},
        {QStringLiteral("role.no_admin"), {leftRole(Role::Admin), Column::Role}},
        {QStringLiteral("acceptance.no_developer"), {leftRole(Role::Developer), Column::Role}},
        {QStringLiteral("acceptance.no_observer"), {leftRole(Role::Observer), Column::Role}},
    };
    QList<QList<MemberCell>> out;
    QHash<QString, int> seen; // how many of a per-member code came before
    for (const Finding &f : findings) {
        QList<MemberCell> cells;
        if (f.field == QLatin1String("members")) {
            if (auto it = perMember.constFind(f.code); it != perMember.cend()) {
                const int k = seen[f.code]++;
                if (k < it->first.size()) {
                    cells << MemberCell{it->first[k], it->second};
                    if (f.code == QLatin1String("quota.observer_share"))
                        cells << MemberCell{it->first[k], Column::Role};
                }
            } else if (auto all = wholeTeam.constFind(f.code); all != wholeTeam.cend()) {
                for (int i : all->first)
                    cells << MemberCell{i, all->second};
            }
        }
        out << cells;
    }
    return out;
}

Findings WorkspaceForm::findings() const
{
    return gateFindings(m_store->state(), GateId::Workspace, clock::today());
}

std::expected<void, Error> WorkspaceForm::create(const QString &name)
{
    WorkspaceData w = data();
    if (auto r = w.create(name); !r)
        return r;
    update([&](WorkspaceData &d) { d = w; });
    return {};
}

std::expected<void, Error> WorkspaceForm::attachQuota(const QuotaPool &pool)
{
    WorkspaceData w = data();
    if (auto r = w.attachQuota(pool); !r)
        return r;
    update([&](WorkspaceData &d) { d = w; });
    return {};
}

std::expected<void, Error> WorkspaceForm::addMember(const Member &m)
{
    WorkspaceData w = data();
    if (auto r = w.addMember(m); !r)
        return r;
    update([&](WorkspaceData &d) { d = w; });
    return {};
}

std::expected<int, QList<CsvProblem>> WorkspaceForm::importCsv(const QByteArray &csv)
{
    if (poolProblem(data().pool))
        return std::unexpected(QList<CsvProblem>{
            {0, Tr::tr("Attach the quota pool to the workspace before adding members.")}});
    auto members = importMembersCsv(csv);
    if (!members)
        return std::unexpected(members.error());
    update([&](WorkspaceData &d) { d.members += *members; });
    return int(members->size());
}

std::expected<void, Error> WorkspaceForm::markReviewed(const QString &reviewer)
{
    if (reviewer.trimmed().isEmpty())
        return std::unexpected(Error{Error::Kind::Invalid, Tr::tr("Name the reviewer."), QString(),
                                     QStringLiteral("reviewer")});
    // A review signs off the matrix as it will be set up: not one the rules block (a walk
    // reviewed a share of -10).
    if (hasBlocking(findings()))
        return std::unexpected(Error{Error::Kind::Invalid,
                                     Tr::tr("Resolve the blocking findings first: a review signs "
                                            "off the matrix as it will be set up."),
                                     QString(), QStringLiteral("reviewer")});
    const QDateTime now = clock::nowUtc();
    m_store->update([&](OnboardingState &s) { recordRoleReview(s, reviewer, now); });
    return {};
}

QString WorkspaceForm::reviewStatus() const
{
    const OnboardingState &s = m_store->state();
    const ReviewSnapshot &review = s.workspace.lastReview;
    const QString missing = roleReviewMissing(s).toString();
    if (missing.isEmpty())
        return Tr::tr("Last reviewed by %1 on %2; nothing has changed since.")
            .arg(review.reviewer, readableTime(review.reviewedAt));
    QString text = review.reviewedAt.isValid() && !review.reviewer.trimmed().isEmpty()
                       ? Tr::tr("Last reviewed by %1 on %2; changed since, as listed above.")
                             .arg(review.reviewer, readableTime(review.reviewedAt))
                       : Tr::tr("Not reviewed yet.");
    // Said before the status recorder would refuse it (GateLedger's roleReviewMissing).
    return Tr::sentences(
        {text, s.gate(GateId::Workspace).status == GateStatus::Passed
                   ? Tr::tr("The team lead reviews the matrix as it stands and presses "
                            "“Mark reviewed”.")
                   : Tr::tr("Gate 2 passes once the team lead has reviewed this matrix as "
                            "it stands: name yourself as the reviewer and press “Mark "
                            "reviewed”.")});
}

QuotaForm::QuotaForm(StateStore *store, QObject *parent) : QObject(parent), m_store(store)
{
    connect(store, &StateStore::changed, this, &QuotaForm::changed);
}

const QuotaGateData &QuotaForm::data() const
{
    return m_store->state().quota;
}

void QuotaForm::update(const std::function<void(QuotaGateData &)> &change)
{
    m_store->update([&](OnboardingState &s) { change(s.quota); });
}

QuotaContext QuotaForm::context() const
{
    return quotaContext(m_store->state());
}

QuotaPlan QuotaForm::plan() const
{
    return planQuota(data(), context());
}

Findings QuotaForm::findings() const
{
    // Gates 4 and 6 against the grant are theirs, and shown here too: the grant's period is
    // set here (#17 walk 6).
    const OnboardingState &s = m_store->state();
    return gateFindings(s, GateId::Quota, clock::today()) +
           grantFindings(s, GateId::Resources) + grantFindings(s, GateId::FirstRun);
}

QString QuotaForm::justification() const
{
    return quotaJustificationText(m_store->state());
}

void QuotaForm::setJustification(const QString &text)
{
    const QString own =
        text.trimmed().isEmpty() || text == quotaGeneratedJustification(m_store->state())
            ? QString()
            : text;
    update([&](QuotaGateData &q) { q.justification = own; });
}

std::optional<QString> QuotaForm::regenerateBlocked() const
{
    if (!data().justification.isEmpty())
        return std::nullopt;
    if (!validateQuota(data()))
        return Tr::tr("The justification is written once the derivation is complete.");
    return Tr::tr("The justification is written from the numbers and follows them as they "
                  "change; it becomes your own text once you edit it.");
}

void QuotaForm::regenerateJustification()
{
    update([](QuotaGateData &q) { q.justification.clear(); });
}

} // namespace onramp
