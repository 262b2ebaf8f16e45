#include "ViewAnchor.h"

#include <QApplication>
#include <QEvent>
#include <QScrollArea>
#include <QScrollBar>
#include <QTimer>

namespace onramp {

ViewAnchor::ViewAnchor(QScrollArea *area) : QObject(area), m_area(area)
{
    QScrollBar *bar = area->verticalScrollBar();
    // QAbstractSlider::setRange says rangeChanged before it bounds the value again: the old
    // value is still there to see whether the layout is about to move the view. A range that
    // grew lets a move wanted before through now.
    connect(bar, &QScrollBar::rangeChanged, this, [this, bar](int min, int max) {
        if (bar->value() < min || bar->value() > max)
            m_clampComing = true;
        else
            settle();
    });
    // Connected after the scroll area's own connection: the content has moved when this runs.
    connect(bar, &QScrollBar::valueChanged, this, [this] {
        if (m_restoring)
            return;
        if (m_clampComing) { // the content shrank under the view: not the user's scroll
            m_clampComing = false;
            settle();
            scheduleRestore();
            return;
        }
        reanchor(); // the user's scroll, or a deliberate one
    });
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget *, QWidget *now) {
        QWidget *inner = m_area->widget();
        if (!now || !inner || !inner->isAncestorOf(now))
            return;
        // A move the layout made is put back first; then the focused widget, where it shows,
        // is what stays. Not when the focus only goes to the row around the anchor, or back
        // into it (a panel's buttons while its operation runs): the button used stays.
        settle();
        if (!m_anchor || !m_anchor->isVisible() ||
            !(now->isAncestorOf(m_anchor) || m_anchor->isAncestorOf(now)))
            reanchor();
    });
    area->installEventFilter(this);
}

void ViewAnchor::reanchor()
{
    QWidget *inner = m_area->widget();
    QWidget *viewport = m_area->viewport();
    QWidget *anchor = nullptr;
    if (inner && m_area->isVisible()) {
        // The window's focus widget, not the application's: while a combo box's list is open,
        // the application's focus is in that popup.
        QWidget *focus = m_area->window()->focusWidget();
        if (focus && inner->isAncestorOf(focus) && focus->isVisible() &&
            QRect(focus->mapTo(viewport, QPoint()), focus->size()).intersects(viewport->rect()))
            anchor = focus;
        for (int dy = 1; !anchor && dy < viewport->height(); dy += 12)
            for (int x : {viewport->width() / 2, viewport->width() / 4, 12})
                if (QWidget *c = inner->childAt(inner->mapFrom(viewport, QPoint(x, dy)));
                    c && !anchor)
                    anchor = c;
    }
    m_anchor = anchor;
    m_anchorY = anchor ? anchor->mapTo(viewport, QPoint()).y() : 0;
    watch(anchor);
}

void ViewAnchor::watch(QWidget *anchor)
{
    for (const QPointer<QWidget> &w : std::as_const(m_watched))
        if (w)
            w->removeEventFilter(this);
    m_watched.clear();
    // The content widget itself moves when the view scrolls: only what moves inside it counts.
    for (QWidget *w = anchor; w && w != m_area->widget(); w = w->parentWidget()) {
        w->installEventFilter(this);
        m_watched << w;
    }
}

bool ViewAnchor::eventFilter(QObject *watched, QEvent *e)
{
    if (watched == m_area) {
        if (e->type() == QEvent::Show)
            QTimer::singleShot(0, this, [this] { reanchor(); }); // once laid out
        return false;
    }
    if (e->type() == QEvent::Hide) {
        // Often shown again at once, elsewhere (a row laid out anew): put back then; if it
        // stays hidden, what shows when the layout is done stays.
        scheduleRestore();
    } else if (e->type() == QEvent::Move) {
        // Put back at once, before anything is painted; what the range does not allow yet
        // follows when it grows, or on the next turn of the event loop.
        settle();
        scheduleRestore();
    }
    return false;
}

bool ViewAnchor::settle()
{
    QWidget *inner = m_area->widget();
    if (!m_anchor || !inner || !m_area->isVisible() || !m_anchor->isVisible() ||
        !inner->isAncestorOf(m_anchor))
        return false;
    const int moved = m_anchor->mapTo(m_area->viewport(), QPoint()).y() - m_anchorY;
    if (moved != 0) {
        QScrollBar *bar = m_area->verticalScrollBar();
        m_restoring = true;
        bar->setValue(bar->value() + moved);
        m_restoring = false;
    }
    return true;
}

void ViewAnchor::scheduleRestore()
{
    if (m_pending || !m_area->isVisible())
        return;
    m_pending = true;
    QTimer::singleShot(0, this, [this] {
        m_pending = false;
        restore(3);
    });
}

void ViewAnchor::restore(int tries)
{
    // Layout requests travel up one widget at a time: the content's height is known after a few.
    for (int i = 0; i < 4; ++i)
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    m_clampComing = false;
    if (!settle()) {
        reanchor(); // gone: what shows now is what stays
        return;
    }
    if (tries > 1)
        QTimer::singleShot(0, this, [this, tries] {
            if (!m_pending)
                restore(tries - 1);
        });
}

} // namespace onramp
