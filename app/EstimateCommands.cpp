// onramp estimate / onramp catalog: the memory estimator and the catalogs, headless.
#include "Catalogs.h"
#include "Commands.h"
#include "MemoryEstimator.h"
#include "Provider.h"
#include "ProviderCatalog.h"
#include "ResourcePlan.h"
#include "SandboxLauncher.h"
#include "Tr.h"
#include "Transport.h"

#include <QCommandLineParser>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <optional>

namespace onramp::cli {

namespace {

constexpr double kGiB = double(1ull << 30);

// Reports a bad argument the way every subcommand does: the option, the reason, exit 2.
int badArgument(const QString &option, const QString &why)
{
    QTextStream(stderr) << QStringLiteral("--%1: %2").arg(option, why) << '\n';
    return 2;
}

struct Parsed
{
    TrainingSetup setup;
    CardSpec card;
    bool json = false;
    QString provider; // --provider: whose catalog's cards to count; empty: the built-in cards
};

// Parses and checks every option; on failure returns the exit status to use.
std::expected<Parsed, int> parseEstimate(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(
        Tr::tr("Estimate GPU memory per card for a training setup.\n\n"
               "Exit status: 0 fits on the card (with headroom or tightly), 1 does not fit or is "
               "not supported on the card (bf16, FP8 or FlashAttention-2 it cannot run; every "
               "such thing is named), 2 invalid input or an unreadable --provider."));
    p.addHelpOption();
    const auto opt = [&](const char *name, const QString &help, const char *value = nullptr,
                         const char *def = nullptr) {
        QCommandLineOption o(QLatin1String(name), help, value ? QLatin1String(value) : QString(),
                             def ? QLatin1String(def) : QString());
        p.addOption(o);
        return o;
    };
    const auto model = opt("model", Tr::tr("A catalog model (onramp catalog models)."), "NAME");
    const auto paramsB = opt("params-b", Tr::tr("A bare parameter count, in billions."), "N");
    const auto layers = opt("layers", Tr::tr("Layers of a custom architecture."), "L");
    const auto hidden = opt("hidden", Tr::tr("Hidden size."), "H");
    const auto heads = opt("heads", Tr::tr("Attention heads."), "A");
    const auto kvHeads = opt("kv-heads", Tr::tr("Key/value heads."), "K");
    const auto ffn = opt("ffn", Tr::tr("FFN size."), "F");
    const auto vocab = opt("vocab", Tr::tr("Vocabulary size."), "V");
    const auto precision = opt(
        "precision", Tr::tr("fp32, bf16, fp16, bf16-mixed, fp16-mixed or fp8."), "P", "bf16-mixed");
    const auto quant = opt("weights-quant", Tr::tr("int8 or nf4 frozen weights."), "Q");
    const auto optimizer =
        opt("optimizer", Tr::tr("adamw, adam8bit, sgd or adafactor."), "O", "adamw");
    const auto method = opt("method", Tr::tr("full, lora or qlora."), "M", "full");
    const auto rank = opt("lora-rank", Tr::tr("LoRA rank."), "R", "8");
    const auto targets = opt("lora-targets", Tr::tr("q,v or all."), "T", "q,v");
    const auto batch = opt("micro-batch", Tr::tr("Micro-batch per GPU."), "B", "1");
    const auto seq = opt("seq-len", Tr::tr("Sequence length in tokens."), "S", "2048");
    const auto gc = opt("grad-checkpointing", Tr::tr("none, selective or full."), "G", "none");
    const auto flash = opt("flash-attention", Tr::tr("Fused attention (FlashAttention/SDPA)."));
    const auto framework =
        opt("framework",
            Tr::tr("pytorch, deepspeed, megatron or llmc: whose mixed-precision conventions "
                   "(gradient dtype, master weights, activations) to count. Default: deepspeed "
                   "with --zero, megatron with --tp, --pp or --sequence-parallel, else "
                   "pytorch."),
            "F");
    const auto gradDtype =
        opt("grad-dtype", Tr::tr("fp32, bf16 or fp16 gradients, overriding the framework's."), "D");
    const auto zero = opt("zero", Tr::tr("ZeRO stage 0–3."), "Z", "0");
    const auto fsdp = opt("fsdp", Tr::tr("FSDP full shard (same memory as ZeRO-3)."));
    const auto tp = opt("tp", Tr::tr("Tensor parallel size."), "T", "1");
    const auto pp = opt("pp", Tr::tr("Pipeline parallel size."), "P", "1");
    const auto sequenceParallel =
        opt("sequence-parallel",
            Tr::tr("Megatron sequence parallelism: split norms and block inputs over TP too."));
    const auto gpus = opt("gpus", Tr::tr("Cards in the job."), "N", "1");
    const auto offload = opt("offload", Tr::tr("optimizer or params."), "WHAT");
    const auto offloadActivations =
        opt("offload-activations", Tr::tr("Keep saved activations in CPU memory."));
    const auto gradAccum = opt("grad-accum",
                               Tr::tr("Micro-batches per optimizer step (gradients are held "
                                      "between them)."),
                               "N", "1");
    const auto compiled = opt("compile", Tr::tr("torch.compile: fused norms and activations."));
    const auto chunkedLoss =
        opt("chunked-loss", Tr::tr("Cross-entropy over chunks of the logits."));
    const auto card = opt("card", Tr::tr("The card to judge against (onramp catalog cards)."),
                          "NAME", "a100-80g");
    const auto json = opt("json", Tr::tr("Print JSON."));
    const auto provider =
        opt("provider",
            Tr::tr("Count and suggest only the cards this provider's catalog offers in its "
                   "instance types: sandbox (a fresh built-in sandbox), the https address of an "
                   "Onramp API (credentials in ONRAMP_ACCESS_KEY_ID and "
                   "ONRAMP_SECRET_ACCESS_KEY), or slurm+http://HOST:PORT. When the provider does "
                   "not answer, the built-in catalog's instance types; a line on stderr says "
                   "which catalog was used. Without it, every card Onramp knows."),
            "PROVIDER");
    p.process(args);

    Parsed out;
    TrainingSetup &s = out.setup;
    const auto number = [&](const QCommandLineOption &o, double &into) -> std::optional<int> {
        bool ok = false;
        const double v = p.value(o).toDouble(&ok);
        if (!ok || !std::isfinite(v))
            return badArgument(o.names().first(), Tr::tr("“%1” is not a number").arg(p.value(o)));
        into = v;
        return std::nullopt;
    };
    // Every count has a ceiling far above any real setup: past it the arithmetic overflows and
    // the estimate would print inf or null instead of an answer.
    const auto integer = [&](const QCommandLineOption &o, int &into, int min,
                             int max = 10'000'000) -> std::optional<int> {
        bool ok = false;
        const int v = p.value(o).toInt(&ok);
        if (!ok)
            return badArgument(o.names().first(),
                               Tr::tr("“%1” is not a whole number").arg(p.value(o)));
        if (v < min)
            return badArgument(o.names().first(), Tr::tr("must be at least %1").arg(min));
        if (v > max)
            return badArgument(o.names().first(), Tr::tr("must be at most %1").arg(max));
        into = v;
        return std::nullopt;
    };
#define ONRAMP_TRY(expr)                                                                           \
    if (auto rc = (expr))                                                                          \
        return std::unexpected(*rc);

    if (p.isSet(model) == p.isSet(paramsB))
        return std::unexpected(
            badArgument(QStringLiteral("model"), Tr::tr("give either --model or --params-b")));
    if (p.isSet(model)) {
        auto m = findModel(p.value(model));
        if (!m)
            return std::unexpected(badArgument(
                QStringLiteral("model"),
                Tr::tr("unknown model “%1”; see onramp catalog models").arg(p.value(model))));
        s.model = *m;
    } else {
        double b = 0;
        ONRAMP_TRY(number(paramsB, b));
        if (b <= 0)
            return std::unexpected(
                badArgument(QStringLiteral("params-b"), Tr::tr("must be positive")));
        constexpr double kMaxParamsB = 100'000; // 100 trillion parameters
        if (b > kMaxParamsB)
            return std::unexpected(badArgument(QStringLiteral("params-b"),
                                               Tr::tr("must be at most %1").arg(kMaxParamsB)));
        s.model = modelFromParams(b);
        for (auto [o, member] :
             {std::pair{&layers, &ModelSpec::layers}, std::pair{&hidden, &ModelSpec::hidden},
              std::pair{&heads, &ModelSpec::heads}, std::pair{&kvHeads, &ModelSpec::kvHeads},
              std::pair{&ffn, &ModelSpec::ffn}, std::pair{&vocab, &ModelSpec::vocab}}) {
            if (p.isSet(*o))
                ONRAMP_TRY(integer(*o, s.model.*member, 1, 1'000'000));
        }
        if (p.isSet(heads) && !p.isSet(kvHeads))
            s.model.kvHeads = s.model.heads;
    }
    const auto prec = precisionFromKey(p.value(precision));
    if (!prec)
        return std::unexpected(
            badArgument(QStringLiteral("precision"), Tr::tr("“%1” is not one of fp32, bf16, fp16, "
                                                            "bf16-mixed, fp16-mixed, fp8")
                                                         .arg(p.value(precision))));
    s.precision = *prec;
    const auto choose = [&](const QCommandLineOption &o,
                            const QStringList &keys) -> std::expected<int, int> {
        const int i = keys.indexOf(p.value(o));
        if (i < 0)
            return std::unexpected(badArgument(
                o.names().first(),
                Tr::tr("“%1” is not one of %2").arg(p.value(o), keys.join(QStringLiteral(", ")))));
        return i;
    };
    const auto pick = [&](const QCommandLineOption &o, const QStringList &keys,
                          auto &into) -> std::optional<int> {
        auto i = choose(o, keys);
        if (!i)
            return i.error();
        into = static_cast<std::remove_reference_t<decltype(into)>>(*i);
        return std::nullopt;
    };
    if (p.isSet(quant)) {
        int q = 0;
        ONRAMP_TRY(pick(
            quant, {QStringLiteral("none"), QStringLiteral("int8"), QStringLiteral("nf4")}, q));
        s.weightQuant = WeightQuant(q);
    }
    ONRAMP_TRY(pick(optimizer, {"adamw", "adam8bit", "sgd", "adafactor"}, s.optimizer));
    ONRAMP_TRY(pick(method, {"full", "lora", "qlora"}, s.method));
    ONRAMP_TRY(integer(rank, s.loraRank, 1));
    int t = 0;
    ONRAMP_TRY(pick(targets, {"q,v", "all"}, t));
    s.loraAllLinear = t == 1;
    ONRAMP_TRY(integer(batch, s.microBatch, 1, 100'000));
    ONRAMP_TRY(integer(seq, s.seqLen, 1, 10'000'000));
    ONRAMP_TRY(pick(gc, {"none", "selective", "full"}, s.checkpointing));
    s.flashAttention = p.isSet(flash);
    ONRAMP_TRY(integer(zero, s.zeroStage, 0));
    if (s.zeroStage > 3)
        return std::unexpected(badArgument(QStringLiteral("zero"), Tr::tr("is 0, 1, 2 or 3")));
    if (p.isSet(fsdp) && p.isSet(zero))
        return std::unexpected(
            badArgument(QStringLiteral("fsdp"), Tr::tr("give either --zero or --fsdp")));
    s.fsdp = p.isSet(fsdp);
    if (p.isSet(framework)) {
        const auto f = frameworkFromKey(p.value(framework));
        if (!f)
            return std::unexpected(
                badArgument(QStringLiteral("framework"),
                            Tr::tr("“%1” is not one of pytorch, deepspeed, megatron, llmc")
                                .arg(p.value(framework))));
        s.framework = *f;
    }
    if (p.isSet(gradDtype)) {
        const auto g = gradDtypeFromKey(p.value(gradDtype));
        if (!g || *g == GradDtype::Default)
            return std::unexpected(
                badArgument(QStringLiteral("grad-dtype"),
                            Tr::tr("“%1” is not one of fp32, bf16, fp16").arg(p.value(gradDtype))));
        s.gradDtype = *g;
    }
    ONRAMP_TRY(integer(tp, s.tp, 1, 100'000));
    ONRAMP_TRY(integer(pp, s.pp, 1, 100'000));
    s.sequenceParallel = p.isSet(sequenceParallel);
    // Without --framework, the options say whose run it is: ZeRO stages are DeepSpeed's
    // configuration, tensor and pipeline parallelism and sequence parallelism Megatron's (#20
    // audit: the issue's own 70B TP 8 PP 4 command still counted PyTorch AMP's 28·sbh).
    if (!p.isSet(framework) && s.zeroStage > 0)
        s.framework = Framework::DeepSpeed;
    else if (!p.isSet(framework) && (s.tp > 1 || s.pp > 1 || s.sequenceParallel))
        s.framework = Framework::Megatron;
    ONRAMP_TRY(integer(gpus, s.gpus, 1, 10'000'000));
    if (p.isSet(offload)) {
        int o = 0;
        ONRAMP_TRY(pick(offload, {"optimizer", "params"}, o));
        s.offload = o == 0 ? Offload::Optimizer : Offload::Params;
    }
    s.offloadActivations = p.isSet(offloadActivations);
    ONRAMP_TRY(integer(gradAccum, s.gradAccumulation, 1));
    s.compiled = p.isSet(compiled);
    s.chunkedLoss = p.isSet(chunkedLoss);
#undef ONRAMP_TRY
    if (auto ok = MemoryEstimator::validate(s); !ok)
        return std::unexpected(
            badArgument(ok.error().field, ok.error().message.section(QStringLiteral(": "), 1)));
    auto c = findCardNamed(p.value(card));
    if (!c)
        return std::unexpected(badArgument(QStringLiteral("card"), c.error()));
    out.card = *c;
    out.json = p.isSet(json);
    out.provider = p.value(provider);
    return out;
}

} // namespace

// A headless command: waiting in a local event loop blocks no one.
std::expected<ResourceCatalog, Error> catalogFor(const QString &provider)
{
    if (provider.isEmpty())
        return ResourceCatalog();
    QTemporaryDir sandboxDir;
    SandboxLauncher launcher;
    std::pair<ProviderProfile, QByteArray> chosen;
    if (provider == QLatin1String("sandbox")) {
        const auto started = startSandbox(launcher, sandboxDir.path());
        if (!started)
            return ResourceCatalog().withUnreadReason(started.error().message);
        chosen = {started->profile, started->secret};
    } else {
        auto named = providerFromOption(provider);
        if (!named)
            return std::unexpected(named.error());
        chosen = *named;
    }
    Transport transport;
    const std::shared_ptr<Provider> p = providerFor(&transport, chosen.first, chosen.second);
    QEventLoop loop;
    QObject context;
    OnboardingState state;
    readProviderCatalog(p, CallContext{&context, {}, {}},
                        [&](const std::expected<ResourceCatalog, ProviderError> &answer) {
                            adoptCatalog(state, chosen.first, answer);
                            loop.quit();
                        });
    loop.exec();
    return state.resources.catalog;
}

int estimate(const QStringList &args)
{
    auto parsed = parseEstimate(args);
    if (!parsed)
        return parsed.error();
    const TrainingSetup &s = parsed->setup;
    // The cards to count and to suggest: every card Onramp knows, or with --provider those the
    // provider's catalog offers (the built-in catalog's instance types when it does not answer),
    // read as `onramp catalog instances --provider` reads it.
    std::vector<CardSpec> cards = cardCatalog();
    std::optional<ResourceCatalog> catalog;
    if (!parsed->provider.isEmpty()) {
        auto read = catalogFor(parsed->provider);
        if (!read) {
            err() << "--provider: " << read.error().message << '\n';
            if (!read.error().details.isEmpty())
                err() << read.error().details << '\n';
            return 2;
        }
        catalog = *read;
        err() << catalog->describe() << '\n' << Qt::flush;
        std::erase_if(cards, [&](const CardSpec &c) {
            return std::none_of(catalog->instances().begin(), catalog->instances().end(),
                                [&](const InstanceType &t) { return t.card == c.key; });
        });
    }
    // The instance types of the catalog used that carry a card, for the card-count table.
    const auto offeredAs = [&](const CardSpec &c) {
        QStringList keys;
        for (const InstanceType &t :
             catalog ? catalog->instances() : std::vector<InstanceType>{}) {
            if (t.card == c.key)
                keys << t.key;
        }
        return keys;
    };
    const MemoryBreakdown m = MemoryEstimator::estimate(s);
    const auto unsupported = MemoryEstimator::unsupported(s, parsed->card, cards);
    const Verdict v =
        unsupported ? Verdict::NotSupported : MemoryEstimator::verdict(m, parsed->card);
    // 1 when the job cannot run on the card as asked, as a check with blocking findings.
    const int status = v == Verdict::DoesNotFit || v == Verdict::NotSupported ? 1 : 0;
    const QString framework = QLatin1String(frameworkConvention(s.framework).name);
    QTextStream out(stdout);

    const std::pair<const char *, const MemoryPart *> parts[] = {{"weights", &m.weights},
                                                                 {"gradients", &m.gradients},
                                                                 {"optimizer", &m.optimizer},
                                                                 {"activations", &m.activations},
                                                                 {"overhead", &m.overhead}};
    // Cards that cannot run the setup have no card count.
    const auto cardsNeeded = [&](const CardSpec &c) {
        return MemoryEstimator::unsupported(s, c) ? -1 : MemoryEstimator::cardsNeeded(s, c);
    };
    if (parsed->json) {
        QJsonObject breakdown, formulas, needed;
        QJsonArray notSupported;
        for (auto [name, part] : parts) {
            breakdown[QLatin1String(name)] = part->bytes / kGiB;
            formulas[QLatin1String(name)] = part->formula;
        }
        for (const CardSpec &c : cards) {
            const int n = cardsNeeded(c);
            needed[c.key] = std::max(0, n);
            if (n < 0)
                notSupported.append(c.key);
        }
        QJsonArray suggestions;
        if (v == Verdict::DoesNotFit) {
            for (const Suggestion &sg : MemoryEstimator::suggestions(s, parsed->card))
                suggestions.append(QJsonObject{{"change", sg.change},
                                               {"per_gpu_gib", sg.totalGiB},
                                               {"saves_gib", sg.savedGiB},
                                               {"speed_cost", sg.speedCost},
                                               {"fits", sg.fits},
                                               {"tight", sg.tight}});
        }
        QJsonObject root{{"model", s.model.key},
                         {"framework", frameworkKey(s.framework)},
                         {"grad_dtype", gradDtypeKey(s.gradDtype)},
                         {"per_gpu_gib", m.totalGiB()},
                         {"breakdown", breakdown},
                         {"formulas", formulas},
                         {"model_states_gib", m.modelStateBytes() / kGiB},
                         {"model_states_gb", m.modelStateBytes() / 1e9},
                         {"card", parsed->card.key},
                         {"verdict", verdictKey(v)},
                         {"cards_needed", needed},
                         {"not_supported_cards", notSupported},
                         {"suggestions", suggestions}};
        if (unsupported) {
            // Every unmet feature; "feature" and "reason" stay the first one's.
            QJsonArray unmet;
            for (const UnmetFeature &u : unsupported->unmet)
                unmet.append(QJsonObject{{"feature", cardFeatureName(u.feature)},
                                         {"reason", u.reason.toString()}});
            root[QStringLiteral("not_supported")] = QJsonObject{
                {"feature", cardFeatureName(unsupported->feature)},
                {"reason", unsupported->reason.toString()},
                {"features", unmet},
                {"nearest_card", unsupported->nearest ? unsupported->nearest->key : QString()}};
        }
        if (catalog) {
            root[QStringLiteral("catalog")] = catalog->describe();
            root[QStringLiteral("catalog_is_providers")] = !catalog->isBuiltIn();
        }
        out << QJsonDocument(root).toJson(QJsonDocument::Indented);
        return status;
    }
    out << Tr::tr("%1, %2 on %n card(s)", nullptr, s.gpus)
               .arg(s.model.name, precisionKey(s.precision))
        << '\n';
    out << Tr::tr("Conventions: %1%2")
               .arg(framework,
                    s.gradDtype == GradDtype::Default
                        ? QString()
                        : Tr::tr(", %1 gradients as stated").arg(gradDtypeKey(s.gradDtype)))
        << '\n';
    for (auto [name, part] : parts)
        out << QStringLiteral("  %1 %2 GiB   %3\n")
                   .arg(QLatin1String(name), -12)
                   .arg(part->bytes / kGiB, 8, 'f', 2)
                   .arg(part->formula);
    out << QStringLiteral("  %1 %2 GiB\n").arg(Tr::tr("per GPU"), -12).arg(m.totalGiB(), 8, 'f', 2);
    out << Tr::tr("Model states (weights, gradients, optimizer): %1 GiB = %2 GB")
               .arg(m.modelStateBytes() / kGiB, 0, 'f', 2)
               .arg(m.modelStateBytes() / 1e9, 0, 'f', 2)
        << '\n';
    out << Tr::tr("On %1: %2").arg(parsed->card.name, verdictText(v)) << '\n';
    if (unsupported)
        out << "  " << unsupported->text() << '\n';
    out << (catalog ? Tr::tr("Smallest card count that fits, on the cards this catalog offers:")
                    : Tr::tr("Smallest card count that fits:"))
        << '\n';
    for (const CardSpec &c : cards) {
        const int n = cardsNeeded(c);
        const QStringList as = offeredAs(c);
        out << QStringLiteral("  %1 %2%3\n")
                   .arg(c.name, -38)
                   .arg(n < 0   ? Tr::tr("not supported")
                        : n > 0 ? QString::number(n)
                                : Tr::tr("does not fit"))
                   .arg(as.isEmpty() ? QString()
                                     : QStringLiteral("  (") + as.join(QStringLiteral(", ")) +
                                           u')');
    }
    if (v == Verdict::DoesNotFit) {
        out << Tr::tr("What to change, cheapest in speed first:") << '\n';
        for (const Suggestion &sg : MemoryEstimator::suggestions(s, parsed->card))
            out << QStringLiteral("  ") << suggestionText(sg) << '\n';
    }
    return status;
}

int catalog(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(Tr::tr("List a catalog: models, cards, images or instances."));
    p.addHelpOption();
    QCommandLineOption json(QStringLiteral("json"), Tr::tr("Print JSON."));
    QCommandLineOption provider(
        QStringLiteral("provider"),
        Tr::tr("For images and instances: the catalog of this provider: sandbox (a fresh "
               "built-in sandbox), the https address of an Onramp API (credentials in "
               "ONRAMP_ACCESS_KEY_ID and ONRAMP_SECRET_ACCESS_KEY), or slurm+http://HOST:PORT. "
               "Without it, or when the provider does not answer, the built-in catalog; a line "
               "on stderr says which."),
        QStringLiteral("PROVIDER"));
    p.addOption(json);
    p.addOption(provider);
    p.addPositionalArgument(QStringLiteral("which"), Tr::tr("models, cards, images or instances"));
    p.process(args);
    QString which = p.positionalArguments().value(0);
    if (which == QLatin1String("gpus")) // what people call the cards
        which = QStringLiteral("cards");
    // A provider's catalog lists images and instances; the cards and models are Onramp's own.
    if (p.isSet(provider) && (which == QLatin1String("cards") || which == QLatin1String("models")))
        err() << Tr::tr("--provider: a provider's catalog lists images and instances; the %1 "
                        "listed are Onramp's built-in ones.")
                     .arg(which)
              << '\n'
              << Qt::flush;
    QTextStream out(stdout);
    QJsonArray list;
    if (which == QLatin1String("models")) {
        for (const ModelSpec &m : modelCatalog()) {
            list.append(QJsonObject{{"key", m.key},
                                    {"name", m.name},
                                    {"params_b", m.paramsB},
                                    {"layers", m.layers},
                                    {"hidden", m.hidden},
                                    {"heads", m.heads},
                                    {"kv_heads", m.kvHeads},
                                    {"ffn", m.ffn},
                                    {"vocab", m.vocab},
                                    {"source", m.source}});
            if (!p.isSet(json))
                out << QStringLiteral("%1 %2 %3B  L=%4 h=%5 a=%6 kv=%7 ffn=%8 V=%9\n")
                           .arg(m.key, -16)
                           .arg(m.name, -28)
                           .arg(m.paramsB, 6, 'f', 2)
                           .arg(m.layers)
                           .arg(m.hidden)
                           .arg(m.heads)
                           .arg(m.kvHeads)
                           .arg(m.ffn)
                           .arg(m.vocab);
        }
    } else if (which == QLatin1String("cards")) {
        for (const CardSpec &c : cardCatalog()) {
            QJsonArray features;
            for (CardFeature f :
                 {CardFeature::Bf16, CardFeature::Fp8, CardFeature::FlashAttention2}) {
                if (cardSupports(c, f))
                    features.append(cardFeatureName(f));
            }
            list.append(QJsonObject{{"key", c.key},
                                    {"name", c.name},
                                    {"memory_gb", c.memory.gib},
                                    {"bandwidth_gbs", c.bandwidthGBs},
                                    {"bf16_tflops", c.bf16Tflops},
                                    {"fp16_tflops", c.fp16Tflops},
                                    {"fp8_tflops", c.fp8Tflops},
                                    {"interconnect", c.interconnect},
                                    {"confidence", c.confidence},
                                    {"arch", c.arch},
                                    {"compute_capability", c.computeCapability},
                                    {"generation", c.generation},
                                    {"supports", features},
                                    {"source", c.source},
                                    {"as_of", c.asOf}});
            if (!p.isSet(json)) {
                QStringList can;
                for (const QJsonValue &f : features)
                    can << f.toString();
                out << QStringLiteral("%1 %2 %3 GB  %4  %5  %6 (%7)\n      %8, %9\n")
                           .arg(c.key, -12)
                           .arg(c.name, -38)
                           .arg(c.memory.gib, 4)
                           .arg(c.arch + u' ' + c.generation, -28)
                           .arg(can.join(u','), -30)
                           .arg(c.interconnect, c.confidence, c.source, c.asOf);
            }
        }
    } else if (which == QLatin1String("instances") || which == QLatin1String("images")) {
        const auto catalog = catalogFor(p.value(provider));
        if (!catalog) {
            err() << "--provider: " << catalog.error().message << '\n';
            if (!catalog.error().details.isEmpty())
                err() << catalog.error().details << '\n';
            return 2;
        }
        // Which catalog this is goes to stderr: the list (and --json) stays what it was.
        err() << catalog->describe() << '\n' << Qt::flush;
        for (const InstanceType &t : which == QLatin1String("instances")
                                         ? catalog->instances()
                                         : std::vector<InstanceType>{}) {
            list.append(t.toJson());
            if (!p.isSet(json))
                out << QStringLiteral("%1 %2 %3 CPUs  %4 GiB  disk %5 GB  driver %6\n")
                           .arg(t.key, -16)
                           .arg(t.name, -24)
                           .arg(t.cpus, 4)
                           .arg(t.memoryGiB, 5)
                           .arg(t.localDiskGB, 6)
                           .arg(t.driver);
        }
        for (const TrainingImage &i :
             which == QLatin1String("images") ? catalog->images() : std::vector<TrainingImage>{}) {
            list.append(i.toJson());
            if (!p.isSet(json))
                out << QStringLiteral("%1 %2 %3  %4 %5  driver ≥ %6  %7\n")
                           .arg(i.key, -22)
                           .arg(i.name + u' ' + i.version, -36)
                           .arg(i.framework + u' ' + i.frameworkVersion)
                           .arg(i.accelerator, i.acceleratorVersion, i.minDriver,
                                i.archs.join(u','));
        }
    } else {
        QTextStream err(stderr);
        err << (which.isEmpty()
                    ? Tr::tr("catalog: say which one: models, cards, images or instances.")
                    : Tr::tr("catalog: “%1” is not a catalog; say models, cards, images or "
                             "instances.")
                          .arg(which))
            << "\n\n"
            << p.helpText();
        return 2;
    }
    if (p.isSet(json))
        out << QJsonDocument(list).toJson(QJsonDocument::Indented);
    return 0;
}

} // namespace onramp::cli
