#include "ProviderPanel.h"

#include "Banner.h"
#include "ProviderHub.h"
#include "StateStore.h"
#include "StatusStyle.h"

#include <QEvent>
#include <QPointer>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QTimer>
#include <QVBoxLayout>

namespace onramp {

namespace {

// A label as a screen reader says it: without its Alt letter ("&Run…", "运行…(&R)").
QString withoutMnemonic(QString label)
{
    static const QRegularExpression added(QStringLiteral("\\(&[^&]\\)"));
    return label.remove(added).replace(QRegularExpression(QStringLiteral("&(.)")),
                                       QStringLiteral("\\1"));
}

} // namespace

ProviderPanel::ProviderPanel(ProviderHub *hub, StateStore *store, QWidget *parent)
    : QGroupBox(parent), m_hub(hub), m_store(store)
{
    setObjectName(QStringLiteral("providerPanel"));
    auto *layout = new QVBoxLayout(this);
    m_connection = new QLabel(this);
    m_connection->setObjectName(QStringLiteral("providerConnection"));
    m_connection->setWordWrap(true);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("providerStatus"));
    m_status->setProperty("onrampLive", true); // the provider's ids and paths of this run
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText); // a provider's words, never markup
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_buttons = new QWidget(this);
    auto *buttons = new QHBoxLayout(m_buttons);
    buttons->setContentsMargins(0, 0, 0, 0);
    buttons->addStretch(1);
    m_progressRow = new QWidget(this);
    auto *progress = new QHBoxLayout(m_progressRow);
    progress->setContentsMargins(0, 0, 0, 0);
    m_busy = new QProgressBar(m_progressRow);
    m_busy->setRange(0, 0); // we rarely know how long a provider takes
    m_busy->setMaximumWidth(120);
    m_progressText = new QLabel(m_progressRow);
    m_progressText->setObjectName(QStringLiteral("providerProgress"));
    m_cancel = new QPushButton(m_progressRow);
    m_cancel->setObjectName(QStringLiteral("providerCancel"));
    m_cancel->setAutoDefault(false);
    progress->addWidget(m_busy);
    progress->addWidget(m_progressText, 1);
    progress->addWidget(m_cancel);
    // Its place is kept while nothing runs: shown, it made the page lay out at once, the
    // tables above giving up the room until the scroll area grew (#17 walk: the page moved
    // under the mouse on "Create, attach quota, add members").
    QSizePolicy rowPolicy = m_progressRow->sizePolicy();
    rowPolicy.setRetainSizeWhenHidden(true);
    m_progressRow->setSizePolicy(rowPolicy);
    m_progressRow->hide();
    m_banner = new Banner(this);
    layout->addWidget(m_connection);
    layout->addWidget(m_status);
    layout->addWidget(m_buttons);
    layout->addWidget(m_progressRow);
    layout->addWidget(m_banner);

    m_autoTimer = new QTimer(this);
    connect(m_autoTimer, &QTimer::timeout, this, &ProviderPanel::autoTick);
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        if (m_hub->session())
            m_hub->session()->cancel();
    });
    connect(m_banner, &Banner::retryRequested, this, [this] {
        if (m_lastRun)
            start(m_lastRun);
    });
    connect(m_hub, &ProviderHub::progress, this, [this](const QString &text) {
        if (m_running)
            m_progressText->setText(text);
    });
    connect(m_hub, &ProviderHub::statusChanged, this, [this] {
        refresh();
        if (m_hub->status() == ProviderHub::Status::Ready)
            autoTick(); // look once now: a decision may have come while we were away
    });
    connect(m_store, &StateStore::changed, this, &ProviderPanel::refresh);
    // An operation another page started ends (or starts) without this panel's own callback,
    // and not always with a change to the state (a failure, a cancel): follow the session.
    connect(m_hub, &ProviderHub::busyChanged, this, &ProviderPanel::refresh);
    retranslate();
}

QPushButton *ProviderPanel::addAction(const QString &objectName, std::function<QString()> label,
                                      std::function<bool(const OnboardingState &)> enabled, Run run)
{
    auto *b = new QPushButton(m_buttons);
    b->setObjectName(objectName);
    b->setAutoDefault(false);
    b->setText(label());
    b->setAccessibleName(withoutMnemonic(label()));
    static_cast<QHBoxLayout *>(m_buttons->layout())
        ->insertWidget(m_buttons->layout()->count() - 1, b);
    m_actions.append({b, std::move(label), std::move(enabled), run});
    connect(b, &QPushButton::clicked, this, [this, run] { start(run); });
    refresh();
    return b;
}

void ProviderPanel::autoTick()
{
    if (m_autoRun && !m_running && m_hub->session() && !m_hub->session()->busy() && m_autoWhen &&
        m_autoWhen(m_store->state()))
        start(m_autoRun);
}

void ProviderPanel::setStatusText(std::function<QString(const OnboardingState &)> text)
{
    m_statusText = std::move(text);
    refresh();
}

void ProviderPanel::setAutoRefresh(std::function<bool(const OnboardingState &)> when, Run run,
                                   int intervalMs)
{
    m_autoWhen = std::move(when);
    m_autoRun = std::move(run);
    m_autoTimer->start(intervalMs);
}

void ProviderPanel::start(const Run &run)
{
    ProviderSession *session = m_hub->session();
    if (!session || session->busy() || m_running)
        return;
    m_running = true;
    m_lastRun = run;
    m_banner->clear();
    m_progressText->clear();
    m_progressRow->show();
    // The button used gets the focus back when the operation ends (placeFocus).
    m_used = nullptr;
    for (const Action &a : std::as_const(m_actions))
        if (a.button->hasFocus())
            m_used = a.button;
    m_settling = true;
    refresh();
    run(session, [this](const std::expected<void, ProviderError> &result) {
        m_running = false;
        // Once the page has put the focused row back in place for the answer's changes (its
        // own deferred call, queued before this one), the focus is placed (placeFocus) and
        // Cancel goes.
        QTimer::singleShot(0, this, [this] {
            if (m_running)
                return;
            m_settling = false;
            refresh();
            m_used = nullptr;
            m_progressRow->hide();
        });
        if (!result) {
            const ProviderError &e = result.error();
            if (e.cancelled)
                m_banner->showMessage(Banner::Tone::Info, e.message);
            else
                m_banner->showMessage(e.trouble() == TroubleKind::Transient ? Banner::Tone::Warning
                                                                            : Banner::Tone::Error,
                                      e.message, e.details, true);
        }
        refresh();
    });
}

void ProviderPanel::clearFailure()
{
    if (!m_running)
        m_banner->clear();
}

void ProviderPanel::refresh()
{
    const bool ready = m_hub->status() == ProviderHub::Status::Ready;
    const QString connection = m_hub->description();
    if (m_connection->text() != connection)
        m_connection->setText(connection);
    const QString status = m_statusText ? m_statusText(m_store->state()) : QString();
    const QString shown = pathsOnTheirOwnLines(status);
    if (m_status->text() != shown)
        m_status->setText(shown);
    m_status->setVisible(!status.isEmpty());
    const bool idle = ready && !m_running && !(m_hub->session() && m_hub->session()->busy());
    QList<bool> on;
    for (const Action &a : std::as_const(m_actions))
        on << (idle && (!a.enabled || a.enabled(m_store->state())));
    placeFocus(on);
    for (qsizetype i = 0; i < m_actions.size(); ++i)
        m_actions[i].button->setEnabled(on[i]);
}

void ProviderPanel::placeFocus(const QList<bool> &on)
{
    // Only a focus the panel holds: an action, the button row, or Cancel.
    qsizetype held = -1;
    bool inPanel = m_buttons->hasFocus() || m_cancel->hasFocus();
    for (qsizetype i = 0; i < m_actions.size(); ++i)
        if (m_actions[i].button->hasFocus()) {
            held = i;
            inPanel = true;
        }
    if (!inPanel || (held >= 0 && on[held]))
        return;
    // While this panel's operation runs (until its end is laid out), the button row holds it:
    // laid out already, where the mouse is (Cancel is not yet), and the page keeps the focused
    // widget in place as the answers change the lines above (#17 walk: the page moved ~140 px
    // under the mouse).
    if (m_settling) {
        if (held >= 0)
            m_buttons->setFocus(Qt::OtherFocusReason);
        return;
    }
    QWidget *to = m_status;
    for (qsizetype i = 0; i < m_actions.size(); ++i)
        if (on[i] && (to == m_status || m_actions[i].button == m_used))
            to = m_actions[i].button;
    to->setFocus(Qt::OtherFocusReason);
}

void ProviderPanel::retranslate()
{
    setTitle(tr("At the provider"));
    m_cancel->setText(tr("Cancel"));
    m_cancel->setAccessibleName(tr("Cancel the provider operation"));
    for (const Action &a : std::as_const(m_actions)) {
        a.button->setText(a.label());
        a.button->setAccessibleName(withoutMnemonic(a.label()));
    }
    refresh();
}

void ProviderPanel::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslate();
    QGroupBox::changeEvent(e);
}

} // namespace onramp
