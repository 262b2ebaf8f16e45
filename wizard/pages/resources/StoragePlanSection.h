#pragma once

#include "ResourcesSection.h"

class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace onramp {

// 6. The storage plan: where data, output and scratch are mounted, and a scan of a local copy
// of the dataset that chooses the upload route.
class StoragePlanSection : public ResourcesSection
{
    Q_OBJECT
public:
    StoragePlanSection(ResourcesForm *form, QWidget *parent);

protected:
    void loadInputs() override;
    void refresh() override;
    void retranslate() override;

private:
    QLineEdit *m_dataPath = nullptr;
    QCheckBox *m_dataReadOnly = nullptr;
    QLineEdit *m_outputPath = nullptr;
    QLineEdit *m_scratchPath = nullptr;
    QPushButton *m_scan = nullptr;
    QLabel *m_scanResult = nullptr;
};

} // namespace onramp
