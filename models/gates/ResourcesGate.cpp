#include "ResourcesGate.h"
#include "GateCrossChecks.h"

#include "MemoryEstimator.h"
#include "Tr.h"

namespace onramp {

namespace {

template <typename E> QString enumKey(E v, std::initializer_list<const char *> keys)
{
    return QLatin1String(*(keys.begin() + int(v)));
}

template <typename E>
std::expected<E, Error> enumFrom(const QJsonObject &o, const char *key,
                                 std::initializer_list<const char *> keys, E fallback,
                                 const QString &path)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (v.isUndefined())
        return fallback;
    int i = 0;
    for (const char *k : keys) {
        if (v.toString() == QLatin1String(k))
            return E(i);
        ++i;
    }
    return std::unexpected(Error{Error::Kind::Invalid,
                                 Tr::tr("The saved onboarding has a bad value in “%1”: %2.")
                                     .arg(path + u'.' + QLatin1String(key), v.toString()),
                                 QString(), path + u'.' + QLatin1String(key)});
}

constexpr std::initializer_list<const char *> kPrecisions = {"fp32",       "bf16",       "fp16",
                                                             "bf16-mixed", "fp16-mixed", "fp8"};
constexpr std::initializer_list<const char *> kQuants = {"none", "int8", "nf4"};
constexpr std::initializer_list<const char *> kOptimizers = {"adamw", "adam8bit", "sgd",
                                                             "adafactor"};
constexpr std::initializer_list<const char *> kMethods = {"full", "lora", "qlora"};
constexpr std::initializer_list<const char *> kCheckpointing = {"none", "selective", "full"};
constexpr std::initializer_list<const char *> kOffload = {"none", "optimizer", "params"};
constexpr std::initializer_list<const char *> kFrameworks = {"pytorch", "deepspeed", "megatron",
                                                             "llmc"};
constexpr std::initializer_list<const char *> kGradDtypes = {"default", "fp32", "bf16", "fp16"};

} // namespace

ResourcesGateData::ResourcesGateData()
{
    choice.setup.model = *findModel(QStringLiteral("llama-3-8b"));
    choice.setup.method = Method::Lora;
    choice.setup.loraRank = 16;
    choice.setup.flashAttention = true;
    choice.setup.checkpointing = Checkpointing::Full;
    choice.setup.microBatch = 2;
    choice.setup.seqLen = 2048;
}

bool ResourcesGateData::operator==(const ResourcesGateData &o) const
{
    // Why the provider's catalog is not shown is said, never saved: a change of it is a change.
    return toJson() == o.toJson() && catalog.unreadReason() == o.catalog.unreadReason();
}

QJsonObject ResourcesGateData::toJson() const
{
    const TrainingSetup &s = choice.setup;
    const ModelSpec &m = s.model;
    QJsonObject model{{"key", m.key},       {"paramsB", m.paramsB}, {"layers", m.layers},
                      {"hidden", m.hidden}, {"heads", m.heads},     {"kvHeads", m.kvHeads},
                      {"ffn", m.ffn},       {"vocab", m.vocab},     {"gatedMlp", m.gatedMlp}};
    QJsonObject setup{{"model", model},
                      {"precision", enumKey(s.precision, kPrecisions)},
                      {"weightQuant", enumKey(s.weightQuant, kQuants)},
                      {"optimizer", enumKey(s.optimizer, kOptimizers)},
                      {"method", enumKey(s.method, kMethods)},
                      {"loraRank", s.loraRank},
                      {"loraAllLinear", s.loraAllLinear},
                      {"microBatch", s.microBatch},
                      {"seqLen", s.seqLen},
                      {"checkpointing", enumKey(s.checkpointing, kCheckpointing)},
                      {"flashAttention", s.flashAttention},
                      {"chunkedLoss", s.chunkedLoss},
                      {"offloadActivations", s.offloadActivations},
                      {"zeroStage", s.zeroStage},
                      {"fsdp", s.fsdp},
                      {"tp", s.tp},
                      {"pp", s.pp},
                      {"gpus", s.gpus},
                      {"offload", enumKey(s.offload, kOffload)},
                      {"framework", enumKey(s.framework, kFrameworks)},
                      {"gradDtype", enumKey(s.gradDtype, kGradDtypes)},
                      {"sequenceParallel", s.sequenceParallel}};
    QJsonObject storage{{"dataPath", choice.dataPath},
                        {"dataReadOnly", choice.dataReadOnly},
                        {"outputPath", choice.outputPath},
                        {"scratchPath", choice.scratchPath}};
    QJsonObject throughputJson{{"measuredTokensPerSecond", throughput.measuredTokensPerSecond},
                               {"measuredCards", throughput.measuredCards},
                               {"efficiencyPerDoubling", throughput.efficiencyPerDoubling},
                               {"mfu", throughput.mfu},
                               {"workloadTokens", throughput.workloadTokens},
                               {"targetHours", throughput.targetHours}};
    QJsonObject env{{"image", environment.image},
                    {"imageVersion", environment.imageVersion},
                    {"imageDigest", environment.imageDigest},
                    {"framework", environment.framework},
                    {"frameworkVersion", environment.frameworkVersion},
                    {"accelerator", environment.accelerator},
                    {"acceleratorVersion", environment.acceleratorVersion},
                    {"driver", environment.driver}};
    QJsonObject o{{"setup", setup},
                  {"card", cardKey},
                  {"instance", choice.instance},
                  {"image", choice.image},
                  {"codeRequirement", choice.codeRequirement},
                  {"instanceZone", choice.instanceZone},
                  {"alternatives", candidatesText(choice.alternatives)},
                  {"cheapestFirst", choice.cheapestFirst},
                  {"storage", storage},
                  {"throughput", throughputJson},
                  {"environment", env}};
    if (modelPicked)
        o["modelPicked"] = true;
    if (!catalog.isBuiltIn())
        o["catalog"] = catalog.toJson();
    return o;
}

std::expected<ResourcesGateData, Error> ResourcesGateData::fromJson(const QJsonObject &o,
                                                                    const QString &path)
{
    ResourcesGateData d;
    if (o.isEmpty())
        return d;
    d.modelPicked = o.value("modelPicked").toBool();
    const QJsonObject setup = o.value("setup").toObject();
    const QString sp = path + QStringLiteral(".setup");
    TrainingSetup &s = d.choice.setup;
    const QJsonObject model = setup.value("model").toObject();
    const QString key = model.value("key").toString();
    if (auto m = findModel(key))
        s.model = *m;
    else if (model.value("paramsB").toDouble() > 0) {
        s.model = modelFromParams(model.value("paramsB").toDouble());
        s.model.layers = model.value("layers").toInt(s.model.layers);
        s.model.hidden = model.value("hidden").toInt(s.model.hidden);
        s.model.heads = model.value("heads").toInt(s.model.heads);
        s.model.kvHeads = model.value("kvHeads").toInt(s.model.kvHeads);
        s.model.ffn = model.value("ffn").toInt(s.model.ffn);
        s.model.vocab = model.value("vocab").toInt(s.model.vocab);
        s.model.gatedMlp = model.value("gatedMlp").toBool();
    }
    auto precision = enumFrom(setup, "precision", kPrecisions, s.precision, sp);
    auto quant = enumFrom(setup, "weightQuant", kQuants, s.weightQuant, sp);
    auto optimizer = enumFrom(setup, "optimizer", kOptimizers, s.optimizer, sp);
    auto method = enumFrom(setup, "method", kMethods, s.method, sp);
    auto ckpt = enumFrom(setup, "checkpointing", kCheckpointing, s.checkpointing, sp);
    auto offload = enumFrom(setup, "offload", kOffload, s.offload, sp);
    auto framework = enumFrom(setup, "framework", kFrameworks, s.framework, sp);
    auto gradDtype = enumFrom(setup, "gradDtype", kGradDtypes, s.gradDtype, sp);
    for (const Error *e :
         {precision ? nullptr : &precision.error(), quant ? nullptr : &quant.error(),
          optimizer ? nullptr : &optimizer.error(), method ? nullptr : &method.error(),
          ckpt ? nullptr : &ckpt.error(), offload ? nullptr : &offload.error(),
          framework ? nullptr : &framework.error(), gradDtype ? nullptr : &gradDtype.error()}) {
        if (e)
            return std::unexpected(*e);
    }
    s.precision = *precision;
    s.weightQuant = *quant;
    s.optimizer = *optimizer;
    s.method = *method;
    s.checkpointing = *ckpt;
    s.offload = *offload;
    s.framework = *framework;
    s.gradDtype = *gradDtype;
    s.sequenceParallel = setup.value("sequenceParallel").toBool(s.sequenceParallel);
    s.loraRank = setup.value("loraRank").toInt(s.loraRank);
    s.loraAllLinear = setup.value("loraAllLinear").toBool(s.loraAllLinear);
    s.microBatch = setup.value("microBatch").toInt(s.microBatch);
    s.seqLen = setup.value("seqLen").toInt(s.seqLen);
    s.flashAttention = setup.value("flashAttention").toBool(s.flashAttention);
    s.chunkedLoss = setup.value("chunkedLoss").toBool(s.chunkedLoss);
    s.offloadActivations = setup.value("offloadActivations").toBool(s.offloadActivations);
    s.zeroStage = setup.value("zeroStage").toInt(s.zeroStage);
    s.fsdp = setup.value("fsdp").toBool(s.fsdp);
    s.tp = setup.value("tp").toInt(s.tp);
    s.pp = setup.value("pp").toInt(s.pp);
    s.gpus = setup.value("gpus").toInt(s.gpus);

    d.cardKey = o.value("card").toString(d.cardKey);
    d.choice.instance = o.value("instance").toString();
    d.choice.image = o.value("image").toString();
    d.choice.codeRequirement = o.value("codeRequirement").toString();
    d.choice.instanceZone = o.value("instanceZone").toString();
    // Before the alternatives: they name instance types of this catalog.
    if (auto catalog = ResourceCatalog::fromJson(o.value("catalog").toObject(),
                                                 path + QStringLiteral(".catalog")))
        d.catalog = *catalog;
    else
        return std::unexpected(catalog.error());
    if (auto alternatives = parseCandidates(o.value("alternatives").toString(), d.catalog))
        d.choice.alternatives = *alternatives;
    else
        return std::unexpected(Error{Error::Kind::Invalid, alternatives.error().message,
                                     alternatives.error().details,
                                     path + QStringLiteral(".alternatives")});
    d.choice.cheapestFirst = o.value("cheapestFirst").toBool();
    const QJsonObject storage = o.value("storage").toObject();
    d.choice.dataPath = storage.value("dataPath").toString();
    d.choice.dataReadOnly = storage.value("dataReadOnly").toBool(true);
    d.choice.outputPath = storage.value("outputPath").toString();
    d.choice.scratchPath = storage.value("scratchPath").toString();
    const QJsonObject t = o.value("throughput").toObject();
    ThroughputPlan &tp = d.throughput;
    tp.measuredTokensPerSecond = t.value("measuredTokensPerSecond").toDouble(0);
    tp.measuredCards = t.value("measuredCards").toInt(1);
    tp.efficiencyPerDoubling = t.value("efficiencyPerDoubling").toDouble(tp.efficiencyPerDoubling);
    tp.mfu = t.value("mfu").toDouble(tp.mfu);
    tp.workloadTokens = t.value("workloadTokens").toDouble(0);
    tp.targetHours = t.value("targetHours").toDouble(0);
    const QJsonObject env = o.value("environment").toObject();
    Environment &e = d.environment;
    e.image = env.value("image").toString();
    e.imageVersion = env.value("imageVersion").toString();
    e.imageDigest = env.value("imageDigest").toString();
    e.framework = env.value("framework").toString();
    e.frameworkVersion = env.value("frameworkVersion").toString();
    e.accelerator = env.value("accelerator").toString();
    e.acceleratorVersion = env.value("acceleratorVersion").toString();
    e.driver = env.value("driver").toString();
    return d;
}

TrainingSetup effectiveSetup(const ResourcesGateData &data)
{
    TrainingSetup s = data.choice.setup;
    // The chosen instance's cards (runCards), in whole tensor × pipeline units.
    if (const RunCards run = runCards(data); run.known) {
        const int unit = s.tp * s.pp;
        s.gpus = std::max(unit, run.cards() - run.cards() % unit);
    }
    return s;
}

namespace {

// An instance type as gate 4's list names it, with its key: "1 × A100 80GB (gpu.a100-80g.1)".
QString instanceText(const ResourceCatalog &catalog, const QString &key)
{
    const QString name = catalog.instanceName(key);
    return name == key ? key : QStringLiteral("%1 (%2)").arg(name, key);
}

} // namespace

RunCards runCards(const ResourcesGateData &data, const QString &heldType)
{
    RunCards r;
    r.held = !heldType.isEmpty();
    r.instanceType = r.held ? heldType : data.choice.instance;
    if (const InstanceType *t = data.catalog.instance(r.instanceType)) {
        r.known = true;
        r.card = t->card;
        r.cardsPerInstance = std::max(1, t->cards);
    } else {
        r.cardsPerInstance = std::max(1, data.choice.setup.gpus);
    }
    return r;
}

QString runCardsText(const RunCards &r, const ResourceCatalog &catalog)
{
    if (r.instanceType.isEmpty())
        return {};
    const QString type = instanceText(catalog, r.instanceType);
    if (!r.known)
        return Tr::tr("The run gets %n card(s), the job's own count: gate 4 creates one instance "
                      "of %1, which the catalog does not describe; it must have that many cards.",
                      nullptr, r.cards())
            .arg(type);
    return r.held ? Tr::tr("The run gets %n card(s): gate 4 opened one instance of %1, with all "
                           "of its cards.",
                           nullptr, r.cards())
                        .arg(type)
                  : Tr::tr("The run gets %n card(s): gate 4 creates and holds one instance of %1, "
                           "with all of its cards.",
                           nullptr, r.cards())
                        .arg(type);
}

Findings checkCardsAgainstPlan(const RunCards &run, int planCards, const ResourceCatalog &catalog)
{
    const int cards = run.cards();
    if (planCards <= 0 || cards == planCards)
        return {};
    const auto finding = [](const Text &message) {
        // A warning: the job still runs; but the quota derived for another count runs out
        // early (more cards) or leaves hours unspent (fewer), and gate 3's memory check reads
        // the plan.
        return Findings{Finding{QStringLiteral("cards.differ_from_plan"),
                                Finding::Severity::Warning, QStringLiteral("gpus"), message}};
    };
    if (!run.known)
        return finding(Tr::trLater("Gate 3's plan is for %1 cards per run, but this job uses %2. "
                                   "The card-hours applied for are derived from %1: set “Cards "
                                   "in the job” (or the instance type) to %1, or change the "
                                   "cards per run in gate 3.")
                           .arg(planCards)
                           .arg(cards));
    // The instance type of the same card that fits the plan: the fewest cards holding it.
    const InstanceType *fits = nullptr;
    for (const InstanceType &t : catalog.instances())
        if (t.card == run.card && t.cards >= planCards && (!fits || t.cards < fits->cards))
            fits = &t;
    const QString type = instanceText(catalog, run.instanceType);
    const Text holds =
        run.held ? Tr::trLater("Gate 3's plan is for %1 cards per run, but gate 4 opened one "
                               "instance of %2, with %n card(s): the run gets %n.",
                               nullptr, cards)
                       .arg(planCards)
                       .arg(type)
                 : Tr::trLater("Gate 3's plan is for %1 cards per run, but gate 4 creates and "
                               "holds one instance of %2, with %n card(s): the run gets %n.",
                               nullptr, cards)
                       .arg(planCards)
                       .arg(type);
    const Text what =
        fits && fits->cards == planCards
            ? Tr::trLater("Choose %1 under “5. Instance type and image”, or set gate 3's cards "
                          "per run to %2.")
                  .arg(instanceText(catalog, fits->key))
                  .arg(cards)
        : fits ? Tr::trLater("No instance type has exactly %1 of these cards: choose %2 under "
                             "“5. Instance type and image” and set gate 3's cards per run to %3, "
                             "or set them to %4.")
                     .arg(planCards)
                     .arg(instanceText(catalog, fits->key))
                     .arg(fits->cards)
                     .arg(cards)
               : Tr::trLater("No instance type has %1 of these cards: set gate 3's cards per run "
                             "to %2, what one instance holds.")
                     .arg(planCards)
                     .arg(cards);
    return finding(Text::joined({holds, what}, QStringLiteral(" ")));
}

void recordEnvironment(ResourcesGateData &r)
{
    r.environment = {};
    for (const TrainingImage &img : r.catalog.images()) {
        if (img.key != r.choice.image)
            continue;
        r.environment.image = img.name;
        r.environment.imageVersion = img.version;
        r.environment.imageDigest = img.digest;
        r.environment.framework = img.framework;
        r.environment.frameworkVersion = img.frameworkVersion;
        r.environment.accelerator = img.accelerator;
        r.environment.acceleratorVersion = img.acceleratorVersion;
    }
    if (const InstanceType *t = r.catalog.instance(r.choice.instance)) {
        r.environment.driver = t->driver;
        r.cardKey = t->card;
    }
}

std::expected<ThroughputResult, Error> planRunThroughput(const ResourcesGateData &data,
                                                         const CardSpec &card,
                                                         const QString &heldType)
{
    ResourcesGateData chosen = data;
    if (!heldType.isEmpty())
        chosen.choice.instance = heldType;
    const TrainingSetup s = effectiveSetup(chosen);
    int minimum = MemoryEstimator::cardsNeeded(s, card);
    if (minimum <= 0)
        minimum = s.tp * s.pp;
    QList<int> sizes;
    if (const RunCards run = runCards(data, heldType); !run.instanceType.isEmpty()) {
        sizes << run.cardsPerInstance;
    } else {
        for (const InstanceType &t : data.catalog.instances())
            if (t.card == card.key && !sizes.contains(t.cards))
                sizes << t.cards;
    }
    return planThroughput(data.throughput, s.model, card, minimum, sizes);
}

} // namespace onramp
