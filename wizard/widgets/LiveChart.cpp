#include "LiveChart.h"

#include "Downsample.h"

#include "charts/ChartKit.h"

#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace onramp {

namespace {
constexpr int kFrameMs = 100;
}

LiveChart::LiveChart(QWidget *parent)
    : QWidget(parent), m_line(charts::makeLine(this)), m_timer(new QTimer(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_line->widget());
    setMinimumHeight(160);
    m_timer->setSingleShot(true);
    m_timer->setInterval(kFrameMs);
    connect(m_timer, &QTimer::timeout, this, &LiveChart::flush);
}

void LiveChart::setTitle(const QString &title)
{
    m_title = title;
    m_line->setTitle(title);
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
    return m_line->count();
}

void LiveChart::markDirty()
{
    m_dirty = true;
    if (!m_timer->isActive())
        m_timer->start();
}

void LiveChart::resizeEvent(QResizeEvent *e)
{
    QWidget::resizeEvent(e);
    markDirty(); // a wider plot shows more columns
}

void LiveChart::flush()
{
    m_timer->stop();
    if (!m_dirty)
        return;
    m_dirty = false;
    const int columns = std::max(100, m_line->plotWidth());
    m_line->replace(downsampleMinMax(m_raw, columns));
    if (m_raw.empty()) {
        m_line->setRanges(0, 1, 0, 1, 3);
        return;
    }
    const auto [lo, hi] = std::minmax_element(m_raw.begin(), m_raw.end(), [](auto a, auto b) {
        return a.y() < b.y();
    });
    const double span = hi->y() - lo->y();
    const double pad = std::max(1e-9, span * 0.05);
    // Never below zero for a series that never is (loss, time, memory).
    const double bottom = lo->y() >= 0 ? std::max(0.0, lo->y() - pad) : lo->y() - pad;
    // Enough digits that neighbouring labels differ (5.548 and 5.556 MiB, not 5.55 twice).
    const double magnitude = std::max(std::abs(hi->y()), std::abs(lo->y()));
    const int digits = span > 0 && magnitude > 0
                           ? std::clamp(int(std::ceil(std::log10(magnitude / span))) + 2, 3, 8)
                           : 3;
    m_line->setRanges(m_raw.front().x(), std::max(m_raw.back().x(), m_raw.front().x() + 1),
                      bottom, hi->y() + pad, digits);
}

} // namespace onramp
