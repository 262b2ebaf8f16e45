#include "ProviderSession.h"

#include "GateLedger.h"
#include "ProbeEvents.h"
#include "ProviderStates.h"
#include "QuotaGate.h"
#include "Tr.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QPointer>
#include <QTimer>

namespace onramp {

namespace {

QString reasonsText(const QJsonArray &reasons)
{
    QStringList lines;
    for (const QJsonValue &r : reasons) {
        const QJsonObject o = r.toObject();
        // The message says what to do; the field is the provider's internal name for it
        // ("verificationState") and means nothing to the person reading.
        const QString message = o.value("message").toString().trimmed();
        lines << (message.isEmpty() ? o.value("field").toString() : message);
    }
    return lines.join(u'\n');
}

} // namespace

ProviderSession::ProviderSession(std::shared_ptr<Provider> provider, OnboardingState &state,
                                 QObject *parent)
    : QObject(parent), m_provider(std::move(provider)), m_state(state)
{
}

bool ProviderSession::begin(Done &done)
{
    if (m_busy) {
        done(std::unexpected(localError(Tr::tr("Another provider operation is still running."))));
        return false;
    }
    m_busy = true;
    m_done = std::move(done);
    return true;
}

void ProviderSession::finish(const std::expected<void, ProviderError> &result)
{
    if (!m_busy)
        return;
    m_busy = false;
    m_inFlight = 0;
    m_recover = {};
    m_watch = {};
    m_check.clear();
    Done done = std::move(m_done);
    m_done = {};
    if (done)
        done(result);
}

void ProviderSession::cancel()
{
    if (!m_busy)
        return;
    ++m_generation;
    if (m_inFlight)
        m_provider->cancel(m_inFlight);
    ProviderError e;
    e.code = ProviderErrorCode::Network;
    e.message = Tr::tr("Cancelled.");
    e.details = QStringLiteral("cancelled by the user");
    e.cancelled = true;
    finish(std::unexpected(e));
}

void ProviderSession::changed()
{
    if (onStateChanged)
        onStateChanged();
}

void ProviderSession::progress(const QString &text)
{
    if (onProgress)
        onProgress(text);
}

ProviderError ProviderSession::localError(const QString &message) const
{
    ProviderError e;
    e.code = ProviderErrorCode::ValidationFailed;
    e.message = message;
    e.details = message;
    return e;
}

void ProviderSession::call(const QString &operation, const Operation &op, Then then,
                           const QString &member)
{
    QByteArray key;
    if (!operation.isEmpty()) {
        const bool fresh = !m_state.provider.pendingKeys.contains(operation);
        key = m_state.provider.keyFor(operation);
        if (fresh)
            changed(); // the key is saved before the request leaves
    }
    const quint64 generation = m_generation;
    m_inFlight = op(
        *m_provider, CallContext{this, member, key},
        [this, generation, operation, then = std::move(then)](const ProviderResult &r) {
            if (generation != m_generation)
                return;
            m_inFlight = 0;
            if (!r) {
                // A definitive refusal settles the key; a lost answer keeps it for the retry.
                if (!operation.isEmpty() && r.error().trouble() != TroubleKind::Transient) {
                    m_state.provider.settle(operation);
                    changed();
                }
                if (m_recover && m_recover(r.error()))
                    return;
                finish(std::unexpected(r.error()));
                return;
            }
            if (!operation.isEmpty()) {
                m_state.provider.settle(operation);
                changed();
            }
            then(*r);
        });
}

QString ProviderSession::actingMember(Role role) const
{
    for (const Member &m : m_state.workspace.members)
        if (m.role == role && !m.account.isEmpty())
            return m.account;
    return {};
}

// ---- Gate 1 ----------------------------------------------------------------------------------

void ProviderSession::applyQualification(const RemoteReview &review)
{
    m_state.provider.qualification = review;
    GateRecord &g = m_state.gate(GateId::Account);
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const ReviewState state = fromKey<ReviewState>(review.state);
    if (state == ReviewState::Approved) {
        g.evidence = Tr::tr("Dossier approved by the provider (review %1).").arg(review.id);
        g.acceptedBy = Tr::tr("The provider's qualification reviewer");
        g.rejectionReason.clear();
        g.whatToChange.clear();
        if (acceptFromProvider(m_state, GateId::Account, now) && review.since.isValid())
            g.acceptedAt = review.since;
    } else if (state == ReviewState::NotRequired) {
        // A cluster has accounts, not dossiers: nothing to review.
        g.evidence = Tr::tr("Not required by this provider: a Slurm cluster reviews no dossier; "
                            "access is a user in its accounting with a default account (%1).")
                         .arg(reasonsText(review.reasons));
        g.acceptedBy = Tr::tr("The cluster's accounting (slurmdbd)");
        g.rejectionReason.clear();
        g.whatToChange.clear();
        if (acceptFromProvider(m_state, GateId::Account, now) && review.since.isValid())
            g.acceptedAt = review.since;
    } else if (state == ReviewState::Rejected) {
        g.rejectionReason = reasonsText(review.reasons);
        g.whatToChange = Tr::tr("Change the fields named above, then submit the dossier again.");
        (void)setGateStatus(m_state, GateId::Account, GateStatus::Rejected, now);
    } else {
        g.waitingFor = Tr::tr("the provider's qualification review");
        (void)setGateStatus(m_state, GateId::Account, GateStatus::Waiting, now);
        if (review.since.isValid())
            g.waitingSince = review.since;
    }
    changed();
}

void ProviderSession::submitQualification(Done done)
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

void ProviderSession::refreshQualification(Done done)
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

// ---- Gate 2 ----------------------------------------------------------------------------------

void ProviderSession::setUpWorkspace(Done done)
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
                     changed();
                     (*step)();
                 });
            return;
        }
        if (!w.quotaAttached) {
            progress(Tr::tr("Attaching %1 card-hours of quota…").arg(w.quotaCardHours));
            call({},
                 [ws = w.workspaceName, hours = w.quotaCardHours, zone = m_state.quota.zone](
                     Provider &p, const CallContext &c, Provider::Answer a) {
                     return p.attachQuota(c, ws, hours, zone, std::move(a));
                 },
                 [this, step](const QJsonObject &) {
                     m_state.workspace.quotaAttached = true;
                     changed();
                     (*step)();
                 });
            return;
        }
        for (const Member &m : w.members) {
            if (link.membersAdded.contains(m.account))
                continue;
            progress(Tr::tr("Adding %1 as %2…").arg(m.account, roleLabel(m.role)));
            call(QStringLiteral("member.add/") + m.account,
                 [ws = w.workspaceName,
                  member = Provider::NewMember{m.account, m.name, roleKey(m.role), m.projects}](
                     Provider &p, const CallContext &c, Provider::Answer a) {
                     return p.addMember(c, ws, member, std::move(a));
                 },
                 [this, step, account = m.account](const QJsonObject &) {
                     m_state.provider.membersAdded << account;
                     changed();
                     (*step)();
                 });
            return;
        }
        finish({});
    };
    (*step)();
}

void ProviderSession::runWorkspaceChecks(Done done)
{
    if (!begin(done))
        return;
    const QString developer = actingMember(Role::Developer);
    const QString observer = actingMember(Role::Observer);
    if (developer.isEmpty() || observer.isEmpty()) {
        finish(std::unexpected(localError(
            Tr::tr("The checks need one developer and one observer in the workspace."))));
        return;
    }
    const QJsonObject job{{"name", "gate2-developer-check"},
                          {"topic", "onboarding"},
                          {"instanceType", m_state.resources.choice.instance},
                          {"launch", QJsonObject{{"mode", "builtin"},
                                                 {"entry", "environment"},
                                                 {"args", QJsonArray{"--steps", "50"}}}}};
    // The observer first: a refusal is the expected answer, anything else fails the check.
    progress(Tr::tr("Submitting a job as observer %1 (it must be refused)…").arg(observer));
    const quint64 generation = m_generation;
    m_inFlight = m_provider->submitJob(
        CallContext{this, observer, newIdempotencyKey()}, m_state.workspace.workspaceName, job,
        [this, generation, job, developer, observer](const ProviderResult &r) {
            if (generation != m_generation)
                return;
            ProviderLink &link = m_state.provider;
            if (!r && r.error().code == ProviderErrorCode::Forbidden) {
                link.observerCheckPassed = true;
                link.observerCheck = Tr::tr("Refused as expected: %1")
                                         .arg(r.error().details.section(u':', 1).trimmed());
            } else if (!r) {
                finish(std::unexpected(r.error()));
                return;
            } else {
                link.observerCheckPassed = false;
                link.observerCheck = Tr::tr("The provider accepted a job from observer %1: the "
                                            "permission matrix lets observers submit.")
                                         .arg(observer);
                // Do not leave it running.
                m_provider->cancelJob(CallContext{this, observer, {}}, r->value("id").toString(),
                                      [](const ProviderResult &) {});
            }
            changed();
            progress(Tr::tr("Running a light job as developer %1…").arg(developer));
            runJob(developer, job, [this](const QJsonObject &finished) {
                ProviderLink &link = m_state.provider;
                const QString state = labelOf<JobState>(finished.value("state").toString());
                const QJsonObject verdict =
                    probeEvents(finished.value("log").toString()).value("verdict/environment");
                link.developerCheckPassed =
                    jobStateOf(finished) == JobState::Succeeded && verdict.value("passed").toBool();
                link.developerCheck =
                    link.developerCheckPassed
                        ? Tr::tr("Job %1 succeeded; its log ends: loss %2 → %3.")
                              .arg(finished.value("id").toString())
                              .arg(verdict.value("first_loss").toDouble(), 0, 'f', 3)
                              .arg(verdict.value("last_loss").toDouble(), 0, 'f', 3)
                        : Tr::tr("Job %1 ended %2: %3")
                              .arg(finished.value("id").toString(), state,
                                   finished.value("reason").toObject().value("message").toString());
                GateRecord &g = m_state.gate(GateId::Workspace);
                g.updatedAt = QDateTime::currentDateTimeUtc();
                if (link.developerCheckPassed && link.observerCheckPassed)
                    g.evidence = link.developerCheck + u'\n' + link.observerCheck;
                changed();
                finish({});
            });
        });
}

// A job runs to its end; `whenDone` gets the final job with its whole log in "log".
void ProviderSession::runJob(const QString &member, const QJsonObject &job, Then whenDone)
{
    call(
        QStringLiteral("job.submit/") + job.value("name").toString(),
        [ws = m_state.workspace.workspaceName, job](Provider &p, const CallContext &c,
                                                     Provider::Answer a) {
            return p.submitJob(c, ws, job, std::move(a));
        },
        [this, member, whenDone](const QJsonObject &submitted) {
            pollJob(member, submitted.value("id").toString(), whenDone, 0);
        },
        member);
}

void ProviderSession::pollJob(const QString &member, const QString &id, Then whenDone, int ticks)
{
    call(
        {},
        [id](Provider &p, const CallContext &c, Provider::Answer a) {
            return p.readJob(c, id, std::move(a));
        },
        [this, member, id, whenDone, ticks](const QJsonObject &job) {
            const QString state = job.value("state").toString();
            if (jobStateOf(job) == JobState::Queued && ticks == 0)
                progress(Tr::tr("Queued: %1")
                             .arg(job.value("reason").toObject().value("message").toString()));
            const bool final = isFinalJobState(state);
            readNews(member, job, [=, this] {
                if (!final) {
                    const quint64 generation = m_generation;
                    QTimer::singleShot(m_pollMs, this, [=, this] {
                        if (generation == m_generation)
                            pollJob(member, id, whenDone, ticks + 1);
                    });
                    return;
                }
                m_logOffsets.remove(id);
                call(
                    {},
                    [id](Provider &p, const CallContext &c, Provider::Answer a) {
                        return p.readLog(c, id, 0, 1024 * 1024, std::move(a));
                    },
                    [job, whenDone](const QJsonObject &log) {
                        QJsonObject withLog = job;
                        withLog["log"] = log.value("text").toString();
                        whenDone(withLog);
                    },
                    member);
            });
        },
        member);
}

void ProviderSession::readNews(const QString &member, const QJsonObject &job,
                               std::function<void()> then)
{
    if (!onJobNews && !m_watch) {
        then();
        return;
    }
    const QString id = job.value("id").toString();
    if (jobStateOf(job) == JobState::Queued) {
        if (onJobNews)
            onJobNews({m_check, job, m_logOffsets.value(id), {}, m_logOffsets.value(id)});
        then();
        return;
    }
    const qint64 offset = m_logOffsets.value(id);
    call(
        {},
        [id, offset, window = m_logWindow](Provider &p, const CallContext &c, Provider::Answer a) {
            return p.readLog(c, id, offset, window, std::move(a));
        },
        [this, job, id, then](const QJsonObject &log) {
            const QByteArray bytes = log.value("text").toString().toUtf8();
            const qint64 at = log.value("offset").toInteger();
            const qint64 size = log.value("size").toInteger();
            qint64 next = log.value("nextOffset").toInteger();
            // Far behind a fast-growing log: the next read jumps to the last window.
            if (size - next > m_logWindow)
                next = size - m_logWindow;
            m_logOffsets[id] = next;
            if (m_watch)
                m_watch(job, bytes);
            if (onJobNews)
                onJobNews({m_check, job, at, bytes, size});
            then();
        },
        member);
}

// ---- Gate 3 ----------------------------------------------------------------------------------

void ProviderSession::applyQuotaReview(const RemoteReview &review)
{
    m_state.provider.quotaApplication = review;
    GateRecord &g = m_state.gate(GateId::Quota);
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const ReviewState state = fromKey<ReviewState>(review.state);
    if (state == ReviewState::Approved) {
        g.evidence = Tr::tr("Quota application %1 approved: %2 card-hours granted.")
                         .arg(review.id)
                         .arg(review.grantedCardHours, 0, 'f', 0);
        g.acceptedBy = Tr::tr("The provider's quota reviewer");
        if (acceptFromProvider(m_state, GateId::Quota, now) && review.since.isValid())
            g.acceptedAt = review.since;
    } else if (state == ReviewState::Rejected || state == ReviewState::Returned) {
        g.rejectionReason = reasonsText(review.reasons);
        g.whatToChange = state == ReviewState::Returned
                             ? Tr::tr("Split the period by calendar quarter and apply again.")
                             : Tr::tr("Change what the reasons name, then apply again.");
        (void)setGateStatus(m_state, GateId::Quota, GateStatus::Rejected, now);
    } else {
        g.waitingFor = Tr::tr("the provider's quota review");
        (void)setGateStatus(m_state, GateId::Quota, GateStatus::Waiting, now);
        if (review.since.isValid())
            g.waitingSince = review.since;
    }
    changed();
}

void ProviderSession::applyQuota(Done done)
{
    if (!begin(done))
        return;
    progress(Tr::tr("Submitting the quota application…"));
    // The guides: the first application is one round plus its margin, to prove the workflow;
    // the rest follow by calendar quarter.
    QuotaContext context;
    context.purpose = m_state.account.purposeKind;
    const QuotaPlan plan = planQuota(m_state.quota, context);
    QJsonObject body = m_state.quota.toJson();
    body["purpose"] = purposeKindKey(m_state.account.purposeKind);
    body["workspace"] = m_state.workspace.workspaceName;
    body["application"] = QJsonObject{{"label", plan.first.label},
                                      {"from", plan.first.from.toString(Qt::ISODate)},
                                      {"to", plan.first.to.toString(Qt::ISODate)},
                                      {"cardHours", plan.first.cardHours}};
    call(QStringLiteral("quota.apply"),
         [body](Provider &p, const CallContext &c, Provider::Answer a) {
             return p.applyForQuota(c, body, std::move(a));
         },
         [this](const QJsonObject &answer) {
             applyQuotaReview(RemoteReview::fromAnswer(answer));
             finish({});
         });
}

void ProviderSession::refreshQuota(Done done)
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

// ---- Gate 4 ----------------------------------------------------------------------------------

void ProviderSession::createInstance(Done done)
{
    if (!begin(done))
        return;
    const ResourceChoice &c = m_state.resources.choice;
    if (c.instance.isEmpty()) {
        finish(std::unexpected(localError(Tr::tr("Choose an instance type first."))));
        return;
    }
    progress(Tr::tr("Creating a %1 instance…").arg(c.instance));
    const Provider::NewInstance instance{
        c.instance, c.instanceZone.isEmpty() ? m_state.quota.zone : c.instanceZone, c.image};
    call(
        QStringLiteral("instance.create"),
        [ws = m_state.workspace.workspaceName, instance](Provider &p, const CallContext &cc,
                                                         Provider::Answer a) {
            return p.createInstance(cc, ws, instance, std::move(a));
        },
        [this](const QJsonObject &inst) {
            m_state.provider.instanceId = inst.value("id").toString();
            m_state.provider.instanceState = inst.value("state").toString();
            m_state.provider.instanceImage = inst.value("image").toObject();
            changed();
            finish({});
        },
        actingMember(Role::Admin));
}

void ProviderSession::verifyResources(Done done)
{
    if (!begin(done))
        return;
    const QString id = m_state.provider.instanceId;
    if (id.isEmpty()) {
        finish(std::unexpected(localError(Tr::tr("Create the instance first."))));
        return;
    }
    const QString member = actingMember(Role::Developer).isEmpty() ? actingMember(Role::Admin)
                                                                   : actingMember(Role::Developer);
    progress(Tr::tr("Checking that instance %1 is up…").arg(id));
    call(
        {},
        [id](Provider &p, const CallContext &c, Provider::Answer a) {
            return p.readInstance(c, id, std::move(a));
        },
        [this, id, member](const QJsonObject &inst) {
            m_state.provider.instanceState = inst.value("state").toString();
            changed();
            if (fromKey<InstanceState>(m_state.provider.instanceState) != InstanceState::Running) {
                m_state.provider.resourcesCheckPassed = false;
                m_state.provider.resourcesCheck = Tr::tr("Instance %1 is %2, not running.")
                                                      .arg(id, m_state.provider.instanceState);
                changed();
                finish({});
                return;
            }
            progress(Tr::tr("Reading the data and writing output on the instance…"));
            const QJsonObject job{{"name", "gate4-resources-check"},
                                  {"topic", "onboarding"},
                                  {"instanceId", id},
                                  {"launch", QJsonObject{{"mode", "builtin"},
                                                         {"entry", "environment"},
                                                         {"args", QJsonArray{"--steps", "20"}}}}};
            runJob(member, job, [this, id](const QJsonObject &finished) {
                const auto events = probeEvents(finished.value("log").toString());
                const bool readable = events.value("storage/data").value("readable").toBool();
                const bool written = events.value("artifact/output").value("written").toBool();
                ProviderLink &link = m_state.provider;
                link.resourcesCheckPassed =
                    jobStateOf(finished) == JobState::Succeeded && readable &&
                    written;
                link.resourcesCheck =
                    link.resourcesCheckPassed
                        ? Tr::tr("Instance %1 is running; data readable (%2 files); output "
                                 "written (%3).")
                              .arg(id)
                              .arg(events.value("storage/data").value("files").toInt())
                              .arg(events.value("artifact/output").value("path").toString())
                        : Tr::tr("Instance %1 check failed: job %2, data readable: %3, output "
                                 "written: %4.")
                              .arg(id, finished.value("state").toString(),
                                   readable ? Tr::tr("yes") : Tr::tr("no"),
                                   written ? Tr::tr("yes") : Tr::tr("no"));
                GateRecord &g = m_state.gate(GateId::Resources);
                g.updatedAt = QDateTime::currentDateTimeUtc();
                if (link.resourcesCheckPassed)
                    g.evidence = link.resourcesCheck;
                changed();
                finish({});
            });
        },
        member);
}

void ProviderSession::walkGatesOneToFour(Done done)
{
    using Op = void (ProviderSession::*)(Done);
    static constexpr Op kSteps[] = {
        &ProviderSession::submitQualification, &ProviderSession::setUpWorkspace,
        &ProviderSession::runWorkspaceChecks,  &ProviderSession::applyQuota,
        &ProviderSession::createInstance,      &ProviderSession::verifyResources};
    auto next = std::make_shared<std::function<void(size_t)>>();
    *next = [this, next, done = std::move(done)](size_t i) {
        if (i == std::size(kSteps)) {
            done({});
            return;
        }
        (this->*kSteps[i])([this, next, done, i](const std::expected<void, ProviderError> &r) {
            if (!r) {
                done(r);
                return;
            }
            // A review that says no ends the walk: the next gate would be refused anyway.
            for (GateId gate : {GateId::Account, GateId::Quota}) {
                const GateRecord &g = m_state.gate(gate);
                if (g.status == GateStatus::Rejected) {
                    ProviderError e = localError(g.rejectionReason + u'\n' + g.whatToChange);
                    e.details =
                        QStringLiteral("gate %1 rejected by the provider").arg(gateKey(gate));
                    done(std::unexpected(e));
                    return;
                }
            }
            (*next)(i + 1);
        });
    };
    (*next)(0);
}

void ProviderSession::releaseInstance(Done done)
{
    if (!begin(done))
        return;
    const QString id = m_state.provider.instanceId;
    if (id.isEmpty()) {
        finish({});
        return;
    }
    progress(Tr::tr("Releasing instance %1…").arg(id));
    call(
        {},
        [id](Provider &p, const CallContext &c, Provider::Answer a) {
            return p.releaseInstance(c, id, std::move(a));
        },
        [this](const QJsonObject &inst) {
            m_state.provider.instanceState = inst.value("state").toString();
            changed();
            finish({});
        },
        actingMember(Role::Admin));
}

} // namespace onramp
