#include "ProviderActions.h"

#include "Clock.h"
#include "ProviderHub.h"
#include "ProviderPanel.h"
#include "widgets/FileChooser.h"
#include "GateCrossChecks.h"
#include "GateDefinition.h"
#include "GateLedger.h"
#include "ProviderStates.h"
#include "Tr.h"
#include "QuotaGate.h"
#include "ResourcesForm.h"
#include "StateStore.h"
#include "steps/WorkspaceSteps.h"

#include <QCoreApplication>
#include <QFileDialog>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>

namespace onramp {

namespace {

struct ProviderActions
{
    Q_DECLARE_TR_FUNCTIONS(ProviderActions)
};

QString when(const QDateTime &t)
{
    return readableTime(t);
}

ReviewState review(const RemoteReview &r)
{
    return fromKey<ReviewState>(r.state);
}

InstanceState instanceState(const OnboardingState &s)
{
    return fromKey<InstanceState>(s.provider.instanceState);
}

QString reviewText(const RemoteReview &r)
{
    switch (review(r)) {
    case ReviewState::NotSent:
        return ProviderActions::tr("Not sent yet.");
    case ReviewState::Approved:
        return ProviderActions::tr("Approved on %1.").arg(when(r.since));
    case ReviewState::NotRequired:
        return ProviderActions::tr("Not required by this provider: a Slurm cluster reviews no "
                                   "dossier.");
    case ReviewState::Rejected:
        return ProviderActions::tr("Rejected. The reviewer's reasons are on the gate card below.");
    case ReviewState::Returned:
        return ProviderActions::tr("Sent back to be split by calendar quarter.");
    case ReviewState::Pending:
    case ReviewState::Unknown:
        break;
    }
    return ProviderActions::tr("Waiting for review since %1. Onramp checks again on its own.")
        .arg(when(r.since));
}

QString check(bool passed, const QString &text)
{
    if (text.isEmpty())
        return ProviderActions::tr("not run yet");
    return (passed ? QStringLiteral("✔ ") : QStringLiteral("✘ ")) + text;
}

// After a gate's checks at the provider passed, what is left to pass the gate: the ledger's
// own reason (evidence from before a change), or the record its acceptor signs below. Empty
// while the gate is passed, or held by its entry condition or a finding (the page says those).
QString nextStepAfterChecks(const OnboardingState &s, GateId id)
{
    if (s.gate(id).status == GateStatus::Passed || !checkEntry(s, id).met ||
        !blockingMessage(gateFindings(s, id, clock::today())).isEmpty())
        return {};
    if (const QString missing = acceptanceMissing(s, id).toString(); !missing.isEmpty())
        return missing;
    return ProviderActions::tr("Next: record gate %1 passed below; its acceptor: %2.")
        .arg(gateNumber(id))
        .arg(gateDefinition(id).acceptorText());
}

constexpr int kReviewPollMs = 15000;

// Gate 1's blocking findings as its page shows them.
// What a gate's own rules still block: nothing is sent to a reviewer who would only return
// what the Findings list already says.
int blockers(const OnboardingState &s, GateId gate)
{
    int open = 0;
    for (const Finding &f : gateFindings(s, gate, clock::today()))
        open += f.isBlocking();
    return open;
}


// Asks before an action whose rule allows it but whose user should know what it means (a stale
// justification, an instance outside the granted period): without a nested event loop, Cancel
// the default; `go` runs the action, Cancel finishes it as cancelled.
void confirmThen(QWidget *parent, const QString &objectName, QMessageBox::Icon icon,
                 const QString &title, const QString &text, const QString &acceptLabel,
                 const QString &acceptName, std::function<void(ProviderSession::Done)> go,
                 ProviderSession::Done done)
{
    auto *box = new QMessageBox(icon, title, text, QMessageBox::Cancel, parent);
    box->setObjectName(objectName);
    box->setAttribute(Qt::WA_DeleteOnClose);
    QPushButton *accept = box->addButton(acceptLabel, QMessageBox::AcceptRole);
    if (!acceptName.isEmpty())
        accept->setObjectName(acceptName);
    box->setDefaultButton(QMessageBox::Cancel);
    box->setEscapeButton(QMessageBox::Cancel);
    QObject::connect(box, &QMessageBox::finished, parent,
                     [box, accept, go = std::move(go), done = std::move(done)](int) mutable {
                         if (box->clickedButton() == accept) {
                             go(std::move(done));
                             return;
                         }
                         ProviderError e;
                         e.cancelled = true;
                         e.message = ProviderActions::tr("Cancelled.");
                         done(std::unexpected(e));
                     });
    box->open();
}

} // namespace

QWidget *providerPanelFor(GateId gate, ProviderHub *hub, StateStore *store, QWidget *parent)
{
    using S = ProviderSession;
    using St = OnboardingState;
    ProviderPanel *panel = nullptr;
    switch (gate) {
    case GateId::Account:
        panel = new ProviderPanel(hub, store, parent);
        panel->addAction(
            QStringLiteral("providerSubmitDossier"),
            [] { return ProviderActions::tr("Submit the dossie&r"); },
            [](const St &s) {
                // A dossier with blocking findings is not sent: the reviewer would only return
                // what the Findings list already says.
                return review(s.provider.qualification) != ReviewState::Approved &&
                       blockers(s, GateId::Account) == 0;
            },
            [](S *s, S::Done d) { s->submitQualification(std::move(d)); });
        panel->addAction(
            QStringLiteral("providerCheckDossier"),
            [] { return ProviderActions::tr("&Query the review"); },
            [](const St &s) { return s.provider.qualification.sent(); },
            [](S *s, S::Done d) { s->refreshQualification(std::move(d)); });
        panel->setStatusText([](const St &s) {
            QString text =
                ProviderActions::tr("Training service: %1\nDossier review: %2")
                    .arg(s.provider.trainingActivated ? ProviderActions::tr("activated")
                         // Ticked above but not yet at the provider: the walk read "tick it
                         // above" under a ticked box.
                         : s.account.serviceActivated
                             ? ProviderActions::tr("ticked above; the provider confirms it when "
                                                   "the dossier is sent")
                             // The tick is what the dossier needs before it can be sent
                             // (walk 16: "sending also switches it on" beside a Submit held
                             // back by the same finding).
                             : ProviderActions::tr("not activated yet: switch it on in the "
                                                   "console, then tick “Training service "
                                                   "activated” above"),
                         reviewText(s.provider.qualification));
            if (const int open = blockers(s, GateId::Account);
                open > 0 && review(s.provider.qualification) != ReviewState::Approved)
                text += u'\n' + ProviderActions::tr("The dossier can be sent once the blocking "
                                                     "findings above are resolved (%n left).",
                                                     nullptr, open);
            return text;
        });
        panel->setAutoRefresh(
            [](const St &s) { return review(s.provider.qualification) == ReviewState::Pending; },
            [](S *s, S::Done d) { s->refreshQualification(std::move(d)); }, kReviewPollMs);
        break;
    case GateId::Workspace:
        panel = new ProviderPanel(hub, store, parent);
        panel->addAction(
            QStringLiteral("providerSetUpWorkspace"),
            [] { return ProviderActions::tr("Create, attach quota, a&dd members"); },
            // As gate 1's dossier: a plan the rules block is not sent (a share of -10 reached
            // the provider in a walk).
            [](const St &s) {
                return !s.workspace.workspaceName.isEmpty() &&
                       blockers(s, GateId::Workspace) == 0;
            },
            [](S *s, S::Done d) { s->setUpWorkspace(std::move(d)); });
        panel->addAction(
            QStringLiteral("providerWorkspaceChecks"),
            [] { return ProviderActions::tr("&Run the two acceptance checks"); },
            [](const St &s) {
                // Under the roles the table shows: a change not yet sent is set up first.
                return s.workspace.created && s.workspace.quotaAttached &&
                       memberChanges(s.workspace.members, s.provider.memberRoles).isEmpty();
            },
            [](S *s, S::Done d) { s->runWorkspaceChecks(std::move(d)); });
        panel->setStatusText([](const St &s) {
            const ProviderLink &l = s.provider;
            QString next;
            if (l.developerCheckPassed && l.observerCheckPassed)
                next = nextStepAfterChecks(s, GateId::Workspace);
            // Why the checks are off, and that their last results predate the table's changes
            // (a lead saw "Observer refused: ✔" after the observer became an admin).
            const WorkspaceAtProvider at = workspaceAtProvider(s.workspace, l.memberRoles);
            if (at == WorkspaceAtProvider::ToSetUp || at == WorkspaceAtProvider::MembersToSend)
                // "From before that" only when there are results to speak of (#17 walk: it
                // showed when nothing had run).
                next = l.developerCheck.isEmpty() && l.observerCheck.isEmpty()
                           ? ProviderActions::tr("The provider does not hold the workspace as "
                                                 "planned here yet: press “Create, attach quota, "
                                                 "add members”, then run the checks.")
                           : ProviderActions::tr("The provider does not hold the workspace as "
                                                 "planned here yet: press “Create, attach quota, "
                                                 "add members”, then run the checks. The results "
                                                 "shown here are from before that.");
            if (const int open = blockers(s, GateId::Workspace); open > 0)
                next += (next.isEmpty() ? QString() : QStringLiteral("\n")) +
                        ProviderActions::tr("The workspace can be set up at the provider once "
                                            "the blocking findings above are resolved (%n left).",
                                            nullptr, open);
            return ProviderActions::tr("Workspace: %1 · quota: %2 · members added: %3 of %4\n"
                                       "Developer's light job: %5\nObserver refused: %6")
                       .arg(s.workspace.created ? ProviderActions::tr("created")
                                                : ProviderActions::tr("not created"),
                            s.workspace.quotaAttached ? ProviderActions::tr("attached")
                                                      : ProviderActions::tr("not attached"))
                       .arg(membersInPlace(s.workspace.members, l.memberRoles))
                       .arg(s.workspace.members.size())
                       .arg(check(l.developerCheckPassed, l.developerCheck.toString()),
                            check(l.observerCheckPassed, l.observerCheck.toString())) +
                   (next.isEmpty() ? QString() : u'\n' + next);
        });
        break;
    case GateId::Quota:
        panel = new ProviderPanel(hub, store, parent);
        panel->addAction(
            QStringLiteral("providerApplyQuota"),
            [] { return ProviderActions::tr("Apply for quo&ta"); },
            // The model's one rule (#17 walk 18: off beside a status that named it, after the
            // plan outgrew its grant). As gate 1's dossier: an application the rules block
            // would come back refused, or approved and then held back by the same rule; a grant
            // for a pool since changed in gate 2 is asked again, for the new pool.
            [](const St &s) { return quotaApplyRule(s).allowed(); },
            [panel, store](S *s, S::Done d) {
                // The user's own justification that no longer states the derivation's numbers
                // is said before it is sent (walk 19: the re-application went out quoting the
                // old 288 card-hours). Asked without a nested event loop; Cancel is the default.
                const Text stale = quotaJustificationMismatch(store->state());
                if (stale.isEmpty()) {
                    s->applyQuota(std::move(d));
                    return;
                }
                confirmThen(panel, QStringLiteral("applyQuotaStaleJustification"),
                            QMessageBox::Warning, ProviderActions::tr("Send this justification?"),
                            ProviderActions::tr("%1\n\nThe provider reviews the application "
                                                "with the justification as it stands.")
                                .arg(stale.toString()),
                            ProviderActions::tr("&Send it as it is"),
                            QStringLiteral("applyQuotaSendAnyway"),
                            [s](S::Done done) { s->applyQuota(std::move(done)); }, std::move(d));
            });
        panel->addAction(
            QStringLiteral("providerCheckQuota"),
            [] { return ProviderActions::tr("&Query the review"); },
            [](const St &s) { return !s.provider.quotaApplication.id.isEmpty(); },
            [](S *s, S::Done d) { s->refreshQuota(std::move(d)); });
        panel->setStatusText([](const St &s) {
            const RemoteReview &r = s.provider.quotaApplication;
            QString text = ProviderActions::tr("Quota application: %1").arg(reviewText(r));
            if (const QuotaApplyRule apply = quotaApplyRule(s); apply.due && apply.blockers > 0)
                text += u'\n' + ProviderActions::tr("The application can be sent once the blocking "
                                                    "findings above are resolved (%n left).",
                                                    nullptr, apply.blockers);
            else if (apply.due && !quotaJustificationMismatch(s).isEmpty())
                text += u'\n' + ProviderActions::tr("Your justification no longer matches the "
                                                    "derivation (see the findings): “Apply for "
                                                    "quota” asks before it sends it.");
            if (review(r) == ReviewState::Approved) {
                // What was sent is the plan's first application (one round and its margin),
                // not the plan's total: "116 of the 1,844 asked" read as a cut.
                // What was asked is what was sent: the plan's first application may have grown
                // since (walk 18: "116 granted of the 131 asked", where 116 had been asked).
                const QuotaPlan plan = planQuota(s.quota, quotaContext(s));
                const QuotaApplication sent = quotaGranted(s);
                const double asked = sent.from.isValid() ? sent.cardHours : plan.first.cardHours;
                const auto hours = [](double h) { return QLocale().toString(h, 'f', 0); };
                text += u'\n' +
                        (plan.cardHours > asked
                             ? ProviderActions::tr("Granted %1 card-hours of the %2 asked in this "
                                                   "first application. The rest of the plan's "
                                                   "%3 card-hours is applied for after the "
                                                   "first run.")
                                   .arg(hours(r.grantedCardHours), hours(asked),
                                        hours(plan.cardHours))
                             : ProviderActions::tr("Granted %1 card-hours of the %2 asked in this "
                                                   "first application.")
                                   .arg(hours(r.grantedCardHours), hours(asked)));
                // Said where the period is set, before gate 4 opens anything (#17 walk 19: a
                // period typed to start in three days was granted without a word).
                if (grantTiming(clock::today(), sent) == GrantTiming::Before)
                    text += u'\n' +
                            ProviderActions::tr("The granted period starts on %1: gate 4's instance "
                                                "and the first run wait until then, or ask the "
                                                "provider to move it (change the dates above and "
                                                "apply again).")
                                .arg(sent.from.toString(Qt::ISODate));
            }
            return text;
        });
        panel->setAutoRefresh(
            [](const St &s) { return review(s.provider.quotaApplication) == ReviewState::Pending; },
            [](S *s, S::Done d) { s->refreshQuota(std::move(d)); }, kReviewPollMs);
        break;
    case GateId::Resources:
        panel = new ProviderPanel(hub, store, parent);
        panel->addAction(
            QStringLiteral("providerCreateInstance"),
            [] { return ProviderActions::tr("&Create the instance"); },
            // The model's one rule, which the status below words (#17 walk: enabled again on
            // a passed gate once the instance was released, with nothing saying why).
            [](const St &s) { return instanceCreation(s).allowed; },
            // Outside gate 3's granted period it asks first, saying when the period starts and
            // what to do (#17 walk 18: created three months early, warned only afterwards).
            [panel, store](S *s, S::Done d) {
                const QString outside = instanceCreation(store->state()).outsideGrant;
                if (outside.isEmpty()) {
                    s->createInstance(std::move(d));
                    return;
                }
                confirmThen(panel, QStringLiteral("createOutsideGrantConfirm"),
                            QMessageBox::Question,
                            ProviderActions::tr("Create the instance outside the granted period?"),
                            outside, ProviderActions::tr("C&reate it anyway"), QString(),
                            [s](S::Done done) { s->createInstance(std::move(done)); },
                            std::move(d));
            });
        panel->addAction(
            QStringLiteral("providerVerifyInstance"),
            [] { return ProviderActions::tr("&Run the acceptance check"); },
            [](const St &s) { return instanceState(s) == InstanceState::Running; },
            [](S *s, S::Done d) { s->verifyResources(std::move(d)); });
        panel->addAction(
            QStringLiteral("providerUploadDataset"),
            [] { return ProviderActions::tr("Upload a &small dataset…"); },
            [](const St &s) { return s.workspace.created; },
            [panel](S *s, S::Done d) {
                // Asked without a nested event loop; the upload starts when a folder is chosen.
                auto chosen = std::make_shared<bool>(false);
                QFileDialog *dialog = FileChooser::folder(
                    panel, ProviderActions::tr("The dataset's folder"),
                    [s, d, chosen](const QString &folder) {
                        *chosen = true;
                        s->uploadDataset(folder, d);
                    });
                QObject::connect(dialog, &QDialog::finished, panel, [d, chosen](int) {
                    if (*chosen)
                        return;
                    ProviderError e;
                    e.cancelled = true;
                    e.message = ProviderActions::tr("Cancelled.");
                    d(std::unexpected(e));
                });
            });
        panel->addAction(
            QStringLiteral("providerReleaseInstance"),
            [] { return ProviderActions::tr("Rele&ase the instance"); },
            [](const St &s) { return instanceState(s) == InstanceState::Running; },
            [](S *s, S::Done d) { s->releaseInstance(std::move(d)); });
        panel->setStatusText([](const St &s) {
            const ProviderLink &l = s.provider;
            QString next;
            if (l.resourcesCheckPassed && instanceState(s) == InstanceState::Running)
                next = nextStepAfterChecks(s, GateId::Resources);
            return ProviderActions::tr("Instance: %1\nAcceptance (up, data readable, output "
                                       "written): %2\nDataset: %3")
                       .arg(l.instanceId.isEmpty()
                                ? ProviderActions::tr("not created")
                                : Tr::aside(l.instanceId,
                                            labelOf<InstanceState>(l.instanceState)),
                            // The check's words ("… is running") are from before the release.
                            instanceState(s) == InstanceState::Released &&
                                    !l.resourcesCheck.isEmpty()
                                ? ProviderActions::tr(
                                      "%1 (checked while it ran; it is released now)")
                                      .arg(check(l.resourcesCheckPassed,
                                                 l.resourcesCheck.toString()))
                                : check(l.resourcesCheckPassed, l.resourcesCheck.toString()),
                            l.uploadFolder.isEmpty()
                                ? ProviderActions::tr(
                                      "none uploaded (the provider's sample data is there)")
                                : ProviderActions::tr("%n file(s) from %1", nullptr,
                                                      int(l.uploaded.size()))
                                          .arg(l.uploadFolder) +
                                      (l.uploadIds.isEmpty()
                                           ? QString()
                                           : ProviderActions::tr(" — %n unfinished, "
                                                                 "resumes on the next "
                                                                 "upload",
                                                                 nullptr,
                                                                 int(l.uploadIds.size())))) +
                   (next.isEmpty() ? QString() : u'\n' + next) +
                   (instanceCreation(s).again ? u'\n' + instanceCreation(s).note : QString()) +
                   (instanceCreation(s).outsideGrant.isEmpty()
                        ? QString()
                        : u'\n' + instanceCreation(s).outsideGrant);
        });
        break;
    case GateId::Environment:
        panel = new ProviderPanel(hub, store, parent);
        panel->addAction(
            QStringLiteral("providerRunReadiness"),
            [] { return ProviderActions::tr("&Run the four checks"); },
            [](const St &s) { return instanceState(s) == InstanceState::Running; },
            [](S *s, S::Done d) { s->runReadinessChecks(std::move(d)); });
        panel->setStatusText([](const St &s) {
            if (instanceState(s) != InstanceState::Running)
                return ProviderActions::tr("The checks run on gate 4's instance: create it there "
                                           "first.");
            return s.environment.ready()
                       ? ProviderActions::tr("Ready: all four checks passed on instance %1.")
                             .arg(s.provider.instanceId)
                       // No duration: nothing known says one (#17 walk: "about half a
                       // minute" on a sandbox where they take under five seconds).
                       : ProviderActions::tr("Instance %1 is running: press “Run the four "
                                             "checks” to run them on it.")
                             .arg(s.provider.instanceId);
        });
        break;
    case GateId::FirstRun:
        panel = new ProviderPanel(hub, store, parent);
        panel->addAction(
            QStringLiteral("providerStartFirstRun"),
            [] { return ProviderActions::tr("&Start the first run"); },
            [](const St &s) {
                return instanceState(s) == InstanceState::Running && s.environment.ready();
            },
            [](S *s, S::Done d) { s->runFirstRun(std::move(d)); });
        panel->addAction(
            QStringLiteral("providerWrapUp"),
            [] { return ProviderActions::tr("Wrap up: &archive and release"); },
            [](const St &s) { return s.firstRun.run.passed() && !s.firstRun.released; },
            [](S *s, S::Done d) { s->wrapUp(std::move(d)); });
        panel->setStatusText([](const St &s) {
            if (!s.environment.ready())
                return ProviderActions::tr("The first run starts once gate 5's four checks pass.");
            if (s.firstRun.released)
                return ProviderActions::tr("Wrapped up on %1.").arg(when(s.firstRun.wrappedUpAt));
            return ProviderActions::tr("First run: %1")
                .arg(check(s.firstRun.run.passed(), s.firstRun.run.evidence.toString()));
        });
        break;
    default:
        break;
    }
    return panel;
}

} // namespace onramp
