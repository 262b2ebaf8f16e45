#include "HandoffDialog.h"

#include "StatusStyle.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace onramp {

HandoffDialog::HandoffDialog(QWidget *parent)
    : QDialog(parent), m_program(QCoreApplication::applicationFilePath()),
      m_summary(new QLabel(this)), m_items(new QTreeWidget(this)), m_verdict(new QLabel(this)),
      m_replay(new QPushButton(tr("Replay on a fresh sandbox"), this))
{
    setObjectName(QStringLiteral("handoffDialog"));
    setWindowTitle(tr("Open a handoff spec"));
    resize(860, 560);
    auto *layout = new QVBoxLayout(this);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_summary);
    m_items->setObjectName(QStringLiteral("handoffItems"));
    m_items->setColumnCount(3);
    m_items->setRootIsDecorated(false);
    m_items->setWordWrap(true);
    m_items->setHeaderLabels({tr("Status"), tr("Item"), tr("Detail")});
    m_items->header()->setStretchLastSection(true);
    layout->addWidget(m_items, 1);
    m_verdict->setObjectName(QStringLiteral("handoffVerdict"));
    m_verdict->setWordWrap(true);
    layout->addWidget(m_verdict);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_replay->setObjectName(QStringLiteral("handoffReplay"));
    buttons->addButton(m_replay, QDialogButtonBox::ActionRole);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_replay, &QPushButton::clicked, this, &HandoffDialog::replay);
    m_replay->setEnabled(false);
}

HandoffDialog::~HandoffDialog()
{
    if (m_process && m_process->state() != QProcess::NotRunning) {
        m_process->kill();
        m_process->waitForFinished(2000);
    }
}

bool HandoffDialog::open(const QString &path)
{
    m_path = path;
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
    m_summary->setText(
        tr("<b>%1</b><br>%2 on %3 × %4 (%5), image %6 %7.<br>Fingerprint %8.<br>%9")
            .arg(QFileInfo(path).fileName().toHtmlEscaped(),
                 spec->launch.entry.toHtmlEscaped(), QString::number(spec->compute.nodes),
                 spec->compute.instanceType.toHtmlEscaped(), spec->compute.card.toHtmlEscaped(),
                 spec->image.name.toHtmlEscaped(), spec->image.version.toHtmlEscaped(),
                 QString::fromLatin1(spec->fingerprintId()),
                 gaps.isEmpty() ? tr("The spec says everything a rerun needs.")
                                : tr("%n place(s) where the spec does not say enough are marked "
                                     "below; a rerun can still go ahead.",
                                     nullptr, int(gaps.size()))));
    for (const SpecGap &g : gaps)
        addItem(QStringLiteral("MISSING"), g.field, g.message);
    m_replay->setEnabled(true);
    return true;
}

void HandoffDialog::addItem(const QString &status, const QString &what, const QString &detail)
{
    // The replay's own tokens, in the reader's language (the token stays in the item's data).
    const QString label = status == QLatin1String("PASS")   ? tr("PASS")
                          : status == QLatin1String("FAIL") ? tr("FAIL")
                                                            : tr("MISSING");
    auto *item = new QTreeWidgetItem(m_items, {label, what, detail});
    item->setData(0, Qt::UserRole, status);
    item->setToolTip(2, detail);
    const GateStatus tone = status == QLatin1String("PASS")   ? GateStatus::Passed
                            : status == QLatin1String("FAIL") ? GateStatus::Rejected
                                                              : GateStatus::Waiting;
    item->setForeground(0, statusColour(tone));
    m_items->resizeColumnToContents(0);
    m_items->resizeColumnToContents(1);
    m_items->scrollToItem(item);
}

bool HandoffDialog::isReplaying() const
{
    return m_process && m_process->state() != QProcess::NotRunning;
}

QString HandoffDialog::verdict() const
{
    return m_verdict->text();
}

void HandoffDialog::replay()
{
    if (isReplaying() || m_path.isEmpty())
        return;
    delete m_process;
    m_process = new QProcess(this);
    m_process->setProcessChannelMode(QProcess::SeparateChannels);
    m_process->setProgram(m_program);
    m_process->setArguments({QStringLiteral("replay"), m_path});
    m_process->setStandardInputFile(QProcess::nullDevice());
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    // The replay speaks the wizard's language (the CLI follows the locale).
    env.insert(QStringLiteral("LC_ALL"), QLocale().name() + QStringLiteral(".UTF-8"));
    m_process->setProcessEnvironment(env);
    connect(m_process, &QProcess::readyReadStandardOutput, this, &HandoffDialog::readOutput);
    connect(m_process, &QProcess::finished, this, [this](int code, QProcess::ExitStatus status) {
        readOutput();
        const QString errors = QString::fromUtf8(m_process->readAllStandardError()).trimmed();
        if (status != QProcess::NormalExit)
            m_verdict->setText(tr("The replay stopped unexpectedly."));
        else if (code == 0)
            m_verdict->setText(tr("Reproduced: every item passed."));
        else if (code == 1)
            m_verdict->setText(tr("Not reproduced: see the items marked FAIL."));
        else
            m_verdict->setText(tr("The replay could not run: %1").arg(errors));
        m_replay->setEnabled(true);
        emit replayFinished(status == QProcess::NormalExit ? code : -1);
    });
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart) {
            m_verdict->setText(tr("Cannot start %1: %2").arg(m_program, m_process->errorString()));
            m_replay->setEnabled(true);
            emit replayFinished(-1);
        }
    });
    m_replay->setEnabled(false);
    m_verdict->setText(tr("Replaying from the spec alone: provisioning, the readiness checks, the "
                          "first run, then the comparison…"));
    m_process->start();
}

void HandoffDialog::readOutput()
{
    m_pending += m_process->readAllStandardOutput();
    static const QRegularExpression item(QStringLiteral("^(PASS|FAIL|MISSING)  ([^:]+): (.*)$"));
    qsizetype nl;
    while ((nl = m_pending.indexOf('\n')) >= 0) {
        const QString line = QString::fromUtf8(m_pending.left(nl));
        m_pending.remove(0, nl + 1);
        if (const auto m = item.match(line); m.hasMatch())
            addItem(m.captured(1), m.captured(2), m.captured(3));
    }
}

} // namespace onramp
