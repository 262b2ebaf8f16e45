// A live chart's axes as a run feeds it: a flat start then a wide range (walk 17: gate 5 hung
// there, the window frozen while memory grew by gigabytes), and tick labels that differ.
#include "widgets/LiveChart.h"

#include <QApplication>
#include <QChartView>
#include <QTest>
#include <QValueAxis>

#include <atomic>
#include <chrono>
#include <cmath>
#include <thread>

using namespace onramp;

namespace {

// Fails the test at once, with why, when the GUI thread does not come back: a hang would
// otherwise grow memory until ctest's timeout.
class Watchdog
{
public:
    explicit Watchdog(int seconds)
        : m_thread([this, seconds] {
              for (int i = 0; i < seconds * 10 && !m_done; ++i)
                  std::this_thread::sleep_for(std::chrono::milliseconds(100));
              if (!m_done)
                  qFatal("the chart did not come back within %d s: it hangs", seconds);
          })
    {
    }
    ~Watchdog()
    {
        m_done = true;
        m_thread.join();
    }

private:
    std::atomic<bool> m_done{false};
    std::thread m_thread;
};

// The labels the axis draws: one per tick from the anchor, as its label format writes them.
QStringList tickLabels(const QValueAxis *axis)
{
    QStringList labels;
    const double step = axis->tickInterval();
    const double first =
        axis->tickAnchor() + std::ceil((axis->min() - axis->tickAnchor()) / step - 1e-9) * step;
    for (double v = first; v <= axis->max() + step * 1e-9 && labels.size() < 100; v += step)
        labels << QString::asprintf(axis->labelFormat().toLatin1().constData(), v);
    return labels;
}

} // namespace

class TestLiveChart : public QObject
{
    Q_OBJECT

private slots:
    void aFlatStartThenAWideRangeDrawsAFewTicks_data()
    {
        QTest::addColumn<double>("flat");
        QTest::addColumn<double>("wide");
        QTest::newRow("loss 0.16, then 6") << 0.16 << 6.0;
        QTest::newRow("ms per step 40, then 90 000") << 40.0 << 90000.0;
        QTest::newRow("zero, then 5") << 0.0 << 5.0;
        QTest::newRow("wide first, then flat") << 90000.0 << 0.16;
    }
    void aFlatStartThenAWideRangeDrawsAFewTicks()
    {
        QFETCH(double, flat);
        QFETCH(double, wide);
        LiveChart chart;
        chart.resize(400, 240);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        const Watchdog watchdog(20);
        chart.append(1, flat);
        chart.append(2, flat);
        chart.flush();
        auto *view = chart.findChild<QChartView *>();
        QVERIFY2(view, "the charts module did not load");
        auto *y = qobject_cast<QValueAxis *>(view->chart()->axes(Qt::Vertical).value(0));
        QVERIFY(y);
        const auto fewDistinctTicks = [&](const char *when) {
            const QStringList labels = tickLabels(y);
            QVERIFY2(labels.size() >= 2 && labels.size() <= 9,
                     qPrintable(QStringLiteral("%1: %2").arg(when, labels.join(u' '))));
            QVERIFY2(labels.size() == QSet<QString>(labels.begin(), labels.end()).size(),
                     qPrintable(QStringLiteral("%1: %2").arg(when, labels.join(u' '))));
        };
        fewDistinctTicks("flat");
        chart.append(3, wide);
        chart.flush();
        QCoreApplication::processEvents();
        fewDistinctTicks("wide");
        QVERIFY(y->min() <= std::min(flat, wide) && y->max() >= std::max(flat, wide));
    }
};

QTEST_MAIN(TestLiveChart)
#include "tst_livechart.moc"
