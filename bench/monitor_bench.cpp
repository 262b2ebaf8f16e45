// make bench, gates 5–6 figures: the live chart and the log view.
//   chart_1m_points: a 1,000,000-point loss series reduced and painted by LiveChart (min and
//     max per pixel column), against what a developer would otherwise ship: a QLineSeries fed
//     the same series LTTB-decimated to as many points as LiveChart shows, and a QLineSeries
//     given every point with setUseOpenGL(true) (Qt's advice for large series). Runs
//     interleaved. chart_spikes_kept: of 100 one-step loss spikes, how many the reduced series
//     still shows, min/max against LTTB at the same point count.
//   log_tail_1gb: the end of a 1 GiB log as the job monitor shows it: the log read's slice
//     (readLogSlice, what the sandbox and the Slurm gateway serve) serialised and parsed as the
//     API's JSON, handed to LogView::append and painted — against `tail -n 1000 FILE` and
//     against a plain read of the same last 256 KiB (the limit). HTTP and signing are not in
//     it (provider_bench measures those). Peak memory: the process's peak RSS growth while
//     it runs, against the 64 MiB budget.
#include "BenchReport.h"
#include "Downsample.h"
#include "LiveChart.h"
#include "LogTail.h"
#include "LogView.h"

#include <QApplication>
#include <QChartView>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineSeries>
#include <QOpenGLContext>
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

using onramp::bench::line;
using onramp::bench::median;

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
    constexpr qint64 kFirstRead = 256 * 1024; // JobMonitor's first read of an earlier job's log
    const double rssBefore = procStatus("VmRSS");
    std::vector<double> ours, tails, reads;
    double peak = 0;
    for (int i = 0; i < 7; ++i) {
        onramp::LogView view;
        view.resize(900, 400);
        view.show();
        QApplication::processEvents();
        QElapsedTimer t;
        t.start();
        // As JobMonitor::showJob: the log's size, then its end, each an API answer in JSON.
        const auto answer = [](const QJsonObject &served) {
            return QJsonDocument::fromJson(QJsonDocument(served).toJson(QJsonDocument::Compact))
                .object();
        };
        const qint64 size =
            answer(onramp::readLogSlice(path, 0, 1)).value(QStringLiteral("size")).toInteger();
        const QJsonObject log =
            answer(onramp::readLogSlice(path, std::max<qint64>(0, size - kFirstRead), kFirstRead));
        view.append(log.value(QStringLiteral("offset")).toInteger(),
                    log.value(QStringLiteral("text")).toString().toUtf8());
        (void)view.grab(); // painted
        ours.push_back(t.nsecsElapsed() / 1e6);
        if (view.lastLines(1).isEmpty())
            qFatal("the log view shows nothing");
        peak = std::max(peak, procStatus("VmHWM") - rssBefore);
        QElapsedTimer a;
        a.start();
        QProcess tail;
        tail.setStandardOutputFile(QProcess::nullDevice());
        tail.start(QStringLiteral("tail"), {QStringLiteral("-n"), QStringLiteral("1000"), path});
        tail.waitForFinished();
        tails.push_back(a.nsecsElapsed() / 1e6);
        QElapsedTimer r;
        r.start();
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly) || !f.seek(f.size() - kFirstRead) ||
            f.read(kFirstRead).size() != kFirstRead)
            qFatal("cannot read the log's end");
        reads.push_back(r.nsecsElapsed() / 1e6);
    }
    line("log_tail_1gb_time", median(ours), "ms", median(tails));
    line("log_tail_1gb_vs_plain_read", median(ours), "ms", median(reads));
    line("log_tail_1gb_peak_memory", std::max(0.0, peak), "MiB", 64);
    QFile::remove(path);
}

// A QChartView with one QLineSeries, the anchors' chart.
struct SeriesChart
{
    QChartView view;
    QLineSeries *series = new QLineSeries;
    explicit SeriesChart(bool openGl)
    {
        auto *c = new QChart;
        series->setUseOpenGL(openGl);
        c->addSeries(series);
        c->createDefaultAxes();
        view.setChart(c);
        view.resize(900, 300);
        view.show();
        QApplication::processEvents();
    }
    void show(const QList<QPointF> &points)
    {
        series->replace(points);
        view.chart()->axes(Qt::Horizontal).first()->setRange(0, 1000000);
        view.chart()->axes(Qt::Vertical).first()->setRange(0, 3.3);
        (void)view.grab();
    }
};

void chart()
{
    std::vector<QPointF> points;
    points.reserve(1000000);
    QRandomGenerator rng(42);
    for (int i = 0; i < 1000000; ++i)
        points.emplace_back(i, 3.0 * std::exp(-i / 250000.0) + rng.bounded(0.2));
    const QList<QPointF> all(points.begin(), points.end());
    // As many points as LiveChart shows at this size, for LTTB.
    qsizetype shown = 0;
    {
        onramp::LiveChart view;
        view.resize(900, 300);
        view.show();
        QApplication::processEvents();
        view.setPoints(points);
        view.flush();
        shown = view.shownCount();
    }
    // QtCharts draws an OpenGL series through a QOpenGLWidget: without OpenGL (the offscreen
    // platform) there is nothing to measure, and the line says so.
    const bool haveOpenGl = QOpenGLContext().create();
    std::vector<double> ours, lttb, openGl;
    for (int i = 0; i < 6; ++i) { // interleaved: drift hits the three alike
        {
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
        {
            SeriesChart c(false);
            QElapsedTimer t;
            t.start();
            c.show(onramp::downsampleLttb(points, int(shown)));
            lttb.push_back(t.nsecsElapsed() / 1e6);
        }
        if (haveOpenGl) {
            SeriesChart c(true);
            QElapsedTimer t;
            t.start();
            c.show(all);
            openGl.push_back(t.nsecsElapsed() / 1e6);
        }
    }
    std::printf("chart: LiveChart shows %lld points; LTTB decimates to as many\n",
                static_cast<long long>(shown));
    line("chart_1m_points", median(ours), "ms", median(lttb));
    if (haveOpenGl)
        line("chart_1m_points_vs_opengl", median(ours), "ms", median(openGl));
    else
        std::printf("chart_1m_points_vs_opengl: not measured, no OpenGL context on this platform "
                    "(%s)\n",
                    qPrintable(QGuiApplication::platformName()));

    // Spikes: 100 one-step blow-ups (loss × 3) on the same noisy curve. A spike is kept when
    // the reduced series still reaches within 1 % of its height near it (within 1 % of the x
    // range: what a pixel column or two shows).
    std::vector<QPointF> spiky = points;
    std::vector<int> at;
    for (int k = 0; k < 100; ++k) {
        const int x = 5000 + int(rng.bounded(990000));
        spiky[size_t(x)].setY(spiky[size_t(x)].y() * 3.0);
        at.push_back(x);
    }
    const int columns = 900; // the width LiveChart reduces to, at most
    const QList<QPointF> minMax = onramp::downsampleMinMax(spiky, columns);
    const QList<QPointF> decimated = onramp::downsampleLttb(spiky, int(minMax.size()));
    const auto kept = [&](const QList<QPointF> &reduced) {
        int n = 0;
        for (int x : at) {
            const double height = spiky[size_t(x)].y();
            n += std::any_of(reduced.begin(), reduced.end(), [&](const QPointF &p) {
                return std::abs(p.x() - x) <= 10000 && p.y() >= 0.99 * height;
            });
        }
        return n;
    };
    std::printf("chart spikes: min/max %lld points, LTTB %lld points\n",
                static_cast<long long>(minMax.size()), static_cast<long long>(decimated.size()));
    line("chart_spikes_kept", kept(minMax), "of100", kept(decimated));
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
