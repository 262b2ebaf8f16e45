#include "MemoryEstimator.h"
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

    // Measured cases not excluded that are within ±15 % today (17 of 25 on 2026-12-01).
    static constexpr int kKnownWithin = 17;

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
        s.fp32Gradients = false; // the paper's Megatron-style fp16 gradients
        s.gpus = dp;
        s.zeroStage = stage;
        const double got = gb(MemoryEstimator::estimate(s).modelStateBytes());
        QVERIFY2(std::abs(got - expectedGB) / expectedGB < 0.01, qPrintable(QString::number(got)));
    }

    void bytesPerParameter_data()
    {
        QTest::addColumn<int>("precision");
        QTest::addColumn<int>("optimizer");
        QTest::addColumn<bool>("fp32Grads");
        QTest::addColumn<double>("bytes");
        QTest::newRow("mixed AdamW, DeepSpeed (ZeRO 16)")
            << int(Precision::Bf16Mixed) << int(Optimizer::AdamW) << false << 16.0;
        QTest::newRow("mixed AdamW, PyTorch AMP (HF 18)")
            << int(Precision::Bf16Mixed) << int(Optimizer::AdamW) << true << 18.0;
        QTest::newRow("pure bf16 AdamW (8)")
            << int(Precision::Bf16) << int(Optimizer::AdamW) << true << 8.0;
        QTest::newRow("fp32 AdamW (16)")
            << int(Precision::Fp32) << int(Optimizer::AdamW) << true << 16.0;
        QTest::newRow("mixed 8-bit Adam (2+2+6)")
            << int(Precision::Bf16Mixed) << int(Optimizer::Adam8bit) << false << 10.0;
        QTest::newRow("mixed SGD momentum (2+2+8)")
            << int(Precision::Fp16Mixed) << int(Optimizer::Sgd) << false << 12.0;
    }

    void bytesPerParameter()
    {
        QFETCH(int, precision);
        QFETCH(int, optimizer);
        QFETCH(bool, fp32Grads);
        QFETCH(double, bytes);
        TrainingSetup s = llama7b();
        s.precision = Precision(precision);
        s.optimizer = Optimizer(optimizer);
        s.fp32Gradients = fp32Grads;
        const double perParam = MemoryEstimator::estimate(s).modelStateBytes() / (6.74e9);
        QVERIFY2(std::abs(perParam - bytes) < 0.01, qPrintable(QString::number(perParam)));
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
        QVERIFY(list.front().change.contains("micro-batch"));
        // Each step lowers the memory; only the last one fits.
        double before = MemoryEstimator::estimate(s).totalGiB();
        for (size_t i = 0; i < list.size(); ++i) {
            QVERIFY2(list[i].totalGiB < before, qPrintable(list[i].change));
            QCOMPARE(list[i].fits, i + 1 == list.size());
            before = list[i].totalGiB;
        }
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
    // real error printed; the ±15 % target is asserted on every measured case except those
    // tests/data/memory-case-exclusions.json excludes, each with the words that justify it.
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

        std::vector<CaseResult> results;
        QSet<QString> measuredIds;
        int measured = 0, within = 0, counted = 0, countedWithin = 0;
        for (const QJsonObject &c : *cases) {
            const CaseResult r = evaluateCase(c);
            results.push_back(r);
            if (r.kind != QLatin1String("measured"))
                continue;
            // Every measured case has a real error: none is dropped on the way.
            QVERIFY2(r.reportedGiB > 0 && r.estimatedGiB > 0, qPrintable(r.id + u' ' + r.whyNot));
            measuredIds << r.id;
            const bool ok = std::abs(r.errorShare) <= 0.15;
            ++measured;
            within += ok;
            if (!excluded.contains(r.id)) {
                ++counted;
                countedWithin += ok;
            }
            qInfo("%-30s reported %6.2f GiB, estimated %6.2f GiB, error %+6.1f %% %s %s",
                  qPrintable(r.id), r.reportedGiB, r.estimatedGiB, r.errorShare * 100,
                  ok ? "within" : "OUTSIDE",
                  excluded.contains(r.id) ? qPrintable("(excluded: " + excluded[r.id] + u')') : "");
        }
        QCOMPARE(measured, measuredInData);
        for (auto it = excluded.begin(); it != excluded.end(); ++it)
            QVERIFY2(measuredIds.contains(it.key()),
                     qPrintable(it.key() + QStringLiteral(" is excluded but is no measured case")));

        const AccuracySummary a = summarize(results);
        qInfo("measured: %d/%d within 15%% of all rows, %d/%d of the %d not excluded; "
              "fits %d/%d, ZeRO %d/%d within 2%%",
              within, measured, countedWithin, counted, counted, a.fitsRight, a.fits, a.zeroWithin2,
              a.zero);
        QVERIFY(a.zero >= 6);
        QCOMPARE(a.zeroWithin2, a.zero);
        QVERIFY(a.fits >= 8);
        QVERIFY(a.fitsRight >= 0.9 * a.fits);
        QCOMPARE(counted, measured - int(excluded.size()));
        // Never fewer than today (KNOWN_WITHIN rows): a change that loses accuracy fails here.
        QVERIFY2(countedWithin >= kKnownWithin, qPrintable(QString::number(countedWithin)));
        // The target, on every row not excluded. Missed today: the estimator's accuracy is
        // issue 20's. When it is met, this XPASS fails: remove the QEXPECT_FAIL and raise
        // kKnownWithin.
        QEXPECT_FAIL("", "the estimator misses the ±15 % target on some counted rows (issue 20)",
                     Continue);
        QVERIFY2(countedWithin >= 0.8 * counted,
                 qPrintable(QStringLiteral("%1 of %2").arg(countedWithin).arg(counted)));
    }
};

QTEST_GUILESS_MAIN(TestEstimator)
#include "tst_estimator.moc"
