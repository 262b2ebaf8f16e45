#pragma once

#include "Error.h"

#include <QWizard>

namespace onramp {

class GateSidebar;
class Language;
class StateStore;

// The wizard: a welcome page, one page per gate, a summary. It owns no onboarding data; the
// StateStore does, and every page binds to it.
class OnboardingWizard : public QWizard
{
    Q_OBJECT
public:
    // Page ids: the gate pages use their gate numbers.
    enum PageId
    {
        WelcomeId = 0,
        AccountId = 1,
        WorkspaceId,
        QuotaId,
        ResourcesId,
        EnvironmentId,
        FirstRunId,
        SummaryId
    };
    Q_ENUM(PageId)

    OnboardingWizard(StateStore *store, Language *language, QWidget *parent = nullptr);

    static QString pageKey(int id); // "welcome", "account", …, "summary"

    // Walks forward to the page saved in the state, through every gate in between, so Back
    // works as if the user had clicked there. Stops early at a gate that refuses entry.
    void restoreProgress();
    // Goes back to a visited page, or forward as far as entry conditions allow.
    bool goToPage(int id);

    void showNotice(const Error &error);

protected:
    void changeEvent(QEvent *e) override;

private:
    void retranslate();

    StateStore *m_store;
    GateSidebar *m_sidebar;
    bool m_restoring = false;
};

} // namespace onramp
