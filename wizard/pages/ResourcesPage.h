#pragma once

#include "FormGatePage.h"

#include <optional>

class QListWidget;

namespace onramp {

class ResourcesForm;

// Gate 4, top to bottom in the guides' order: model and training setup → memory per card and
// verdict → cards needed per card type → throughput and card-hours → instance type and image
// with their compatibility → storage plan (one section each, in resources/), then the gate's
// findings. Everything recomputes as the user types; the estimator takes microseconds, and
// only the dataset scan runs off the GUI thread.
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

    ResourcesForm *m_form;
    QListWidget *m_findings = nullptr;
    std::optional<QString> m_plan; // what Create sends, as last seen
};

} // namespace onramp
