#include "GateDataForms.h"

#include "Documents.h"
#include "GateLedger.h"
#include "StateStore.h"
#include "Tr.h"

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
    return gateFindings(m_store->state(), GateId::Account, QDate::currentDate());
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

Findings WorkspaceForm::findings() const
{
    return gateFindings(m_store->state(), GateId::Workspace, QDate::currentDate());
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
    const QDateTime now = QDateTime::currentDateTimeUtc();
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
    return gateFindings(m_store->state(), GateId::Quota, QDate::currentDate());
}

QString QuotaForm::justification() const
{
    if (!data().justification.isEmpty())
        return data().justification;
    if (!validateQuota(data()))
        return {};
    return quotaJustification(data(), plan(), context());
}

} // namespace onramp
