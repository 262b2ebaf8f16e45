#include "GateLedger.h"

#include "Clock.h"
#include "GateCrossChecks.h"
#include "GateDefinition.h"
#include "MemoryEstimator.h"
#include "OnboardingState.h"
#include "Tr.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace onramp {

namespace {

bool evidenceIsStandingGrant(const OnboardingState &state, GateId id);

// Whether `later`'s entry condition rests on `earlier`, directly or through the gates between.
bool restsOn(GateId later, GateId earlier)
{
    for (GateId required : gateDefinition(later).requiresPassed) {
        if (required == earlier || restsOn(required, earlier))
            return true;
    }
    return false;
}

// Why a later gate went back when `id` stopped being passed (and is `status` now).
Text cascadeReason(GateId id, GateStatus status)
{
    return Tr::trLater("gate %1 “%2” is no longer passed (it is %3 now), so this gate's entry "
                       "condition does not hold any more. Its own evidence still stands: it "
                       "passes again by itself once gate %1 passes again.")
        .arg(gateNumber(id))
        .arg(gateTitle(id), statusPhrase(status));
}

// Whether `r` went back only because `id` stopped being passed (cascadeReason, whatever `id`
// was then).
bool wentBackWith(const GateRecord &r, GateId id)
{
    for (GateStatus s : {GateStatus::NotStarted, GateStatus::InProgress, GateStatus::Waiting,
                         GateStatus::Rejected}) {
        if (r.reopenedBecause == cascadeReason(id, s))
            return true;
    }
    return false;
}

} // namespace

bool wentBackWithAnEarlierGate(const GateRecord &r)
{
    for (GateId id : kAllGates)
        if (wentBackWith(r, id))
            return true;
    return false;
}

Text reopeningCause(const GateRecord &r)
{
    for (GateId id : kAllGates)
        if (wentBackWith(r, id))
            return Tr::trLater("gate %1 “%2” was no longer passed.")
                .arg(gateNumber(id))
                .arg(gateTitle(id));
    const QList<Text> lines = r.reopenedBecause.lines();
    return lines.isEmpty() ? r.reopenedBecause : lines.first();
}

Text withLines(QList<Text> lines, const Text &more)
{
    for (const Text &line : more.lines())
        if (!lines.contains(line))
            lines << line;
    return lines.size() == 1 ? lines.first() : Text::joined(lines, QStringLiteral("\n"));
}

Text withCurrentAdvice(const GateRecord &r, const Text &missingNow)
{
    const QList<Text> lines = r.reopenedBecause.lines();
    if (lines.isEmpty() || wentBackWithAnEarlierGate(r))
        return r.reopenedBecause;
    const Text cause = lines.first();
    return withLines({cause}, missingNow);
}

namespace {

// `id` is no longer passed: every later passed gate whose entry rests on it loses its entry
// condition, so it goes back to "in progress" with a reason that names `id`. Their own evidence
// is not stale (nothing of theirs changed): passLaterGatesAgain passes them once `id` does.
void reopenLaterGates(OnboardingState &state, GateId id, const QDateTime &now)
{
    // Only those whose entry no longer holds (holdsForLaterGates): #17 walk 18, adding the
    // colleague gate 6 asked for took gates 3–6 back with gate 2, though none rests on the
    // member list. In order: a later gate that went back takes the ones after it back too.
    for (GateId later : kAllGates) {
        GateRecord &r = state.gate(later);
        if (r.status != GateStatus::Passed || !restsOn(later, id) || checkEntry(state, later).met)
            continue;
        r.status = GateStatus::InProgress;
        r.reopenedBecause = cascadeReason(id, state.gate(id).status);
        r.reopenedAt = now;
        r.heldBack.clear();
        r.updatedAt = now;
    }
}

// A record that was back in progress passes again: what happened is kept, so the excursion
// leaves a trace (a team lead sees the gate was not passed for a while, and why).
// The trace says what sent the gate back, never the advice of then: passed again, what was to
// be done is done (#17 polish: "Make one member an observer" stayed quoted after the roles
// satisfied it).
void notePassedAgain(GateRecord &r, const QDateTime &now)
{
    if (r.reopenedBecause.isEmpty())
        return;
    r.wentBack = Tr::trLater("It went back to in progress on %1 and passed again on %2. Why it "
                             "went back: %3")
                     .arg(Text::time(r.reopenedAt.isValid() ? r.reopenedAt : r.updatedAt),
                          Text::time(now), reopeningCause(r));
}

// `id` passed again: the later gates that went back only because it stopped being passed pass
// again on their own evidence, in order, each once its entry holds again and none of its own
// rules blocks it (its data may have changed while it was back in progress).
void passLaterGatesAgain(OnboardingState &state, GateId id, const QDateTime &now)
{
    for (GateId later : kAllGates) {
        GateRecord &l = state.gate(later);
        if (!restsOn(later, id) || l.status != GateStatus::InProgress || !wentBackWith(l, id) ||
            !checkEntry(state, later).met ||
            hasBlocking(gateFindings(state, later, now.toLocalTime().date())))
            continue;
        // Gate 6's replay must be of the run as it is now (walk 19: gate 6 passed again with
        // gate 3 on a replay of the run before gate 3's change): back for that reason then, no
        // longer the earlier gate's. (Other acceptances are not asked again here: a gate
        // recorded passed with its acceptance open stays as its acceptor left it, as
        // GateForm's reopening does.)
        if (const Text missing = later == GateId::FirstRun ? replayedSpecChanged(state) : Text();
            !missing.isEmpty()) {
            l.reopenedBecause = missing;
            l.updatedAt = now;
            continue;
        }
        notePassedAgain(l, now);
        l.status = GateStatus::Passed;
        l.reopenedBecause.clear();
        l.reopenedAt = {};
        l.updatedAt = now;
    }
}

// Reopens a passed gate. `staleEvidence`: the change reopened it, so its evidence predates the
// change; false when a provider's fresh acceptance is only held back by a rule.
void reopen(OnboardingState &state, GateId id, const Text &reason, const QDateTime &now,
            bool staleEvidence)
{
    GateRecord &r = state.gate(id);
    const bool wasPassed = r.status == GateStatus::Passed;
    if (evidenceIsStandingGrant(state, id)) {
        // The grant is held back by the change, not outdated by it: it passes the gate again
        // once nothing holds it (GateForm::passIfNoLongerHeldBack).
        staleEvidence = false;
        r.heldBack = reason;
    }
    r.status = GateStatus::InProgress;
    r.reopenedBecause = reason;
    r.reopenedAt = now;
    r.updatedAt = now;
    if (staleEvidence && wasPassed && !r.evidence.toString().trimmed().isEmpty())
        r.staleEvidence = r.evidence;
    if (wasPassed)
        reopenLaterGates(state, id, now);
}

// The review's line in gate 2's evidence.
// The review's line in gate 2's evidence: who reviewed the matrix, and when (#17 walk: the
// line named no reviewer).
Text reviewLine(const ReviewSnapshot &review)
{
    return Tr::trLater("Role matrix of %n member(s) reviewed by %1 on %2", nullptr,
                       int(review.members.size()))
        .arg(Text::literal(review.reviewer.trimmed()), Text::time(review.reviewedAt));
}

// The line as states saved before it named the reviewer have it: replaced like the new one.
Text legacyReviewLine(const ReviewSnapshot &review)
{
    return Tr::trLater("Role matrix of %n member(s) reviewed on %1", nullptr,
                       int(review.members.size()))
        .arg(Text::time(review.reviewedAt));
}

bool reviewed(const ReviewSnapshot &review)
{
    return review.reviewedAt.isValid() && !review.reviewer.trimmed().isEmpty();
}

} // namespace

bool holdsForLaterGates(const OnboardingState &state, GateId id)
{
    const GateRecord &r = state.gate(id);
    if (r.status == GateStatus::Passed)
        return true;
    // Gate 2 went back after a change (not recorded back by hand), and the provider still
    // holds the workspace with its quota pool: what gate 3's entry asks. Its team and the team
    // lead's review of it are gate 2's own (gate 3 reads the shares and the pool itself, gate
    // 6 its replayer).
    return id == GateId::Workspace && r.status == GateStatus::InProgress &&
           !r.reopenedBecause.isEmpty() && state.workspace.created &&
           state.workspace.quotaAttached && workspaceAtProviderMissing(state).isEmpty();
}

EntryCheck checkEntry(const OnboardingState &state, GateId id)
{
    QList<Text> missing;
    for (GateId required : gateDefinition(id).requiresPassed) {
        const GateRecord &r = state.gate(required);
        if (!holdsForLaterGates(state, required)) {
            missing << Tr::trLater("gate %1 “%2” is %3")
                           .arg(gateNumber(required))
                           .arg(gateTitle(required), statusPhrase(r.status));
        }
    }
    if (missing.isEmpty())
        return {};
    // A gate under way (a provider's acceptance held back, work already done) has started: what
    // it waits for is passing, not starting (#17 walk: the summary said gate 5, in progress,
    // "cannot start yet").
    const Text sentence =
        state.gate(id).status == GateStatus::NotStarted
            ? Tr::trLater("Gate %1 “%2” cannot start yet: %3. Get it accepted first.")
            : Tr::trLater("Gate %1 “%2” cannot pass while %3. Get that accepted first.");
    return {false, sentence.arg(gateNumber(id))
                       .arg(gateTitle(id), Tr::clauseListLater(missing))};
}

QuotaContext quotaContext(const OnboardingState &s)
{
    QuotaContext c;
    c.purpose = s.account.purposeKind;
    c.pool = s.workspace.pool;
    for (const Member &m : s.workspace.members) {
        if (m.sharePercent > 0)
            c.memberShares << m.sharePercent;
    }
    // Gate 4's estimate, once its setup has been touched and the card is known.
    if (s.gate(GateId::Resources).status != GateStatus::NotStarted) {
        if (auto card = findCard(s.workspace.pool.cardType.isEmpty() ? s.resources.cardKey
                                                                     : s.workspace.pool.cardType)) {
            const int n = MemoryEstimator::cardsNeeded(s.resources.choice.setup, *card);
            if (n > 0)
                c.estimatedCards = n;
            // What "Use these cards and hours" proposes: cards for throughput, not memory.
            if (const auto t = planRunThroughput(s.resources, *card, s.provider.instanceType))
                c.throughputCards = t->cards;
        }
        c.targetHours = s.resources.throughput.targetHours;
    }
    return c;
}

namespace {

// A sent application that still stands: waiting for its review, or approved.
bool quotaApplicationStands(const OnboardingState &s)
{
    const QString &state = s.provider.quotaApplication.state;
    return s.provider.quotaApplication.sent() && state != QLatin1String("rejected") &&
           state != QLatin1String("returned");
}

} // namespace

QString quotaJustificationText(const OnboardingState &s)
{
    if (!s.quota.justification.isEmpty())
        return s.quota.justification;
    return quotaGeneratedJustification(s);
}

QString quotaGeneratedJustification(const OnboardingState &s)
{
    if (!validateQuota(s.quota))
        return {};
    const QuotaContext context = quotaContext(s);
    return quotaJustification(s.quota, planQuota(s.quota, context), context);
}

namespace {

// The whole numbers a text states, however it groups their digits ("1,306", "1 306", "1306",
// "1.306"): what a reader of the justification takes for its figures.
QSet<qint64> numbersIn(const QString &text)
{
    static const QRegularExpression re(
        QStringLiteral("\\d{1,3}(?:[,.\\x{00a0}\\x{202f}\\x{2009} ]\\d{3})+(?!\\d)|\\d+"));
    QSet<qint64> out;
    for (auto it = re.globalMatch(text); it.hasNext();) {
        QString digits = it.next().captured(0);
        digits.remove(QRegularExpression(QStringLiteral("\\D")));
        bool ok = false;
        if (const qint64 v = digits.toLongLong(&ok); ok)
            out.insert(v);
    }
    return out;
}

} // namespace

Text quotaJustificationMismatch(const OnboardingState &s)
{
    // Only the user's own text: the generated one is written from the numbers as they are.
    if (s.quota.justification.isEmpty() || !validateQuota(s.quota))
        return {};
    const QuotaPlan plan = planQuota(s.quota, quotaContext(s));
    const QSet<qint64> stated = numbersIn(s.quota.justification);
    const qint64 total = std::llround(plan.cardHours);
    const qint64 first = std::llround(plan.first.cardHours);
    const bool totalStated = stated.contains(total);
    const bool firstStated = first == total || stated.contains(first);
    if (totalStated && firstStated)
        return {};
    const QString totalText = QLocale().toString(total), firstText = QLocale().toString(first);
    const Text missing =
        !totalStated && !firstStated
            ? Tr::trLater("it states neither the %1 card-hours derived nor the first "
                          "application's %2")
                  .arg(totalText, firstText)
        : !totalStated
            ? Tr::trLater("it does not state the %1 card-hours derived").arg(totalText)
            : Tr::trLater("it does not state the first application's %1 card-hours").arg(firstText);
    return Tr::trLater("Your justification no longer matches the derivation: %1. Onramp does not "
                       "rewrite text you edited: correct it, or press “Regenerate from the "
                       "numbers”.")
        .arg(missing);
}

QuotaApplication quotaGranted(const OnboardingState &s)
{
    if (s.provider.quotaApplication.state != QLatin1String("approved"))
        return {};
    if (s.provider.quotaSent.from.isValid())
        return s.provider.quotaSent;
    // A state saved before the application sent was kept: the first one the plan stages.
    if (!validateQuota(s.quota))
        return {};
    return planQuota(s.quota, quotaContext(s)).first;
}

Text grantOutgrown(const OnboardingState &s)
{
    // Older states kept no application sent: quotaGranted reads the plan's own first one
    // there, which the plan cannot outgrow.
    const QuotaApplication granted = quotaGranted(s);
    if (!granted.from.isValid() || !validateQuota(s.quota))
        return {};
    const QuotaApplication now = planQuota(s.quota, quotaContext(s)).first;
    // A smaller first application inside the granted period is still covered by the grant.
    if (now.cardHours <= granted.cardHours + 1e-6 && now.from >= granted.from &&
        now.to <= granted.to)
        return {};
    return Tr::trLater("The derivation changed after the quota was granted: the grant is %1 "
                       "card-hours from %2 to %3, and the first application now asks for %4 "
                       "card-hours from %5 to %6. Send the new application (“Apply for quota” "
                       "under “At the provider”), or put the numbers back.")
        .arg(qint64(std::llround(granted.cardHours)), granted.from.toString(Qt::ISODate),
             granted.to.toString(Qt::ISODate), qint64(std::llround(now.cardHours)),
             now.from.toString(Qt::ISODate), now.to.toString(Qt::ISODate));
}

QuotaApplyRule quotaApplyRule(const OnboardingState &s)
{
    QuotaApplyRule rule;
    const bool anotherPool = quotaAppliedForAnotherPool(s);
    rule.due = s.provider.quotaApplication.state != QLatin1String("approved") || anotherPool ||
               !grantOutgrown(s).isEmpty();
    for (const Finding &f : gateFindings(s, GateId::Quota, clock::today()))
        rule.blockers += f.isBlocking() && f.code != QLatin1String("quota.pool_changed");
    return rule;
}

namespace {

// The plan's applications after the granted first one, as the grant's findings name them.
QList<QuotaApplication> grantFollowUps(const OnboardingState &s)
{
    if (!validateQuota(s.quota))
        return {};
    return planQuota(s.quota, quotaContext(s)).followUps;
}

} // namespace

Findings grantFindings(const OnboardingState &s, GateId id)
{
    const QuotaApplication granted = quotaGranted(s);
    if (!granted.from.isValid())
        return {};
    if (id == GateId::Resources && s.provider.instanceCreatedAt.isValid())
        return checkInstanceInGrant(s.provider.instanceCreatedAt.toLocalTime().date(), granted,
                                    grantFollowUps(s));
    const CheckResult &run = s.firstRun.run;
    if (id == GateId::FirstRun && run.at.isValid() && !run.state.isEmpty()) {
        // `at` is when it ended; it started its duration before.
        const QDateTime started = run.at.addMSecs(-qint64(s.firstRun.seconds * 1000));
        return checkFirstRunInGrant(started.toLocalTime().date(), granted, grantFollowUps(s));
    }
    return {};
}

Findings instanceToCreateInGrant(const OnboardingState &s, const QDate &today)
{
    const QuotaApplication granted = quotaGranted(s);
    if (grantTiming(today, granted) == GrantTiming::Unknown)
        return {};
    return checkInstanceInGrant(today, granted, grantFollowUps(s), InstanceMoment::ToCreate);
}

bool quotaAppliedForAnotherPool(const OnboardingState &s)
{
    const QuotaPool askedFor = QuotaPool::fromJson(s.provider.quotaAppliedFor);
    return s.provider.quotaApplication.sent() && !askedFor.isEmpty() &&
           !(askedFor == s.workspace.pool);
}

namespace {

// Gate 3's evidence is the provider's grant, which stands whatever changes here: whether it
// still covers the plan is asked anew each time (grantOutgrown, the pool's finding). A change
// does not make it stale, and once the plan fits the grant again (the numbers put back) the
// gate passes on it again (#17 walk 18: after "Use these cards and hours", gate 3 asked to
// "run the acceptance checks again", which it has none of, and putting the numbers back did not
// release it).
bool evidenceIsStandingGrant(const OnboardingState &state, GateId id)
{
    return id == GateId::Quota && quotaGranted(state).from.isValid();
}

} // namespace

Findings gateFindings(const OnboardingState &s, GateId id, const QDate &today)
{
    switch (id) {
    case GateId::Account: {
        QualificationRules rules;
        rules.reviewLeadDays = s.account.reviewLeadDays;
        return checkQualification(s.account, today, rules);
    }
    case GateId::Workspace:
        return checkWorkspace(s.workspace);
    case GateId::Quota:
        if (const std::optional<Finding> incomplete = quotaIncomplete(s.quota))
            return {*incomplete};
    {
        Findings f = planQuota(s.quota, quotaContext(s)).findings;
        // A grant is for the pool it was asked for: one chosen in gate 2 afterwards has none.
        if (quotaAppliedForAnotherPool(s)) {
            const QuotaPool askedFor = QuotaPool::fromJson(s.provider.quotaAppliedFor);
            f.append({QStringLiteral("quota.pool_changed"), Finding::Severity::Blocking,
                      QStringLiteral("pool"),
                      Tr::trLater("The application was for %1; gate 2's pool is now %2. Apply "
                                  "again for the new pool: a grant is for the pool it was asked "
                                  "for.")
                          .arg(askedFor.textLater(), s.workspace.pool.textLater())});
        }
        // The user's own text, edited after an application was sent with another (#17 walk
        // 5): the provider reviews the one sent.
        if (quotaApplicationStands(s) && !s.provider.quotaSentJustification.isEmpty() &&
            !s.quota.justification.isEmpty() &&
            s.quota.justification != s.provider.quotaSentJustification)
            f.append({QStringLiteral("quota.justification_not_sent"),
                      Finding::Severity::Warning, QStringLiteral("justification"),
                      Tr::trLater("The justification differs from the one sent with the "
                                  "application: the provider reviews the one sent. This one goes "
                                  "with the next application.")});
        // The user's own text that no longer states the derivation's numbers (walk 19: the
        // numbers changed, the text kept the old ones and went to the reviewer so).
        if (const Text stale = quotaJustificationMismatch(s); !stale.isEmpty())
            f.append({QStringLiteral("quota.justification_stale"), Finding::Severity::Warning,
                      QStringLiteral("justification"), stale});
        return f;
    }
    case GateId::Resources: {
        ResourceChoice c = s.resources.choice;
        c.setup = effectiveSetup(s.resources);
        c.quotaZone = s.workspace.pool.zone; // quota is bound to gate 2's pool
        c.quotaCard = s.workspace.pool.cardType;
        Findings f;
        if (const std::optional<Finding> invalid = MemoryEstimator::invalidSetup(c.setup))
            f.append(*invalid);
        f += checkCardsAgainstPlan(runCards(s.resources, s.provider.instanceType),
                                   s.quota.cardsPerRun, s.resources.catalog);
        f += grantFindings(s, id);
        return f + checkResources(c, s.resources.catalog);
    }
    case GateId::Environment:
        return {};
    case GateId::FirstRun:
        return grantFindings(s, id);
    }
    return {};
}

Text blockingMessage(const Findings &findings)
{
    QList<Text> open;
    for (const Finding &f : findings) {
        if (f.isBlocking())
            open << f.message;
    }
    if (open.isEmpty())
        return {};
    // The finding's own sentence, kept as source text: it reads in the language shown (#17).
    return Tr::trLater("This gate still has %n blocking finding(s) to resolve first: %1", nullptr,
                       int(open.size()))
        .arg(open.first());
}

namespace {

// The workspace member `who` names, by account or name (trimmed); null when none.
const Member *workspaceMember(const WorkspaceData &w, const QString &who)
{
    const QString key = who.trimmed();
    if (key.isEmpty())
        return nullptr;
    for (const Member &m : w.members)
        if (m.account == key)
            return &m;
    for (const Member &m : w.members)
        if (m.name == key)
            return &m;
    return nullptr;
}

// One person however the state wrote them: the account when the workspace knows them.
QString memberKey(const WorkspaceData &w, const QString &who)
{
    const Member *m = workspaceMember(w, who);
    return m && !m->account.isEmpty() ? m->account : who.trimmed();
}

// "a, b" or, when nobody could, what to do about it.
Text whoCouldReplay(const OnboardingState &state)
{
    const QStringList could = possibleReplayers(state);
    if (could.isEmpty())
        return Tr::trLater("Nobody in the workspace could yet: on gate 2's page, add a member "
                           "who took no part, in a role that may submit jobs.");
    QList<Text> names;
    for (const QString &a : could)
        names << Text::literal(a);
    return Tr::trLater("Who could replay: %1.").arg(Tr::listLater(names));
}

} // namespace

QString checkJobMember(const WorkspaceData &workspace)
{
    for (Role role : {Role::Developer, Role::Admin})
        for (const Member &m : workspace.members)
            if (m.role == role && !m.account.isEmpty())
                return m.account;
    return {};
}

QList<FirstRunParticipant> firstRunParticipants(const OnboardingState &state)
{
    const WorkspaceData &w = state.workspace;
    QList<FirstRunParticipant> out;
    const auto add = [&](const QString &who, const Text &did) {
        const QString key = memberKey(w, who);
        if (key.isEmpty())
            return;
        for (FirstRunParticipant &p : out)
            if (p.member == key) {
                p.did = Tr::clauseListLater({p.did, did});
                return;
            }
        out.append({key, did});
    };
    add(state.firstRun.ranBy, Tr::trLater("ran the first run"));
    // A member who signed an earlier gate off took part too (#17 walk: gate 4's acceptor was
    // offered as the colleague who could replay). Acceptors that are no member (a provider's
    // reviewer, the checks themselves) name no one here.
    for (GateId id : kAllGates) {
        const GateRecord &r = state.gate(id);
        if (id != GateId::FirstRun && r.status == GateStatus::Passed &&
            workspaceMember(w, r.acceptedBy.toString()))
            add(r.acceptedBy.toString(), Tr::trLater("accepted gate %1").arg(gateNumber(id)));
    }
    if (w.lastReview.reviewedAt.isValid())
        add(w.lastReview.reviewer, Tr::trLater("reviewed gate 2's role matrix"));
    // The check jobs are not recorded with their member: they run as checkJobMember().
    const bool gate2Checked = state.provider.developerCheckPassed ||
                              !state.provider.developerCheck.isEmpty();
    const bool gate5Checked =
        std::any_of(state.environment.checks.begin(), state.environment.checks.end(),
                    [](const CheckResult &c) { return !c.state.isEmpty(); });
    if (gate2Checked || gate5Checked)
        add(checkJobMember(w), gate2Checked && gate5Checked
                                   ? Tr::trLater("ran gate 2's and gate 5's check jobs")
                               : gate2Checked ? Tr::trLater("ran gate 2's check jobs")
                                              : Tr::trLater("ran gate 5's check jobs"));
    return out;
}

QStringList possibleReplayers(const OnboardingState &state)
{
    const WorkspaceData &w = state.workspace;
    QStringList took;
    for (const FirstRunParticipant &p : firstRunParticipants(state))
        took << p.member;
    QStringList could;
    for (const Member &m : w.members) {
        const QString key = m.account.isEmpty() ? m.name : m.account;
        if (!key.isEmpty() && w.matrix.can(m.role, Action::SubmitJobs) && !took.contains(key))
            could << key;
    }
    return could;
}

Text replayerRefusal(const OnboardingState &state, const QString &member)
{
    const WorkspaceData &w = state.workspace;
    const QString who = member.trimmed();
    Text why;
    const Member *m = workspaceMember(w, who);
    if (who.isEmpty())
        why = Tr::trLater("The replay names no one: a colleague who took no part in the onboarding "
                          "replays it under their own account.");
    else if (!m)
        why = Tr::trLater("%1 is not a member of workspace %2: a replay accepts gate 6 only from "
                          "a member who may submit jobs there.")
                  .arg(Text::literal(who), Text::literal(w.workspaceName));
    // The provider's own rule (the sandbox's and gate 2's observer check): the matrix.
    else if (!w.matrix.can(m->role, Action::SubmitJobs))
        why = Tr::trLater("%1's role in workspace %2, %3, may not “%4”: their replay cannot run "
                          "there, so it cannot accept gate 6.")
                  .arg(Text::literal(who), Text::literal(w.workspaceName), roleText(m->role),
                       actionText(Action::SubmitJobs));
    else {
        const QString key = memberKey(w, who);
        for (const FirstRunParticipant &p : firstRunParticipants(state))
            if (p.member == key) {
                why = Tr::trLater("%1 took part in this onboarding (%2): a colleague who took no "
                                  "part replays it.")
                          .arg(Text::literal(who), p.did);
                break;
            }
    }
    if (why.isEmpty())
        return {};
    return Tr::sentencesLater({why, whoCouldReplay(state)});
}

Text whoCouldReplayLine(const OnboardingState &state)
{
    return whoCouldReplay(state);
}

QString replayerName(const WorkspaceData &workspace, const QString &who)
{
    const Member *m = workspaceMember(workspace, who);
    if (!m)
        return who.trimmed();
    if (m->account.isEmpty() || m->name.isEmpty() || m->name == m->account)
        return m->account.isEmpty() ? m->name : m->account;
    return QStringLiteral("%1 (%2)").arg(m->account, m->name);
}

Text replayForecast(const OnboardingState &state, const QString &member)
{
    QList<Text> parts;
    const GateRecord &g = state.gate(GateId::FirstRun);
    const QJsonObject &recorded = state.firstRun.replay;
    const QString who = member.trimmed();
    // A member who may not replay is told that alone: their replay never runs, so it takes
    // nobody's place (walk 17: "A replay as bob takes its place …" beside a disabled button).
    const Text refused = who.isEmpty() ? Text() : replayerRefusal(state, who);
    if (g.status == GateStatus::Passed && !recorded.isEmpty()) {
        const QDateTime at = g.acceptedAt.isValid() ? g.acceptedAt : replayTimeOf(recorded);
        parts << Tr::trLater("Gate 6 is already accepted: %1's replay of %2 reproduced the first "
                             "run.")
                     .arg(replayerName(state.workspace, recorded.value("member").toString()))
                     .arg(Text::time(at));
        if (who.isEmpty())
            parts << Tr::trLater("A new replay takes its place in gate 6's record, whatever it "
                                 "finds.");
        else if (refused.isEmpty())
            parts << Tr::trLater("A replay as %1 takes its place in gate 6's record, whatever "
                                 "it finds: gate 6 then rests on the new replay alone.")
                         .arg(replayerName(state.workspace, who));
    }
    if (who.isEmpty())
        parts << whoCouldReplay(state);
    else if (!refused.isEmpty())
        parts << refused;
    else
        parts << Tr::trLater("Gate 6: this replay would accept it if it reproduces the first "
                             "run: %1 took no part and may submit jobs.")
                     .arg(replayerName(state.workspace, who));
    return Tr::sentencesLater(parts);
}

QDateTime replayTimeOf(const QJsonObject &record)
{
    return QDateTime::fromString(record.value("at").toString(), Qt::ISODateWithMs);
}

namespace {
SpecReader g_specReader = nullptr;

Text jsonValueText(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        return Tr::trLater("not set");
    case QJsonValue::Bool:
        return Text::literal(v.toBool() ? QStringLiteral("true") : QStringLiteral("false"));
    case QJsonValue::Double:
        return Text::literal(QString::number(v.toDouble(), 'g', 12));
    case QJsonValue::String:
        return Text::literal(u'"' + v.toString() + u'"');
    default: {
        const QJsonDocument d = v.isArray() ? QJsonDocument(v.toArray()) : QJsonDocument(v.toObject());
        QString text = QString::fromUtf8(d.toJson(QJsonDocument::Compact));
        if (text.size() > 40)
            text = text.left(39) + u'…';
        return Text::literal(text);
    }
    }
}

void collectDifferences(const QJsonValue &before, const QJsonValue &now, const QString &path,
                        QList<Text> &out)
{
    if (before == now)
        return;
    if (before.isObject() && now.isObject()) {
        const QJsonObject a = before.toObject(), b = now.toObject();
        QStringList keys = a.keys() + b.keys();
        keys.sort();
        keys.removeDuplicates();
        for (const QString &key : std::as_const(keys))
            collectDifferences(a.value(key), b.value(key), path + u'.' + key, out);
        return;
    }
    out << Tr::trLater("%1: %2 → %3")
               .arg(Text::literal(path), jsonValueText(before), jsonValueText(now));
}
} // namespace

void registerSpecReader(SpecReader reader)
{
    g_specReader = reader;
}

SpecOfState specOf(const OnboardingState &state)
{
    return g_specReader ? g_specReader(state) : SpecOfState{};
}

QByteArray specFingerprintOf(const OnboardingState &state)
{
    return specOf(state).spec;
}

Text runDifferences(const QJsonObject &before, const QJsonObject &now, int most)
{
    QList<Text> all;
    collectDifferences(before, now, QStringLiteral("$"), all);
    if (all.size() <= most)
        return Tr::clauseListLater(all);
    QList<Text> shown = all.mid(0, most);
    shown << Tr::trLater("%n more", nullptr, int(all.size() - most));
    return Tr::clauseListLater(shown);
}

Text replayedSpecChanged(const OnboardingState &state)
{
    const QJsonObject &replay = state.firstRun.replay;
    const Text who = Text::literal(replayerName(state.workspace, replay.value("member").toString()));
    // A replay records the run it reproduced (the spec without the gates' records): only a
    // change of that run takes its acceptance away (walk 19: gate 2's checks run again, as gate
    // 6 asks when the colleague joins, gave the spec a new job id and no longer accepted it).
    if (const QString replayedRun = replay.value("run").toString(); !replayedRun.isEmpty()) {
        const SpecOfState now = specOf(state);
        if (now.run.isEmpty() || QString::fromLatin1(now.run) == replayedRun)
            return {};
        const QJsonObject before = replay.value("runSpec").toObject();
        return Tr::trLater("%1 replayed the run of spec %2, but the run in this onboarding's "
                           "spec has changed since (%3). Export the spec again and have a "
                           "colleague replay it, or put the change back.")
            .arg(who, Text::literal(replay.value("spec").toString().left(19)),
                 before.isEmpty() ? Text::literal(QString::fromLatin1(now.run.left(19)))
                                  : runDifferences(before, now.runJson));
    }
    // A replay recorded before runs were: the whole spec.
    const QString replayed = replay.value("spec").toString();
    if (replayed.isEmpty())
        return {};
    const QString now = QString::fromLatin1(specFingerprintOf(state));
    if (now.isEmpty() || now == replayed)
        return {};
    // "sha256:" and twelve hex digits, as the summary shows a spec.
    // Also what a replay of another spec file altogether is told (onramp replay --state).
    return Tr::trLater("%1 replayed run spec %2, but this onboarding's spec is now %3: something "
                       "that goes into it changed after it was exported, such as gate 4's "
                       "instance type or batch. Export the spec again and have a colleague "
                       "replay it, or put the change back.")
        .arg(who, Text::literal(replayed.left(19)), Text::literal(now.left(19)));
}

Text firstRunAcceptanceMissing(const OnboardingState &state)
{
    const FirstRunGateData &run = state.firstRun;
    if (!run.run.passed())
        return Tr::trLater("The first run has not passed its five points yet.");
    if (!run.released)
        return Tr::trLater("Wrap up the first run first: its artifacts recorded, the instance "
                           "released.");
    if (run.replay.isEmpty())
        return Tr::sentencesLater(
            {Tr::trLater("A colleague who took no part replays the first run from its spec "
                         "(“Open a handoff spec…” or onramp replay); their replay accepts this "
                         "gate."),
             whoCouldReplay(state)});
    const QString member = run.replay.value("member").toString();
    if (const Text refused = replayerRefusal(state, member); !refused.isEmpty())
        return refused;
    if (!replayedRunMismatch(state, run.replay.value("firstRun").toString()).isEmpty())
        return Tr::trLater("%1 replayed a spec of another first run (its loss curve differs from "
                           "this onboarding's): export this onboarding's spec and replay that.")
            .arg(member);
    if (const Text changed = replayedSpecChanged(state); !changed.isEmpty())
        return changed;
    if (!run.replay.value("reproduced").toBool()) {
        QList<Text> failed;
        for (const QString &field : run.replay.value("failed").toVariant().toStringList())
            failed << Text::literal(field);
        return Tr::trLater("%1's replay did not reproduce the first run; it differs at: %2.")
            .arg(Text::literal(member), Tr::listLater(failed));
    }
    return {};
}

Text replayedRunMismatch(const OnboardingState &state, const QString &firstRun)
{
    const FirstRunGateData &run = state.firstRun;
    if (run.curve.isEmpty())
        return Tr::trLater("This onboarding has no first run yet, so the spec is of another "
                           "onboarding's first run: a replay of it cannot accept this "
                           "onboarding's gate 6.");
    if (firstRun != curveDigest(run.curve))
        return Tr::trLater("The spec is of another first run than this onboarding's (its loss "
                           "curve differs from the one gate 6 recorded): a replay of it cannot "
                           "accept this onboarding's gate 6. Export this onboarding's spec "
                           "(gate 6, or onramp spec from-state) and replay that.");
    return {};
}

Text workspaceAtProviderMissing(const OnboardingState &state)
{
    const WorkspaceData &w = state.workspace;
    if (w.workspaceName.isEmpty() || (w.created && w.quotaAttached))
        return {};
    const Text what = !w.created
                          ? Tr::trLater("The provider has not created workspace %1")
                          : Tr::trLater("The provider holds workspace %1 without its quota pool");
    return Tr::trLater("%1, and gate 2's acceptance checks run in it at the provider. Under “At "
                       "the provider”, press “Create, attach quota, add members”, then run the "
                       "two acceptance checks again.")
        .arg(what.arg(Text::literal(w.workspaceName)));
}

QList<Text> changesSinceReview(const WorkspaceData &w)
{
    if (!reviewed(w.lastReview))
        return {};
    const ReviewDiff d = diffSinceReview(w);
    QList<Text> out;
    for (const auto &[before, after] : d.roleChanged)
        out << Tr::trLater("%1's role changed from %2 to %3")
                   .arg(Text::literal(after.name), roleText(before.role), roleText(after.role));
    for (const Member &m : d.added)
        out << Tr::trLater("%1 joined as %2").arg(Text::literal(m.name), roleText(m.role));
    for (const Member &m : d.removed)
        out << Tr::trLater("%1 (%2) left the team").arg(Text::literal(m.name), roleText(m.role));
    for (const auto &[before, after] : d.detailsChanged) {
        if (before.name != after.name)
            out << Tr::trLater("%1 was renamed %2")
                       .arg(Text::literal(before.name), Text::literal(after.name));
        if (before.account != after.account)
            out << Tr::trLater("%1's account changed from %2 to %3")
                       .arg(Text::literal(after.name), Text::literal(before.account),
                            Text::literal(after.account));
        if (before.sharePercent != after.sharePercent)
            out << Tr::trLater("%1's share changed from %2 % to %3 %")
                       .arg(Text::literal(after.name))
                       .arg(before.sharePercent)
                       .arg(after.sharePercent);
        if (before.projects != after.projects)
            out << Tr::trLater("%1's projects changed").arg(Text::literal(after.name));
    }
    for (const auto &[action, role, allowed] : d.permissionChanged)
        out << (allowed ? Tr::trLater("the %1 role may now “%2”")
                        : Tr::trLater("the %1 role may no longer “%2”"))
                   .arg(roleText(role), actionText(action));
    return out;
}

Text reopeningReason(const OnboardingState &state, GateId id, const Text &rule)
{
    if (id != GateId::Workspace || rule == roleReviewMissing(state))
        return rule;
    const QList<Text> changes = changesSinceReview(state.workspace);
    if (changes.isEmpty())
        return rule;
    const ReviewSnapshot &review = state.workspace.lastReview;
    // The change on a line of its own: the record keeps it as the cause, while the rule's line
    // is recomputed as the state changes (withCurrentAdvice).
    return Text::joined({Tr::trLater("Since %1 reviewed the roles on %2: %3.")
                             .arg(Text::literal(review.reviewer.trimmed()),
                                  Text::time(review.reviewedAt), Tr::clauseListLater(changes)),
                         rule},
                        QStringLiteral("\n"));
}

Text teamChangeForecast(const OnboardingState &state)
{
    if (state.gate(GateId::Workspace).status != GateStatus::Passed ||
        !reviewed(state.workspace.lastReview))
        return {};
    return Tr::trLater("Gate 2 is passed on %1's review of this team: adding, removing or "
                       "changing a member takes gate 2 back to in progress until the team lead "
                       "reviews it again (“Mark reviewed”). Gates 3–5 do not rest on the team and "
                       "keep their status; gate 6 checks its replayer against it.")
        .arg(Text::literal(state.workspace.lastReview.reviewer.trimmed()));
}

Text roleReviewMissing(const OnboardingState &state)
{
    const WorkspaceData &w = state.workspace;
    if (!reviewed(w.lastReview))
        return Tr::trLater("The team lead has not reviewed the role matrix yet: on gate 2's page, "
                           "under “Team lead's review”, the team lead checks the members, roles "
                           "and permissions, names themselves as the reviewer and presses “Mark "
                           "reviewed”.");
    const ReviewDiff d = diffSinceReview(w);
    if (d.isEmpty())
        return {};
    // The changes by name (#17 walk: the reason named a count, not what had changed).
    // The change and the instruction on lines of their own: a gate that went back keeps the
    // change as its cause once the review is done (walk 19: "… presses “Mark reviewed” again"
    // stayed on the status after the team lead had).
    return Text::joined(
        {Tr::trLater("Since %1 reviewed the role matrix on %2: %3.")
             .arg(Text::literal(w.lastReview.reviewer), Text::time(w.lastReview.reviewedAt),
                  Tr::clauseListLater(changesSinceReview(w))),
         Tr::trLater("The team lead reviews it as it stands (gate 2's page lists the changes "
                     "under “Team lead's review”) and presses “Mark reviewed” again.")},
        QStringLiteral("\n"));
}

Text acceptanceMissing(const OnboardingState &state, GateId id)
{
    // A change after acceptance reopened the gate: what it was accepted on no longer proves
    // anything about the gate as it is now.
    if (const GateRecord &r = state.gate(id);
        !r.staleEvidence.isEmpty() && !evidenceIsStandingGrant(state, id) &&
        r.evidence.toString().trimmed() == r.staleEvidence.toString().trimmed())
        return Tr::trLater("The evidence was written before the change that sent this gate back to "
                           "in progress: run the acceptance checks again and replace the evidence "
                           "with what they show now.");
    switch (id) {
    case GateId::Workspace:
        // Its acceptance checks ran in the workspace at the provider: a gate passed on them
        // cannot stand beside a provider that holds no such workspace (#17 walk: a restored
        // gate 2 passed beside "Workspace: not created").
        if (const Text missing = workspaceAtProviderMissing(state); !missing.isEmpty())
            return missing;
        // Gate 2's acceptor is the team lead, whose review of the roles is the sign-off.
        return roleReviewMissing(state);
    case GateId::Quota:
        return grantOutgrown(state);
    case GateId::Environment:
        if (!state.environment.ready())
            return Tr::trLater(
                "All four readiness checks must pass first (run them on this page).");
        return {};
    case GateId::FirstRun:
        // Gate 6's acceptor is a colleague's replay, never the operator's own say-so.
        return firstRunAcceptanceMissing(state);
    default:
        return {};
    }
}

Text statusRefusal(const OnboardingState &state, GateId id, GateStatus target, const QDate &today,
                   const Findings &localFindings)
{
    const GateRecord &r = state.gate(id);
    switch (target) {
    case GateStatus::Passed: {
        if (const EntryCheck e = checkEntry(state, id); !e.met)
            return e.reason;
        if (Text why = blockingMessage(gateFindings(state, id, today) + localFindings);
            !why.isEmpty())
            return why;
        if (Text why = acceptanceMissing(state, id); !why.isEmpty())
            return why;
        if (r.evidence.toString().trimmed().isEmpty())
            return Tr::trLater("Describe the evidence that the acceptance checks passed.");
        if (r.acceptedBy.toString().trimmed().isEmpty())
            return Tr::trLater("Name the acceptor who signed this gate off.");
        return {};
    }
    case GateStatus::Waiting:
        return r.waitingFor.toString().trimmed().isEmpty()
                   ? Tr::trLater("Say who or what the gate is waiting for, for example “provider "
                                 "review”.")
                   : Text();
    case GateStatus::Rejected:
        return r.rejectionReason.toString().trimmed().isEmpty()
                   ? Tr::trLater("Copy the reason the gate was rejected.")
                   : Text();
    case GateStatus::NotStarted:
    case GateStatus::InProgress:
        return {};
    }
    return {};
}

std::expected<void, Error> setGateStatus(OnboardingState &state, GateId id, GateStatus target,
                                         const QDateTime &now, const Findings &localFindings)
{
    if (const Text why = statusRefusal(state, id, target, now.date(), localFindings);
        !why.isEmpty())
        return std::unexpected(
            Error{Error::Kind::Invalid, why.toString(),
                  QStringLiteral("gate %1 → %2 refused").arg(gateKey(id), statusKey(target))});
    GateRecord &r = state.gate(id);
    if (target == GateStatus::Waiting && r.status != GateStatus::Waiting)
        r.waitingSince = now;
    if (target == GateStatus::Passed && (r.status != GateStatus::Passed || !r.acceptedAt.isValid()))
        r.acceptedAt = now;
    if (target != GateStatus::NotStarted && !r.startedAt.isValid())
        r.startedAt = now;
    if (target != GateStatus::Waiting)
        r.waitingFor.clear();
    const bool leavesPassed = r.status == GateStatus::Passed && target != GateStatus::Passed;
    const bool passesAgain = r.status != GateStatus::Passed && target == GateStatus::Passed;
    if (passesAgain)
        notePassedAgain(r, now);
    r.status = target;
    r.updatedAt = now;
    r.reopenedBecause.clear();
    r.reopenedAt = {};
    r.heldBack.clear();
    if (target == GateStatus::Passed)
        r.staleEvidence.clear();
    if (leavesPassed)
        reopenLaterGates(state, id, now);
    if (passesAgain)
        passLaterGatesAgain(state, id, now);
    return {};
}

bool acceptFromProvider(OnboardingState &state, GateId id, const Text &evidence,
                        const QDateTime &now, const QDateTime &acceptedOn)
{
    GateRecord &r = state.gate(id);
    // The evidence decides whether this is a new acceptance, never when it was read: the same
    // answer read again keeps the date it was first accepted on (#17: a Slurm re-check moved
    // gate 1's pass date).
    const bool sameAcceptance =
        r.status == GateStatus::Passed && r.acceptedAt.isValid() &&
        (r.evidence == evidence || r.evidence.toString() == evidence.toString());
    const QDateTime acceptedBefore = r.acceptedAt;
    r.evidence = evidence;
    // The refusal is kept as it reads in any language, not as setGateStatus's message.
    const Text why = statusRefusal(state, id, GateStatus::Passed, now.date());
    if (why.isEmpty() && setGateStatus(state, id, GateStatus::Passed, now)) {
        // New evidence is accepted when the provider accepted it (#17 walk: "Passed on November
        // 6" beside evidence of a job run on December 3).
        r.acceptedAt = sameAcceptance ? acceptedBefore : acceptedOn.isValid() ? acceptedOn : now;
        return true;
    }
    if (r.status == GateStatus::Passed) // was passed before; a later rule holds it now
        reopen(state, id, why, now, /*staleEvidence=*/false);
    else
        (void)setGateStatus(state, id, GateStatus::InProgress, now);
    r.heldBack = why;
    return false;
}

bool acceptFromProvider(OnboardingState &state, GateId id, const QDateTime &now)
{
    const Text evidence = state.gate(id).evidence;
    return acceptFromProvider(state, id, evidence, now);
}

bool restoreReopenedGate(OnboardingState &state, GateId id, const Text &reason,
                         const QDateTime &now)
{
    GateRecord &r = state.gate(id);
    if (r.status != GateStatus::InProgress || r.reopenedBecause != reason ||
        r.staleEvidence.isEmpty())
        return false;
    GateRecord back = r;
    notePassedAgain(back, now);
    back.status = GateStatus::Passed;
    back.evidence = r.staleEvidence;
    back.staleEvidence.clear();
    back.reopenedBecause.clear();
    back.reopenedAt = {};
    back.heldBack.clear();
    back.updatedAt = now;
    OnboardingState trial = state;
    trial.gate(id) = back;
    if (const Text missing = acceptanceMissing(trial, id); !missing.isEmpty()) {
        // The change is taken back, but the evidence does not stand for another reason (the
        // provider no longer holds what it rests on): that reason is why the gate is back now.
        // Still the reason it went back (gate 6's replay of a spec changed by another gate,
        // whose own data is as it was): nothing to record, so that no change follows.
        if (missing != r.reopenedBecause) {
            r.reopenedBecause = missing;
            r.updatedAt = now;
        }
        return false;
    }
    for (const Finding &f : gateFindings(trial, id, now.toLocalTime().date()))
        if (f.isBlocking())
            return false;
    r = back;
    passLaterGatesAgain(state, id, now);
    return true;
}

Text checksAcceptor(GateId id, const QString &member)
{
    return Tr::trLater("%1 (%2), whose jobs ran these acceptance checks")
        .arg(Text::source(gateDefinition(id).acceptorRole), Text::literal(member));
}

void reopenGate(OnboardingState &state, GateId id, const Text &reason, const QDateTime &now)
{
    reopen(state, id, reason, now, /*staleEvidence=*/true);
}

void recordRoleReview(OnboardingState &state, const QString &reviewer, const QDateTime &now)
{
    WorkspaceData &w = state.workspace;
    GateRecord &r = state.gate(GateId::Workspace);
    QList<Text> before;
    if (reviewed(w.lastReview))
        before = {reviewLine(w.lastReview), legacyReviewLine(w.lastReview)};
    w.lastReview = {w.members, w.matrix, reviewer.trimmed(), now};
    // The other lines (the acceptance checks', whatever the acceptor wrote) stay as they are.
    QList<Text> lines = r.evidence.lines();
    lines.removeIf([&](const Text &line) {
        return std::any_of(before.begin(), before.end(), [&](const Text &b) {
            return line == b || line.toString().trimmed() == b.toString();
        });
    });
    lines << reviewLine(w.lastReview);
    const Text evidence = Text::joined(lines, QStringLiteral("\n"));
    // A review is not the acceptance checks: evidence that predates the change that reopened
    // the gate still does, with the new review's line in it.
    if (!r.staleEvidence.isEmpty() &&
        r.evidence.toString().trimmed() == r.staleEvidence.toString().trimmed())
        r.staleEvidence = evidence;
    r.evidence = evidence;
    r.acceptedBy = Text::literal(reviewer.trimmed());
    r.updatedAt = now;
}

void recordWorkspaceChecks(OnboardingState &state, const QDateTime &now)
{
    const ProviderLink &link = state.provider;
    GateRecord &r = state.gate(GateId::Workspace);
    r.updatedAt = now;
    state.provider.workspaceChecksAt = now; // they ran for real, now
    if (!link.developerCheckPassed || !link.observerCheckPassed)
        return;
    QList<Text> lines{link.developerCheck, link.observerCheck};
    if (reviewed(state.workspace.lastReview))
        lines << reviewLine(state.workspace.lastReview);
    const Text evidence = Text::joined(lines, QStringLiteral("\n"));
    // A passed gate now rests on these checks: its date is theirs (#17 walk: "Passed on
    // November 6" beside the evidence of a job run on December 3).
    if (r.status == GateStatus::Passed && r.evidence != evidence)
        r.acceptedAt = now;
    r.evidence = evidence;
}

std::expected<void, Error> acceptFirstRunByReplay(OnboardingState &state, const QJsonObject &record)
{
    state.firstRun.replay = record;
    GateRecord &g = state.gate(GateId::FirstRun);
    // The replay's own time is the acceptance's: the record's "passed at", the evidence line,
    // the summary and the overview all give this one (#17 walk: after a second replay the
    // record kept the first one's time while the line gave the second's).
    const QDateTime at = replayTimeOf(record);
    const QDateTime now = at.isValid() ? at : clock::nowUtc();
    g.updatedAt = now;
    if (const Text missing = firstRunAcceptanceMissing(state); !missing.isEmpty())
        return std::unexpected(Error{Error::Kind::Invalid, missing.toString(), QString()});
    // As the workspace names them, typed by account or by name (#17 walk 16).
    const QString member = replayerName(state.workspace, record.value("member").toString());
    const GateRecord before = g;
    g.acceptedBy =
        Tr::trLater("%1, whose replay from the spec alone reproduced the first run").arg(member);
    g.evidence = Text::joined({state.firstRun.run.evidence,
                               Tr::trLater("Replayed by %1 on %2: %3 (spec %4).")
                                   .arg(member)
                                   .arg(Text::time(now))
                                   .arg(replayTally(record))
                                   .arg(record.value("spec").toString())},
                              QStringLiteral("\n"));
    if (const Text why = statusRefusal(state, GateId::FirstRun, GateStatus::Passed, now.date());
        !why.isEmpty()) {
        g = before; // the replay stays as evidence; the record is not signed off
        g.heldBack = why;
        return std::unexpected(Error{Error::Kind::Invalid, why.toString(), QString()});
    }
    (void)setGateStatus(state, GateId::FirstRun, GateStatus::Passed, now);
    g.acceptedAt = now; // a later replay accepts it again, at its own time
    return {};
}

// Gate 6's evidence as saved before the items not compared were counted apart: a state that
// holds it still reads it in its language.
[[maybe_unused]] constexpr const char *kEvidenceBeforeNotCompared =
    QT_TRANSLATE_NOOP("Onramp", "Replayed by %1 on %2: %3 of %4 items passed (spec %5).");

Text replayTally(const QJsonObject &record)
{
    const int items = record.value("items").toInt();
    const int passed = record.value("passed").toInt();
    if (!record.contains(QLatin1String("notCompared")))
        return Tr::trLater("%1 of %2 items passed").arg(passed).arg(items);
    const int notCompared = record.value("notCompared").toInt();
    const int differ = std::max(0, items - passed - notCompared);
    QList<Text> parts{Tr::trLater("%1 passed", "replay items").arg(passed)};
    if (differ > 0)
        parts << Tr::trLater("%1 failed", "replay items").arg(differ);
    if (notCompared > 0)
        parts << Tr::trLater("%1 not compared", "replay items").arg(notCompared);
    return Tr::listLater(parts);
}

} // namespace onramp
