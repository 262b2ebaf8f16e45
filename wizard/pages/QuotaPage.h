#pragma once

#include "FormGatePage.h"

#include <QDate>
#include <QStringList>

class QLabel;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QStackedLayout;
class QTableWidget;

namespace onramp {

namespace charts {
class Bars;
}
class QuotaForm;

// Gate 3: the derivation as a live formula, the time distribution (peak windows or a monthly
// spread) drawn as a bar chart, the staged applications and the quarter split, and a
// justification to paste into the provider's form.
class QuotaPage : public FormGatePage
{
    Q_OBJECT
public:
    QuotaPage(StateStore *store, QWidget *parent = nullptr);
    QuotaForm *quota() const { return m_form; }
    // The chart's month labels in the reader's language: the short month name, with the year
    // on the first month, wherever the year changes, and on a name already used ("Nov 2026,
    // Dec, Jan 2027"); every label differs.
    static QStringList monthLabels(const QList<QDate> &months);

protected:
    void buildContent(QVBoxLayout *content) override;
    void retranslateForm() override;

private:
    void refresh();
    void showJustification(bool evenWhileTyping);

    QuotaForm *m_form;
    QLabel *m_formula = nullptr;
    QLabel *m_pool = nullptr;
    QTableWidget *m_peaks = nullptr;
    QPushButton *m_addPeak = nullptr;
    QPushButton *m_removePeak = nullptr;
    charts::Bars *m_chart = nullptr; // a child widget
    QLabel *m_chartEmpty = nullptr;  // in the chart's place while the plan has no month
    QStackedLayout *m_chartStack = nullptr;
    QTableWidget *m_staged = nullptr;
    QPlainTextEdit *m_justification = nullptr;
    QPushButton *m_regenerate = nullptr;
    QLabel *m_justificationNote = nullptr;
    QListWidget *m_findings = nullptr;
    bool m_filling = false;
};

} // namespace onramp
