#include "ResourcesPage.h"

#include "charts/ChartKit.h"

#include "GateForm.h"
#include "ResourcesForm.h"
#include "StateStore.h"
#include "widgets/Banner.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

namespace onramp {

namespace {

// Where a card's numbers come from, in the user's language.
QString confidenceText(const QString &confidence)
{
    if (confidence == QLatin1String("datasheet"))
        return ResourcesPage::tr("datasheet");
    if (confidence == QLatin1String("secondary"))
        return ResourcesPage::tr("secondary source");
    if (confidence == QLatin1String("unofficial"))
        return ResourcesPage::tr("unofficial");
    return confidence;
}

} // namespace

namespace {

constexpr double kGiB = double(1ull << 30);

} // namespace

ResourcesPage::ResourcesPage(StateStore *store, QWidget *parent)
    : FormGatePage(GateId::Resources, store, parent), m_form(new ResourcesForm(store, this))
{
    form()->setLocalFindings([this] { return m_form->scanFindings(); });
}

void ResourcesPage::buildContent(QVBoxLayout *content)
{
    QWidget *host = content->parentWidget() ? content->parentWidget() : this;

    // 1. Model and training setup.
    auto *setupBox = group(host, "setupGroup", QT_TR_NOOP("1. Model and training setup"));
    auto *columns = new QHBoxLayout(setupBox);
    auto *setupForm = new QFormLayout;
    auto *setupForm2 = new QFormLayout;
    columns->addLayout(setupForm, 1);
    columns->addSpacing(16);
    columns->addLayout(setupForm2, 1);
    m_model = new QComboBox(setupBox);
    for (const ModelSpec &m : modelCatalog())
        m_model->addItem(m.name, m.key);
    m_model->addItem(QString(), QStringLiteral("custom"));
    labelled(setupForm, QT_TR_NOOP("Mod&el"), m_model, "model");
    m_paramsB = new QDoubleSpinBox(setupBox);
    m_paramsB->setRange(0.01, 2000);
    m_paramsB->setDecimals(2);
    m_paramsB->setSuffix(QStringLiteral(" B"));
    labelled(setupForm, QT_TR_NOOP("Parameters (custom model)"), m_paramsB, "paramsB");
    m_precision = new QComboBox(setupBox);
    for (const char *p : {"fp32", "bf16", "fp16", "bf16-mixed", "fp16-mixed", "fp8"})
        m_precision->addItem(QLatin1String(p));
    labelled(setupForm, QT_TR_NOOP("Pre&cision"), m_precision, "precision");
    m_optimizer = new QComboBox(setupBox);
    for (const char *o : {"AdamW", "8-bit Adam", "SGD + momentum", "Adafactor"})
        m_optimizer->addItem(QLatin1String(o));
    labelled(setupForm, QT_TR_NOOP("Optimi&zer"), m_optimizer, "optimizer");
    m_method = new QComboBox(setupBox);
    m_method->addItems({QString(), QStringLiteral("LoRA"), QStringLiteral("QLoRA")});
    labelled(setupForm, QT_TR_NOOP("Metho&d"), m_method, "method");
    m_loraRank = new QSpinBox(setupBox);
    m_loraRank->setRange(1, 1024);
    labelled(setupForm, QT_TR_NOOP("LoRA rank"), m_loraRank, "loraRank");
    m_microBatch = new QSpinBox(setupBox);
    m_microBatch->setRange(1, 4096);
    labelled(setupForm, QT_TR_NOOP("Micro-batc&h per card"), m_microBatch, "microBatch");
    m_seqLen = new QSpinBox(setupBox);
    m_seqLen->setRange(1, 1 << 20);
    m_seqLen->setSingleStep(512);
    labelled(setupForm, QT_TR_NOOP("&Sequence length"), m_seqLen, "seqLen");
    m_checkpointing = new QComboBox(setupBox);
    m_checkpointing->addItems({QString(), QString(), QString()});
    labelled(setupForm2, QT_TR_NOOP("Grad&ient checkpointing"), m_checkpointing, "checkpointing");
    m_flash = new QCheckBox(setupBox);
    labelled(setupForm2, QT_TR_NOOP("FlashAttention-2 / fused attention"), m_flash,
             "flashAttention");
    m_framework = new QComboBox(setupBox);
    for (const FrameworkConvention &f : frameworkConventions())
        m_framework->addItem(QLatin1String(f.name), QLatin1String(f.key));
    labelled(setupForm2, QT_TR_NOOP("F&ramework conventions"), m_framework, "framework");
    m_gradDtype = new QComboBox(setupBox);
    m_gradDtype->addItems(
        {QString(), QStringLiteral("fp32"), QStringLiteral("bf16"), QStringLiteral("fp16")});
    labelled(setupForm2, QT_TR_NOOP("Gradient dtype"), m_gradDtype, "gradDtype");
    m_sharding = new QComboBox(setupBox);
    m_sharding->addItems({QStringLiteral("DDP"), QStringLiteral("ZeRO-1"), QStringLiteral("ZeRO-2"),
                          QStringLiteral("ZeRO-3"), QStringLiteral("FSDP")});
    labelled(setupForm2, QT_TR_NOOP("Data-parallel sharding"), m_sharding, "sharding");
    m_tp = new QSpinBox(setupBox);
    m_tp->setRange(1, 64);
    labelled(setupForm2, QT_TR_NOOP("Tensor parallel"), m_tp, "tp");
    m_sequenceParallel = new QCheckBox(setupBox);
    labelled(setupForm2, QT_TR_NOOP("Sequence parallel (with TP)"), m_sequenceParallel,
             "sequenceParallel");
    m_pp = new QSpinBox(setupBox);
    m_pp->setRange(1, 128);
    labelled(setupForm2, QT_TR_NOOP("Pipeline parallel"), m_pp, "pp");
    m_gpus = new QSpinBox(setupBox);
    m_gpus->setRange(1, 65536);
    labelled(setupForm2, QT_TR_NOOP("Cards in the job"), m_gpus, "gpus");
    m_offload = new QComboBox(setupBox);
    m_offload->addItems({QString(), QString(), QString()});
    labelled(setupForm2, QT_TR_NOOP("CPU offload"), m_offload, "offload");
    content->addWidget(setupBox);

    // 2. Memory per card.
    auto *memBox = group(host, "memoryGroup", QT_TR_NOOP("2. Memory per card"));
    auto *memLayout = new QVBoxLayout(memBox);
    auto *cardForm = new QFormLayout;
    m_card = new QComboBox(memBox);
    for (const CardSpec &c : cardCatalog())
        m_card->addItem(c.name, c.key);
    labelled(cardForm, QT_TR_NOOP("Judge against card"), m_card, "card");
    memLayout->addLayout(cardForm);
    m_chart = charts::makeBars(memBox);
    m_chart->widget()->setObjectName(QStringLiteral("memoryChart"));
    m_chart->widget()->setMinimumHeight(150);
    memLayout->addWidget(m_chart->widget());
    m_total = new QLabel(memBox);
    m_total->setObjectName(QStringLiteral("memoryTotal"));
    m_total->setWordWrap(true);
    m_total->setTextInteractionFlags(Qt::TextSelectableByMouse);
    memLayout->addWidget(m_total);
    m_verdict = new QLabel(memBox);
    m_verdict->setObjectName(QStringLiteral("memoryVerdict"));
    QFont bold = m_verdict->font();
    bold.setBold(true);
    m_verdict->setFont(bold);
    memLayout->addWidget(m_verdict);
    m_suggestions = new QListWidget(memBox);
    m_suggestions->setObjectName(QStringLiteral("suggestions"));
    m_suggestions->setMaximumHeight(110);
    memLayout->addWidget(m_suggestions);
    content->addWidget(memBox);

    // 3. Cards needed per card type.
    auto *countBox = group(host, "cardsGroup", QT_TR_NOOP("3. Smallest card count per card type"));
    auto *countLayout = new QVBoxLayout(countBox);
    m_cardsNeeded = new QTableWidget(int(cardCatalog().size()), 4, countBox);
    m_cardsNeeded->setObjectName(QStringLiteral("cardsNeeded"));
    m_cardsNeeded->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_cardsNeeded->verticalHeader()->hide();
    m_cardsNeeded->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_cardsNeeded->setMinimumHeight(260);
    countLayout->addWidget(m_cardsNeeded);
    content->addWidget(countBox);

    // 4. Throughput → card count → card-hours.
    auto *tpBox = group(host, "throughputGroup", QT_TR_NOOP("4. Throughput and card-hours"));
    auto *tpForm = new QFormLayout(tpBox);
    m_measured = new QDoubleSpinBox(tpBox);
    m_measured->setRange(0, 1e9);
    m_measured->setDecimals(0);
    labelled(tpForm, QT_TR_NOOP("Measured tokens/s (0 = estimate from FLOPs)"), m_measured,
             "measuredTokensPerSecond");
    m_measuredCards = new QSpinBox(tpBox);
    m_measuredCards->setRange(1, 4096);
    labelled(tpForm, QT_TR_NOOP("…measured on cards"), m_measuredCards, "measuredCards");
    m_efficiency = new QDoubleSpinBox(tpBox);
    m_efficiency->setRange(0.5, 1.0);
    m_efficiency->setSingleStep(0.01);
    labelled(tpForm, QT_TR_NOOP("Scaling efficiency per doubling"), m_efficiency, "efficiency");
    m_mfu = new QDoubleSpinBox(tpBox);
    m_mfu->setRange(0.05, 0.9);
    m_mfu->setSingleStep(0.01);
    labelled(tpForm, QT_TR_NOOP("Model FLOPs utilisation (estimate)"), m_mfu, "mfu");
    m_workload = new QDoubleSpinBox(tpBox);
    m_workload->setRange(0, 1e6);
    m_workload->setDecimals(3);
    m_workload->setSuffix(QStringLiteral(" B tokens"));
    labelled(tpForm, QT_TR_NOOP("Workload (tokens × epochs)"), m_workload, "workloadTokens");
    m_targetHours = new QDoubleSpinBox(tpBox);
    m_targetHours->setRange(0, 1e5);
    m_targetHours->setSuffix(QStringLiteral(" h"));
    labelled(tpForm, QT_TR_NOOP("Finish within"), m_targetHours, "targetHours");
    m_throughputResult = new QLabel(tpBox);
    m_throughputResult->setObjectName(QStringLiteral("throughputResult"));
    m_throughputResult->setWordWrap(true);
    tpForm->addRow(m_throughputResult);
    m_feedQuota = new QPushButton(tpBox);
    m_feedQuota->setObjectName(QStringLiteral("feedQuota"));
    m_feedQuota->setAutoDefault(false);
    tpForm->addRow(m_feedQuota);
    content->addWidget(tpBox);

    // 5. Instance type and image, chosen together.
    auto *instBox = group(host, "instanceGroup", QT_TR_NOOP("5. Instance type and image"));
    auto *instForm = new QFormLayout(instBox);
    m_instance = new QComboBox(instBox);
    m_instance->addItem(QString(), QString());
    for (const InstanceType &t : builtinInstances())
        m_instance->addItem(t.name, t.key);
    labelled(instForm, QT_TR_NOOP("Instance &type"), m_instance, "instance");
    m_image = new QComboBox(instBox);
    m_image->addItem(QString(), QString());
    for (const TrainingImage &i : builtinImages())
        m_image->addItem(QStringLiteral("%1 %2").arg(i.name, i.version), i.key);
    labelled(instForm, QT_TR_NOOP("I&mage"), m_image, "image");
    m_requirement = new QLineEdit(instBox);
    m_requirement->setPlaceholderText(QStringLiteral("torch>=2.1"));
    labelled(instForm, QT_TR_NOOP("Your code needs"), m_requirement, "codeRequirement");
    m_zone = new QLineEdit(instBox);
    labelled(instForm, QT_TR_NOOP("Instance zone"), m_zone, "instanceZone");
    m_environment = new QLabel(instBox);
    m_environment->setObjectName(QStringLiteral("environmentRecord"));
    m_environment->setWordWrap(true);
    m_environment->setTextInteractionFlags(Qt::TextSelectableByMouse);
    instForm->addRow(m_environment);
    content->addWidget(instBox);

    // 6. Storage plan.
    auto *storeBox = group(host, "storageGroup", QT_TR_NOOP("6. Storage plan"));
    auto *storeForm = new QFormLayout(storeBox);
    m_dataPath = new QLineEdit(storeBox);
    m_dataPath->setPlaceholderText(QStringLiteral("/mnt/data"));
    labelled(storeForm, QT_TR_NOOP("D&ata path (mounted)"), m_dataPath, "dataPath");
    m_dataReadOnly = new QCheckBox(storeBox);
    labelled(storeForm, QT_TR_NOOP("Mount data read-only"), m_dataReadOnly, "dataReadOnly");
    m_outputPath = new QLineEdit(storeBox);
    m_outputPath->setPlaceholderText(QStringLiteral("/mnt/output"));
    labelled(storeForm, QT_TR_NOOP("Output path (writable, persistent)"), m_outputPath,
             "outputPath");
    m_scratchPath = new QLineEdit(storeBox);
    m_scratchPath->setPlaceholderText(QStringLiteral("/local/scratch"));
    labelled(storeForm, QT_TR_NOOP("Scratch path (local disk)"), m_scratchPath, "scratchPath");
    m_scan = new QPushButton(storeBox);
    m_scan->setObjectName(QStringLiteral("scanDataset"));
    m_scan->setAutoDefault(false);
    m_scanResult = new QLabel(storeBox);
    m_scanResult->setObjectName(QStringLiteral("scanResult"));
    m_scanResult->setWordWrap(true);
    storeForm->addRow(m_scan, m_scanResult);
    content->addWidget(storeBox);

    // Findings of the whole gate.
    auto *findBox = group(host, "findingsGroup", QT_TR_NOOP("Findings"));
    auto *findLayout = new QVBoxLayout(findBox);
    m_findings = findingsList(findBox);
    findLayout->addWidget(m_findings);
    content->addWidget(findBox);

    loadFromForm();

    // Every input writes through the form; the form's change signal repaints the results.
    const auto setup = [this](auto member, auto value) {
        if (m_loading)
            return;
        m_form->update([&](ResourcesGateData &d) { d.choice.setup.*member = value; });
    };
    connect(m_model, &QComboBox::currentIndexChanged, this, [this] {
        if (m_loading)
            return;
        const QString key = m_model->currentData().toString();
        m_form->update([&](ResourcesGateData &d) {
            d.modelPicked = true; // from now on gate 1's model no longer decides
            if (auto m = findModel(key))
                d.choice.setup.model = *m;
            else
                d.choice.setup.model = modelFromParams(m_paramsB->value());
        });
    });
    connect(m_paramsB, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        if (m_loading || m_model->currentData().toString() != QLatin1String("custom"))
            return;
        m_form->update([&](ResourcesGateData &d) { d.choice.setup.model = modelFromParams(v); });
    });
    connect(m_precision, &QComboBox::currentIndexChanged, this,
            [=](int i) { setup(&TrainingSetup::precision, Precision(i)); });
    connect(m_optimizer, &QComboBox::currentIndexChanged, this,
            [=](int i) { setup(&TrainingSetup::optimizer, Optimizer(i)); });
    connect(m_method, &QComboBox::currentIndexChanged, this,
            [=](int i) { setup(&TrainingSetup::method, Method(i)); });
    connect(m_loraRank, &QSpinBox::valueChanged, this,
            [=](int v) { setup(&TrainingSetup::loraRank, v); });
    connect(m_microBatch, &QSpinBox::valueChanged, this,
            [=](int v) { setup(&TrainingSetup::microBatch, v); });
    connect(m_seqLen, &QSpinBox::valueChanged, this,
            [=](int v) { setup(&TrainingSetup::seqLen, v); });
    connect(m_checkpointing, &QComboBox::currentIndexChanged, this,
            [=](int i) { setup(&TrainingSetup::checkpointing, Checkpointing(i)); });
    connect(m_flash, &QCheckBox::toggled, this,
            [=](bool on) { setup(&TrainingSetup::flashAttention, on); });
    connect(m_sharding, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (m_loading)
            return;
        m_form->update([&](ResourcesGateData &d) {
            d.choice.setup.fsdp = i == 4;
            d.choice.setup.zeroStage = i == 4 ? 3 : i;
        });
    });
    connect(m_framework, &QComboBox::currentIndexChanged, this,
            [=](int i) { setup(&TrainingSetup::framework, Framework(i)); });
    connect(m_gradDtype, &QComboBox::currentIndexChanged, this,
            [=](int i) { setup(&TrainingSetup::gradDtype, GradDtype(i)); });
    connect(m_sequenceParallel, &QCheckBox::toggled, this,
            [=](bool on) { setup(&TrainingSetup::sequenceParallel, on); });
    connect(m_tp, &QSpinBox::valueChanged, this, [=](int v) { setup(&TrainingSetup::tp, v); });
    connect(m_pp, &QSpinBox::valueChanged, this, [=](int v) { setup(&TrainingSetup::pp, v); });
    connect(m_gpus, &QSpinBox::valueChanged, this, [=](int v) { setup(&TrainingSetup::gpus, v); });
    connect(m_offload, &QComboBox::currentIndexChanged, this,
            [=](int i) { setup(&TrainingSetup::offload, Offload(i)); });
    connect(m_card, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_loading)
            m_form->update(
                [&](ResourcesGateData &d) { d.cardKey = m_card->currentData().toString(); });
    });
    const auto plan = [this](auto member, auto value) {
        if (!m_loading)
            m_form->update([&](ResourcesGateData &d) { d.throughput.*member = value; });
    };
    connect(m_measured, &QDoubleSpinBox::valueChanged, this,
            [=](double v) { plan(&ThroughputPlan::measuredTokensPerSecond, v); });
    connect(m_measuredCards, &QSpinBox::valueChanged, this,
            [=](int v) { plan(&ThroughputPlan::measuredCards, v); });
    connect(m_efficiency, &QDoubleSpinBox::valueChanged, this,
            [=](double v) { plan(&ThroughputPlan::efficiencyPerDoubling, v); });
    connect(m_mfu, &QDoubleSpinBox::valueChanged, this,
            [=](double v) { plan(&ThroughputPlan::mfu, v); });
    connect(m_workload, &QDoubleSpinBox::valueChanged, this,
            [=](double v) { plan(&ThroughputPlan::workloadTokens, v * 1e9); });
    connect(m_targetHours, &QDoubleSpinBox::valueChanged, this,
            [=](double v) { plan(&ThroughputPlan::targetHours, v); });
    connect(m_feedQuota, &QPushButton::clicked, m_form, &ResourcesForm::feedQuota);
    const auto choice = [this](auto member, auto value) {
        if (!m_loading)
            m_form->update([&](ResourcesGateData &d) { d.choice.*member = value; });
    };
    connect(m_instance, &QComboBox::currentIndexChanged, this, [this, choice] {
        choice(&ResourceChoice::instance, m_instance->currentData().toString());
    });
    connect(m_image, &QComboBox::currentIndexChanged, this,
            [this, choice] { choice(&ResourceChoice::image, m_image->currentData().toString()); });
    connect(m_requirement, &QLineEdit::textEdited, this,
            [=](const QString &t) { choice(&ResourceChoice::codeRequirement, t); });
    connect(m_zone, &QLineEdit::textEdited, this,
            [=](const QString &t) { choice(&ResourceChoice::instanceZone, t); });
    connect(m_dataPath, &QLineEdit::textEdited, this,
            [=](const QString &t) { choice(&ResourceChoice::dataPath, t); });
    connect(m_dataReadOnly, &QCheckBox::toggled, this,
            [=](bool on) { choice(&ResourceChoice::dataReadOnly, on); });
    connect(m_outputPath, &QLineEdit::textEdited, this,
            [=](const QString &t) { choice(&ResourceChoice::outputPath, t); });
    connect(m_scratchPath, &QLineEdit::textEdited, this,
            [=](const QString &t) { choice(&ResourceChoice::scratchPath, t); });
    connect(m_scan, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Choose the local dataset"));
        if (!dir.isEmpty())
            m_form->scanDataset(dir);
    });
    connect(m_form, &ResourcesForm::changed, this, [this] {
        loadFromForm();
        refresh();
    });
    setBuilt();
    retranslateForm();
}

void ResourcesPage::loadFromForm()
{
    m_loading = true;
    const ResourcesGateData &d = m_form->data();
    const TrainingSetup &s = d.choice.setup;
    const auto setCombo = [](QComboBox *c, int i) {
        if (c->currentIndex() != i)
            c->setCurrentIndex(i);
    };
    const int model = m_model->findData(s.model.key);
    setCombo(m_model, model >= 0 ? model : m_model->count() - 1);
    m_paramsB->setValue(s.model.paramsB);
    m_paramsB->setEnabled(model < 0 || s.model.key == QLatin1String("custom"));
    setCombo(m_precision, int(s.precision));
    setCombo(m_optimizer, int(s.optimizer));
    setCombo(m_method, int(s.method));
    m_loraRank->setValue(s.loraRank);
    m_loraRank->setEnabled(s.method != Method::Full);
    m_microBatch->setValue(s.microBatch);
    m_seqLen->setValue(s.seqLen);
    setCombo(m_checkpointing, int(s.checkpointing));
    m_flash->setChecked(s.flashAttention);
    setCombo(m_framework, std::max(0, m_framework->findData(frameworkKey(s.framework))));
    setCombo(m_gradDtype, int(s.gradDtype));
    m_sequenceParallel->setChecked(s.sequenceParallel);
    m_sequenceParallel->setEnabled(s.tp > 1 || s.sequenceParallel);
    setCombo(m_sharding, s.fsdp ? 4 : s.zeroStage);
    m_tp->setValue(s.tp);
    m_pp->setValue(s.pp);
    m_gpus->setValue(m_form->effectiveSetup().gpus);
    m_gpus->setEnabled(d.choice.instance.isEmpty()); // the instance type fixes the card count
    setCombo(m_offload, int(s.offload));
    setCombo(m_card, std::max(0, m_card->findData(d.cardKey)));
    m_card->setEnabled(d.choice.instance.isEmpty());
    m_measured->setValue(d.throughput.measuredTokensPerSecond);
    m_measuredCards->setValue(d.throughput.measuredCards);
    m_efficiency->setValue(d.throughput.efficiencyPerDoubling);
    m_mfu->setValue(d.throughput.mfu);
    m_workload->setValue(d.throughput.workloadTokens / 1e9);
    m_targetHours->setValue(d.throughput.targetHours);
    setCombo(m_instance, std::max(0, m_instance->findData(d.choice.instance)));
    setCombo(m_image, std::max(0, m_image->findData(d.choice.image)));
    for (auto [edit, value] :
         {std::pair{m_requirement, d.choice.codeRequirement},
          std::pair{m_zone, d.choice.instanceZone}, std::pair{m_dataPath, d.choice.dataPath},
          std::pair{m_outputPath, d.choice.outputPath},
          std::pair{m_scratchPath, d.choice.scratchPath}}) {
        if (edit->text() != value)
            edit->setText(value);
    }
    m_dataReadOnly->setChecked(d.choice.dataReadOnly);
    m_loading = false;
}

void ResourcesPage::retranslateForm()
{
    m_model->setItemText(m_model->count() - 1, tr("Custom (parameter count)"));
    m_method->setItemText(0, tr("Full fine-tuning / pre-training"));
    m_optimizer->setItemText(int(Optimizer::Sgd), tr("SGD with momentum"));
    m_checkpointing->setItemText(0, tr("None"));
    m_checkpointing->setItemText(1, tr("Selective"));
    m_checkpointing->setItemText(2, tr("Full"));
    m_offload->setItemText(0, tr("None"));
    m_offload->setItemText(1, tr("Optimizer state"));
    m_offload->setItemText(2, tr("Optimizer state and weights"));
    m_instance->setItemText(0, tr("(choose)"));
    m_image->setItemText(0, tr("(choose)"));
    m_flash->setText(tr("on"));
    m_sequenceParallel->setText(tr("on"));
    m_gradDtype->setItemText(0, tr("The framework's own"));
    m_dataReadOnly->setText(tr("yes"));
    m_cardsNeeded->setHorizontalHeaderLabels(
        {tr("Card"), tr("Memory"), tr("Cards needed"), tr("Source quality")});
    m_feedQuota->setText(tr("Use these cards and hours in the &quota derivation (gate 3)"));
    m_feedQuota->setAccessibleName(tr("Use in quota derivation"));
    m_scan->setText(tr("Scan a local dataset…"));
    m_scan->setAccessibleName(tr("Scan a local dataset"));
    m_suggestions->setAccessibleName(tr("What to change"));
    m_cardsNeeded->setAccessibleName(tr("Cards needed per card type"));
    refresh();
}

void ResourcesPage::refresh()
{
    if (!isBuilt())
        return;
    const MemoryBreakdown m = m_form->memory();
    const CardSpec card = m_form->card();
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
    const Verdict v = m_form->verdict();
    const auto unsupported = m_form->unsupported();
    m_verdict->setText(unsupported ? unsupported->text() : verdictText(v));
    m_verdict->setWordWrap(true);
    QPalette pal = m_verdict->palette();
    pal.setColor(QPalette::WindowText, v == Verdict::Fits    ? QColor(0x1b, 0x7f, 0x3b)
                                       : v == Verdict::Tight ? QColor(0xa0, 0x5a, 0x00)
                                                             : QColor(0xb3, 0x26, 0x1e));
    m_verdict->setPalette(pal);
    m_suggestions->clear();
    if (v == Verdict::DoesNotFit) {
        for (const Suggestion &s : MemoryEstimator::suggestions(m_form->effectiveSetup(), card))
            m_suggestions->addItem(
                QStringLiteral("%1 %2 → %3 GiB (%4)")
                    .arg(s.fits ? QStringLiteral("✔") : QStringLiteral("·"), s.change)
                    .arg(s.totalGiB, 0, 'f', 1)
                    .arg(
                        tr("saves %1 GiB; speed: %2").arg(s.savedGiB, 0, 'f', 1).arg(s.speedCost)));
    }
    m_suggestions->setVisible(v == Verdict::DoesNotFit);

    int row = 0;
    for (const CardSpec &c : cardCatalog()) {
        const int n = m_form->cardsNeeded(c);
        const QStringList cells = {c.name, QStringLiteral("%1 GB").arg(c.memory.gib),
                                   n < 0   ? tr("not supported")
                                   : n > 0 ? QString::number(n)
                                           : tr("does not fit"),
                                   confidenceText(c.confidence)};
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

    const auto t = m_form->throughput();
    if (t) {
        m_throughputResult->setText(
            tr("%1 cards finish in %2 h: %3 card-hours. Per card %4 tokens/s%5.")
                .arg(t->cards)
                .arg(t->hours, 0, 'f', 1)
                .arg(t->cardHours, 0, 'f', 0)
                .arg(t->perCardTokensPerSecond, 0, 'f', 0)
                .arg(t->estimated
                         ? tr(" — an estimate from FLOPs; measure a small run to replace it")
                         : QString()));
    } else {
        m_throughputResult->setText(t.error().message);
    }
    m_feedQuota->setEnabled(t.has_value());

    const auto &env = m_form->data().environment;
    m_environment->setText(env.image.isEmpty()
                               ? tr("Choose an image to record its version and digest.")
                               : tr("Recorded for the run spec: %1 %2 (%3), %4 %5, %6 %7, "
                                    "driver %8")
                                     .arg(env.image, env.imageVersion,
                                          env.imageDigest.isEmpty()
                                              ? tr("digest unknown; the provider supplies it")
                                              : env.imageDigest.left(19),
                                          env.framework, env.frameworkVersion, env.accelerator,
                                          env.acceleratorVersion, env.driver));
    if (m_form->isScanning()) {
        m_scanResult->setText(tr("Scanning…"));
    } else if (auto scan = m_form->lastScan()) {
        m_scanResult->setText(tr("%1 files, %2 GB, %3 % under 64 KiB. Upload with %4.")
                                  .arg(scan->files)
                                  .arg(scan->bytes / 1e9, 0, 'f', 2)
                                  .arg(scan->smallFileShare() * 100, 0, 'f', 0)
                                  .arg(uploadRoute(scan->bytes) == UploadRoute::Console
                                           ? tr("the console (up to tens of GB)")
                                           : tr("the batch transfer tool")));
    } else {
        m_scanResult->setText(tr("Scan a local copy to choose between console upload and the "
                                 "batch transfer tool."));
    }
    m_scan->setEnabled(!m_form->isScanning());

    showFindings(m_findings, m_form->findings(),
                 tr("No findings: the instance, image and storage plan fit together."));
}

} // namespace onramp
