#include "GateForm.h"

#include "Clock.h"
#include "StateStore.h"
#include "Tr.h"

#include <QLocale>

namespace onramp {

namespace {

// Every field but the notes (Field::Notes, plain words of the team's own).
Text GateRecord::*member(GateForm::Field f)
{
    switch (f) {
    case GateForm::Field::WaitingFor:
        return &GateRecord::waitingFor;
    case GateForm::Field::Evidence:
        return &GateRecord::evidence;
    case GateForm::Field::AcceptedBy:
        return &GateRecord::acceptedBy;
    case GateForm::Field::RejectionReason:
        return &GateRecord::rejectionReason;
    case GateForm::Field::WhatToChange:
        return &GateRecord::whatToChange;
    case GateForm::Field::Notes:
        break;
    }
    return nullptr;
}

QString localTime(const QDateTime &t)
{
    return readableTime(t);
}

// A text that goes before the template's own full stop.
QString withoutFullStop(QString text)
{
    text = text.trimmed();
    while (text.endsWith(u'.') || text.endsWith(u'。'))
        text.chop(1);
    return text;
}

} // namespace

GateForm::GateForm(StateStore *store, GateId gate, QObject *parent)
    : QObject(parent), m_store(store), m_gate(gate),
      m_now([] { return clock::nowUtc(); })
{
    m_target = record().status;
    m_seenStatus = m_target;
    connect(m_store, &StateStore::changed, this, &GateForm::storeChanged);
}

void GateForm::storeChanged()
{
    if (reopenIfBlocked() || restoreIfTakenBack() || passIfNoLongerHeldBack() ||
        keepReopenedReasonCurrent())
        return; // the update it made has run this again
    if (record().status != m_seenStatus) {
        // Recorded elsewhere (or here): the choice shows what the gate is now.
        m_seenStatus = record().status;
        m_target = m_seenStatus;
    }
    emit changed();
}

Findings GateForm::blockers() const
{
    Findings f = gateFindings(m_store->state(), m_gate, m_now().date());
    if (m_local)
        f += m_local();
    return f;
}

Text GateForm::reasonFor(const OnboardingState &state) const
{
    Findings findings = gateFindings(state, m_gate, m_now().date());
    if (m_local)
        findings += m_local();
    Text reason;
    for (const Finding &f : findings) {
        if (f.isBlocking()) {
            reason = f.message;
            break;
        }
    }
    // What the acceptance rests on must still hold, as the ledger asks before passing: gate 2's
    // review of the matrix as it stood (#17 walk: roles and shares changed after the review and
    // gate 2 stayed passed), gate 5's four checks, gate 6's colleague's replay of this run.
    if (reason.isEmpty())
        reason = onramp::acceptanceMissing(state, m_gate);
    // The change that broke the rule, then the rule and what to do (#17 walk: "Nobody in the
    // team is an observer" never said that the observer had been made an admin).
    if (!reason.isEmpty())
        reason = reopeningReason(state, m_gate, reason);
    return reason;
}

Text GateForm::reopeningRuleNow() const
{
    // The rule as the change that took the gate back would find it now: the evidence it left
    // behind (staleEvidence) is not that change's rule but what follows from it.
    OnboardingState trial = m_store->state();
    trial.gate(m_gate).staleEvidence.clear();
    return reasonFor(trial);
}

bool GateForm::reopeningIsOurs() const
{
    return m_reopening && record().reopenedBecause == m_reopening->reason;
}

bool GateForm::keepReopenedReasonCurrent()
{
    const GateRecord &r = record();
    if (r.status != GateStatus::InProgress || r.reopenedBecause.isEmpty() || !r.heldBack.isEmpty())
        return false;
    // What Passed would be refused on now: the rule reopenIfBlocked would quote.
    Text missing;
    for (const Finding &f : blockers()) {
        if (f.isBlocking()) {
            missing = f.message;
            break;
        }
    }
    if (missing.isEmpty())
        missing = onramp::acceptanceMissing(m_store->state(), m_gate);
    Text reason;
    if (reopeningIsOurs()) {
        // The change's rule as it reads now, then what else the gate lacks; once that rule is
        // settled, the change that sent it back and what is left (statusText: or that nothing is).
        const Text rule = reopeningRuleNow();
        reason = rule.isEmpty() ? withCurrentAdvice(r, missing) : withLines(rule.lines(), missing);
    } else {
        reason = withCurrentAdvice(r, missing);
    }
    if (reason == r.reopenedBecause)
        return false;
    if (reopeningIsOurs())
        m_reopening->reason = reason; // the same reopening, said as it stands now
    m_store->update([&](OnboardingState &s) { s.gate(m_gate).reopenedBecause = reason; });
    return true;
}

QString GateForm::statusText() const
{
    const GateRecord &r = record();
    const QString text = describe(r);
    if (r.status != GateStatus::InProgress || r.reopenedBecause.isEmpty())
        return text;
    // The record says what is left (keepReopenedReasonCurrent); what it cannot say: an earlier
    // gate no longer passed, or nothing left at all (#17 walk 18: "… presses “Mark reviewed”
    // again" after the team lead had).
    if (const EntryCheck e = entry(); !e.met)
        return text + u'\n' + Tr::tr("Left to do now: %1").arg(e.reason.toString());
    if (reasonFor(m_store->state()).isEmpty())
        return text + u'\n' +
               Tr::tr("What it went back for is settled, and nothing else holds it: record it "
                      "passed below.");
    return text;
}

bool GateForm::passIfNoLongerHeldBack()
{
    const GateRecord &r = record();
    if (r.status != GateStatus::InProgress || r.heldBack.isEmpty())
        return false;
    const QDateTime now = m_now();
    if (!statusRefusal(m_store->state(), m_gate, GateStatus::Passed, now.date(),
                       m_local ? m_local() : Findings{})
             .isEmpty())
        return false;
    bool passed = false;
    m_store->update([&](OnboardingState &s) { passed = acceptFromProvider(s, m_gate, now); });
    return passed;
}

bool GateForm::restoreIfTakenBack()
{
    if (!m_reopening)
        return false;
    const GateRecord &r = record();
    if (r.status != GateStatus::InProgress || r.reopenedBecause != m_reopening->reason) {
        m_reopening.reset(); // recorded otherwise since: that reopening no longer stands
        return false;
    }
    if (m_store->state().gateDataJson(m_gate) != m_reopening->passedData ||
        m_store->state().provider.toJson() != m_reopening->provider)
        return false;
    const Reopening undo = *m_reopening;
    m_reopening.reset();
    const QDateTime now = m_now();
    bool restored = false;
    m_store->update([&](OnboardingState &s) {
        restored = restoreReopenedGate(s, m_gate, undo.reason, now);
    });
    // Refused while the reason still holds, with this gate's data as it was: the change was
    // another gate's (gate 6's replay of a spec that gate 4 changed, #17 walk 18), and taking it
    // back there restores this gate then.
    if (!restored && record().status == GateStatus::InProgress &&
        record().reopenedBecause == undo.reason)
        m_reopening = undo;
    return restored;
}

bool GateForm::reopenIfBlocked()
{
    if (record().status != GateStatus::Passed) {
        m_cleanWhenPassed.reset();
        m_passedData.reset();
        return false;
    }
    const Text reason = reasonFor(m_store->state());
    // Only a change after a clean acceptance reopens: a gate recorded passed with findings
    // open (outside Onramp, or from an older version) stays as the acceptor left it.
    if (!m_cleanWhenPassed) {
        m_cleanWhenPassed = reason.isEmpty();
        if (reason.isEmpty())
            m_passedData = m_store->state().gateDataJson(m_gate);
        return false;
    }
    if (reason.isEmpty() || !*m_cleanWhenPassed) {
        if (reason.isEmpty() && *m_cleanWhenPassed)
            m_passedData = m_store->state().gateDataJson(m_gate); // a clean change: it stands
        return false;
    }
    m_cleanWhenPassed.reset();
    const QDateTime now = m_now();
    // The finding's sentence as source text: the reason reads in the language shown (#17).
    Reopening reopening{m_passedData.value_or(QJsonObject()), reason,
                        m_store->state().provider.toJson()};
    // Kept before the update: the update runs this form's storeChanged again.
    if (m_passedData)
        m_reopening = reopening;
    m_passedData.reset();
    m_store->update([&](OnboardingState &s) { reopenGate(s, m_gate, reopening.reason, now); });
    return true;
}

const GateRecord &GateForm::record() const
{
    return m_store->state().gate(m_gate);
}

EntryCheck GateForm::entry() const
{
    return checkEntry(m_store->state(), m_gate);
}

QString GateForm::text(Field f) const
{
    return f == Field::Notes ? record().notes : (record().*member(f)).toString();
}

void GateForm::setText(Field f, const QString &value)
{
    // The field as shown is what the record holds: only what the user wrote replaces it (as
    // their words, kept as written).
    if (value == text(f))
        return;
    m_store->update([&](OnboardingState &s) {
        if (f == Field::Notes)
            s.gate(m_gate).notes = value;
        else
            s.gate(m_gate).*member(f) = Text::literal(value);
    });
}

void GateForm::setTargetStatus(GateStatus s)
{
    if (m_target == s)
        return;
    m_target = s;
    emit changed();
}

QList<GateForm::Field> GateForm::requiredFields() const
{
    switch (m_target) {
    case GateStatus::Waiting:
        return {Field::WaitingFor};
    case GateStatus::Passed:
        return {Field::Evidence, Field::AcceptedBy};
    case GateStatus::Rejected:
        return {Field::RejectionReason, Field::WhatToChange};
    case GateStatus::NotStarted:
    case GateStatus::InProgress:
        return {};
    }
    return {};
}

QString GateForm::fieldIssue(Field f) const
{
    if (!requiredFields().contains(f) || !text(f).trimmed().isEmpty())
        return {};
    switch (f) {
    case Field::WaitingFor:
        return Tr::tr("Say who or what the gate is waiting for, for example “provider review”.");
    case Field::Evidence:
        return Tr::tr("Describe the evidence that the acceptance checks passed.");
    case Field::AcceptedBy:
        return Tr::tr("Name the acceptor who signed this gate off.");
    case Field::RejectionReason:
        return Tr::tr("Copy the reason the gate was rejected.");
    case Field::WhatToChange:
        return Tr::tr("Write down what to change before trying again.");
    case Field::Notes:
        return {};
    }
    return {};
}

bool GateForm::canRecord() const
{
    if (m_target == record().status && m_target != GateStatus::Waiting)
        return false; // nothing to record
    if (m_target == GateStatus::Passed &&
        (!entry().met || !blockingMessage().isEmpty() || !acceptanceMissing().isEmpty()))
        return false;
    for (Field f : requiredFields()) {
        if (!fieldIssue(f).isEmpty())
            return false;
    }
    return true;
}

std::expected<void, Error> GateForm::recordStatus()
{
    // The ledger decides first, on the state as it is now: the one rule for every writer.
    const QDateTime now = m_now();
    OnboardingState next = m_store->state();
    if (auto r = setGateStatus(next, m_gate, m_target, now, m_local ? m_local() : Findings{}); !r)
        return std::unexpected(Error{Error::Kind::Invalid, r.error().message, QString()});
    for (Field f : requiredFields()) {
        if (const QString issue = fieldIssue(f); !issue.isEmpty())
            return std::unexpected(Error{Error::Kind::Invalid, issue, QString()});
    }
    m_store->update([&](OnboardingState &s) { s = next; });
    return {};
}

QString GateForm::acceptanceMissing() const
{
    return onramp::acceptanceMissing(m_store->state(), m_gate).toString();
}

QString GateForm::blockingMessage() const
{
    return onramp::blockingMessage(blockers()).toString();
}

void GateForm::markVisited()
{
    if (record().status != GateStatus::NotStarted || !entry().met)
        return;
    const QDateTime now = m_now();
    m_store->update([&](OnboardingState &s) {
        (void)setGateStatus(s, m_gate, GateStatus::InProgress, now);
    });
    m_target = GateStatus::InProgress;
}

QString GateForm::describe(const GateRecord &r)
{
    switch (r.status) {
    case GateStatus::NotStarted:
        return Tr::tr("Not started");
    case GateStatus::InProgress:
        if (!r.reopenedBecause.isEmpty())
            return Tr::tr("Back in progress since %1, after a change: %2")
                .arg(localTime(r.reopenedAt.isValid() ? r.reopenedAt : r.updatedAt),
                     r.reopenedBecause.toString());
        if (!r.heldBack.isEmpty())
            return Tr::tr("In progress: the provider accepted it on %1, but the gate cannot "
                          "pass yet. %2")
                .arg(localTime(r.updatedAt), r.heldBack.toString());
        return r.startedAt.isValid() ? Tr::tr("In progress since %1").arg(localTime(r.startedAt))
                                     : Tr::tr("In progress");
    case GateStatus::Waiting:
        return Tr::tr("Waiting for %1 since %2")
            .arg(r.waitingFor.toString(), localTime(r.waitingSince));
    case GateStatus::Passed:
        // The acceptor is a name or a description of its own ("The provider's quota
        // reviewer"): it stands after a label, never inside a sentence.
    {
        const QString passed =
            r.acceptedBy.isEmpty()
                ? Tr::tr("Passed")
                : Tr::tr("Passed on %1. Acceptor: %2. Evidence: %3")
                      .arg(localTime(r.acceptedAt), withoutFullStop(r.acceptedBy.toString()),
                           r.evidence.toString());
        return r.wentBack.isEmpty() ? passed : passed + u'\n' + r.wentBack.toString();
    }
    case GateStatus::Rejected:
        // The reason is often a sentence of its own: no second full stop after it.
        return Tr::tr("Rejected: %1. To change: %2")
            .arg(withoutFullStop(r.rejectionReason.toString()), r.whatToChange.toString());
    }
    return {};
}

} // namespace onramp
