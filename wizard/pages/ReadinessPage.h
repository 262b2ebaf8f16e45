#pragma once

#include "GatePage.h"

class QLabel;
class QGridLayout;
class QGroupBox;

namespace onramp {

class JobMonitor;

// Gate 5: the four readiness checks, each with its live status, evidence and verdict (and the
// triage's diagnosis when it failed), and the job that runs now, watched live.
class ReadinessPage : public GatePage
{
    Q_OBJECT
public:
    ReadinessPage(StateStore *store, QWidget *parent = nullptr);
    JobMonitor *monitor() const { return m_monitor; }

protected:
    void buildContent(QVBoxLayout *content) override;
    void changeEvent(QEvent *e) override;

private:
    void refreshChecks();
    void retranslateTexts();

    QGroupBox *m_checksBox = nullptr;
    struct Row
    {
        QLabel *title, *result, *detail;
    };
    QList<Row> m_rows;
    JobMonitor *m_monitor = nullptr;
    QLabel *m_intro = nullptr;
};

} // namespace onramp
