#include "MemorySection.h"

#include "charts/ChartKit.h"

#include "ResourcesForm.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace onramp {

namespace {

constexpr double kGiB = double(1ull << 30);

} // namespace

MemorySection::MemorySection(ResourcesForm *form, QWidget *parent)
    : ResourcesSection(form, "memoryGroup", QT_TR_NOOP("2. Memory per card"), parent)
{
    auto *layout = new QVBoxLayout(this);
    auto *cardForm = new QFormLayout;
    m_card = new QComboBox(this);
    for (const CardSpec &c : cardCatalog())
        m_card->addItem(c.name, c.key);
    labelled(cardForm, QT_TR_NOOP("Judge against card"), m_card, "card");
    m_cardWhy = lockReason(cardForm, "cardWhy");
    layout->addLayout(cardForm);
    m_chart = charts::makeBars(this);
    m_chart->widget()->setObjectName(QStringLiteral("memoryChart"));
    m_chart->widget()->setMinimumHeight(150);
    layout->addWidget(m_chart->widget());
    m_total = new QLabel(this);
    m_total->setObjectName(QStringLiteral("memoryTotal"));
    m_total->setWordWrap(true);
    m_total->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_total);
    m_verdict = new QLabel(this);
    m_verdict->setObjectName(QStringLiteral("memoryVerdict"));
    QFont bold = m_verdict->font();
    bold.setBold(true);
    m_verdict->setFont(bold);
    layout->addWidget(m_verdict);
    // What the last Apply changed, from and to (#17 walk: after Apply nothing said so).
    m_applied = new QLabel(this);
    m_applied->setObjectName(QStringLiteral("appliedChange"));
    m_applied->setWordWrap(true);
    m_applied->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_applied->hide();
    layout->addWidget(m_applied);
    // Rows that wrap, not a list: a list cut them behind a horizontal scroll bar (#17 walk).
    m_suggestions = new QWidget(this);
    m_suggestions->setObjectName(QStringLiteral("suggestions"));
    m_suggestionRows = new QVBoxLayout(m_suggestions);
    m_suggestionRows->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_suggestions);

    connect(m_card, &QComboBox::currentIndexChanged, this, [this] {
        if (!loading())
            this->form()->update(
                [&](ResourcesGateData &d) { d.cardKey = m_card->currentData().toString(); });
    });
}

void MemorySection::loadInputs()
{
    const int card = std::max(0, m_card->findData(form()->card().key));
    if (m_card->currentIndex() != card)
        m_card->setCurrentIndex(card);
}

void MemorySection::retranslate()
{
    m_suggestions->setAccessibleName(tr("What to change"));
    m_suggestions->setProperty("shown", QVariant()); // the rows' words, again
}

void MemorySection::refresh()
{
    // The instance type fixes the card; the form says why and how to change it.
    const QString why = form()->cardLock();
    m_card->setEnabled(why.isEmpty());
    showLockReason(m_card, m_cardWhy, why);
    const QString applied = form()->appliedChange();
    m_applied->setText(applied);
    m_applied->setVisible(!applied.isEmpty());
    const MemoryBreakdown m = form()->memory();
    const CardSpec card = form()->card();
    const MemoryPart *parts[] = {&m.weights, &m.gradients, &m.optimizer, &m.activations,
                                 &m.overhead};
    const char *const partNames[] = {QT_TR_NOOP("Weights"), QT_TR_NOOP("Gradients"),
                                     QT_TR_NOOP("Optimizer"), QT_TR_NOOP("Activations"),
                                     QT_TR_NOOP("Overhead")};
    QStringList names;
    QList<double> gib;
    for (int i = 0; i < 5; ++i) {
        names << tr(partNames[i]);
        gib << parts[i]->bytes / kGiB;
    }
    m_chart->setStack(QStringLiteral("GiB"), names, gib,
                      std::max(card.memory.gib, m.totalGiB()) * 1.05);
    QStringList lines;
    for (int i = 0; i < 5; ++i)
        lines << tr("%1: %2 GiB (%3)")
                     .arg(tr(partNames[i]))
                     .arg(parts[i]->bytes / kGiB, 0, 'f', 2)
                     .arg(parts[i]->formula);
    m_total->setText(tr("Per card: %1 GiB on %2 (%3 GB)")
                         .arg(m.totalGiB(), 0, 'f', 1)
                         .arg(card.name)
                         .arg(card.memory.gib) +
                     u'\n' + lines.join(u'\n'));

    const Verdict v = form()->verdict();
    m_verdict->setText(form()->verdictText());
    m_verdict->setWordWrap(true);
    QPalette pal = m_verdict->palette();
    pal.setColor(QPalette::WindowText, v == Verdict::Fits    ? QColor(0x1b, 0x7f, 0x3b)
                                       : v == Verdict::Tight ? QColor(0xa0, 0x5a, 0x00)
                                                             : QColor(0xb3, 0x26, 0x1e));
    m_verdict->setPalette(pal);
    showSuggestions();
    m_suggestions->setVisible(v == Verdict::DoesNotFit);
}

void MemorySection::showSuggestions()
{
    const std::vector<Suggestion> list = form()->suggestions();
    QStringList texts;
    for (int i = 0; i < int(list.size()); ++i) {
        const Suggestion &s = list[size_t(i)];
        texts << suggestionText(s) + u'\n' + form()->suggestionStep(i).where;
    }
    // The same rows again (the form changes on every keystroke elsewhere): nothing to redo.
    if (texts == m_suggestions->property("shown").toStringList())
        return;
    m_suggestions->setProperty("shown", texts);
    while (QLayoutItem *item = m_suggestionRows->takeAt(0)) {
        if (QWidget *w = item->widget())
            w->deleteLater();
        delete item;
    }
    auto *heading = new QLabel(tr("What would make it fit, cheapest in speed first, each on top "
                                  "of the ones above:"),
                               m_suggestions);
    heading->setWordWrap(true);
    m_suggestionRows->addWidget(heading);
    for (int i = 0; i < texts.size(); ++i) {
        auto *row = new QWidget(m_suggestions);
        auto *rowLayout = new QHBoxLayout(row);
        rowLayout->setContentsMargins(0, 0, 0, 0);
        auto *text = new QLabel(texts[i], row);
        text->setObjectName(QStringLiteral("suggestion%1").arg(i));
        text->setWordWrap(true);
        text->setTextInteractionFlags(Qt::TextSelectableByMouse);
        rowLayout->addWidget(text, 1);
        if (form()->suggestionStep(i).applicable) {
            auto *apply = new QPushButton(tr("Apply"), row);
            apply->setObjectName(QStringLiteral("applySuggestion%1").arg(i));
            apply->setAccessibleName(tr("Apply: %1").arg(list[size_t(i)].change));
            rowLayout->addWidget(apply, 0, Qt::AlignTop);
            connect(apply, &QPushButton::clicked, this, [this, i] {
                // The rows are made again (and hidden once the setup fits), Apply with them:
                // a focused button that goes hands the focus on, and the page scrolled to
                // wherever it landed (#17 walk: to section 5). The verdict stays and reads the
                // outcome; the page keeps the focused widget in place.
                m_verdict->setFocus(Qt::OtherFocusReason);
                this->form()->applySuggestion(i);
            });
        }
        m_suggestionRows->addWidget(row);
    }
}

} // namespace onramp
