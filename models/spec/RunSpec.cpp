#include "RunSpec.h"

#include "Catalogs.h"
#include "GateDefinition.h"
#include "GateLedger.h"
#include "OnboardingState.h"
#include "MemoryEstimator.h"
#include "ResourcePlan.h"
#include "ResourcesGate.h"
#include "Tr.h"

#include <QCryptographicHash>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>

#include <cmath>

namespace onramp {

RunSpec::Memory memoryFromPlan(const ResourcesGateData &plan, const QString &poolCard)
{
    RunSpec::Memory m;
    // The setup gate 4 judges (its card count the instance type's) against the card it judges
    // it on (ResourcesForm::chosenCard): gate 4's card, else gate 2's pool card.
    const TrainingSetup setup = effectiveSetup(plan);
    std::optional<CardSpec> card = findCard(plan.cardKey);
    if (!card)
        card = findCard(poolCard);
    if (!card || setup.model.key.isEmpty())
        return m; // no verdict to carry: the spec keeps the fingerprint it had
    // In the state's own words (ResourcesGateData::toJson): one list of keys, both ways.
    ResourcesGateData judged = plan;
    judged.choice.setup = setup;
    const QJsonObject o = judged.toJson().value("setup").toObject();
    m.recorded = true;
    m.model = setup.model.key;
    m.card = card->key;
    m.verdict = verdictKey(MemoryEstimator::verdict(setup, *card));
    // One decimal: what gate 4 shows, and a fingerprint that no last digit moves.
    m.peakGiB = std::round(MemoryEstimator::estimate(setup).totalGiB() * 10) / 10;
    m.precision = o.value("precision").toString(m.precision);
    m.weightQuant = o.value("weightQuant").toString(m.weightQuant);
    m.optimizer = o.value("optimizer").toString(m.optimizer);
    m.method = o.value("method").toString(m.method);
    m.loraRank = setup.loraRank;
    m.loraTargets = setup.loraAllLinear ? QStringLiteral("all-linear") : QStringLiteral("q,v");
    m.checkpointing = o.value("checkpointing").toString(m.checkpointing);
    m.flashAttention = setup.flashAttention;
    m.chunkedLoss = setup.chunkedLoss;
    m.offloadActivations = setup.offloadActivations;
    m.sharding = setup.fsdp             ? QStringLiteral("fsdp")
                 : setup.zeroStage > 0 ? QStringLiteral("zero-%1").arg(setup.zeroStage)
                                       : QStringLiteral("none");
    m.offload = o.value("offload").toString(m.offload);
    m.tp = setup.tp;
    m.pp = setup.pp;
    m.gpus = setup.gpus;
    m.sequenceParallel = setup.sequenceParallel;
    m.framework = o.value("framework").toString(m.framework);
    m.gradDtype = o.value("gradDtype").toString(m.gradDtype);
    m.microBatch = setup.microBatch;
    m.seqLen = setup.seqLen;
    m.gradAccum = setup.gradAccumulation;
    return m;
}

std::optional<TrainingSetup> memorySetup(const RunSpec::Memory &m)
{
    if (!m.recorded || !findModel(m.model))
        return std::nullopt;
    // Read back through the state's own reader: the same lists of keys.
    QJsonObject setup{{"model", QJsonObject{{"key", m.model}}},
                      {"precision", m.precision},
                      {"weightQuant", m.weightQuant},
                      {"optimizer", m.optimizer},
                      {"method", m.method},
                      {"loraRank", m.loraRank},
                      {"loraAllLinear", m.loraTargets == QLatin1String("all-linear")},
                      {"microBatch", m.microBatch},
                      {"seqLen", m.seqLen},
                      {"checkpointing", m.checkpointing},
                      {"flashAttention", m.flashAttention},
                      {"chunkedLoss", m.chunkedLoss},
                      {"offloadActivations", m.offloadActivations},
                      {"zeroStage", m.sharding == QLatin1String("fsdp") ? 3
                                    : m.sharding.startsWith(QLatin1String("zero-"))
                                        ? m.sharding.mid(5).toInt()
                                        : 0},
                      {"fsdp", m.sharding == QLatin1String("fsdp")},
                      {"tp", m.tp},
                      {"pp", m.pp},
                      {"gpus", m.gpus},
                      {"offload", m.offload},
                      {"framework", m.framework},
                      {"gradDtype", m.gradDtype},
                      {"sequenceParallel", m.sequenceParallel}};
    const auto data =
        ResourcesGateData::fromJson(QJsonObject{{"setup", setup}}, QStringLiteral("$.memory"));
    if (!data)
        return std::nullopt;
    TrainingSetup s = data->choice.setup;
    s.gradAccumulation = m.gradAccum;
    return s;
}

namespace {
// Gate 6's acceptance rests on a replay of the spec the onboarding has (GateLedger's
// replayedSpecChanged): the ledger, a wing below, asks this wing for the fingerprint. Registered
// whenever this file is linked in, which every program that makes a spec does.
[[maybe_unused]] const bool kSpecReaderRegistered = [] {
    registerSpecReader([](const OnboardingState &state) {
        const RunSpec spec = runSpecFromState(state);
        // One toJson() for the spec's name and its run's (asked on every change of the state,
        // by gate 6's acceptance).
        const QJsonObject json = spec.toJson();
        const QJsonObject run = RunSpec::runOf(json);
        SpecOfState out{RunSpec::fingerprintOf(json), RunSpec::fingerprintOf(run), run};
        // A replay accepted before specs carried gate 4's memory plan ($.memory) replayed the
        // spec as it was written then: the onboarding did not change, Onramp did, so that
        // replay still stands (an upgrade sends no gate back).
        if (spec.memory.recorded) {
            RunSpec before = spec;
            before.memory = {};
            const QByteArray written = before.fingerprintId();
            if (state.firstRun.replay.value("spec").toString().toLatin1() == written)
                out.spec = written;
        }
        return out;
    });
    return true;
}();
} // namespace

RunSpec runSpecFromState(const OnboardingState &state)
{
    RunSpec s;
    const auto &env = state.resources.environment;
    const FirstRunGateData &run = state.firstRun;
    s.image = {env.image, env.imageVersion, env.imageDigest};
    // The provider's word on the image it ran, over the catalog's.
    if (const QJsonObject &img = state.provider.instanceImage; !img.isEmpty())
        s.image = {img.value("name").toString(), img.value("version").toString(),
                   img.value("digest").toString()};
    const ResourceChoice &c = state.resources.choice;
    // Where the run opened, after the candidates (gate 4's choice until it has).
    const bool opened = !state.provider.instanceType.isEmpty();
    s.compute.instanceType = opened ? state.provider.instanceType : c.instance;
    s.compute.zone = opened ? state.provider.instanceZone
                            : zoneOrPool(c.instanceZone, state.workspace.pool.zone);
    s.compute.cheapestFirst = c.cheapestFirst;
    for (const Candidate &x :
         orderCandidates(c, state.resources.catalog, state.workspace.pool.zone, 1))
        if (!(x.instance == s.compute.instanceType && x.zone == s.compute.zone))
            s.compute.alternatives << x;
    // The cards the run gets: the one instance gate 4 opened (or will create) with all of its
    // cards, as gate 4's finding, gate 5's GPU check and gate 6 count them (#17 walk 18: the
    // spec divided gate 3's 4 cards by a 1-card type and said "4 × gpu.a100-80g.1").
    const RunCards cards = runCards(state.resources, state.provider.instanceType);
    s.compute.card = cards.card;
    s.compute.cardsPerNode = cards.cardsPerInstance;
    s.compute.nodes = cards.instances;
    s.compute.timeLimitHours = std::max(0.5, state.quota.hoursPerRound);
    s.storage = {c.dataPath, c.outputPath, c.scratchPath, c.dataReadOnly};
    // The planned run's key parameters, and the seed the first run trains with (the trainer
    // reads it as ONRAMP_PARAM_SEED).
    s.parameters = QJsonObject{{"microBatch", c.setup.microBatch},
                               {"seqLen", c.setup.seqLen},
                               {"seed", kFirstRunSeed}};
    // Gate 4's plan, until the first run says what it really trained.
    static const char *const kMethods[] = {"full", "lora", "qlora"};
    s.training = {c.setup.model.key,
                  QString::fromLatin1(kMethods[int(c.setup.method)]),
                  precisionKey(c.setup.precision),
                  c.setup.tp > 1 || c.setup.pp > 1
                      ? QStringLiteral("tp%1 pp%2").arg(c.setup.tp).arg(c.setup.pp)
                      : (cards.cards() > 1 ? QStringLiteral("data parallel")
                                          : QStringLiteral("single device")),
                  c.setup.fsdp ? QStringLiteral("fsdp")
                  : c.setup.zeroStage > 0 ? QStringLiteral("zero-%1").arg(c.setup.zeroStage)
                                          : QStringLiteral("none"),
                  c.setup.microBatch,
                  c.setup.seqLen,
                  c.setup.gradAccumulation,
                  -1};
    const RunSpec::Training plan = s.training;
    s.software = {env.framework, env.frameworkVersion, env.acceleratorVersion, env.driver};
    // What gate 5 saw and gate 6 produced: what a rerun must reproduce.
    s.fingerprint = state.environment.fingerprint;
    applyFirstRun(s, run.trainer, run.manifest, state.environment.fingerprint, run.curve);
    // What ran is not what was planned (the first run's small stand-in): the plan stays beside
    // it, so that neither the spec nor its replay reads as if the planned run had run.
    if (!run.trainer.isEmpty() && !plan.model.isEmpty()) {
        RunSpec::Training ran = s.training;
        ran.seed = plan.seed; // the plan names no seed of its own
        if (ran != plan) {
            s.planned = plan;
            // #17 walk (F3): the spec named only the sandbox's sample data and this machine's
            // torch, as if the team had planned them. `storage` and `software` stay what the
            // stand-in read and ran with (a replay reruns the stand-in and must find them
            // again); the plan's data and the chosen image's software stand beside the plan.
            s.plannedEnvironment = {c.dataPath, env.framework, env.frameworkVersion,
                                    env.accelerator, env.acceleratorVersion};
        }
    }
    if (run.steps > 0) {
        s.loss.steps = run.steps;
        s.loss.first = run.firstLoss;
        s.loss.last = run.lastLoss;
        s.loss.minimum = run.minLoss;
    }
    s.recovery = run.recovery;
    s.memory = memoryFromPlan(state.resources, state.workspace.pool.cardType);
    for (GateId id : kAllGates) {
        const GateRecord &g = state.gate(id);
        if (id == GateId::FirstRun) {
            // Gate 6 as the first run left it, never its acceptance: a spec is handed over so
            // that a colleague's replay decides gate 6, and that replay (or the wrap-up after
            // the run) must not make the spec the colleague holds "out of date" (#17 walk,
            // F11). The acceptance is the onboarding's record (the summary shows it). Its
            // acceptor is the colleague whose replay accepts it, never part of the spec they
            // replay: a gate 6 sent back after a change keeps the acceptor on its record, and
            // the spec must read as it did when the replay was accepted (replayedSpecChanged).
            const bool ran = !run.run.state.isEmpty();
            const bool accepted = g.status == GateStatus::Passed;
            s.gates.append({gateKey(id),
                            statusKey(accepted ? GateStatus::InProgress : g.status), QString(),
                            (ran ? run.run.evidence : g.evidence).inEnglish()});
            continue;
        }
        s.gates.append(
            {gateKey(id), statusKey(g.status), g.acceptedBy.inEnglish(), g.evidence.inEnglish()});
    }
    return s;
}

void applyFirstRun(RunSpec &s, const QJsonObject &trainer, const QJsonObject &manifest,
                   const QJsonObject &fingerprint, const QList<std::pair<int, double>> &curve)
{
    if (!trainer.isEmpty()) {
        const QJsonObject config = trainer.value("config").toObject();
        const bool framework = trainer.value("framework").toString() != QLatin1String("none");
        s.software.framework = framework ? trainer.value("framework").toString() : QString();
        s.software.frameworkVersion = trainer.value("framework_version").toString();
        s.software.cuda = trainer.value("cuda").toString();
        s.software.device = trainer.value("device").toString();
        s.software.gpuCount = trainer.value("gpu_count").toInt();
        s.code = {trainer.value("program").toString(),
                  trainer.value("code_sha256").toString().isEmpty()
                      ? QString()
                      : QStringLiteral("sha256:") + trainer.value("code_sha256").toString()};
        if (!config.isEmpty())
            s.training = {config.value("model").toString(),
                          config.value("method").toString(),
                          config.value("precision").toString(),
                          config.value("parallelism").toString(),
                          config.value("sharding").toString(QStringLiteral("none")),
                          config.value("micro_batch").toInt(),
                          config.value("seq_len").toInt(),
                          config.value("grad_accum").toInt(),
                          qint64(config.value("seed").toDouble(-1))};
        s.applied = {};
        const QJsonObject applied = trainer.value("parameters_applied").toObject();
        for (auto it = applied.begin(); it != applied.end(); ++it)
            s.applied.insert(it.key(), it.value().toString());
    }
    // The driver and the GPU from the job's own fingerprint (nvidia-smi there), not a catalog.
    if (!fingerprint.isEmpty()) {
        const QJsonArray gpus = fingerprint.value("gpus").toArray();
        s.software.driver = gpus.isEmpty() ? QString()
                                           : gpus.first().toObject().value("driver").toString();
        s.software.gpuModel = gpus.isEmpty() ? QString()
                                             : gpus.first().toObject().value("name").toString();
        if (trainer.isEmpty())
            s.software.gpuCount = int(gpus.size());
    }
    if (!manifest.isEmpty()) {
        s.storage.data = manifest.value("path").toString(s.storage.data);
        s.storage.files = qint64(manifest.value("files").toDouble(-1));
        s.storage.bytes = qint64(manifest.value("bytes").toDouble(-1));
        s.storage.manifest = manifest.value("sha256").toString();
    }
    if (!curve.isEmpty()) {
        s.loss.curve = curve;
        s.loss.steps = curve.last().first;
        s.loss.first = curve.first().second;
        s.loss.last = curve.last().second;
        s.loss.minimum = curve.first().second;
        for (const auto &pt : curve)
            s.loss.minimum = std::min(s.loss.minimum, pt.second);
    }
}

// A trainer's config value ("pretrain", "single device", "zero-2") in the reader's words. The
// spec keeps the trainer's own keys; a value this list does not know is shown as it stands.
QString trainingValueText(const QString &field, const QString &value)
{
    static const QRegularExpression modelParallel(QStringLiteral("^tp(\\d+) pp(\\d+)$"));
    static const QRegularExpression zero(QStringLiteral("^zero-(\\d)$"));
    if (field == QLatin1String("$.training.method")) {
        if (value == QLatin1String("pretrain"))
            return Tr::tr("pretraining from scratch");
        if (value == QLatin1String("full"))
            return Tr::tr("full fine-tuning");
        if (value == QLatin1String("lora"))
            return QStringLiteral("LoRA");
        if (value == QLatin1String("qlora"))
            return QStringLiteral("QLoRA");
    } else if (field == QLatin1String("$.training.parallelism")) {
        if (value == QLatin1String("single device"))
            return Tr::tr("single device");
        if (value == QLatin1String("data parallel"))
            return Tr::tr("data parallel");
        if (const auto m = modelParallel.match(value); m.hasMatch())
            return Tr::tr("tensor parallel %1 × pipeline %2").arg(m.captured(1), m.captured(2));
    } else if (field == QLatin1String("$.training.sharding")) {
        if (value == QLatin1String("none"))
            return Tr::tr("none");
        if (value == QLatin1String("fsdp"))
            return QStringLiteral("FSDP");
        if (const auto m = zero.match(value); m.hasMatch())
            return QStringLiteral("ZeRO-") + m.captured(1);
    }
    return value;
}

QString hardwareText(const RunSpec::Compute &c,
                     const std::function<QString(const QString &)> &quote)
{
    const QString instances =
        c.nodes > 1 ? Tr::tr("%1 × %2", "instances: count × instance type")
                          .arg(QString::number(c.nodes), quote(c.instanceType))
                    : quote(c.instanceType);
    if (c.card.isEmpty())
        return instances;
    return Tr::aside(Tr::tr("%1 × %2", "cards: count × model")
                         .arg(QString::number(c.nodes * c.cardsPerNode), quote(cardName(c.card))),
                     instances);
}

QString standInText(const RunSpec &s, const std::function<QString(const QString &)> &quote)
{
    if (s.planned.model.isEmpty())
        return {};
    // Each translated piece takes its values in one arg() call: a value holding "%2" is never
    // substituted into.
    const auto run = [&quote](const RunSpec::Training &t) {
        return Tr::tr("%1 (%2, %3)", "a run: model (method, precision)")
            .arg(quote(t.model),
                 quote(trainingValueText(QStringLiteral("$.training.method"), t.method)),
                 quote(t.precision));
    };
    QString ranOn;
    if (s.software.gpuCount > 0 && !s.software.gpuModel.isEmpty())
        ranOn = Tr::tr("%1 × %2", "cards: count × model")
                    .arg(QString::number(s.software.gpuCount), quote(s.software.gpuModel));
    else if (s.software.device.isEmpty() || s.software.device == QLatin1String("cpu"))
        ranOn = Tr::tr("the CPU");
    else
        ranOn = quote(s.software.device);
    const QString planned = s.compute.card.isEmpty()
                                ? run(s.planned)
                                : Tr::tr("%1 on %2", "a run on its hardware")
                                      .arg(run(s.planned), hardwareText(s.compute, quote));
    const QString why =
        s.launch.mode == QLatin1String("builtin")
            ? Tr::tr("Why: the provider's first run is a small stand-in (%1): it proves the "
                     "image, the data, checkpoints and metrics end to end in minutes, and does "
                     "not train the planned model.")
                  .arg(s.code.program.isEmpty() ? quote(s.launch.entry) : quote(s.code.program))
            : Tr::tr("Why: the first run's trainer reported another configuration than the "
                     "plan.");
    QString text = Tr::tr("A stand-in for the planned run: what ran is %1 on %2; the planned run "
                          "is %3. %4")
                       .arg(run(s.training), ranOn, planned, why);
    // What the stand-in read and ran with against what the plan reads and runs with (#17 walk,
    // F3): the sandbox's sample data and the machine's own torch are not the team's plan.
    return Tr::sentences({text, standInEnvironmentText(s, quote)});
}

QString standInEnvironmentText(const RunSpec &s,
                               const std::function<QString(const QString &)> &quote)
{
    const RunSpec::PlannedEnvironment &p = s.plannedEnvironment;
    if (s.planned.model.isEmpty())
        return {};
    // "torch 1.13.0a0, CUDA 12.1"; "torch 2.3.1" with nothing for the accelerator when the run
    // had none (a CPU run has no CUDA).
    const auto software = [&quote](const QString &framework, const QString &version,
                                   const QString &accelerator, const QString &acceleratorVersion) {
        QStringList parts;
        if (!framework.isEmpty())
            parts << Tr::tr("%1 %2", "software: name version")
                         .arg(quote(framework), quote(version))
                         .trimmed();
        if (!acceleratorVersion.isEmpty())
            parts << Tr::tr("%1 %2", "software: name version")
                         .arg(quote(accelerator.isEmpty() ? QStringLiteral("CUDA") : accelerator),
                              quote(acceleratorVersion));
        return Tr::list(parts);
    };
    const QString ranWith = software(s.software.framework, s.software.frameworkVersion,
                                     QStringLiteral("CUDA"), s.software.cuda);
    const QString plannedWith =
        software(p.framework, p.frameworkVersion, p.accelerator, p.acceleratorVersion);
    const bool dataDiffers = !p.data.isEmpty() && p.data != s.storage.data;
    const bool softwareDiffers = !plannedWith.isEmpty() && plannedWith != ranWith;
    if (!dataDiffers && !softwareDiffers)
        return {};
    const QString imageName =
        s.image.version.isEmpty() ? s.image.name : s.image.name + u':' + s.image.version;
    // What was not recorded is said as such, never left to read "ran with nothing".
    return Tr::tr("The stand-in read %1 and ran with %2; the planned run reads %3 and runs with "
                  "%4 (image %5).")
        .arg(s.storage.data.isEmpty() ? Tr::tr("data it did not record") : quote(s.storage.data),
             ranWith.isEmpty() ? Tr::tr("software it did not record") : ranWith,
             p.data.isEmpty() ? Tr::tr("data gate 4 does not name") : quote(p.data),
             plannedWith.isEmpty() ? Tr::tr("software gate 4 does not name") : plannedWith,
             imageName.isEmpty() ? Tr::tr("not named") : quote(imageName));
}

QStringList memorySettingsText(const RunSpec::Memory &m,
                               const std::function<QString(const QString &)> &quote)
{
    if (!m.recorded)
        return {};
    const auto onOff = [](bool on) { return on ? Tr::tr("on") : Tr::tr("off"); };
    QStringList parts;
    if (!m.model.isEmpty())
        parts << Tr::tr("model %1").arg(quote(m.model));
    parts << Tr::tr("precision %1").arg(quote(m.precision));
    if (m.weightQuant != QLatin1String("none"))
        parts << Tr::tr("frozen weights in %1").arg(quote(m.weightQuant));
    parts << Tr::tr("optimizer %1").arg(quote(m.optimizer));
    if (m.method == QLatin1String("full"))
        parts << Tr::tr("full fine-tune");
    else
        parts << Tr::tr("%1 rank %2 on %3", "LoRA rank 16 on q and v")
                     .arg(m.method == QLatin1String("qlora") ? QStringLiteral("QLoRA")
                                                            : QStringLiteral("LoRA"),
                          QString::number(m.loraRank),
                          m.loraTargets == QLatin1String("all-linear")
                              ? Tr::tr("every linear layer")
                              : Tr::tr("the q and v projections"));
    parts << Tr::tr("micro-batch %1 × %2 tokens, gradient accumulation %3")
                 .arg(QString::number(m.microBatch), QString::number(m.seqLen),
                      QString::number(m.gradAccum));
    parts << Tr::tr("activation checkpointing %1").arg(quote(m.checkpointing));
    parts << Tr::tr("chunked loss %1").arg(onOff(m.chunkedLoss));
    parts << Tr::tr("fused attention %1").arg(onOff(m.flashAttention));
    if (m.offloadActivations)
        parts << Tr::tr("activations offloaded to CPU memory");
    parts << Tr::tr("sharding %1")
                 .arg(quote(trainingValueText(QStringLiteral("$.training.sharding"), m.sharding)));
    if (m.offload != QLatin1String("none"))
        parts << Tr::tr("CPU offload of the %1").arg(quote(m.offload));
    parts << Tr::tr("%1 card(s), tensor parallel %2 × pipeline %3")
                 .arg(QString::number(m.gpus), QString::number(m.tp), QString::number(m.pp));
    if (m.sequenceParallel)
        parts << Tr::tr("sequence parallel");
    parts << Tr::tr("framework %1, gradients %2").arg(quote(m.framework), quote(m.gradDtype));
    return parts;
}

QString memoryVerdictText(const RunSpec::Memory &m,
                          const std::function<QString(const QString &)> &quote)
{
    if (!m.recorded || m.verdict.isEmpty())
        return {};
    const QString card = m.card.isEmpty() ? Tr::tr("the card") : quote(cardName(m.card));
    const QString peak = QLocale::c().toString(m.peakGiB, 'f', 1);
    if (m.verdict == QLatin1String("fits"))
        return Tr::tr("fits %1 (estimated %2 GiB per card)").arg(card, peak);
    if (m.verdict == QLatin1String("tight"))
        return Tr::tr("fits %1 tightly (estimated %2 GiB per card)").arg(card, peak);
    if (m.verdict == QLatin1String("no"))
        return Tr::tr("does not fit %1 (estimated %2 GiB per card)").arg(card, peak);
    return Tr::tr("%1 cannot run it").arg(card);
}

QList<SpecGap> specGaps(const RunSpec &s)
{
    QList<SpecGap> gaps;
    // Each gap with its caption, in the reader's words: the field path is for the technical
    // details (#17 walk, F10: the dialog showed "$.training.model" to people).
    const auto need = [&](bool missing, const char *field, const QString &what, const QString &why) {
        if (missing)
            gaps.append({QString::fromLatin1(field), why, what});
    };
    need(s.image.name.isEmpty(), "$.image.name", Tr::tr("image name"), Tr::tr("no image: the rerun cannot start"));
    need(!s.image.name.isEmpty() && s.image.version.isEmpty(), "$.image.version", Tr::tr("image version"),
         Tr::tr("no image version: the rerun takes whatever is newest"));
    need(!s.image.name.isEmpty() && s.image.digest.isEmpty(), "$.image.digest", Tr::tr("image digest"),
         Tr::tr("no image digest: a tag can move; the rerun may get different software"));
    need(s.software.framework.isEmpty() || s.software.frameworkVersion.isEmpty(),
         "$.software.frameworkVersion", Tr::tr("framework version"),
         Tr::tr("no framework version: the first thing to check when a rerun differs"));
    // A run that trained on the CPU has no accelerator library or driver to record: their
    // absence is no gap (a sandbox spec showed three MISSING rows above "every item passed").
    const bool onCpu = s.software.device == QLatin1String("cpu");
    need(!onCpu && s.software.cuda.isEmpty(), "$.software.cuda", Tr::tr("CUDA"),
         Tr::tr("no accelerator library version"));
    need(!onCpu && s.software.driver.isEmpty(), "$.software.driver", Tr::tr("driver"), Tr::tr("no driver version"));
    need(s.compute.instanceType.isEmpty(), "$.compute.instanceType", Tr::tr("instance type"),
         Tr::tr("no instance type: the rerun does not know what to ask for"));
    need(s.compute.zone.isEmpty(), "$.compute.zone", Tr::tr("zone"),
         Tr::tr("no zone: the quota may not apply where the rerun lands"));
    need(s.storage.data.isEmpty(), "$.storage.data", Tr::tr("data path"), Tr::tr("no data path"));
    need(s.storage.output.isEmpty(), "$.storage.output", Tr::tr("output path"),
         Tr::tr("no output path: where do checkpoints go?"));
    need(s.storage.scratch.isEmpty(), "$.storage.scratch", Tr::tr("scratch path"), Tr::tr("no scratch path"));
    need(s.launch.entry.isEmpty(), "$.launch.entry", Tr::tr("launch entry"), Tr::tr("no launch entry"));
    need(s.parameters.isEmpty(), "$.parameters", Tr::tr("key parameters"), Tr::tr("no key parameters"));
    need(s.fingerprint.isEmpty(), "$.fingerprint", Tr::tr("environment fingerprint"),
         Tr::tr("no environment fingerprint: a rerun cannot show it ran in the same environment"));
    need(s.software.device.isEmpty(), "$.software.device", Tr::tr("device"),
         Tr::tr("no device: the spec does not say whether the first run trained on GPUs"));
    need(s.training.model.isEmpty(), "$.training.model", Tr::tr("model"), Tr::tr("no model"));
    need(s.training.method.isEmpty(), "$.training.method", Tr::tr("method"), Tr::tr("no training method"));
    need(s.training.precision.isEmpty(), "$.training.precision", Tr::tr("precision"), Tr::tr("no precision"));
    need(s.training.parallelism.isEmpty() || s.training.sharding.isEmpty(),
         "$.training.sharding", Tr::tr("parallelism and sharding"), Tr::tr("no parallelism or sharding"));
    need(s.training.microBatch <= 0 || s.training.seqLen <= 0 || s.training.gradAccum <= 0,
         "$.training.microBatch", Tr::tr("batch shape"),
         Tr::tr("no micro-batch, sequence length or gradient accumulation"));
    need(s.training.seed < 0, "$.training.seed", Tr::tr("seed"),
         Tr::tr("no seed: a rerun cannot draw the same data in the same order"));
    need(s.code.sha256.isEmpty(), "$.code.sha256", Tr::tr("code identity"),
         Tr::tr("no code identity: a rerun cannot show it ran the same program"));
    need(s.storage.manifest.isEmpty(), "$.storage.manifest", Tr::tr("data manifest"),
         Tr::tr("no data manifest: a rerun cannot show it read the same data"));
    need(s.loss.steps == 0, "$.loss", Tr::tr("loss curve"),
         Tr::tr("no loss curve: a rerun cannot show it reproduces the first run"));
    need(s.loss.steps > 0 && s.loss.curve.isEmpty(), "$.loss.curve", Tr::tr("loss curve"),
         Tr::tr("only a loss summary: a rerun can be compared at four numbers, not every step"));
    for (qsizetype i = 0; i < s.gates.size(); ++i) {
        const RunSpec::GateEvidence &g = s.gates[i];
        if (g.status == QLatin1String("passed"))
            continue;
        const auto id = gateFromKey(g.gate);
        // Gate 6 is what a replay decides: a spec is handed over before it passes, so its
        // record's absence is expected, no gap (#17 walk, F10). A rejected first run is one.
        if (id == GateId::FirstRun && g.status != QLatin1String("rejected"))
            continue;
        // In the reader's words: the gate's title and its status, translated.
        const auto status = statusFromKey(g.status);
        const QString title = id ? gateDefinition(*id).titleText() : g.gate;
        gaps.append({QStringLiteral("$.gates[%1]").arg(i),
                     Tr::tr("gate “%1” was %2 when the spec was written")
                         .arg(title, status ? statusLabel(*status).toLower() : g.status),
                     id ? Tr::tr("gate %1 “%2”").arg(QString::number(gateNumber(*id)), title)
                        : title});
    }
    return gaps;
}

QString exportHandoffMarkdown(const RunSpec &s)
{
    // Every value from the spec passes through markdownText(), and every translated line takes
    // its values in one arg() call, so that a value holding "%2" is never substituted into.
    const auto md = [](const QString &v) { return markdownText(v); };
    const auto line = [](const QString &text) { return QStringLiteral("- ") + text + u'\n'; };
    QString out = QStringLiteral("# ") + Tr::tr("Handoff checklist") + QStringLiteral("\n\n");
    out +=
        Tr::tr(
            "Run spec %1: check it with `onramp spec validate`; it names everything a rerun needs.")
            .arg(QString::fromLatin1(s.fingerprintId())) +
        QStringLiteral("\n\n");
    // Which run this describes, before anything else is read as the planned run's.
    if (const QString standIn = standInText(s, md); !standIn.isEmpty())
        out += standIn + QStringLiteral("\n\n");
    out += line(Tr::tr("Image: %1").arg(md(imageReference(s))));
    // Only what was recorded (#17 walk, item 3: "torch 1.13.0a0, CUDA , driver "); a run on
    // the CPU has neither CUDA nor a driver to record.
    {
        QStringList software;
        if (!s.software.framework.isEmpty())
            software << Tr::tr("%1 %2", "software: name version")
                            .arg(md(s.software.framework), md(s.software.frameworkVersion))
                            .trimmed();
        if (!s.software.cuda.isEmpty())
            software << Tr::tr("CUDA %1").arg(md(s.software.cuda));
        if (!s.software.driver.isEmpty())
            software << Tr::tr("driver %1").arg(md(s.software.driver));
        out += line(Tr::tr("Software: %1")
                        .arg(software.isEmpty() ? Tr::tr("not recorded") : Tr::list(software)));
    }
    out += line(Tr::tr("Machine: %1 × %2 node(s), %3 card(s) each, in zone %4")
                    .arg(md(s.compute.instanceType), QString::number(s.compute.nodes),
                         QString::number(s.compute.cardsPerNode), md(s.compute.zone)));
    QStringList launch{md(s.launch.mode), md(s.launch.entry)};
    for (const QString &a : s.launch.args)
        launch << md(a);
    out += line(Tr::tr("Launch: %1").arg(launch.join(u' ')));
    QStringList params;
    for (auto it = s.parameters.begin(); it != s.parameters.end(); ++it)
        params << md(it.key()) + QStringLiteral(" = ") + md(parameterValue(it.value()));
    out += line(Tr::tr("Parameters: %1")
                    .arg(params.isEmpty() ? Tr::tr("(none)") : Tr::clauseList(params)));
    // What gate 4's memory verdict rests on: a rerun without it may run out of memory.
    if (s.memory.recorded) {
        const QString verdict = memoryVerdictText(s.memory, md);
        out += line(verdict.isEmpty()
                        ? Tr::tr("Memory plan (gate 4): %1")
                              .arg(Tr::clauseList(memorySettingsText(s.memory, md)))
                        : Tr::tr("Memory plan (gate 4): %1; it %2. Run with every one of these "
                                 "settings, or the run may not fit the card.")
                              .arg(Tr::clauseList(memorySettingsText(s.memory, md)), verdict));
    }
    out += line(Tr::tr("Data (read-only): %1; output: %2; scratch: %3")
                    .arg(md(s.storage.data), md(s.storage.output), md(s.storage.scratch)));
    out += u'\n';
    for (const RunSpec::GateEvidence &g : s.gates) {
        GateId id = GateId::Account;
        for (GateId candidate : kAllGates)
            if (gateKey(candidate) == g.gate)
                id = candidate;
        const GateDefinition &d = gateDefinition(id);
        out += QStringLiteral("## %1. %2\n\n").arg(QString::number(gateNumber(id)), d.titleText());
        out += (g.status == QLatin1String("passed") ? QStringLiteral("- [x] ")
                                                    : QStringLiteral("- [ ] ")) +
               Tr::tr("Entry condition: %1").arg(d.entryText()) + u'\n';
        out += line(Tr::tr("Output: %1").arg(d.outputText()));
        out += line(Tr::tr("Acceptor: %1").arg(g.acceptor.isEmpty() ? d.acceptorText()
                                                                    : md(g.acceptor)));
        out += line(Tr::tr("Evidence: %1")
                        .arg(g.evidence.isEmpty() ? Tr::tr("(none recorded)") : md(g.evidence)));
        out += u'\n';
    }
    return out;
}

} // namespace onramp
