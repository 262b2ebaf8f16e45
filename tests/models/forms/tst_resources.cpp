#include "GateLedger.h"
#include "MemoryEstimator.h"
#include "OnboardingState.h"
#include "ResourceFixtures.h"
#include "ResourcePlan.h"
#include "ResourcesForm.h"
#include "StateStore.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace onramp;

class TestResources : public QObject
{
    Q_OBJECT

    static ResourceChoice good() { return fixtures::aPlanThatFits(); }

    static QStringList codes(const Findings &f)
    {
        QStringList out;
        for (const Finding &x : f)
            out << x.code;
        return out;
    }

private slots:
    void builtinCatalogsLoad()
    {
        QVERIFY(builtinInstances().size() >= 10);
        QVERIFY(builtinImages().size() >= 5);
        for (const InstanceType &t : builtinInstances())
            QVERIFY2(findCard(t.card).has_value(), qPrintable(t.key));
    }

    void catalogsRoundTripThroughJson()
    {
        QJsonArray instances, images;
        for (const InstanceType &t : builtinInstances())
            instances.append(t.toJson());
        for (const TrainingImage &i : builtinImages())
            images.append(i.toJson());
        auto back =
            parseInstanceCatalog(QJsonDocument(QJsonObject{{"instances", instances}}).toJson());
        QVERIFY(back.has_value());
        QCOMPARE(back->size(), builtinInstances().size());
        QCOMPARE(back->back().driver, builtinInstances().back().driver);
        auto imgs = parseImageCatalog(QJsonDocument(QJsonObject{{"images", images}}).toJson());
        QVERIFY(imgs.has_value());
        QCOMPARE(imgs->front().archs, builtinImages().front().archs);
        QCOMPARE(imgs->front().libraries, builtinImages().front().libraries);
    }

    void catalogErrorsNameTheField()
    {
        auto r =
            parseImageCatalog(R"({"images":[{"key":"x","name":"n","version":"1","digest":"md5:1",
            "framework":"torch","framework_version":"2","accelerator":"CUDA",
            "accelerator_version":"12","min_driver":"1","archs":["sm_80"]}]})");
        QVERIFY(!r.has_value());
        QCOMPARE(r.error().field, QStringLiteral("$.images[0].digest"));
        auto i = parseInstanceCatalog(
            R"({"instances":[{"key":"k","name":"n","card":"tpu","driver":"1","cards":1}]})");
        QVERIFY(!i.has_value());
        QCOMPARE(i.error().field, QStringLiteral("$.instances[0].card"));
        QVERIFY(!parseInstanceCatalog("{nope").has_value());
    }

    // A provider's catalog is untrusted input: each malformed answer is refused with the field
    // named, never read as zeros or crashed on (#20).
    void providerCatalogRefusesMalformedAnswers_data()
    {
        QTest::addColumn<QByteArray>("instances");
        QTest::addColumn<QByteArray>("images");
        QTest::addColumn<QString>("field");
        const QByteArray goodInstance =
            R"({"key":"k","name":"n","card":"a100-80g","cards":2,"driver":"535.1"})";
        const QByteArray goodImage =
            R"({"key":"i","name":"n","version":"1","framework":"torch","framework_version":"2.5",
                "accelerator":"CUDA","accelerator_version":"12.4","min_driver":"550",
                "archs":["sm_80"]})";
        const auto inst = [](const QByteArray &entries) {
            return QByteArray(R"({"instances":[)") + entries + "]}";
        };
        const auto imgs = [](const QByteArray &entries) {
            return QByteArray(R"({"images":[)") + entries + "]}";
        };
        const QByteArray okI = inst(goodInstance), okM = imgs(goodImage);
        QTest::newRow("no list") << QByteArray(R"({"instances":{}})") << okM << "$.instances";
        QTest::newRow("missing") << QByteArray("{}") << okM << "$.instances";
        QTest::newRow("not an object") << inst("3") << okM << "$.instances[0]";
        QTest::newRow("no key") << inst(R"({"name":"n","card":"a100-80g","cards":1,"driver":"1"})")
                                << okM << "$.instances[0].key";
        QTest::newRow("blank name")
            << inst(R"({"key":"k","name":" ","card":"a100-80g","cards":1,"driver":"1"})") << okM
            << "$.instances[0].name";
        QTest::newRow("cards as text")
            << inst(R"({"key":"k","name":"n","card":"a100-80g","cards":"8","driver":"1"})") << okM
            << "$.instances[0].cards";
        QTest::newRow("no cards") << inst(
                                         R"({"key":"k","name":"n","card":"a100-80g","driver":"1"})")
                                  << okM << "$.instances[0].cards";
        QTest::newRow("half a card")
            << inst(R"({"key":"k","name":"n","card":"a100-80g","cards":2.5,"driver":"1"})") << okM
            << "$.instances[0].cards";
        QTest::newRow("negative cpus")
            << inst(R"({"key":"k","name":"n","card":"a100-80g","cards":1,"driver":"1","cpus":-4})")
            << okM << "$.instances[0].cpus";
        QTest::newRow("memory as text")
            << inst(R"({"key":"k","name":"n","card":"a100-80g","cards":1,"driver":"1",
                        "memory_gib":"lots"})")
            << okM << "$.instances[0].memory_gib";
        QTest::newRow("interconnect as number")
            << inst(R"({"key":"k","name":"n","card":"a100-80g","cards":1,"driver":"1",
                        "interconnect":600})")
            << okM << "$.instances[0].interconnect";
        QTest::newRow("unknown card")
            << inst(R"({"key":"k","name":"n","card":"tpu-v5","cards":1,"driver":"1"})") << okM
            << "$.instances[0].card";
        QTest::newRow("key twice")
            << inst(goodInstance + "," + goodInstance) << okM << "$.instances[1].key";
        QByteArray many;
        for (int i = 0; i < 4097; ++i)
            many += (i ? "," : "") + goodInstance;
        QTest::newRow("too many") << inst(many) << okM << "$.instances";
        QTest::newRow("images not a list")
            << okI << QByteArray(R"({"images":"all"})") << "$.images";
        QTest::newRow("no min_driver")
            << okI << imgs(R"({"key":"i","name":"n","version":"1","framework":"torch",
                        "framework_version":"2.5","accelerator":"CUDA",
                        "accelerator_version":"12.4","archs":["sm_80"]})")
            << "$.images[0].min_driver";
        QTest::newRow("archs as text")
            << okI << imgs(QByteArray(goodImage).replace(R"(["sm_80"])", R"("sm_80")"))
            << "$.images[0].archs";
        QTest::newRow("an arch as number")
            << okI << imgs(QByteArray(goodImage).replace(R"(["sm_80"])", R"(["sm_80",90])"))
            << "$.images[0].archs[1]";
        QTest::newRow("no archs") << okI
                                  << imgs(QByteArray(goodImage).replace(R"(["sm_80"])", "[]"))
                                  << "$.images[0].archs";
        QTest::newRow("short digest")
            << okI
            << imgs(QByteArray(goodImage).replace(R"("archs")", R"("digest":"sha256:ab","archs")"))
            << "$.images[0].digest";
        QTest::newRow("python as number")
            << okI << imgs(QByteArray(goodImage).replace(R"("archs")", R"("python":3.11,"archs")"))
            << "$.images[0].python";
        QTest::newRow("libraries as text")
            << okI
            << imgs(QByteArray(goodImage).replace(R"("archs")",
                                                  R"("libraries":"flash-attn","archs")"))
            << "$.images[0].libraries";
        QTest::newRow("image key twice")
            << okI << imgs(goodImage + "," + goodImage) << "$.images[1].key";
    }

    void providerCatalogRefusesMalformedAnswers()
    {
        QFETCH(QByteArray, instances);
        QFETCH(QByteArray, images);
        QFETCH(QString, field);
        const auto c = ResourceCatalog::fromAnswers(QJsonDocument::fromJson(instances).object(),
                                                    QJsonDocument::fromJson(images).object(), {});
        QVERIFY(!c.has_value());
        QCOMPARE(c.error().field, field);
        QVERIFY2(c.error().message.contains(field), qPrintable(c.error().message));
    }

    void aWellFormedProviderCatalogReads()
    {
        const auto c = ResourceCatalog::fromAnswers(
            QJsonDocument::fromJson(
                R"({"instances":[{"key":"k","name":"n","card":"a100-80g","cards":2,"driver":"535.1",
                    "cpus":24,"memory_gib":288,"local_disk_gb":1920,"interconnect":"NVLink"}]})")
                .object(),
            QJsonDocument::fromJson(
                R"({"images":[{"key":"i","name":"n","version":"1","framework":"torch",
                    "framework_version":"2.5","accelerator":"CUDA","accelerator_version":"12.4",
                    "min_driver":"550","archs":["sm_80"],"libraries":["flash-attn==2.6.3"],
                    "digest":"sha256:)" +
                QByteArray(64, 'b') + R"("}]})")
                .object(),
            {CatalogSource::Kind::Provider,
             "onramp-api",
             "https://api.example.com",
             QDateTime::currentDateTimeUtc(),
             {}});
        QVERIFY2(c, qPrintable(c ? QString() : c.error().message));
        QCOMPARE(c->instance("k")->cards, 2);
        QCOMPARE(c->instance("k")->interconnect, "NVLink");
        QCOMPARE(c->image("n:1")->key, "i");
        QVERIFY(
            c->describe().startsWith("Catalog: from the provider https://api.example.com, read "));
    }

    // Gate 4 checks against the onboarding's catalog: a type only the provider offers is a
    // choice there and unknown in the built-in one; the saved state keeps the provider's (and
    // never the built-in one), and a broken saved catalog is refused with the field named.
    void gateFourUsesTheOnboardingsCatalog()
    {
        std::vector<InstanceType> instances = builtinInstances();
        InstanceType two = *findBuiltinInstance("gpu.a100-80g.1");
        two.key = "gpu.a100-80g.2";
        two.cards = 2;
        two.driver = "550.90.07";
        instances.push_back(two);
        const ResourceCatalog provider(
            instances, builtinImages(),
            {CatalogSource::Kind::Provider, "sandbox", {}, QDateTime::currentDateTimeUtc(), {}});
        ResourceChoice c = good();
        c.instance = two.key;
        c.setup.gpus = 2;
        QVERIFY(codes(checkResources(c, ResourceCatalog())).contains("instance.missing"));
        QVERIFY(!codes(checkResources(c, provider)).contains("instance.missing"));
        QVERIFY(!parseCandidates(two.key, ResourceCatalog()).has_value());
        QVERIFY(parseCandidates(two.key, provider).has_value());

        ResourcesGateData d;
        d.choice = c;
        d.choice.alternatives = *parseCandidates(two.key + "@cn-north-1b", provider);
        QVERIFY(!d.toJson().contains("catalog")); // the built-in one is never saved
        d.catalog = provider;
        recordEnvironment(d);
        QCOMPARE(d.environment.driver, two.driver);
        QCOMPARE(effectiveSetup(d).gpus, 2);
        const auto back = ResourcesGateData::fromJson(d.toJson(), "$.resources");
        QVERIFY2(back, qPrintable(back ? QString() : back.error().message));
        QVERIFY(back->catalog.instance(two.key));
        QCOMPARE(back->catalog.source(), provider.source());
        QVERIFY(*back == d);

        QJsonObject saved = d.toJson();
        QJsonObject catalog = saved["catalog"].toObject();
        QJsonArray list = catalog["instances"].toArray();
        QJsonObject first = list[0].toObject();
        first["cards"] = "many";
        list[0] = first;
        catalog["instances"] = list;
        saved["catalog"] = catalog;
        const auto bad = ResourcesGateData::fromJson(saved, "$.resources");
        QVERIFY(!bad);
        QCOMPARE(bad.error().field, "$.resources.catalog.instances[0].cards");
        catalog = d.toJson()["catalog"].toObject();
        catalog["provider"] = QJsonObject{{"kind", "cloud"}};
        saved["catalog"] = catalog;
        QVERIFY(!ResourcesGateData::fromJson(saved, "$.resources"));
    }

    void catalogLineSaysWhichAndWhy()
    {
        const ResourceCatalog builtin;
        QVERIFY2(builtin.describe().startsWith("Built-in catalog (as of 20"),
                 qPrintable(builtin.describe()));
        QVERIFY(!builtin.describe().contains("not used"));
        const QString why = builtin.withUnreadReason("connection refused").describe();
        QVERIFY2(why.endsWith("the provider's was not used: connection refused"), qPrintable(why));
        QDateTime at = QDateTime::currentDateTime();
        at.setTime(QTime(10, 42));
        const ResourceCatalog sandbox(
            builtinInstances(), builtinImages(),
            {CatalogSource::Kind::Provider, "sandbox", {}, at.toUTC(), {}});
        QCOMPARE(sandbox.describe(), "Catalog: from the built-in sandbox, read 10:42.");
        const ResourceCatalog cluster(builtinInstances(), builtinImages(),
                                      {CatalogSource::Kind::Provider,
                                       "slurm",
                                       "lab",
                                       QDateTime(QDate(2026, 11, 3), QTime(9, 5)).toUTC(),
                                       {}});
        QCOMPARE(cluster.withUnreadReason("timed out").describe(),
                 "Catalog: from the Slurm cluster lab, read 2026-11-03 09:05; not read again "
                 "now: timed out");
    }

    // The form offers the provider's catalog once the store has it, and records from it.
    void formFollowsTheCatalogInTheStore()
    {
        StateStore store{QString()};
        ResourcesForm form(&store);
        std::vector<InstanceType> instances = {*findBuiltinInstance("gpu.a100-80g.1")};
        instances.front().key = "gpu.only-here.1";
        instances.front().driver = "999.1";
        QSignalSpy changed(&form, &ResourcesForm::changed);
        store.update([&](OnboardingState &s) {
            s.resources.catalog = ResourceCatalog(instances, builtinImages(),
                                                  {CatalogSource::Kind::Provider,
                                                   "sandbox",
                                                   {},
                                                   QDateTime::currentDateTimeUtc(),
                                                   {}});
        });
        QVERIFY(changed.count() >= 1);
        form.update([](ResourcesGateData &d) { d.choice.instance = "gpu.only-here.1"; });
        QCOMPARE(form.data().environment.driver, "999.1");
        QVERIFY(!codes(form.findings()).contains("instance.missing"));
    }

    // #17: "an empty zone means the pool's" was written in three places (gate 4's zone, the
    // candidates, the run spec) and "counting cards shards the model states" in two (the card
    // count and its activations check). One rule each; the readers agree.
    void oneRuleForTheZoneAndForCounting()
    {
        StateStore store(QString{});
        ResourcesForm form(&store);
        store.update([](OnboardingState &s) {
            s.workspace.pool.zone = QStringLiteral("cn-north-1a");
            s.resources.choice = good();
        });
        QCOMPARE(zoneOrPool(QString(), QStringLiteral("cn-north-1a")), "cn-north-1a");
        QCOMPARE(zoneOrPool(QStringLiteral("cn-north-1b"), QStringLiteral("cn-north-1a")),
                 "cn-north-1b");
        for (const QString &zone : {QString(), QStringLiteral("cn-north-1b")}) {
            store.update([&](OnboardingState &s) { s.resources.choice.instanceZone = zone; });
            const QString expected = zoneOrPool(zone, store.state().workspace.pool.zone);
            QCOMPARE(form.instanceZone(), expected);
            const QList<Candidate> order = orderCandidates(
                store.state().resources.choice, store.state().resources.catalog,
                store.state().workspace.pool.zone, 1);
            QCOMPARE(order.first().zone, expected);
        }
        TrainingSetup plain = good().setup;
        plain.zeroStage = 0;
        plain.fsdp = false;
        QCOMPARE(MemoryEstimator::shardedForCounting(plain).zeroStage, 3);
        TrainingSetup fsdp = plain;
        fsdp.fsdp = true;
        QCOMPARE(MemoryEstimator::shardedForCounting(fsdp).zeroStage, 0); // FSDP stays FSDP
    }

    void versions_data()
    {
        QTest::addColumn<QString>("version");
        QTest::addColumn<QString>("requirement");
        QTest::addColumn<bool>("ok");
        QTest::newRow(">= met") << "2.3.1"
                                << "torch>=2.1" << true;
        QTest::newRow(">= missed") << "1.13.1"
                                   << "torch>=2.1" << false;
        QTest::newRow("range") << "2.3.1"
                               << "torch>=2.1,<2.4" << true;
        QTest::newRow("range upper") << "2.4.0"
                                     << "torch>=2.1,<2.4" << false;
        QTest::newRow("== prefix") << "2.1.2"
                                   << "torch==2.1" << true;
        QTest::newRow("~=") << "2.3.1"
                            << "torch~=2.1" << true;
        QTest::newRow("~= next major") << "3.0"
                                       << "torch~=2.1" << false;
        QTest::newRow("bare") << "2.3.1"
                              << ">=2.0" << true;
        QTest::newRow("other package") << "2.3.1"
                                       << "jax>=0.4" << false;
    }

    void versions()
    {
        QFETCH(QString, version);
        QFETCH(QString, requirement);
        QFETCH(bool, ok);
        auto r = satisfies("torch", version, requirement);
        QVERIFY(r.has_value());
        QCOMPARE(*r, ok);
        QVERIFY(compareVersions("535.161.08", "550.54.15") < 0);
        QVERIFY(!satisfies("torch", "2.1", "torch at least 2").has_value());
    }

    void goodPlanHasNoFindings()
    {
        QCOMPARE(codes(checkResources(good(), ResourceCatalog())), QStringList{});
    }

    // Each rule: a change that triggers it, on top of the good plan (its near miss).
    void rules_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<bool>("blocking");
        QTest::newRow("memory.does_not_fit") << "memory.does_not_fit" << true;
        QTest::newRow("memory.tight") << "memory.tight" << false;
        QTest::newRow("precision.fp8_unsupported") << "precision.fp8_unsupported" << true;
        QTest::newRow("precision.bf16_unsupported") << "precision.bf16_unsupported" << true;
        QTest::newRow("attention.flash_unsupported") << "attention.flash_unsupported" << true;
        QTest::newRow("interconnect.slow") << "interconnect.slow" << false;
        QTest::newRow("image.arch_unsupported") << "image.arch_unsupported" << true;
        QTest::newRow("image.driver_too_old") << "image.driver_too_old" << true;
        QTest::newRow("image.framework_mismatch") << "image.framework_mismatch" << true;
        QTest::newRow("code.requirement_unreadable") << "code.requirement_unreadable" << true;
        QTest::newRow("zone.mismatch") << "zone.mismatch" << true;
        QTest::newRow("card.not_in_pool") << "card.not_in_pool" << true;
        QTest::newRow("storage.output_missing") << "storage.output_missing" << true;
        QTest::newRow("storage.data_missing") << "storage.data_missing" << true;
        QTest::newRow("storage.data_writable") << "storage.data_writable" << false;
        QTest::newRow("storage.output_is_data") << "storage.output_is_data" << true;
        QTest::newRow("storage.scratch_missing") << "storage.scratch_missing" << false;
        QTest::newRow("instance.missing") << "instance.missing" << true;
        QTest::newRow("image.missing") << "image.missing" << true;
    }

    void rules()
    {
        QFETCH(QString, code);
        QFETCH(bool, blocking);
        ResourceChoice c = good();
        if (code == "memory.does_not_fit") {
            c.setup.method = Method::Full;
            c.setup.seqLen = 32768;
            c.setup.microBatch = 8;
            c.setup.flashAttention = false;
        } else if (code == "memory.tight") {
            // 1 × 2048 fits with headroom, 3 × 2048 does not fit (LoRA under AMP keeps fp32
            // frozen weights and autocast's copies of them: docs/estimator.md)
            c.setup.microBatch = 2;
            c.setup.seqLen = 2048;
        } else if (code == "precision.fp8_unsupported") {
            c.setup.precision = Precision::Fp8; // A100 has no FP8
        } else if (code == "precision.bf16_unsupported") {
            c.instance = "gpu.v100.8";
            c.image = "pytorch-2.1-cu118";
        } else if (code == "attention.flash_unsupported") {
            c.instance = "gpu.v100.8";
            c.image = "pytorch-2.1-cu118";
            c.setup.precision = Precision::Fp16Mixed; // fp16 runs there; FlashAttention-2 not
            c.setup.flashAttention = true;
        } else if (code == "interconnect.slow") {
            c.instance = "gpu.l40s.4";
        } else if (code == "image.arch_unsupported") {
            c.instance = "gpu.h100.8";
            c.image = "pytorch-1.13-cu116"; // no sm_90
        } else if (code == "image.driver_too_old") {
            c.instance = "gpu.v100.8"; // hosts run 470
            c.image = "pytorch-2.5-cu124"; // CUDA 12: needs 525.60.13
        } else if (code == "image.framework_mismatch") {
            c.codeRequirement = "torch>=2.4";
        } else if (code == "code.requirement_unreadable") {
            c.codeRequirement = "torch newer than last year's";
        } else if (code == "card.not_in_pool") {
            c.quotaCard = "h100-80g"; // the plan's instance has A100s
        } else if (code == "zone.mismatch") {
            c.quotaZone = "cn-north-1a";
            c.instanceZone = "cn-north-1b";
        } else if (code == "storage.output_missing") {
            c.outputPath.clear();
        } else if (code == "storage.data_missing") {
            c.dataPath.clear();
        } else if (code == "storage.data_writable") {
            c.dataReadOnly = false;
        } else if (code == "storage.output_is_data") {
            c.outputPath = c.dataPath;
        } else if (code == "storage.scratch_missing") {
            c.scratchPath.clear();
        } else if (code == "instance.missing") {
            c.instance.clear();
        } else if (code == "image.missing") {
            c.image.clear();
        }
        const Findings f = checkResources(c, ResourceCatalog());
        QVERIFY2(codes(f).contains(code), qPrintable(codes(f).join(',')));
        for (const Finding &x : f) {
            if (x.code == code) {
                QCOMPARE(x.isBlocking(), blocking);
                QVERIFY(!x.message.isEmpty());
                QVERIFY(!x.field.isEmpty());
            }
        }
    }

    // A refusal says why and which card would run it.
    void capabilityFindingsNameTheNearestCard()
    {
        ResourceChoice c = good();
        c.setup.precision = Precision::Fp8; // the good plan's A100 has no FP8
        bool seen = false;
        for (const Finding &f : checkResources(c, ResourceCatalog())) {
            if (f.code != "precision.fp8_unsupported")
                continue;
            seen = true;
            QVERIFY2(f.message.toString().contains("sm_89"), qPrintable(f.message.toString()));
            QVERIFY2(f.message.toString().contains("H100"), qPrintable(f.message.toString()));
        }
        QVERIFY(seen);
    }

    void archMessageSaysWhatHappens()
    {
        ResourceChoice c = good();
        c.instance = "gpu.h100.8";
        c.image = "pytorch-1.13-cu116";
        const Findings found = checkResources(c, ResourceCatalog());
        const auto f = std::find_if(found.begin(), found.end(), [](const Finding &x) {
            return x.code == "image.arch_unsupported";
        });
        QVERIFY2(f != found.end(), qPrintable(codes(found).join(',')));
        QVERIFY2(f->message.toString().contains("operator not supported"),
                 qPrintable(f->message.toString()));
    }

    void datasetScanAndRoute()
    {
        QTemporaryDir dir;
        for (int i = 0; i < 1200; ++i) {
            QFile f(dir.filePath(QStringLiteral("s%1.txt").arg(i)));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("x");
        }
        const DatasetScan scan = scanDataset(dir.path());
        QCOMPARE(scan.files, 1200);
        QCOMPARE(scan.smallFiles, 1200);
        QVERIFY(codes(checkDataset(scan)).contains("data.small_files"));
        QCOMPARE(uploadRoute(10LL * 1000 * 1000 * 1000), UploadRoute::Console);
        QCOMPARE(uploadRoute(300LL * 1000 * 1000 * 1000), UploadRoute::BatchTransfer);
        DatasetScan big;
        big.files = 10;
        big.bytes = 200LL * 1000 * 1000 * 1000;
        QVERIFY(codes(checkDataset(big)).contains("data.use_batch_transfer"));
        QVERIFY(codes(checkDataset(DatasetScan{})).contains("data.empty"));
    }

    void scanRunsOffTheGuiThread()
    {
        QTemporaryDir dir;
        QFile f(dir.filePath("a.bin"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(100000, 'x'));
        f.close();
        StateStore store(QString{});
        ResourcesForm form(&store);
        QSignalSpy done(&form, &ResourcesForm::datasetScanned);
        form.scanDataset(dir.path());
        QVERIFY(form.isScanning());
        QVERIFY(done.wait(5000));
        QVERIFY(!form.isScanning());
        QCOMPARE(form.lastScan()->files, 1);
        QCOMPARE(form.lastScan()->bytes, 100000);
    }

    void throughputFromMeasurementAndFromFlops()
    {
        const ModelSpec m = *findModel("llama-2-7b");
        const CardSpec a100 = *findCard("a100-80g");
        ThroughputPlan p;
        p.measuredTokensPerSecond = 3000; // on 2 cards
        p.measuredCards = 2;
        p.workloadTokens = 2e9;
        p.targetHours = 24;
        auto r = planThroughput(p, m, a100, 1);
        QVERIFY(r.has_value());
        QVERIFY(!r->estimated);
        // 2e9 / (24 h) = 23148 tokens/s; 1500 per card → ≥ 16 cards with efficiency losses.
        QVERIFY(r->cards >= 16 && r->cards <= 18);
        QVERIFY(r->hours <= 24);
        QCOMPARE(r->cardHours, r->cards * r->hours);
        ThroughputPlan flops = p;
        flops.measuredTokensPerSecond = 0;
        auto e = planThroughput(flops, m, a100, 1);
        QVERIFY(e.has_value());
        QVERIFY(e->estimated);
        // 312 TFLOPS × 0.4 / (6 × 6.74e9) ≈ 3086 tokens/s per card.
        QVERIFY(std::abs(e->perCardTokensPerSecond - 3086) < 5);
        QCOMPARE(scalingEfficiency(4, 1, 0.98), 0.98 * 0.98);
        // #17 walk 18: gate 4 holds one instance, and the card comes in instances of 1 or 8.
        // The plan is one of those: the smallest that finishes in time, else the largest, past
        // the target, saying how many of it would finish in time (never 16 cards on one 8).
        auto one = planThroughput(p, m, a100, 1, {8, 1});
        QVERIFY(one.has_value());
        QCOMPARE(one->cards, 8);
        QVERIFY(one->overTarget);
        QVERIFY(one->hours > p.targetHours);
        QVERIFY(one->instancesForTarget >= 2 && one->instancesForTarget * 8 >= r->cards);
        ThroughputPlan easy = p;
        easy.targetHours = 100;
        auto small = planThroughput(easy, m, a100, 1, {1, 8});
        QVERIFY(small.has_value());
        QVERIFY(small->cards == 1 || small->cards == 8);
        QVERIFY(!small->overTarget && small->hours <= 100);
        // What memory needs first: an instance too small for it is not one to plan on.
        QCOMPARE(planThroughput(easy, m, a100, 2, {1, 8})->cards, 8);
        QCOMPARE(planThroughput(p, m, a100, 20, {1, 8}).error().field, QStringLiteral("cards"));
        ThroughputPlan none = p;
        none.targetHours = 0;
        QCOMPARE(planThroughput(none, m, a100, 1).error().field, QStringLiteral("targetHours"));
    }

    void feedsGateThree()
    {
        StateStore store(QString{});
        ResourcesForm form(&store);
        form.update([](ResourcesGateData &d) {
            d.choice.instance = "gpu.a100-80g.8";
            d.throughput.workloadTokens = 1e9;
            d.throughput.targetHours = 10;
        });
        QVERIFY(form.feedQuota());
        QVERIFY(store.state().quota.cardsPerRun >= 8);
        QVERIFY(store.state().quota.hoursPerRound > 0);
        // The card is gate 2's pool; gate 4 never changes it.
        QVERIFY(store.state().workspace.pool.cardType.isEmpty());
    }

    // #17 walk 18: with no instance type chosen yet, gate 4 proposed 10 A100 80GB cards, which
    // no instance holds (they come as 1 and 8); gate 3 then flagged its own proposal as "more
    // than four times" the memory's need, and its formula printed 10.9 h for the 10.88 stored.
    void theCardsProposedAreOnesAnInstanceHolds()
    {
        StateStore store(QString{});
        store.update([](OnboardingState &s) {
            s.workspace.pool = {QStringLiteral("a100-80g"), QStringLiteral("cn-north"),
                                QStringLiteral("cn-north-1a")};
            s.gate(GateId::Resources).status = GateStatus::InProgress;
            s.quota.rounds = 20;
            s.quota.start = QDate(2027, 1, 1);
            s.quota.end = QDate(2027, 3, 31);
        });
        ResourcesForm form(&store);
        form.update([](ResourcesGateData &d) {
            d.choice.instance.clear();
            d.choice.setup.model = *findModel("qwen2.5-7b");
            d.choice.setup.method = Method::Lora;
            d.throughput.workloadTokens = 1e9;
            d.throughput.targetHours = 12;
        });
        QList<int> sizes;
        for (const InstanceType &t : form.data().catalog.instances())
            if (t.card == QLatin1String("a100-80g"))
                sizes << t.cards;
        QVERIFY2(!sizes.isEmpty() && !sizes.contains(10), "the catalog's A100 80GB instances");
        const auto t = form.throughput();
        QVERIFY2(t.has_value(), qPrintable(t ? QString() : t.error().message));
        QVERIFY2(sizes.contains(t->cards), qPrintable(QString::number(t->cards)));
        QVERIFY(form.feedQuota());
        const QuotaGateData &q = store.state().quota;
        QCOMPARE(q.cardsPerRun, t->cards);
        // Up to the tenth gate 3's field shows: its formula multiplies out as printed.
        QCOMPARE(q.hoursPerRound, std::ceil(t->hours * 10 - 1e-9) / 10);
        QVERIFY(q.hoursPerRound >= t->hours);
        QCOMPARE(ResourcesForm::quotaHours(10.88), 10.9);
        QCOMPARE(ResourcesForm::quotaHours(10.81), 10.9);
        QCOMPARE(ResourcesForm::quotaHours(10.8), 10.8);
        // Gate 3 accepts the reason: the cards are throughput's, not memory's.
        const QuotaContext context = quotaContext(store.state());
        QVERIFY(context.estimatedCards.has_value());
        QCOMPARE(context.throughputCards.value_or(0), t->cards);
        const QuotaPlan plan = planQuota(q, context);
        for (const Finding &f : plan.findings)
            QVERIFY2(f.code != QLatin1String("quota.far_above_estimate"), qPrintable(f.message.toString()));
        if (t->cards > *context.estimatedCards) {
            const QString why = quotaJustification(q, plan, context);
            QVERIFY2(why.contains(QStringLiteral("throughput")), qPrintable(why));
        }
        // Typed by hand beyond what throughput needs, it is flagged as before.
        OnboardingState more = store.state();
        more.quota.cardsPerRun = 4 * *context.estimatedCards + 8;
        bool flagged = false;
        for (const Finding &f : planQuota(more.quota, quotaContext(more)).findings)
            flagged |= f.code == QLatin1String("quota.far_above_estimate");
        QVERIFY(flagged || more.quota.cardsPerRun <= t->cards);
    }

    // Walk 19 (finding 11): "Use these cards and hours" set gate 3 to 8 cards per run and left
    // this job's "Cards in the job" at 4; gate 4 then warned that gate 3 plans 8 and asked to
    // change the job. The one rule sets both while the run's cards are the job's own count, and
    // raises a peak window that could not hold one run (finding 10); with an instance type
    // chosen the job's count is the type's and stays.
    void usingGateFoursNumbersLeavesNoMismatchItWarnsAbout()
    {
        StateStore store(QString{});
        store.update([](OnboardingState &s) {
            s.workspace.pool = {QStringLiteral("a100-80g"), QStringLiteral("cn-north"),
                                QStringLiteral("cn-north-1a")};
            s.gate(GateId::Resources).status = GateStatus::InProgress;
            s.quota.cardsPerRun = 4;
            s.quota.hoursPerRound = 3;
            s.quota.rounds = 20;
            s.quota.start = QDate(2027, 1, 1);
            s.quota.end = QDate(2027, 3, 31);
            s.quota.peaks = {{QDate(2027, 1, 1), 14, 4}, {QDate(2027, 2, 1), 7, 24}};
        });
        ResourcesForm form(&store);
        form.update([](ResourcesGateData &d) {
            d.choice.instance.clear();
            d.choice.setup.model = *findModel("qwen2.5-7b");
            d.choice.setup.method = Method::Lora;
            d.choice.setup.gpus = 4;
            d.throughput.workloadTokens = 5e8;
            d.throughput.targetHours = 10;
        });
        const auto t = form.throughput();
        QVERIFY2(t.has_value(), qPrintable(t ? QString() : t.error().message));
        QCOMPARE(t->cards, 8); // the walk's numbers: 4 cards miss 10 h, one 8-card instance not
        const auto codes = [&] {
            QStringList out;
            for (const Finding &f : gateFindings(store.state(), GateId::Resources, QDate::currentDate()))
                out << f.code;
            for (const Finding &f : gateFindings(store.state(), GateId::Quota, QDate::currentDate()))
                out << f.code;
            return out;
        };
        QVERIFY(form.feedQuota());
        QCOMPARE(store.state().quota.cardsPerRun, 8);
        QCOMPARE(store.state().resources.choice.setup.gpus, 8);
        QCOMPARE(store.state().quota.peaks[0].cards, 8);  // could not hold one run: raised
        QCOMPARE(store.state().quota.peaks[1].cards, 24); // three runs at once: the user's
        QVERIFY2(!codes().contains("cards.differ_from_plan") &&
                     !codes().contains("quota.peak_below_run"),
                 qPrintable(codes().join(u',')));

        // With an instance type chosen the run gets its cards; the job's count is not touched.
        form.update([](ResourcesGateData &d) {
            d.choice.instance = QStringLiteral("gpu.a100-80g.8");
            d.choice.setup.gpus = 3;
        });
        QVERIFY(form.feedQuota());
        QCOMPARE(store.state().resources.choice.setup.gpus, 3);
        QCOMPARE(store.state().quota.cardsPerRun, 8);
        QVERIFY2(!codes().contains("cards.differ_from_plan"), qPrintable(codes().join(u',')));
    }

    void environmentIsRecordedAndSaved()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("onboarding.json");
        {
            StateStore store(path);
            store.load();
            ResourcesForm form(&store);
            form.update([](ResourcesGateData &d) {
                d.choice.instance = "gpu.h100.8";
                d.choice.image = "pytorch-2.4-cu124";
                d.choice.setup.model = *findModel("qwen2.5-7b");
                d.choice.setup.method = Method::Qlora;
                d.choice.setup.framework = Framework::Megatron;
                d.choice.setup.gradDtype = GradDtype::Bf16;
                d.choice.setup.tp = 2;
                d.choice.setup.sequenceParallel = true;
                d.choice.outputPath = "/mnt/out";
            });
            const auto &env = form.data().environment;
            QCOMPARE(env.framework, QStringLiteral("torch"));
            QCOMPARE(env.frameworkVersion, QStringLiteral("2.4.0"));
            QCOMPARE(env.acceleratorVersion, QStringLiteral("12.4"));
            QCOMPARE(env.driver, QStringLiteral("550.54.15"));
            QVERIFY(env.imageDigest.isEmpty()); // unknown to the built-in catalog
            QCOMPARE(form.data().cardKey, QStringLiteral("h100-80g"));
            QVERIFY(store.saveNow().has_value());
        }
        StateStore again(path);
        QVERIFY(!again.load().notice);
        const ResourcesGateData &d = again.state().resources;
        QCOMPARE(d.choice.setup.model.key, QStringLiteral("qwen2.5-7b"));
        QCOMPARE(d.choice.setup.method, Method::Qlora);
        QCOMPARE(d.choice.setup.framework, Framework::Megatron);
        QCOMPARE(d.choice.setup.gradDtype, GradDtype::Bf16);
        QVERIFY(d.choice.setup.sequenceParallel);
        QCOMPARE(d.environment.imageVersion, QStringLiteral("2.4.0-cuda12.4-py3.11"));
        QCOMPARE(d.choice.outputPath, QStringLiteral("/mnt/out"));
    }

    // Gate 4 estimates for the model gate 1 names until a model is picked on gate 4.
    void gateOnesModelIsCarriedToGateFour()
    {
        StateStore store(QString{});
        store.update(
            [](OnboardingState &s) { s.account.modelName = QStringLiteral("Qwen2.5-7B"); });
        ResourcesForm form(&store);
        QCOMPARE(form.data().choice.setup.model.key, QStringLiteral("qwen2.5-7b"));
        store.update(
            [](OnboardingState &s) { s.account.modelName = QStringLiteral("Llama 2 7B"); });
        QCOMPARE(form.data().choice.setup.model.key, QStringLiteral("llama-2-7b"));
        // A name the catalog does not know leaves the estimate as it is.
        store.update([](OnboardingState &s) { s.account.modelName = QStringLiteral("our own"); });
        QCOMPARE(form.data().choice.setup.model.key, QStringLiteral("llama-2-7b"));
        form.update([](ResourcesGateData &d) {
            d.modelPicked = true;
            d.choice.setup.model = *findModel(QStringLiteral("mistral-7b"));
        });
        store.update(
            [](OnboardingState &s) { s.account.modelName = QStringLiteral("Qwen2.5-7B"); });
        QCOMPARE(form.data().choice.setup.model.key, QStringLiteral("mistral-7b"));
        auto back = ResourcesGateData::fromJson(form.data().toJson(), QStringLiteral("resources"));
        QVERIFY(back.has_value());
        QVERIFY(back->modelPicked);
    }

    // Gate 4's lists: every position reads back as itself, and the sharding list maps to ZeRO
    // stages and FSDP.
    void setupChoicesRoundTrip()
    {
        for (SetupChoice c :
             {SetupChoice::Model, SetupChoice::Precision, SetupChoice::Optimizer,
              SetupChoice::Method, SetupChoice::Checkpointing, SetupChoice::Framework,
              SetupChoice::GradDtype, SetupChoice::Sharding, SetupChoice::Offload}) {
            const int n = int(choiceLabels(c).size());
            QVERIFY(n >= 3);
            for (int i = 0; i < n; ++i) {
                TrainingSetup s;
                applyChoice(c, i, s);
                QCOMPARE(choiceIndex(c, s), i);
            }
            TrainingSetup s;
            const int before = choiceIndex(c, s);
            applyChoice(c, n, s); // outside the list: no change
            applyChoice(c, -1, s);
            QCOMPARE(choiceIndex(c, s), before);
        }
        QCOMPARE(choiceLabels(SetupChoice::Sharding),
                 QStringList({"DDP", "ZeRO-1", "ZeRO-2", "ZeRO-3", "FSDP"}));
        TrainingSetup s;
        applyChoice(SetupChoice::Sharding, 4, s);
        QVERIFY(s.fsdp);
        QCOMPARE(s.zeroStage, 3);
        applyChoice(SetupChoice::Sharding, 3, s);
        QVERIFY(!s.fsdp);
        QCOMPARE(s.zeroStage, 3);
        applyChoice(SetupChoice::Sharding, 1, s);
        QCOMPARE(s.zeroStage, 1);
        applyChoice(SetupChoice::Framework, 1, s);
        QCOMPARE(s.framework, frameworkConventions()[1].framework);
    }

    // #17 walk: gate 3's plan said 4 cards, gate 4 started from 1 and nothing said they
    // differed. Gate 4 starts from the plan's count; once opened, its count is the user's and a
    // difference is a warning naming both figures.
    void gateFourStartsFromThePlansCardCount()
    {
        StateStore store(QString{});
        ResourcesForm form(&store);
        QCOMPARE(form.data().choice.setup.gpus, 1);
        store.update([](OnboardingState &s) { s.quota.cardsPerRun = 4; });
        QCOMPARE(form.data().choice.setup.gpus, 4);
        QVERIFY(!codes(form.findings()).contains("cards.differ_from_plan"));
        // Opened: the user's count stands, and the plan moving on is a finding.
        store.update([](OnboardingState &s) {
            s.gate(GateId::Resources).status = GateStatus::InProgress;
        });
        store.update([](OnboardingState &s) { s.quota.cardsPerRun = 8; });
        QCOMPARE(form.data().choice.setup.gpus, 4);
        const Findings f = form.findings();
        const auto it = std::find_if(f.begin(), f.end(), [](const Finding &x) {
            return x.code == QLatin1String("cards.differ_from_plan");
        });
        QVERIFY2(it != f.end(), qPrintable(codes(f).join(u',')));
        QVERIFY(!it->isBlocking());
        QCOMPARE(it->field, QStringLiteral("gpus"));
        const QString text = it->message.toString();
        QVERIFY2(text.contains(QStringLiteral("8 cards per run")) &&
                     text.contains(QStringLiteral("this job uses 4")),
                 qPrintable(text));
        // An instance type fixes the count: its cards are compared.
        store.update([](OnboardingState &s) { s.resources.choice.instance = "gpu.a100-80g.8"; });
        QVERIFY(!codes(form.findings()).contains("cards.differ_from_plan"));
    }

    // Picking a model on gate 4 ends gate 1's say; the last entry is a bare parameter count.
    void theFormChoosesModels()
    {
        StateStore store(QString{});
        ResourcesForm form(&store);
        const int custom = int(modelCatalog().size());
        QCOMPARE(choiceLabels(SetupChoice::Model).size(), custom + 1);
        form.choose(SetupChoice::Model, 0);
        QVERIFY(form.data().modelPicked);
        QCOMPARE(form.data().choice.setup.model.key, modelCatalog().front().key);
        QVERIFY(!form.isCustomModel());
        form.setCustomParamsB(3); // not a custom model: ignored
        QCOMPARE(form.data().choice.setup.model.key, modelCatalog().front().key);
        form.choose(SetupChoice::Model, custom);
        QVERIFY(form.isCustomModel());
        QCOMPARE(form.data().choice.setup.model.paramsB, modelCatalog().front().paramsB);
        form.setCustomParamsB(3);
        QCOMPARE(form.data().choice.setup.model.paramsB, 3.0);
        QCOMPARE(form.choiceIndex(SetupChoice::Model), custom);
        form.choose(SetupChoice::Sharding, 4);
        QVERIFY(form.data().choice.setup.fsdp);
        QCOMPARE(form.choiceIndex(SetupChoice::Sharding), 4);
    }

    // Suggestions come only with a setup that does not fit.
    void suggestionsOnlyWhenItDoesNotFit()
    {
        StateStore store(QString{});
        ResourcesForm form(&store);
        form.update([](ResourcesGateData &d) {
            d.choice.setup.model = *findModel("llama-2-70b");
            d.choice.setup.method = Method::Full;
            d.choice.setup.gpus = 1;
            d.cardKey = QStringLiteral("a100-40g");
        });
        QCOMPARE(form.verdict(), Verdict::DoesNotFit);
        QVERIFY(!form.suggestions().empty());
        QCOMPARE(form.verdictText(), verdictText(Verdict::DoesNotFit));
        form.update([](ResourcesGateData &d) {
            d.choice.setup.model = *findModel("llama-2-7b");
            d.choice.setup.method = Method::Lora;
            d.cardKey = QStringLiteral("h100-80g");
        });
        QVERIFY(form.verdict() != Verdict::DoesNotFit);
        QVERIFY(form.suggestions().empty());
    }

    // #17 walk: the suggestions said what to change but nothing applied one. Each step the
    // page can make sets its own settings (not the steps before it) and says which; made one
    // after the other, they bring the verdict to "fits"; a card count that an instance type
    // fixes is not applied but says what to change instead.
    void suggestionsApplyToTheForm()
    {
        StateStore store(QString{});
        ResourcesForm form(&store);
        form.update([](ResourcesGateData &d) {
            d.choice.setup.model = *findModel("llama-2-7b");
            d.choice.setup.method = Method::Full;
            d.choice.setup.microBatch = 4;
            d.choice.setup.seqLen = 4096;
            d.choice.setup.checkpointing = Checkpointing::None;
            d.choice.setup.gpus = 1;
            d.cardKey = QStringLiteral("a100-80g");
        });
        QCOMPARE(form.verdict(), Verdict::DoesNotFit);
        const std::vector<Suggestion> first = form.suggestions();
        QVERIFY(first.size() >= 2);
        // The first step's own change, and only it.
        const ResourcesForm::SuggestionStep step = form.suggestionStep(0);
        QVERIFY(step.applicable);
        QVERIFY2(step.where.startsWith(QStringLiteral("Sets ")), qPrintable(step.where));
        const TrainingSetup before = form.data().choice.setup;
        const double totalBefore = form.memory().totalGiB();
        QVERIFY(form.applySuggestion(0));
        const TrainingSetup after = form.data().choice.setup;
        QCOMPARE(after.chunkedLoss, first[0].setup.chunkedLoss);
        QCOMPARE(after.microBatch, first[0].setup.microBatch);
        QCOMPARE(after.checkpointing, first[0].setup.checkpointing);
        QCOMPARE(after.model.key, before.model.key);
        QCOMPARE(after.seqLen, before.seqLen);
        QVERIFY(form.memory().totalGiB() < totalBefore);
        // Saved: a chunked loss (no field of the run spec) is part of the setup read back.
        auto json = ResourcesGateData::fromJson(store.state().resources.toJson(), "$.resources");
        QVERIFY(json);
        QCOMPARE(json->choice.setup.chunkedLoss, after.chunkedLoss);
        QCOMPARE(json->choice.setup.offloadActivations, after.offloadActivations);
        // Step by step to a verdict that fits.
        for (int i = 0; i < 12 && form.verdict() == Verdict::DoesNotFit; ++i)
            QVERIFY2(form.applySuggestion(0), qPrintable(form.suggestionStep(0).where));
        QVERIFY(form.verdict() != Verdict::DoesNotFit);
        QVERIFY(form.suggestions().empty());
        QVERIFY(!form.applySuggestion(0));

        // With an instance type chosen, its card count stands: a step that needs more cards
        // says what to change instead.
        form.update([](ResourcesGateData &d) {
            d.choice.setup = TrainingSetup{};
            d.choice.setup.model = *findModel("llama-2-70b");
            d.choice.setup.method = Method::Full;
            d.choice.instance = QStringLiteral("gpu.a10.1");
        });
        const std::vector<Suggestion> big = form.suggestions();
        int cardStep = -1;
        for (int i = 0; i < int(big.size()); ++i)
            if (big[size_t(i)].setup.gpus != (i == 0 ? form.effectiveSetup().gpus
                                                     : big[size_t(i) - 1].setup.gpus))
                cardStep = i;
        QVERIFY(cardStep >= 0);
        QVERIFY(!form.suggestionStep(cardStep).applicable);
        QVERIFY2(form.suggestionStep(cardStep).where.contains(QStringLiteral("instance type")),
                 qPrintable(form.suggestionStep(cardStep).where));
        const TrainingSetup held = form.data().choice.setup;
        QVERIFY(!form.applySuggestion(cardStep));
        QCOMPARE(form.data().choice.setup.gpus, held.gpus);
    }

    // #17 walk (item 22): after Apply nothing said what changed. The form words the last Apply:
    // each setting from and to, and the memory per card before and after; a later change of
    // gate 4 takes the words away (they would no longer describe the setup).
    void applyingSaysWhatChanged()
    {
        StateStore store(QString{});
        ResourcesForm form(&store);
        form.update([](ResourcesGateData &d) {
            d.choice.setup.model = *findModel("llama-2-7b");
            d.choice.setup.method = Method::Full;
            d.choice.setup.microBatch = 4;
            d.choice.setup.seqLen = 4096;
            d.choice.setup.checkpointing = Checkpointing::None;
            d.choice.setup.gpus = 1;
            d.cardKey = QStringLiteral("a100-80g");
        });
        QVERIFY(form.appliedChange().isEmpty());
        const QLocale locale;
        const QString was = locale.toString(form.memory().totalGiB(), 'f', 1);
        const TrainingSetup before = form.data().choice.setup;
        QVERIFY(form.applySuggestion(0));
        const TrainingSetup after = form.data().choice.setup;
        const QString said = form.appliedChange();
        QVERIFY2(said.contains(QStringLiteral("%1 → %2 GiB per card")
                                   .arg(was, locale.toString(form.memory().totalGiB(), 'f', 1))),
                 qPrintable(said));
        if (after.microBatch != before.microBatch)
            QVERIFY2(said.contains(QStringLiteral("Micro-batch per card %1 → %2")
                                       .arg(before.microBatch)
                                       .arg(after.microBatch)),
                     qPrintable(said));
        if (after.chunkedLoss != before.chunkedLoss)
            QVERIFY2(said.contains(QStringLiteral("Chunked loss off → on")), qPrintable(said));
        QVERIFY2(after.microBatch != before.microBatch || after.chunkedLoss != before.chunkedLoss ||
                     after.checkpointing != before.checkpointing,
                 "the first step changes one of the settings checked above");
        form.update([](ResourcesGateData &d) { d.choice.setup.seqLen = 2048; });
        QVERIFY(form.appliedChange().isEmpty());
    }

    // #17 walk (item 20): "Cards in the job" and "Judge against card" were disabled with no
    // reason shown. The form says why (the instance type), and what makes them editable again.
    void aFixedSettingSaysWhy()
    {
        StateStore store(QString{});
        ResourcesForm form(&store);
        form.update([](ResourcesGateData &d) { d.choice.instance.clear(); });
        QVERIFY(form.cardCountLock().isEmpty());
        QVERIFY(form.cardLock().isEmpty());
        form.update([](ResourcesGateData &d) { d.choice.instance = QStringLiteral("gpu.a100-80g.8"); });
        for (const QString &why : {form.cardCountLock(), form.cardLock()}) {
            QVERIFY2(why.contains(QStringLiteral("8 × A100 80GB")), qPrintable(why));
            QVERIFY2(why.contains(QStringLiteral("“(choose)”")), qPrintable(why));
        }
        QVERIFY2(form.cardCountLock().contains(QStringLiteral(": 8 card")),
                 qPrintable(form.cardCountLock()));
    }

    // #17 walk (item 20): "Also try" offered gpu.h100.8 to an A100 80GB pool; its quota cannot
    // open an H100 (quotaSkip skips it at create). The example is the pool's own types, and an
    // entry outside the pool is named with what it would take.
    void alsoTryStaysInsideThePool()
    {
        StateStore store(QString{});
        OnboardingState s;
        s.workspace.pool = {QStringLiteral("a100-80g"), QStringLiteral("cn-north"),
                            QStringLiteral("cn-north-1a")};
        s.resources.choice.instance = QStringLiteral("gpu.a100-80g.8");
        store.setState(s);
        ResourcesForm form(&store);
        const QString example = form.alternativesExample();
        QVERIFY(!example.isEmpty());
        const QList<Candidate> offered = *parseCandidates(example, form.data().catalog);
        for (const Candidate &c : offered) {
            QCOMPARE(form.data().catalog.instance(c.instance)->card, QStringLiteral("a100-80g"));
            QVERIFY(c.instance != QStringLiteral("gpu.a100-80g.8")); // not the chosen one again
            QVERIFY(c.zone.isEmpty());
        }
        QVERIFY(form.alternativesOutsidePool().isEmpty());
        form.update([&](ResourcesGateData &d) {
            d.choice.alternatives = *parseCandidates(
                QStringLiteral("gpu.a100-80g.1, gpu.h100.8, gpu.a100-80g.8@cn-north-1b"),
                d.catalog);
        });
        const QStringList outside = form.alternativesOutsidePool();
        QCOMPARE(outside.size(), 2);
        QVERIFY2(outside[0].startsWith(QStringLiteral("gpu.h100.8 is outside the pool")) &&
                     outside[0].contains(QStringLiteral("gate 2")),
                 qPrintable(outside[0]));
        QVERIFY2(outside[1].startsWith(QStringLiteral("gpu.a100-80g.8@cn-north-1b")),
                 qPrintable(outside[1]));
    }

    // #17 walk (item 20): "Create the instance" was enabled again on a passed gate 4 once its
    // instance was released, and nothing said what that meant. One rule: gate 4 stays passed
    // (its check ran while the instance did); creating again is for gates 5 and 6, and says so.
    void aReleasedInstanceIsCreatedAgainForTheLaterGates()
    {
        OnboardingState s;
        s.resources.choice.instance = QStringLiteral("gpu.a100-80g.8");
        QVERIFY(instanceCreation(s).allowed); // none created yet
        QVERIFY(!instanceCreation(s).again);
        QVERIFY(instanceCreation(s).note.isEmpty());
        s.provider.instanceId = QStringLiteral("i-1");
        s.provider.instanceState = QStringLiteral("running");
        QVERIFY(!instanceCreation(s).allowed);
        s.gate(GateId::Resources).status = GateStatus::Passed;
        s.provider.instanceState = QStringLiteral("released");
        const InstanceCreation c = instanceCreation(s);
        QVERIFY(c.allowed && c.again);
        QVERIFY2(c.note.startsWith(QStringLiteral("Gate 4 stays passed")) &&
                     c.note.contains(QStringLiteral("i-1")) &&
                     c.note.contains(QStringLiteral("Gates 5 and 6")),
                 qPrintable(c.note));
        s.gate(GateId::Resources).status = GateStatus::InProgress;
        QVERIFY2(instanceCreation(s).note.contains(QStringLiteral("acceptance check")),
                 qPrintable(instanceCreation(s).note));
        s.resources.choice.instance.clear();
        QVERIFY(!instanceCreation(s).allowed);
    }

    // #17 walk: gate 2's pool was A10 24GB cards, yet gate 4 judged the estimate against an
    // A100 80GB and said "fits with headroom". Until a card is chosen, the pool's card is it.
    void theEstimateIsJudgedAgainstThePoolsCard()
    {
        StateStore store(QString{});
        OnboardingState s;
        s.workspace.pool.cardType = QStringLiteral("a10");
        s.workspace.pool.region = QStringLiteral("cn-east");
        s.workspace.pool.zone = QStringLiteral("cn-east-1a");
        store.setState(s);
        ResourcesForm form(&store);
        QCOMPARE(form.card().key, QStringLiteral("a10"));
        form.update([](ResourcesGateData &d) {
            d.choice.setup.model = *findModel("llama-2-7b");
            d.choice.setup.method = Method::Full;
            d.choice.setup.gpus = 1;
        });
        QCOMPARE(form.verdict(), Verdict::DoesNotFit); // 7B full on one 24 GB card
        // A card chosen on the page stands over the pool's.
        form.update([](ResourcesGateData &d) { d.cardKey = QStringLiteral("h100-80g"); });
        QCOMPARE(form.card().key, QStringLiteral("h100-80g"));
    }

    // #17 walk: the card table said an A100 40GB needs 216 cards for a 7B full fine-tune at
    // 4 × 4096 tokens without checkpointing (here 2 × 4096). Sharding shrinks the model's states, not one
    // micro-batch's activations, which alone nearly fill that card. Where they pass the
    // comfortable share, the count under checkpointing is given, and it is the smaller one.
    void aCardFilledByActivationsLeadsWithCheckpointing()
    {
        StateStore store(QString{});
        ResourcesForm form(&store);
        form.update([](ResourcesGateData &d) {
            d.choice.setup.model = *findModel("llama-2-7b");
            d.choice.setup.method = Method::Full;
            d.choice.setup.microBatch = 2;
            d.choice.setup.seqLen = 4096;
            d.choice.setup.checkpointing = Checkpointing::None;
        });
        int flagged = 0;
        for (const CardSpec &c : cardCatalog()) {
            const ResourcesForm::CardCount n = form.cardCount(c);
            QCOMPARE(n.cards, form.cardsNeeded(c));
            if (!n.activationsFill)
                continue;
            ++flagged;
            const QString what = c.key + QStringLiteral(": %1 cards, %2 with %3, %4 GiB")
                                             .arg(n.cards)
                                             .arg(n.withCheaperStep)
                                             .arg(n.cheaperStep)
                                             .arg(n.unshardableGiB);
            QVERIFY2(n.unshardableGiB > kComfortableShare * c.memory.gib, qPrintable(what));
            QVERIFY2(n.withCheaperStep > 0, qPrintable(what));
            QVERIFY2(n.cards == 0 || n.withCheaperStep < n.cards, qPrintable(what));
        }
        // Without checkpointing, the cheapest step that suffices is named: the chunked loss
        // alone where it does, checkpointing on top where it does not.
        const ResourcesForm::CardCount on40 = form.cardCount(*findCard(QStringLiteral("a100-40g")));
        QVERIFY2(on40.cheaperStep.contains(QStringLiteral("checkpointing")),
                 qPrintable(on40.cheaperStep));
        const CardSpec a100 = *findCard(QStringLiteral("a100-40g"));
        QVERIFY(form.cardCount(a100).activationsFill);
        // About 58 GiB of activations and context: past 80 % of 40 GB, not of 80 GB.
        QVERIFY(!form.cardCount(*findCard(QStringLiteral("a100-80g"))).activationsFill);
        // With checkpointing the activations are small: the count stands as it is.
        form.update(
            [](ResourcesGateData &d) { d.choice.setup.checkpointing = Checkpointing::Full; });
        QVERIFY(!form.cardCount(a100).activationsFill);
        QVERIFY(form.cardCount(a100).cards > 0);
        // The walk's case: LoRA on a 152k-token vocabulary at 4 × 4096 with checkpointing on.
        // The logits (12 bytes a token per vocabulary entry) are most of the activations; the
        // chunked loss alone brings the count down, where sharding needed 216 cards.
        form.update([](ResourcesGateData &d) {
            d.choice.setup.model = *findModel("qwen2.5-7b");
            d.choice.setup.method = Method::Lora;
            d.choice.setup.microBatch = 4;
        });
        const ResourcesForm::CardCount logits = form.cardCount(a100);
        QVERIFY(logits.activationsFill);
        QCOMPARE(logits.cheaperStep, QStringLiteral("a chunked loss"));
        QVERIFY2(logits.withCheaperStep > 0 && logits.withCheaperStep <= 8,
                 qPrintable(QString::number(logits.withCheaperStep)));
    }

    // Walk 18: gate 4 said "does not fit" on 4 × A10 with plain data parallelism while its card
    // table said "A10 24GB: 2". The table's count shards the model; it now says so, and only
    // where the job as set does not shard.
    void aCountThatShardsSaysSo()
    {
        StateStore store(QString{});
        ResourcesForm form(&store);
        form.update([](ResourcesGateData &d) {
            d.choice.setup.model = *findModel("llama-3.2-3b");
            d.choice.setup.method = Method::Full;
            d.choice.setup.microBatch = 1;
            d.choice.setup.seqLen = 1024;
            d.choice.setup.checkpointing = Checkpointing::Full;
            d.choice.setup.zeroStage = 0;
            d.choice.setup.fsdp = false;
        });
        const CardSpec a10 = *findCard(QStringLiteral("a10"));
        const CardSpec h200 = *findCard(QStringLiteral("h200-141g"));
        const ResourcesForm::CardCount onA10 = form.cardCount(a10);
        // Model states alone (about 16 B per parameter, 51 GB) do not fit one 24 GB card.
        QVERIFY2(onA10.cards > 1, qPrintable(QString::number(onA10.cards)));
        QVERIFY(onA10.needsSharding);
        // One card that holds it all needs no sharding.
        QCOMPARE(form.cardCount(h200).cards, 1);
        QVERIFY(!form.cardCount(h200).needsSharding);
        // Sharded already: the count holds as set.
        form.update([](ResourcesGateData &d) { d.choice.setup.fsdp = true; });
        QVERIFY(!form.cardCount(a10).needsSharding);
    }
};

QTEST_GUILESS_MAIN(TestResources)
#include "tst_resources.moc"
