#pragma once

#include "GatePage.h"

class QGroupBox;
class QLabel;
class QListWidget;
class QPushButton;
class QTreeWidget;

namespace onramp {

class JobMonitor;

// Gate 6: the first run on a small slice with the guides' five points as they pass, the
// triage of what went wrong (the six failures), the wrap-up (artifacts under purposeful names,
// the instance released, duration and spec recorded), and "Open a handoff spec".
class FirstRunPage : public GatePage
{
    Q_OBJECT
public:
    FirstRunPage(StateStore *store, QWidget *parent = nullptr);
    JobMonitor *monitor() const { return m_monitor; }
    // Opens the handoff dialog on a spec file (the button asks for the file first).
    void openHandoffSpec(const QString &path);

protected:
    void buildContent(QVBoxLayout *content) override;
    void changeEvent(QEvent *e) override;

private:
    void refreshRun();
    void retranslateTexts();
    // Gate 6's acceptance as the rule sees it: what is missing, or who accepted it.
    void showReplayAcceptance(const QString &refused);

    QLabel *m_intro = nullptr;
    QLabel *m_standIn = nullptr;
    QTreeWidget *m_points = nullptr;
    QLabel *m_triage = nullptr;
    JobMonitor *m_monitor = nullptr;
    QLabel *m_wrapUp = nullptr;
    QListWidget *m_archived = nullptr;
    QPushButton *m_openSpec = nullptr;
    QLabel *m_acceptance = nullptr;
    QGroupBox *m_pointsBox = nullptr;
    QGroupBox *m_triageBox = nullptr;
    QGroupBox *m_wrapBox = nullptr;
    QGroupBox *m_attemptsBox = nullptr;
    QLabel *m_recovery = nullptr;
    QListWidget *m_attempts = nullptr;
};

} // namespace onramp
