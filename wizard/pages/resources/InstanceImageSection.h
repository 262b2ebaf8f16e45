#pragma once

#include "ResourcesSection.h"

class QComboBox;
class QLabel;
class QLineEdit;

namespace onramp {

// 5. The instance type and the image, chosen together, and the environment the run spec
// records from them.
class InstanceImageSection : public ResourcesSection
{
    Q_OBJECT
public:
    InstanceImageSection(ResourcesForm *form, QWidget *parent);

protected:
    void loadInputs() override;
    void refresh() override;
    void retranslate() override;

private:
    QComboBox *m_instance = nullptr;
    QComboBox *m_image = nullptr;
    QLineEdit *m_requirement = nullptr;
    QLineEdit *m_zone = nullptr;
    QLabel *m_environment = nullptr;
};

} // namespace onramp
