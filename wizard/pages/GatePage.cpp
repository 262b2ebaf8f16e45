#include "GatePage.h"

#include "GateLedger.h"
#include "ProviderSession.h"

#include "ProviderHub.h"

#include "GateCard.h"
#include "GateForm.h"
#include "ProviderActions.h"
#include "StateStore.h"
#include "Tr.h"
#include "widgets/Banner.h"
#include "widgets/ViewAnchor.h"

#include <QCoreApplication>
#include <QEvent>
#include <QPointer>
#include <QScrollArea>
#include <QScrollBar>
#include <QTimer>
#include <QVBoxLayout>

#include <array>
#include <memory>

namespace onramp {

namespace {

// The page's scroll area follows the focus only where the user moved it (Tab, Backtab). Qt
// hands the focus on through the same call when the focused widget is disabled or hidden (a
// button that goes off as a job starts, a row that goes away), and QScrollArea then scrolled to
// whatever took it: the page moved by itself (#17 walk: gates 2 and 4 as a job started, gate 5
// to the bottom during its checks). The one place every gate's page scrolls for the focus.
class GateScrollArea : public QScrollArea
{
public:
    using QScrollArea::QScrollArea;

protected:
    bool focusNextPrevChild(bool next) override
    {
        const QWidget *from = window()->focusWidget();
        if (from && from->isEnabled() && from->isVisible())
            return QScrollArea::focusNextPrevChild(next); // the user's Tab: the view follows
        return QWidget::focusNextPrevChild(next);         // handed on: the view stays
    }
};

} // namespace

GatePage::GatePage(GateId gate, StateStore *store, QWidget *parent)
    : QWizardPage(parent), m_gate(gate), m_store(store), m_form(new GateForm(store, gate, this))
{
    setObjectName(QStringLiteral("page-") + gateKey(gate));
    // A shell until first visited: startup builds only the page it shows.
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);

    connect(m_store, &StateStore::changed, this, [this] {
        refresh();
        // QWizard re-lays out its buttons on every completeChanged(): only say it on a change.
        const bool complete = isComplete();
        if (complete != m_lastComplete) {
            m_lastComplete = complete;
            emit completeChanged();
        }
    });
    retranslate();
}

void GatePage::ensureBuilt()
{
    if (m_content)
        return;
    auto *outer = static_cast<QVBoxLayout *>(layout());
    m_refusal = new Banner(this);
    m_refusal->setObjectName(QStringLiteral("entryRefusal"));
    // It comes and goes as the next gate's entry condition changes, often from a click on
    // this page: its place stays, so the page does not move under the mouse.
    m_refusal->reserveSpace();
    outer->addWidget(m_refusal);
    m_scroll = new GateScrollArea(this);
    m_scroll->setObjectName(QStringLiteral("gateScroll"));
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    outer->addWidget(m_scroll, 1);
    auto *inner = new QWidget(m_scroll);
    inner->setObjectName(QStringLiteral("gateContent"));
    auto *layout = new QVBoxLayout(inner);
    // The gate's own work reads first, in the guides' order; the card (definition, status,
    // acceptance) follows it.
    m_content = new QVBoxLayout;
    layout->addLayout(m_content);
    buildContent(m_content);
    if (m_hub) {
        if (QWidget *panel = providerPanelFor(m_gate, m_hub, m_store, inner))
            layout->addWidget(panel);
    }
    layout->addWidget(new GateCard(m_form, inner));
    layout->addStretch();
    m_scroll->setWidget(inner);
    // What the user looks at stays where it is while the page is laid out again.
    new ViewAnchor(m_scroll);
    m_shownTarget = m_form->targetStatus();
    connect(m_form, &GateForm::changed, this, &GatePage::keepRecorderInView);
    refresh();
}

// Lays the page out now: layout requests travel up one widget at a time.
void GatePage::layOutNow()
{
    for (int i = 0; i < 4; ++i)
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
}

void GatePage::keepRecorderInView()
{
    // Only when the status chosen in the recorder changes: its rows come and go above the
    // button. A change the store brings (the gate goes in progress as the page is edited)
    // moves nothing: the user is elsewhere on the page.
    const GateStatus target = m_form->targetStatus();
    if (target == m_shownTarget)
        return;
    m_shownTarget = target;
    if (!m_scroll || !m_scroll->widget() || !isVisible())
        return;
    QWidget *focus = window()->focusWidget();
    QWidget *recorder = m_scroll->widget()->findChild<QWidget *>(QStringLiteral("gateStatus"));
    if (!focus || !recorder || !(focus == recorder || recorder->isAncestorOf(focus)))
        return;
    // After the card's own refresh has shown its rows, once they are laid out.
    QTimer::singleShot(0, this, [this] {
        QWidget *inner = m_scroll->widget();
        auto *record = inner ? inner->findChild<QWidget *>(QStringLiteral("recordStatus")) : nullptr;
        if (!record || !record->isVisible())
            return;
        layOutNow();
        constexpr int kMargin = 12;
        m_scroll->ensureWidgetVisible(record, 0, kMargin);
        // The status list just used stays in view too, where both do not fit.
        if (auto *choice = inner->findChild<QWidget *>(QStringLiteral("statusChoice"));
            choice && choice->isVisible())
            m_scroll->ensureWidgetVisible(choice, 0, kMargin);
    });
}

void GatePage::whenProviderReady(QObject *context, std::function<void()> then)
{
    if (!m_hub)
        return;
    const auto ready = [hub = QPointer<ProviderHub>(m_hub)] { return hub && hub->sessionIdle(); };
    if (ready()) {
        then();
        return;
    }
    // Every status and busy change is looked at until one finds the session there and idle
    // (#17 walk 16, item 3: the hub says "connecting" first, with no session yet, and a wait
    // that ended on the first status change never read gate 5's jobs after a restart).
    auto waiting = std::make_shared<std::array<QMetaObject::Connection, 2>>();
    const auto look = [ready, then, waiting] {
        if (!ready())
            return;
        for (const QMetaObject::Connection &c : *waiting)
            QObject::disconnect(c);
        then();
    };
    (*waiting)[0] = connect(m_hub, &ProviderHub::statusChanged, context, look);
    (*waiting)[1] = connect(m_hub, &ProviderHub::busyChanged, context, look);
}

void GatePage::initializePage()
{
    ensureBuilt();
    m_form->markVisited();
}

Text GatePage::refusal() const
{
    if (m_gate == GateId::FirstRun)
        return {}; // the summary has no entry condition
    const EntryCheck next = checkEntry(m_store->state(), GateId(gateNumber(m_gate) + 1));
    return next.met ? Text() : next.reason;
}

bool GatePage::isComplete() const
{
    return refusal().isEmpty();
}

bool GatePage::validatePage()
{
    const Text why = refusal();
    if (why.isEmpty())
        return true;
    ensureBuilt();
    m_refusal->showMessage(Banner::Tone::Error, Tr::trLater("Next is locked. %1").arg(why));
    return false;
}

void GatePage::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslate();
    QWizardPage::changeEvent(e);
}

void GatePage::retranslate()
{
    const GateDefinition &def = gateDefinition(m_gate);
    setTitle(tr("Gate %1 of 6: %2").arg(gateNumber(m_gate)).arg(def.titleText()));
    setSubTitle(tr("Acceptor: %1").arg(def.acceptorText()));
    refresh();
}

void GatePage::refresh()
{
    if (!m_content)
        return; // not built yet: nothing shows
    const Text why = refusal();
    if (why.isEmpty())
        m_refusal->clear();
    else
        m_refusal->showMessage(Banner::Tone::Warning, Tr::trLater("Next is locked. %1").arg(why));
}

} // namespace onramp
