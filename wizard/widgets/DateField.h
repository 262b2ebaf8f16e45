#pragma once

#include <QDate>
#include <QWidget>

class QCalendarWidget;
class QLineEdit;
class QToolButton;

namespace onramp {

// A date that may be unset, typed as YYYY-MM-DD or picked from a calendar. Unlike a QDateEdit
// with a "not set" special value, typing 2026-11-15 into the empty field gives 2026-11-15,
// and the calendar opens at the field's date or, when unset, at today. The typed text is read
// when editing finishes (Enter, Tab, focus lost); text that is no date stays for the user to
// correct, marked, and changes nothing.
class DateField : public QWidget
{
    Q_OBJECT
public:
    explicit DateField(QWidget *parent = nullptr);

    QDate date() const { return m_date; } // invalid: not set
    // Shows `date` (invalid: empty); emits dateChanged when it differs.
    void setDate(const QDate &date);
    QLineEdit *lineEdit() const { return m_edit; }
    QToolButton *calendarButton() const { return m_button; }
    // Opens the calendar at the date, or today when none is set.
    void openCalendar();
    QCalendarWidget *calendar() const { return m_calendar; } // null until first opened

signals:
    void dateChanged(const QDate &date);

protected:
    bool eventFilter(QObject *watched, QEvent *e) override;
    void changeEvent(QEvent *e) override;

private:
    void commitText();
    void showDate();
    void markInvalid(bool invalid);
    void retranslate();

    QLineEdit *m_edit;
    QToolButton *m_button;
    QCalendarWidget *m_calendar = nullptr;
    QDate m_date;
    bool m_invalid = false;
    QString m_tip; // the tooltip this field set, so it clears only its own
};

} // namespace onramp
