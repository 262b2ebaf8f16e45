#include "MemoryEstimator.h"
#include "ResourceCatalog.h"
#include "ResourcePlan.h"
#include "ValidationCases.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QtTest>

#include <cmath>

using namespace onramp;

class TestEstimator : public QObject
{
    Q_OBJECT

    // Measured rows that count (countsTowardTarget) within ±20 % today (19 of 23 on 2026-12-04;
    // the 4 outside and why they stay there: docs/estimator.md, "Accuracy").
    static constexpr int kKnownWithin = 19;

    static TrainingSetup llama7b()
    {
        TrainingSetup s;
        s.model = *findModel("llama-2-7b");
        s.precision = Precision::Bf16Mixed;
        s.microBatch = 1;
        s.seqLen = 2048;
        s.flashAttention = true;
        return s;
    }

    static double gb(double bytes) { return bytes / 1e9; }

private slots:
    // ZeRO paper Table 1 (model states, GB = 1e9 bytes): Ψ = 7.5B, K = 12.
    void zeroTableOne_data()
    {
        QTest::addColumn<double>("paramsB");
        QTest::addColumn<int>("dp");
        QTest::addColumn<int>("stage");
        QTest::addColumn<double>("expectedGB");
        QTest::newRow("7.5B dp1") << 7.5 << 1 << 3 << 120.0;
        QTest::newRow("7.5B dp4 Pos") << 7.5 << 4 << 1 << 52.5;
        QTest::newRow("7.5B dp4 Pos+g") << 7.5 << 4 << 2 << 41.25;
        QTest::newRow("7.5B dp16 Pos+g+p") << 7.5 << 16 << 3 << 7.5;
        QTest::newRow("128B dp64 Pos+g") << 128.0 << 64 << 2 << 284.0;
        QTest::newRow("1T dp1024 Pos") << 1000.0 << 1024 << 1 << 4011.7;
    }

    void zeroTableOne()
    {
        QFETCH(double, paramsB);
        QFETCH(int, dp);
        QFETCH(int, stage);
        QFETCH(double, expectedGB);
        TrainingSetup s;
        s.model = modelFromParams(paramsB);
        s.precision = Precision::Fp16Mixed;
        s.framework = Framework::DeepSpeed; // the paper's fp16 gradients
        s.gpus = dp;
        s.zeroStage = stage;
        const double got = gb(MemoryEstimator::estimate(s).modelStateBytes());
        QVERIFY2(std::abs(got - expectedGB) / expectedGB < 0.01, qPrintable(QString::number(got)));
    }

    void bytesPerParameter_data()
    {
        QTest::addColumn<int>("precision");
        QTest::addColumn<int>("optimizer");
        QTest::addColumn<int>("framework");
        QTest::addColumn<int>("gradDtype");
        QTest::addColumn<double>("bytes");
        const int deflt = int(GradDtype::Default);
        QTest::newRow("mixed AdamW, DeepSpeed (ZeRO 16)")
            << int(Precision::Bf16Mixed) << int(Optimizer::AdamW) << int(Framework::DeepSpeed)
            << deflt << 16.0;
        QTest::newRow("mixed AdamW, PyTorch AMP (HF 18)")
            << int(Precision::Bf16Mixed) << int(Optimizer::AdamW) << int(Framework::PyTorch)
            << deflt << 18.0;
        QTest::newRow("mixed AdamW, llm.c (16)")
            << int(Precision::Bf16Mixed) << int(Optimizer::AdamW) << int(Framework::Llmc) << deflt
            << 16.0;
        QTest::newRow("Megatron bf16 params, fp32 grads (README 18)")
            << int(Precision::Bf16Mixed) << int(Optimizer::AdamW) << int(Framework::Megatron)
            << deflt << 18.0;
        QTest::newRow("Megatron fp16 params, fp16 grads (README 20)")
            << int(Precision::Fp16Mixed) << int(Optimizer::AdamW) << int(Framework::Megatron)
            << deflt << 20.0;
        QTest::newRow("PyTorch with --grad-dtype bf16 (16)")
            << int(Precision::Bf16Mixed) << int(Optimizer::AdamW) << int(Framework::PyTorch)
            << int(GradDtype::Bf16) << 16.0;
        QTest::newRow("DeepSpeed with --grad-dtype fp32 (18)")
            << int(Precision::Bf16Mixed) << int(Optimizer::AdamW) << int(Framework::DeepSpeed)
            << int(GradDtype::Fp32) << 18.0;
        QTest::newRow("pure bf16 AdamW (8)") << int(Precision::Bf16) << int(Optimizer::AdamW)
                                             << int(Framework::PyTorch) << deflt << 8.0;
        QTest::newRow("fp32 AdamW (16)") << int(Precision::Fp32) << int(Optimizer::AdamW)
                                         << int(Framework::PyTorch) << deflt << 16.0;
        QTest::newRow("mixed 8-bit Adam (2+2+6)")
            << int(Precision::Bf16Mixed) << int(Optimizer::Adam8bit) << int(Framework::DeepSpeed)
            << deflt << 10.0;
        QTest::newRow("mixed SGD momentum (2+2+8)")
            << int(Precision::Fp16Mixed) << int(Optimizer::Sgd) << int(Framework::DeepSpeed)
            << deflt << 12.0;
    }

    void bytesPerParameter()
    {
        QFETCH(int, precision);
        QFETCH(int, optimizer);
        QFETCH(int, framework);
        QFETCH(int, gradDtype);
        QFETCH(double, bytes);
        TrainingSetup s = llama7b();
        s.precision = Precision(precision);
        s.optimizer = Optimizer(optimizer);
        s.framework = Framework(framework);
        s.gradDtype = GradDtype(gradDtype);
        const double perParam = MemoryEstimator::estimate(s).modelStateBytes() / (6.74e9);
        QVERIFY2(std::abs(perParam - bytes) < 0.01, qPrintable(QString::number(perParam)));
    }

    // The ZeRO paper's Figure 1: Ψ = 7.5B, N_d = 64, 2Ψ + 2Ψ + KΨ with K = 12, in GB. Under the
    // DeepSpeed convention the figures come out within 3 %; under PyTorch AMP's fp32 gradients
    // ZeRO-1 is 2Ψ + 4Ψ + 12Ψ/N_d = 46.4 GB instead of 31.4.
    void zeroPaperFigureOne_data()
    {
        QTest::addColumn<int>("framework");
        QTest::addColumn<int>("stage");
        QTest::addColumn<double>("expectedGB");
        const int ds = int(Framework::DeepSpeed);
        QTest::newRow("baseline DP") << ds << 0 << 120.0;
        QTest::newRow("ZeRO-1 (Pos)") << ds << 1 << 31.4;
        QTest::newRow("ZeRO-2 (Pos+g)") << ds << 2 << 16.6;
        QTest::newRow("ZeRO-3 (Pos+g+p)") << ds << 3 << 1.9;
        QTest::newRow("ZeRO-1 under PyTorch AMP") << int(Framework::PyTorch) << 1 << 46.4;
        // Megatron's distributed optimizer, bf16 params and fp32 grads: 6Ψ + 12Ψ/d.
        QTest::newRow("Megatron distributed optimizer") << int(Framework::Megatron) << 1 << 46.4;
    }

    void zeroPaperFigureOne()
    {
        QFETCH(int, framework);
        QFETCH(int, stage);
        QFETCH(double, expectedGB);
        TrainingSetup s;
        s.model = modelFromParams(7.5);
        s.precision = Precision::Fp16Mixed;
        if (Framework(framework) == Framework::Megatron)
            s.precision = Precision::Bf16Mixed;
        s.framework = Framework(framework);
        s.gpus = 64;
        s.zeroStage = stage;
        const double got = gb(MemoryEstimator::estimate(s).modelStateBytes());
        QVERIFY2(std::abs(got - expectedGB) / expectedGB < 0.03, qPrintable(QString::number(got)));
    }

    // Korthikanti et al. 2022, Table 2, at the paper's own configurations (Table 3: s = 2048,
    // t = 8): activation bytes per layer in units of s·b·h, GPT block with LayerNorm, dropout,
    // a 4h MLP and 16-bit activations (Megatron's convention), no logits.
    void korthikantiTableTwo_data()
    {
        QTest::addColumn<int>("heads");
        QTest::addColumn<int>("hidden");
        QTest::addColumn<int>("layers");
        QTest::addColumn<bool>("sp");
        QTest::addColumn<int>("recompute");
        QTest::addColumn<double>("perLayer");
        const auto rows = [](const char *name, int a, int h, int L) {
            const double t = 8, s = 2048, attn = 5.0 * a * s / (h * t);
            const QByteArray n(name);
            QTest::newRow(n + " TP") << a << h << L << false << 0 << 10 + 24 / t + attn;
            QTest::newRow(n + " TP+SP") << a << h << L << true << 0 << 34 / t + attn;
            QTest::newRow(n + " TP+selective") << a << h << L << false << 1 << 10 + 24 / t;
            QTest::newRow(n + " TP+SP+selective") << a << h << L << true << 1 << 34 / t;
        };
        rows("22B", 64, 6144, 48);
        rows("175B", 96, 12288, 96);
        rows("530B", 128, 20480, 105);
        rows("1T", 160, 25600, 128);
    }

    void korthikantiTableTwo()
    {
        QFETCH(int, heads);
        QFETCH(int, hidden);
        QFETCH(int, layers);
        QFETCH(bool, sp);
        QFETCH(int, recompute);
        QFETCH(double, perLayer);
        TrainingSetup s;
        s.model = modelFromParams(10);
        s.model.heads = s.model.kvHeads = heads;
        s.model.hidden = hidden;
        s.model.ffn = 4 * hidden;
        s.model.layers = layers;
        s.model.dropout = true;
        s.model.lmHead = false;
        s.framework = Framework::Megatron;
        s.precision = Precision::Bf16Mixed;
        s.flashAttention = false;
        s.seqLen = 2048;
        s.tp = 8;
        s.gpus = 8;
        s.sequenceParallel = sp;
        s.checkpointing = Checkpointing(recompute);
        QVERIFY(MemoryEstimator::validate(s).has_value());
        const double sbhL = 2048.0 * hidden * layers;
        const double got = MemoryEstimator::estimate(s).savedActivations / sbhL;
        QVERIFY2(std::abs(got - perLayer) / perLayer < 0.01,
                 qPrintable(QStringLiteral("%1 vs %2").arg(got).arg(perLayer)));
    }

    // The paper's figure for 175B (a = 96, h = 12288, t = 8, s = 2048): 5as/(ht) = 10, so
    // sequence parallelism and selective recomputation together take 23·sbh to 4.25·sbh, the
    // "5×" of its abstract.
    void korthikantiFiveTimes()
    {
        const double full = 10 + 24 / 8.0 + 10, both = 34 / 8.0;
        QVERIFY(full / both > 5 && full / both < 6);
    }

    // What a card cannot compute is refused before any memory verdict, with the reason and the
    // nearest catalog card that can.
    void capabilityRefusals_data()
    {
        QTest::addColumn<QString>("card");
        QTest::addColumn<int>("precision");
        QTest::addColumn<bool>("flash");
        QTest::addColumn<QString>("feature"); // empty: supported
        QTest::addColumn<QString>("nearest");
        QTest::addColumn<QString>("reasonMentions");
        QTest::newRow("fp8 on A100") << "a100-80g" << int(Precision::Fp8) << false << "FP8"
                                     << "h100-80g"
                                     << "sm_89";
        QTest::newRow("fp8 on A800") << "a800-80g" << int(Precision::Fp8) << false << "FP8"
                                     << "h100-80g"
                                     << "sm_80";
        QTest::newRow("bf16 on V100") << "v100-32g" << int(Precision::Bf16Mixed) << false << "bf16"
                                      << "a100-40g"
                                      << "sm_70";
        QTest::newRow("FlashAttention-2 on V100")
            << "v100-32g" << int(Precision::Fp16Mixed) << true << "FlashAttention-2"
            << "a100-40g"
            << "Volta";
        QTest::newRow("fp8 on Ascend 910B")
            << "ascend-910b" << int(Precision::Fp8) << false << "FP8"
            << ""
            << "Ascend";
        QTest::newRow("fp8 on L40S (sm_89)") << "l40s" << int(Precision::Fp8) << true << ""
                                             << ""
                                             << "";
        QTest::newRow("fp8 on H20") << "h20" << int(Precision::Fp8) << true << ""
                                    << ""
                                    << "";
        QTest::newRow("fp8 on B200") << "b200" << int(Precision::Fp8) << true << ""
                                     << ""
                                     << "";
        QTest::newRow("fp8 on MI300X") << "mi300x" << int(Precision::Fp8) << true << ""
                                       << ""
                                       << "";
        QTest::newRow("bf16 and fused attention on A10")
            << "a10" << int(Precision::Bf16Mixed) << true << ""
            << ""
            << "";
        QTest::newRow("fp16 without fused attention on V100")
            << "v100-32g" << int(Precision::Fp16Mixed) << false << ""
            << ""
            << "";
    }

    void capabilityRefusals()
    {
        QFETCH(QString, card);
        QFETCH(int, precision);
        QFETCH(bool, flash);
        QFETCH(QString, feature);
        QFETCH(QString, nearest);
        QFETCH(QString, reasonMentions);
        TrainingSetup s;
        s.model = *findModel("llama-3.2-1b"); // small: memory is never the question
        s.precision = Precision(precision);
        s.flashAttention = flash;
        const auto c = findCard(card);
        QVERIFY(c.has_value());
        const auto no = MemoryEstimator::unsupported(s, *c);
        const Verdict v = MemoryEstimator::verdict(s, *c);
        if (feature.isEmpty()) {
            QVERIFY2(!no, qPrintable(no ? no->reason.toString() : QString()));
            QVERIFY(v != Verdict::NotSupported);
            return;
        }
        QVERIFY(no.has_value());
        QCOMPARE(v, Verdict::NotSupported);
        QCOMPARE(verdictKey(v), QStringLiteral("not_supported"));
        QCOMPARE(cardFeatureName(no->feature), feature);
        QVERIFY2(no->reason.toString().contains(reasonMentions),
                 qPrintable(no->reason.toString()));
        QVERIFY(no->nearest.has_value());
        if (!nearest.isEmpty())
            QCOMPARE(no->nearest->key, nearest);
        QVERIFY(!MemoryEstimator::unsupported(s, *no->nearest)); // the nearest card can run it
        QVERIFY(no->text().contains(no->nearest->name));
    }

    // #20 audit: only the first unmet feature was named, so fixing it revealed the next refusal.
    // FP8 with FlashAttention-2 on a V100 asks three things it cannot do (FP8, the bf16 that FP8
    // training keeps its weights in, FlashAttention-2): each is named with its own reason, and
    // the nearest card supports all three.
    void capabilityRefusalsNameEveryUnmetFeature()
    {
        TrainingSetup s;
        s.model = *findModel("llama-3.2-1b");
        s.precision = Precision::Fp8;
        s.flashAttention = true;
        const auto v100 = findCard("v100-32g");
        QVERIFY(v100.has_value());
        const auto no = MemoryEstimator::unsupported(s, *v100);
        QVERIFY(no.has_value());
        QStringList named;
        for (const UnmetFeature &u : no->unmet) {
            named << cardFeatureName(u.feature);
            QVERIFY2(u.reason.toString().contains(cardFeatureName(u.feature)),
                     qPrintable(u.reason.toString()));
            QVERIFY2(no->text().contains(u.reason.toString()), qPrintable(no->text()));
        }
        QCOMPARE(named, (QStringList{"FP8", "bf16", "FlashAttention-2"}));
        QCOMPARE(cardFeatureName(no->feature), QStringLiteral("FP8")); // the first, as before
        QVERIFY(no->nearest.has_value());
        for (CardFeature f : {CardFeature::Fp8, CardFeature::Bf16, CardFeature::FlashAttention2})
            QVERIFY2(cardSupports(*no->nearest, f), qPrintable(no->nearest->key));
        QVERIFY(no->text().contains(no->nearest->name));
        // Gate 4 files one finding for each.
        ResourceChoice c;
        c.instance = QStringLiteral("gpu.v100.8");
        c.image = QStringLiteral("pytorch-2.1-cu118");
        c.setup = s;
        QStringList codes;
        for (const Finding &f : checkResources(c, ResourceCatalog()))
            codes << f.code;
        for (const char *code : {"precision.fp8_unsupported", "precision.bf16_unsupported",
                                 "attention.flash_unsupported"})
            QVERIFY2(codes.contains(QLatin1String(code)), qPrintable(codes.join(u',')));
        // The nearest card comes from the cards given (a provider's) when there are any.
        const std::vector<CardSpec> offered{*findCard("a100-80g"), *findCard("mi300x")};
        const auto fromOffered = MemoryEstimator::unsupported(s, *v100, offered);
        QVERIFY(fromOffered && fromOffered->nearest);
        QCOMPARE(fromOffered->nearest->key, QStringLiteral("mi300x"));
    }

    // #20 audit: no instance types for B200, H800, A800, MI300X or Ascend 910C, no image for
    // MI300X (ROCm) or 910C (CANN), and no source or date on instance types.
    void catalogOffersTheCurrentCards()
    {
        for (const char *key : {"b200", "h800", "a800-80g", "mi300x", "ascend-910c", "h100-80g",
                                "a100-80g", "ascend-910b"}) {
            const auto offering = std::find_if(
                builtinInstances().begin(), builtinInstances().end(),
                [&](const InstanceType &t) { return t.card == QLatin1String(key); });
            QVERIFY2(offering != builtinInstances().end(), key);
        }
        for (const InstanceType &t : builtinInstances()) {
            QVERIFY2(!t.source.isEmpty(), qPrintable(t.key));
            QVERIFY2(QRegularExpression(QStringLiteral("^20\\d\\d-\\d\\d$")).match(t.asOf).hasMatch(),
                     qPrintable(t.key + u' ' + t.asOf));
            // A driver the catalog does not know says so in words; it is never a made-up number.
            if (!t.driverKnown())
                QVERIFY2(t.driver.contains(QLatin1String("not stated")), qPrintable(t.key));
        }
        // Round trip: the sandbox serves what toJson writes, source and date included.
        const QJsonArray served = [] {
            QJsonArray a;
            for (const InstanceType &t : builtinInstances())
                a.append(t.toJson());
            return a;
        }();
        const auto back = parseInstanceCatalog(QJsonObject{{"instances", served}});
        QVERIFY(back.has_value());
        QCOMPARE(back->back().source, builtinInstances().back().source);
        QCOMPARE(back->back().asOf, builtinInstances().back().asOf);
        // An image for each of the new accelerators' stacks, built for their architecture.
        for (const auto &[card, accelerator] :
             {std::pair{"mi300x", "ROCm"}, std::pair{"ascend-910c", "CANN"}}) {
            const QString arch = findCard(QLatin1String(card))->arch;
            const bool has = std::any_of(
                builtinImages().begin(), builtinImages().end(), [&](const TrainingImage &i) {
                    return i.accelerator == QLatin1String(accelerator) && i.archs.contains(arch);
                });
            QVERIFY2(has, card);
        }
        // Gate 4 takes the MI300X node with its ROCm image: built for it, and a host driver the
        // catalog does not state is not called too old.
        ResourceChoice c;
        c.instance = QStringLiteral("gpu.mi300x.8");
        c.image = QStringLiteral("pytorch-2.5-rocm6.2");
        c.setup.model = *findModel("llama-3-8b");
        for (const Finding &f : checkResources(c, ResourceCatalog()))
            QVERIFY2(f.code != "image.arch_unsupported" && f.code != "image.driver_too_old" &&
                         f.code != "instance.missing" && f.code != "image.missing",
                     qPrintable(f.code));
    }

    void catalogHasTheCurrentCards()
    {
        for (const char *key :
             {"b200", "h200-141g", "h100-80g", "h800", "h20", "a100-80g", "a800-80g", "l40s", "l20",
              "rtx4090", "mi300x", "ascend-910b", "ascend-910c"}) {
            const auto c = findCard(QLatin1String(key));
            QVERIFY2(c.has_value(), key);
            QVERIFY2(!c->source.isEmpty() && !c->asOf.isEmpty(), key);
            QVERIFY2(!c->generation.isEmpty(), key);
            // NVIDIA cards carry their compute capability, matching their arch name.
            if (c->arch.startsWith("sm_"))
                QCOMPARE(QStringLiteral("sm_%1").arg(int(std::lround(c->computeCapability * 10))),
                         c->arch);
        }
    }

    void loraTrainsOnlyAdapters()
    {
        TrainingSetup s = llama7b();
        s.method = Method::Lora;
        s.loraRank = 8;
        const MemoryBreakdown m = MemoryEstimator::estimate(s);
        // Llama 2 7B, r = 8 on q and v: 32 × 2 × 8 × (4096 + 4096) = 4,194,304 parameters,
        // fp32 adapters with their fp32 gradients and two AdamW states.
        QCOMPARE(m.modelStateBytes() - m.weights.bytes, 4194304.0 * (4 + 8));
        // Their gradients are not yet made when the activations peak.
        QCOMPARE(m.gradients.bytes, 0.0);
        QVERIFY(m.gradients.formula.contains("none yet"));
        QVERIFY(m.weights.formula.contains("4.2 M"));
        TrainingSetup q = s;
        q.method = Method::Qlora;
        QVERIFY(MemoryEstimator::estimate(q).weights.bytes < 0.4 * m.weights.bytes);
    }

    void activationsRespondToTheKnobs()
    {
        const TrainingSetup base = llama7b();
        const auto saved = [](const TrainingSetup &s) {
            return MemoryEstimator::estimate(s).savedActivations;
        };
        const double a = saved(base);
        TrainingSetup doubled = base;
        doubled.microBatch = 2;
        QVERIFY(saved(doubled) > 1.9 * a);
        TrainingSetup eager = base;
        eager.flashAttention = false; // the a·s²·b scores come back
        QVERIFY(saved(eager) > 1.3 * a);
        TrainingSetup ckpt = base;
        ckpt.checkpointing = Checkpointing::Full;
        QVERIFY(saved(ckpt) < 0.5 * a);
        TrainingSetup tp = base;
        tp.tp = 4;
        tp.gpus = 4;
        QVERIFY(saved(tp) < 0.6 * a);
        TrainingSetup fp32 = base;
        fp32.precision = Precision::Fp32;
        QVERIFY(saved(fp32) > 1.5 * a);
        TrainingSetup compiled = base; // fused norms and SiLU·up save less than eager ones
        compiled.compiled = true;
        QVERIFY(saved(compiled) < 0.9 * a);
        TrainingSetup offloaded = ckpt;
        offloaded.offloadActivations = true;
        QVERIFY(saved(offloaded) < saved(ckpt));
    }

    // Backward frees each layer's activations as it makes that layer's gradients: the peak is
    // the start of backward or the optimizer step, not both at once — unless gradients are held.
    void gradientsAndActivationsPeakApart()
    {
        TrainingSetup s = llama7b();
        s.precision = Precision::Bf16;
        s.microBatch = 8; // activations ≫ gradients: the peak is the start of backward
        MemoryBreakdown m = MemoryEstimator::estimate(s);
        QVERIFY(m.savedActivations > 2 * m.modelStateBytes() / 8);
        QCOMPARE(m.gradients.bytes, 0.0);
        QCOMPARE(m.activations.bytes, m.savedActivations);
        s.microBatch = 1;
        s.checkpointing = Checkpointing::Full; // activations ≪ gradients: the optimizer step
        m = MemoryEstimator::estimate(s);
        QCOMPARE(m.activations.bytes, 0.0);
        QCOMPARE(m.gradients.bytes, 6.74e9 * 2);
        QVERIFY(m.gradients.formula.contains("optimizer step"));
        // Accumulating gradients holds them while the next micro-batch stores activations.
        const double freed = m.totalBytes();
        s.gradAccumulation = 4;
        const MemoryBreakdown held = MemoryEstimator::estimate(s);
        QCOMPARE(held.gradients.bytes, 6.74e9 * 2);
        QCOMPARE(held.activations.bytes, held.savedActivations);
        QVERIFY(held.totalBytes() > freed);
        // Parts always add up to the total.
        QCOMPARE(held.allocatedBytes() + held.overhead.bytes, held.totalBytes());
    }

    // A training loop that still holds the fp32 logits it gave the loss keeps them beside the
    // loss's log-probabilities and both gradients: 16 B per logit at the loss's backward
    // instead of 12. A chunked loss never makes that copy.
    void keptLossInputAddsFourBytesPerLogit()
    {
        TrainingSetup s = llama7b();
        s.precision = Precision::Bf16;
        s.microBatch = 4;
        s.checkpointing = Checkpointing::Full;
        s.optimizerInBackward = true; // the loss's backward is the peak
        const auto withKept = [](TrainingSetup t, bool kept) {
            t.lossInputKept = kept;
            return MemoryEstimator::estimate(t);
        };
        const MemoryBreakdown freed = withKept(s, false);
        const MemoryBreakdown kept = withKept(s, true);
        QCOMPARE(freed.gradients.bytes, 0.0); // the loss's backward, no gradients yet
        const double logits = 2048.0 * 4 * s.model.vocab;
        QCOMPARE(kept.activations.bytes - freed.activations.bytes, 4 * logits);
        QCOMPARE(kept.savedActivations - freed.savedActivations, 4 * logits);
        QVERIFY(kept.activations.formula.contains(QStringLiteral("16·s·b·V")));
        QCOMPARE(kept.modelStateBytes(), freed.modelStateBytes());
        s.chunkedLoss = true;
        QCOMPARE(withKept(s, true).totalBytes(), withKept(s, false).totalBytes());
    }

    // LoRA under torch.autocast over an fp32 model: the frozen weights stay fp32, and each
    // linear's backward keeps the 16-bit copy autocast made for it (autocast caches casts only
    // of leaves that require grad; mm saves mat2 when its input needs a gradient).
    void autocastKeepsCopiesOfFrozenWeights()
    {
        TrainingSetup s = llama7b(); // bf16-mixed, PyTorch AMP
        s.method = Method::Lora;
        const ModelSpec &m = s.model;
        const double P = m.paramsB * 1e9;
        const double layerLinear =
            m.hidden * m.hidden * (2 + 2.0 * m.kvHeads / m.heads) + 3.0 * m.hidden * m.ffn;
        const double headCopy = 2.0 * m.vocab * m.hidden;
        // What does not grow with the batch: the copies (activations all scale with it).
        const auto fixedPart = [](TrainingSetup t) {
            t.microBatch = 1;
            const double one = MemoryEstimator::estimate(t).savedActivations;
            t.microBatch = 2;
            return 2 * one - MemoryEstimator::estimate(t).savedActivations;
        };
        const auto near = [](double a, double b) { return std::abs(a - b) < 1e3; };
        // Every layer's copies until backward reaches it, and the output layer's.
        QVERIFY2(near(fixedPart(s), m.layers * layerLinear * 2 + headCopy),
                 qPrintable(QString::number(fixedPart(s))));
        QVERIFY(MemoryEstimator::estimate(s).activations.formula.contains(
            QStringLiteral("output layer's 16-bit weight copy")));
        // Full recomputation: the recomputed layer's copies only (a chunked loss keeps the
        // loss's part below the recomputed layer's).
        TrainingSetup ckpt = s;
        ckpt.checkpointing = Checkpointing::Full;
        ckpt.chunkedLoss = true;
        QVERIFY2(near(fixedPart(ckpt), layerLinear * 2),
                 qPrintable(QString::number(fixedPart(ckpt))));
        // The frozen weights stay fp32: 2 B more per parameter than in pure bf16, and the
        // adapters 4 B instead of 2.
        TrainingSetup pure = s;
        pure.precision = Precision::Bf16;
        const MemoryBreakdown mixed = MemoryEstimator::estimate(s);
        const double adapters = m.layers * 8.0 * (4 * m.hidden); // rank 8 on q and v (MHA)
        const double extra = mixed.weights.bytes - MemoryEstimator::estimate(pure).weights.bytes;
        QVERIFY2(near(extra, 2 * P + 2 * adapters),
                 qPrintable(QStringLiteral("%1 %2").arg(extra).arg(2 * P + 2 * adapters)));
        // None where nothing is cast: pure bf16, an engine that casts the model to 16 bits
        // (DeepSpeed), quantized frozen weights (dequantized, not cast), a full fine-tune
        // (autocast's cached copy of a trained weight is its 2 B "weights").
        QCOMPARE(fixedPart(pure), 0.0);
        TrainingSetup deepspeed = s;
        deepspeed.framework = Framework::DeepSpeed;
        QCOMPARE(fixedPart(deepspeed), 0.0);
        TrainingSetup qlora = s;
        qlora.method = Method::Qlora;
        QVERIFY(near(fixedPart(qlora), 2 * layerLinear)); // QLoRA's one dequantized layer
        TrainingSetup full = s;
        full.method = Method::Full;
        QCOMPARE(fixedPart(full), 0.0);
    }

    // A paged optimizer (bitsandbytes) keeps its state in CUDA unified memory, outside
    // PyTorch's counters; unlike ZeRO-Offload it leaves the gradients where they were.
    void pagedOptimizerLeavesTheGradients()
    {
        TrainingSetup s = llama7b();
        s.precision = Precision::Bf16;
        s.fsdp = true;
        s.gpus = 4;
        s.checkpointing = Checkpointing::Full; // the optimizer step is the peak
        s.optimizerPaged = true;
        const MemoryBreakdown paged = MemoryEstimator::estimate(s);
        QCOMPARE(paged.optimizer.bytes, 0.0);
        QVERIFY(paged.optimizer.formula.contains(QStringLiteral("unified memory")));
        QCOMPARE(paged.gradients.bytes, 6.74e9 * 2 / 4);
        QCOMPARE(paged.modelStateBytes(), 2 * (6.74e9 * 2 / 4));
        s.optimizerPaged = false;
        s.offload = Offload::Optimizer; // ZeRO-Offload takes the gradients along
        QCOMPARE(MemoryEstimator::estimate(s).gradients.bytes, 0.0);
        // The case reader: "PagedAdamW" is paged, not offloaded.
        QJsonObject c{{"id", "paged-probe"},
                      {"kind", "measured"},
                      {"source", "a test, 2026"},
                      {"params_b", 6.74},
                      {"precision", "bf16 (pure)"},
                      {"optimizer", "PagedAdamW (bitsandbytes)"},
                      {"method", "full"},
                      {"sharding", "FSDP"},
                      {"n_gpus", 4},
                      {"micro_batch", 1},
                      {"seq_len", 512},
                      {"grad_checkpointing", true},
                      {"reported_gb_per_gpu", 10.0},
                      {"reported_as", "model states only"},
                      {"notes", "Llama2-7B, model states only"},
                      {"unit", "GB"}};
        const CaseResult r = evaluateCase(c);
        QCOMPARE(r.compared, QStringLiteral("model states"));
        QVERIFY2(std::abs(r.estimatedGiB - 2 * (6.74e9 * 2 / 4) / double(1ull << 30)) < 0.01,
                 qPrintable(QString::number(r.estimatedGiB)));
    }

    // torchtune's recipes dropped their reference to the logits before backward on 2024-06-04
    // (lora_finetune_distributed, #1046) and 2024-07-28 (the others, #1235): the case reader
    // takes the source's date.
    void caseReaderKeepsLogitsWhereTheRecipeDid()
    {
        // The optimizer steps in backward on one card, so the loss's backward is the peak.
        const auto estimateOn = [](const QString &date, const QString &method, int gpus) {
            QJsonObject c{{"id", "tt-probe"},
                          {"kind", "measured"},
                          {"source", QStringLiteral("torchtune README (commit x, %1)").arg(date)},
                          {"params_b", 6.74},
                          {"precision", "bf16 (pure)"},
                          {"optimizer", gpus > 1 ? "AdamW" : "AdamW, optimizer_in_bwd=True"},
                          {"method", method},
                          {"sharding", gpus > 1 ? "FSDP" : "none"},
                          {"n_gpus", gpus},
                          {"micro_batch", 4},
                          {"seq_len", 2048},
                          {"grad_checkpointing", true},
                          {"reported_gb_per_gpu", 20.0},
                          {"notes", "Llama2-7B"},
                          {"unit", "GB"}};
            return evaluateCase(c).estimatedGiB;
        };
        const double logitsGiB = 4.0 * 4 * 2048 * 32000 / double(1ull << 30);
        const auto near = [](double a, double b) { return std::abs(a - b) < 0.01; };
        // Both dates before torchtune's chunked loss (September 2024) and after its packing
        // (July 2024): only the reference to the logits differs.
        const QString full = QStringLiteral("full");
        QVERIFY(near(estimateOn("2024-07-27", full, 1) - estimateOn("2024-07-29", full, 1),
                     logitsGiB));
        QVERIFY(near(estimateOn("2024-07-27", full, 4) - estimateOn("2024-07-29", full, 4),
                     logitsGiB));
        const QString lora = QStringLiteral("LoRA (rank 8, q/v)");
        QVERIFY(near(estimateOn("2024-07-27", lora, 1) - estimateOn("2024-07-29", lora, 1),
                     logitsGiB));
        // lora_finetune_distributed had dropped it on 2024-06-04.
        QVERIFY(near(estimateOn("2024-07-27", lora, 2), estimateOn("2024-07-29", lora, 2)));
        QVERIFY(near(estimateOn("2024-06-03", lora, 2) - estimateOn("2024-06-05", lora, 2),
                     logitsGiB));
    }

    // Eager RMSNorm keeps fp32 copies; a LayerNorm model or a compiled one does not.
    void eagerRmsNormCostsMore()
    {
        TrainingSetup s = llama7b();
        s.precision = Precision::Bf16;
        const double eager = MemoryEstimator::estimate(s).savedActivations;
        s.model.rmsNorm = false;
        const double layerNorm = MemoryEstimator::estimate(s).savedActivations;
        // Two norms per layer, 8 B instead of 2 B per element: 12·s·b·h per layer.
        const double expected = 12.0 * 2048 * 4096 * 32;
        QVERIFY2(std::abs((eager - layerNorm) - expected) < 1e6,
                 qPrintable(QString::number(eager - layerNorm)));
    }

    // bitsandbytes' 4-bit matmul keeps its input for backward even when its weight is frozen
    // (MatMul4Bit.forward: ctx.tensors = (A, B)); torch's own linear and torchao's NF4 linear
    // (torchtune) do not.
    void bitsandbytesQloraKeepsLayerInputs()
    {
        TrainingSetup s = llama7b();
        s.precision = Precision::Bf16;
        s.method = Method::Qlora;
        s.quantSavesInputs = true;
        const MemoryBreakdown bnb = MemoryEstimator::estimate(s);
        s.quantSavesInputs = false;
        const MemoryBreakdown torchao = MemoryEstimator::estimate(s);
        // The attention and MLP inputs (2 + 2) and the down-projection's (2·f/h) per layer, in
        // units of s·b·h bytes.
        const ModelSpec &m = s.model;
        const double expected =
            (4.0 + 2.0 * m.ffn / m.hidden) * s.seqLen * s.microBatch * m.hidden * m.layers;
        const double got = bnb.savedActivations - torchao.savedActivations;
        QVERIFY2(std::abs(got - expected) < 1e6, qPrintable(QString::number(got)));
        QVERIFY(bnb.activations.formula.contains("bitsandbytes"));
        QVERIFY(!torchao.activations.formula.contains("bitsandbytes"));
        // Unquantized LoRA computes its frozen layers with torch's linear: no input kept.
        s.method = Method::Lora;
        s.weightQuant = WeightQuant::None;
        const double plain = MemoryEstimator::estimate(s).savedActivations;
        s.quantSavesInputs = true;
        QCOMPARE(MemoryEstimator::estimate(s).savedActivations, plain);
    }

    // NF4 keeps an fp32 constant per 64 weights (0.5 bits); double quantization brings the
    // constants to 0.127 bits (QLoRA paper, "Double Quantization").
    void nf4DoubleQuantization()
    {
        TrainingSetup s = llama7b();
        s.precision = Precision::Bf16;
        s.method = Method::Qlora;
        const double dq = MemoryEstimator::estimate(s).weights.bytes;
        s.nf4DoubleQuant = false;
        const double plain = MemoryEstimator::estimate(s).weights.bytes;
        const ModelSpec &m = s.model;
        const double linear = (m.hidden * m.hidden * (2 + 2.0 * m.kvHeads / m.heads) +
                               3.0 * m.hidden * m.ffn) *
                              m.layers;
        QVERIFY2(std::abs((plain - dq) - linear * (0.5 - 0.127) / 8) < 1e3,
                 qPrintable(QString::number(plain - dq)));
    }

    // PyTorch's foreach AdamW makes sqrt(v) for every parameter at once: one moment more at the
    // step, sharded as the optimizer state is; a step in backward makes none.
    void foreachAdamWAddsOneMomentAtTheStep()
    {
        TrainingSetup s = llama7b(); // bf16-mixed: fp32 moments
        s.checkpointing = Checkpointing::Full; // the optimizer step is the peak
        const auto extra = [](TrainingSetup t) {
            t.foreachStep = false;
            const MemoryBreakdown fused = MemoryEstimator::estimate(t);
            t.foreachStep = true;
            const MemoryBreakdown foreach = MemoryEstimator::estimate(t);
            // Not a model state in the ZeRO paper's sense.
            if (foreach.modelStateBytes() != fused.modelStateBytes())
                return -1.0;
            return foreach.totalBytes() - fused.totalBytes();
        };
        const MemoryBreakdown m = MemoryEstimator::estimate(s);
        QVERIFY(m.gradients.formula.contains("optimizer step"));
        QCOMPARE(extra(s), 6.74e9 * 4);
        s.foreachStep = true;
        QVERIFY(MemoryEstimator::estimate(s).optimizer.formula.contains("foreach"));
        // Sharded with the optimizer state: ZeRO-1 over 4 ranks.
        s.gpus = 4;
        s.zeroStage = 1;
        QCOMPARE(extra(s), 6.74e9 * 4 / 4);
        // Pure bf16 keeps 16-bit moments.
        s.gpus = 1;
        s.zeroStage = 0;
        s.precision = Precision::Bf16;
        QCOMPARE(extra(s), 6.74e9 * 2);
        // Stepping each parameter in backward makes no temporary for all of them.
        s.optimizerInBackward = true;
        QCOMPARE(extra(s), 0.0);
    }

    // The case reader takes these conventions from a case's own words.
    // DeepSpeed's ZeRO-3 estimator (its "Memory Requirements" page) counts the largest layer
    // gathered on every card, 4 B per parameter, offloaded or not; the ZeRO paper does not.
    void deepSpeedsEstimatorCountsTheLargestLayer()
    {
        QJsonObject c{{"id", "llama-2-7b-ds"},
                      {"kind", "computed"},
                      {"source", "DeepSpeed docs 'Memory Requirements'"},
                      {"params_b", 6.74},
                      {"precision", "fp16 mixed"},
                      {"optimizer", "Adam"},
                      {"method", "full"},
                      {"sharding", "ZeRO-3 + param & optimizer CPU offload"},
                      {"n_gpus", 4},
                      {"reported_gb_per_gpu", 0.5},
                      {"reported_as", "0.5GB"},
                      {"unit", "GiB"}};
        // Llama 2 7B's largest layer is its embedding: 32000 × 4096.
        QCOMPARE(largestLayerParams(*findModel(QStringLiteral("llama-2-7b"))), 32000.0 * 4096);
        const CaseResult offloaded = evaluateCase(c);
        QCOMPARE(offloaded.compared, QStringLiteral("model states"));
        QVERIFY2(std::abs(offloaded.estimatedGiB - 4 * 32000.0 * 4096 / double(1ull << 30)) < 0.01,
                 qPrintable(QString::number(offloaded.estimatedGiB)));
        c["sharding"] = QStringLiteral("ZeRO-3 + optimizer CPU offload");
        const double partition = 2 * 6.74e9 / 4 / double(1ull << 30);
        QVERIFY(std::abs(evaluateCase(c).estimatedGiB - partition -
                         4 * 32000.0 * 4096 / double(1ull << 30)) < 0.01);
        // The same setup read from the ZeRO paper: model states alone.
        c["source"] = QStringLiteral("Rajbhandari et al., ZeRO");
        QVERIFY(std::abs(evaluateCase(c).estimatedGiB - partition) < 0.01);
    }

    void caseReaderReadsQuantKernelAndForeach()
    {
        QJsonObject c{{"id", "llama-2-7b-reader"},
                      {"kind", "measured"},
                      {"source", "torchtune README"},
                      {"params_b", 6.74},
                      {"precision", "bf16 (pure)"},
                      {"optimizer", "AdamW"},
                      {"method", "QLoRA (rank 8)"},
                      {"sharding", "none"},
                      {"n_gpus", 1},
                      {"micro_batch", 2},
                      {"seq_len", 512},
                      {"grad_checkpointing", false},
                      {"reported_gb_per_gpu", 10.0},
                      {"unit", "GiB"}};
        const double torchao = evaluateCase(c).estimatedGiB;
        c["method"] = QStringLiteral("QLoRA (bnb.nf4, rank 8)");
        const double bnb = evaluateCase(c).estimatedGiB;
        QVERIFY2(bnb > torchao + 0.5, qPrintable(QStringLiteral("%1 %2").arg(bnb).arg(torchao)));
        // LitGPT's "bnb.nf4" has no double quantization; "bnb.nf4-dq" has.
        c["method"] = QStringLiteral("QLoRA (bnb.nf4-dq, rank 8)");
        const double dq = evaluateCase(c).estimatedGiB;
        QVERIFY2(bnb - dq > 0.2 && bnb - dq < 0.4,
                 qPrintable(QStringLiteral("%1 %2").arg(bnb).arg(dq)));

        c["method"] = QStringLiteral("full");
        c["grad_checkpointing"] = true;
        const double plain = evaluateCase(c).estimatedGiB;
        c["optimizer"] = QStringLiteral("torch.optim.AdamW (foreach)");
        const double foreach = evaluateCase(c).estimatedGiB;
        c["optimizer"] = QStringLiteral("torch.optim.AdamW (fused, not foreach)");
        const double fused = evaluateCase(c).estimatedGiB;
        // One bf16 moment of 6.74B parameters more with foreach.
        QVERIFY2(std::abs((foreach - plain) - 6.74e9 * 2 / double(1ull << 30)) < 0.01,
                 qPrintable(QString::number(foreach - plain)));
        QCOMPARE(fused, plain);
    }

    void rejectsImpossibleSetups_data()
    {
        QTest::addColumn<QString>("field");
        QTest::newRow("tp") << "tp";
        QTest::newRow("micro-batch") << "micro-batch";
        QTest::newRow("gpus") << "gpus";
    }

    void rejectsImpossibleSetups()
    {
        QFETCH(QString, field);
        TrainingSetup s = llama7b();
        if (field == "tp") {
            s.tp = 3; // 32 heads
            s.gpus = 3;
        } else if (field == "micro-batch") {
            s.microBatch = 0;
        } else {
            s.tp = 2;
            s.gpus = 3;
        }
        auto r = MemoryEstimator::validate(s);
        QVERIFY(!r.has_value());
        QCOMPARE(r.error().field, field);
    }

    void verdictAndCardCount()
    {
        TrainingSetup s = llama7b(); // ~16 B/param ≈ 108 GB: no single card holds it
        const CardSpec a100 = *findCard("a100-80g");
        QCOMPARE(MemoryEstimator::verdict(MemoryEstimator::estimate(s), a100), Verdict::DoesNotFit);
        const int n = MemoryEstimator::cardsNeeded(s, a100); // counted with ZeRO-3 sharding
        s.zeroStage = 3;
        QVERIFY(n >= 2 && n <= 4);
        s.gpus = n;
        QVERIFY(MemoryEstimator::verdict(MemoryEstimator::estimate(s), a100) !=
                Verdict::DoesNotFit);
        s.gpus = n - 1;
        if (n > 1)
            QCOMPARE(MemoryEstimator::verdict(MemoryEstimator::estimate(s), a100),
                     Verdict::DoesNotFit);
    }

    void suggestionsAreOrderedAndHelp()
    {
        TrainingSetup s = llama7b();
        s.microBatch = 8;
        const CardSpec card = *findCard("a100-80g");
        const auto list = MemoryEstimator::suggestions(s, card);
        QVERIFY(list.size() >= 3);
        // The cheapest in speed first: a chunked loss costs nothing.
        QVERIFY2(list.front().change.contains("chunks"), qPrintable(list.front().change));
        QVERIFY(list[1].change.contains("micro-batch"));
        // Each step lowers the memory by what it says, costs what it says; only the last fits.
        double before = MemoryEstimator::estimate(s).totalGiB();
        for (size_t i = 0; i < list.size(); ++i) {
            QVERIFY2(list[i].totalGiB < before, qPrintable(list[i].change));
            QVERIFY(std::abs(before - list[i].totalGiB - list[i].savedGiB) < 1e-9);
            QVERIFY(!list[i].speedCost.isEmpty());
            QCOMPARE(list[i].fits, i + 1 == list.size());
            before = list[i].totalGiB;
        }
    }

    // #20 audit: a tight fit (above 80 % of the card) ended the list with "✔", and "Use N
    // cards" counted a tight fit as enough. The steps go on to one with headroom, and a tight
    // step says so.
    void aTightStepIsNotTheEnd()
    {
        TrainingSetup s;
        s.model = *findModel("llama-3-70b");
        s.precision = Precision::Bf16Mixed;
        s.fsdp = true;
        s.gpus = 2;
        const CardSpec card = *findCard("h100-80g");
        const auto list = MemoryEstimator::suggestions(s, card);
        QVERIFY(!list.empty());
        bool sawTight = false;
        for (size_t i = 0; i < list.size(); ++i) {
            const Verdict v = MemoryEstimator::verdict(MemoryEstimator::estimate(list[i].setup), card);
            QCOMPARE(list[i].tight, v == Verdict::Tight);
            QCOMPARE(list[i].fits, v != Verdict::DoesNotFit);
            QCOMPARE(i + 1 == list.size(), v == Verdict::Fits);
            sawTight |= list[i].tight;
            if (list[i].tight)
                QVERIFY2(suggestionText(list[i]).startsWith(QStringLiteral("≈")) &&
                             suggestionText(list[i]).contains(QStringLiteral("tight")),
                         qPrintable(suggestionText(list[i])));
        }
        QVERIFY2(sawTight, "the case has a tight step on the way");
        // More cards come as many as give headroom, not only as many as are just enough.
        const Suggestion &last = list.back();
        QVERIFY2(last.change.contains(QStringLiteral("cards")), qPrintable(last.change));
        QCOMPARE(last.setup.gpus, MemoryEstimator::cardsNeeded(last.setup, card, true));
        QVERIFY(MemoryEstimator::cardsNeeded(last.setup, card, true) >
                MemoryEstimator::cardsNeeded(last.setup, card));
    }

    // An 8B FSDP run at 32k tokens: the cheapest fix (a chunked loss) comes before any offload.
    void suggestionsOfferTheCheapestFixFirst()
    {
        TrainingSetup s;
        s.model = *findModel("llama-3-8b");
        s.precision = Precision::Bf16Mixed;
        s.fsdp = true;
        s.gpus = 8;
        s.seqLen = 32768;
        s.checkpointing = Checkpointing::Full;
        const CardSpec card = *findCard("a100-80g");
        QCOMPARE(MemoryEstimator::verdict(s, card), Verdict::DoesNotFit);
        const auto list = MemoryEstimator::suggestions(s, card);
        QVERIFY(!list.empty());
        QVERIFY2(list.front().change.contains("chunks"), qPrintable(list.front().change));
        QVERIFY(list.front().savedGiB > 10); // 12 B per logit × 32k × 128k vocabulary
        for (const Suggestion &sg : list) {
            if (sg.change.contains("optimizer state to CPU"))
                QVERIFY(&sg != &list.front());
        }
    }

    // Sharding stages come in order of their communication cost: ZeRO-1 and -2 (free) first.
    void shardingStagesInOrder()
    {
        TrainingSetup s = llama7b();
        s.framework = Framework::DeepSpeed;
        s.chunkedLoss = true;
        s.gpus = 8;
        const auto list = MemoryEstimator::suggestions(s, *findCard("a100-40g"));
        QVERIFY(!list.empty());
        QVERIFY2(list.front().change.contains("ZeRO stage 1"), qPrintable(list.front().change));
    }

    void mentionsResolveToCatalogModels_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("key");
        QTest::newRow("torchtune id") << "tt-l31-8b-lora-4090"
                                      << "llama-3-8b";
        QTest::newRow("spelled out") << "Llama 2 70B full fine-tune"
                                     << "llama-2-70b";
        QTest::newRow("bert") << "bert-large-uncased classifier"
                              << "bert-large";
        QTest::newRow("T0") << "bigscience/T0_3B"
                            << "t5-3b";
        QTest::newRow("qwen") << "Qwen2.5-14B-Instruct"
                              << "qwen2.5-14b";
        QTest::newRow("gpt2 medium") << "openai-community/gpt2-medium"
                                     << "gpt2-medium";
        QTest::newRow("gpt2 large") << "GPT-2 Large 774M"
                                    << "gpt2-large";
        QTest::newRow("gpt2 xl") << "h200-gpt2-xl-full"
                                 << "gpt2-xl";
        QTest::newRow("gpt2") << "h200-gpt2-full-amp"
                              << "gpt2";
    }

    void mentionsResolveToCatalogModels()
    {
        QFETCH(QString, text);
        QFETCH(QString, key);
        const auto m = findModelMentioned(text);
        QVERIFY2(m.has_value(), qPrintable(text));
        QCOMPARE(m->key, key);
    }

    // The headline: every published case (tests/data/memory-cases.json) is evaluated and its
    // real error printed; the ±20 % target is asserted on every measured row that counts
    // (countsTowardTarget); tests/data/memory-case-exclusions.json lists, with the words that
    // justify it, each row that does not.
    void publishedCases()
    {
        QFile file(QStringLiteral(ONRAMP_TEST_DATA "/memory-cases.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        int measuredInData = 0;
        for (const QJsonValue &v : QJsonDocument::fromJson(file.readAll()).array())
            measuredInData += v["kind"].toString() == QLatin1String("measured");
        QVERIFY(measuredInData >= 30);
        auto cases = loadValidationCases(file.fileName());
        QVERIFY2(cases, qPrintable(cases ? QString() : cases.error().message));

        QFile exclusionsFile(QStringLiteral(ONRAMP_TEST_DATA "/memory-case-exclusions.json"));
        QVERIFY(exclusionsFile.open(QIODevice::ReadOnly));
        QHash<QString, QString> excluded;
        for (const QJsonValue &e :
             QJsonDocument::fromJson(exclusionsFile.readAll())["exclusions"].toArray()) {
            const QString id = e["id"].toString();
            QVERIFY2(!e["reason"].toString().isEmpty() && !e["words"].toString().isEmpty(),
                     qPrintable(id + QStringLiteral(": an exclusion needs a reason and words")));
            excluded.insert(id, e["reason"].toString());
        }

        // What counts is countsTowardTarget's, the same definition `onramp estimate-accuracy`
        // prints; the exclusions file only documents, with the source's words, the rows it
        // does not count, and must agree with it row for row (#20 audit: the test counted 23
        // rows, the harness 19).
        std::vector<CaseResult> results;
        QSet<QString> measuredIds;
        int measured = 0, counted = 0, countedWithin = 0;
        for (const QJsonObject &c : *cases) {
            const CaseResult r = evaluateCase(c);
            results.push_back(r);
            if (r.kind != QLatin1String("measured"))
                continue;
            // Every measured case has a real error: none is dropped on the way.
            QVERIFY2(r.reportedGiB > 0 && r.estimatedGiB > 0, qPrintable(r.id + u' ' + r.whyNot));
            measuredIds << r.id;
            ++measured;
            const bool counts = countsTowardTarget(r);
            QVERIFY2(counts != excluded.contains(r.id),
                     qPrintable(r.id + (counts ? QStringLiteral(" counts but is listed as "
                                                                "excluded")
                                               : QStringLiteral(" is not counted (") + r.whyNot +
                                                     QStringLiteral(") and not listed"))));
            const bool ok = withinTolerance(r);
            if (counts) {
                ++counted;
                countedWithin += ok;
            }
            qInfo("%-30s reported %6.2f GiB, estimated %6.2f GiB, error %+6.1f %% %s %s",
                  qPrintable(r.id), r.reportedGiB, r.estimatedGiB, r.errorShare * 100,
                  ok ? "within" : "OUTSIDE",
                  counts ? "" : qPrintable("(not counted: " + r.whyNot + u')'));
        }
        QCOMPARE(measured, measuredInData);
        for (auto it = excluded.begin(); it != excluded.end(); ++it)
            QVERIFY2(measuredIds.contains(it.key()),
                     qPrintable(it.key() + QStringLiteral(" is excluded but is no measured case")));

        const AccuracySummary a = summarize(results);
        qInfo("%s", qPrintable(countingRule()));
        qInfo("measured: %d/%d counted rows within %.0f%%; fits %d/%d, ZeRO %d/%d within 2%%",
              countedWithin, counted, kMeasuredTolerance * 100, a.fitsRight, a.fits,
              a.zeroWithin2, a.zero);
        // The harness's summary is this count: one definition.
        QCOMPARE(a.measured, counted);
        QCOMPARE(a.measuredWithin, countedWithin);
        QVERIFY(a.zero >= 6);
        QCOMPARE(a.zeroWithin2, a.zero);
        QVERIFY(a.fits >= 8);
        QVERIFY(a.fitsRight >= 0.9 * a.fits);
        QCOMPARE(counted, measured - int(excluded.size()));
        // Never fewer than today (kKnownWithin rows): a change that loses accuracy fails here.
        QVERIFY2(countedWithin >= kKnownWithin, qPrintable(QString::number(countedWithin)));
        // The target, on every row that counts.
        QVERIFY2(a.measuredTargetMet(),
                 qPrintable(QStringLiteral("%1 of %2").arg(countedWithin).arg(counted)));
    }

    // Our own measurements (bench/gpu/measure_memory.py on a lent H200, recorded in
    // tests/data/gpu-measured-cases.json with how they ran): every one is read as it ran,
    // counts, and is within ±20 % — GPT-2 and Llama shapes up to 8B, full and LoRA, AMP and pure
    // bf16, SDPA and eager attention, with and without checkpointing, at two sequence lengths.
    void gpuMeasuredCases()
    {
        auto cases = loadValidationCases(QStringLiteral(ONRAMP_TEST_DATA
                                                        "/gpu-measured-cases.json"));
        QVERIFY2(cases, qPrintable(cases ? QString() : cases.error().message));
        QVERIFY(cases->size() >= 6);
        std::vector<CaseResult> results;
        QSet<QString> models;
        for (const QJsonObject &c : *cases) {
            const CaseResult r = evaluateCase(c);
            results.push_back(r);
            models << r.model;
            qInfo("%-40s reported %6.2f GiB, estimated %6.2f GiB, error %+6.1f %%",
                  qPrintable(r.id), r.reportedGiB, r.estimatedGiB, r.errorShare * 100);
            // Provenance: the script, the card and the counter it read.
            QVERIFY(c["source"].toString().contains(QLatin1String("measure_memory.py")));
            QVERIFY(c["reported_as"].toString().contains(QLatin1String("max_memory_allocated")));
            QVERIFY2(countsTowardTarget(r), qPrintable(r.id + u' ' + r.whyNot));
            QCOMPARE(r.compared, QStringLiteral("peak allocated (framework counter)"));
            QVERIFY2(withinTolerance(r), qPrintable(r.id));
        }
        // Each case named its model: none fell back to a shape derived from its size.
        QVERIFY(!models.contains(QStringLiteral("custom")));
        QVERIFY(models.contains(QStringLiteral("gpt2-medium")));
        QVERIFY(models.contains(QStringLiteral("gpt2-large")));
        const AccuracySummary a = summarize(results);
        QCOMPARE(a.measured, int(cases->size()));
        QVERIFY(a.measuredTargetMet());
    }

    // The case reader takes the attention kernel from the source's words: GPT-2's frameworks
    // ran eager attention by default (the a·s² probabilities saved), a source that names SDPA
    // or flash-attn ran fused, and one that says eager stays eager.
    void attentionKernelReadFromTheSource()
    {
        const auto estimateWith = [](const QString &notes) {
            QJsonObject c{{"id", "gpt2-probe"},      {"kind", "measured"},
                          {"source", "a test, 2026"}, {"precision", "bf16 mixed (AMP)"},
                          {"optimizer", "AdamW"},     {"method", "full"},
                          {"sharding", "none"},       {"n_gpus", 1},
                          {"micro_batch", 8},         {"seq_len", 1024},
                          {"reported_gb_per_gpu", 9.0}, {"reported_as", "peak allocated"},
                          {"unit", "GiB"},            {"notes", notes}};
            return evaluateCase(c).estimatedGiB;
        };
        const double byDefault = estimateWith(QStringLiteral("GPT-2 124M"));
        const double sdpa = estimateWith(QStringLiteral("GPT-2 124M, SDPA attention"));
        const double flash = estimateWith(QStringLiteral("GPT-2 124M with flash-attn 2"));
        const double eager =
            estimateWith(QStringLiteral("GPT-2 124M, eager attention (not flash-attn)"));
        QVERIFY(sdpa > 0);
        QCOMPARE(flash, sdpa);
        QCOMPARE(eager, byDefault);
        // 12 layers × 12 heads × 1024² scores × 8 sequences, at least 2 bytes each.
        QVERIFY(byDefault - sdpa > 12.0 * 12 * 1024 * 1024 * 8 * 2 / (1u << 30));
    }
};

QTEST_GUILESS_MAIN(TestEstimator)
#include "tst_estimator.moc"
