#include "FirstRunPage.h"

#include "ReadinessChecks.h"

#include "GateLedger.h"
#include "HandoffDialog.h"
#include "JobMonitor.h"
#include "OnboardingState.h"
#include "ProviderHub.h"
#include "ProviderSession.h"
#include "ProviderStates.h"
#include "RunSpec.h"
#include "StateStore.h"
#include "StatusStyle.h"

#include <QEvent>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace onramp {

namespace {

QString pointTitle(const QString &name)
{
    if (name == QLatin1String("environment_starts"))
        return FirstRunPage::tr("The environment starts");
    if (name == QLatin1String("data_readable"))
        return FirstRunPage::tr("The data is readable");
    if (name == QLatin1String("memory_sufficient"))
        return FirstRunPage::tr("Memory is sufficient");
    if (name == QLatin1String("loss_decreasing"))
        return FirstRunPage::tr("The loss decreases");
    return FirstRunPage::tr("Artifacts are on disk (checkpoints, metrics)");
}

} // namespace

FirstRunPage::FirstRunPage(StateStore *store, QWidget *parent)
    : GatePage(GateId::FirstRun, store, parent)
{
}

void FirstRunPage::buildContent(QVBoxLayout *content)
{
    m_intro = new QLabel(this);
    m_intro->setWordWrap(true);
    content->addWidget(m_intro);
    // Which run the points and the log are of, where the log is read (walk 19: the log read
    // /mnt/data/sample and torch 1.13 beside a plan of /mnt/data/support and torch 2.7, and only
    // the Summary said the first run is a stand-in).
    m_standIn = new QLabel(this);
    m_standIn->setObjectName(QStringLiteral("firstRunStandIn"));
    m_standIn->setWordWrap(true);
    m_standIn->setTextFormat(Qt::PlainText);
    m_standIn->hide();
    content->addWidget(m_standIn);

    m_pointsBox = new QGroupBox(this);
    auto *pl = new QVBoxLayout(m_pointsBox);
    m_points = new QTreeWidget(m_pointsBox);
    m_points->setObjectName(QStringLiteral("firstRunPoints"));
    m_points->setColumnCount(2);
    m_points->setRootIsDecorated(false);
    m_points->header()->hide();
    for (int i = 0; i < FirstRunGateData::pointNames().size(); ++i)
        m_points->addTopLevelItem(new QTreeWidgetItem);
    m_points->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    pl->addWidget(m_points);
    content->addWidget(m_pointsBox);

    m_triageBox = new QGroupBox(this);
    m_triageBox->setObjectName(QStringLiteral("triagePanel"));
    auto *tl = new QVBoxLayout(m_triageBox);
    m_triage = new QLabel(m_triageBox);
    m_triage->setObjectName(QStringLiteral("triageText"));
    m_triage->setWordWrap(true);
    m_triage->setTextInteractionFlags(Qt::TextSelectableByMouse);
    tl->addWidget(m_triage);
    content->addWidget(m_triageBox);

    // A run that resumes itself: its policy, and each job with how it ended and why it was
    // submitted again.
    m_attemptsBox = new QGroupBox(this);
    m_attemptsBox->setObjectName(QStringLiteral("firstRunAttemptsBox"));
    auto *al = new QVBoxLayout(m_attemptsBox);
    m_recovery = new QLabel(m_attemptsBox);
    m_recovery->setObjectName(QStringLiteral("firstRunRecovery"));
    m_recovery->setWordWrap(true);
    m_attempts = new QListWidget(m_attemptsBox);
    m_attempts->setObjectName(QStringLiteral("firstRunAttempts"));
    m_attempts->setMaximumHeight(90);
    m_attempts->setWordWrap(true);
    al->addWidget(m_recovery);
    al->addWidget(m_attempts);
    content->addWidget(m_attemptsBox);

    m_monitor = new JobMonitor(hub(), {QStringLiteral("first-run")}, this);
    content->addWidget(m_monitor);
    connect(m_monitor, &JobMonitor::diagnosisChanged, this, &FirstRunPage::refreshRun);

    m_wrapBox = new QGroupBox(this);
    m_wrapBox->setObjectName(QStringLiteral("wrapUp"));
    auto *wl = new QVBoxLayout(m_wrapBox);
    m_wrapUp = new QLabel(m_wrapBox);
    m_wrapUp->setWordWrap(true);
    m_wrapUp->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_archived = new QListWidget(m_wrapBox);
    m_archived->setObjectName(QStringLiteral("archivedArtifacts"));
    m_archived->setMaximumHeight(110);
    m_openSpec = new QPushButton(m_wrapBox);
    m_openSpec->setObjectName(QStringLiteral("openHandoffSpec"));
    wl->addWidget(m_wrapUp);
    wl->addWidget(m_archived);
    wl->addWidget(m_openSpec, 0, Qt::AlignLeft);
    m_acceptance = new QLabel(m_wrapBox);
    m_acceptance->setObjectName(QStringLiteral("replayAcceptance"));
    m_acceptance->setWordWrap(true);
    m_acceptance->setTextInteractionFlags(Qt::TextSelectableByMouse);
    wl->addWidget(m_acceptance);
    content->addWidget(m_wrapBox);
    connect(m_openSpec, &QPushButton::clicked, this, [this] {
        HandoffDialog::chooseAndOpen(this, store(), [this](HandoffDialog *dialog) {
            connect(dialog, &HandoffDialog::acceptanceAnswered, this,
                    &FirstRunPage::showReplayAcceptance);
        });
    });

    connect(store(), &StateStore::changed, this, &FirstRunPage::refreshRun);
    retranslateTexts();
    // The last first run's job, read again from the provider once a session is there and idle
    // (#17 walk, item 6: after a restart its log pane stayed empty); the wait is the gate
    // pages' one (GatePage::whenProviderReady), which gate 5 shares.
    whenProviderReady(m_monitor, [this] {
        const QString id = store()->state().firstRun.run.jobId;
        if (!id.isEmpty())
            m_monitor->showJob(id, QStringLiteral("first-run"));
    });
}

void FirstRunPage::openHandoffSpec(const QString &path)
{
    // The app's one flow (the welcome page and Ctrl+O open the same); the page shows gate 6's
    // answer to a replay recorded for it.
    auto *dialog = HandoffDialog::openFor(this, store(), path);
    connect(dialog, &HandoffDialog::acceptanceAnswered, this, &FirstRunPage::showReplayAcceptance);
}

void FirstRunPage::showReplayAcceptance(const QString &refused)
{
    const OnboardingState &s = store()->state();
    const QString missing = refused.isEmpty() ? firstRunAcceptanceMissing(s).toString() : refused;
    m_acceptance->setText(
        missing.isEmpty()
            // The record's time, which is the accepting replay's (acceptFirstRunByReplay).
            ? tr("✔ Accepted on %1: %2.")
                  .arg(Text::time(s.gate(GateId::FirstRun).acceptedAt).toString(),
                       s.gate(GateId::FirstRun).acceptedBy.toString())
            // The ledger's sentence says who accepts and how; said once (#17 walk: "accepted
            // by a colleague's replay" read twice in a row).
            : tr("Not accepted yet: %1").arg(missing));
}

void FirstRunPage::refreshRun()
{
    if (!m_points)
        return;
    showReplayAcceptance({});
    const OnboardingState &s = store()->state();
    const FirstRunGateData &run = s.firstRun;
    const QString standIn = run.run.state.isEmpty()
                                ? QString()
                                : standInText(runSpecFromState(s), [](const QString &v) { return v; });
    if (m_standIn->text() != standIn)
        m_standIn->setText(standIn);
    m_standIn->setVisible(!standIn.isEmpty());
    const QStringList &names = FirstRunGateData::pointNames();
    for (int i = 0; i < names.size(); ++i) {
        QTreeWidgetItem *item = m_points->topLevelItem(i);
        const bool known = run.points.contains(names[i]);
        const bool ok = run.points.value(names[i]);
        item->setText(0, known ? (ok ? QStringLiteral("✔") : QStringLiteral("✘"))
                               : QStringLiteral("○"));
        item->setForeground(0, known ? statusColour(ok ? GateStatus::Passed : GateStatus::Rejected)
                                     : palette().color(QPalette::Text));
        item->setText(1, pointTitle(names[i]));
    }
    m_points->resizeColumnToContents(0);
    // Five rows, no scrolling: sized once they have their text (row height follows the font).
    m_points->setFixedHeight(m_points->sizeHintForRow(0) * int(names.size()) +
                             2 * m_points->frameWidth() + 4);

    // A finished run's curve as the state recorded it, until its job is read again (#17 walk:
    // after a restart the live view stayed empty, the provider not connected yet or gone).
    if (!run.curve.isEmpty() &&
        (run.run.passed() || run.run.state == QLatin1String("failed"))) // finished, not running
        m_monitor->showRecorded(
            QStringLiteral("first-run"), run.curve,
            tr("The first run (job %1, %2) as recorded: its loss at %n logged step(s).", nullptr,
               int(run.curve.size()))
                .arg(run.run.jobId.isEmpty() ? tr("id not recorded") : run.run.jobId,
                     labelOf<CheckState>(run.run.state)),
            // Said until the job is read again; the monitor says it if the provider has it no more.
            tr("Its log is at the provider; it shows here once Onramp is connected to it "
               "again."));

    // The triage: the run's saved diagnosis, or what the live job shows now.
    const Diagnosis &live = m_monitor->diagnosis();
    QString triage;
    if (live.isFailure())
        triage =
            tr("<b>%1.</b> %2<br><b>First:</b> %3")
                .arg(live.title.toString().toHtmlEscaped(), live.cause.toString().toHtmlEscaped(),
                     live.firstAction.toString().toHtmlEscaped());
    else if (!run.run.diagnosis.isEmpty())
        triage = run.run.diagnosis.toString().toHtmlEscaped();
    else if (run.run.passed())
        triage = tr("Nothing to triage: the first run passed.");
    else
        triage = tr("When a job is queued forever, exits at start, cannot read data, runs out of "
                    "memory, is extremely slow or cannot resume, the cause and the first action "
                    "show here. Queued for quota, for stock and for permission are told apart.");
    m_triage->setText(triage);

    m_recovery->setText(run.recovery.text());
    m_attempts->clear();
    for (int i = 0; i < run.attempts.size(); ++i) {
        const QString text = tr("Attempt %1 — %2").arg(i + 1).arg(run.attempts[i].text());
        auto *item = new QListWidgetItem(text, m_attempts);
        // The provider's own words are the technical details, in its language.
        const QString &words = run.attempts[i].reason;
        item->setToolTip(words.isEmpty() ? text
                                         : text + u'\n' + tr("The provider's words: %1").arg(words));
    }
    m_attempts->setVisible(!run.attempts.isEmpty());

    QStringList lines;
    if (!run.run.evidence.isEmpty())
        lines << tr("First run: %1").arg(run.run.evidence.toString().toHtmlEscaped());
    if (run.run.passed()) {
        const RunSpec spec = runSpecFromState(s);
        lines << tr("Task: %1 on %2, image %3 %4; spec %5")
                     .arg(jobNameText(spec.launch.entry).toHtmlEscaped(),
                          spec.compute.instanceType.toHtmlEscaped(),
                          spec.image.name.toHtmlEscaped(), spec.image.version.toHtmlEscaped(),
                          QString::fromLatin1(spec.fingerprintId().left(19)));
    }
    lines << (run.released ? tr("Instance released; artifacts recorded under purposeful names:")
                           : tr("After a passing first run: wrap up — the artifacts get "
                                "purposeful names and the instance is released."));
    m_wrapUp->setText(lines.join(QStringLiteral("<br>")));
    m_archived->clear();
    m_archived->addItems(run.archived);
    m_archived->setVisible(!run.archived.isEmpty());
}

void FirstRunPage::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange && m_points)
        retranslateTexts();
    GatePage::changeEvent(e);
}

void FirstRunPage::retranslateTexts()
{
    m_intro->setText(tr("The first run pushes a small slice through the whole chain — read data, "
                        "forward, backward, save a checkpoint, write outputs, log — and checks the "
                        "guides' five points. The handoff works when a colleague reruns it from "
                        "the spec alone."));
    m_pointsBox->setTitle(tr("The five points"));
    m_triageBox->setTitle(tr("Triage"));
    m_wrapBox->setTitle(tr("Wrap-up and handoff"));
    m_attemptsBox->setTitle(tr("Attempts"));
    m_attempts->setAccessibleName(tr("The first run's attempts"));
    m_openSpec->setText(tr("Open a handoff spec…"));
    m_openSpec->setAccessibleName(tr("Open a handoff spec"));
    refreshRun();
}

} // namespace onramp
