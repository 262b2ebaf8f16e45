#include "TrainingSetupSection.h"

#include "ResourcesForm.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QSpinBox>

namespace onramp {

TrainingSetupSection::TrainingSetupSection(ResourcesForm *form, QWidget *parent)
    : ResourcesSection(form, "setupGroup", QT_TR_NOOP("1. Model and training setup"), parent)
{
    auto *columns = new QHBoxLayout(this);
    auto *left = new QFormLayout;
    auto *right = new QFormLayout;
    columns->addLayout(left, 1);
    columns->addSpacing(16);
    columns->addLayout(right, 1);

    choice(left, SetupChoice::Model, QT_TR_NOOP("Mod&el"), "model");
    m_paramsB = new QDoubleSpinBox(this);
    m_paramsB->setRange(0.01, 2000);
    m_paramsB->setDecimals(2);
    m_paramsB->setSuffix(QStringLiteral(" B"));
    labelled(left, QT_TR_NOOP("Parameters (custom model)"), m_paramsB, "paramsB");
    connect(m_paramsB, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        if (!loading())
            this->form()->setCustomParamsB(v);
    });
    choice(left, SetupChoice::Precision, QT_TR_NOOP("Prec&ision"), "precision");
    choice(left, SetupChoice::Optimizer, QT_TR_NOOP("Optimi&zer"), "optimizer");
    choice(left, SetupChoice::Method, QT_TR_NOOP("Metho&d"), "method");
    m_loraRank = new QSpinBox(this);
    m_loraRank->setRange(1, 1024);
    labelled(left, QT_TR_NOOP("LoRA rank"), m_loraRank, "loraRank");
    m_microBatch = new QSpinBox(this);
    m_microBatch->setRange(1, 4096);
    labelled(left, QT_TR_NOOP("Micro-batc&h per card"), m_microBatch, "microBatch");
    m_seqLen = new QSpinBox(this);
    m_seqLen->setRange(1, 1 << 20);
    m_seqLen->setSingleStep(512);
    labelled(left, QT_TR_NOOP("Se&quence length"), m_seqLen, "seqLen");

    choice(right, SetupChoice::Checkpointing, QT_TR_NOOP("Gradient checkpointing"),
           "checkpointing");
    m_flash = new QCheckBox(this);
    labelled(right, QT_TR_NOOP("FlashAttention-2 / fused attention"), m_flash, "flashAttention");
    // Two of the memory suggestions' steps, here so that applying one shows (and can be undone).
    m_chunkedLoss = new QCheckBox(this);
    labelled(right, QT_TR_NOOP("Chunked loss"), m_chunkedLoss, "chunkedLoss");
    choice(right, SetupChoice::Framework, QT_TR_NOOP("Framework conventions"), "framework");
    choice(right, SetupChoice::GradDtype, QT_TR_NOOP("Gradient dtype"), "gradDtype");
    choice(right, SetupChoice::Sharding, QT_TR_NOOP("Data-parallel sharding"), "sharding");
    m_tp = new QSpinBox(this);
    m_tp->setRange(1, 64);
    labelled(right, QT_TR_NOOP("Tensor parallel"), m_tp, "tp");
    m_sequenceParallel = new QCheckBox(this);
    labelled(right, QT_TR_NOOP("Sequence parallel (with TP)"), m_sequenceParallel,
             "sequenceParallel");
    m_pp = new QSpinBox(this);
    m_pp->setRange(1, 128);
    labelled(right, QT_TR_NOOP("Pipeline parallel"), m_pp, "pp");
    m_gpus = new QSpinBox(this);
    m_gpus->setRange(1, 65536);
    labelled(right, QT_TR_NOOP("Cards in the job"), m_gpus, "gpus");
    // Why the count cannot be typed, beside it: a disabled field takes no focus, so a tooltip
    // never reaches a keyboard user (#17 walk).
    m_gpusWhy = lockReason(right, "gpusWhy");
    choice(right, SetupChoice::Offload, QT_TR_NOOP("CPU offload"), "offload");
    m_offloadActivations = new QCheckBox(this);
    labelled(right, QT_TR_NOOP("Offload activations"), m_offloadActivations,
             "offloadActivations");

    // Every input writes through the form; the form's change signal reloads the section.
    for (const auto &[spin, field] :
         {std::pair{m_loraRank, &TrainingSetup::loraRank},
          std::pair{m_microBatch, &TrainingSetup::microBatch},
          std::pair{m_seqLen, &TrainingSetup::seqLen}, std::pair{m_tp, &TrainingSetup::tp},
          std::pair{m_pp, &TrainingSetup::pp}, std::pair{m_gpus, &TrainingSetup::gpus}}) {
        const auto member = field;
        connect(spin, &QSpinBox::valueChanged, this, [this, member](int v) { set(member, v); });
    }
    for (const auto &[box, field] :
         {std::pair{m_flash, &TrainingSetup::flashAttention},
          std::pair{m_chunkedLoss, &TrainingSetup::chunkedLoss},
          std::pair{m_sequenceParallel, &TrainingSetup::sequenceParallel},
          std::pair{m_offloadActivations, &TrainingSetup::offloadActivations}}) {
        const auto member = field;
        connect(box, &QCheckBox::toggled, this, [this, member](bool on) { set(member, on); });
    }
}

QComboBox *TrainingSetupSection::choice(QFormLayout *layout, SetupChoice setting,
                                        const char *caption, const char *objectName)
{
    auto *combo = new QComboBox(this);
    combo->addItems(choiceLabels(setting));
    labelled(layout, caption, combo, objectName);
    connect(combo, &QComboBox::currentIndexChanged, this, [this, setting](int i) {
        if (!loading())
            form()->choose(setting, i);
    });
    m_choices.append({combo, setting});
    return combo;
}

template <typename T> void TrainingSetupSection::set(T TrainingSetup::*member, T value)
{
    if (!loading())
        form()->update([&](ResourcesGateData &d) { d.choice.setup.*member = value; });
}

void TrainingSetupSection::loadInputs()
{
    const ResourcesGateData &d = form()->data();
    const TrainingSetup &s = d.choice.setup;
    for (auto [combo, setting] : std::as_const(m_choices)) {
        const int i = form()->choiceIndex(setting);
        if (combo->currentIndex() != i)
            combo->setCurrentIndex(i);
    }
    m_paramsB->setValue(s.model.paramsB);
    m_paramsB->setEnabled(form()->isCustomModel());
    m_loraRank->setValue(s.loraRank);
    m_loraRank->setEnabled(s.method != Method::Full);
    m_microBatch->setValue(s.microBatch);
    m_seqLen->setValue(s.seqLen);
    m_flash->setChecked(s.flashAttention);
    m_chunkedLoss->setChecked(s.chunkedLoss);
    m_offloadActivations->setChecked(s.offloadActivations);
    m_sequenceParallel->setChecked(s.sequenceParallel);
    m_sequenceParallel->setEnabled(s.tp > 1 || s.sequenceParallel);
    m_tp->setValue(s.tp);
    m_pp->setValue(s.pp);
    m_gpus->setValue(form()->effectiveSetup().gpus);
}

void TrainingSetupSection::refresh()
{
    // The instance type fixes the card count; the form says why and how to change it.
    const QString why = form()->cardCountLock();
    m_gpus->setEnabled(why.isEmpty());
    showLockReason(m_gpus, m_gpusWhy, why);
}

void TrainingSetupSection::retranslate()
{
    for (auto [combo, setting] : std::as_const(m_choices)) {
        const QStringList labels = choiceLabels(setting);
        for (int i = 0; i < labels.size(); ++i)
            combo->setItemText(i, labels[i]);
    }
    m_flash->setText(tr("on"));
    m_chunkedLoss->setText(tr("on"));
    m_chunkedLoss->setToolTip(tr("Cross-entropy over chunks of the logits: no full fp32 copy "
                                 "of them (LitGPT and torchtune do it by default)."));
    m_offloadActivations->setText(tr("on"));
    m_offloadActivations->setToolTip(tr("Saved activations go to CPU memory as the forward "
                                        "pass runs and come back a layer at a time."));
    m_sequenceParallel->setText(tr("on"));
}

} // namespace onramp
