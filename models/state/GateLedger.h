#pragma once

#include "Error.h"
#include "Finding.h"
#include "GateTypes.h"
#include "QuotaGate.h"
#include "WorkspaceGate.h"

#include <QDate>
#include <QDateTime>
#include <QJsonObject>
#include <QString>

namespace onramp {

struct GateRecord;
struct OnboardingState;

// The one writer of gate records. Every status change (a page's status recorder, a provider's
// review or check, the command line, a colleague's replay) goes through setGateStatus(), which
// checks it against the gate's entry condition, its blocking findings and its acceptance checks.
// The rules themselves live in models/gates, by the gate's name; this is where they are applied.

// Whether a gate may be entered, and if not, a translated reason naming the gates to finish.
struct EntryCheck
{
    bool met = true;
    Text reason;
};
EntryCheck checkEntry(const OnboardingState &state, GateId id);
// Whether gate `id` holds for the entry of the gates after it: passed, or gate 2 back in
// progress after a change to its team (members, roles, the team lead's review) while the
// provider still holds its workspace with the quota pool, which is what gate 3 enters on. Only
// the later gates whose entry no longer holds go back with a gate (#17 walk 18).
bool holdsForLaterGates(const OnboardingState &state, GateId id);
// What a change to gate 2's team does to the gates, said before it is made (#17 walk 18: adding
// the colleague gate 6 asked for took gates back with no warning); empty while gate 2 is not
// passed on a review.
Text teamChangeForecast(const OnboardingState &state);

// Gate 3's application was sent for a pool other than gate 2's pool now: its grant does not
// hold for the new one (a blocking finding of gate 3, and the application may be sent again).
bool quotaAppliedForAnotherPool(const OnboardingState &s);

// Gate 3's justification as its page shows it and an application sends it: the user's own text
// (QuotaGateData::justification), else generated from the derivation as it is now, in the
// language shown (quotaGeneratedJustification). Never a text frozen earlier: walk 19's sent
// justification, kept and shown while its grant stood, quoted 288 card-hours after gate 4 made
// the plan 1,306, in Chinese on the English page, and went out again with the re-application.
// Empty while the plan is incomplete.
QString quotaJustificationText(const OnboardingState &s);
// The justification generated from the derivation now, in the current language; empty while the
// plan is incomplete. "Regenerate from the numbers" goes back to it.
QString quotaGeneratedJustification(const OnboardingState &s);
// Why the user's own justification no longer matches the derivation: it does not state the
// derived card-hours or the first application's (as a number, however its digits are grouped).
// Gate 3's warning quota.justification_stale and "Apply for quota"'s question before sending.
// Empty for a generated justification, an incomplete plan, or one that states both.
Text quotaJustificationMismatch(const OnboardingState &s);
// The application the provider granted: its period and card-hours as sent; empty (an invalid
// period) while none is approved.
QuotaApplication quotaGranted(const OnboardingState &s);
// Why a granted gate 3 no longer stands on its grant: the derivation changed after it was
// granted and its first application now asks for more, or outside the granted period (walk 17:
// gate 4's "Use these cards and hours" rewrote an approved gate 3, which stayed passed). Empty
// while the grant covers it, and for states that did not keep what was sent.
Text grantOutgrown(const OnboardingState &s);
// Whether gate 3 may send an application now (its "Apply for quota"): `due` while no
// application stands approved for this plan and pool (none sent, refused, returned, waiting, one
// for another pool, or a grant the plan has outgrown: grantOutgrown names this button, #17 walk
// 18); `blockers`: gate 3's own blocking findings that a new application would not settle.
struct QuotaApplyRule
{
    bool due = false;
    int blockers = 0;
    bool allowed() const { return due && blockers == 0; }
};
QuotaApplyRule quotaApplyRule(const OnboardingState &s);
// Gate 4's instance (id Resources) or gate 6's first run (FirstRun) against the granted period
// (GateCrossChecks.h), as those gates' findings; gate 3's page shows them too.
Findings grantFindings(const OnboardingState &s, GateId id);
// The same rule as gate 4's grant finding, for an instance about to be created `today`: said
// before "Create the instance" acts (#17 walk 18). Empty inside the period or with no grant.
Findings instanceToCreateInGrant(const OnboardingState &s, const QDate &today);

// The findings of a gate's own data as of `today` (the same ones its page shows). Gate 5 has
// none of its own, gate 6 only the grant's (grantFindings): their acceptance checks decide.
Findings gateFindings(const OnboardingState &state, GateId id, const QDate &today);
// "This gate still has N blocking finding(s) …", or empty when none is blocking.
Text blockingMessage(const Findings &findings);

// What a gate's acceptance checks still lack before it may pass (translated), empty when
// nothing: gate 2 needs the team lead's review of the role matrix as it stands, gate 5 its four
// readiness checks green, gate 6 a colleague's replay.
Text acceptanceMissing(const OnboardingState &state, GateId id);
// Gate 2 is accepted by the team lead, on the role matrix: empty when the state holds a review
// (workspace.lastReview) and nothing diffSinceReview() compares has changed since.
Text roleReviewMissing(const OnboardingState &state);
// What changed in gate 2's team since the team lead's review, one clause per change, in words
// ("Zhao Lei's role changed from observer to admin"); empty when not reviewed or unchanged.
QList<Text> changesSinceReview(const WorkspaceData &w);
// Why a passed gate goes back after a change (GateForm::reopenIfBlocked): the change where the
// state can name it, then `rule`, the blocking finding or missing acceptance that holds now and
// says what to do (#17 walk: gate 2 went back on "Nobody in the team is an observer", never
// saying that the observer had been made an admin). For gate 2 the change is what differs from
// the team lead's review; otherwise, and when the rule already names it, `rule` as it is.
Text reopeningReason(const OnboardingState &state, GateId id, const Text &rule);
// A gate back in progress keeps why on its record (GateRecord::reopenedBecause): first what sent
// it back, then, on a line of its own, what it lacks now and what to do. The advice is
// recomputed as the state changes, so that it never quotes a rule the state satisfies now (#17
// polish: "Make one member an observer" stayed after another member became the observer).
// What sent `r` back: the first line of its reason, or for a gate that went back with an earlier
// one, that gate (without the advice of then).
Text reopeningCause(const GateRecord &r);
// `r`'s reason with `missingNow` (the first blocking finding or missing acceptance now, in
// reopeningReason's words) as its advice; the cause alone when nothing is missing or the cause
// says it already. A gate that went back with an earlier one keeps its reason.
Text withCurrentAdvice(const GateRecord &r, const Text &missingNow);
// `lines` followed by those lines of `more` it does not hold yet, one reason a line.
Text withLines(QList<Text> lines, const Text &more);
// Whether `r` is back in progress only because an earlier gate stopped being passed.
bool wentBackWithAnEarlierGate(const GateRecord &r);
// Gate 2's acceptance checks run in the workspace at the provider: why they cannot stand there
// (not created, its pool not attached, with what to do), empty when the provider holds it as
// planned or nothing is planned yet.
Text workspaceAtProviderMissing(const OnboardingState &state);
// Gate 6 is accepted by a colleague who took no part: empty when the state holds a replay that
// reproduced the first run, run by a member replayerRefusal() accepts, of the run spec the
// onboarding has now (replayedSpecChanged).
Text firstRunAcceptanceMissing(const OnboardingState &state);
// Whether a replay of the first run named `firstRun` (curveDigest() of a spec's loss curve:
// ReplayOutcome::firstRun) can be this onboarding's gate 6 at all: empty when it is this
// onboarding's first run; else why not (it has none yet, or another one), with what to do.
// Said before a replay runs (#17 walk, item 4: `onramp replay --state` of another onboarding
// ran to "Reproduced.", then "Gate 6: not accepted", exit 0) and applied at its acceptance.
Text replayedRunMismatch(const OnboardingState &state, const QString &firstRun);

// The run spec's fingerprint of a state, "sha256:…" (runSpecFromState(state).fingerprintId()).
// The spec wing, above this one, computes it and registers the function here (RunSpec.cpp, when
// a program links it: every program that makes or replays specs); empty while none is
// registered.
// With it, the run's: the spec without the gates' records (RunSpec::runFingerprintId), what a
// colleague's replay reproduces and gate 6's acceptance rests on.
struct SpecOfState
{
    QByteArray spec; // "sha256:…" of the whole spec
    QByteArray run;  // "sha256:…" of its run
    QJsonObject runJson;
};
using SpecReader = SpecOfState (*)(const OnboardingState &);
void registerSpecReader(SpecReader reader);
SpecOfState specOf(const OnboardingState &state);
QByteArray specFingerprintOf(const OnboardingState &state);
// Where two runs (RunSpec::runJson) differ, each "$.path: before → now", in the order of the
// spec's keys; at most `most`, then how many more.
Text runDifferences(const QJsonObject &before, const QJsonObject &now, int most = 3);
// Why gate 6's replay no longer accepts it: the replay was of another run spec than the one the
// onboarding has now, because something that goes into the spec (gate 4's instance type or
// batch, a path, …) changed after it was accepted (#17 walk 18: gate 6 stayed passed on the old
// replay). Names both fingerprints and what to do; empty when they match, when the replay's
// record names no spec (a record from before it was kept), or without a fingerprinter.
Text replayedSpecChanged(const OnboardingState &state);

// Who took part in the first run, as the state records it: the member whose job the first run
// was (firstRun.ranBy), the team lead who reviewed gate 2's roles (workspace.lastReview), and
// the member whose jobs ran gate 2's developer check and gate 5's readiness checks once they ran
// (the first developer, else admin, the same member the provider session submits them as).
// Each by account where the workspace knows the member, with what they did (translated).
struct FirstRunParticipant
{
    QString member;
    Text did;
};
QList<FirstRunParticipant> firstRunParticipants(const OnboardingState &state);
// The member the onboarding's check and run jobs are submitted as: the first developer with an
// account, else the first admin (SessionCore::jobMember); empty when neither.
QString checkJobMember(const WorkspaceData &workspace);
// Why `member`'s replay cannot accept gate 6 (translated, ending with who could replay), or
// empty when it can: a member of the workspace (by account or name) whose role may submit jobs
// under the permission matrix (the rule the provider applies: an observer's submit is refused)
// and who took no part in the first run. The one rule the handoff dialog, `onramp replay
// --state` and the gate's acceptance apply.
Text replayerRefusal(const OnboardingState &state, const QString &member);
// The accounts whose replay could accept gate 6, in the workspace's order.
QStringList possibleReplayers(const OnboardingState &state);
// "Who could replay: dan, wang.fang." or, when nobody could, what to do about it (translated).
Text whoCouldReplayLine(const OnboardingState &state);
// A replayer as the workspace names them, however they were typed (account or name): "dan (Dan
// Zhou)", the account alone when it has no name, else `who` as typed (trimmed). The one way
// gate 6's acceptor, its evidence and the handoff dialog name them (#17 walk 16: "Dan Zhou"
// typed once and "dan" the next time read as two people).
QString replayerName(const WorkspaceData &workspace, const QString &who);
// What a replay by `member` would do for gate 6, said before it runs (translated): that it
// would accept it when it reproduces the first run, or replayerRefusal()'s reason. When gate 6
// is already accepted, first by whom and when, and that a new replay takes that one's place.
Text replayForecast(const OnboardingState &state, const QString &member);
// When gate 6's accepting replay ran, from the replay's own record (its "at"): the one time the
// gate record, the evidence line, the summary and the overview give. Invalid when none.
QDateTime replayTimeOf(const QJsonObject &record);

// Why the record may not take `target` now (translated), or empty when it may. Passed needs the
// entry condition met, no blocking finding (those of `localFindings` too: a page's unsaved scan),
// the acceptance checks, the evidence and the acceptor; Waiting needs what it waits for;
// Rejected the reason.
Text statusRefusal(const OnboardingState &state, GateId id, GateStatus target, const QDate &today,
                   const Findings &localFindings = {});

// Records `target` on the gate, stamped `now`, after statusRefusal(); the record's text fields
// (evidence, acceptor, reason, …) are set by the caller first. Refused with the reason.
std::expected<void, Error> setGateStatus(OnboardingState &state, GateId id, GateStatus target,
                                         const QDateTime &now, const Findings &localFindings = {});

// A provider accepted the gate on `evidence` (an approved review, checks that passed), which
// becomes the record's: it passes when the rules allow, else it stays in progress with the
// reason in `heldBack`. True when it passed. The pass is dated `acceptedOn` (the review's own
// time; `now` when invalid) unless the gate was already passed on the same evidence: a re-check
// that finds what it found before (a Slurm cluster answers every read with the time of the read)
// does not move the pass date.
bool acceptFromProvider(OnboardingState &state, GateId id, const Text &evidence,
                        const QDateTime &now, const QDateTime &acceptedOn = {});
// The same, on the evidence the record holds now (a rule that held it back no longer does).
bool acceptFromProvider(OnboardingState &state, GateId id, const QDateTime &now);

// A passed gate that got a blocking finding from a later change goes back to "in progress",
// with the finding as the reason; its evidence is kept but marked as predating the change
// (staleEvidence), so fresh acceptance checks must pass it again. Every later gate that was
// passed and whose entry condition rests on it goes back to "in progress" too, with a reason
// that names this gate. Their own evidence still stands: once this gate passes again (however
// it does), they pass again by themselves, each while its rules allow. The same happens when a
// passed gate is recorded with another status (setGateStatus).
void reopenGate(OnboardingState &state, GateId id, const Text &reason, const QDateTime &now);
// Undoes reopenGate when the change that reopened `id` was taken back: the gate's data is again
// what it was when it passed (the caller compares), so its evidence stands and it is passed
// again, as are the later gates its reopening took back. Refused (false) unless `id` is still
// in progress with `reason` and its rules and acceptance checks allow Passed; when only the
// acceptance checks refuse (gate 2's workspace no longer at the provider), their reason
// replaces `reason` on the record: the change is taken back, that is why it stays back. A
// restored record keeps a trace of the excursion (GateRecord::wentBack).
bool restoreReopenedGate(OnboardingState &state, GateId id, const Text &reason,
                         const QDateTime &now);

// Gates 4 and 5 are accepted by the engineer who will launch the first run (their
// GateDefinition's acceptor): their acceptance checks run at the provider as that member's jobs,
// and the gate passes by itself when they hold, as gate 3 does on the provider's grant. The
// acceptor line names the role, the member and how they accepted.
Text checksAcceptor(GateId id, const QString &member);

// Records a replay (ReplayOutcome::toRecord) as gate 6's evidence and, when it reproduced the
// first run and came from someone else, passes the gate with that member as its acceptor.
// Refused with the reason otherwise; a failed replay is still kept as evidence.
std::expected<void, Error> acceptFirstRunByReplay(OnboardingState &state, const QJsonObject &record);
// A replay record's items counted apart (#17 walk 16: "36 of 36 items passed" beside three
// items not compared): "33 passed, 3 not compared", with those that failed; the words gate 6's
// evidence, the handoff dialog and `onramp replay` give. The counts are the record's
// (ReplayOutcome::toRecord); a record from before "notCompared" was kept counted those as passed
// and is said as it was.
Text replayTally(const QJsonObject &record);

// The team lead reviewed gate 2's role matrix as it stands (`reviewer`, trimmed, not empty):
// the snapshot becomes workspace.lastReview, the reviewer the gate's acceptor, and the review's
// line replaces the previous review's line in the evidence; the acceptance checks' lines stay.
void recordRoleReview(OnboardingState &state, const QString &reviewer, const QDateTime &now);
// Gate 2's two acceptance checks ran at the provider (ProviderLink's workspaceChecksAt becomes
// `now`); when both passed, their lines (developerCheck and observerCheck) become the evidence,
// followed by the review's line when there is a review, so neither writer loses the other's.
void recordWorkspaceChecks(OnboardingState &state, const QDateTime &now);

// Gate 3's context from the rest of the onboarding: the purpose, the members' shares, and gate
// 4's estimate once it has been touched.
QuotaContext quotaContext(const OnboardingState &state);

} // namespace onramp
