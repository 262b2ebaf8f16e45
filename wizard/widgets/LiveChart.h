#pragma once

#include <QWidget>

#include <vector>

class QLabel;
class QStackedLayout;
class QTimer;

namespace onramp::charts {
class Line;
}

namespace onramp {

// One live metric (loss, step time, memory). The raw series stays in our own array; the chart
// shows it reduced to what its width can show (min and max per pixel column, so a spike one
// step wide still shows), replaced at most every 100 ms — never a large series appended to
// point by point (measured: a million appended points cost 0.7 s a frame and 214 MB).
class LiveChart : public QWidget
{
    Q_OBJECT
public:
    explicit LiveChart(QWidget *parent = nullptr);

    // For a byte series (setBytes), "%1" in the title is the unit the axis reads in.
    void setTitle(const QString &title);
    QString title() const;
    // The values are bytes (memory): the axis starts at zero, ends on a round number and reads
    // in MiB, or GiB from 1 GiB on, with only the decimals its ticks need (#17 walk: "5.5479
    // MiB" on the memory chart's axis).
    void setBytes(bool bytes);
    // What shows in the chart's place while it has no point: the chart's title and this line,
    // saying what will appear and when ("The loss appears here once the first run starts.").
    // #17 walk: an empty chart read "0.00025 MiB" and "0–1" on its axes.
    void setEmptyText(const QString &text);
    QString emptyText() const { return m_emptyText; }
    QString unit() const { return m_unit; } // "MiB" or "GiB" for a byte series, else empty
    void append(double x, double y);
    void setPoints(std::vector<QPointF> points);
    void clear();
    // Pushes what came since the last flush to the chart now (the timer does it otherwise).
    void flush();

    size_t rawCount() const { return m_raw.size(); }
    qsizetype shownCount() const;

protected:
    void resizeEvent(QResizeEvent *e) override;

private:
    void markDirty();
    void showEmptyOrChart();

    std::vector<QPointF> m_raw;
    QString m_title;
    bool m_bytes = false;
    QString m_unit;
    charts::Line *m_line; // a child widget
    QLabel *m_empty;
    QString m_emptyText;
    QStackedLayout *m_stack;
    QTimer *m_timer;
    bool m_dirty = false;
};

} // namespace onramp
