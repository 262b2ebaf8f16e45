#include "SetupChoices.h"

#include "Tr.h"

#include <iterator>

namespace onramp {

namespace {

struct Sharding
{
    const char *label;
    int zeroStage;
    bool fsdp;
};

constexpr Sharding kSharding[] = {
    {"DDP", 0, false},    {"ZeRO-1", 1, false}, {"ZeRO-2", 2, false},
    {"ZeRO-3", 3, false}, {"FSDP", 3, true},
};

int modelCount()
{
    return int(modelCatalog().size());
}

} // namespace

QStringList choiceLabels(SetupChoice choice)
{
    QStringList labels;
    switch (choice) {
    case SetupChoice::Model:
        for (const ModelSpec &m : modelCatalog())
            labels << m.name;
        labels << Tr::tr("Custom (parameter count)");
        break;
    case SetupChoice::Precision: // in the order of Precision
        labels = {QStringLiteral("fp32"),       QStringLiteral("bf16"),
                  QStringLiteral("fp16"),       QStringLiteral("bf16-mixed"),
                  QStringLiteral("fp16-mixed"), QStringLiteral("fp8")};
        break;
    case SetupChoice::Optimizer: // in the order of Optimizer
        labels = {QStringLiteral("AdamW"), QStringLiteral("8-bit Adam"),
                  Tr::tr("SGD with momentum"), QStringLiteral("Adafactor")};
        break;
    case SetupChoice::Method: // in the order of Method
        labels = {Tr::tr("Full fine-tuning / pre-training"), QStringLiteral("LoRA"),
                  QStringLiteral("QLoRA")};
        break;
    case SetupChoice::Checkpointing: // in the order of Checkpointing
        labels = {Tr::tr("None", "gradient checkpointing"),
                  Tr::tr("Selective", "gradient checkpointing"),
                  Tr::tr("Full", "gradient checkpointing")};
        break;
    case SetupChoice::Framework:
        for (const FrameworkConvention &f : frameworkConventions())
            labels << QLatin1String(f.name);
        break;
    case SetupChoice::GradDtype: // in the order of GradDtype
        labels = {Tr::tr("The framework's own"), QStringLiteral("fp32"), QStringLiteral("bf16"),
                  QStringLiteral("fp16")};
        break;
    case SetupChoice::Sharding:
        for (const Sharding &s : kSharding)
            labels << QLatin1String(s.label);
        break;
    case SetupChoice::Offload: // in the order of Offload
        labels = {Tr::tr("None", "CPU offload"), Tr::tr("Optimizer state", "CPU offload"),
                  Tr::tr("Optimizer state and weights", "CPU offload")};
        break;
    }
    return labels;
}

int choiceIndex(SetupChoice choice, const TrainingSetup &s)
{
    switch (choice) {
    case SetupChoice::Model: {
        const auto &models = modelCatalog();
        for (int i = 0; i < modelCount(); ++i) {
            if (models[i].key == s.model.key)
                return i;
        }
        return modelCount(); // custom
    }
    case SetupChoice::Precision:
        return int(s.precision);
    case SetupChoice::Optimizer:
        return int(s.optimizer);
    case SetupChoice::Method:
        return int(s.method);
    case SetupChoice::Checkpointing:
        return int(s.checkpointing);
    case SetupChoice::Framework: {
        const auto &conventions = frameworkConventions();
        for (int i = 0; i < int(conventions.size()); ++i) {
            if (conventions[i].framework == s.framework)
                return i;
        }
        return 0;
    }
    case SetupChoice::GradDtype:
        return int(s.gradDtype);
    case SetupChoice::Sharding:
        for (int i = 0; i < int(std::size(kSharding)); ++i) {
            if (kSharding[i].zeroStage == s.zeroStage && kSharding[i].fsdp == s.fsdp)
                return i;
        }
        return s.fsdp ? 4 : s.zeroStage; // FSDP below full shard shows as FSDP
    case SetupChoice::Offload:
        return int(s.offload);
    }
    return 0;
}

void applyChoice(SetupChoice choice, int i, TrainingSetup &s)
{
    if (i < 0 || i >= choiceLabels(choice).size())
        return;
    switch (choice) {
    case SetupChoice::Model:
        s.model = i < modelCount() ? modelCatalog()[i] : modelFromParams(s.model.paramsB);
        break;
    case SetupChoice::Precision:
        s.precision = Precision(i);
        break;
    case SetupChoice::Optimizer:
        s.optimizer = Optimizer(i);
        break;
    case SetupChoice::Method:
        s.method = Method(i);
        break;
    case SetupChoice::Checkpointing:
        s.checkpointing = Checkpointing(i);
        break;
    case SetupChoice::Framework:
        s.framework = frameworkConventions()[i].framework;
        break;
    case SetupChoice::GradDtype:
        s.gradDtype = GradDtype(i);
        break;
    case SetupChoice::Sharding:
        s.zeroStage = kSharding[i].zeroStage;
        s.fsdp = kSharding[i].fsdp;
        break;
    case SetupChoice::Offload:
        s.offload = Offload(i);
        break;
    }
}

} // namespace onramp
