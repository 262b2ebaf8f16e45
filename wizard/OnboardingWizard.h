#pragma once

#include "Error.h"
#include "Text.h"

#include <QWizard>

#include <memory>

namespace onramp {

class GateSidebar;
class Language;
class ProviderHub;
class SecretStore;
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

    // `secrets`: where provider secrets are kept; null = memory for this run.
    OnboardingWizard(StateStore *store, Language *language, SecretStore *secrets = nullptr,
                     QWidget *parent = nullptr);
    ~OnboardingWizard() override;

    static QString pageKey(int id); // "welcome", "account", …, "summary"

    // Walks forward to the page saved in the state, through every gate in between, so Back
    // works as if the user had clicked there. Stops early at a gate that refuses entry.
    void restoreProgress();
    // Goes back to a visited page, or forward as far as entry conditions allow. A gate that was
    // entered before (its record is past "not started") may always be opened to look at, even
    // while an earlier gate's reopening keeps its entry condition unmet: a team lead reviews
    // gates 3–6 while gate 2 is back in progress. It still cannot pass until the entry holds.
    bool goToPage(int id);

    void showNotice(const Error &error);

    // Connects to the saved provider (the sandbox for a new user). Call after the first paint:
    // starting the sandbox must not delay it.
    void connectProvider();
    ProviderHub *providerHub() const { return m_hub; }
    void openProviderSettings();

    // The size the window opens at the first time, for a screen's available size: big enough
    // for a page without cut text, never bigger than the screen (1366×768 included).
    static QSize defaultSize(const QSize &available);
    // A restored window's geometry within a screen's available area: no bigger, moved in.
    static QRect clampedGeometry(const QRect &window, const QRect &available);

protected:
    bool validateCurrentPage() override;
    void changeEvent(QEvent *e) override;
    void hideEvent(QHideEvent *e) override;
    // Escape closes an editor or a popup, never the wizard (#17 walk: Escape meant to leave a
    // table cell closed the window); Cancel and the window's close button still do.
    void keyPressEvent(QKeyEvent *e) override;

private:
    void retranslate();
    // Size and position are kept in window.ini beside the saved onboarding (QSettings).
    QString geometryFile() const;
    void restoreWindowGeometry();
    void saveWindowGeometry();
    // Why a walk from the current page to `id` would stop on the way (the first gate whose Next
    // is refused, in its words); empty when it would get there.
    Text refusalOnTheWayTo(int id) const;
    // Why a jump to gate `id` stopped short: that gate, and the first gate before it that is
    // not passed; empty when every gate before it is.
    Text jumpRefusal(int id) const;

    StateStore *m_store;
    std::unique_ptr<SecretStore> m_ownSecrets;
    ProviderHub *m_hub;
    GateSidebar *m_sidebar;
    bool m_restoring = false;
    int m_reviewing = -1; // the entered gate a sidebar jump walks to, past unmet entries
    bool m_jumpRefused = false; // the sidebar's banner says why a jump was refused
    int m_refusedJump = -1;     // to which page; its reason follows the state (walk 19)
    Text refusalOf(int id) const;
};

} // namespace onramp
