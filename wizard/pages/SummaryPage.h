#pragma once

#include <QWizardPage>

class QLabel;

namespace onramp {

class StateStore;

// The end of the walk: every gate with its evidence and acceptor.
class SummaryPage : public QWizardPage
{
    Q_OBJECT
public:
    explicit SummaryPage(StateStore *store, QWidget *parent = nullptr);

    void initializePage() override;

protected:
    void changeEvent(QEvent *e) override;

private:
    void retranslate();

    StateStore *m_store;
    QLabel *m_headline;
};

} // namespace onramp
