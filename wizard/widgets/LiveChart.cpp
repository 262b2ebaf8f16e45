#include "LiveChart.h"

#include "Downsample.h"

#include <QLineSeries>
#include <QTimer>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace onramp {

namespace {
constexpr int kFrameMs = 100;
}

LiveChart::LiveChart(QWidget *parent)
    : QChartView(parent), m_series(new QLineSeries), m_x(new QValueAxis), m_y(new QValueAxis),
      m_timer(new QTimer(this))
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
    setMinimumHeight(160);
    m_timer->setSingleShot(true);
    m_timer->setInterval(kFrameMs);
    connect(m_timer, &QTimer::timeout, this, &LiveChart::flush);
}

void LiveChart::setTitle(const QString &title)
{
    chart()->setTitle(title);
}

void LiveChart::append(double x, double y)
{
    if (!m_raw.empty() && x <= m_raw.back().x())
        x = m_raw.back().x() + 1e-9; // keep x sorted: the reducers need it
    m_raw.emplace_back(x, y);
    markDirty();
}

void LiveChart::setPoints(std::vector<QPointF> points)
{
    m_raw = std::move(points);
    markDirty();
}

void LiveChart::clear()
{
    m_raw.clear();
    markDirty();
}

qsizetype LiveChart::shownCount() const
{
    return m_series->count();
}

void LiveChart::markDirty()
{
    m_dirty = true;
    if (!m_timer->isActive())
        m_timer->start();
}

void LiveChart::resizeEvent(QResizeEvent *e)
{
    QChartView::resizeEvent(e);
    markDirty(); // a wider plot shows more columns
}

void LiveChart::flush()
{
    m_timer->stop();
    if (!m_dirty)
        return;
    m_dirty = false;
    const int columns = std::max(100, int(chart()->plotArea().width()));
    m_series->replace(downsampleMinMax(m_raw, columns));
    if (m_raw.empty()) {
        m_x->setRange(0, 1);
        m_y->setRange(0, 1);
        return;
    }
    const auto [lo, hi] = std::minmax_element(m_raw.begin(), m_raw.end(), [](auto a, auto b) {
        return a.y() < b.y();
    });
    const double span = hi->y() - lo->y();
    const double pad = std::max(1e-9, span * 0.05);
    // Never below zero for a series that never is (loss, time, memory).
    const double bottom = lo->y() >= 0 ? std::max(0.0, lo->y() - pad) : lo->y() - pad;
    m_x->setRange(m_raw.front().x(), std::max(m_raw.back().x(), m_raw.front().x() + 1));
    m_y->setRange(bottom, hi->y() + pad);
    // Enough digits that neighbouring labels differ (5.548 and 5.556 MiB, not 5.55 twice).
    const double magnitude = std::max(std::abs(hi->y()), std::abs(lo->y()));
    const int digits = span > 0 && magnitude > 0
                           ? std::clamp(int(std::ceil(std::log10(magnitude / span))) + 2, 3, 8)
                           : 3;
    m_y->setLabelFormat(QStringLiteral("%.%1g").arg(digits));
}

} // namespace onramp
