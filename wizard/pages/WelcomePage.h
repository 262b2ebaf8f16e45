#pragma once

#include <QWizardPage>

class QLabel;
class QPushButton;

namespace onramp {

class StateStore;

// Opens the wizard: what Onramp does, the six gates at a glance, where progress is kept, and
// for a colleague handed a run spec, "Open a handoff spec…" (the app's one flow for it,
// HandoffDialog::chooseAndOpen; Ctrl+O anywhere).
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
    QLabel *m_replayIntro;
    QPushButton *m_openSpec;
};

} // namespace onramp
