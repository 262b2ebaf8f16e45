#include "CardCountSection.h"

#include "ResourcesForm.h"

#include <QHeaderView>
#include <QTimer>
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
    // All rows shown, no scroll bar of its own: the wheel over the table scrolls the page,
    // as over any other part of it (a walk saw the table swallow the wheel first).
    m_cardsNeeded->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_cardsNeeded->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_cardsNeeded->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    layout->addWidget(m_cardsNeeded);
    // Rows fitted while the table was still narrow (before the page was laid out) kept the
    // height of many wrapped lines once it was wide: fitted again once the columns have their
    // new widths (one pass for all of them).
    connect(m_cardsNeeded->horizontalHeader(), &QHeaderView::sectionResized, this, [this] {
        if (m_refitting)
            return;
        m_refitting = true;
        QTimer::singleShot(0, this, [this] {
            m_refitting = false;
            fitRows();
        });
    });
}

void CardCountSection::fitRows()
{
    m_cardsNeeded->resizeRowsToContents();
    const int height = m_cardsNeeded->horizontalHeader()->sizeHint().height() +
                       m_cardsNeeded->verticalHeader()->length() +
                       2 * m_cardsNeeded->frameWidth();
    m_cardsNeeded->setFixedHeight(height);
}

void CardCountSection::retranslate()
{
    m_cardsNeeded->setHorizontalHeaderLabels(
        {tr("Card"), tr("Memory"), tr("Cards needed"), tr("Source quality")});
    m_cardsNeeded->setAccessibleName(tr("Cards needed per card type"));
    fitRows();
}

void CardCountSection::refresh()
{
    int row = 0;
    for (const CardSpec &c : cardCatalog()) {
        const ResourcesForm::CardCount count = form()->cardCount(c);
        const int n = count.cards;
        QString needed = n < 0   ? tr("not supported")
                         : n > 0 ? QString::number(n)
                                 : tr("does not fit");
        QString why;
        if (count.needsSharding) {
            // The verdict above is for the job as set; this count shards the model (walk 18:
            // "does not fit on 4 × A10" beside "A10: 2 cards").
            needed = tr("%1 with the model sharded (FSDP or ZeRO-3)").arg(n);
            why = tr("With plain data parallelism every card holds the whole model and its "
                     "optimizer state, however many cards there are. Sharding them over %1 "
                     "cards (FSDP, or DeepSpeed ZeRO stage 3) fits: set \"Data-parallel sharding\" to match.")
                      .arg(n);
        }
        if (count.activationsFill) {
            // The count after the cheapest step, and no count without it: that one shards the
            // model past sense (walk 16: "1 with a chunked loss (216 without)").
            if (count.withCheaperStep > 0)
                needed = tr("%1 with %2 (without it, activations fill the card)")
                             .arg(count.withCheaperStep)
                             .arg(count.cheaperStep);
            else
                needed = tr("%1: activations fill the card").arg(needed);
            why = tr("One micro-batch's activations and the context take %1 GB of this card's "
                     "%2 GB however many cards share the model. A chunked loss, activation "
                     "checkpointing or a smaller micro-batch shrinks them.")
                      .arg(count.unshardableGiB, 0, 'f', 1)
                      .arg(c.memory.gib);
        }
        const QStringList cells = {c.name, QStringLiteral("%1 GB").arg(c.memory.gib), needed,
                                   ResourcesForm::sourceQuality(c)};
        for (int col = 0; col < 4; ++col) {
            auto *item = m_cardsNeeded->item(row, col);
            if (!item) {
                item = new QTableWidgetItem;
                m_cardsNeeded->setItem(row, col, item);
            }
            item->setText(cells[col]);
            item->setToolTip(col == 2 ? why : QString());
        }
        ++row;
    }
    fitRows();
}

} // namespace onramp
