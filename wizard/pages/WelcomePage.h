#pragma once

#include <QWizardPage>

class QLabel;

namespace onramp {

class StateStore;

// Opens the wizard: what Onramp does, the six gates at a glance, and where progress is kept.
class WelcomePage : public QWizardPage
{
    Q_OBJECT
public:
    explicit WelcomePage(StateStore *store, QWidget *parent = nullptr);

protected:
    void changeEvent(QEvent *e) override;

private:
    void retranslate();

    StateStore *m_store;
    QLabel *m_intro;
    QLabel *m_where;
};

} // namespace onramp
