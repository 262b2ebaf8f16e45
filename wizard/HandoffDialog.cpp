#include "HandoffDialog.h"

#include "ReadinessChecks.h"

#include "StatusStyle.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QFileInfo>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace onramp {

HandoffDialog::HandoffDialog(QWidget *parent)
    : QDialog(parent), m_summary(new QLabel(this)), m_items(new QTreeWidget(this)),
      m_progress(new QLabel(this)), m_verdict(new QLabel(this)), m_member(new QLineEdit(this)),
      m_replay(new QPushButton(tr("&Replay on a fresh sandbox"), this)),
      m_cancel(new QPushButton(tr("Stop the replay"), this))
{
    setObjectName(QStringLiteral("handoffDialog"));
    setWindowTitle(tr("Open a handoff spec"));
    resize(860, 560);
    auto *layout = new QVBoxLayout(this);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_summary);
    auto *who = new QFormLayout;
    m_member->setObjectName(QStringLiteral("handoffMember"));
    // No name made up for them: the colleague says who they are (gate 6 is accepted only by
    // someone who did not run the first run), in whatever language the window speaks.
    m_member->setPlaceholderText(tr("your account, for example wang.fang"));
    m_member->setAccessibleName(tr("Replay as"));
    who->addRow(tr("Replay &as:"), m_member);
    layout->addLayout(who);
    m_items->setObjectName(QStringLiteral("handoffItems"));
    m_items->setColumnCount(3);
    m_items->setRootIsDecorated(false);
    m_items->setWordWrap(true);
    m_items->setHeaderLabels({tr("Status"), tr("Item"), tr("Detail")});
    m_items->header()->setStretchLastSection(true);
    layout->addWidget(m_items, 1);
    m_progress->setObjectName(QStringLiteral("handoffProgress"));
    m_progress->setWordWrap(true);
    layout->addWidget(m_progress);
    m_verdict->setObjectName(QStringLiteral("handoffVerdict"));
    m_verdict->setWordWrap(true);
    layout->addWidget(m_verdict);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_replay->setObjectName(QStringLiteral("handoffReplay"));
    m_cancel->setObjectName(QStringLiteral("handoffCancel"));
    buttons->addButton(m_replay, QDialogButtonBox::ActionRole);
    buttons->addButton(m_cancel, QDialogButtonBox::ActionRole);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_replay, &QPushButton::clicked, this, &HandoffDialog::replay);
    connect(m_cancel, &QPushButton::clicked, this, &HandoffDialog::cancelReplay);
    m_replay->setEnabled(false);
    m_cancel->setEnabled(false);
}

HandoffDialog::~HandoffDialog()
{
    delete m_running; // stops its sandbox and its jobs
    delete m_sandboxDir;
}

void HandoffDialog::setMember(const QString &member)
{
    m_member->setText(member);
}

bool HandoffDialog::open(const QString &path)
{
    m_spec.reset();
    m_items->clear();
    m_verdict->clear();
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        m_summary->setText(tr("Cannot open %1: %2").arg(path, f.errorString()));
        m_replay->setEnabled(false);
        return false;
    }
    const auto spec = parseRunSpec(f.read(RunSpecLimits::kMaxBytes + 1));
    if (!spec) {
        m_summary->setText(tr("%1 is not a run spec Onramp can use: %2")
                               .arg(QFileInfo(path).fileName(), spec.error().message));
        m_replay->setEnabled(false);
        return false;
    }
    const QList<SpecGap> gaps = specGaps(*spec);
    // Which run the spec describes, before the comparison reads as the planned run's.
    QString standIn = standInText(*spec, [](const QString &v) { return v.toHtmlEscaped(); });
    if (!standIn.isEmpty())
        standIn = QStringLiteral("<br>") + standIn;
    m_summary->setText(
        tr("<b>%1</b><br>%2 on %3 × %4 (%5), image %6 %7.<br>Fingerprint %8.<br>%9")
            .arg(QFileInfo(path).fileName().toHtmlEscaped(),
                 jobNameText(spec->launch.entry).toHtmlEscaped(),
                 QString::number(spec->compute.nodes),
                 spec->compute.instanceType.toHtmlEscaped(), spec->compute.card.toHtmlEscaped(),
                 spec->image.name.toHtmlEscaped(), spec->image.version.toHtmlEscaped(),
                 QString::fromLatin1(spec->fingerprintId()),
                 gaps.isEmpty() ? tr("The spec says everything a rerun needs.")
                                : tr("%n place(s) where the spec does not say enough are marked "
                                     "below; a rerun can still go ahead.",
                                     nullptr, int(gaps.size()))) +
        standIn);
    for (const SpecGap &g : gaps)
        addItem(ReplayItem::Status::Missing, g.field, g.message);
    m_gaps = int(gaps.size());
    m_spec = *spec;
    m_replay->setEnabled(true);
    return true;
}

void HandoffDialog::addItem(ReplayItem::Status status, const QString &what, const QString &detail)
{
    using S = ReplayItem::Status;
    // The replay's own tokens, in the reader's language (the token stays in the item's data).
    const QString label = status == S::Pass   ? tr("PASS")
                          : status == S::Fail ? tr("FAIL")
                          : status == S::NotApplicable ? tr("N/A")
                                                       : tr("MISSING");
    auto *item = new QTreeWidgetItem(m_items, {label, what, detail});
    item->setData(0, Qt::UserRole, ReplayItem::statusToken(status));
    item->setToolTip(2, detail);
    const GateStatus tone = status == S::Pass || status == S::NotApplicable ? GateStatus::Passed
                            : status == S::Fail                            ? GateStatus::Rejected
                                                                           : GateStatus::Waiting;
    item->setForeground(0, statusColour(tone));
    m_items->resizeColumnToContents(0);
    m_items->resizeColumnToContents(1);
    m_items->scrollToItem(item);
}

bool HandoffDialog::isReplaying() const
{
    return m_running && m_running->running();
}

QString HandoffDialog::verdict() const
{
    return m_verdict->text();
}

void HandoffDialog::replay()
{
    if (isReplaying() || !m_spec)
        return;
    const QString member = m_member->text().trimmed();
    if (member.isEmpty()) {
        m_verdict->setText(tr("Say who replays: a colleague who took no part in the first run."));
        m_member->setFocus();
        return;
    }
    delete m_running;
    delete m_sandboxDir;
    m_sandboxDir = new QTemporaryDir;
    m_running = new Replay(*m_spec, member, this);
    m_running->useFreshSandbox(m_sandboxDir->path());
    m_running->onProgress = [this](const QString &text) { m_progress->setText(text); };
    m_running->onItem = [this](const ReplayItem &i) {
        addItem(i.status, i.what + QStringLiteral(" (") + i.field + u')', i.detail());
    };
    m_replay->setEnabled(false);
    m_member->setEnabled(false);
    m_cancel->setEnabled(true);
    m_verdict->setText(tr("Replaying from the spec alone: provisioning, the readiness checks, the "
                          "first run, then the comparison…"));
    m_running->start([this](const ReplayOutcome &o) { finished(o); });
}

void HandoffDialog::cancelReplay()
{
    if (isReplaying())
        m_running->cancel();
}

void HandoffDialog::finished(const ReplayOutcome &o)
{
    m_progress->clear();
    m_replay->setEnabled(true);
    m_member->setEnabled(true);
    m_cancel->setEnabled(false);
    int code = -1;
    if (o.cancelled) {
        m_verdict->setText(tr("The replay was stopped; nothing was recorded."));
    } else if (o.reproduced()) {
        // The spec's own gaps stay marked above the rerun's items: "every item passed" beside
        // them read as a contradiction.
        m_verdict->setText(m_gaps == 0
                               ? tr("Reproduced: every item passed.")
                               : tr("Reproduced: every item the rerun compared passed. The %n "
                                    "place(s) marked MISSING at the top are what the spec does "
                                    "not say: a rerun elsewhere may differ there.",
                                    nullptr, m_gaps));
        code = 0;
    } else {
        m_verdict->setText(tr("Not reproduced: it differs at %1.")
                               .arg(o.failedFields().join(QStringLiteral(", "))));
        code = 1;
    }
    if (!o.cancelled && m_spec)
        emit replayed(o.toRecord(), *m_spec);
    emit replayFinished(code);
}

} // namespace onramp
