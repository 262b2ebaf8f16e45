#include "QuotaSteps.h"

#include "Clock.h"
#include "GateLedger.h"
#include "ProviderStates.h"
#include "QuotaGate.h"
#include "Tr.h"

namespace onramp {

void QuotaSteps::applyQuotaReview(const RemoteReview &review)
{
    m_state.provider.quotaApplication = review;
    GateRecord &g = m_state.gate(GateId::Quota);
    const QDateTime now = clock::nowUtc();
    const ReviewState state = fromKey<ReviewState>(review.state);
    if (state == ReviewState::Approved) {
        g.acceptedBy = Tr::trLater("The provider's quota reviewer");
        (void)acceptFromProvider(m_state, GateId::Quota,
                                 Tr::trLater("Quota application %1 approved: %2 card-hours granted.")
                                     .arg(review.id)
                                     .arg(review.grantedCardHours, 0, 'f', 0),
                                 now, review.since);
    } else if (state == ReviewState::Rejected || state == ReviewState::Returned) {
        g.rejectionReason = Text::literal(reasonsText(review.reasons));
        g.whatToChange = state == ReviewState::Returned
                             ? Tr::trLater("Split the period by calendar quarter and apply again.")
                             : Tr::trLater("Change what the reasons name, then apply again.");
        (void)setGateStatus(m_state, GateId::Quota, GateStatus::Rejected, now);
    } else {
        g.waitingFor = Tr::trLater("the provider's quota review");
        (void)setGateStatus(m_state, GateId::Quota, GateStatus::Waiting, now);
        if (review.since.isValid())
            g.waitingSince = review.since;
    }
    changed();
}

void QuotaSteps::applyQuota(Done done)
{
    if (!begin(done))
        return;
    progress(Tr::tr("Submitting the quota application…"));
    // The guides: the first application is one round plus its margin, to prove the workflow;
    // the rest follow by calendar quarter.
    const QuotaPlan plan = planQuota(m_state.quota, quotaContext(m_state));
    QJsonObject body = m_state.quota.toJson();
    // The text the page shows: the user's own, or generated from the numbers now (walk 19: a
    // re-application went out with the text of the first, kept since it was sent).
    const QString justification = quotaJustificationText(m_state);
    body["justification"] = justification;
    body["purpose"] = purposeKindKey(m_state.account.purposeKind);
    body["workspace"] = m_state.workspace.workspaceName;
    body["pool"] = m_state.workspace.pool.toJson();
    body["application"] = QJsonObject{{"label", plan.first.label},
                                      {"from", plan.first.from.toString(Qt::ISODate)},
                                      {"to", plan.first.to.toString(Qt::ISODate)},
                                      {"cardHours", plan.first.cardHours}};
    call(QStringLiteral("quota.apply"),
         [body](Provider &p, const CallContext &c, Provider::Answer a) {
             return p.applyForQuota(c, body, std::move(a));
         },
         [this, pool = body.value("pool").toObject(), sent = plan.first,
          justification](const QJsonObject &answer) {
             m_state.provider.quotaAppliedFor = pool;
             m_state.provider.quotaSent = sent;
             m_state.provider.quotaSentJustification = justification;
             applyQuotaReview(RemoteReview::fromAnswer(answer));
             finish({});
         });
}

void QuotaSteps::refreshQuota(Done done)
{
    if (!begin(done))
        return;
    if (m_state.provider.quotaApplication.id.isEmpty()) {
        finish(std::unexpected(localError(Tr::tr("No quota application was sent yet."))));
        return;
    }
    progress(Tr::tr("Reading the quota review…"));
    call({},
         [id = m_state.provider.quotaApplication.id](Provider &p, const CallContext &c,
                                                     Provider::Answer a) {
             return p.readQuotaApplication(c, id, std::move(a));
         },
         [this](const QJsonObject &answer) {
             applyQuotaReview(RemoteReview::fromAnswer(answer));
             finish({});
         });
}

} // namespace onramp
