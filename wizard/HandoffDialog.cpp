#include "HandoffDialog.h"

#include "BreakableText.h"
#include "Catalogs.h"
#include "GateDefinition.h"
#include "GateLedger.h"
#include "ReadinessChecks.h"

#include "StateStore.h"
#include "StatusStyle.h"
#include "Tr.h"
#include "widgets/FileChooser.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QFileInfo>
#include <QFormLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QStyledItemDelegate>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace onramp {

namespace {

// The rows' words whole, wrapped (#17 walk: a detail was cut with … and could not be read
// whole): a long word gets break opportunities (breakable(), as GateOverview's cells), painted
// and measured alike; the item's own text and its tooltip stay as they are.
class WrappingDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    // A tree asks for a row's height without the column's width (it passes none), so a wrapped
    // detail measured one line and was cut: the detail (the last column, which takes the room
    // the others leave) is measured at the width it is painted in. The others fit their words.
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        QStyleOptionViewItem at(option);
        if (const auto *tree = qobject_cast<const QTreeView *>(option.widget);
            tree && index.column() == index.model()->columnCount(index.parent()) - 1)
            at.rect = QRect(0, 0, std::max(1, tree->columnWidth(index.column()) - 1),
                            std::max(1, option.rect.height()));
        return QStyledItemDelegate::sizeHint(at, index);
    }

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        option->text = breakable(option->text);
    }
};

} // namespace

HandoffDialog::HandoffDialog(QWidget *parent)
    : QDialog(parent), m_summary(new QLabel(this)), m_fingerprint(new QLabel(this)),
      m_items(new QTreeWidget(this)),
      m_progress(new QLabel(this)), m_verdict(new QLabel(this)), m_member(new QLineEdit(this)),
      m_replay(new QPushButton(tr("&Replay on a fresh sandbox"), this)),
      m_cancel(new QPushButton(tr("Stop the replay"), this)),
      m_practice(new QPushButton(tr("Replay as &practice"), this)), m_shows(new QLabel(this))
{
    setObjectName(QStringLiteral("handoffDialog"));
    setWindowTitle(tr("Open a handoff spec"));
    resize(860, 560);
    auto *layout = new QVBoxLayout(this);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_summary);
    m_fingerprint->setObjectName(QStringLiteral("handoffFingerprint"));
    m_fingerprint->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_fingerprint->setProperty("onrampLive", true); // the walked sandbox's, on every run anew
    m_fingerprint->hide();
    layout->addWidget(m_fingerprint);
    auto *who = new QFormLayout;
    m_member->setObjectName(QStringLiteral("handoffMember"));
    // No name made up for them: the colleague says who they are, by account or by name (gate 6
    // is accepted only by a member who took no part and may submit jobs: replayerRefusal), in
    // whatever language the window speaks.
    m_member->setPlaceholderText(tr("your account or name, for example wang.fang"));
    m_member->setAccessibleName(tr("Replay as"));
    who->addRow(tr("Replay &as:"), m_member);
    layout->addLayout(who);
    // Which replay the rows are (#17 walk, item 4: after a practice replay and an accepting one,
    // the list read as the practice run's): said above them.
    m_shows->setObjectName(QStringLiteral("handoffShows"));
    m_shows->setProperty("onrampLive", true); // who and when: differs on every run
    m_shows->setWordWrap(true);
    m_shows->setTextFormat(Qt::PlainText); // it names the member as typed
    layout->addWidget(m_shows);
    m_items->setObjectName(QStringLiteral("handoffItems"));
    m_items->setColumnCount(3);
    m_items->setRootIsDecorated(false);
    m_items->setWordWrap(true);
    m_items->setTextElideMode(Qt::ElideNone);
    m_items->setItemDelegate(new WrappingDelegate(m_items));
    // Rows of several lines: the wheel and the scroll bar move by pixels, not by whole rows.
    m_items->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_items->setHeaderLabels({tr("Status"), tr("Item"), tr("Detail")});
    // The details are a replay's readings (times, rates, digests): `onramp screenshot
    // --live-regions` leaves that column out of the comparison, not the statuses and items.
    m_items->setProperty("onrampLiveColumn", 2);
    m_items->header()->setStretchLastSection(true);
    layout->addWidget(m_items, 1);
    m_progress->setObjectName(QStringLiteral("handoffProgress"));
    m_progress->setWordWrap(true);
    layout->addWidget(m_progress);
    m_verdict->setObjectName(QStringLiteral("handoffVerdict"));
    m_verdict->setTextFormat(Qt::PlainText); // it names the member as typed
    m_verdict->setWordWrap(true);
    layout->addWidget(m_verdict);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_replay->setObjectName(QStringLiteral("handoffReplay"));
    m_cancel->setObjectName(QStringLiteral("handoffCancel"));
    m_practice->setObjectName(QStringLiteral("handoffPractice"));
    m_practice->setAccessibleName(tr("Replay as practice, recording nothing"));
    buttons->addButton(m_replay, QDialogButtonBox::ActionRole);
    buttons->addButton(m_practice, QDialogButtonBox::ActionRole);
    buttons->addButton(m_cancel, QDialogButtonBox::ActionRole);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_replay, &QPushButton::clicked, this, &HandoffDialog::replay);
    connect(m_cancel, &QPushButton::clicked, this, &HandoffDialog::cancelReplay);
    connect(m_practice, &QPushButton::clicked, this, &HandoffDialog::practice);
    // Who replays is checked as it is typed, before anything runs (#17 walk, F10: the member who
    // ran the first run waited for a whole replay to hear that it did not count).
    connect(m_member, &QLineEdit::textChanged, this, [this] {
        if (!isReplaying())
            checkMember();
    });
    m_replay->setEnabled(false);
    m_cancel->setEnabled(false);
    m_practice->setEnabled(false);
    // A tree measures a row's height once, at the detail column's width then: measured again
    // whenever a column's width changes (the window resized, a column fitted to new words), so
    // a wrapped detail gets its lines instead of being cut.
    connect(m_items->header(), &QHeaderView::sectionResized, this, [this] {
        if (m_relayoutPending)
            return;
        m_relayoutPending = true;
        QMetaObject::invokeMethod(
            this,
            [this] {
                m_relayoutPending = false;
                m_items->doItemsLayout();
            },
            Qt::QueuedConnection);
    });
    m_items->installEventFilter(this);
    m_member->installEventFilter(this);
    connect(m_items->verticalScrollBar(), &QScrollBar::valueChanged, this, [this](int value) {
        if (isReplaying())
            m_follow = value == m_items->verticalScrollBar()->maximum();
    });
}

HandoffDialog::~HandoffDialog()
{
    delete m_running; // stops its sandbox and its jobs
    delete m_sandboxDir;
}

void HandoffDialog::chooseAndOpen(QWidget *parent, StateStore *store,
                                  std::function<void(HandoffDialog *)> opened)
{
    FileChooser::openFile(parent, tr("Open a handoff spec"), tr("Run specs (*.json)"),
                          [parent, store, opened](const QString &path) {
                              HandoffDialog *dialog = openFor(parent, store, path);
                              if (opened)
                                  opened(dialog);
                          });
}

HandoffDialog *HandoffDialog::openFor(QWidget *parent, StateStore *store, const QString &path)
{
    auto *dialog = new HandoffDialog(parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    // Gate 6's acceptor is a colleague's replay of this onboarding's first run: the record goes
    // to the one rule that decides (acceptFirstRunByReplay); gate 6's page shows its answer.
    connect(dialog, &HandoffDialog::replayed, dialog, [dialog, store](const QJsonObject &record) {
        if (!dialog->recordsForGateSix())
            return;
        std::expected<void, Error> accepted;
        store->update([&](OnboardingState &s) { accepted = acceptFirstRunByReplay(s, record); });
        emit dialog->acceptanceAnswered(accepted ? QString() : accepted.error().message);
    });
    if (dialog->open(path)) {
        // The onboarding, so that the dialog says before replaying when a replay by the member
        // named cannot accept gate 6 (replayerRefusal) — when the spec is of its first run.
        const OnboardingState &state = store->state();
        const Text other = replayedRunMismatch(state, curveDigest(dialog->m_spec->loss.curve));
        if (other.isEmpty())
            dialog->setOnboarding(state);
        else
            dialog->setOutsideOnboarding(other.toString());
    }
    dialog->show();
    return dialog;
}

void HandoffDialog::setOutsideOnboarding(const QString &why)
{
    m_onboarding.reset();
    m_outside = why;
    if (m_spec && m_shown == Shown::Gaps)
        showWhatTheListShows();
    checkMember();
}

void HandoffDialog::setMember(const QString &member)
{
    m_member->setText(member);
}

void HandoffDialog::setOnboarding(const OnboardingState &state)
{
    m_onboarding = state;
    if (m_spec && m_shown == Shown::Gaps)
        showWhatTheListShows(); // names the replay gate 6 records
    checkMember();
}

bool HandoffDialog::eventFilter(QObject *watched, QEvent *event)
{
    // End and Ctrl+End go to the last row and show it whole (#17 walk, item 4: Ctrl+End left
    // the list a pixel above its end, the last row cut, and the wheel went further): the view
    // scrolls its row into view by a measure one pixel short of the range's end.
    if (watched == m_items && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_End && !(key->modifiers() & Qt::ShiftModifier) &&
            m_items->topLevelItemCount() > 0) {
            m_items->setCurrentItem(m_items->topLevelItem(m_items->topLevelItemCount() - 1));
            m_items->scrollToBottom();
            return true;
        }
    }
#ifndef Q_OS_MACOS // there Option+letter types a character of its own
    // Alt+letter is a button's mnemonic, never text (#17 walk, item 5: with "Replay" disabled
    // its Alt+R reached the field as an "r" — "li.wei" became "li.weir"). An enabled button's
    // shortcut never gets here; a disabled one's is eaten, and the verdict line already says why
    // the button is off. AltGr (Ctrl+Alt on some layouts) still types.
    if (watched == m_member && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if ((key->modifiers() & Qt::AltModifier) && !(key->modifiers() & Qt::ControlModifier) &&
            !key->text().isEmpty())
            return true;
    }
#endif
    return QDialog::eventFilter(watched, event);
}

bool HandoffDialog::checkMember()
{
    const QString member = m_member->text().trimmed();
    // The gate's own rule (replayerRefusal): who may accept it, and who could instead.
    QString refused;
    if (m_onboarding && !member.isEmpty())
        refused = replayerRefusal(*m_onboarding, member).toString();
    const bool tookPart = !refused.isEmpty();
    // Both buttons stay where they are (#17 walk: Replay went off and moved, practice took its
    // place under the mouse, and a click meant for the replay started a practice run): the
    // replay is on when it can count, the practice run whenever a spec is open.
    m_practice->setEnabled(m_spec && !isReplaying());
    m_replay->setEnabled(!tookPart && m_spec && !isReplaying());
    // What a replay as the member named would do for gate 6, before it runs, in the words of
    // `onramp replay --state` (#17 walk 16): who could replay while no name is typed, the
    // refusal, or that it would accept it; first, when gate 6 is already accepted, by whom and
    // when, and that a new replay takes that one's place.
    const QString forecast = m_onboarding && !isReplaying()
                                 ? replayForecast(*m_onboarding, member).toString()
                                 : QString();
    const bool note = !forecast.isEmpty();
    if (tookPart)
        m_verdict->setText(Tr::sentences(
            {tr("This replay cannot accept gate 6."), forecast,
             tr("Or replay it now as practice: every item is shown and nothing is recorded.")}));
    else if (note)
        m_verdict->setText(member.isEmpty()
                               ? Tr::sentences({tr("Gate 6 is accepted by the replay of a "
                                                   "colleague who took no part in the "
                                                   "onboarding."),
                                                forecast})
                               : forecast);
    else if (m_verdict->property("onrampMemberNote").toBool())
        m_verdict->clear();
    m_verdict->setProperty("onrampMemberNote", note);
    return tookPart;
}

bool HandoffDialog::open(const QString &path)
{
    m_spec.reset();
    m_items->clear();
    m_verdict->clear();
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        m_summary->setText(tr("Cannot open %1: %2").arg(path, f.errorString()));
        m_fingerprint->hide();
        m_replay->setEnabled(false);
        return false;
    }
    const auto spec = parseRunSpec(f.read(RunSpecLimits::kMaxBytes + 1));
    if (!spec) {
        m_summary->setText(tr("%1 is not a run spec Onramp can use: %2")
                               .arg(QFileInfo(path).fileName(), spec.error().message));
        m_fingerprint->hide();
        m_replay->setEnabled(false);
        return false;
    }
    const QList<SpecGap> gaps = specGaps(*spec);
    // Which run the spec describes, before the comparison reads as the planned run's.
    QString standIn = standInText(*spec, [](const QString &v) { return v.toHtmlEscaped(); });
    if (!standIn.isEmpty())
        standIn = QStringLiteral("<br>") + standIn;
    m_summary->setText(
        tr("<b>%1</b><br>%2 on %3, image %4 %5.<br>%6")
            .arg(QFileInfo(path).fileName().toHtmlEscaped(),
                 jobNameText(spec->launch.entry).toHtmlEscaped(),
                 // The summary's words for the hardware (hardwareText).
                 hardwareText(spec->compute, [](const QString &v) { return v.toHtmlEscaped(); }),
                 spec->image.name.toHtmlEscaped(), spec->image.version.toHtmlEscaped(),
                 gaps.isEmpty() ? tr("The spec says everything a rerun needs.")
                                // One sentence for any count: "1 place … are" read wrong.
                                : tr("The spec does not say enough in %n place(s), marked below; "
                                     "a rerun can still go ahead.",
                                     nullptr, int(gaps.size()))) +
        // Gate 6 is not a gap: a spec is handed over before it passes.
        QStringLiteral("<br>") +
        tr("Gate %1 “%2” is what this replay decides: a replay from the spec alone by a "
           "colleague who took no part accepts it.")
            .arg(QString::number(gateNumber(GateId::FirstRun)),
                 gateDefinition(GateId::FirstRun).titleText().toHtmlEscaped()) +
        standIn);
    m_fingerprint->setText(tr("Fingerprint %1").arg(QString::fromLatin1(spec->fingerprintId())));
    m_fingerprint->show();
    m_follow = false;
    for (const SpecGap &g : gaps)
        addItem(ReplayItem::Status::Missing, g.what, g.message, g.field);
    m_items->scrollToTop();
    m_gaps = int(gaps.size());
    m_spec = *spec;
    m_shown = Shown::Gaps;
    showWhatTheListShows();
    m_replay->setEnabled(true);
    checkMember();
    return true;
}

void HandoffDialog::addItem(ReplayItem::Status status, const QString &what, const QString &detail,
                            const QString &field, const QString &technical)
{
    using S = ReplayItem::Status;
    // The replay's own tokens, in the reader's language (the token stays in the item's data).
    const QString label = status == S::Pass   ? tr("PASS")
                          : status == S::Fail ? tr("FAIL")
                          : status == S::NotApplicable ? tr("N/A")
                                                       : tr("MISSING");
    auto *item = new QTreeWidgetItem(m_items, {label, what, detail});
    item->setData(0, Qt::UserRole, ReplayItem::statusToken(status));
    // The field path is a technical detail: in the tooltip, never in the row's words.
    item->setData(1, Qt::UserRole, field);
    if (!field.isEmpty())
        item->setToolTip(1, tr("%1\nField in the spec: %2").arg(what, field));
    item->setToolTip(2, technical.isEmpty()
                            ? detail
                            : detail + QStringLiteral("\n\n") +
                                  tr("Technical details: %1").arg(technical));
    item->setData(2, Qt::UserRole, technical);
    const GateStatus tone = status == S::Pass || status == S::NotApplicable ? GateStatus::Passed
                            : status == S::Fail                            ? GateStatus::Rejected
                                                                           : GateStatus::Waiting;
    item->setForeground(0, statusColour(tone));
    // The first two columns fit their words; the detail takes the rest and wraps.
    m_items->resizeColumnToContents(0);
    m_items->resizeColumnToContents(1);
    // A running replay's newest row is followed while the reader is at the end of the list;
    // one who scrolled up to read stays where they are (every row used to pull the list to
    // itself). Opening a spec shows the list's top.
    if (m_follow)
        m_items->scrollToBottom();
}

bool HandoffDialog::isReplaying() const
{
    return m_running && m_running->running();
}

QString HandoffDialog::verdict() const
{
    return m_verdict->text();
}

QString HandoffDialog::listShows() const
{
    return m_shows->text();
}

void HandoffDialog::showWhatTheListShows()
{
    const QString when = Text::time(m_shownAt).toString();
    QString text;
    switch (m_shown) {
    case Shown::Gaps: {
        text = m_gaps > 0 ? tr("No replay in this window yet: the list shows the spec's gaps; a "
                               "replay's items follow them as they are decided.")
                          : tr("No replay in this window yet: a replay's items show here as "
                               "they are decided.");
        // A spec of another onboarding's first run: replayed by itself, nothing recorded here.
        if (!m_outside.isEmpty())
            text = Tr::sentences({text, m_outside,
                                  tr("Replay it to check the spec: nothing is recorded in this "
                                     "onboarding.")});
        // The replay gate 6 keeps is not in this list: said, with who and when.
        const QJsonObject recorded = m_onboarding ? m_onboarding->firstRun.replay : QJsonObject();
        if (!recorded.isEmpty())
            text = Tr::sentences(
                {text, tr("Gate 6 records %1's replay of %2: %3.")
                           .arg(replayerName(m_onboarding->workspace,
                                             recorded.value("member").toString()),
                                Text::time(replayTimeOf(recorded)).toString(),
                                recorded.value("reproduced").toBool() ? tr("reproduced")
                                                                      : tr("not reproduced"))});
        break;
    }
    case Shown::Running:
        text = m_practising ? tr("%1's practice replay (nothing is recorded), started %2: its "
                                 "items as they are decided.")
                                  .arg(m_shownMember, when)
                            : tr("%1's replay, started %2: its items as they are decided.")
                                  .arg(m_shownMember, when);
        break;
    case Shown::Reproduced:
    case Shown::NotReproduced:
    case Shown::Stopped: {
        const QString end = m_shown == Shown::Reproduced      ? tr("reproduced")
                            : m_shown == Shown::NotReproduced ? tr("not reproduced")
                                                              : tr("stopped");
        text = m_practising
                   ? tr("%1's practice replay (nothing is recorded), started %2: %3.")
                         .arg(m_shownMember, when, end)
                   : tr("%1's replay, started %2: %3.").arg(m_shownMember, when, end);
        break;
    }
    }
    m_shows->setText(text);
}

void HandoffDialog::replay()
{
    start(false);
}

void HandoffDialog::practice()
{
    start(true);
}

void HandoffDialog::start(bool practice)
{
    if (isReplaying() || !m_spec)
        return;
    const QString member = m_member->text().trimmed();
    if (member.isEmpty()) {
        // Who could stays said (#17 walk 16: the line went when Replay was pressed unnamed).
        m_verdict->setText(Tr::sentences(
            {tr("Say who replays: a colleague who took no part in the onboarding."),
             m_onboarding ? whoCouldReplayLine(*m_onboarding).toString() : QString()}));
        m_member->setFocus();
        return;
    }
    // A participant's replay cannot accept gate 6: said before anything runs, with the practice
    // run on offer (asked for by name, never started in its place).
    if (checkMember() && !practice)
        return;
    m_practising = practice;
    // The last replay's rows go (#17 walk, item 4: a second replay's rows were added below the
    // first's, and the list, shown from its top, read as the first replay's); the spec's gaps
    // stay above.
    while (m_items->topLevelItemCount() > m_gaps)
        delete m_items->takeTopLevelItem(m_gaps);
    m_items->scrollToTop();
    delete m_running;
    delete m_sandboxDir;
    m_sandboxDir = new QTemporaryDir;
    m_running = new Replay(*m_spec, member, this);
    m_running->useFreshSandbox(m_sandboxDir->path());
    m_running->onProgress = [this](const QString &text) { m_progress->setText(text); };
    m_running->onItem = [this](const ReplayItem &i) {
        addItem(i.status, i.what, i.detail(), i.field, i.technical);
    };
    m_follow = true;
    m_shown = Shown::Running;
    m_shownMember = member;
    m_shownAt = QDateTime::currentDateTimeUtc();
    showWhatTheListShows();
    m_replay->setEnabled(false);
    m_practice->setEnabled(false);
    m_member->setEnabled(false);
    m_cancel->setEnabled(true);
    m_verdict->setProperty("onrampMemberNote", false);
    m_verdict->setText(practice ? tr("Practice replay (nothing is recorded): provisioning, the "
                                     "readiness checks, the first run, then the comparison…")
                                : tr("Replaying from the spec alone: provisioning, the readiness "
                                     "checks, the first run, then the comparison…"));
    m_running->start([this](const ReplayOutcome &o) { finished(o); });
}

void HandoffDialog::cancelReplay()
{
    if (isReplaying())
        m_running->cancel();
}

void HandoffDialog::finished(const ReplayOutcome &o)
{
    // The whole list from its top, the spec's own gaps first (#17 walk: it was left scrolled
    // to the middle, the first rows out of sight); a reader who scrolled stays where they are.
    if (m_follow)
        m_items->scrollToTop();
    m_follow = false;
    m_progress->clear();
    m_member->setEnabled(true);
    m_cancel->setEnabled(false);
    m_replay->setEnabled(true);
    checkMember(); // which of Replay and practice applies to the member named
    if (o.at.isValid())
        m_shownAt = o.at; // the record's own time, which gate 6's pass takes
    m_shown = o.cancelled ? Shown::Stopped
              : o.reproduced() ? Shown::Reproduced
                               : Shown::NotReproduced;
    showWhatTheListShows();
    int code = -1;
    if (o.cancelled) {
        m_verdict->setText(tr("The replay was stopped; nothing was recorded."));
    } else if (o.reproduced()) {
        // The spec's own gaps stay marked above the rerun's items: "every item passed" beside
        // them read as a contradiction.
        // Items not compared (N/A) are said apart from those that passed (#17 walk 16: "every
        // item passed" beside three "N/A … not compared"), in the words gate 6's evidence gives.
        const QJsonObject record = o.toRecord();
        const bool allCompared = record.value("notCompared").toInt() == 0;
        const QString tally = replayTally(record).toString();
        m_verdict->setText(
            m_gaps == 0 ? (allCompared ? tr("Reproduced: every item passed.")
                                       : tr("Reproduced: %1.", "the items counted").arg(tally))
                        : tr("Reproduced: every item the rerun compared passed (%1). The spec "
                             "does not say enough in %n place(s), marked MISSING at the top: a "
                             "rerun elsewhere may differ there.",
                             nullptr, m_gaps)
                              .arg(tally));
        code = 0;
    } else {
        // The items in words; their field paths are in each row's tooltip.
        QStringList differs;
        for (const ReplayItem &i : o.items)
            if (i.counts())
                differs << i.what;
        differs.removeDuplicates();
        m_verdict->setText(tr("Not reproduced: it differs at %1 (%2).")
                               .arg(Tr::list(differs), replayTally(o.toRecord()).toString()));
        code = 1;
    }
    // A practice run is the participant's own look: it never reaches gate 6's record.
    if (m_practising && !o.cancelled)
        m_verdict->setText(Tr::sentences(
            {m_verdict->text(), tr("This was a practice run: nothing was recorded for gate 6.")}));
    m_verdict->setProperty("onrampMemberNote", false); // the verdict stays until the next one
    if (!o.cancelled && m_spec && !m_practising)
        emit replayed(o.toRecord(), *m_spec);
    emit replayFinished(code);
}

} // namespace onramp
