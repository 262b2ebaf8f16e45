#include "AccountSteps.h"

#include "Clock.h"
#include "GateLedger.h"
#include "ProviderStates.h"
#include "Tr.h"

namespace onramp {

void AccountSteps::applyQualification(const RemoteReview &review)
{
    m_state.provider.qualification = review;
    GateRecord &g = m_state.gate(GateId::Account);
    const QDateTime now = clock::nowUtc();
    const ReviewState state = fromKey<ReviewState>(review.state);
    if (state == ReviewState::Approved) {
        g.acceptedBy = Tr::trLater("The provider's qualification reviewer");
        g.rejectionReason.clear();
        g.whatToChange.clear();
        (void)acceptFromProvider(
            m_state, GateId::Account,
            Tr::trLater("Dossier approved by the provider (review %1).").arg(review.id), now,
            review.since);
    } else if (state == ReviewState::NotRequired) {
        // A cluster has accounts, not dossiers: nothing to review.
        g.acceptedBy = Tr::trLater("The cluster's accounting (slurmdbd)");
        g.rejectionReason.clear();
        g.whatToChange.clear();
        // The cluster dates its answer with the time of the read: the ledger keeps the first
        // date while the answer says the same.
        (void)acceptFromProvider(
            m_state, GateId::Account,
            Tr::trLater("Not required by this provider: a Slurm cluster reviews no dossier; "
                        "access is a user in its accounting with a default account (%1).")
                .arg(reasonsText(review.reasons)),
            now, review.since);
    } else if (state == ReviewState::Rejected) {
        g.rejectionReason = Text::literal(reasonsText(review.reasons));
        g.whatToChange =
            Tr::trLater("Change the fields named above, then submit the dossier again.");
        (void)setGateStatus(m_state, GateId::Account, GateStatus::Rejected, now);
    } else {
        g.waitingFor = Tr::trLater("the provider's qualification review");
        (void)setGateStatus(m_state, GateId::Account, GateStatus::Waiting, now);
        if (review.since.isValid())
            g.waitingSince = review.since;
    }
    changed();
}

void AccountSteps::submitQualification(Done done)
{
    if (!begin(done))
        return;
    const auto submit = [this] {
        progress(Tr::tr("Submitting the qualification dossier…"));
        QJsonObject dossier = m_state.account.toJson();
        call(QStringLiteral("qualification.submit"),
             [dossier](Provider &p, const CallContext &c, Provider::Answer a) {
                 return p.submitQualification(c, dossier, std::move(a));
             },
             [this](const QJsonObject &answer) {
                 applyQualification(RemoteReview::fromAnswer(answer));
                 finish({});
             });
    };
    if (m_state.provider.trainingActivated) {
        submit();
        return;
    }
    progress(Tr::tr("Activating the training service…"));
    call(QStringLiteral("account.activate"),
         [](Provider &p, const CallContext &c, Provider::Answer a) {
             return p.activateTraining(c, std::move(a));
         },
         [this, submit](const QJsonObject &) {
             m_state.provider.trainingActivated = true;
             changed();
             submit();
         });
}

void AccountSteps::refreshQualification(Done done)
{
    if (!begin(done))
        return;
    progress(Tr::tr("Reading the dossier's review…"));
    call({}, [](Provider &p, const CallContext &c, Provider::Answer a) {
        return p.readQualification(c, std::move(a));
    }, [this](const QJsonObject &answer) {
        applyQualification(RemoteReview::fromAnswer(answer));
        finish({});
    });
}

} // namespace onramp
