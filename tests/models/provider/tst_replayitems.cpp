// A replay's items when the provider refuses a step (#17 walk, item 2): what the spec says,
// what this run found and what to do next, the provider's own words apart, in the technical
// details. No provider runs here: the items are made from the refusals the sandbox gives.
#include "OnboardingState.h"
#include "Replay.h"
#include "RunSpec.h"

#include <QFile>
#include <QJsonDocument>
#include <QtTest>

using namespace onramp;

class TestReplayItems : public QObject
{
    Q_OBJECT

    static RunSpec example()
    {
        QFile f(QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/first-run.json"));
        f.open(QIODevice::ReadOnly);
        return *parseRunSpec(f.readAll());
    }
    // What the client makes of the sandbox's answer (providerErrorFrom): its sentence, which
    // repeats the provider's words, and the body as the details.
    static ProviderError refusal(ProviderErrorCode code, int status, const QString &field,
                                 const QString &providerSays)
    {
        ProviderError e;
        e.code = code;
        e.httpStatus = status;
        e.field = field;
        e.message = QStringLiteral("The provider did not accept the field %1: %2").arg(field, providerSays);
        e.details = QStringLiteral("HTTP %1 %2: %3").arg(status).arg(providerErrorKey(code), providerSays);
        return e;
    }
    static void readsAsASentence(const ReplayItem &i, const ProviderError &e)
    {
        const QString d = i.detail();
        QVERIFY2(!d.contains(QStringLiteral("(nothing)")), qPrintable(d));
        QVERIFY2(!d.contains(QStringLiteral("HTTP")), qPrintable(d));
        QVERIFY2(!d.contains(e.field), qPrintable(d)); // the request's field is technical
        QVERIFY2(d.count(QStringLiteral("spec says")) == 1, qPrintable(d));
        QVERIFY2(i.technical.contains(QStringLiteral("HTTP %1").arg(e.httpStatus)),
                 qPrintable(i.technical));
        QVERIFY2(i.technical.count(QStringLiteral("HTTP")) == 1, qPrintable(i.technical));
        QVERIFY2(i.technical.contains(e.field), qPrintable(i.technical)); // which request field
        QVERIFY(i.counts());
    }

private slots:
    void anUnknownImage()
    {
        RunSpec spec = example();
        spec.image.version = QStringLiteral("2.9.9-cuda99-py3.13");
        const QString ref = spec.image.name + u':' + spec.image.version;
        const ProviderError e =
            refusal(ProviderErrorCode::ValidationFailed, 400, QStringLiteral("$.image"),
                    QStringLiteral("no image %1 at this provider (a catalog key or "
                                   "name:version)").arg(ref));
        const ReplayItem i =
            providerFailureItem(spec, QStringLiteral("$.compute.instanceType"), "instance", e);
        readsAsASentence(i, e);
        QCOMPARE(i.field, QStringLiteral("$.image.version"));
        QCOMPARE(i.want, ref); // the spec did name it
        QCOMPARE(i.detail(),
                 QStringLiteral("spec says %1, this run has no such image at this provider — Ask "
                                "the sender which image the first run used and for a spec with "
                                "an image this provider offers, or ask the provider to add %1.")
                     .arg(ref));
        QVERIFY(i.technical.contains(QStringLiteral("validation_failed")));
        QVERIFY(i.technical.contains(QStringLiteral("no image ") + ref));
    }

    void aMissingDataPath_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<bool>("local");
        QTest::newRow("a home folder") << "/home/liwei/data" << true;
        QTest::newRow("a Mac home") << "/Users/li/data" << true;
        QTest::newRow("a tilde") << "~/data" << true;
        QTest::newRow("a Windows drive") << "D:\\data\\tickets" << true;
        QTest::newRow("the provider's storage") << "/mnt/data/support-tickets" << false;
        QTest::newRow("a bucket") << "s3://team/data" << false;
    }
    void aMissingDataPath()
    {
        QFETCH(QString, path);
        QFETCH(bool, local);
        QCOMPARE(looksLikeLocalPath(path), local);
        RunSpec spec = example();
        spec.storage.data = path;
        const ProviderError e = refusal(
            ProviderErrorCode::NotFound, 404, QStringLiteral("$.dataPath"),
            QStringLiteral("no data at %1: this sandbox's workspace data is /mnt/data/sample").arg(path));
        const ReplayItem i = providerFailureItem(spec, QStringLiteral("$.launch"), "first run", e);
        readsAsASentence(i, e);
        QCOMPARE(i.field, QStringLiteral("$.storage.data"));
        QVERIFY2(i.detail().startsWith(QStringLiteral("spec says %1, this run has no data at "
                                                      "that path at the provider — ").arg(path)),
                 qPrintable(i.detail()));
        // What to do next fits the path: a folder on the sender's computer is not something to
        // look for in the workspace (#17 walk: "It may have been released or never created").
        QVERIFY(!i.detail().contains(QStringLiteral("released")));
        QCOMPARE(i.detail().contains(QStringLiteral("sender's own computer")), local);
        QVERIFY(i.detail().contains(QStringLiteral("ask the sender"), Qt::CaseInsensitive));
        if (!local)
            QVERIFY(i.detail().contains(QStringLiteral("create it at that path")));
    }

    void anInstanceGone()
    {
        const RunSpec spec = example();
        ProviderError e = refusal(ProviderErrorCode::NotFound, 404, QString(),
                                  QStringLiteral("no instance i-0042"));
        e.message = QStringLiteral("The provider does not know this resource (instance i-0042). "
                                   "It may have been released or never created; check the "
                                   "workspace and try again.");
        for (const QString &step : {QStringLiteral("$"), QStringLiteral("$.launch")}) {
            const ReplayItem i = providerFailureItem(spec, step, "first run", e);
            QCOMPARE(i.field, QStringLiteral("$.compute.instanceType"));
            QVERIFY2(i.detail().startsWith(
                         QStringLiteral("spec says %1, this run has the instance was gone")
                             .arg(hardwareText(spec.compute, [](const QString &v) { return v; }))),
                     qPrintable(i.detail()));
            QVERIFY2(i.detail().endsWith(QStringLiteral("Replay again: a replay creates an "
                                                        "instance of its own.")),
                     qPrintable(i.detail()));
            QVERIFY(!i.detail().contains(QStringLiteral("check the workspace")));
            QVERIFY(i.technical.contains(QStringLiteral("no instance i-0042")));
        }
    }

    // #17 walk, item 3: the replay compares what gate 4's verdict rests on: the spec's memory
    // settings, estimated again on its card, must give the spec's verdict. A spec whose
    // settings were changed (or lost) says so; one older than them is not counted.
    void theMemoryPlanIsJudgedAgain()
    {
        QFile f(QStringLiteral(ONRAMP_SOURCE_DIR "/docs/examples/state-demo.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        OnboardingState state =
            *OnboardingState::fromJson(QJsonDocument::fromJson(f.readAll()).object());
        state.resources.choice.setup.chunkedLoss = true;
        const RunSpec spec = runSpecFromState(state);
        QVERIFY(spec.memory.recorded);
        ReplayItem i = memoryPlanItem(spec);
        QCOMPARE(i.field, QStringLiteral("$.memory"));
        QCOMPARE(i.status, ReplayItem::Status::Pass);
        QVERIFY2(i.got.endsWith(i.want), qPrintable(i.got + u'|' + i.want)); // the same verdict and peak
        QVERIFY2(i.detail().contains(QStringLiteral("chunked loss on")), qPrintable(i.detail()));
        // One of the replay's items.
        int compared = 0;
        for (const ReplayItem &x : compareRerun(spec, spec, true))
            if (x.field == QLatin1String("$.memory")) {
                ++compared;
                QCOMPARE(x.status, ReplayItem::Status::Pass);
            }
        QCOMPARE(compared, 1);
        // The same settings with a micro-batch sixty-four times larger: not gate 4's verdict.
        RunSpec changed = spec;
        changed.memory.microBatch *= 64;
        i = memoryPlanItem(changed);
        QCOMPARE(i.status, ReplayItem::Status::Fail);
        QVERIFY2(i.detail().startsWith(QStringLiteral("spec says “fits")) &&
                     i.detail().contains(QStringLiteral("this run has the estimate “does not fit")) &&
                     i.detail().contains(QStringLiteral("ask the sender for a fresh export")),
                 qPrintable(i.detail()));
        // Walk 19: the recorded peak edited from 24.1 to 10 GiB replayed green. The figure
        // is compared too: more than 5 % off what the settings give fails, with both figures.
        RunSpec edited = spec;
        edited.memory.peakGiB = std::round(spec.memory.peakGiB * 0.5 * 10) / 10;
        i = memoryPlanItem(edited);
        QCOMPARE(i.status, ReplayItem::Status::Fail);
        QVERIFY2(i.detail().contains(QStringLiteral("The spec records %1 GiB per card, but its own "
                                                    "settings give %2 GiB")
                                         .arg(edited.memory.peakGiB, 0, 'f', 1)
                                         .arg(spec.memory.peakGiB, 0, 'f', 1)),
                 qPrintable(i.detail()));
        // Within 5 %: rounding and nothing else, it passes.
        edited.memory.peakGiB = spec.memory.peakGiB * 1.03;
        QCOMPARE(memoryPlanItem(edited).status, ReplayItem::Status::Pass);
        // An older spec: said, not counted.
        RunSpec old = spec;
        old.memory = {};
        i = memoryPlanItem(old);
        QCOMPARE(i.status, ReplayItem::Status::NotApplicable);
        QVERIFY(!i.counts());
        QVERIFY(i.detail().contains(QStringLiteral("fresh export")));
    }

    // Walk 19: a replay on a sick GPU failed at the GPU's health, and also at "driver" and
    // "GPU model", which the spec (a first run on the CPU) never recorded. What the machine
    // is binds a replay only where the spec records it.
    void aMachineTheSpecDoesNotRecordIsNoDifference()
    {
        RunSpec spec = example();
        spec.software.driver.clear();
        spec.software.gpuModel.clear();
        RunSpec seen = spec;
        seen.software.driver = QStringLiteral("550.54.15");
        seen.software.gpuModel = QStringLiteral("Onramp sandbox GPU");
        const auto statusOf = [](const QList<ReplayItem> &items, const char *field) {
            for (const ReplayItem &i : items)
                if (i.field == QLatin1String(field))
                    return i.status;
            return ReplayItem::Status::Pass;
        };
        QList<ReplayItem> items = compareRerun(spec, seen, true);
        QCOMPARE(statusOf(items, "$.software.driver"), ReplayItem::Status::NotApplicable);
        QCOMPARE(statusOf(items, "$.software.gpuModel"), ReplayItem::Status::NotApplicable);
        // Recorded, another driver is a difference.
        spec.software.driver = QStringLiteral("535.161.08");
        items = compareRerun(spec, seen, true);
        QCOMPARE(statusOf(items, "$.software.driver"), ReplayItem::Status::Fail);
        // And a run that lost what the spec records still fails.
        seen.software.driver.clear();
        items = compareRerun(spec, seen, true);
        QCOMPARE(statusOf(items, "$.software.driver"), ReplayItem::Status::Fail);
    }

    // Walk 19: a replay whose instance could not open (out of stock) told the colleague to "go
    // back to gate 2 and choose a pool", three times. The item says what a replayer can do;
    // the tries stay in the technical details, once.
    void anInstanceThatCouldNotOpenSaysWhatAReplayerCanDo()
    {
        const RunSpec spec = example();
        ProviderError e;
        e.message = QStringLiteral("No candidate could open (1 tried):\n8 × A100 80GB in "
                                   "cn-north-1a: out of stock — go back to gate 2 and choose "
                                   "a pool in one of those zones.");
        e.field = QStringLiteral("$.compute.instanceType");
        const ReplayItem i =
            providerFailureItem(spec, QStringLiteral("$.compute.instanceType"), "instance", e);
        QCOMPARE(i.status, ReplayItem::Status::Fail);
        QVERIFY2(!i.detail().contains(QStringLiteral("gate 2")) &&
                     i.detail().contains(QStringLiteral("no instance opened in %1")
                                             .arg(spec.compute.zone)) &&
                     i.detail().contains(QStringLiteral("replay again")),
                 qPrintable(i.detail()));
        QCOMPARE(i.technical.count(QStringLiteral("out of stock")), 1);
    }

    // Any other refusal keeps the client's sentence (what happened and what to do), the
    // provider's words apart, never twice.
    void anyOtherRefusal()
    {
        const RunSpec spec = example();
        ProviderError e = refusal(ProviderErrorCode::OutOfStock, 409, QString(),
                                  QStringLiteral("no a10 cards free in cn-east-1a"));
        e.message = QStringLiteral("No cards of this type are free in this zone now: try "
                                   "another zone or wait.");
        const ReplayItem i =
            providerFailureItem(spec, QStringLiteral("$.compute.instanceType"), "instance", e);
        QCOMPARE(i.detail().count(QStringLiteral("No cards of this type")), 1);
        QVERIFY(i.detail().startsWith(QStringLiteral("spec says ")));
        QVERIFY(!i.detail().contains(QStringLiteral("HTTP")));
        QVERIFY(i.technical.contains(QStringLiteral("HTTP 409 out_of_stock")));
    }
};

QTEST_GUILESS_MAIN(TestReplayItems)
#include "tst_replayitems.moc"
