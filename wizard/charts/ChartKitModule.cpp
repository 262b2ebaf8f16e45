// libonramp-charts.so: the QtCharts side of ChartKit.h. Only Qt crosses the boundary (the
// interfaces are header-only), so the module links nothing of ours.
#include "ChartKit.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QLineSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace {

using namespace onramp::charts;

// A round step of at least `raw`: 1, 2 or 5 × 10ⁿ (and 2.5 × 10ⁿ where `quarter`).
double roundStep(double raw, bool quarter)
{
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    for (const double m : {1.0, 2.0, 2.5, 5.0}) {
        if (m == 2.5 && !quarter)
            continue;
        if (m * power >= raw * (1 - 1e-12))
            return m * power;
    }
    return 10 * power;
}

// Ticks on round values from lo to hi: about four steps of a round size, the first tick on a
// multiple of the step ("4.5 5 5.5 6", not "4.95 5.92 …" over a loss curve, #17 walk). An axis
// labelled in whole numbers (`whole`) steps by whole numbers: an empty chart's 0 to 1 reads
// "0 1", not "0 0 0 0 1". Labels carry at least `digits` significant digits, and as many as
// the step needs for two neighbours to differ ("0.158 0.16 0.162", not "0.16 0.16").
//
// The range changes with the axis on fixed ticks (walk 17: a chart that went from a flat
// series, a step of 10⁻⁹, to a wide one drew the new range at the old step first, billions of
// ticks, and the window hung while memory grew by gigabytes).
void setRoundRange(QValueAxis *axis, double lo, double hi, bool whole, int digits)
{
    axis->setTickType(QValueAxis::TicksFixed);
    axis->setRange(lo, hi);
    const double span = hi - lo;
    if (!(span > 0) || !std::isfinite(span))
        return;
    const double step = std::max(whole ? 1.0 : 0.0, roundStep(span / 4, !whole));
    if (!whole) {
        const double magnitude = std::max(std::abs(lo), std::abs(hi));
        const double mantissa = step / std::pow(10.0, std::floor(std::log10(step)));
        const int needed = int(std::floor(std::log10(magnitude) + 1e-9)) -
                           int(std::floor(std::log10(step) + 1e-9)) + 1 +
                           (std::abs(mantissa - 2.5) < 1e-9 ? 1 : 0);
        axis->setLabelFormat(QStringLiteral("%.%1g").arg(std::clamp(std::max(digits, needed), 1, 12)));
    }
    axis->setTickInterval(step);
    axis->setTickAnchor(std::ceil(lo / step - 1e-9) * step);
    axis->setTickType(QValueAxis::TicksDynamic);
}

// A bar chart's value axis, from 0 to at least `top`, labelled in whole numbers: up to 4 it
// ends on the next whole number with a tick per step; above, on a round number in 3–6 steps of
// 1, 2 or 5 × 10ⁿ ("0 200 400 … 1000", not "0 203 406 609 811").
void roundAxis(QValueAxis *axis, double top)
{
    if (!(top > 4)) {
        const double whole = std::max(1.0, std::ceil(top - 1e-9));
        axis->setRange(0, whole);
        axis->setTickCount(int(whole) + 1);
        return;
    }
    const double step = roundStep(top / 5, false);
    const int count = int(std::ceil(top / step - 1e-9));
    axis->setRange(0, count * step);
    axis->setTickCount(count + 1);
}

class LineChart : public QChartView, public Line
{
public:
    explicit LineChart(QWidget *parent)
        : QChartView(parent), m_series(new QLineSeries), m_x(new QValueAxis),
          m_y(new QValueAxis)
    {
        auto *c = new QChart;
        c->legend()->hide();
        c->setMargins(QMargins(4, 4, 4, 4));
        c->addSeries(m_series);
        c->addAxis(m_x, Qt::AlignBottom);
        c->addAxis(m_y, Qt::AlignLeft);
        m_series->attachAxis(m_x);
        m_series->attachAxis(m_y);
        m_x->setLabelFormat(QStringLiteral("%d"));
        m_y->setLabelFormat(QStringLiteral("%.3g"));
        m_series->setUseOpenGL(false);
        setChart(c);
        setRenderHint(QPainter::Antialiasing, false);
    }
    QWidget *widget() override { return this; }
    void setTitle(const QString &title) override { chart()->setTitle(title); }
    void replace(const QList<QPointF> &points) override { m_series->replace(points); }
    qsizetype count() const override { return m_series->count(); }
    int plotWidth() const override { return int(chart()->plotArea().width()); }
    void setRanges(double x0, double x1, double y0, double y1, int yDigits) override
    {
        setRoundRange(m_x, x0, x1, true, 0);
        m_y->setLabelFormat(QStringLiteral("%.%1g").arg(yDigits));
        setRoundRange(m_y, y0, y1, false, yDigits);
    }

private:
    QLineSeries *m_series;
    QValueAxis *m_x;
    QValueAxis *m_y;
};

class BarChart : public QChartView, public Bars
{
public:
    explicit BarChart(QWidget *parent) : QChartView(new QChart, parent)
    {
        chart()->setMargins(QMargins(0, 0, 0, 0));
        setRenderHint(QPainter::Antialiasing);
    }
    QWidget *widget() override { return this; }
    void setColumns(const QString &set, const QStringList &categories,
                    const QList<double> &values, double axisMax) override
    {
        auto *series = qobject_cast<QBarSeries *>(ensure(false));
        series->clear(); // replaced wholesale, never appended to
        auto *bars = new QBarSet(set);
        bars->append(values);
        series->append(bars);
        m_categories->clear();
        m_categories->append(categories);
        roundAxis(m_values, axisMax);
    }
    void setStack(const QString &category, const QStringList &parts, const QList<double> &values,
                  double axisMax) override
    {
        auto *series = qobject_cast<QHorizontalStackedBarSeries *>(ensure(true));
        const QList<QBarSet *> sets = series->barSets();
        if (sets.size() != parts.size()) {
            series->clear();
            for (const QString &part : parts)
                series->append(new QBarSet(part));
        }
        for (qsizetype i = 0; i < parts.size(); ++i) {
            QBarSet *s = series->barSets().at(i);
            s->setLabel(parts[i]);
            if (s->count() == 0)
                s->append(values.value(i));
            else
                s->replace(0, values.value(i));
        }
        if (m_categories->categories() != QStringList{category}) {
            m_categories->clear();
            m_categories->append(category);
        }
        roundAxis(m_values, axisMax);
    }

private:
    // The series and axes, made on first use in the shape asked for.
    QAbstractBarSeries *ensure(bool stacked)
    {
        if (m_series)
            return m_series;
        QChart *c = chart();
        m_series = stacked ? static_cast<QAbstractBarSeries *>(new QHorizontalStackedBarSeries)
                           : new QBarSeries;
        c->addSeries(m_series);
        m_values = new QValueAxis;
        m_values->setLabelFormat(QStringLiteral("%.0f"));
        m_categories = new QBarCategoryAxis;
        // A column's label is short but may be a few pixels wider than its column ("2027年1月"
        // in a twelve-month row): cut, it read "2027年…".
        if (!stacked)
            m_categories->setTruncateLabels(false);
        c->addAxis(m_values, stacked ? Qt::AlignBottom : Qt::AlignLeft);
        c->addAxis(m_categories, stacked ? Qt::AlignLeft : Qt::AlignBottom);
        m_series->attachAxis(m_values);
        m_series->attachAxis(m_categories);
        if (stacked)
            c->legend()->setAlignment(Qt::AlignBottom);
        else
            c->legend()->hide();
        return m_series;
    }

    QAbstractBarSeries *m_series = nullptr;
    QValueAxis *m_values = nullptr;
    QBarCategoryAxis *m_categories = nullptr;
};

} // namespace

extern "C" {
Q_DECL_EXPORT Line *onramp_charts_line(QWidget *parent)
{
    return new LineChart(parent);
}
Q_DECL_EXPORT Bars *onramp_charts_bars(QWidget *parent)
{
    return new BarChart(parent);
}
}
