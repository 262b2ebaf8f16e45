#pragma once

#include "ResourcesSection.h"

class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace onramp {

struct ThroughputPlan;

// 4. Throughput → card count → card-hours, and the button that hands the cards and hours to
// gate 3's quota derivation.
class ThroughputSection : public ResourcesSection
{
    Q_OBJECT
public:
    ThroughputSection(ResourcesForm *form, QWidget *parent);

protected:
    void loadInputs() override;
    void refresh() override;
    void retranslate() override;

private:
    template <typename T> void set(T ThroughputPlan::*member, T value);
    // "Use these cards and hours": on a passed gate 3, after a confirmation (Cancel default).
    void feedQuota();

    QDoubleSpinBox *m_measured = nullptr;
    QSpinBox *m_measuredCards = nullptr;
    QDoubleSpinBox *m_efficiency = nullptr;
    QDoubleSpinBox *m_mfu = nullptr;
    QDoubleSpinBox *m_workload = nullptr; // in billions of tokens
    QDoubleSpinBox *m_targetHours = nullptr;
    QLabel *m_result = nullptr;
    QPushButton *m_feedQuota = nullptr;
};

} // namespace onramp
