#pragma once

#include <QList>
#include <QObject>
#include <QPointer>

class QScrollArea;
class QWidget;

namespace onramp {

// Keeps what the user looks at in a scroll area where it is on screen while the content is laid
// out again: rows that come and go above it, a job's progress, a text that wraps anew (#17
// walk: the page moved by itself when a job started on gates 2 and 4, and during gate 5's
// checks). The anchor is the focused widget when it is in view, else the widget at the view's
// top. It follows every scroll that is not a layout's doing: the user's wheel, keys and scroll
// bar, and a deliberate ensureWidgetVisible(); a scroll bar clamped because the content shrank,
// and content that grew or shrank above the anchor, are undone. Owned by the scroll area.
class ViewAnchor : public QObject
{
    Q_OBJECT
public:
    explicit ViewAnchor(QScrollArea *area);

    // Takes what is in view now as the anchor.
    void reanchor();

protected:
    bool eventFilter(QObject *watched, QEvent *e) override;

private:
    void watch(QWidget *anchor);
    // Scrolls by what the anchor moved, now, as far as the range allows; false without an anchor.
    bool settle();
    void scheduleRestore();
    // Scrolls so that the anchor is where it was, now and on the next `tries - 1` turns of the
    // event loop (a wrapped line takes its height a turn after its row is laid out).
    void restore(int tries);

    QScrollArea *m_area;
    QPointer<QWidget> m_anchor;
    QList<QPointer<QWidget>> m_watched; // the anchor and its parents inside the content
    int m_anchorY = 0;                  // the anchor's top in the viewport, as the user saw it
    bool m_restoring = false;           // our own scroll: not a new anchor
    bool m_clampComing = false;         // the range shrank past the value: a layout's doing
    bool m_pending = false;             // a restore is queued
};

} // namespace onramp
