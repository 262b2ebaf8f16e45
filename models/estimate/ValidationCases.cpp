#include "ValidationCases.h"

#include "Tr.h"

#include <QDate>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace onramp {

namespace {

constexpr double kGiB = double(1ull << 30);

QString lower(const QJsonObject &c, const char *key)
{
    return c.value(QLatin1String(key)).toString().toLower();
}

bool has(const QString &text, const char *pattern)
{
    return QRegularExpression(QLatin1String(pattern), QRegularExpression::CaseInsensitiveOption)
        .match(text)
        .hasMatch();
}

int firstInt(const QString &text, const char *pattern, int fallback)
{
    const auto m =
        QRegularExpression(QLatin1String(pattern), QRegularExpression::CaseInsensitiveOption)
            .match(text);
    return m.hasMatch() ? m.captured(1).toInt() : fallback;
}

// What the source measured with. NVML/nvidia-smi readings include the CUDA context and the
// caching allocator's reserve; PyTorch's own peak counters (torchtune, LitGPT) do not.
bool readsWholeDevice(const QJsonObject &c)
{
    const QString text = lower(c, "reported_as") + u' ' + lower(c, "notes");
    return has(text, "nvidia-smi|nvml|memory occupied");
}

// The context size the case itself states ("~1343 MB of CUDA kernels"), else our default.
double statedContextGiB(const QJsonObject &c)
{
    const auto m = QRegularExpression(QStringLiteral(R"((\d{3,5})\s*MB of CUDA)"))
                       .match(c.value(QLatin1String("notes")).toString());
    return m.hasMatch() ? m.captured(1).toDouble() / 1024.0 : TrainingSetup{}.contextGiB;
}

double unitBytes(const QJsonObject &c)
{
    return has(c.value(QLatin1String("unit")).toString(), "gib") ? kGiB : 1e9;
}

} // namespace

double largestLayerParams(const ModelSpec &m)
{
    // The layers with one weight matrix each: the embedding (vocabulary × hidden), an MLP
    // projection (hidden × ffn), an attention projection (hidden × hidden).
    return std::max({double(m.vocab) * m.hidden, double(m.hidden) * m.ffn,
                     double(m.hidden) * m.hidden});
}

std::expected<std::vector<QJsonObject>, Error> loadValidationCases(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return std::unexpected(
            Error{Error::Kind::Io, Tr::tr("Cannot open %1.").arg(path), f.errorString()});
    QJsonParseError pe{};
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &pe);
    if (!doc.isArray())
        return std::unexpected(Error{Error::Kind::Parse,
                                     Tr::tr("%1 is not a JSON array of cases.").arg(path),
                                     pe.errorString()});
    std::vector<QJsonObject> out;
    for (const QJsonValue &v : doc.array())
        out.push_back(v.toObject());
    return out;
}

CaseResult evaluateCase(const QJsonObject &c)
{
    CaseResult r;
    r.id = c.value(QLatin1String("id")).toString();
    r.kind = c.value(QLatin1String("kind")).toString();
    r.source = c.value(QLatin1String("source")).toString();
    r.sourceUrl = c.value(QLatin1String("source_url")).toString();
    const QString precision = lower(c, "precision");
    const QString optimizer = lower(c, "optimizer");
    const QString method = lower(c, "method");
    const QString sharding = lower(c, "sharding");
    const QString notes = lower(c, "notes");
    const QString everything = r.id + u' ' + lower(c, "source") + u' ' + notes + u' ' +
                               lower(c, "location") + u' ' + lower(c, "reported_as");
    QStringList assumed;

    if (has(sharding, "total across"))
        r.whyNot = QStringLiteral("a whole-job total under the tool's own rule of thumb");
    // A figure its own curator marks as below the physical lower bound is no anchor.
    if (has(notes, "treat as suspect"))
        r.whyNot = QStringLiteral("marked suspect by the case's notes");

    TrainingSetup s;
    const double paramsB = c.value(QLatin1String("params_b")).toDouble();
    if (auto m = findModelMentioned(everything)) {
        s.model = *m;
        if (paramsB > 0)
            s.model.paramsB = paramsB;
    } else if (paramsB > 0) {
        s.model = modelFromParams(paramsB);
        assumed << QStringLiteral("architecture derived from %1B parameters").arg(paramsB);
    } else {
        r.whyNot = QStringLiteral("no parameter count");
        return r;
    }
    r.model = s.model.key;

    // Precision.
    if (has(precision, "pure|no fp32 master|bf16-true|16 bits"))
        s.precision = Precision::Bf16;
    else if (has(precision, "mixed|amp|fp32 master"))
        s.precision = has(precision, "fp16") ? Precision::Fp16Mixed : Precision::Bf16Mixed;
    else if (has(precision, "fp32"))
        s.precision = Precision::Fp32;
    else if (has(precision, "fp16") && !has(precision, "bf16"))
        s.precision = Precision::Fp16;
    else if (has(precision, "bf16|16|nf4"))
        s.precision = Precision::Bf16;
    else {
        s.precision = Precision::Bf16Mixed;
        assumed << QStringLiteral("precision not stated: bf16 mixed");
    }
    if (has(precision + method, "nf4"))
        s.weightQuant = WeightQuant::Nf4;

    // Optimizer.
    if (has(optimizer, "adafactor"))
        s.optimizer = Optimizer::Adafactor;
    else if (has(optimizer, "8bit|8-bit"))
        s.optimizer = Optimizer::Adam8bit;
    else if (has(optimizer, "sgd"))
        s.optimizer = Optimizer::Sgd;
    s.optimizerInBackward = has(optimizer, "optimizer_in_bwd");
    // Paged optimizers (bitsandbytes) evict their state to CPU memory when the card is full.
    const bool paged = has(optimizer, "paged");

    // Method.
    if (has(method, "qlora")) {
        s.method = Method::Qlora;
        s.weightQuant = WeightQuant::Nf4;
    } else if (has(method, "lora|freeze")) {
        s.method = Method::Lora;
    }
    s.loraRank = firstInt(method, R"((?:rank|r=)\s*(\d+))", 8);
    s.loraAllLinear = has(method, "mlp|all");

    // Parallelism.
    s.gpus = std::max(1, c.value(QLatin1String("n_gpus")).toInt(1));
    s.tp = firstInt(sharding, R"(mp\s*=\s*(\d+))", 1);
    if (s.gpus % s.tp != 0)
        s.tp = 1;
    if (has(sharding, "fsdp|zero-3|pos\\+g\\+p"))
        s.zeroStage = 3;
    else if (has(sharding, "zero-2|pos\\+g\\)"))
        s.zeroStage = 2;
    else if (has(sharding, "zero-1|\\(pos\\)"))
        s.zeroStage = 1;
    s.fsdp = has(sharding, "fsdp");
    // LitGPT's config-hub table: "All runs are single-GPU experiments, use --devices 4 to
    // utilize more than one GPU" — its 4xA10G rows ran on one card of that machine (their peaks
    // equal the 1xA10G rows', full fine-tunes included).
    if (has(everything, "config_hub") && s.gpus > 1) {
        s.gpus = 1;
        s.zeroStage = 0;
        s.fsdp = false;
        assumed << QStringLiteral("one card: the source's runs are single-GPU experiments");
    }
    if (has(sharding, "offload"))
        s.offload = has(sharding, "param") ? Offload::Params : Offload::Optimizer;
    s.optimizerPaged = paged;

    // Whether the stated sequence length is only a cap on each sample (unpacked data): the
    // estimate at the cap is then the largest the measured batch could need.
    bool lengthIsCap = false;
    // Batch and sequence: fits statements sometimes omit them; a short sequence is the kind
    // assumption (the verdict then errs on "fits").
    const QJsonValue mb = c.value(QLatin1String("micro_batch"));
    const QJsonValue sl = c.value(QLatin1String("seq_len"));
    s.microBatch = mb.isDouble() ? mb.toInt() : 1;
    s.seqLen = sl.isDouble() ? sl.toInt() : 512;
    if (!mb.isDouble() || !sl.isDouble())
        assumed << QStringLiteral("batch %1 × %2 tokens assumed").arg(s.microBatch).arg(s.seqLen);
    const QJsonValue gc = c.value(QLatin1String("grad_checkpointing"));
    s.checkpointing = gc.toBool(false) ? Checkpointing::Full : Checkpointing::None;
    // Fused attention where the source names it (flash-attn, PyTorch's SDPA), eager where it
    // says so, else what the model's frameworks ran by default.
    if (has(everything, R"(\beager attention|attn_implementation\W+eager)"))
        s.flashAttention = false;
    else if (has(everything, R"(flash[\s_-]?attn|flash attention|\bsdpa\b|scaled_dot_product)"))
        s.flashAttention = true;
    else
        s.flashAttention = s.model.sdpaDefault;
    s.contextGiB = statedContextGiB(c);
    // LitGPT and torchtune recipes compute the loss over chunks of the logits.
    // LitGPT always has; torchtune's recipes since v0.3 (September 2024): a source dated
    // earlier measured the whole logits.
    {
        const auto dated = QRegularExpression(QStringLiteral(R"((20\d\d)-(\d\d)-(\d\d))"))
                               .match(lower(c, "source"));
        const QDate date = dated.hasMatch()
                               ? QDate(dated.captured(1).toInt(), dated.captured(2).toInt(),
                                       dated.captured(3).toInt())
                               : QDate();
        const bool torchtune = has(everything, "torchtune");
        s.chunkedLoss = has(everything, "litgpt|chunked") ||
                        (torchtune && !(date.isValid() && date < QDate(2024, 9, 1)));
        // torchtune packs samples only since v0.2 (July 2024). Before, each batch was padded to
        // its own longest sample, so the stated length is a cap, and the README's figures are
        // logged steps, not the longest batch: its own 3B table shows the gap (25.5 GiB
        // unpacked against 60.0 GiB packed at the same cap).
        lengthIsCap =
            torchtune && date.isValid() && date < QDate(2024, 7, 1) && !has(everything, "packed");
        // torchtune's recipes kept `logits` (the model's fp32 output, shifted by a copy)
        // referenced through loss.backward() until "free logits otherwise it peaks backward
        // memory": lora_finetune_distributed on 2024-06-04 (#1046), the full fine-tune and
        // single-device LoRA recipes on 2024-07-28 (#1235).
        const bool distributedLora = s.method != Method::Full && s.gpus > 1;
        s.lossInputKept = torchtune && date.isValid() &&
                          date < (distributedLora ? QDate(2024, 6, 4) : QDate(2024, 7, 28));
    }
    // Gradient accumulation holds gradients while the next micro-batch runs forward.
    s.gradAccumulation = std::max(
        {1, firstInt(everything, R"(gradient_accumulation_steps\s*=\s*(\d+))", 1),
         firstInt(everything, R"(\bga\s*=\s*(\d+))", 1), firstInt(r.id, R"(-ga(\d+)\b)", 1)});
    // PyTorch before 2.0 (March 2023) zero-filled gradients instead of freeing them.
    {
        const auto year =
            QRegularExpression(QStringLiteral(R"(\b(20[12]\d)\b)")).match(lower(c, "source"));
        s.gradsKept = year.hasMatch() && year.captured(1).toInt() < 2023;
    }
    // torchtune's "Optimization flags" table adds one technique per row to every row above it;
    // its LoRA and QLoRA rows use all but the fused optimizer step and 8-bit AdamW (the table's
    // own words). A row of it ran with what its place in the table says.
    if (has(everything, "optimization flags")) {
        enum Row
        {
            PackedRow,
            CompileRow,
            ChunkedRow,
            CheckpointingRow,
            FusedStepRow,
            OffloadingRow,
            Adam8bitRow,
            Rows
        };
        static const char *const kRows[Rows] = {"packed",        "compile",        "chunked",
                                                "checkpointing", "fuse optimizer", "offloading",
                                                "8-bit"};
        const QString row = lower(c, "location");
        const bool adapters = s.method != Method::Full;
        int last = adapters ? Rows - 1 : -1;
        for (int i = 0; !adapters && i < Rows; ++i) {
            if (has(row, kRows[i]))
                last = i;
        }
        const auto uses = [&](Row r) {
            return r <= last && !(adapters && (r == FusedStepRow || r == Adam8bitRow));
        };
        s.compiled = uses(CompileRow);
        s.chunkedLoss = uses(ChunkedRow);
        if (uses(CheckpointingRow))
            s.checkpointing = Checkpointing::Full;
        s.optimizerInBackward = uses(FusedStepRow);
        s.offloadActivations = uses(OffloadingRow);
        if (uses(Adam8bitRow))
            s.optimizer = Optimizer::Adam8bit;
    }
    // QLoRA's frozen 4-bit layers: bitsandbytes' matmul (PEFT, LitGPT: "bnb.nf4") keeps each
    // layer's input; torchtune's NF4 layers are torchao's linear_nf4, which keeps only the
    // weight.
    s.quantSavesInputs =
        has(everything + u' ' + method + u' ' + precision, "bnb|bitsandbytes") ||
        !has(everything, "torchtune");
    // NF4 without double quantization where the case names it: LitGPT's "bnb.nf4" (its
    // double-quantized mode is "bnb.nf4-dq"), or bitsandbytes' use_double_quant=False.
    s.nf4DoubleQuant = !has(method + u' ' + precision,
                            R"(bnb\.nf4(?!-dq)|double_quant\w*\s*=\s*false)");
    // A step through PyTorch's multi-tensor AdamW, where the source says so.
    s.foreachStep = has(optimizer + u' ' + notes, "foreach") && !has(optimizer, "fused");
    // Whose mixed-precision conventions the source ran under (docs/estimator.md): the ZeRO
    // paper and DeepSpeed count 16-bit gradients, Megatron-LM its own, PyTorch AMP fp32 ones.
    if (has(everything + u' ' + sharding, "zero|deepspeed|rajbhandari"))
        s.framework = Framework::DeepSpeed;
    else if (has(everything + u' ' + sharding, "megatron"))
        s.framework = Framework::Megatron;
    else if (has(everything, "llm\\.c\\b|karpathy/llm"))
        s.framework = Framework::Llmc;
    s.compiled = s.compiled || has(everything, "torch compile|torch\\.compile|uses torch compile");

    if (auto ok = MemoryEstimator::validate(s); !ok) {
        r.whyNot = ok.error().message;
        return r;
    }
    const MemoryBreakdown m = MemoryEstimator::estimate(s);
    r.assumptions = assumed.join(QStringLiteral("; "));

    const QJsonValue reported = c.value(QLatin1String("reported_gb_per_gpu"));
    if (r.kind == QLatin1String("fits")) {
        r.expectedVerdict = has(everything, "\\boom\\b|does not fit|not fit")
                                ? QStringLiteral("no")
                                : QStringLiteral("fits");
        const double memGB = firstInt(lower(c, "gpu"), R"((\d+)\s*gb)", 0);
        if (memGB <= 0) {
            r.whyNot = QStringLiteral("card memory not stated");
            return r;
        }
        CardSpec card;
        card.memory.gib = memGB;
        const Verdict v = MemoryEstimator::verdict(m, card);
        r.ourVerdict = v == Verdict::DoesNotFit ? QStringLiteral("no") : QStringLiteral("fits");
        r.verdictRight = r.ourVerdict == r.expectedVerdict;
        r.estimatedGiB = m.totalGiB();
        r.compared = QStringLiteral("verdict on %1 GB").arg(memGB);
        r.expressible = true;
        return r;
    }

    if (!reported.isDouble()) {
        r.whyNot = QStringLiteral("no figure reported");
        return r;
    }
    r.reportedGiB = reported.toDouble() * unitBytes(c) / kGiB;

    double estimate = 0;
    const QString reportedAs = lower(c, "reported_as");
    if (has(reportedAs, "activation checkpoints")) {
        r.compared = QStringLiteral("activation checkpoints");
        TrainingSetup t = s;
        t.model.lmHead = false;
        estimate = 2.0 * t.seqLen * t.microBatch * t.model.hidden * t.model.layers;
    } else if (has(reportedAs, "base model")) {
        r.compared = QStringLiteral("frozen base weights");
        TrainingSetup t = s;
        t.loraRank = 0;
        estimate = m.weights.bytes;
    } else if (has(notes + u' ' + r.source,
                   "model states only|zero|deepspeed|16ψ|2\\*p|ψ|excludes activations")) {
        r.compared = QStringLiteral("model states");
        estimate = m.modelStateBytes();
        // DeepSpeed's estimate_zero3_model_states_mem_needs (its "Memory Requirements" page)
        // adds the largest layer, gathered whole on every card in fp16: 4 B × its parameters
        // (params and their gradients), offloaded or not.
        if (s.zeroStage == 3 && has(everything, "memory requirements|memory\\.rst|"
                                                "estimate_zero3")) {
            const double largest = largestLayerParams(s.model);
            estimate += 4 * largest;
            r.assumptions += (r.assumptions.isEmpty() ? QString() : QStringLiteral("; ")) +
                             QStringLiteral("DeepSpeed's estimator: + 4 B × the largest layer "
                                            "(%1 M parameters)")
                                 .arg(largest / 1e6, 0, 'f', 1);
        }
        r.zeroPaperModelState =
            r.id.startsWith(QLatin1String("zero-")) && has(r.source, "rajbhandari|zero");
    } else if (r.kind == QLatin1String("measured") && !readsWholeDevice(c)) {
        r.compared = QStringLiteral("peak allocated (framework counter)");
        estimate = m.allocatedBytes();
    } else {
        r.compared = QStringLiteral("device total");
        estimate = m.totalBytes();
    }
    if (!mb.isDouble() && r.compared != QLatin1String("model states") && r.kind == "measured")
        r.whyNot = QStringLiteral("batch and sequence length not stated");
    // A length that is only a cap bounds the estimate from above: shorter samples only lower
    // it. A figure above the estimate at the cap is therefore a miss at least as large as shown,
    // and counts; a figure below it may be a shorter batch, and cannot be compared.
    if (lengthIsCap && r.whyNot.isEmpty()) {
        if (estimate >= r.reportedGiB * kGiB)
            r.whyNot = QStringLiteral(
                "unpacked data: the sequence length is only a cap, the tokens in the measured "
                "batch are not stated, and the figure is below the estimate at the cap");
        else
            r.assumptions += (r.assumptions.isEmpty() ? QString() : QStringLiteral("; ")) +
                             QStringLiteral("the sequence length is only a cap (unpacked data): "
                                            "estimated at the cap, an upper bound; the miss is "
                                            "at least this large");
    }
    // The error is shown for every row that has both figures, compared or not.
    r.estimatedGiB = estimate / kGiB;
    r.errorShare = (r.estimatedGiB - r.reportedGiB) / r.reportedGiB;
    r.hasError = r.reportedGiB > 0;
    r.expressible = r.whyNot.isEmpty();
    return r;
}

bool countsTowardTarget(const CaseResult &r)
{
    return r.kind == QLatin1String("measured") && r.expressible && r.hasError;
}

bool withinTolerance(const CaseResult &r)
{
    return r.hasError && std::abs(r.errorShare) <= kMeasuredTolerance;
}

QString countingRule()
{
    return QStringLiteral(
        "A measured row counts when both figures exist and the case's words give no reason not "
        "to compare them (no batch or sequence length stated, a whole-job total, marked suspect, "
        "or a length that is only a cap with the figure below the estimate at the cap). Target: "
        "%1 % of the rows that count within ±%2 %.")
        .arg(kMeasuredTargetShare * 100, 0, 'f', 0)
        .arg(kMeasuredTolerance * 100, 0, 'f', 0);
}

AccuracySummary summarize(const std::vector<CaseResult> &results)
{
    AccuracySummary a;
    for (const CaseResult &r : results) {
        if (countsTowardTarget(r)) {
            ++a.measured;
            a.measuredWithin += withinTolerance(r);
        } else if (!r.expressible) {
            continue;
        } else if (r.kind == QLatin1String("fits")) {
            ++a.fits;
            a.fitsRight += r.verdictRight;
        } else if (r.zeroPaperModelState) {
            ++a.zero;
            a.zeroWithin2 += std::abs(r.errorShare) <= 0.02;
        }
    }
    return a;
}

QString accuracyMarkdown(const std::vector<CaseResult> &results, const QString &casesFile)
{
    const AccuracySummary a = summarize(results);
    QString md;
    md += QStringLiteral("# Memory estimator accuracy\n\n"
                         "Generated by `onramp estimate-accuracy --cases %1 --markdown` "
                         "(`make estimator-doc`); do not edit by hand.\n\n")
              .arg(casesFile);
    // A summary line and a table for each kind of row the file holds.
    if (a.measured > 0)
        md += QStringLiteral("- measured rows that count within ±%3 %: **%1 of %2** (target %4 %: "
                             "%5)\n")
                  .arg(a.measuredWithin)
                  .arg(a.measured)
                  .arg(kMeasuredTolerance * 100, 0, 'f', 0)
                  .arg(kMeasuredTargetShare * 100, 0, 'f', 0)
                  .arg(a.measuredTargetMet() ? QStringLiteral("met") : QStringLiteral("not met"));
    if (a.fits > 0)
        md += QStringLiteral("- fits/OOM statements with the right verdict: **%1 of %2**\n")
                  .arg(a.fitsRight)
                  .arg(a.fits);
    if (a.zero > 0)
        md += QStringLiteral("- ZeRO paper model-state figures within 2 %: **%1 of %2**\n")
                  .arg(a.zeroWithin2)
                  .arg(a.zero);
    md += QStringLiteral("\n%1\n\n").arg(countingRule());
    const auto table = [&](const QString &kind, const QString &title) {
        if (std::none_of(results.begin(), results.end(),
                         [&](const CaseResult &r) { return r.kind == kind; }))
            return;
        md += QStringLiteral("## %1\n\n| case | model | compared | reported GiB | estimated GiB "
                             "| error | source | notes |\n|---|---|---|---|---|---|---|---|\n")
                  .arg(title);
        for (const CaseResult &r : results) {
            if (r.kind != kind)
                continue;
            QString error;
            if (r.kind == QLatin1String("fits"))
                error = QStringLiteral("expected %1, ours %2 %3")
                            .arg(r.expectedVerdict, r.ourVerdict,
                                 r.verdictRight ? QStringLiteral("✔") : QStringLiteral("✖"));
            else if (r.hasError)
                error = QStringLiteral("%1%2 %%3")
                            .arg(r.errorShare >= 0 ? "+" : "")
                            .arg(r.errorShare * 100, 0, 'f', 1)
                            .arg(r.expressible ? QString() : QStringLiteral(" (not counted)"));
            const QString note =
                r.expressible ? r.assumptions : QStringLiteral("not compared: ") + r.whyNot;
            md += QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | [%7](%8) | %9 |\n")
                      .arg(r.id, r.model, r.compared,
                           r.reportedGiB > 0 ? QString::number(r.reportedGiB, 'f', 2) : QString(),
                           r.estimatedGiB > 0 ? QString::number(r.estimatedGiB, 'f', 2) : QString(),
                           error, r.source.left(60).replace(u'|', u'/'), r.sourceUrl, note);
        }
        md += u'\n';
    };
    table(QStringLiteral("measured"), QStringLiteral("Measured"));
    table(QStringLiteral("fits"), QStringLiteral("Fits / out of memory"));
    table(QStringLiteral("computed"), QStringLiteral("Other tools' computed figures"));
    return md;
}

} // namespace onramp
