#include "ResourcesSteps.h"

#include "Clock.h"
#include "GateLedger.h"
#include "ProbeEvents.h"
#include "ProviderCatalog.h"
#include "ProviderStates.h"
#include "Tr.h"

#include <QJsonArray>

namespace onramp {

void ResourcesSteps::createInstance(Done done)
{
    if (!begin(done))
        return;
    if (m_state.resources.choice.instance.isEmpty()) {
        finish(std::unexpected(localError(Tr::tr("Choose an instance type first."))));
        return;
    }
    // The wizard read the catalog on connecting: a fresh one of this provider is used as is
    // (a replay, a CLI run or a stale one reads it again, and checks the candidates against it).
    if (holdsFreshCatalog(m_state, provider().profile())) {
        progress(m_state.resources.catalog.describe());
        openCandidates();
        return;
    }
    progress(Tr::tr("Reading the provider's catalog…"));
    const quint64 asked = generation();
    readProviderCatalog(sharedProvider(), CallContext{context(), {}, {}},
                        [this, asked](const std::expected<ResourceCatalog, ProviderError> &answer) {
                            if (asked != generation())
                                return; // cancelled meanwhile
                            const ResourceCatalog &catalog =
                                adoptCatalog(m_state, provider().profile(), answer);
                            changed();
                            progress(catalog.describe());
                            openCandidates();
                        });
}

void ResourcesSteps::openCandidates()
{
    const ResourceChoice &c = m_state.resources.choice;
    const double hours = hoursPerRound();
    const QList<Candidate> candidates =
        orderCandidates(c, m_state.resources.catalog, m_state.workspace.pool.zone, hours);
    m_state.provider.attempts.clear();
    changed();
    // One quota read (about as long as any call) instead of a doomed create per candidate.
    progress(Tr::tr("Reading the workspace's remaining quota…"));
    call(
        {},
        [ws = m_state.workspace.workspaceName](Provider &p, const CallContext &cc,
                                                Provider::Answer a) {
            return p.readQuota(cc, ws, std::move(a));
        },
        [this, candidates, hours](const QJsonObject &answer) {
            const QuotaStanding quota{answer.value("remainingCardHours").toDouble(),
                                      m_state.workspace.pool.zone,
                                      m_state.workspace.pool.cardType};
            tryCandidate(candidates, quota, hours);
        },
        actingMember(Role::Admin));
}

double ResourcesSteps::hoursPerRound() const
{
    if (m_replaying && m_replaying->compute.timeLimitHours > 0)
        return m_replaying->compute.timeLimitHours;
    return m_state.quota.hoursPerRound > 0 ? m_state.quota.hoursPerRound : 1;
}

void ResourcesSteps::attempt(const Candidate &c, const QString &outcome, const QString &reason)
{
    m_state.provider.attempts << LaunchAttempt{c.instance, c.zone, outcome, reason};
    const LaunchAttempt &last = m_state.provider.attempts.last();
    progress(last.text(m_state.resources.catalog.instanceName(last.instance)));
    changed();
}

void ResourcesSteps::tryCandidate(QList<Candidate> rest, const QuotaStanding &quota, double hours)
{
    if (rest.isEmpty()) {
        m_recover = {};
        QStringList tried;
        for (const LaunchAttempt &a : m_state.provider.attempts)
            tried << a.text(m_state.resources.catalog.instanceName(a.instance));
        ProviderError e = localError(
            Tr::tr("No candidate could open (%n tried):", nullptr, int(tried.size())) + u'\n' +
            tried.join(u'\n'));
        e.field = QStringLiteral("$.compute.instanceType");
        finish(std::unexpected(e));
        return;
    }
    const Candidate c = rest.takeFirst();
    if (const QString skip = quotaSkip(c, m_state.resources.catalog, quota, hours);
        !skip.isEmpty()) {
        attempt(c, QStringLiteral("skipped"), skip);
        tryCandidate(rest, quota, hours);
        return;
    }
    progress(Tr::tr("Creating an instance of %1 in %2…")
                 .arg(m_state.resources.catalog.instanceName(c.instance), c.zone));
    // Stock, zone and quota refusals move on to the next candidate, with the provider's
    // reason; a permission refusal ends it (another place will not change who may create).
    m_recover = [this, c, rest, quota, hours](const ProviderError &e) {
        static const QMap<ProviderErrorCode, QString> moveOn = {
            {ProviderErrorCode::OutOfStock, QStringLiteral("out_of_stock")},
            {ProviderErrorCode::ZoneMismatch, QStringLiteral("zone_mismatch")},
            {ProviderErrorCode::QuotaExceeded, QStringLiteral("quota_exceeded")}};
        QString reason = e.details.isEmpty() ? e.message : e.details;
        // Out of stock where the quota is: no other zone will take this pool's instance, so
        // the reason says the way out (another pool on gate 2, or waiting).
        if (e.code == ProviderErrorCode::OutOfStock && c.zone == quota.zone)
            reason += QStringLiteral(". ") + outOfStockAdvice(quota.zone, e.availableIn);
        if (e.code == ProviderErrorCode::Forbidden)
            attempt(c, QStringLiteral("forbidden"), reason);
        if (!moveOn.contains(e.code))
            return false;
        attempt(c, moveOn.value(e.code), reason);
        tryCandidate(rest, quota, hours);
        return true;
    };
    const ResourceChoice &choice = m_state.resources.choice;
    call(
        QStringLiteral("instance.create/%1@%2").arg(c.instance, c.zone),
        [ws = m_state.workspace.workspaceName,
         instance = Provider::NewInstance{c.instance, c.zone, choice.image}](
            Provider &p, const CallContext &cc, Provider::Answer a) {
            return p.createInstance(cc, ws, instance, std::move(a));
        },
        [this, c](const QJsonObject &inst) {
            m_recover = {};
            m_state.provider.instanceId = inst.value("id").toString();
            m_state.provider.instanceState = inst.value("state").toString();
            m_state.provider.instanceImage = inst.value("image").toObject();
            m_state.provider.instanceType = c.instance;
            m_state.provider.instanceZone = c.zone;
            // Gate 3's grant is checked against it (checkInstanceInGrant).
            m_state.provider.instanceCreatedAt = clock::nowUtc();
            attempt(c, QStringLiteral("created"), m_state.provider.instanceId);
            finish({});
        },
        actingMember(Role::Admin));
}

void ResourcesSteps::verifyResources(Done done)
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
                m_state.provider.resourcesCheck = Tr::trLater("Instance %1 is %2, not running.")
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
            runJob(member, job, [this, id, member](const QJsonObject &finished) {
                const auto events = probeEvents(finished.value("log").toString());
                const bool readable = events.value("storage/data").value("readable").toBool();
                const bool written = events.value("artifact/output").value("written").toBool();
                ProviderLink &link = m_state.provider;
                link.resourcesCheckPassed =
                    jobStateOf(finished) == JobState::Succeeded && readable &&
                    written;
                link.resourcesCheck =
                    link.resourcesCheckPassed
                        ? Tr::trLater("Instance %1 is running; data readable (%2 files); output "
                                      "written (%3).")
                              .arg(id)
                              .arg(events.value("storage/data").value("files").toInt())
                              .arg(events.value("artifact/output").value("path").toString())
                        : Tr::trLater("Instance %1 check failed: job %2, data readable: %3, output "
                                      "written: %4.")
                              .arg(id, finished.value("state").toString(), yesNo(readable),
                                   yesNo(written));
                GateRecord &g = m_state.gate(GateId::Resources);
                const QDateTime now = clock::nowUtc();
                g.updatedAt = now;
                // Gate 4's acceptance is this check: it passes the gate as gate 3's grant and
                // gate 5's checks pass theirs (#17 walk: gate 4 alone was recorded by hand).
                if (link.resourcesCheckPassed) {
                    g.acceptedBy = checksAcceptor(GateId::Resources, member);
                    g.rejectionReason.clear();
                    g.whatToChange.clear();
                    (void)acceptFromProvider(m_state, GateId::Resources, link.resourcesCheck, now);
                }
                changed();
                finish({});
            });
        },
        member);
}

void ResourcesSteps::releaseInstance(Done done)
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
