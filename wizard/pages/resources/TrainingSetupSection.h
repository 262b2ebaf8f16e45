#pragma once

#include "ResourcesSection.h"
#include "SetupChoices.h"

#include <QList>

#include <utility>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QSpinBox;

namespace onramp {

struct TrainingSetup;

// 1. The model and how it trains: what the memory estimate is made of. Two columns of inputs;
// the list settings are positions in the form's SetupChoice lists.
class TrainingSetupSection : public ResourcesSection
{
    Q_OBJECT
public:
    TrainingSetupSection(ResourcesForm *form, QWidget *parent);

protected:
    void loadInputs() override;
    void refresh() override;
    void retranslate() override;

private:
    QComboBox *choice(QFormLayout *layout, SetupChoice setting, const char *caption,
                      const char *objectName);
    template <typename T> void set(T TrainingSetup::*member, T value);

    QList<std::pair<QComboBox *, SetupChoice>> m_choices;
    QDoubleSpinBox *m_paramsB = nullptr;
    QSpinBox *m_loraRank = nullptr;
    QSpinBox *m_microBatch = nullptr;
    QSpinBox *m_seqLen = nullptr;
    QCheckBox *m_flash = nullptr;
    QCheckBox *m_chunkedLoss = nullptr;
    QCheckBox *m_offloadActivations = nullptr;
    QSpinBox *m_tp = nullptr;
    QCheckBox *m_sequenceParallel = nullptr;
    QSpinBox *m_pp = nullptr;
    QSpinBox *m_gpus = nullptr;
    QLabel *m_gpusWhy = nullptr;
};

} // namespace onramp
