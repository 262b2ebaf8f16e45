#include "GateOverview.h"

#include "BreakableText.h"
#include "GateForm.h"
#include "StateStore.h"
#include "StatusStyle.h"

#include <QEvent>
#include <QHeaderView>
#include <QStyledItemDelegate>
#include <QTimer>

namespace onramp {

namespace {

// Measures a wrapped cell for the width it is painted in: the table measures a row for the
// column's width, but paints the text one pixel narrower (the grid line), so a line that fits
// the column to the pixel was measured as one line and painted as two, the second cut off
// (seen on the summary in zh_CN).
class WrappedCellDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        QStyleOptionViewItem narrower(option);
        narrower.rect.setWidth(option.rect.width() - 1);
        // And a few pixels of room: a line with Chinese takes its height from the fallback
        // font, a little more than the measure allows, and a row measured to the pixel painted
        // only its first line.
        return QStyledItemDelegate::sizeHint(narrower, index) + QSize(0, 4);
    }

protected:
    // #17 walk (F12): after a colleague's replay, gate 6's evidence names the replayed spec
    // ("spec sha256:" and 64 hex digits), wider than the details column, and the cell cut it at
    // its edge: a view item wraps at word boundaries only. Painted and measured with break
    // opportunities in long words; the item's text and its tooltip stay whole.
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        option->text = breakable(option->text);
    }
};

} // namespace

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
        // "Not started" twice in a row said nothing: a gate not started says what opens it.
        set(2, r.status == GateStatus::NotStarted
                   ? tr("Entry condition: %1").arg(def.entryText())
                   : GateForm::describe(r));
        set(3, def.acceptorText());
    }
    fitColumns();
    if (m_wholeText)
        resizeRowsToContents();
}

void GateOverview::setWholeText(bool whole)
{
    m_wholeText = whole;
    // Whole rows hold the provider's ids and times, which wrap differently on every walk:
    // `onramp screenshot --live-regions` lists the table, as it does a run's live measurements.
    setProperty("onrampLive", whole);
    if (whole && !dynamic_cast<WrappedCellDelegate *>(itemDelegate()))
        setItemDelegate(new WrappedCellDelegate(this));
    setWordWrap(whole);
    setTextElideMode(whole ? Qt::ElideNone : Qt::ElideRight);
    if (whole)
        resizeRowsToContents();
}

// A row's height depends on its column's width, and the details column stretches with the
// window: the rows are measured again after every change of geometry.
void GateOverview::updateGeometries()
{
    QTableWidget::updateGeometries();
    if (!m_wholeText || m_measuringRows)
        return;
    // The table measures a row over the columns it can see: once laid out, not before.
    m_measuringRows = true;
    resizeRowsToContents();
    m_measuringRows = false;
}

void GateOverview::showEvent(QShowEvent *e)
{
    QTableWidget::showEvent(e);
    if (m_wholeText)
        QTimer::singleShot(0, this, [this] { resizeRowsToContents(); });
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
