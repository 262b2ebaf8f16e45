#pragma once

#include "Error.h"
#include "Finding.h"
#include "GateDefinition.h"
#include "GateLedger.h"
#include "OnboardingState.h"

#include <QObject>

#include <expected>
#include <functional>
#include <optional>

namespace onramp {

class StateStore;

// The gate card's form: the acceptor-facing fields of one gate and the status the user wants
// to record. Typed text is committed to the store as it is typed (so it survives a restart);
// a status change is committed only when its required fields are filled.
//
// The form follows the record: when the gate's status changes by another way (a provider's
// acceptance check, another window), the status to record becomes the new one. A gate that
// was passed without blocking findings and then gets one from a later change goes back to
// "in progress", with the finding kept as the reason.
class GateForm : public QObject
{
    Q_OBJECT
public:
    enum class Field
    {
        WaitingFor,
        Evidence,
        AcceptedBy,
        RejectionReason,
        WhatToChange,
        Notes
    };

    GateForm(StateStore *store, GateId gate, QObject *parent = nullptr);

    GateId gate() const { return m_gate; }
    const GateRecord &record() const;
    EntryCheck entry() const;

    QString text(Field f) const;
    void setText(Field f, const QString &value);

    GateStatus targetStatus() const { return m_target; }
    void setTargetStatus(GateStatus s);
    // Fields the target status needs, and whether each is missing (empty message = fine).
    QList<Field> requiredFields() const;
    QString fieldIssue(Field f) const;
    bool canRecord() const;
    // What the gate's acceptance checks still lack (gates 5 and 6; GateLedger).
    QString acceptanceMissing() const;
    QString blockingMessage() const; // empty when no blocking finding is open
    std::expected<void, Error> recordStatus();

    // Opening a gate whose entry is met moves it from "not started" to "in progress".
    void markVisited();

    // A one-line, translated account of a record's status with its who and when.
    static QString describe(const GateRecord &r);
    // describe() for this gate as the state stands: a gate back in progress whose reason is
    // settled says what is left now (the status box).
    QString statusText() const;

    void setClock(std::function<QDateTime()> now) { m_now = std::move(now); }
    // Findings the page holds that are not saved (gate 4's dataset scan): they block Passed
    // beside the gate's own, which the ledger reads from the state.
    void setLocalFindings(std::function<Findings()> local) { m_local = std::move(local); }
    // Reopens a passed gate that had no blocking finding and has one now; true when it did.
    // Runs on every change of the store.
    bool reopenIfBlocked();

signals:
    void changed();

private:
    void storeChanged();

    StateStore *m_store;
    GateId m_gate;
    GateStatus m_target;
    GateStatus m_seenStatus; // the record's status when the form last looked
    // Whether the gate had no blocking finding when the form first saw it passed; unset while
    // it is not passed.
    std::optional<bool> m_cleanWhenPassed;
    // What this form's last reopening undoes to, while that reopening stands: the gate's data
    // when it stood passed and clean, the reason given, and the later gates it took back. A
    // change taken back (a typo in a share, cleared) passes them again (#17 walk: clearing
    // "-10" left five gates to record again by hand).
    // Nothing reached the provider meanwhile (its link as it was): a role change already set
    // up there has to be checked again, whatever the table says now.
    struct Reopening
    {
        QJsonObject passedData;
        Text reason;
        QJsonObject provider;
    };
    std::optional<Reopening> m_reopening;
    std::optional<QJsonObject> m_passedData; // the data while it stands passed and clean
    bool restoreIfTakenBack();
    // A provider's acceptance held back by a rule (heldBack) passes the gate once no rule holds
    // it: the walk saw gate 3 quote a fixed finding until "Check the review" was pressed.
    bool passIfNoLongerHeldBack();
    // A gate back in progress keeps its reason current, in one place (the two rules below never
    // both apply to one reason, so neither undoes the other):
    // - while this form's reopening stands, the whole reason reads as the change does now (walk
    //   18: "Member 4 joined", the new row's placeholder, after the name typed was Chen Jie);
    //   statusText() says what is left once that change's rule is settled;
    // - otherwise (reopened by another form, before a restart, or with an earlier gate), line
    //   one keeps what sent it back and line two says what it lacks now (#17 polish: the reason
    //   still said "Make one member an observer" after another member had become one).
    // True when it rewrote the reason.
    bool keepReopenedReasonCurrent();
    bool reopeningIsOurs() const;
    // Why the gate would go back on `state`: its first blocking finding or what its acceptance
    // lacks, with the change that caused it (reopeningReason); empty when nothing holds it.
    Text reasonFor(const OnboardingState &state) const;
    // reasonFor() without the evidence the change left stale: the rule of the change itself.
    Text reopeningRuleNow() const;
    std::function<QDateTime()> m_now;
    std::function<Findings()> m_local;
    Findings blockers() const;
};

} // namespace onramp
