// make bench, gates 5–6 figures: the live chart and the log view.
//   chart_1m_points: a 1,000,000-point loss series — reduce + first paint with LiveChart,
//     against handing all points to a QLineSeries and painting (the anchor), same run.
//   log_tail_1gb: the last 1,000 lines of a 1 GB log shown in the LogView and painted,
//     against `tail -n 1000 FILE > /dev/null`; and the view's peak memory (the process's peak
//     RSS growth while it loads) against the anchor of 64 MiB.
#include "LiveChart.h"
#include "LogView.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QChartView>
#include <QLineSeries>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

namespace {

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// VmRSS or VmHWM, in MiB.
double procStatus(const char *key)
{
    std::ifstream f("/proc/self/status");
    std::string name;
    double kb = 0;
    while (f >> name) {
        if (name == std::string(key) + ":") {
            f >> kb;
            return kb / 1024.0;
        }
        f.ignore(1 << 12, '\n');
    }
    return 0;
}

void line(const char *name, double value, const char *unit, double anchor)
{
    std::printf("BENCH %s %.2f %s anchor=%.2f ratio=%.3f\n", name, value, unit, anchor,
                value / anchor);
    std::fflush(stdout);
}

void logTail(const QString &dir)
{
    // A 1 GiB log of training lines.
    const QString path = dir + QStringLiteral("/train.log");
    {
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            qFatal("cannot write %s", qPrintable(path));
        QByteArray chunk;
        int step = 0;
        while (chunk.size() < 4 * 1024 * 1024)
            chunk += QStringLiteral("{\"event\":\"step\",\"step\":%1,\"loss\":0.%2,\"step_seconds\":0.031}\n")
                         .arg(++step)
                         .arg(QRandomGenerator::global()->bounded(1000000))
                         .toUtf8();
        for (qint64 written = 0; written < (1LL << 30); written += chunk.size())
            f.write(chunk);
    }
    const double rssBefore = procStatus("VmRSS");
    std::vector<double> ours, tails;
    double peak = 0;
    for (int i = 0; i < 5; ++i) {
        onramp::LogView view;
        view.resize(900, 400);
        view.show();
        QApplication::processEvents();
        QElapsedTimer t;
        t.start();
        if (!view.showFileTail(path))
            qFatal("cannot tail");
        (void)view.grab(); // painted
        ours.push_back(t.nsecsElapsed() / 1e6);
        peak = std::max(peak, procStatus("VmHWM") - rssBefore);
        QElapsedTimer a;
        a.start();
        QProcess tail;
        tail.setStandardOutputFile(QProcess::nullDevice());
        tail.start(QStringLiteral("tail"), {QStringLiteral("-n"), QStringLiteral("1000"), path});
        tail.waitForFinished();
        tails.push_back(a.nsecsElapsed() / 1e6);
    }
    line("log_tail_1gb_time", median(ours), "ms", median(tails));
    line("log_tail_1gb_peak_memory", std::max(0.0, peak), "MiB", 64);
    QFile::remove(path);
}

void chart()
{
    std::vector<QPointF> points;
    points.reserve(1000000);
    QRandomGenerator rng(42);
    for (int i = 0; i < 1000000; ++i)
        points.emplace_back(i, 3.0 * std::exp(-i / 250000.0) + rng.bounded(0.2));
    std::vector<double> ours, naive;
    for (int i = 0; i < 5; ++i) {
        onramp::LiveChart view;
        view.resize(900, 300);
        view.show();
        QApplication::processEvents();
        QElapsedTimer t;
        t.start();
        view.setPoints(points);
        view.flush();
        (void)view.grab();
        ours.push_back(t.nsecsElapsed() / 1e6);
    }
    for (int i = 0; i < 3; ++i) {
        QChartView view;
        auto *c = new QChart;
        auto *series = new QLineSeries;
        c->addSeries(series);
        c->createDefaultAxes();
        view.setChart(c);
        view.resize(900, 300);
        view.show();
        QApplication::processEvents();
        QElapsedTimer t;
        t.start();
        series->replace(QList<QPointF>(points.begin(), points.end()));
        c->axes(Qt::Horizontal).first()->setRange(0, 1000000);
        c->axes(Qt::Vertical).first()->setRange(0, 3.3);
        (void)view.grab();
        naive.push_back(t.nsecsElapsed() / 1e6);
    }
    line("chart_1m_points", median(ours), "ms", median(naive));
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QTemporaryDir dir;
    logTail(dir.path()); // first: the chart's anchor inflates the peak
    chart();
    return 0;
}
