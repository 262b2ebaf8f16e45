#pragma once

#include "OnboardingState.h"
#include "Replay.h"
#include "RunSpec.h"

#include <QDialog>

#include <functional>

class QLabel;
class QLineEdit;
class QPushButton;
class QTemporaryDir;
class QTreeWidget;

namespace onramp {

class StateStore;

// "Open a handoff spec": what a colleague sees before rerunning alone. Every place the spec
// does not say enough is marked (specGaps); then the rerun — the same Replay model that
// `onramp replay` drives, in-process on a fresh sandbox — shows each item's verdict as it is
// decided, with its progress and a Cancel.
class HandoffDialog : public QDialog
{
    Q_OBJECT
public:
    explicit HandoffDialog(QWidget *parent = nullptr);
    ~HandoffDialog() override;

    // The one way the app opens a handoff spec — gate 6's "Open a handoff spec…", the welcome
    // page's, Ctrl+O anywhere (#17 walk, item 1: a colleague on a fresh install could not reach
    // gate 6's button) — asks for the file, then openFor().
    // `opened`, when given, gets the dialog.
    static void chooseAndOpen(QWidget *parent, StateStore *store,
                              std::function<void(HandoffDialog *)> opened = {});
    // Opens the dialog on `path` for the onboarding in `store`. A spec of this onboarding's
    // first run is replayed for its gate 6 (setOnboarding; a replay's record goes to
    // acceptFirstRunByReplay, whose answer acceptanceAnswered() carries); any other spec (a
    // colleague's fresh install, another team's onboarding) is replayed by itself and records
    // nothing here (setOutsideOnboarding, with replayedRunMismatch()'s reason).
    static HandoffDialog *openFor(QWidget *parent, StateStore *store, const QString &path);
    // The spec is not of the onboarding open in the app: said above the list, with who replays
    // left to the colleague; nothing is recorded for gate 6 (recordsForGateSix() is false).
    void setOutsideOnboarding(const QString &why);
    bool recordsForGateSix() const { return m_onboarding.has_value(); }

    // Reads and checks the spec; false (with the error shown) when it cannot be imported.
    bool open(const QString &path);
    void replay();
    void cancelReplay();
    bool isReplaying() const;
    QTreeWidget *items() const { return m_items; }
    QString verdict() const;
    // Which replay the list shows: who, when it started, practice or not, and how it ended; or
    // that none ran in this window yet (and the one gate 6 records, if any).
    QString listShows() const;
    // Who replays (a member of the replay's workspace): gate 6 takes a replay only from someone
    // who did not run the first run.
    void setMember(const QString &member);
    // The onboarding whose gate 6 this replay is for (unset: a spec opened outside it). A
    // replay by a member replayerRefusal() refuses — who took part in the first run, who is
    // not a member or may not submit jobs — cannot accept gate 6: the dialog says so, in the
    // rule's words, before anything runs and offers a practice run instead.
    void setOnboarding(const OnboardingState &state);
    // A replay that runs every step and shows every item but records nothing: no `replayed`.
    void practice();

signals:
    // 0 reproduced, 1 not reproduced, -1 could not run or cancelled.
    void replayFinished(int exitCode);
    // The replay's record (ReplayOutcome::toRecord) and the spec it replayed.
    void replayed(const QJsonObject &record, const onramp::RunSpec &spec);
    // openFor(): gate 6's acceptance of a replay recorded for it; empty `refused` when it
    // passed, else why not (acceptFirstRunByReplay's words).
    void acceptanceAnswered(const QString &refused);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    // `what` in words; `field` (the spec's field path) only in the tooltip and Qt::UserRole.
    // `technical`: the provider's own words, in the detail's tooltip only.
    void addItem(ReplayItem::Status status, const QString &what, const QString &detail,
                 const QString &field, const QString &technical = {});
    void start(bool practice);
    void finished(const ReplayOutcome &outcome);
    // True when replayerRefusal() refuses the member named (said in the verdict line).
    bool checkMember();
    void showWhatTheListShows();

    std::optional<RunSpec> m_spec;
    int m_gaps = 0; // places where the spec does not say enough (MISSING rows above the rerun's)
    QLabel *m_summary;
    QLabel *m_fingerprint; // its own line: copied whole, and it differs on every walk
    QTreeWidget *m_items;
    QLabel *m_progress;
    QLabel *m_verdict;
    QLineEdit *m_member;
    QPushButton *m_replay;
    QPushButton *m_cancel;
    QPushButton *m_practice;
    std::optional<OnboardingState> m_onboarding;
    QString m_outside; // why the spec is not the open onboarding's (setOutsideOnboarding)
    bool m_practising = false;
    // The replay the list shows (none until one starts in this window): who, when, how it ended.
    enum class Shown
    {
        Gaps,
        Running,
        Reproduced,
        NotReproduced,
        Stopped
    };
    Shown m_shown = Shown::Gaps;
    QString m_shownMember;
    QDateTime m_shownAt;
    QLabel *m_shows;
    bool m_relayoutPending = false; // rows measured again once the columns settle
    bool m_follow = false; // a running replay's newest row is scrolled to (the reader is there)
    Replay *m_running = nullptr;
    QTemporaryDir *m_sandboxDir = nullptr;
};

} // namespace onramp
