#pragma once

#include "GateTypes.h"

#include <QWizardPage>

class QVBoxLayout;

namespace onramp {

class Banner;
class GateForm;
class StateStore;

// One gate: its card (definition, status, recording) and the area the gate's own forms fill.
// Next is allowed only when the following gate's entry condition is met.
class GatePage : public QWizardPage
{
    Q_OBJECT
public:
    GatePage(GateId gate, StateStore *store, QWidget *parent = nullptr);

    GateId gate() const { return m_gate; }
    GateForm *form() const { return m_form; }
    QVBoxLayout *contentLayout() const { return m_content; }

    void initializePage() override;
    bool isComplete() const override;
    bool validatePage() override;

protected:
    void changeEvent(QEvent *e) override;

private:
    void retranslate();
    void refresh();
    QString refusal() const; // empty when Next may proceed

    GateId m_gate;
    StateStore *m_store;
    GateForm *m_form;
    Banner *m_refusal;
    QVBoxLayout *m_content;
};

} // namespace onramp
