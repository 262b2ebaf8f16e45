#include "OnboardingWizard.h"

#include "GateDefinition.h"
#include "GateTypes.h"
#include "HandoffDialog.h"
#include "ProviderDialog.h"
#include "ProviderHub.h"
#include "SecretStore.h"
#include "StateStore.h"
#include "Tr.h"
#include "pages/FirstRunPage.h"
#include "pages/GatePage.h"
#include "pages/QualificationPage.h"
#include "pages/QuotaPage.h"
#include "pages/ReadinessPage.h"
#include "pages/ResourcesPage.h"
#include "pages/SummaryPage.h"
#include "pages/WelcomePage.h"
#include "pages/WorkspacePage.h"
#include "widgets/Banner.h"
#include "widgets/GateSidebar.h"
#include "widgets/ButtonStyle.h"
#include "widgets/InputGuard.h"

#include <QAbstractButton>
#include <QApplication>
#include <QCoreApplication>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QHideEvent>
#include <QKeyEvent>
#include <QGuiApplication>
#include <QScreen>
#include <QSettings>
#include <QShortcut>

#include <algorithm>

namespace onramp {

OnboardingWizard::OnboardingWizard(StateStore *store, Language *language, SecretStore *secrets,
                                   QWidget *parent)
    : QWizard(parent), m_store(store)
{
    if (!secrets) {
        m_ownSecrets = std::make_unique<MemorySecretStore>();
        secrets = m_ownSecrets.get();
    }
    m_hub = new ProviderHub(store, secrets, this);
    // Before any page is built: the guard prepares value widgets as they are polished.
    qApp->installEventFilter(new InputGuard(this));
    ButtonStyle::install();
    setObjectName(QStringLiteral("onboardingWizard"));
    setWizardStyle(QWizard::ModernStyle);
    setOption(QWizard::NoBackButtonOnStartPage);
    setOption(QWizard::NoCancelButtonOnLastPage);
    setOption(QWizard::NoDefaultButton); // Enter in a text field must not move pages
    setPage(WelcomeId, new WelcomePage(store, this));
    for (GateId id : kAllGates) {
        if (id == GateId::Account)
            setPage(AccountId, new QualificationPage(store, this));
        else if (id == GateId::Workspace)
            setPage(WorkspaceId, new WorkspacePage(store, this));
        else if (id == GateId::Quota)
            setPage(QuotaId, new QuotaPage(store, this));
        else if (id == GateId::Resources)
            setPage(ResourcesId, new ResourcesPage(store, this));
        else if (id == GateId::Environment)
            setPage(EnvironmentId, new ReadinessPage(store, this));
        else
            setPage(FirstRunId, new FirstRunPage(store, this));
    }
    setPage(SummaryId, new SummaryPage(store, this));
    for (GateId id : kAllGates)
        static_cast<GatePage *>(page(gateNumber(id)))->setProviderHub(m_hub);
    setOption(QWizard::HaveCustomButton1);
    button(QWizard::CustomButton1)->setObjectName(QStringLiteral("providerButton"));
    connect(this, &QWizard::customButtonClicked, this, [this](int which) {
        if (which == QWizard::CustomButton1)
            openProviderSettings();
    });

    // Ctrl+O on every page opens a handoff spec (#17 walk, item 1): the flow gate 6's and the
    // welcome page's buttons use.
    auto *openSpec = new QShortcut(QKeySequence::Open, this);
    openSpec->setObjectName(QStringLiteral("openHandoffSpecShortcut"));
    connect(openSpec, &QShortcut::activated, this,
            [this] { HandoffDialog::chooseAndOpen(this, m_store); });

    m_sidebar = new GateSidebar(store, language, this);
    setSideWidget(m_sidebar);
    connect(m_sidebar, &GateSidebar::pageRequested, this, [this](int id) {
        // The summary is where a walk ends. A jump there that a gate on the way refuses stays
        // on this page and says which gate holds it (it used to stop at that gate, whose banner
        // spoke of its own Next, not of the summary).
        if (id == SummaryId && !visitedIds().contains(id)) {
            if (const Text why = refusalOnTheWayTo(id); !why.isEmpty()) {
                m_sidebar->setCurrentPage(currentId());
                m_sidebar->banner()->showMessage(Banner::Tone::Warning, refusalOf(id));
                m_jumpRefused = true;
                m_refusedJump = id;
                return;
            }
        }
        // A refused jump (a gate not yet open) stops at the gate that holds it: the list shows
        // the page shown, and the sidebar says which gate the jump was for and which gate holds
        // it (#17 walk: from the welcome page, only gate 1's banner spoke, of gate 2's entry).
        if (!goToPage(id)) {
            m_sidebar->setCurrentPage(currentId());
            if (const Text why = refusalOf(id); !why.isEmpty()) {
                m_sidebar->banner()->showMessage(Banner::Tone::Warning, why);
                m_jumpRefused = true;
                m_refusedJump = id;
            }
        }
    });
    connect(m_sidebar->banner(), &Banner::retryRequested, this, [this] {
        if (auto r = m_store->saveNow(); !r)
            showNotice(r.error());
        else
            m_sidebar->banner()->clear();
    });
    connect(store, &StateStore::saveFailed, this, &OnboardingWizard::showNotice);
    // Walk 19: "the summary cannot open yet … gate 4 is in progress" stayed after gate 4 passed
    // a second later, right under the list that showed it ✔. The reason follows the state; once
    // none holds, the banner says the page can open now.
    connect(store, &StateStore::changed, this, [this] {
        if (!m_jumpRefused || m_refusedJump < 0)
            return;
        const Text why = refusalOf(m_refusedJump);
        if (!why.isEmpty()) {
            if (m_sidebar->banner()->message() != why.toString())
                m_sidebar->banner()->showMessage(Banner::Tone::Warning, why);
            return;
        }
        m_sidebar->banner()->showMessage(
            Banner::Tone::Info,
            Tr::trLater("Nothing holds it any more: choose it in the list again to open it."));
        m_jumpRefused = true; // cleared when the page changes
        m_refusedJump = -1;
    });

    connect(this, &QWizard::currentIdChanged, this, [this](int id) {
        m_sidebar->setCurrentPage(id);
        if (m_jumpRefused) { // said of the page the jump was refused from
            m_sidebar->banner()->clear();
            m_jumpRefused = false;
            m_refusedJump = -1;
        }
        if (!m_restoring && id >= 0)
            m_store->update([id](OnboardingState &s) { s.currentPage = id; });
    });
    resize(defaultSize(screen() ? screen()->availableGeometry().size() : QSize()));
    restoreWindowGeometry();
    retranslate();
}

QSize OnboardingWizard::defaultSize(const QSize &available)
{
    // Room for the sidebar, a form in two columns and the gate card without cut text; on a
    // 1366×768 screen, all of the window within it (the frame and a panel take some).
    const QSize wanted(1280, 860);
    if (!available.isValid())
        return wanted;
    return wanted.boundedTo(available - QSize(16, 48)).expandedTo(QSize(800, 560));
}

QString OnboardingWizard::geometryFile() const
{
    // Beside the saved onboarding, so that a test's or a demo's state folder keeps its own.
    if (m_store->filePath().isEmpty())
        return {};
    return QFileInfo(m_store->filePath()).dir().filePath(QStringLiteral("window.ini"));
}

void OnboardingWizard::restoreWindowGeometry()
{
    const QString file = geometryFile();
    if (file.isEmpty() || !QFileInfo::exists(file))
        return;
    QSettings settings(file, QSettings::IniFormat);
    const QByteArray saved = settings.value(QStringLiteral("window/geometry")).toByteArray();
    if (saved.isEmpty())
        return;
    restoreGeometry(saved);
    // Qt keeps a restored window on a screen that exists only where a window manager places it:
    // without one (a bare X server, a kiosk) a window saved on a larger or another screen opened
    // off-screen (#17 polish). Its size and place are kept within the screen's available area.
    QScreen *on = QGuiApplication::screenAt(geometry().center());
    if (!on)
        on = screen() ? screen() : QGuiApplication::primaryScreen();
    if (on)
        setGeometry(clampedGeometry(geometry(), on->availableGeometry()));
}

QRect OnboardingWizard::clampedGeometry(const QRect &window, const QRect &available)
{
    if (!available.isValid())
        return window;
    QRect g(window.topLeft(), window.size().boundedTo(available.size()));
    g.moveLeft(std::clamp(g.left(), available.left(), available.right() - g.width() + 1));
    g.moveTop(std::clamp(g.top(), available.top(), available.bottom() - g.height() + 1));
    return g;
}

void OnboardingWizard::saveWindowGeometry()
{
    const QString file = geometryFile();
    if (file.isEmpty() || m_store->isReadOnly())
        return;
    QSettings settings(file, QSettings::IniFormat);
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
}

void OnboardingWizard::keyPressEvent(QKeyEvent *e)
{
    if (e->key() == Qt::Key_Escape && e->modifiers() == Qt::NoModifier) {
        e->accept();
        return;
    }
    QWizard::keyPressEvent(e);
}

void OnboardingWizard::hideEvent(QHideEvent *e)
{
    // Closed, cancelled or finished: the next start opens where this one was.
    if (!e->spontaneous())
        saveWindowGeometry();
    QWizard::hideEvent(e);
}

OnboardingWizard::~OnboardingWizard()
{
    delete m_hub; // before the secret store it reads from
    m_hub = nullptr;
}

void OnboardingWizard::connectProvider()
{
    m_hub->connectProvider();
}

void OnboardingWizard::openProviderSettings()
{
    auto *dialog = new ProviderDialog(m_hub, m_store, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

QString OnboardingWizard::pageKey(int id)
{
    if (id == WelcomeId)
        return QStringLiteral("welcome");
    if (id == SummaryId)
        return QStringLiteral("summary");
    return gateKey(GateId(id));
}

void OnboardingWizard::restoreProgress()
{
    const int target = m_store->state().currentPage;
    if (currentId() == -1)
        restart(); // what show() would do; next() needs a current page
    m_restoring = true;
    goToPage(target);
    m_restoring = false;
}

bool OnboardingWizard::goToPage(int id)
{
    if (!page(id))
        return false;
    if (visitedIds().contains(id)) {
        while (currentId() != id)
            back();
        return true;
    }
    const bool entered = id >= AccountId && id <= FirstRunId &&
                         m_store->state().gate(GateId(id)).status != GateStatus::NotStarted;
    m_reviewing = entered ? id : -1;
    while (currentId() != id) {
        const int before = currentId();
        next();
        if (currentId() == before) {
            m_reviewing = -1;
            return false; // refused: the page shows why
        }
    }
    m_reviewing = -1;
    return true;
}

Text OnboardingWizard::refusalOnTheWayTo(int id) const
{
    for (int p = std::max(currentId(), int(AccountId)); p < id; ++p)
        if (const auto *gate = qobject_cast<const GatePage *>(page(p)))
            if (Text why = gate->refusal(); !why.isEmpty())
                return why;
    return {};
}

Text OnboardingWizard::refusalOf(int id) const
{
    if (id == SummaryId && !visitedIds().contains(id)) {
        const Text why = refusalOnTheWayTo(id);
        return why.isEmpty() ? Text() : Tr::trLater("The summary cannot open yet. %1").arg(why);
    }
    return jumpRefusal(id);
}

Text OnboardingWizard::jumpRefusal(int id) const
{
    if (id <= AccountId || id > FirstRunId)
        return {};
    for (int g = AccountId; g < id; ++g) {
        const GateRecord &r = m_store->state().gate(GateId(g));
        if (r.status != GateStatus::Passed)
            return Tr::trLater(
                       "Gate %1 “%2” cannot open yet: gate %3 “%4” is %5. Get it accepted first.")
                .arg(id, gateTitle(GateId(id)), g, gateTitle(GateId(g)), statusPhrase(r.status));
    }
    return {};
}

bool OnboardingWizard::validateCurrentPage()
{
    // On the way to a gate entered before, the pages in between were entered too: each one's
    // own refusal (the next gate's entry condition) is for passing, not for looking.
    if (m_reviewing > currentId() && currentId() >= AccountId)
        return true;
    return QWizard::validateCurrentPage();
}

void OnboardingWizard::showNotice(const Error &error)
{
    const bool retry = error.kind == Error::Kind::Io && !m_store->isReadOnly();
    m_sidebar->banner()->showMessage(Banner::Tone::Warning, error.message, error.details, retry);
}

void OnboardingWizard::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslate();
    QWizard::changeEvent(e);
}

void OnboardingWizard::retranslate()
{
    setWindowTitle(tr("Onramp — GPU training onboarding"));
    // QWizard picks its button texts once; re-read them from Qt's own catalogue so that a
    // language switch reaches the standard buttons too. The sources are qtbase's, so they
    // are passed through variables to keep them out of Onramp's catalogue.
    struct ButtonText
    {
        WizardButton button;
        const char *source;
    };
    static constexpr ButtonText kTexts[] = {{BackButton, "< &Back"},  {NextButton, "&Next >"},
                                            {CommitButton, "Commit"}, {FinishButton, "&Finish"},
                                            {CancelButton, "Cancel"}, {HelpButton, "&Help"}};
    for (const ButtonText &t : kTexts)
        setButtonText(t.button, QCoreApplication::translate("QWizard", t.source));
    setButtonText(CustomButton1, tr("&Provider…"));
    button(CustomButton1)->setAccessibleName(tr("Provider settings"));
}

} // namespace onramp
