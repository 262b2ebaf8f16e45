#include "ThroughputSection.h"

#include "ResourcesForm.h"

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>

namespace onramp {

ThroughputSection::ThroughputSection(ResourcesForm *form, QWidget *parent)
    : ResourcesSection(form, "throughputGroup", QT_TR_NOOP("4. Throughput and card-hours"), parent)
{
    auto *layout = new QFormLayout(this);
    m_measured = new QDoubleSpinBox(this);
    m_measured->setRange(0, 1e9);
    m_measured->setDecimals(0);
    labelled(layout, QT_TR_NOOP("Measured tokens/s (0 = estimate from FLOPs)"), m_measured,
             "measuredTokensPerSecond");
    m_measuredCards = new QSpinBox(this);
    m_measuredCards->setRange(1, 4096);
    labelled(layout, QT_TR_NOOP("…measured on cards"), m_measuredCards, "measuredCards");
    m_efficiency = new QDoubleSpinBox(this);
    m_efficiency->setRange(0.5, 1.0);
    m_efficiency->setSingleStep(0.01);
    labelled(layout, QT_TR_NOOP("Scaling efficiency per doubling"), m_efficiency, "efficiency");
    m_mfu = new QDoubleSpinBox(this);
    m_mfu->setRange(0.05, 0.9);
    m_mfu->setSingleStep(0.01);
    labelled(layout, QT_TR_NOOP("Model FLOPs utilisation (estimate)"), m_mfu, "mfu");
    m_workload = new QDoubleSpinBox(this);
    m_workload->setRange(0, 1e6);
    m_workload->setDecimals(3);
    labelled(layout, QT_TR_NOOP("Workload (tokens × epochs)"), m_workload, "workloadTokens");
    m_targetHours = new QDoubleSpinBox(this);
    m_targetHours->setRange(0, 1e5);
    labelled(layout, QT_TR_NOOP("Finish within"), m_targetHours, "targetHours");
    m_result = new QLabel(this);
    m_result->setObjectName(QStringLiteral("throughputResult"));
    m_result->setWordWrap(true);
    layout->addRow(m_result);
    m_feedQuota = new QPushButton(this);
    m_feedQuota->setObjectName(QStringLiteral("feedQuota"));
    m_feedQuota->setAutoDefault(false);
    layout->addRow(m_feedQuota);

    connect(m_measured, &QDoubleSpinBox::valueChanged, this,
            [this](double v) { set(&ThroughputPlan::measuredTokensPerSecond, v); });
    connect(m_measuredCards, &QSpinBox::valueChanged, this,
            [this](int v) { set(&ThroughputPlan::measuredCards, v); });
    connect(m_efficiency, &QDoubleSpinBox::valueChanged, this,
            [this](double v) { set(&ThroughputPlan::efficiencyPerDoubling, v); });
    connect(m_mfu, &QDoubleSpinBox::valueChanged, this,
            [this](double v) { set(&ThroughputPlan::mfu, v); });
    connect(m_workload, &QDoubleSpinBox::valueChanged, this,
            [this](double v) { set(&ThroughputPlan::workloadTokens, v * 1e9); });
    connect(m_targetHours, &QDoubleSpinBox::valueChanged, this,
            [this](double v) { set(&ThroughputPlan::targetHours, v); });
    connect(m_feedQuota, &QPushButton::clicked, this, &ThroughputSection::feedQuota);
}

void ThroughputSection::feedQuota()
{
    // A passed gate 3's plan is replaced only once confirmed, the change and what happens to
    // the gate said first (#17 walk 18: it was replaced silently). Asked without a nested event
    // loop; Cancel is the default, so Enter keeps the plan.
    const auto replacement = form()->quotaReplacement();
    if (!replacement) {
        form()->feedQuota();
        return;
    }
    auto *box = new QMessageBox(QMessageBox::Question, tr("Replace gate 3's plan?"),
                                replacement->text, QMessageBox::Cancel, this);
    box->setObjectName(QStringLiteral("feedQuotaConfirm"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    QPushButton *replace = box->addButton(tr("&Replace the plan"), QMessageBox::AcceptRole);
    replace->setObjectName(QStringLiteral("feedQuotaReplace"));
    box->setDefaultButton(QMessageBox::Cancel);
    box->setEscapeButton(QMessageBox::Cancel);
    connect(box, &QMessageBox::finished, this, [this, box, replace] {
        if (box->clickedButton() == replace)
            form()->feedQuota();
    });
    box->open();
}

template <typename T> void ThroughputSection::set(T ThroughputPlan::*member, T value)
{
    if (!loading())
        form()->update([&](ResourcesGateData &d) { d.throughput.*member = value; });
}

void ThroughputSection::loadInputs()
{
    const ThroughputPlan &t = form()->data().throughput;
    m_measured->setValue(t.measuredTokensPerSecond);
    m_measuredCards->setValue(t.measuredCards);
    m_efficiency->setValue(t.efficiencyPerDoubling);
    m_mfu->setValue(t.mfu);
    m_workload->setValue(t.workloadTokens / 1e9);
    m_targetHours->setValue(t.targetHours);
}

void ThroughputSection::retranslate()
{
    m_workload->setSuffix(tr(" B tokens", "billions of tokens, after a number"));
    m_targetHours->setSuffix(tr(" h", "hours, after a number"));
    m_feedQuota->setText(tr("Use these cards and hours in the quota derivation (gate &3)"));
    m_feedQuota->setAccessibleName(tr("Use in quota derivation"));
    m_feedQuota->setToolTip(tr("Sets gate 3's cards per run and hours per round to these, and "
                               "this job's “Cards in the job” with them while no instance type "
                               "is chosen, so the two agree."));
}

void ThroughputSection::refresh()
{
    const auto t = form()->throughput();
    if (t) {
        // The hours as gate 3 is given them (ResourcesForm::quotaHours), and their card-hours.
        const double hours = ResourcesForm::quotaHours(t->hours);
        QString text =
            tr("%1 cards finish in %2 h: %3 card-hours. Per card %4 tokens/s%5.")
                .arg(t->cards)
                .arg(hours, 0, 'f', 1)
                .arg(hours * t->cards, 0, 'f', 0)
                .arg(t->perCardTokensPerSecond, 0, 'f', 0)
                .arg(t->estimated
                         ? tr(" — an estimate from FLOPs; measure a small run to replace it")
                         : QString());
        // Gate 4 holds one instance: a plan past the target says so, never more cards than one
        // instance holds (walk 18: 16 cards planned on an 8-card type).
        if (t->overTarget)
            text += u' ' +
                    (t->instancesForTarget > 0
                         ? tr("That is past the %1 h asked: %2 cards are the most one instance of "
                              "this card holds, and gate 4 holds one instance (%3 of them would "
                              "finish in time).")
                               .arg(form()->data().throughput.targetHours, 0, 'f', 1)
                               .arg(t->cards)
                               .arg(t->instancesForTarget)
                         : tr("That is past the %1 h asked: %2 cards are the most one instance of "
                              "this card holds, and gate 4 holds one instance.")
                               .arg(form()->data().throughput.targetHours, 0, 'f', 1)
                               .arg(t->cards));
        m_result->setText(text);
    } else {
        m_result->setText(t.error().message);
    }
    m_feedQuota->setEnabled(t.has_value());
}

} // namespace onramp
