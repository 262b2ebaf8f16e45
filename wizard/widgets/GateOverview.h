#pragma once

#include <QTableWidget>

namespace onramp {

class StateStore;

// The six gates at a glance: status with its who and when, and the acceptor each needs.
class GateOverview : public QTableWidget
{
    Q_OBJECT
public:
    explicit GateOverview(StateStore *store, QWidget *parent = nullptr);

    void refresh();
    // Each line whole, wrapped in its row (the summary, where the evidence is read), instead of
    // one line per gate with the full text in the tooltip (the welcome page's glance).
    void setWholeText(bool whole);

protected:
    void changeEvent(QEvent *e) override;
    // With whole text, rows are measured again once the columns have their new widths.
    void updateGeometries() override;
    void showEvent(QShowEvent *e) override;

private:
    void fitColumns();

    StateStore *m_store;
    bool m_wholeText = false;
    bool m_measuringRows = false;
};

} // namespace onramp
