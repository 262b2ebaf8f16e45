#include "InputGuard.h"

#include <QAbstractSpinBox>
#include <QComboBox>
#include <QEvent>
#include <QFocusEvent>
#include <QKeyEvent>
#include <QWidget>

namespace onramp {

namespace {

bool isValueWidget(const QObject *o)
{
    return qobject_cast<const QComboBox *>(o) || qobject_cast<const QAbstractSpinBox *>(o);
}

// The value widget a focus event is about: the widget itself, or the one whose focus proxy
// it is (a spin box's line edit takes its focus).
QWidget *valueWidgetFor(QObject *o)
{
    if (!o->isWidgetType())
        return nullptr;
    auto *w = static_cast<QWidget *>(o);
    if (isValueWidget(w))
        return w;
    QWidget *parent = w->parentWidget();
    return parent && isValueWidget(parent) && parent->focusProxy() == w ? parent : nullptr;
}

// Set on a value widget when it gains focus: whether the user gave it.
constexpr char kUserFocus[] = "onrampUserFocus";

} // namespace

InputGuard::InputGuard(QObject *parent) : QObject(parent)
{
}

void InputGuard::prepare(QWidget *w)
{
    if (!isValueWidget(w))
        return;
    if (w->focusPolicy() == Qt::WheelFocus)
        w->setFocusPolicy(Qt::StrongFocus);
    if (auto *spin = qobject_cast<QAbstractSpinBox *>(w))
        spin->setKeyboardTracking(false);
}

bool InputGuard::focusedByUser(const QWidget *w)
{
    return w->hasFocus() && w->property(kUserFocus).toBool();
}

bool InputGuard::eventFilter(QObject *watched, QEvent *e)
{
    switch (e->type()) {
    case QEvent::KeyPress: {
        const int k = static_cast<QKeyEvent *>(e)->key();
        m_tabPressed = k == Qt::Key_Tab || k == Qt::Key_Backtab;
        break;
    }
    case QEvent::KeyRelease:
    case QEvent::MouseButtonPress:
    case QEvent::MouseButtonRelease:
        m_tabPressed = false;
        break;
    case QEvent::FocusIn:
        if (QWidget *value = valueWidgetFor(watched)) {
            // Qt gives a disabled or hidden focus widget's focus to the next one with the Tab
            // reason too; only a Tab key being delivered makes that reason the user's.
            switch (static_cast<QFocusEvent *>(e)->reason()) {
            case Qt::MouseFocusReason:
            case Qt::ShortcutFocusReason:
                value->setProperty(kUserFocus, true);
                break;
            case Qt::TabFocusReason:
            case Qt::BacktabFocusReason:
                value->setProperty(kUserFocus, m_tabPressed);
                break;
            case Qt::ActiveWindowFocusReason:
            case Qt::PopupFocusReason:
                break; // focus coming back (window or popup): as it was
            default:
                value->setProperty(kUserFocus, false);
                break;
            }
        }
        break;
    case QEvent::Polish:
        if (watched->isWidgetType())
            prepare(static_cast<QWidget *>(watched));
        break;
    case QEvent::Wheel:
        // A closed combo box never takes the wheel, focused or not: its choice is made in its
        // list or with the arrow keys (#17 walk 16: an image picked from the list, then the
        // wheel over the page turned it into an NPU image). A spin box the user focused does:
        // there the wheel is a way to nudge the number.
        if (qobject_cast<QComboBox *>(watched) ||
            (isValueWidget(watched) && !focusedByUser(static_cast<QWidget *>(watched)))) {
            // Ignored and filtered: QApplication passes the wheel on to the parent (the page's
            // scroll area) instead of letting the widget change its value.
            e->ignore();
            return true;
        }
        break;
    default:
        break;
    }
    return QObject::eventFilter(watched, e);
}

} // namespace onramp
