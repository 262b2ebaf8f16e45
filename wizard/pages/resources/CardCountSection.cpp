#include "CardCountSection.h"

#include "ResourcesForm.h"

#include <QHeaderView>
#include <QTableWidget>
#include <QVBoxLayout>

namespace onramp {

CardCountSection::CardCountSection(ResourcesForm *form, QWidget *parent)
    : ResourcesSection(form, "cardsGroup", QT_TR_NOOP("3. Smallest card count per card type"),
                       parent)
{
    auto *layout = new QVBoxLayout(this);
    m_cardsNeeded = new QTableWidget(int(cardCatalog().size()), 4, this);
    m_cardsNeeded->setObjectName(QStringLiteral("cardsNeeded"));
    m_cardsNeeded->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_cardsNeeded->verticalHeader()->hide();
    m_cardsNeeded->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_cardsNeeded->setMinimumHeight(260);
    layout->addWidget(m_cardsNeeded);
}

void CardCountSection::retranslate()
{
    m_cardsNeeded->setHorizontalHeaderLabels(
        {tr("Card"), tr("Memory"), tr("Cards needed"), tr("Source quality")});
    m_cardsNeeded->setAccessibleName(tr("Cards needed per card type"));
}

void CardCountSection::refresh()
{
    int row = 0;
    for (const CardSpec &c : cardCatalog()) {
        const int n = form()->cardsNeeded(c);
        const QStringList cells = {c.name, QStringLiteral("%1 GB").arg(c.memory.gib),
                                   n < 0   ? tr("not supported")
                                   : n > 0 ? QString::number(n)
                                           : tr("does not fit"),
                                   ResourcesForm::sourceQuality(c)};
        for (int col = 0; col < 4; ++col) {
            auto *item = m_cardsNeeded->item(row, col);
            if (!item) {
                item = new QTableWidgetItem;
                m_cardsNeeded->setItem(row, col, item);
            }
            item->setText(cells[col]);
        }
        ++row;
    }
}

} // namespace onramp
