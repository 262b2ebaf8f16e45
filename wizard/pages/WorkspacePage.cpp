#include "WorkspacePage.h"
#include "widgets/FileChooser.h"

#include "Catalogs.h"
#include "GateCrossChecks.h"
#include "GateDataForms.h"
#include "ProviderHub.h"
#include "GateForm.h"
#include "StateStore.h"
#include "steps/WorkspaceSteps.h"
#include "Tr.h"

#include <algorithm>

#include <QComboBox>
#include <QFile>
#include <QFormLayout>
#include <QGroupBox>
#include <QHash>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QSignalBlocker>
#include <QStackedWidget>
#include <QAbstractItemView>
#include <QScopeGuard>
#include <QStyledItemDelegate>
#include <QTableWidget>
#include <QVBoxLayout>

namespace onramp {

namespace {

// The provider's regions and zones answer as gate 2's stock rule reads it.
QList<ZoneStock> zoneStock(const QList<RegionOffer> &regions)
{
    QList<ZoneStock> out;
    for (const RegionOffer &r : regions)
        for (const ZoneOffer &z : r.zones)
            out << ZoneStock{r.region, z.zone, z.freeCards};
    return out;
}

// A region list entry reads "cn-north — 16 free …" in the open list, while the region alone is
// what the box's text takes when it is chosen (the box is editable: an entry's text would be).
constexpr int kStockRole = Qt::UserRole + 7;
class RegionStockDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        if (const QString stock = index.data(kStockRole).toString(); !stock.isEmpty())
            option->text += QStringLiteral(" — ") + stock;
    }
};

enum Column
{
    NameCol,
    AccountCol,
    RoleCol,
    ProjectsCol,
    ShareCol,
    ColumnCount
};

// The members table, as Tab reads it: cell to cell and row to row, and out to the next field
// after the last cell (out backwards before the first), editing or not. (#17 walk 16: Tab
// went round the table forever and never reached Add member.)
class MembersTable : public QTableWidget
{
public:
    using QTableWidget::QTableWidget;

protected:
    QModelIndex moveCursor(CursorAction action, Qt::KeyboardModifiers modifiers) override
    {
        const QModelIndex to = QTableWidget::moveCursor(action, modifiers);
        const QModelIndex from = currentIndex();
        if (!to.isValid() || !from.isValid())
            return to;
        // The table's own step goes round from the last cell to the first: that is the way out.
        const auto before = [](const QModelIndex &a, const QModelIndex &b) {
            return a.row() < b.row() || (a.row() == b.row() && a.column() < b.column());
        };
        if (action == MoveNext && !before(from, to))
            return {};
        if (action == MovePrevious && !before(to, from))
            return {};
        return to;
    }

    void closeEditor(QWidget *editor, QAbstractItemDelegate::EndEditHint hint) override
    {
        const bool next = hint == QAbstractItemDelegate::EditNextItem;
        if ((next || hint == QAbstractItemDelegate::EditPreviousItem) &&
            !moveCursor(next ? MoveNext : MovePrevious, Qt::NoModifier).isValid()) {
            // Tab in the last cell's editor: what was typed is kept (committed before this),
            // and the focus goes on past the table.
            QTableWidget::closeEditor(editor, QAbstractItemDelegate::NoHint);
            focusNextPrevChild(next);
            return;
        }
        QTableWidget::closeEditor(editor, hint);
    }
};
}

WorkspacePage::WorkspacePage(StateStore *store, QWidget *parent)
    : FormGatePage(GateId::Workspace, store, parent), m_form(new WorkspaceForm(store, this))
{
}

void WorkspacePage::buildContent(QVBoxLayout *content)
{
    QWidget *host = content->parentWidget() ? content->parentWidget() : this;

    // The fixed order, one step per row; each button stays off until the step before is done.
    auto *steps = group(host, "stepsGroup", QT_TR_NOOP("Workspace, then quota, then members"));
    auto *sf = new QFormLayout(steps);
    auto *createRow = new QWidget(steps);
    auto *ch = new QHBoxLayout(createRow);
    ch->setContentsMargins(0, 0, 0, 0);
    m_name = new QLineEdit(createRow);
    m_create = new QPushButton(createRow);
    m_create->setObjectName(QStringLiteral("createWorkspace"));
    m_create->setAutoDefault(false);
    ch->addWidget(m_name, 1);
    ch->addWidget(m_create);
    labelled(sf, QT_TR_NOOP("1. Workspac&e name"), createRow, "workspace", m_name);
    // The pool: region, zone, card type. Its card-hours come from gate 3's application.
    auto *quotaRow = new QWidget(steps);
    auto *qh = new QHBoxLayout(quotaRow);
    qh->setContentsMargins(0, 0, 0, 0);
    const auto combo = [quotaRow](const char *name, bool editable) {
        auto *c = new QComboBox(quotaRow);
        c->setObjectName(QLatin1String(name));
        c->setEditable(editable);
        c->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        c->setMinimumContentsLength(10);
        return c;
    };
    m_region = combo("region", true);
    m_zone = combo("zone", true);
    m_card = combo("cardType", false);
    m_card->addItem(QString(), QString());
    for (const CardSpec &c : cardCatalog())
        m_card->addItem(c.name, c.key);
    m_attach = new QPushButton(quotaRow);
    m_attach->setObjectName(QStringLiteral("attachQuota"));
    m_attach->setAutoDefault(false);
    qh->addWidget(m_region, 1);
    qh->addWidget(m_zone, 1);
    qh->addWidget(m_card, 1);
    qh->addWidget(m_attach);
    labelled(sf, QT_TR_NOOP("2. &Quota pool"), quotaRow, "region", m_region);
    m_region->lineEdit()->setObjectName(QStringLiteral("regionText"));
    m_region->setItemDelegate(new RegionStockDelegate(m_region));
    m_zone->lineEdit()->setObjectName(QStringLiteral("zoneText"));
    m_stock = new QLabel(steps);
    m_stock->setObjectName(QStringLiteral("poolStock"));
    m_stock->setWordWrap(true);
    sf->addRow(m_stock);
    connect(m_region, &QComboBox::currentTextChanged, this, [this] {
        offerRegions();
        showStock();
    });
    connect(m_zone, &QComboBox::currentTextChanged, this, &WorkspacePage::showStock);
    connect(m_card, &QComboBox::currentIndexChanged, this, &WorkspacePage::showStock);
    if (hub())
        connect(hub(), &ProviderHub::regionsChanged, this, [this] {
            offerRegions();
            showStock();
            refresh(); // the pool's stock finding reads the same answer
        });
    // The provider may have listed its regions before this page was first opened (the
    // built-in sandbox connects at start): offer them now, not only on the next change.
    offerRegions();
    m_steps = new QLabel(steps);
    m_steps->setObjectName(QStringLiteral("stepStatus"));
    m_steps->setWordWrap(true);
    sf->addRow(m_steps);
    // What the provider still has to do came and went as a line of its own, and everything
    // below moved under the mouse (#17 walk): its texts share one place, as tall as the
    // tallest, blank when there is nothing to say.
    m_planNote = new QStackedWidget(steps);
    m_planNote->setObjectName(QStringLiteral("planNote"));
    m_planned = new QLabel(m_planNote);
    m_planned->setObjectName(QStringLiteral("plannedHere"));
    m_held = new QLabel(m_planNote);
    m_held->setObjectName(QStringLiteral("heldAtProvider"));
    m_membersToSend = new QLabel(m_planNote);
    m_membersToSend->setObjectName(QStringLiteral("membersToSend"));
    auto *blank = new QWidget(m_planNote); // nothing planned yet
    // In WorkspaceAtProvider's order after NothingPlanned (refresh() picks by it).
    for (QWidget *page : {static_cast<QWidget *>(m_planned), static_cast<QWidget *>(m_membersToSend),
                          static_cast<QWidget *>(m_held), blank}) {
        if (auto *l = qobject_cast<QLabel *>(page)) {
            l->setWordWrap(true);
            l->setAlignment(Qt::AlignLeft | Qt::AlignTop);
        }
        // Pages not shown still count for the height (a stacked layout leaves hidden ones out).
        QSizePolicy policy = page->sizePolicy();
        policy.setRetainSizeWhenHidden(true);
        page->setSizePolicy(policy);
        m_planNote->addWidget(page);
    }
    sf->addRow(m_planNote);
    content->addWidget(steps);
    connect(m_create, &QPushButton::clicked, this, [this] {
        if (auto r = m_form->create(m_name->text()); !r)
            m_steps->setText(r.error().message);
    });
    // Enter in the name does the name's step, as its button (#17 walk 18: Enter did nothing,
    // Alt+C worked). The wizard has no default button, so Enter moves no page either way.
    connect(m_name, &QLineEdit::returnPressed, this, [this] {
        if (m_create->isEnabled())
            m_create->click();
    });
    connect(m_attach, &QPushButton::clicked, this, [this] {
        if (auto r = m_form->attachQuota(poolInFields()); !r) {
            m_steps->setText(r.error().message);
            if (QWidget *field = findChild<QWidget *>(r.error().field))
                field->setFocus();
        }
    });
    connect(m_name, &QLineEdit::textChanged, this, &WorkspacePage::updateStepButtons);
    connect(m_region, &QComboBox::currentTextChanged, this, &WorkspacePage::updateStepButtons);
    connect(m_zone, &QComboBox::currentTextChanged, this, &WorkspacePage::updateStepButtons);
    connect(m_card, &QComboBox::currentIndexChanged, this, &WorkspacePage::updateStepButtons);

    // 3. Members: the review table, filterable and sortable.
    auto *members = group(host, "membersGroup", QT_TR_NOOP("3. Members and roles"));
    auto *ml = new QVBoxLayout(members);
    auto *filterForm = new QFormLayout;
    m_filter = new QLineEdit(members);
    labelled(filterForm, QT_TR_NOOP("Fil&ter"), m_filter, "memberFilter");
    ml->addLayout(filterForm);
    m_members = new MembersTable(0, ColumnCount, members);
    m_members->setObjectName(QStringLiteral("members"));
    // Sorted only when a header is clicked: sorting on every change would move the row being
    // edited (and Tab with it) to another place.
    m_members->setSortingEnabled(false);
    m_members->horizontalHeader()->setSectionsClickable(true);
    m_members->horizontalHeader()->setSortIndicatorShown(true);
    m_members->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    connect(m_members->horizontalHeader(), &QHeaderView::sortIndicatorChanged, m_members,
            [this](int column, Qt::SortOrder order) {
                if (column >= 0)
                    m_members->sortItems(column, order);
            });
    m_members->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_members->verticalHeader()->hide();
    m_members->setMinimumHeight(180);
    tintsItself(m_members); // its cells, as the findings name them (tintMembers)
    ml->addWidget(m_members);
    auto *buttons = new QHBoxLayout;
    m_add = new QPushButton(members);
    m_add->setObjectName(QStringLiteral("addMember"));
    m_remove = new QPushButton(members);
    m_remove->setObjectName(QStringLiteral("removeMember"));
    m_import = new QPushButton(members);
    m_import->setObjectName(QStringLiteral("importCsv"));
    for (QPushButton *b : {m_add, m_remove, m_import}) {
        b->setAutoDefault(false);
        buttons->addWidget(b);
    }
    m_addWhy = new QLabel(members);
    m_addWhy->setObjectName(QStringLiteral("addMemberWhy"));
    m_addWhy->setWordWrap(true);
    buttons->addWidget(m_addWhy, 1);
    ml->addLayout(buttons);
    m_importResult = new QLabel(members);
    m_importResult->setObjectName(QStringLiteral("importResult"));
    m_importResult->setWordWrap(true);
    ml->addWidget(m_importResult);
    content->addWidget(members);
    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString &t) {
        for (int r = 0; r < m_members->rowCount(); ++r) {
            bool match = t.isEmpty();
            for (int c = 0; c < ColumnCount && !match; ++c) {
                const QTableWidgetItem *it = m_members->item(r, c);
                match = it && it->text().contains(t, Qt::CaseInsensitive);
            }
            m_members->setRowHidden(r, !match);
        }
    });
    connect(m_add, &QPushButton::clicked, this, [this] {
        const int n = int(m_form->data().members.size()) + 1;
        if (auto r = m_form->addMember({tr("Member %1").arg(n), QString(), Role::Developer, {}, 0});
            !r) {
            m_importResult->setText(r.error().message);
            return;
        }
        // What is typed next goes into the new member's name (#17 walk 16: the focus stayed on
        // the button's last field, and typing changed the card type or the row above).
        editMemberName(int(m_form->data().members.size()) - 1);
    });
    // Remove acts on the selected member: off while none is.
    m_remove->setEnabled(false);
    connect(m_members, &QTableWidget::currentCellChanged, this,
            [this](int row) { m_remove->setEnabled(row >= 0); });
    connect(m_remove, &QPushButton::clicked, this, [this] {
        const int row = m_members->currentRow();
        if (row < 0)
            return;
        const int index = m_members->item(row, NameCol)->data(Qt::UserRole).toInt();
        m_form->update([&](WorkspaceData &w) {
            if (index >= 0 && index < w.members.size())
                w.members.removeAt(index);
        });
    });
    connect(m_import, &QPushButton::clicked, this, [this] {
        FileChooser::openFile(
            this, tr("Import members"), tr("CSV (*.csv)"), [this](const QString &path) {
                QFile f(path);
                if (!f.open(QIODevice::ReadOnly)) {
                    m_importResult->setText(tr("Cannot read %1: %2").arg(path, f.errorString()));
                    return;
                }
                const auto r = m_form->importCsv(f.readAll());
                if (r) {
                    m_importResult->setText(tr("Imported %n member(s).", nullptr, *r));
                } else {
                    QStringList lines;
                    for (const CsvProblem &p : r.error())
                        lines << tr("line %1: %2").arg(p.line).arg(p.message);
                    m_importResult->setText(
                        tr("Nothing was imported. Fix these rows and import again:\n%1")
                            .arg(lines.join(u'\n')));
                }
            });
    });
    connect(m_members, &QTableWidget::itemChanged, this, [this](QTableWidgetItem *item) {
        if (m_filling)
            return;
        const int index = m_members->item(item->row(), NameCol)->data(Qt::UserRole).toInt();
        const QString text = item->text();
        const int column = item->column();
        double share = 0;
        if (column == ShareCol) {
            // Whatever number is typed is kept, out of range too: the findings then say what
            // is wrong with it instead of the cell silently emptying.
            const QString number = QString(text).remove(u'%').trimmed();
            bool ok = number.isEmpty();
            if (!ok)
                share = QLocale().toDouble(number, &ok);
            if (!ok)
                share = number.toDouble(&ok);
            if (!ok) {
                m_importResult->setText(
                    tr("“%1” is not a number: type the member's share of the quota as a "
                       "percentage from 0 to 100.")
                        .arg(text));
                reload(); // back to what the member has
                return;
            }
        }
        m_form->update([&](WorkspaceData &w) {
            if (index < 0 || index >= w.members.size())
                return;
            Member &m = w.members[index];
            if (column == NameCol)
                m.name = text;
            else if (column == AccountCol)
                m.account = text;
            else if (column == ProjectsCol)
                m.projects = text.split(u';', Qt::SkipEmptyParts);
            else if (column == ShareCol)
                m.sharePercent = share;
        });
    });

    // Permission matrix: actions × roles.
    auto *matrix = group(host, "matrixGroup", QT_TR_NOOP("Permissions"));
    auto *xl = new QVBoxLayout(matrix);
    m_matrix = new QTableWidget(kActionCount, 3, matrix);
    m_matrix->setObjectName(QStringLiteral("permissions"));
    m_matrix->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_matrix->setMinimumHeight(330);
    xl->addWidget(m_matrix);
    m_prediction = new QLabel(matrix);
    m_prediction->setObjectName(QStringLiteral("acceptancePrediction"));
    m_prediction->setWordWrap(true);
    xl->addWidget(m_prediction);
    content->addWidget(matrix);
    connect(m_matrix, &QTableWidget::itemChanged, this, [this](QTableWidgetItem *item) {
        if (m_filling)
            return;
        const bool on = item->checkState() == Qt::Checked;
        m_form->update([&](WorkspaceData &w) {
            w.matrix.set(kAllRoles[item->column()], Action(item->row()), on);
        });
    });

    // The team lead's review.
    auto *review = group(host, "reviewGroup", QT_TR_NOOP("Team lead's review"));
    auto *rl = new QVBoxLayout(review);
    m_diff = new QPlainTextEdit(review);
    m_diff->setObjectName(QStringLiteral("reviewDiff"));
    m_diff->setReadOnly(true);
    m_diff->setMaximumHeight(120);
    rl->addWidget(m_diff);
    auto *rf = new QFormLayout;
    m_reviewer = new QLineEdit(review);
    labelled(rf, QT_TR_NOOP("Rev&iewer"), m_reviewer, "reviewer");
    rl->addLayout(rf);
    auto *rb = new QHBoxLayout;
    m_markReviewed = new QPushButton(review);
    m_markReviewed->setObjectName(QStringLiteral("markReviewed"));
    m_exportCsv = new QPushButton(review);
    m_exportCsv->setObjectName(QStringLiteral("exportCsv"));
    m_exportMd = new QPushButton(review);
    m_exportMd->setObjectName(QStringLiteral("exportMarkdown"));
    for (QPushButton *b : {m_markReviewed, m_exportCsv, m_exportMd}) {
        b->setAutoDefault(false);
        rb->addWidget(b);
    }
    rb->addStretch();
    rl->addLayout(rb);
    m_reviewStatus = new QLabel(review);
    m_reviewStatus->setObjectName(QStringLiteral("reviewStatus"));
    m_reviewStatus->setWordWrap(true);
    rl->addWidget(m_reviewStatus);
    content->addWidget(review);
    connect(m_markReviewed, &QPushButton::clicked, this, [this] {
        if (auto r = m_form->markReviewed(m_reviewer->text()); !r)
            m_reviewStatus->setText(r.error().message);
    });
    connect(m_exportCsv, &QPushButton::clicked, this, [this] { exportReview(false); });
    connect(m_exportMd, &QPushButton::clicked, this, [this] { exportReview(true); });

    auto *findBox = group(host, "findingsGroup", QT_TR_NOOP("Findings"));
    auto *fl = new QVBoxLayout(findBox);
    m_findings = findingsList(findBox);
    fl->addWidget(m_findings);
    content->addWidget(findBox);

    addLoader([this] {
        const WorkspaceData &w = m_form->data();
        if (m_name->text() != w.workspaceName && !m_name->hasFocus())
            m_name->setText(w.workspaceName);
        // Who reviewed last, after a restart too (#17 walk 16: the field came back empty);
        // what is typed there stays.
        if (m_reviewer->text().isEmpty() && !m_reviewer->hasFocus())
            m_reviewer->setText(w.lastReview.reviewer);
        if (!w.pool.isEmpty()) {
            m_region->setCurrentText(w.pool.region);
            offerRegions();
            m_zone->setCurrentText(w.pool.zone);
            m_card->setCurrentIndex(std::max(0, m_card->findData(w.pool.cardType)));
        }
        loadMembers();
        loadMatrix();
    });
    connect(m_form, &WorkspaceForm::changed, this, [this] {
        reload();
        refresh();
    });
    reload();
    setBuilt();
    retranslateForm();
}

void WorkspacePage::offerRegions()
{
    if (!hub() || hub()->regions().isEmpty())
        return;
    const QString region = m_region->currentText();
    QString zone = m_zone->currentText();
    const QSignalBlocker blockRegion(m_region), blockZone(m_zone);
    m_region->clear();
    m_zone->clear();
    const RegionOffer *chosen = nullptr;
    for (const RegionOffer &r : hub()->regions()) {
        m_region->addItem(r.region);
        if (r.region == region) {
            chosen = &r;
            for (const ZoneOffer &z : r.zones)
                m_zone->addItem(z.zone);
        }
    }
    // Another region chosen: a zone of the region before gives way (#17 walk 16: cn-north
    // with cn-east-1a), to the first zone with free cards of the chosen type, or none, and the
    // stock line says why. Not when the provider answers again: a planned zone it no longer
    // lists is the findings' to say.
    if (chosen && !m_zonesOf.isEmpty() && m_zonesOf != region &&
        std::none_of(chosen->zones.begin(), chosen->zones.end(),
                     [&](const ZoneOffer &z) { return z.zone == zone; })) {
        const QString card = m_card->currentData().toString();
        zone.clear();
        for (const ZoneOffer &z : chosen->zones) {
            bool free = false;
            for (auto it = z.freeCards.begin(); it != z.freeCards.end() && !free; ++it)
                free = (card.isEmpty() || it.key() == card) && it.value() > 0;
            if (free) {
                zone = z.zone;
                break;
            }
        }
    }
    if (chosen)
        m_zonesOf = region;
    m_region->setCurrentText(region);
    m_zone->setCurrentText(zone);
    labelRegions();
}

void WorkspacePage::labelCards()
{
    // Marked, not left out: stock changes from hour to hour, and a pool is a quota binding a
    // team may apply for while its cards are taken (checkPoolStock only warns). The entry says
    // it in its text, as the findings would once chosen.
    const QList<ZoneStock> stock = hub() ? zoneStock(hub()->regions()) : QList<ZoneStock>{};
    const QString zone = m_zone->currentText().trimmed();
    for (int row = 1; row < m_card->count(); ++row) {
        const QString key = m_card->itemData(row).toString();
        const std::optional<int> free = freeCardsIn(stock, zone, key);
        const QString text = free && *free == 0
                                 ? tr("%1 — no stock in %2").arg(cardName(key), zone)
                                 : cardName(key);
        if (m_card->itemText(row) != text)
            m_card->setItemText(row, text);
        const QString tip =
            free && *free == 0
                ? tr("The provider lists no free %1 cards in %2 now: gate 4 could not open an "
                     "instance there until some are free.")
                      .arg(cardName(key), zone)
                : QString();
        m_card->setItemData(row, tip, Qt::ToolTipRole);
        m_card->setItemData(row, tip, Qt::AccessibleDescriptionRole);
    }
    // The closed box shares its row with region, zone and the button, and cuts a long entry
    // short (#17 walk 16: "AMD Instinct MI300X 192GB — no"): its tooltip has the whole text.
    // (The open list is as wide as its widest entry already: QComboBox widens its popup.)
    const QString tip = m_card->currentData(Qt::ToolTipRole).toString();
    const QString whole = m_card->currentIndex() > 0 ? m_card->currentText() : QString();
    m_card->setToolTip(tip.isEmpty() ? whole : whole + u'\n' + tip);
}

void WorkspacePage::labelRegions()
{
    if (!hub())
        return;
    // The open list as wide as its longest entry with its stock (QComboBox sizes it by the
    // names alone, and the stock was cut to "0 free …ards").
    const auto fitList = [this] {
        const QFontMetrics fm = m_region->view()->fontMetrics();
        int widest = 0;
        for (int row = 0; row < m_region->count(); ++row)
            widest = std::max(widest, fm.horizontalAdvance(
                                          m_region->itemText(row) + QStringLiteral(" — ") +
                                          m_region->itemData(row, kStockRole).toString()));
        m_region->view()->setMinimumWidth(widest + 4 * fm.averageCharWidth());
    };
    const auto fitted = qScopeGuard(fitList);
    const QString card = m_card->currentData().toString();
    for (const RegionOffer &r : hub()->regions()) {
        const int row = m_region->findText(r.region);
        if (row < 0)
            continue;
        int free = 0;
        bool known = false;
        for (const ZoneOffer &z : r.zones)
            for (auto it = z.freeCards.cbegin(); it != z.freeCards.cend(); ++it) {
                known = true;
                if (card.isEmpty() || it.key() == card)
                    free += it.value();
            }
        const QString stock = !known          ? tr("stock unknown")
                              : card.isEmpty() ? tr("%n free card(s)", nullptr, free)
                                               : tr("%n free %1 card(s)", nullptr, free)
                                                     .arg(cardName(card));
        const QString said =
            known ? tr("%1, over %n zone(s)", nullptr, int(r.zones.size())).arg(stock) : stock;
        if (m_region->itemData(row, kStockRole).toString() == said)
            continue;
        // A changed entry puts its text back into the editable box when it is the box's
        // current one (QComboBox's dataChanged): what is typed there stays.
        const QString typed = m_region->currentText();
        const QSignalBlocker block(m_region);
        m_region->setItemData(row, said, kStockRole);
        m_region->setItemData(row, r.region + QStringLiteral(" — ") + said, Qt::ToolTipRole);
        m_region->setItemData(row, said, Qt::AccessibleDescriptionRole);
        if (m_region->currentText() != typed)
            m_region->setEditText(typed);
    }
}

// What the provider says is free in the chosen zone: the card type's count first.
void WorkspacePage::showStock()
{
    labelCards();
    labelRegions();
    if (!hub() || hub()->regions().isEmpty()) {
        m_stock->setText(tr("Connect to the provider to choose from its regions and zones."));
        return;
    }
    const QString card = m_card->currentData().toString();
    for (const RegionOffer &r : hub()->regions())
        for (const ZoneOffer &z : r.zones) {
            if (r.region != m_region->currentText() || z.zone != m_zone->currentText())
                continue;
            QStringList free;
            for (auto it = z.freeCards.begin(); it != z.freeCards.end(); ++it)
                if (it.key() == card || card.isEmpty())
                    free << tr("%1: %2 free").arg(cardName(it.key())).arg(it.value());
            m_stock->setText(free.isEmpty() ? tr("The provider lists no %1 cards in %2.")
                                                  .arg(cardName(card), z.zone)
                                            : tr("Now in %1: %2").arg(z.zone, Tr::list(free)));
            return;
        }
    if (m_zone->currentText().trimmed().isEmpty())
        for (const RegionOffer &r : hub()->regions()) {
            if (r.region != m_region->currentText())
                continue;
            QStringList zones;
            bool free = card.isEmpty();
            for (const ZoneOffer &z : r.zones) {
                zones << z.zone;
                free = free || z.freeCards.value(card) > 0;
            }
            m_stock->setText(
                free
                    ? tr("Choose a zone in %1: %2.").arg(r.region, Tr::list(zones))
                    : tr("No zone in %1 lists free %2 cards now: choose another region or card "
                         "type, or a zone of %1 (%3) to wait for them.")
                          .arg(r.region, cardName(card), Tr::list(zones)));
            return;
        }
    m_stock->setText(tr("Regions here: %1").arg([this] {
        QStringList names;
        for (const RegionOffer &r : hub()->regions())
            names << r.region;
        return Tr::list(names);
    }()));
}

void WorkspacePage::loadMembers()
{
    m_filling = true;
    const WorkspaceData &w = m_form->data();
    const int n = int(w.members.size());
    // Each member keeps its row while the members are edited (the user may have sorted the
    // table); when members come or go, the rows follow the members' order again.
    QList<int> memberOfRow(n);
    bool kept = m_members->rowCount() == n;
    QList<bool> seen(n, false);
    for (int r = 0; r < n && kept; ++r) {
        const QTableWidgetItem *it = m_members->item(r, NameCol);
        const int index = it ? it->data(Qt::UserRole).toInt() : -1;
        kept = index >= 0 && index < n && !seen[index];
        if (kept) {
            seen[index] = true;
            memberOfRow[r] = index;
        }
    }
    if (!kept) {
        m_members->setRowCount(n);
        for (int r = 0; r < n; ++r)
            memberOfRow[r] = r;
    }
    for (int row = 0; row < n; ++row) {
        const int i = memberOfRow[row];
        const Member &m = w.members[i];
        // A share of 0 reads 0, as typed and as the Markdown export says it (walk 19: an empty
        // cell after a reload read as "not set").
        const QStringList cells = {m.name, m.account, roleKey(m.role), m.projects.join(u';'),
                                   QLocale().toString(m.sharePercent)};
        for (int c = 0; c < ColumnCount; ++c) {
            auto *item = m_members->item(row, c);
            if (!item) {
                item = new QTableWidgetItem;
                m_members->setItem(row, c, item);
            }
            if (item->text() != cells[c])
                item->setText(cells[c]);
        }
        m_members->item(row, NameCol)->setData(Qt::UserRole, i);
        m_members->item(row, RoleCol)->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
        auto *role = qobject_cast<QComboBox *>(m_members->cellWidget(row, RoleCol));
        if (!role) {
            role = new QComboBox(m_members);
            role->setObjectName(QStringLiteral("role%1").arg(i));
            for (Role r : kAllRoles)
                role->addItem(roleLabel(r), int(r));
            m_members->setCellWidget(row, RoleCol, role);
            connect(role, &QComboBox::currentIndexChanged, this, [this, role](int) {
                if (m_filling)
                    return;
                const int index = role->property("memberIndex").toInt();
                const Role r = Role(role->currentData().toInt());
                m_form->update([&](WorkspaceData &w2) {
                    if (index >= 0 && index < w2.members.size())
                        w2.members[index].role = r;
                });
            });
        }
        role->setProperty("memberIndex", i);
        role->setAccessibleName(tr("Role of %1").arg(m.name));
        role->setCurrentIndex(int(m.role));
    }
    m_filling = false;
}

void WorkspacePage::editMemberName(int member)
{
    const auto rowOf = [this, member] {
        for (int row = 0; row < m_members->rowCount(); ++row)
            if (const QTableWidgetItem *it = m_members->item(row, NameCol);
                it && it->data(Qt::UserRole).toInt() == member)
                return row;
        return -1;
    };
    int row = rowOf();
    if (row < 0)
        return;
    if (m_members->isRowHidden(row)) // the filter would hide what is typed
        m_filter->clear();
    row = rowOf();
    QTableWidgetItem *name = m_members->item(row, NameCol);
    m_members->setFocus(Qt::ShortcutFocusReason);
    m_members->setCurrentItem(name);
    m_members->scrollToItem(name);
    m_members->editItem(name);
}

void WorkspacePage::loadMatrix()
{
    m_filling = true;
    const PermissionMatrix &m = m_form->data().matrix;
    for (int a = 0; a < kActionCount; ++a) {
        for (int r = 0; r < 3; ++r) {
            auto *item = m_matrix->item(a, r);
            if (!item) {
                item = new QTableWidgetItem;
                item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
                m_matrix->setItem(a, r, item);
            }
            item->setCheckState(m.can(kAllRoles[r], Action(a)) ? Qt::Checked : Qt::Unchecked);
        }
    }
    m_filling = false;
}

void WorkspacePage::exportReview(bool markdown)
{
    FileChooser::saveFile(this, tr("Export the review"),
                          markdown ? QStringLiteral("review.md") : QStringLiteral("review.csv"),
                          markdown ? tr("Markdown (*.md)") : tr("CSV (*.csv)"),
                          [this, markdown](const QString &path) { writeReview(path, markdown); });
}

void WorkspacePage::writeReview(const QString &path, bool markdown)
{
    const WorkspaceData &w = m_form->data();
    const ReviewDiff d = diffSinceReview(w);
    const QString text =
        markdown ? matrixMarkdown(w) + u'\n' + diffMarkdown(d) : matrixCsv(w) + u'\n' + diffCsv(d);
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || (f.write(text.toUtf8()), !f.commit())) {
        m_reviewStatus->setText(tr("Could not write %1: %2").arg(path, f.errorString()));
        return;
    }
    m_reviewStatus->setText(tr("Saved %1.").arg(path));
}

void WorkspacePage::retranslateForm()
{
    // These two record the plan; the provider panel's "Create, attach quota, add members"
    // carries it out. Labelled for what they do (#17 walk: two "Create" buttons, one that did
    // nothing at the provider).
    m_create->setText(tr("Plan the workspa&ce"));
    m_create->setAccessibleName(tr("Plan the workspace"));
    m_attach->setText(tr("Plan t&he pool"));
    m_attach->setAccessibleName(tr("Plan the quota pool"));
    m_region->setAccessibleName(tr("Region"));
    m_region->lineEdit()->setPlaceholderText(tr("region"));
    m_region->lineEdit()->setAccessibleName(tr("Region"));
    m_zone->setAccessibleName(tr("Zone"));
    m_zone->lineEdit()->setPlaceholderText(tr("zone"));
    m_zone->lineEdit()->setAccessibleName(tr("Zone"));
    m_card->setAccessibleName(tr("Card type"));
    m_card->setItemText(0, tr("(card type)"));
    m_add->setText(tr("&Add member"));
    m_add->setAccessibleName(tr("Add member"));
    m_remove->setText(tr("Remove"));
    m_remove->setAccessibleName(tr("Remove the selected member"));
    m_import->setText(tr("Import C&SV…"));
    m_import->setAccessibleName(tr("Import members from CSV"));
    m_markReviewed->setText(tr("&Mark reviewed"));
    m_markReviewed->setAccessibleName(tr("Mark reviewed"));
    m_exportCsv->setText(tr("Export CSV…"));
    m_exportCsv->setAccessibleName(tr("Export the review as CSV"));
    m_exportMd->setText(tr("Export Markdown…"));
    m_exportMd->setAccessibleName(tr("Export the review as Markdown"));
    m_members->setHorizontalHeaderLabels(
        {tr("Name"), tr("Account"), tr("Role"), tr("Projects (;)"), tr("Share %")});
    m_members->setAccessibleName(tr("Members"));
    m_planned->setText(tr("Planned here. The provider creates the workspace and attaches the "
                          "pool when you press “Create, attach quota, add members” under “At the "
                          "provider” below."));
    m_held->setText(tr("The provider holds the workspace and its pool as planned here."));
    m_membersToSend->setText(tr("The provider holds the workspace and its pool, but not the "
                                "members as planned here yet: press “Create, attach quota, add "
                                "members” under “At the provider” below."));
    QStringList actions;
    for (int a = 0; a < kActionCount; ++a)
        actions << actionLabel(Action(a));
    m_matrix->setVerticalHeaderLabels(actions);
    m_matrix->setHorizontalHeaderLabels(
        {roleLabel(Role::Admin), roleLabel(Role::Developer), roleLabel(Role::Observer)});
    m_matrix->setAccessibleName(tr("Permission matrix"));
    m_diff->setAccessibleName(tr("Changes since the last review"));
    for (int i = 0; i < m_members->rowCount(); ++i) {
        if (auto *role = qobject_cast<QComboBox *>(m_members->cellWidget(i, RoleCol))) {
            for (Role r : kAllRoles)
                role->setItemText(int(r), roleLabel(r));
        }
    }
    showStock(); // the provider's stock line is worded here too
    refresh();
}

QuotaPool WorkspacePage::poolInFields() const
{
    return {m_card->currentData().toString(), m_region->currentText().trimmed(),
            m_zone->currentText().trimmed()};
}

void WorkspacePage::updateStepButtons()
{
    if (!isBuilt())
        return;
    const WorkspaceData &w = m_form->data();
    const bool nameHeld = w.created && m_name->text().trimmed() == w.workspaceName;
    const bool poolHeld = w.quotaAttached && poolInFields() == w.pool;
    m_create->setEnabled(!nameHeld);
    m_attach->setEnabled(!w.workspaceName.isEmpty() && !poolHeld);
    m_create->setToolTip(nameHeld ? tr("The provider has created this workspace. Type another "
                                       "name to plan another one.")
                                  : tr("Records the name in the plan. The provider creates the "
                                       "workspace when you press “Create, attach quota, add "
                                       "members” under “At the provider”."));
    m_attach->setToolTip(poolHeld ? tr("The provider has attached this pool. Choose another "
                                       "region, zone or card type to change it.")
                                  : tr("Records the pool in the plan. The provider attaches it "
                                       "when you press “Create, attach quota, add members” under "
                                       "“At the provider”."));
}

void WorkspacePage::refresh()
{
    if (!isBuilt())
        return;
    const WorkspaceData &w = m_form->data();
    // The steps follow the plan; the marks below are the provider's answers (one field each).
    const bool named = !w.workspaceName.isEmpty();
    for (QWidget *x : {static_cast<QWidget *>(m_region), static_cast<QWidget *>(m_zone),
                       static_cast<QWidget *>(m_card)})
        x->setEnabled(named);
    updateStepButtons();
    const bool pooled = !poolProblem(w.pool);
    m_add->setEnabled(pooled);
    m_import->setEnabled(pooled);
    // Off buttons say why, and what to do first (#17 walk: "Add member" was off, unexplained).
    const QString why =
        pooled ? QString()
        : named
            ? tr("Members come after the quota pool: choose its region, zone and card type "
                 "above and press “Plan the pool”.")
            : tr("Members come after the workspace and its quota pool: type the workspace's "
                 "name and press “Plan the workspace” above.");
    // On a passed gate 2, what a change to the team does, before it is made (#17 walk 18).
    m_addWhy->setText(pooled ? teamChangeForecast(store()->state()).toString() : why);
    for (QPushButton *b : {m_add, m_import})
        b->setToolTip(why);
    const auto mark = [](bool done) { return done ? QStringLiteral("✔") : QStringLiteral("○"); };
    const WorkspaceAtProvider at = workspaceAtProvider(w, store()->state().provider.memberRoles);
    QString steps =
        tr("%1 workspace created   %2 quota pool attached (%3; card-hours from gate 3)   %4 %n "
           "member(s)",
           nullptr, int(w.members.size()))
            .arg(mark(w.created), mark(w.quotaAttached))
            .arg(pooled ? w.pool.text() : tr("not chosen"))
            .arg(mark(w.created && !w.members.isEmpty() &&
                      memberChanges(w.members, store()->state().provider.memberRoles).isEmpty()));
    // #17 walk: Create and Attach record the plan; the marks are the provider's. A newcomer
    // clicked them and saw the marks stay empty, with nothing said.
    m_steps->setText(steps);
    // The panel's status says the same from the same answer (#17 walk 9).
    m_planNote->setCurrentIndex(at == WorkspaceAtProvider::ToSetUp         ? 0
                                : at == WorkspaceAtProvider::MembersToSend ? 1
                                : at == WorkspaceAtProvider::AsPlanned     ? 2
                                                                           : 3);
    const TeamAcceptancePrediction p = predictAcceptance(w);
    const auto tick = [](bool ok) { return ok ? QStringLiteral("✔") : QStringLiteral("✖"); };
    const auto twoChecks = [&](bool developer, bool observer) {
        return tr("%1 a developer submits a light job and sees its log\n"
                  "%2 an observer's submit is refused with a clear message")
            .arg(tick(developer), tick(observer));
    };
    // Which it is: the matrix's prediction, or the checks as they ran at the provider, and when
    // (#17 walk: "predicted … until they run for real" stayed after they had run).
    const ProviderLink &link = store()->state().provider;
    QString prediction;
    if (link.developerCheck.isEmpty() && link.observerCheck.isEmpty()) {
        prediction = tr("Acceptance checks, predicted from the matrix until they run at the "
                        "provider:") +
                     u'\n' + twoChecks(p.developerSubmitsAndSeesLog, p.observerRefused);
    } else {
        prediction = (link.workspaceChecksAt.isValid()
                          ? tr("Acceptance checks, as they ran at the provider on %1:")
                                .arg(readableTime(link.workspaceChecksAt))
                          : tr("Acceptance checks, as they last ran at the provider:")) +
                     u'\n' + twoChecks(link.developerCheckPassed, link.observerCheckPassed);
        // The team or the matrix changed since: what they would give now.
        if (p.developerSubmitsAndSeesLog != link.developerCheckPassed ||
            p.observerRefused != link.observerCheckPassed)
            prediction += u'\n' +
                          tr("Predicted from the matrix for the team as it is now:") + u'\n' +
                          twoChecks(p.developerSubmitsAndSeesLog, p.observerRefused);
    }
    if (!w.members.isEmpty() && !p.hasDeveloper)
        prediction += u'\n' + tr("Nobody in the team is a developer, so nobody can try the "
                                 "first check: give a member the developer role.");
    if (!w.members.isEmpty() && !p.hasObserver)
        prediction += u'\n' + tr("Nobody in the team is an observer, so nobody can try the "
                                 "second check: give a member the observer role.");
    m_prediction->setText(prediction);
    const ReviewDiff d = diffSinceReview(w);
    m_diff->setPlainText(w.lastReview.reviewedAt.isValid()
                             ? diffMarkdown(d)
                             : tr("Not reviewed yet: every member is new."));
    m_reviewStatus->setText(m_form->reviewStatus());
    // The pool's stock is the provider's word, held while connected: its rule is fed here.
    const Findings stock =
        hub() ? checkPoolStock(w.pool, zoneStock(hub()->regions())) : Findings{};
    const Findings findings = m_form->findings() + stock;
    showFindings(m_findings, findings,
                 tr("No findings: roles and permissions follow the guides."));
    tintMembers(findings);
}

void WorkspacePage::tintMembers(const Findings &findings)
{
    // The cells a finding names, with its messages as their tooltip (#17 walk: one finding
    // turned every row pink).
    const QList<QList<MemberCell>> named = memberCellsNamed(m_form->data(), findings);
    QHash<std::pair<int, int>, std::pair<QString, bool>> wanted; // tooltip, blocking
    for (qsizetype i = 0; i < named.size(); ++i)
        for (const MemberCell &cell : named[i]) {
            auto &[tip, blocking] = wanted[{cell.member, int(cell.column)}];
            const QString message = findings[i].message.toString();
            tip = tip.isEmpty() ? message : tip + u'\n' + message;
            blocking = blocking || findings[i].isBlocking();
        }
    const bool filling = m_filling;
    m_filling = true; // a cell's colour is no edit
    for (int row = 0; row < m_members->rowCount(); ++row) {
        const QTableWidgetItem *name = m_members->item(row, NameCol);
        const int member = name ? name->data(Qt::UserRole).toInt() : -1;
        for (int c = 0; c < ColumnCount; ++c) {
            const auto it = wanted.constFind({member, c});
            const QColor tint = it == wanted.cend() ? QColor()
                                : it->second      ? QColor(0xfd, 0xec, 0xea)
                                                  : QColor(0xff, 0xf4, 0xe5);
            const QString tip = it == wanted.cend() ? QString() : it->first;
            if (QTableWidgetItem *item = m_members->item(row, c)) {
                const QBrush brush = tint.isValid() ? QBrush(tint) : QBrush();
                if (item->background() != brush)
                    item->setBackground(brush);
                if (item->toolTip() != tip)
                    item->setToolTip(tip);
            }
            if (c != RoleCol)
                continue;
            if (auto *role = qobject_cast<QComboBox *>(m_members->cellWidget(row, c))) {
                QPalette p;
                if (tint.isValid()) {
                    p = role->palette();
                    p.setColor(QPalette::Button, tint);
                    p.setColor(QPalette::Base, tint);
                }
                if (role->palette() != p)
                    role->setPalette(p);
                if (role->toolTip() != tip)
                    role->setToolTip(tip);
            }
        }
    }
    m_filling = filling;
}

} // namespace onramp
