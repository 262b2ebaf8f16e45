#include "QuotaPage.h"

#include "Clock.h"
#include "charts/ChartKit.h"
#include "widgets/DateField.h"

#include "Catalogs.h"
#include "GateDataForms.h"
#include "GateForm.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QStackedLayout>
#include <QTableWidget>
#include <QVBoxLayout>

namespace onramp {

QuotaPage::QuotaPage(StateStore *store, QWidget *parent)
    : FormGatePage(GateId::Quota, store, parent), m_form(new QuotaForm(store, this))
{
}

void QuotaPage::buildContent(QVBoxLayout *content)
{
    QWidget *host = content->parentWidget() ? content->parentWidget() : this;
    using Q = QuotaGateData;

    auto *derivation = group(host, "derivationGroup", QT_TR_NOOP("Derivation"));
    auto *dl = new QVBoxLayout(derivation);
    auto *columns = new QHBoxLayout;
    auto *left = new QFormLayout;
    auto *right = new QFormLayout;
    columns->addLayout(left, 1);
    columns->addSpacing(16);
    columns->addLayout(right, 1);
    dl->addLayout(columns);
    const auto spin = [this](QFormLayout *f, const char *caption, const char *name, int max,
                             int Q::*member) {
        auto *s = new QSpinBox(f->parentWidget());
        s->setRange(0, max);
        labelled(f, caption, s, name);
        connect(s, &QSpinBox::valueChanged, this, [this, member](int v) {
            if (!loading())
                m_form->update([&](Q &q) { q.*member = v; });
        });
        addLoader([this, s, member] { s->setValue(m_form->data().*member); });
    };
    const auto dspin = [this](QFormLayout *f, const char *caption, const char *name, double max,
                              double scale, int decimals, double Q::*member) {
        auto *s = new QDoubleSpinBox(f->parentWidget());
        s->setRange(0, max);
        s->setDecimals(decimals);
        labelled(f, caption, s, name);
        connect(s, &QDoubleSpinBox::valueChanged, this, [this, member, scale](double v) {
            if (!loading())
                m_form->update([&](Q &q) { q.*member = v / scale; });
        });
        addLoader([this, s, member, scale] { s->setValue(m_form->data().*member * scale); });
    };
    const auto date = [this](QFormLayout *f, const char *caption, const char *name,
                             QDate Q::*member) {
        auto *e = new DateField(f->parentWidget());
        labelled(f, caption, e, name, e->lineEdit());
        connect(e, &DateField::dateChanged, this, [this, member](const QDate &d) {
            if (!loading())
                m_form->update([&](Q &q) { q.*member = d; });
        });
        addLoader([this, e, member] { e->setDate(m_form->data().*member); });
    };
    spin(left, QT_TR_NOOP("&Cards per run"), "cardsPerRun", 100000, &Q::cardsPerRun);
    dspin(left, QT_TR_NOOP("&Hours per round"), "hoursPerRound", 100000, 1, 1, &Q::hoursPerRound);
    spin(left, QT_TR_NOOP("Rounds &in the period"), "rounds", 10000, &Q::rounds);
    // Whole percent, as the app writes percentages elsewhere ("20 %", zh "20%"): #17 walk 17.
    dspin(left, QT_TR_NOOP("Retry &margin"), "retryMargin", 200, 100, 0, &Q::retryMargin);
    date(right, QT_TR_NOOP("Period &start"), "start", &Q::start);
    date(right, QT_TR_NOOP("Period &end"), "end", &Q::end);
    // The pool is gate 2's: what the card-hours are of, and where.
    m_pool = new QLabel(derivation);
    m_pool->setObjectName(QStringLiteral("quotaPool"));
    m_pool->setWordWrap(true);
    right->addRow(m_pool);
    m_formula = new QLabel(derivation);
    m_formula->setObjectName(QStringLiteral("formula"));
    m_formula->setWordWrap(true);
    QFont big = m_formula->font();
    big.setPointSizeF(big.pointSizeF() * 1.15);
    big.setBold(true);
    m_formula->setFont(big);
    m_formula->setTextInteractionFlags(Qt::TextSelectableByMouse);
    dl->addWidget(m_formula);
    content->addWidget(derivation);

    // Time distribution: peak windows; empty = spread evenly.
    auto *distribution = group(host, "distributionGroup", QT_TR_NOOP("Time distribution"));
    auto *tl = new QVBoxLayout(distribution);
    m_peaks = new QTableWidget(0, 3, distribution);
    m_peaks->setObjectName(QStringLiteral("peaks"));
    m_peaks->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_peaks->verticalHeader()->hide();
    m_peaks->setMaximumHeight(130);
    tl->addWidget(m_peaks);
    auto *pb = new QHBoxLayout;
    m_addPeak = new QPushButton(distribution);
    m_addPeak->setObjectName(QStringLiteral("addPeak"));
    m_removePeak = new QPushButton(distribution);
    m_removePeak->setObjectName(QStringLiteral("removePeak"));
    for (QPushButton *b : {m_addPeak, m_removePeak}) {
        b->setAutoDefault(false);
        pb->addWidget(b);
    }
    pb->addStretch();
    tl->addLayout(pb);
    // Or a monthly spread: one weight per month from the start (used when no peaks are set).
    auto *spreadForm = new QFormLayout;
    auto *spread = new QLineEdit(distribution);
    spread->setPlaceholderText(QStringLiteral("1, 1, 2, 2, 1, 0, …"));
    labelled(spreadForm, QT_TR_NOOP("Monthly spre&ad (weights, used without peaks)"), spread,
             "monthlyWeights");
    tl->addLayout(spreadForm);
    connect(spread, &QLineEdit::textEdited, this, [this](const QString &t) {
        QList<double> weights;
        for (const QString &part :
             t.split(QRegularExpression(QStringLiteral("[,;\\s]+")), Qt::SkipEmptyParts)) {
            bool ok = false;
            const double w = QLocale::c().toDouble(part, &ok);
            weights << (ok ? w : -1); // -1 makes validateQuota name the field
        }
        m_form->update([&](QuotaGateData &q) { q.monthlyWeights = weights; });
    });
    addLoader([this, spread] {
        if (spread->hasFocus())
            return;
        QStringList parts;
        for (double w : m_form->data().monthlyWeights)
            parts << QLocale::c().toString(w);
        spread->setText(parts.join(QStringLiteral(", ")));
    });
    m_chart = charts::makeBars(distribution);
    m_chart->widget()->setObjectName(QStringLiteral("distributionChart"));
    m_chart->widget()->setMinimumHeight(220);
    // Until the plan is complete the chart has no month: a line says what will show, instead
    // of an axis from 0 to 1 over nothing (#17 walk).
    m_chartEmpty = new QLabel(distribution);
    m_chartEmpty->setObjectName(QStringLiteral("distributionChartEmpty"));
    m_chartEmpty->setWordWrap(true);
    m_chartEmpty->setAlignment(Qt::AlignCenter);
    m_chartEmpty->setFrameShape(QFrame::StyledPanel);
    m_chartEmpty->setMargin(8);
    m_chartStack = new QStackedLayout;
    m_chartStack->addWidget(m_chart->widget());
    m_chartStack->addWidget(m_chartEmpty);
    tl->addLayout(m_chartStack);
    content->addWidget(distribution);
    connect(m_addPeak, &QPushButton::clicked, this, [this] {
        m_form->update([](Q &q) {
            q.peaks << PeakWindow{q.start.isValid() ? q.start : clock::today(), 14,
                                  std::max(1, q.cardsPerRun)};
        });
        // Typing goes to the new window's start (walk 17: the focus stayed in "Rounds in the
        // period", as gate 2's Add member once left it).
        const int last = m_peaks->rowCount() - 1;
        if (QTableWidgetItem *start = last >= 0 ? m_peaks->item(last, 0) : nullptr) {
            m_peaks->setFocus(Qt::ShortcutFocusReason);
            m_peaks->setCurrentItem(start);
            m_peaks->scrollToItem(start);
            m_peaks->editItem(start);
        }
    });
    connect(m_removePeak, &QPushButton::clicked, this, [this] {
        const int row = m_peaks->currentRow();
        m_form->update([&](Q &q) {
            if (row >= 0 && row < q.peaks.size())
                q.peaks.removeAt(row);
            else if (!q.peaks.isEmpty())
                q.peaks.removeLast();
        });
    });
    connect(m_peaks, &QTableWidget::itemChanged, this, [this](QTableWidgetItem *item) {
        if (m_filling)
            return;
        const int row = item->row(), col = item->column();
        const QString t = item->text();
        m_form->update([&](Q &q) {
            if (row >= q.peaks.size())
                return;
            PeakWindow &p = q.peaks[row];
            if (col == 0) {
                const QDate d = QDate::fromString(t, Qt::ISODate);
                if (d.isValid())
                    p.start = d;
            } else if (col == 1) {
                p.days = std::max(1, t.toInt());
            } else {
                p.cards = std::max(1, t.toInt());
            }
        });
    });

    // Staging and the quarter split.
    auto *staging = group(host, "stagingGroup", QT_TR_NOOP("Applications"));
    auto *sl = new QVBoxLayout(staging);
    m_staged = new QTableWidget(0, 4, staging);
    m_staged->setObjectName(QStringLiteral("staged"));
    m_staged->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_staged->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_staged->verticalHeader()->hide();
    m_staged->setMaximumHeight(200); // the first, five quarters and the total: no scroll bar
    sl->addWidget(m_staged);
    content->addWidget(staging);

    auto *justify = group(host, "justificationGroup", QT_TR_NOOP("Justification"));
    auto *jl = new QVBoxLayout(justify);
    m_justification = new QPlainTextEdit(justify);
    m_justification->setObjectName(QStringLiteral("justification"));
    m_justification->setMinimumHeight(120);
    m_justification->setTabChangesFocus(true);
    jl->addWidget(m_justification);
    auto *rl = new QHBoxLayout;
    m_regenerate = new QPushButton(justify);
    m_regenerate->setObjectName(QStringLiteral("regenerateJustification"));
    m_regenerate->setAutoDefault(false);
    rl->addWidget(m_regenerate);
    // Whose text it is: generated (it follows the numbers) or the user's (it stays), and so
    // why Regenerate is off or what it does (walk 19: it looked on, and did nothing).
    m_justificationNote = new QLabel(justify);
    m_justificationNote->setObjectName(QStringLiteral("justificationNote"));
    m_justificationNote->setWordWrap(true);
    rl->addWidget(m_justificationNote, 1);
    jl->addLayout(rl);
    content->addWidget(justify);
    connect(m_justification, &QPlainTextEdit::textChanged, this, [this] {
        if (!m_filling)
            m_form->setJustification(m_justification->toPlainText());
    });
    connect(m_regenerate, &QPushButton::clicked, this, [this] {
        m_form->regenerateJustification();
        // Shown at once, even where the text box had the focus.
        showJustification(true);
    });

    auto *findBox = group(host, "findingsGroup", QT_TR_NOOP("Findings"));
    auto *fl = new QVBoxLayout(findBox);
    m_findings = findingsList(findBox);
    fl->addWidget(m_findings);
    content->addWidget(findBox);

    addLoader([this] {
        m_filling = true;
        const auto &peaks = m_form->data().peaks;
        m_peaks->setRowCount(int(peaks.size()));
        for (int i = 0; i < peaks.size(); ++i) {
            const QStringList cells = {peaks[i].start.toString(Qt::ISODate),
                                       QString::number(peaks[i].days),
                                       QString::number(peaks[i].cards)};
            for (int c = 0; c < 3; ++c) {
                auto *item = m_peaks->item(i, c);
                if (!item)
                    m_peaks->setItem(i, c, item = new QTableWidgetItem);
                if (item->text() != cells[c])
                    item->setText(cells[c]);
            }
        }
        m_filling = false;
        showJustification(false);
    });
    connect(m_form, &QuotaForm::changed, this, [this] {
        reload();
        refresh();
    });
    reload();
    setBuilt();
    retranslateForm();
}

void QuotaPage::retranslateForm()
{
    if (auto *hours = findChild<QDoubleSpinBox *>(QStringLiteral("hoursPerRound")))
        hours->setSuffix(tr(" h", "hours, after a number"));
    if (auto *margin = findChild<QDoubleSpinBox *>(QStringLiteral("retryMargin")))
        margin->setSuffix(tr(" %", "percent, after a number"));
    m_addPeak->setText(tr("A&dd peak window"));
    m_addPeak->setAccessibleName(tr("Add peak window"));
    m_removePeak->setText(tr("Remove peak"));
    m_removePeak->setAccessibleName(tr("Remove the selected peak window"));
    m_regenerate->setText(tr("Regenerate from the numbers"));
    m_regenerate->setAccessibleName(tr("Regenerate the justification"));
    m_peaks->setHorizontalHeaderLabels({tr("Start (YYYY-MM-DD)"), tr("Days"), tr("Cards")});
    m_peaks->setAccessibleName(tr("Peak windows"));
    m_staged->setHorizontalHeaderLabels(
        {tr("Application"), tr("From"), tr("To"), tr("Card-hours")});
    m_staged->setAccessibleName(tr("Staged applications"));
    m_justification->setAccessibleName(tr("Justification"));
    // A generated justification is in the language shown (walk 19: Chinese on the English page).
    showJustification(false);
    refresh();
}

void QuotaPage::showJustification(bool evenWhileTyping)
{
    // The text box being typed in is spared, unless asked (Regenerate).
    const QString text = m_form->justification();
    if (m_justification->toPlainText() == text ||
        (m_justification->hasFocus() && !evenWhileTyping))
        return;
    m_filling = true;
    m_justification->setPlainText(text);
    m_filling = false;
}

QStringList QuotaPage::monthLabels(const QList<QDate> &months)
{
    // "27-01" read as a day or a version (#17 walk); a month's name reads as a month.
    // Each label once: the chart's category axis drops a repeated one (a period past twelve
    // months names its months again), so a name already used carries its year too.
    const QLocale locale;
    QStringList labels;
    for (qsizetype i = 0; i < months.size(); ++i) {
        const QDate &m = months[i];
        const QString name = locale.monthName(m.month(), QLocale::ShortFormat);
        const bool withYear =
            i == 0 || months[i - 1].year() != m.year() || labels.contains(name);
        labels << (withYear ? tr("%1 %2", "a chart's month label: short month name, year")
                                  .arg(name, QString::number(m.year()))
                            : name);
    }
    return labels;
}

void QuotaPage::refresh()
{
    if (!isBuilt())
        return;
    const QuotaPool pool = m_form->context().pool;
    m_pool->setText(poolProblem(pool)
                        ? tr("Pool: not attached yet. Attach the quota pool in gate 2 (card "
                             "type, region, zone): this application is for it.")
                        : tr("Pool (attached in gate 2): %1.").arg(pool.text()));
    const auto valid = validateQuota(m_form->data());
    const QuotaPlan plan = m_form->plan();
    // Not a bare rule in bold where the derivation goes (walk 17: "cards per run must be at
    // least 1"): it says the derivation waits for what the field asks.
    m_formula->setText(valid ? plan.formula
                             : tr("Not derived yet: %1.")
                                   .arg(valid.error().message.section(QStringLiteral(": "), 1)));

    // Monthly bars: the one set replaced wholesale (never appended to a live series).
    QList<double> hoursPerMonth;
    QList<QDate> months;
    double top = 0;
    for (const auto &[month, hours] : plan.monthly) {
        hoursPerMonth << hours;
        months << month;
        top = std::max(top, hours);
    }
    m_chart->setColumns(tr("Card-hours"), monthLabels(months), hoursPerMonth,
                        top > 0 ? top * 1.1 : 1);
    m_chartEmpty->setText(tr("The card-hours per month appear here once the derivation is "
                             "complete: cards per run, hours per round, rounds and the "
                             "period."));
    m_chartStack->setCurrentWidget(months.isEmpty() ? m_chartEmpty : m_chart->widget());

    QList<QuotaApplication> rows;
    if (valid) {
        rows << plan.first;
        rows += plan.followUps;
    }
    // Under the applications, their sum: the derived total, over the days they cover (#17 walk
    // 6: the reader checks that nothing is left out).
    double sum = 0;
    for (const QuotaApplication &a : rows)
        sum += a.cardHours;
    m_staged->setRowCount(rows.isEmpty() ? 0 : int(rows.size()) + 1);
    for (int i = 0; i < m_staged->rowCount(); ++i) {
        const bool total = i == rows.size();
        const QStringList cells =
            total ? QStringList{tr("Total"), rows.first().from.toString(Qt::ISODate),
                                rows.last().to.toString(Qt::ISODate),
                                QLocale().toString(sum, 'f', 0)}
                  : QStringList{applicationName(rows[i]), rows[i].from.toString(Qt::ISODate),
                                rows[i].to.toString(Qt::ISODate),
                                QLocale().toString(rows[i].cardHours, 'f', 0)};
        for (int c = 0; c < 4; ++c) {
            auto *item = m_staged->item(i, c);
            if (!item)
                m_staged->setItem(i, c, item = new QTableWidgetItem);
            item->setText(cells[c]);
            QFont font = m_staged->font();
            font.setBold(total);
            item->setFont(font);
        }
    }
    const std::optional<QString> blocked = m_form->regenerateBlocked();
    m_regenerate->setEnabled(!blocked);
    m_regenerate->setToolTip(blocked ? *blocked
                                     : tr("Replaces your text with one written from the numbers "
                                          "as they are now."));
    m_justificationNote->setText(blocked ? *blocked
                                         : tr("Your own text: Onramp does not change it when the "
                                              "numbers change."));
    showFindings(m_findings, m_form->findings(),
                 tr("No findings: the application is derived, staged and consistent."));
}

} // namespace onramp
