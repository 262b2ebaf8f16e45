#include "GateDefinition.h"

#include "Tr.h"

namespace onramp {

namespace {

const std::array<GateDefinition, 6> &definitions()
{
    static const std::array<GateDefinition, 6> defs = {{
        {GateId::Account,
         QT_TRANSLATE_NOOP("Onramp", "Account & qualification"),
         QT_TRANSLATE_NOOP("Onramp", "You have an account with the provider and know who in your "
                                     "organization may sign for it."),
         QT_TRANSLATE_NOOP("Onramp",
                           "A real-name verified account of the right type (enterprise for a "
                           "team) with the training service switched on, and an approved "
                           "dossier: entity proof, purpose statement, data-compliance statement."),
         QT_TRANSLATE_NOOP("Onramp", "The provider's qualification reviewer"),
         {QT_TRANSLATE_NOOP("Onramp", "After signing in, the training service entry is visible."),
          QT_TRANSLATE_NOOP("Onramp", "The resource application page opens.")},
         {}},
        {GateId::Workspace,
         QT_TRANSLATE_NOOP("Onramp", "Workspace & roles"),
         QT_TRANSLATE_NOOP("Onramp", "Gate 1 passed: the account may use the training service."),
         QT_TRANSLATE_NOOP("Onramp",
                           "A workspace, created first, with quota attached second and members "
                           "added third, each holding one role: admin, developer or observer."),
         QT_TRANSLATE_NOOP("Onramp", "The team lead"),
         {QT_TRANSLATE_NOOP("Onramp", "A developer submits a light job and sees its log."),
          QT_TRANSLATE_NOOP("Onramp",
                            "An observer who tries to submit is refused with a clear message.")},
         {GateId::Account}},
        {GateId::Quota,
         QT_TRANSLATE_NOOP("Onramp", "Quota"),
         QT_TRANSLATE_NOOP("Onramp", "Gate 2 passed: there is a workspace to attach quota to."),
         QT_TRANSLATE_NOOP("Onramp",
                           "Granted card-hours for a period, applied for with a derivation "
                           "(cards per run × hours per round × rounds, plus a retry margin) and "
                           "a time distribution."),
         QT_TRANSLATE_NOOP("Onramp", "The provider's quota reviewer"),
         {QT_TRANSLATE_NOOP("Onramp", "The quota shown in the workspace equals the application."),
          QT_TRANSLATE_NOOP("Onramp", "An instance of the applied type can be opened.")},
         {GateId::Workspace}},
        {GateId::Resources,
         QT_TRANSLATE_NOOP("Onramp", "Resources"),
         QT_TRANSLATE_NOOP("Onramp", "Gate 3 passed: quota is granted in a known region and zone."),
         QT_TRANSLATE_NOOP("Onramp",
                           "An instance type and image chosen together from the memory estimate, "
                           "with data mounted read-only, outputs writable and scratch on local "
                           "disk."),
         QT_TRANSLATE_NOOP("Onramp", "The engineer who will launch the first run"),
         {QT_TRANSLATE_NOOP("Onramp", "The instance starts."),
          QT_TRANSLATE_NOOP("Onramp", "The data directory is readable from inside it."),
          QT_TRANSLATE_NOOP("Onramp", "A light computation writes its output.")},
         {GateId::Quota}},
        {GateId::Environment,
         QT_TRANSLATE_NOOP("Onramp", "Environment readiness"),
         QT_TRANSLATE_NOOP("Onramp",
                           "Gate 4 passed: an instance is running with its storage in place."),
         QT_TRANSLATE_NOOP("Onramp",
                           "Evidence that the environment is ready, which is stricter than "
                           "\"the instance is running\": all four readiness checks pass."),
         QT_TRANSLATE_NOOP("Onramp", "The engineer who will launch the first run"),
         {QT_TRANSLATE_NOOP("Onramp",
                            "Framework, driver and accelerator library agree: a light training "
                            "loop runs in the clean image."),
          QT_TRANSLATE_NOOP("Onramp", "Data reads fast enough: the read-time share is low."),
          QT_TRANSLATE_NOOP("Onramp",
                            "Checkpoints save and resume: step count and metrics continue after "
                            "an interruption."),
          QT_TRANSLATE_NOOP("Onramp", "Loss curve, step speed and memory use are visible.")},
         {GateId::Resources}},
        {GateId::FirstRun,
         QT_TRANSLATE_NOOP("Onramp", "First run & handoff"),
         QT_TRANSLATE_NOOP("Onramp", "Gate 5 passed: all four readiness checks are green."),
         QT_TRANSLATE_NOOP("Onramp",
                           "A small slice run through the whole chain, and a reproducible run "
                           "spec: image and version, instance type and card count, key "
                           "parameters, data paths."),
         QT_TRANSLATE_NOOP("Onramp", "A colleague who took no part in onboarding"),
         {QT_TRANSLATE_NOOP("Onramp",
                            "The environment starts, data is readable, memory suffices, loss "
                            "decreases and artifacts are on disk."),
          QT_TRANSLATE_NOOP("Onramp",
                            "The colleague reruns it from the spec alone, without asking anyone.")},
         {GateId::Environment}},
    }};
    return defs;
}

QString translated(const char *source)
{
    return QCoreApplication::translate("Onramp", source);
}

} // namespace

Text gateTitle(GateId id)
{
    return Text::source(gateDefinition(id).title);
}

QString GateDefinition::titleText() const
{
    return translated(title);
}
QString GateDefinition::entryText() const
{
    return translated(entryCondition);
}
QString GateDefinition::outputText() const
{
    return translated(output);
}
QString GateDefinition::acceptorText() const
{
    return translated(acceptorRole);
}

QStringList GateDefinition::checkTexts() const
{
    QStringList out;
    for (const char *c : acceptanceChecks)
        out << translated(c);
    return out;
}

const GateDefinition &gateDefinition(GateId id)
{
    return definitions()[gateIndex(id)];
}

} // namespace onramp
