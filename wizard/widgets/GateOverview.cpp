#include "GateOverview.h"

#include "GateForm.h"
#include "StateStore.h"
#include "StatusStyle.h"

#include <QEvent>
#include <QHeaderView>

namespace onramp {

GateOverview::GateOverview(StateStore *store, QWidget *parent)
    : QTableWidget(int(kAllGates.size()), 4, parent), m_store(store)
{
    setObjectName(QStringLiteral("gateOverview"));
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    // One line per gate; the full text is in each cell's tooltip.
    setWordWrap(false);
    setTextElideMode(Qt::ElideRight);
    verticalHeader()->hide();
    // Fixed starting widths: measuring contents costs a text layout per cell at startup.
    horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    horizontalHeader()->setSectionResizeMode(2, QHeaderView::Stretch);
    connect(store, &StateStore::changed, this, &GateOverview::refresh);
    refresh();
}

void GateOverview::refresh()
{
    setHorizontalHeaderLabels({tr("Gate"), tr("Status"), tr("Details"), tr("Acceptor")});
    setAccessibleName(tr("Gate overview"));
    for (GateId id : kAllGates) {
        const int row = gateIndex(id);
        const GateRecord &r = m_store->state().gate(id);
        const GateDefinition &def = gateDefinition(id);
        auto set = [&](int col, const QString &text) {
            auto *item = new QTableWidgetItem(text);
            item->setToolTip(text);
            setItem(row, col, item);
            return item;
        };
        set(0, QStringLiteral("%1  %2").arg(gateNumber(id)).arg(def.titleText()));
        QTableWidgetItem *status =
            set(1, QStringLiteral("%1 %2").arg(statusGlyph(r.status), statusLabel(r.status)));
        status->setForeground(statusColour(r.status));
        set(2, GateForm::describe(r));
        set(3, def.acceptorText());
    }
    fitColumns();
}

void GateOverview::setWholeText(bool whole)
{
    setWordWrap(whole);
    setTextElideMode(whole ? Qt::ElideNone : Qt::ElideRight);
    verticalHeader()->setSectionResizeMode(whole ? QHeaderView::ResizeToContents
                                                 : QHeaderView::Interactive);
}

void GateOverview::fitColumns()
{
    // The gate and status columns fit their longest text (a dozen strings: cheap), so no cell
    // reads "Not star…"; the details column takes the rest.
    const QFontMetrics fm(font());
    const int pad = 3 * fm.averageCharWidth();
    int gateWidth = fm.horizontalAdvance(horizontalHeaderItem(0)->text());
    for (GateId id : kAllGates)
        gateWidth = std::max(gateWidth, fm.horizontalAdvance(item(gateIndex(id), 0)->text()));
    int statusWidth = fm.horizontalAdvance(horizontalHeaderItem(1)->text());
    for (GateStatus st : {GateStatus::NotStarted, GateStatus::InProgress, GateStatus::Waiting,
                          GateStatus::Passed, GateStatus::Rejected})
        statusWidth = std::max(statusWidth, fm.horizontalAdvance(QStringLiteral("%1 %2").arg(
                                                statusGlyph(st), statusLabel(st))));
    horizontalHeader()->resizeSection(0, gateWidth + pad);
    horizontalHeader()->resizeSection(1, statusWidth + pad);
    // The acceptor too (six strings), up to about 45 characters: the person to ask reads whole.
    int acceptorWidth = fm.horizontalAdvance(horizontalHeaderItem(3)->text());
    for (GateId id : kAllGates)
        acceptorWidth = std::max(acceptorWidth, fm.horizontalAdvance(item(gateIndex(id), 3)->text()));
    horizontalHeader()->resizeSection(3, std::min(acceptorWidth + pad, 45 * fm.averageCharWidth()));
}

void GateOverview::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        refresh();
    QTableWidget::changeEvent(e);
}

} // namespace onramp
