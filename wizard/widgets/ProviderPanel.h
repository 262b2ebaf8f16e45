#pragma once

#include "ProviderSession.h"

#include <QGroupBox>
#include <QPointer>

#include <functional>

class QLabel;
class QProgressBar;
class QPushButton;
class QTimer;

namespace onramp {

class Banner;
class ProviderHub;
class StateStore;

// A gate's operations at the provider: a status text read from the state, one button per
// operation, progress with Cancel while one runs, and a banner with Retry when one fails.
// Operations run on the hub's session; nothing here blocks.
class ProviderPanel : public QGroupBox
{
    Q_OBJECT
public:
    using Run = std::function<void(ProviderSession *, ProviderSession::Done)>;

    ProviderPanel(ProviderHub *hub, StateStore *store, QWidget *parent = nullptr);

    // `label` is called again on a language switch; `enabled` on every state change.
    QPushButton *addAction(const QString &objectName, std::function<QString()> label,
                           std::function<bool(const OnboardingState &)> enabled, Run run);
    void setStatusText(std::function<QString(const OnboardingState &)> text);
    // Runs `run` by itself every `intervalMs` while `when` holds and nothing else runs (and once
    // as soon as the provider is ready): a pending review is noticed without a click.
    void setAutoRefresh(std::function<bool(const OnboardingState &)> when, Run run, int intervalMs);

    bool isRunning() const { return m_running; }
    // Hides the last operation's failure (its page's plan changed, so it no longer holds);
    // nothing while an operation runs.
    void clearFailure();

protected:
    void changeEvent(QEvent *e) override;

private:
    struct Action
    {
        QPushButton *button;
        std::function<QString()> label;
        std::function<bool(const OnboardingState &)> enabled;
        Run run;
    };
    void start(const Run &run);
    void autoTick();
    void refresh();
    // The one place the focus is handed over, given which actions are about to be on: a
    // focused button that goes off would hand it to the next widget in the tab chain (on
    // gates 4 and 6 the recorder's "New status" under the panel, and the page scrolled there,
    // #17 walk). It stays in the panel: on the button row while an operation of this panel
    // runs, then on the button used if it is on, else the first action that is on, else the
    // status line.
    void placeFocus(const QList<bool> &on);
    void retranslate();

    ProviderHub *m_hub;
    StateStore *m_store;
    QLabel *m_connection;
    QLabel *m_status;
    QWidget *m_buttons;
    QWidget *m_progressRow;
    QProgressBar *m_busy;
    QLabel *m_progressText;
    QPushButton *m_cancel;
    Banner *m_banner;
    QTimer *m_autoTimer;
    QList<Action> m_actions;
    std::function<QString(const OnboardingState &)> m_statusText;
    std::function<bool(const OnboardingState &)> m_autoWhen;
    Run m_autoRun;
    Run m_lastRun;
    bool m_running = false;
    // From an operation's start until its end is laid out (Cancel shown meanwhile).
    bool m_settling = false;
    QPointer<QPushButton> m_used; // the action whose button started the operation
};

} // namespace onramp
