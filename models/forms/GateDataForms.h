#pragma once

#include "Finding.h"
#include "QualificationGate.h"
#include "QuotaGate.h"
#include "WorkspaceGate.h"

#include <QObject>

#include <functional>

namespace onramp {

class StateStore;

// The form objects of gates 1–3: each reads and writes its gate's data in the store and
// exposes the findings the page shows. Pages bind widgets to these and hold no state.

class QualificationForm : public QObject
{
    Q_OBJECT
public:
    explicit QualificationForm(StateStore *store, QObject *parent = nullptr);
    const QualificationData &data() const;
    void update(const std::function<void(QualificationData &)> &change);
    Findings findings() const; // as of today
    std::expected<void, Error> exportPackage(const QString &basePath) const;
signals:
    void changed();

private:
    StateStore *m_store;
};

// A cell of gate 2's members table: the member (index in WorkspaceData::members) and the column.
struct MemberCell
{
    enum class Column
    {
        Name,
        Account,
        Role,
        Projects,
        Share
    };
    int member = -1;
    Column column = Column::Name;
    bool operator==(const MemberCell &) const = default;
};
// For each of `findings` (checkWorkspace's, in its order), the members table's cells it names:
// the member whose share, role or projects the rule is about; for a rule about the team as a
// whole ("nobody is an observer"), the roles that changed since the team lead's review to bring
// it about, else none. The table is tinted there, not as a whole (#17 walk: every row turned
// pink for one finding).
QList<QList<MemberCell>> memberCellsNamed(const WorkspaceData &w, const Findings &findings);

class WorkspaceForm : public QObject
{
    Q_OBJECT
public:
    explicit WorkspaceForm(StateStore *store, QObject *parent = nullptr);
    const WorkspaceData &data() const;
    void update(const std::function<void(WorkspaceData &)> &change);
    Findings findings() const;

    // The enforced order, through WorkspaceData's steps.
    std::expected<void, Error> create(const QString &name);
    std::expected<void, Error> attachQuota(const QuotaPool &pool);
    std::expected<void, Error> addMember(const Member &m);
    // Replaces nothing and imports nothing when any row is bad.
    std::expected<int, QList<CsvProblem>> importCsv(const QByteArray &csv);
    // Records the reviewed snapshot, the reviewer as the gate's acceptor and the review's line
    // in its evidence (GateLedger's recordRoleReview).
    std::expected<void, Error> markReviewed(const QString &reviewer);
    // The review's state in words, with what gate 2 still needs from it (shown before the
    // status recorder would refuse Passed).
    QString reviewStatus() const;
signals:
    void changed();

private:
    StateStore *m_store;
};

class QuotaForm : public QObject
{
    Q_OBJECT
public:
    explicit QuotaForm(StateStore *store, QObject *parent = nullptr);
    const QuotaGateData &data() const;
    void update(const std::function<void(QuotaGateData &)> &change);
    // Gate 1's purpose, gate 4's card estimate and gate 2's shares.
    QuotaContext context() const;
    QuotaPlan plan() const;
    Findings findings() const;
    // The user's edited justification, else the one generated from the numbers now
    // (quotaJustificationText).
    QString justification() const;
    // What the page's text box sets: the user's own text, or back to generated when it is the
    // generated text itself (or empty), so an unedited text keeps following the numbers.
    void setJustification(const QString &text);
    // "Regenerate from the numbers": back to the generated text. Nullopt while it may; else why
    // not (translated): the text is generated already and follows the numbers, or the plan is
    // not complete yet.
    std::optional<QString> regenerateBlocked() const;
    void regenerateJustification();
signals:
    void changed();

private:
    StateStore *m_store;
};

} // namespace onramp
