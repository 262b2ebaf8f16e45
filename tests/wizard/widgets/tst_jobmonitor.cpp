// The live job view (JobMonitor) fed the news a running job gives (as ProviderHub emits them
// from each poll), with a clock the test moves: a queued job's wait in words with its expected
// start, a run that stops stepping called hung with its first action, and that verdict gone as
// soon as a step comes again.
#include "WizardHarness.h"
#include "ProviderHub.h"
#include "widgets/JobMonitor.h"
#include "widgets/LiveChart.h"

#include "charts/ChartKit.h"

#include <QChartView>
#include <QJsonDocument>
#include <QLabel>
#include <QValueAxis>

#include <cmath>
#include <optional>

namespace {

// One step line of a job's log, as the probe writes it; memory only when given.
QByteArray stepLine(const char *check, int step, double loss, double seconds,
                    std::optional<double> memoryBytes = std::nullopt)
{
    QJsonObject o{{"event", "step"},
                  {"check", check},
                  {"step", step},
                  {"loss", loss},
                  {"step_seconds", seconds}};
    if (memoryBytes)
        o[QStringLiteral("memory_bytes")] = *memoryBytes;
    return QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
}

// A job view on a fresh state and a hub with no provider: the test emits the hub's news.
struct Monitored
{
    explicit Monitored(const QStringList &checks) : monitor(&hub, checks) {}
    QTemporaryDir dir;
    StateStore store{dir.filePath(QStringLiteral("onboarding.json"))};
    ProviderHub hub{&store, nullptr};
    JobMonitor monitor;
};

QByteArray steps(int from, int to, double seconds)
{
    QByteArray out;
    for (int i = from; i <= to; ++i)
        out += stepLine("metrics", i, 1.0 / i, seconds);
    return out;
}

} // namespace

class TestJobMonitor : public QObject, WizardFixture
{
    Q_OBJECT

private slots:
    void init() { resetState(); }

    // #17 walk: before any job, gates 5 and 6 showed three empty charts, the third without a
    // title. Each says what it is for from the start.
    void emptyChartsSayWhatTheyShow()
    {
        Monitored watched({QStringLiteral("metrics")});
        auto &[dir, store, hub, monitor] = watched;
        monitor.show();
        for (const char *name : {"lossChart", "stepChart", "memoryChart"}) {
            auto *chart = monitor.findChild<LiveChart *>(QLatin1String(name));
            QVERIFY2(chart, name);
            QVERIFY2(!chart->title().isEmpty(), name);
        }
    }

    // #17 walk: an empty chart's axes read "0.00025 MiB" and "0–1". Until its first point a
    // chart shows, in its place, its title and a line saying what appears there and when
    // (gate 6: once the first run starts); no axis of nothing.
    void anEmptyChartSaysWhatWillAppear_data()
    {
        QTest::addColumn<QStringList>("checks");
        QTest::addColumn<QString>("when");
        QTest::newRow("gate 5") << QStringList{QStringLiteral("metrics")}
                                << QStringLiteral("once a check's job");
        QTest::newRow("gate 6") << QStringList{QStringLiteral("first-run")}
                                << QStringLiteral("once the first run");
    }
    void anEmptyChartSaysWhatWillAppear()
    {
        QFETCH(QStringList, checks);
        QFETCH(QString, when);
        Monitored watched(checks);
        auto &[dir, store, hub, monitor] = watched;
        monitor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&monitor));
        for (const char *name : {"lossChart", "stepChart", "memoryChart"}) {
            auto *chart = monitor.findChild<LiveChart *>(QLatin1String(name));
            QVERIFY2(chart, name);
            chart->flush();
            auto *line = chart->findChild<QLabel *>(QStringLiteral("emptyChart"));
            QVERIFY2(line && line->isVisible(), name);
            QVERIFY2(line->text().contains(QStringLiteral("appears here ") + when),
                     qPrintable(line->text()));
            QVERIFY2(!line->text().contains(QStringLiteral("%1")), qPrintable(line->text()));
            auto *view = chart->findChild<QChartView *>();
            QVERIFY2(view, "the charts module did not load");
            QVERIFY2(!view->isVisible(), name);
        }
        // The first steps: loss and step time draw; the memory, not reported, still says so.
        const QByteArray log = steps(1, 5, 0.5).replace("\"metrics\"", '"' + checks.first().toUtf8() + '"');
        emit hub.jobNews(checks.first(), QJsonObject{{"id", "j1"}, {"state", "running"}}, 0, log,
                         log.size());
        for (const char *name : {"lossChart", "stepChart"}) {
            auto *chart = monitor.findChild<LiveChart *>(QLatin1String(name));
            chart->flush();
            QVERIFY2(chart->findChild<QChartView *>()->isVisible(), name);
            QVERIFY2(!chart->findChild<QLabel *>(QStringLiteral("emptyChart"))->isVisible(), name);
        }
        auto *memory = monitor.findChild<LiveChart *>(QStringLiteral("memoryChart"));
        memory->flush();
        QVERIFY(memory->findChild<QLabel *>(QStringLiteral("emptyChart"))->isVisible());
        QVERIFY(!memory->findChild<QChartView *>()->isVisible());
        // Memory reported as zero: a chart from 0 to 1 MiB, not to "0.00025 MiB".
        const QByteArray zero = stepLine(qPrintable(checks.first()), 6, 0.1, 0.5, 0);
        emit hub.jobNews(checks.first(), QJsonObject{{"id", "j1"}, {"state", "running"}},
                         log.size(), zero, log.size() + zero.size());
        memory->flush();
        auto *view = memory->findChild<QChartView *>();
        QVERIFY(view->isVisible());
        auto *axis = qobject_cast<QValueAxis *>(view->chart()->axes(Qt::Vertical).value(0));
        QVERIFY(axis);
        QCOMPARE(axis->min(), 0.0);
        QCOMPARE(axis->max(), 1.0);
    }

    // Seen in a real window on gate 3: the month chart's axis read "0 203 406 609 811". A bar
    // chart's axis ends on a round number, its ticks on round steps.
    void barAxesEndOnRoundNumbers_data()
    {
        QTest::addColumn<double>("top");
        QTest::addColumn<QList<double>>("ticks");
        QTest::newRow("card-hours") << 811.0 << QList<double>{0, 200, 400, 600, 800, 1000};
        QTest::newRow("a year") << 1844.0 << QList<double>{0, 500, 1000, 1500, 2000};
        QTest::newRow("round already") << 60.0 << QList<double>{0, 20, 40, 60};
        QTest::newRow("empty") << 0.0 << QList<double>{0, 1};
        QTest::newRow("small") << 3.2 << QList<double>{0, 1, 2, 3, 4};
    }
    void barAxesEndOnRoundNumbers()
    {
        QFETCH(double, top);
        QFETCH(QList<double>, ticks);
        QWidget parent;
        charts::Bars *bars = charts::makeBars(&parent);
        bars->setColumns(QStringLiteral("card-hours"), {QStringLiteral("27-03")}, {top}, top);
        auto *view = qobject_cast<QChartView *>(bars->widget());
        QVERIFY2(view, "the charts module did not load");
        const QList<QAbstractAxis *> axes = view->chart()->axes(Qt::Vertical);
        QCOMPARE(axes.size(), 1);
        auto *axis = qobject_cast<QValueAxis *>(axes.first());
        QVERIFY(axis);
        QCOMPARE(axis->min(), 0.0);
        QCOMPARE(axis->max(), ticks.last());
        QCOMPARE(axis->tickCount(), int(ticks.size()));
    }

    // #17 walk: the loss chart's ticks read "5.92, 4.95, …": five even cuts of the curve's
    // own range. Ticks sit on round values, a round step apart, on both axes.
    void theLossAxisTicksOnRoundValues()
    {
        Monitored watched({QStringLiteral("metrics")});
        auto &[dir, store, hub, monitor] = watched;
        monitor.show();
        QByteArray log;
        for (int i = 1; i <= 130; ++i)
            log += stepLine("metrics", i, 5.93 - i * 0.0077, 0.5, 1 << 20);
        emit hub.jobNews("metrics", QJsonObject{{"id", "j1"}, {"state", "running"}}, 0, log,
                         log.size());
        auto *chart = monitor.findChild<LiveChart *>(QStringLiteral("lossChart"));
        QVERIFY(chart);
        chart->flush();
        auto *view = chart->findChild<QChartView *>();
        QVERIFY2(view, "the charts module did not load");
        const auto round = [](double step) {
            const double power = std::pow(10.0, std::floor(std::log10(step)));
            const double m = step / power;
            return std::abs(m - 1) < 1e-9 || std::abs(m - 2) < 1e-9 ||
                   std::abs(m - 2.5) < 1e-9 || std::abs(m - 5) < 1e-9;
        };
        for (Qt::Orientation o : {Qt::Vertical, Qt::Horizontal}) {
            auto *axis = qobject_cast<QValueAxis *>(view->chart()->axes(o).value(0));
            QVERIFY(axis);
            QCOMPARE(axis->tickType(), QValueAxis::TicksDynamic);
            const double step = axis->tickInterval();
            QVERIFY2(round(step), qPrintable(QString::number(step)));
            const double ticks = (axis->max() - axis->min()) / step;
            QVERIFY2(ticks >= 2 && ticks <= 8, qPrintable(QString::number(ticks)));
            const double anchor = axis->tickAnchor() / step;
            QVERIFY2(std::abs(anchor - std::round(anchor)) < 1e-6,
                     qPrintable(QString::number(axis->tickAnchor())));
        }
    }

    // #17 walk: the memory chart's axis read "5.5479 MiB" (four decimals of MiB). It starts at
    // zero, ends on a round number and reads in MiB or GiB with the decimals its ticks need.
    void theMemoryAxisReadsInMiBOrGiB_data()
    {
        QTest::addColumn<double>("bytes");
        QTest::addColumn<QString>("unit");
        QTest::newRow("a CPU loop's 5.5 MiB") << 5.548 * (1 << 20) << QStringLiteral("MiB");
        QTest::newRow("a card's 40 GiB") << 40.3 * double(1ull << 30) << QStringLiteral("GiB");
        QTest::newRow("900 MiB") << 900.4 * (1 << 20) << QStringLiteral("MiB");
    }
    void theMemoryAxisReadsInMiBOrGiB()
    {
        QFETCH(double, bytes);
        QFETCH(QString, unit);
        Monitored watched({QStringLiteral("metrics")});
        auto &[dir, store, hub, monitor] = watched;
        monitor.show();
        QByteArray log;
        for (int i = 1; i <= 40; ++i) // a few KiB up and down, as a real job's memory goes
            log += stepLine("metrics", i, 1.0 / i, 0.5, bytes + (i % 3) * 1024);
        emit hub.jobNews("metrics", QJsonObject{{"id", "j1"}, {"state", "running"}}, 0, log,
                         log.size());
        auto *chart = monitor.findChild<LiveChart *>(QStringLiteral("memoryChart"));
        QVERIFY(chart);
        chart->flush();
        QVERIFY2(chart->title().endsWith(QStringLiteral("(%1)").arg(unit)),
                 qPrintable(chart->title()));
        auto *view = chart->findChild<QChartView *>();
        QVERIFY2(view, "the charts module did not load");
        auto *axis = qobject_cast<QValueAxis *>(view->chart()->axes(Qt::Vertical).value(0));
        QVERIFY(axis);
        QCOMPARE(axis->min(), 0.0);
        const double shown = bytes / double(unit == QLatin1String("GiB") ? 1ull << 30 : 1 << 20);
        QVERIFY2(axis->max() >= shown && axis->max() < 2.5 * shown,
                 qPrintable(QString::number(axis->max())));
        QStringList labels;
        for (int i = 0; i < axis->tickCount(); ++i) {
            const double v = axis->min() + i * (axis->max() - axis->min()) / (axis->tickCount() - 1);
            const QString label = QString::asprintf(axis->labelFormat().toLatin1().constData(), v);
            QVERIFY2(!label.contains(u'e'), qPrintable(label));
            QVERIFY2(label.section(u'.', 1).size() <= 2, qPrintable(label));
            QVERIFY2(!labels.contains(label), qPrintable(labels.join(", ") + " / " + label));
            labels << label;
        }
    }

    void aWaitAndAHangAreShownWhileTheyHappen()
    {
        Monitored watched({QStringLiteral("metrics")});
        auto &[dir, store, hub, monitor] = watched;
        qint64 nowMs = 1000;
        monitor.setClock([&] { return nowMs; });
        monitor.show();
        auto *wait = monitor.findChild<QLabel *>("queueWait");
        auto *live = monitor.findChild<QLabel *>("liveTriage");
        QVERIFY(wait && live);

        const QDateTime at = QDateTime(QDate(2026, 12, 2), QTime(6, 0), Qt::UTC);
        QJsonObject job{{"id", "j1"},
                        {"state", "queued"},
                        {"reason", QJsonObject{{"kind", "priority"},
                                               {"code", "InstanceBusy"},
                                               {"message", "instance i1 runs job j0"}}},
                        {"expectedStart", at.toString(Qt::ISODateWithMs)},
                        {"expectedStartBasis", "queue"}};
        emit hub.jobNews("metrics", job, 0, {}, 0);
        QVERIFY(wait->isVisible());
        QVERIFY2(wait->text().contains("Waiting its turn") && wait->text().contains("First:") &&
                     wait->text().contains(QLocale().toString(at.toLocalTime(), QLocale::ShortFormat)),
                 qPrintable(wait->text()));
        QVERIFY(!live->isVisible()); // waiting its turn is not a failure

        job = {{"id", "j1"}, {"state", "running"}};
        QByteArray log = steps(1, 30, 0.5);
        emit hub.jobNews("metrics", job, 0, log, log.size());
        QVERIFY(!wait->isVisible());
        QVERIFY(!live->isVisible());
        QCOMPARE(monitor.diagnosis().kind, FailureKind::None);
        // Polls with no new step: after 10 × 0.5 s, but not before 60 s (the minimum), hung.
        nowMs += 59000;
        emit hub.jobNews("metrics", job, log.size(), {}, log.size());
        QCOMPARE(monitor.diagnosis().kind, FailureKind::None);
        nowMs += 2000;
        emit hub.jobNews("metrics", job, log.size(), {}, log.size());
        QCOMPARE(monitor.diagnosis().kind, FailureKind::Hung);
        QVERIFY(live->isVisible());
        QVERIFY2(live->text().contains("Hung") && live->text().contains("First:") &&
                     live->text().contains("checkpoint"),
                 qPrintable(live->text()));
        // A step again: not hung any more.
        const QByteArray more = steps(31, 31, 0.5);
        emit hub.jobNews("metrics", job, log.size(), more, log.size() + more.size());
        QCOMPARE(monitor.diagnosis().kind, FailureKind::None);
        QVERIFY(!live->isVisible());
    }
};

QTEST_MAIN(TestJobMonitor)
#include "tst_jobmonitor.moc"
