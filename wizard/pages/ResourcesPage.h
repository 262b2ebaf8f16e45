#pragma once

#include "FormGatePage.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace onramp {

namespace charts {
class Bars;
}

class ResourcesForm;

// Gate 4, top to bottom in the guides' order: model and training setup → memory per card and
// verdict → cards needed per card type → throughput and card-hours → instance type and image
// with their compatibility → storage plan. Everything recomputes as the user types; the
// estimator takes microseconds, and only the dataset scan runs off the GUI thread.
class ResourcesPage : public FormGatePage
{
    Q_OBJECT
public:
    ResourcesPage(StateStore *store, QWidget *parent = nullptr);
    ResourcesForm *resources() const { return m_form; }

protected:
    void buildContent(QVBoxLayout *content) override;
    void retranslateForm() override;

private:
    void refresh();
    void loadFromForm();

    ResourcesForm *m_form;
    bool m_loading = false;

    // Setup.
    QComboBox *m_model = nullptr;
    QDoubleSpinBox *m_paramsB = nullptr;
    QComboBox *m_precision = nullptr;
    QComboBox *m_optimizer = nullptr;
    QComboBox *m_method = nullptr;
    QSpinBox *m_loraRank = nullptr;
    QSpinBox *m_microBatch = nullptr;
    QSpinBox *m_seqLen = nullptr;
    QComboBox *m_checkpointing = nullptr;
    QCheckBox *m_flash = nullptr;
    QComboBox *m_sharding = nullptr;
    QComboBox *m_framework = nullptr;
    QComboBox *m_gradDtype = nullptr;
    QCheckBox *m_sequenceParallel = nullptr;
    QSpinBox *m_tp = nullptr;
    QSpinBox *m_pp = nullptr;
    QSpinBox *m_gpus = nullptr;
    QComboBox *m_offload = nullptr;
    // Memory.
    QComboBox *m_card = nullptr;
    charts::Bars *m_chart = nullptr; // a child widget
    QLabel *m_total = nullptr;
    QLabel *m_verdict = nullptr;
    QListWidget *m_suggestions = nullptr;
    QTableWidget *m_cardsNeeded = nullptr;
    // Throughput.
    QDoubleSpinBox *m_measured = nullptr;
    QSpinBox *m_measuredCards = nullptr;
    QDoubleSpinBox *m_efficiency = nullptr;
    QDoubleSpinBox *m_mfu = nullptr;
    QDoubleSpinBox *m_workload = nullptr;
    QDoubleSpinBox *m_targetHours = nullptr;
    QLabel *m_throughputResult = nullptr;
    QPushButton *m_feedQuota = nullptr;
    // Instance and image.
    QComboBox *m_instance = nullptr;
    QComboBox *m_image = nullptr;
    QLineEdit *m_requirement = nullptr;
    QLineEdit *m_zone = nullptr;
    QLabel *m_environment = nullptr;
    // Storage.
    QLineEdit *m_dataPath = nullptr;
    QCheckBox *m_dataReadOnly = nullptr;
    QLineEdit *m_outputPath = nullptr;
    QLineEdit *m_scratchPath = nullptr;
    QPushButton *m_scan = nullptr;
    QLabel *m_scanResult = nullptr;
    // Findings.
    QListWidget *m_findings = nullptr;
};

} // namespace onramp
