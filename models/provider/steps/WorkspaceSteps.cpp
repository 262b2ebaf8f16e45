#include "WorkspaceSteps.h"

#include "Clock.h"
#include "GateLedger.h"
#include "IdempotencyKey.h"
#include "ProbeEvents.h"
#include "ProviderStates.h"
#include "Tr.h"

#include <QJsonArray>
#include <QSet>

namespace onramp {

MemberChanges memberChanges(const QList<Member> &table, const QMap<QString, QString> &held)
{
    MemberChanges c;
    QSet<QString> inTable;
    for (const Member &m : table) {
        inTable.insert(m.account);
        const auto it = held.find(m.account);
        if (it == held.end())
            c.add << m;
        else if (it.value() != roleKey(m.role))
            c.change << m;
    }
    for (auto it = held.begin(); it != held.end(); ++it)
        if (!inTable.contains(it.key()))
            c.remove << it.key();
    return c;
}

WorkspaceAtProvider workspaceAtProvider(const WorkspaceData &plan,
                                        const QMap<QString, QString> &heldRoles)
{
    if (plan.workspaceName.isEmpty())
        return WorkspaceAtProvider::NothingPlanned;
    if (!plan.created || !plan.quotaAttached)
        return WorkspaceAtProvider::ToSetUp;
    if (!memberChanges(plan.members, heldRoles).isEmpty())
        return WorkspaceAtProvider::MembersToSend;
    return WorkspaceAtProvider::AsPlanned;
}

int membersInPlace(const QList<Member> &table, const QMap<QString, QString> &held)
{
    int n = 0;
    for (const Member &m : table)
        n += held.value(m.account, QStringLiteral("-")) == roleKey(m.role);
    return n;
}

namespace {

// The checks ran under the members the provider had then; once that changes they prove
// nothing about the workspace as it is.
void forgetChecks(ProviderLink &link)
{
    link.developerCheckPassed = false;
    link.developerCheck.clear();
    link.observerCheckPassed = false;
    link.observerCheck.clear();
    link.workspaceChecksAt = {};
}

Provider::NewMember newMember(const Member &m)
{
    return {m.account, m.name, roleKey(m.role), m.projects};
}

} // namespace

void WorkspaceSteps::setUpWorkspace(Done done)
{
    if (!begin(done))
        return;
    const WorkspaceData &w = m_state.workspace;
    if (w.workspaceName.isEmpty()) {
        finish(std::unexpected(localError(Tr::tr("Name the workspace first."))));
        return;
    }
    // Each step runs only when the one before it is done, and is skipped when already done.
    auto step = std::make_shared<std::function<void()>>();
    *step = [this, step] {
        ProviderLink &link = m_state.provider;
        const WorkspaceData &w = m_state.workspace;
        if (!w.created) {
            progress(Tr::tr("Creating workspace %1…").arg(w.workspaceName));
            call(QStringLiteral("workspace.create"),
                 [name = w.workspaceName, permissions = permissionMatrixJson(w.matrix)](
                     Provider &p, const CallContext &c, Provider::Answer a) {
                     return p.createWorkspace(c, name, permissions, std::move(a));
                 },
                 [this, step](const QJsonObject &) {
                     m_state.workspace.created = true;
                     // A workspace just created has no members (a renamed one is new).
                     m_state.provider.memberRoles.clear();
                     changed();
                     (*step)();
                 });
            return;
        }
        if (!w.quotaAttached) {
            if (auto problem = poolProblem(w.pool)) {
                ProviderError e = localError(problem->message);
                e.field = QStringLiteral("$.") + problem->field;
                finish(std::unexpected(e));
                return;
            }
            progress(Tr::tr("Attaching the quota pool: %1…").arg(w.pool.text()));
            // The onboarding's card-hours come from gate 3's application. A replay's scratch
            // workspace has no gate 3: it is granted two rounds of its spec's time limit.
            double grant = 0;
            if (m_replaying)
                grant = std::ceil(m_replaying->compute.cardsPerNode * m_replaying->compute.nodes *
                                  m_replaying->compute.timeLimitHours * 2);
            call({},
                 [ws = w.workspaceName, pool = w.pool, grant](
                     Provider &p, const CallContext &c, Provider::Answer a) {
                     return p.attachQuota(c, ws, pool, grant, std::move(a));
                 },
                 [this, step](const QJsonObject &) {
                     m_state.workspace.quotaAttached = true;
                     changed();
                     (*step)();
                 });
            return;
        }
        // The members as the table has them: the missing added, the roles that differ changed,
        // those no longer in the table removed; one call at a time, each recorded as answered.
        const MemberChanges todo = memberChanges(w.members, link.memberRoles);
        if (!todo.add.isEmpty()) {
            const Member m = todo.add.first();
            progress(Tr::tr("Adding %1 as %2…").arg(m.account, roleLabel(m.role)));
            call(QStringLiteral("member.add/") + m.account,
                 [ws = w.workspaceName, member = newMember(m)](
                     Provider &p, const CallContext &c, Provider::Answer a) {
                     return p.addMember(c, ws, member, std::move(a));
                 },
                 [this, step, account = m.account, role = roleKey(m.role)](const QJsonObject &) {
                     m_state.provider.memberRoles.insert(account, role);
                     forgetChecks(m_state.provider);
                     changed();
                     (*step)();
                 });
            return;
        }
        if (!todo.change.isEmpty()) {
            const Member m = todo.change.first();
            const std::optional<Role> was = roleFromKey(link.memberRoles.value(m.account));
            progress(was ? Tr::tr("Changing %1 from %2 to %3…")
                               .arg(m.account, roleLabel(*was), roleLabel(m.role))
                         : Tr::tr("Setting %1's role to %2…").arg(m.account, roleLabel(m.role)));
            call(QStringLiteral("member.role/") + m.account,
                 [ws = w.workspaceName, member = newMember(m)](
                     Provider &p, const CallContext &c, Provider::Answer a) {
                     // Not a member there after all (removed by someone else): added next.
                     return p.changeMember(c, ws, member, [a = std::move(a)](const ProviderResult &r) {
                         if (!r && r.error().code == ProviderErrorCode::NotFound)
                             return a(QJsonObject{{"notMember", true}});
                         a(r);
                     });
                 },
                 [this, step, account = m.account, role = roleKey(m.role)](const QJsonObject &r) {
                     if (r.value("notMember").toBool())
                         m_state.provider.memberRoles.remove(account);
                     else
                         m_state.provider.memberRoles.insert(account, role);
                     forgetChecks(m_state.provider);
                     changed();
                     (*step)();
                 });
            return;
        }
        if (!todo.remove.isEmpty()) {
            const QString account = todo.remove.first();
            progress(Tr::tr("Removing %1 from the workspace…").arg(account));
            call(QStringLiteral("member.remove/") + account,
                 [ws = w.workspaceName, account](Provider &p, const CallContext &c,
                                                 Provider::Answer a) {
                     // Already gone (a retry after a lost answer): what was asked holds.
                     return p.removeMember(c, ws, account,
                                           [a = std::move(a), account](const ProviderResult &r) {
                                               if (!r && r.error().code == ProviderErrorCode::NotFound)
                                                   return a(QJsonObject{{"removed", account}});
                                               a(r);
                                           });
                 },
                 [this, step, account](const QJsonObject &) {
                     m_state.provider.memberRoles.remove(account);
                     forgetChecks(m_state.provider);
                     changed();
                     (*step)();
                 });
            return;
        }
        finish({});
    };
    (*step)();
}

void WorkspaceSteps::runWorkspaceChecks(Done done)
{
    if (!begin(done))
        return;
    ProviderLink &held = m_state.provider;
    // The checks try the roles the provider holds: while they differ from the table, what they
    // showed would be about the old roles (#17).
    const MemberChanges pending = memberChanges(m_state.workspace.members, held.memberRoles);
    if (!pending.isEmpty()) {
        forgetChecks(held);
        changed();
        QStringList who;
        for (const Member &m : pending.add + pending.change)
            who << m.account;
        who += pending.remove;
        finish(std::unexpected(localError(
            Tr::tr("The provider does not have the members as the table shows them yet (%1): "
                   "set the workspace up again first, so that the checks try the roles in the "
                   "table.")
                .arg(Tr::list(who)))));
        return;
    }
    const QString developer = actingMember(Role::Developer);
    const QString observer = actingMember(Role::Observer);
    if (developer.isEmpty() || observer.isEmpty()) {
        // Nobody to try a check with: neither holds any longer.
        forgetChecks(held);
        if (developer.isEmpty())
            held.developerCheck = Tr::trLater("Nobody in the workspace is a developer.");
        if (observer.isEmpty())
            held.observerCheck = Tr::trLater("Nobody in the workspace is an observer, so there "
                                             "is no submit to refuse.");
        changed();
        finish(std::unexpected(localError(
            Tr::tr("The checks need one developer and one observer in the workspace."))));
        return;
    }
    const QJsonObject job{{"name", "gate2-developer-check"},
                          {"topic", "onboarding"},
                          // Before gate 4 chose anything: the provider's smallest shape for checks.
                          {"shape", "check"},
                          {"launch", QJsonObject{{"mode", "builtin"},
                                                 {"entry", "environment"},
                                                 {"args", QJsonArray{"--steps", "50"}}}}};
    // The observer first: a refusal is the expected answer, anything else fails the check.
    progress(Tr::tr("Submitting a job as observer %1 (it must be refused)…").arg(observer));
    send(
        [ws = m_state.workspace.workspaceName, job](Provider &p, const CallContext &c,
                                                     Provider::Answer a) {
            return p.submitJob(c, ws, job, std::move(a));
        },
        observer, newIdempotencyKey(),
        [this, job, developer, observer](const ProviderResult &r) {
            ProviderLink &link = m_state.provider;
            if (!r && r.error().code == ProviderErrorCode::Forbidden) {
                link.observerCheckPassed = true;
                // In the user's words: the role and action the provider named, not its
                // English sentence ("role observer may not submit jobs in …").
                const std::optional<Role> role = roleFromKey(r.error().role);
                link.observerCheck =
                    role ? Tr::trLater("Refused as expected: the provider answered %1 “%2” may not "
                                       "“%3” (HTTP %4).")
                               .arg(roleText(*role), Text::literal(observer),
                                    actionText(Action::SubmitJobs))
                               .arg(r.error().httpStatus)
                         : Tr::trLater("Refused as expected: %1")
                               .arg(r.error().details.section(u':', 1).trimmed());
            } else if (!r) {
                finish(std::unexpected(r.error()));
                return;
            } else {
                link.observerCheckPassed = false;
                link.observerCheck = Tr::trLater("The provider accepted a job from observer %1: "
                                                 "the permission matrix lets observers submit.")
                                         .arg(observer);
                // Do not leave it running.
                provider().cancelJob(CallContext{context(), observer, {}},
                                     r->value("id").toString(), [](const ProviderResult &) {});
            }
            changed();
            progress(Tr::tr("Running a light job as developer %1…").arg(developer));
            runJob(developer, job, [this](const QJsonObject &finished) {
                ProviderLink &link = m_state.provider;
                const Text state = textOf<JobState>(finished.value("state").toString());
                const QJsonObject verdict =
                    probeEvents(finished.value("log").toString()).value("verdict/environment");
                link.developerCheckPassed =
                    jobStateOf(finished) == JobState::Succeeded && verdict.value("passed").toBool();
                link.developerCheck =
                    link.developerCheckPassed
                        ? Tr::trLater("Job %1 succeeded; its log ends: loss %2 → %3.")
                              .arg(finished.value("id").toString())
                              .arg(lossText(verdict.value("first_loss").toDouble()),
                                   lossText(verdict.value("last_loss").toDouble()))
                        : Tr::trLater("Job %1 ended %2: %3")
                              .arg(Text::literal(finished.value("id").toString()), state,
                                   Text::literal(finished.value("reason")
                                                     .toObject()
                                                     .value("message")
                                                     .toString()));
                recordWorkspaceChecks(m_state, clock::nowUtc());
                changed();
                finish({});
            });
        });
}

} // namespace onramp
