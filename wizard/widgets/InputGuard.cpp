#include "InputGuard.h"

#include <QAbstractSpinBox>
#include <QComboBox>
#include <QEvent>
#include <QWidget>

namespace onramp {

namespace {

bool isValueWidget(const QObject *o)
{
    return qobject_cast<const QComboBox *>(o) || qobject_cast<const QAbstractSpinBox *>(o);
}

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

bool InputGuard::eventFilter(QObject *watched, QEvent *e)
{
    switch (e->type()) {
    case QEvent::Polish:
        if (watched->isWidgetType())
            prepare(static_cast<QWidget *>(watched));
        break;
    case QEvent::Wheel:
        if (isValueWidget(watched) && !static_cast<QWidget *>(watched)->hasFocus()) {
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
