#pragma once

#include "ResourcesSection.h"

class QComboBox;
class QLabel;
class QVBoxLayout;

namespace onramp {

namespace charts {
class Bars;
}

// 2. Memory per card: the card judged against, the estimate's parts as a stacked bar with their
// formulas, the verdict, and what to change when the setup does not fit.
class MemorySection : public ResourcesSection
{
    Q_OBJECT
public:
    MemorySection(ResourcesForm *form, QWidget *parent);

protected:
    void loadInputs() override;
    void refresh() override;
    void retranslate() override;

private:
    // One row per suggestion: its text, wrapped to the page's width, and Apply where the page
    // can make it (else the text says what to change).
    void showSuggestions();

    QComboBox *m_card = nullptr;
    QLabel *m_cardWhy = nullptr;
    charts::Bars *m_chart = nullptr; // a child widget
    QLabel *m_total = nullptr;
    QLabel *m_verdict = nullptr;
    QLabel *m_applied = nullptr;
    QWidget *m_suggestions = nullptr;
    QVBoxLayout *m_suggestionRows = nullptr;
};

} // namespace onramp
