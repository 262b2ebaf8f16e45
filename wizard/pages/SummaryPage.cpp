#include "SummaryPage.h"

#include "StateStore.h"
#include "widgets/GateOverview.h"

#include <QEvent>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>

namespace onramp {

SummaryPage::SummaryPage(StateStore *store, QWidget *parent) : QWizardPage(parent), m_store(store)
{
    setObjectName(QStringLiteral("page-summary"));
    auto *layout = new QVBoxLayout(this);
    m_headline = new QLabel(this);
    m_headline->setObjectName(QStringLiteral("summaryHeadline"));
    m_headline->setWordWrap(true);
    layout->addWidget(m_headline);
    connect(store, &StateStore::changed, this, &SummaryPage::retranslate);
    retranslate();
}

void SummaryPage::initializePage()
{
    if (!findChild<GateOverview *>()) // built on first visit, like the gate pages
        layout()->addWidget(new GateOverview(m_store, this));
}

void SummaryPage::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslate();
    QWizardPage::changeEvent(e);
}

void SummaryPage::retranslate()
{
    setTitle(tr("Summary"));
    setSubTitle(tr("Every gate with its evidence and who accepted it."));
    const auto &gates = m_store->state().gates;
    const int passed = int(std::count_if(gates.begin(), gates.end(), [](const GateRecord &r) {
        return r.status == GateStatus::Passed;
    }));
    m_headline->setText(passed == int(gates.size())
                            ? tr("All six gates are passed. Hand the run spec to a colleague who "
                                 "took no part, and let them replay it alone.")
                            : tr("%n of 6 gates passed.", nullptr, passed));
}

} // namespace onramp
