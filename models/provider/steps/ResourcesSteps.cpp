#include "ResourcesSteps.h"

#include "ProbeEvents.h"
#include "ProviderStates.h"
#include "Tr.h"

#include <QJsonArray>

namespace onramp {

void ResourcesSteps::createInstance(Done done)
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
        c.instance, c.instanceZone.isEmpty() ? m_state.workspace.pool.zone : c.instanceZone, c.image};
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
