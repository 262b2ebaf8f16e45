#include "DateField.h"
#include "Clock.h"

#include <QCalendarWidget>
#include <QEvent>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLineEdit>
#include <QRegularExpression>
#include <QRegularExpressionValidator>
#include <QScreen>
#include <QToolButton>

#include <algorithm>

namespace onramp {

namespace {

// 2026-11-15, and the same with / or . between the parts.
QDate parseDate(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("^(\\d{4})[-/.](\\d{1,2})[-/.](\\d{1,2})$"));
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch())
        return {};
    return QDate(m.captured(1).toInt(), m.captured(2).toInt(), m.captured(3).toInt());
}

} // namespace

DateField::DateField(QWidget *parent)
    : QWidget(parent), m_edit(new QLineEdit(this)), m_button(new QToolButton(this))
{
    auto *row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    row->setSpacing(2);
    m_edit->setValidator(new QRegularExpressionValidator(
        QRegularExpression(QStringLiteral("[0-9./-]{0,10}")), m_edit));
    m_edit->installEventFilter(this);
    m_button->setObjectName(QStringLiteral("calendarButton"));
    m_button->setArrowType(Qt::DownArrow);
    m_button->setFocusPolicy(Qt::NoFocus); // Alt+Down or F4 in the field opens it too
    row->addWidget(m_edit, 1);
    row->addWidget(m_button);
    setFocusProxy(m_edit);
    connect(m_edit, &QLineEdit::editingFinished, this, &DateField::commitText);
    connect(m_button, &QToolButton::clicked, this, &DateField::openCalendar);
    retranslate();
}

void DateField::setDate(const QDate &date)
{
    const QDate d = date.isValid() ? date : QDate();
    // A page sets its saved date again on every change elsewhere: a typed text that is no date
    // stays, marked and explained, until the date itself changes (#17 walk 19: "2026-13-40"
    // vanished on Tab, back to "not set").
    if (m_invalid && d == m_date)
        return;
    markInvalid(false);
    const bool changed = d != m_date;
    m_date = d;
    showDate();
    if (changed)
        emit dateChanged(m_date);
}

void DateField::showDate()
{
    const QString text = m_date.isValid() ? m_date.toString(Qt::ISODate) : QString();
    if (m_edit->text() != text)
        m_edit->setText(text);
}

void DateField::commitText()
{
    const QString text = m_edit->text().trimmed();
    if (text.isEmpty()) {
        markInvalid(false);
        setDate(QDate());
        return;
    }
    const QDate d = parseDate(text);
    if (!d.isValid()) {
        markInvalid(true);
        return;
    }
    markInvalid(false);
    setDate(d);
}

void DateField::markInvalid(bool invalid)
{
    if (invalid == m_invalid)
        return;
    m_invalid = invalid;
    m_edit->setProperty("invalidDate", invalid);
    if (invalid) {
        QPalette p = m_edit->palette();
        p.setColor(QPalette::Text, QColor(0xb3, 0x26, 0x1e));
        m_edit->setPalette(p);
    } else {
        QPalette p = m_edit->palette();
        p.setColor(QPalette::Text, palette().color(QPalette::Text));
        m_edit->setPalette(p);
    }
    retranslate();
}

void DateField::openCalendar()
{
    if (!m_calendar) {
        m_calendar = new QCalendarWidget(this);
        m_calendar->setObjectName(QStringLiteral("calendarPopup"));
        m_calendar->setWindowFlags(Qt::Popup);
        m_calendar->setGridVisible(true);
        connect(m_calendar, &QCalendarWidget::activated, this, [this](const QDate &d) {
            m_calendar->hide();
            markInvalid(false);
            setDate(d);
            m_edit->setFocus(Qt::PopupFocusReason);
        });
        connect(m_calendar, &QCalendarWidget::clicked, this, [this](const QDate &d) {
            m_calendar->hide();
            markInvalid(false);
            setDate(d);
            m_edit->setFocus(Qt::PopupFocusReason);
        });
    }
    // Typed text not yet committed counts: the calendar opens where the user is.
    QDate at = parseDate(m_edit->text().trimmed());
    if (!at.isValid())
        at = m_date.isValid() ? m_date : clock::today();
    m_calendar->setSelectedDate(at);
    m_calendar->setCurrentPage(at.year(), at.month());
    m_calendar->adjustSize();
    QPoint pos = mapToGlobal(QPoint(0, height()));
    if (const QScreen *s = screen()) {
        const QRect avail = s->availableGeometry();
        const QSize size = m_calendar->sizeHint();
        if (pos.y() + size.height() > avail.bottom())
            pos.setY(mapToGlobal(QPoint(0, 0)).y() - size.height());
        pos.setX(std::clamp(pos.x(), avail.left(),
                            std::max(avail.left(), avail.right() - size.width())));
    }
    m_calendar->move(pos);
    m_calendar->show();
    m_calendar->setFocus(Qt::PopupFocusReason);
}

bool DateField::eventFilter(QObject *watched, QEvent *e)
{
    if (watched == m_edit && e->type() == QEvent::KeyPress) {
        const auto *k = static_cast<QKeyEvent *>(e);
        if (k->key() == Qt::Key_F4 ||
            (k->key() == Qt::Key_Down && k->modifiers().testFlag(Qt::AltModifier))) {
            openCalendar();
            return true;
        }
    }
    return QWidget::eventFilter(watched, e);
}

void DateField::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(e);
}

void DateField::retranslate()
{
    m_edit->setPlaceholderText(tr("not set (YYYY-MM-DD)"));
    m_button->setToolTip(tr("Pick a date (Alt+Down)"));
    m_button->setAccessibleName(tr("Pick a date"));
    if (m_invalid) {
        m_tip = tr("“%1” is not a date: type it as YYYY-MM-DD, for example 2026-11-15.")
                    .arg(m_edit->text());
        m_edit->setToolTip(m_tip);
    } else if (!m_tip.isEmpty() && m_edit->toolTip() == m_tip) {
        m_edit->setToolTip(QString());
        m_tip.clear();
    }
}

} // namespace onramp
