#include "LiveChart.h"

#include "Downsample.h"

#include "charts/ChartKit.h"

#include <QLabel>
#include <QStackedLayout>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace onramp {

namespace {
constexpr int kFrameMs = 100;
}

LiveChart::LiveChart(QWidget *parent)
    : QWidget(parent), m_line(charts::makeLine(this)), m_empty(new QLabel(this)),
      m_stack(new QStackedLayout), m_timer(new QTimer(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_empty->setObjectName(QStringLiteral("emptyChart"));
    m_empty->setWordWrap(true);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setFrameShape(QFrame::StyledPanel);
    m_empty->setMargin(8);
    m_stack->addWidget(m_line->widget());
    m_stack->addWidget(m_empty);
    layout->addLayout(m_stack);
    setMinimumHeight(160);
    m_timer->setSingleShot(true);
    m_timer->setInterval(kFrameMs);
    connect(m_timer, &QTimer::timeout, this, &LiveChart::flush);
}

void LiveChart::setTitle(const QString &title)
{
    m_title = title;
    m_line->setTitle(this->title());
    showEmptyOrChart();
}

void LiveChart::setEmptyText(const QString &text)
{
    m_emptyText = text;
    showEmptyOrChart();
}

void LiveChart::showEmptyOrChart()
{
    const bool empty = m_raw.empty() && !m_emptyText.isEmpty();
    if (empty) {
        // The title without a unit that is not known yet ("Memory in use (%1)").
        QString heading = m_title;
        heading.remove(QStringLiteral(" (%1)")).remove(QStringLiteral("（%1）")).remove(QStringLiteral("%1"));
        m_empty->setText(QStringLiteral("<b>%1</b><br>%2").arg(heading.toHtmlEscaped(),
                                                              m_emptyText.toHtmlEscaped()));
    }
    m_stack->setCurrentWidget(empty ? static_cast<QWidget *>(m_empty) : m_line->widget());
}

QString LiveChart::title() const
{
    return m_bytes && m_title.contains(QLatin1String("%1")) ? m_title.arg(m_unit) : m_title;
}

void LiveChart::setBytes(bool bytes)
{
    m_bytes = bytes;
    m_unit = bytes ? QStringLiteral("MiB") : QString();
    m_line->setTitle(title());
    markDirty();
}

void LiveChart::append(double x, double y)
{
    if (!m_raw.empty() && x <= m_raw.back().x())
        x = m_raw.back().x() + 1e-9; // keep x sorted: the reducers need it
    m_raw.emplace_back(x, y);
    if (m_raw.size() == 1)
        showEmptyOrChart();
    markDirty();
}

void LiveChart::setPoints(std::vector<QPointF> points)
{
    m_raw = std::move(points);
    showEmptyOrChart();
    markDirty();
}

void LiveChart::clear()
{
    m_raw.clear();
    showEmptyOrChart();
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
    QList<QPointF> shown = downsampleMinMax(m_raw, columns);
    if (m_bytes) {
        // In MiB or GiB, from zero to a round top: four steps of 1, 2, 2.5 or 5 × 10^k.
        double peak = 0;
        for (const QPointF &p : m_raw)
            peak = std::max(peak, p.y());
        const bool gib = peak >= double(1ull << 30);
        const double per = double(gib ? 1ull << 30 : 1ull << 20);
        const QString unit = gib ? QStringLiteral("GiB") : QStringLiteral("MiB");
        if (unit != m_unit) {
            m_unit = unit;
            m_line->setTitle(title());
        }
        for (QPointF &p : shown)
            p.setY(p.y() / per);
        // At least 1 MiB: a series of zeros reads 0 to 1 MiB, not "0.00025 MiB" (#17 walk).
        const double wanted = std::max(peak / per, 1.0) / 4;
        const double power = std::pow(10.0, std::floor(std::log10(wanted)));
        double step = 10 * power;
        for (const double m : {1.0, 2.0, 2.5, 5.0}) {
            if (m * power >= wanted * (1 - 1e-9)) {
                step = m * power;
                break;
            }
        }
        const double top = 4 * step;
        // Decimals the step needs (2.5 needs one more than 2), then significant digits for %g.
        int decimals = std::max(0, -int(std::floor(std::log10(step) + 1e-9)));
        if (std::abs(step / std::pow(10.0, -decimals) - std::round(step / std::pow(10.0, -decimals))) > 1e-6)
            ++decimals;
        const int whole = top >= 1 ? int(std::floor(std::log10(top) + 1e-9)) + 1 : 1;
        m_line->replace(shown);
        m_line->setRanges(m_raw.empty() ? 0 : m_raw.front().x(),
                          m_raw.empty() ? 1
                                        : std::max(m_raw.back().x(), m_raw.front().x() + 1),
                          0, top, whole + decimals);
        return;
    }
    m_line->replace(shown);
    if (m_raw.empty()) {
        m_line->setRanges(0, 1, 0, 1, 3);
        return;
    }
    const auto [lo, hi] = std::minmax_element(m_raw.begin(), m_raw.end(), [](auto a, auto b) {
        return a.y() < b.y();
    });
    const double span = hi->y() - lo->y();
    // A flat series (one step, or a loss that stays put) gets room around its value: 5 % of
    // it, not a billionth, so that its ticks are a readable step apart (walk 17: "0.16 0.16").
    const double magnitude = std::max(std::abs(hi->y()), std::abs(lo->y()));
    const double pad = span > 0 ? span * 0.05 : std::max(magnitude * 0.05, 1e-3);
    // Never below zero for a series that never is (loss, time, memory).
    const double bottom = lo->y() >= 0 ? std::max(0.0, lo->y() - pad) : lo->y() - pad;
    // Enough digits that neighbouring labels differ (5.548 and 5.556 MiB, not 5.55 twice).
    const int digits = span > 0 && magnitude > 0
                           ? std::clamp(int(std::ceil(std::log10(magnitude / span))) + 2, 3, 8)
                           : 3;
    m_line->setRanges(m_raw.front().x(), std::max(m_raw.back().x(), m_raw.front().x() + 1),
                      bottom, hi->y() + pad, digits);
}

} // namespace onramp
