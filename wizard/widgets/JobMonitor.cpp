#include "JobMonitor.h"

#include "LiveChart.h"
#include "LogView.h"
#include "MonitoringCoach.h"
#include "ProviderHub.h"
#include "ProviderSession.h"
#include "ProviderStates.h"
#include "ReadinessChecks.h"
#include "Tr.h"

#include <QElapsedTimer>
#include <QEvent>
#include <QGridLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QVBoxLayout>

namespace onramp {

namespace {
constexpr qsizetype kKeptEvents = 400;
constexpr qint64 kFirstRead = 256 * 1024; // an earlier job: the end of its log only
} // namespace

QString JobMonitor::checkLabel(const QString &check)
{
    return jobNameText(check);
}

QString JobMonitor::stateLabel(const QString &state)
{
    return labelOf<JobState>(state);
}

JobMonitor::JobMonitor(ProviderHub *hub, QStringList checks, QWidget *parent)
    : QGroupBox(parent), m_hub(hub), m_checks(std::move(checks)), m_jobLine(new QLabel(this)),
      m_loss(new LiveChart(this)), m_step(new LiveChart(this)), m_memory(new LiveChart(this)),
      m_coach(new QLabel(this)), m_triage(new QLabel(this)), m_wait(new QLabel(this)),
      m_log(new LogView(this)), m_clock([] {
          static QElapsedTimer clock;
          if (!clock.isValid())
              clock.start();
          return clock.elapsed();
      })
{
    setObjectName(QStringLiteral("jobMonitor"));
    auto *layout = new QVBoxLayout(this);
    m_jobLine->setObjectName(QStringLiteral("jobLine"));
    m_jobLine->setWordWrap(true);
    m_jobLine->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_jobLine);
    auto *charts = new QGridLayout;
    m_loss->setObjectName(QStringLiteral("lossChart"));
    m_step->setObjectName(QStringLiteral("stepChart"));
    m_memory->setObjectName(QStringLiteral("memoryChart"));
    m_memory->setBytes(true); // fed bytes: the chart reads them in MiB or GiB
    charts->addWidget(m_loss, 0, 0);
    charts->addWidget(m_step, 0, 1);
    charts->addWidget(m_memory, 0, 2);
    layout->addLayout(charts);
    m_coach->setObjectName(QStringLiteral("coach"));
    m_coach->setWordWrap(true);
    // Two lines kept for the coach's reading, whose words change with each run: the page below
    // does not jump when a reading wraps (a fresh walk's page came out one line taller).
    m_coach->setMinimumHeight(2 * m_coach->fontMetrics().lineSpacing());
    m_coach->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_triage->setObjectName(QStringLiteral("liveTriage"));
    m_triage->setWordWrap(true);
    m_triage->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_wait->setObjectName(QStringLiteral("queueWait"));
    m_wait->setWordWrap(true);
    m_wait->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_coach);
    layout->addWidget(m_wait);
    layout->addWidget(m_triage);
    // What shows a run's own measurements (its job id, the charts, the coach's reading of
    // them, the log): different on every run (even the seeded loss curve arrives in pieces whose
    // timing the chart shows). `onramp screenshot --live-regions` lists these so a comparison
    // with the committed screenshots looks past them.
    for (QWidget *live : std::initializer_list<QWidget *>{m_jobLine, m_loss, m_step, m_memory,
                                                          m_coach, m_wait, m_triage, m_log})
        live->setProperty("onrampLive", true);
    layout->addWidget(m_log);
    if (m_hub)
        connect(m_hub, &ProviderHub::jobNews, this, &JobMonitor::news);
    retranslate();
}

void JobMonitor::reset(const QString &check)
{
    m_check = check;
    m_jobId.clear();
    m_job = {};
    m_loss->clear();
    m_step->clear();
    m_memory->clear();
    m_util.clear();
    m_stepSeconds.clear();
    m_events.clear();
    m_gpuMemory = false;
    m_lastStepAtMs = -1;
    m_log->clear();
    if (!m_recordedLine.isEmpty()) {
        m_recordedLine.clear();
        m_recordedCurve.clear();
        retranslate(); // the empty charts speak of a job to come again
    }
}

void JobMonitor::news(const QString &check, const QJsonObject &job, qint64 offset,
                      const QByteArray &bytes, qint64 size)
{
    Q_UNUSED(size);
    if (!m_checks.contains(check))
        return;
    const QString id = job.value("id").toString();
    // The newest job is shown: gate 5's framework check runs beside the others, and the news of
    // a job left behind would otherwise flip the charts back and forth.
    if (id != m_jobId && m_seenJobs.contains(id))
        return;
    m_seenJobs.insert(id);
    if (check != m_check || !m_recordedLine.isEmpty()) { // a record gives way to a live job
        m_unread = {};
        reset(check);
    }
    if (id != m_jobId) {
        // The next job of the same check (the checkpoint check's second run): keep the charts,
        // start the log anew.
        if (!m_jobId.isEmpty())
            m_log->clear();
        m_jobId = id;
        m_lastStepAtMs = -1; // its own steps, not the last job's
    }
    m_job = job;
    if (!bytes.isEmpty()) {
        const qsizetype steps = m_stepSeconds.size();
        consume(m_log->append(offset, bytes));
        // Live news: the newest step arrived now (by this clock, whatever the instance's says).
        if (qsizetype(m_stepSeconds.size()) > steps)
            m_lastStepAtMs = m_clock();
    }
    updateReadings();
}

void JobMonitor::showJob(const QString &jobId, const QString &check)
{
    if (!m_hub || !m_hub->session() || jobId.isEmpty() || m_loading)
        return;
    // What the record showed, back if the job cannot be read (a provider that no longer has
    // it): its curve with the provider's answer, not an empty view.
    const QString recordedLine = m_recordedLine;
    const QString untilRead = m_untilRead;
    const QString recordedCheck = m_recordedCheck;
    const QList<std::pair<int, double>> recordedCurve = m_recordedCurve;
    reset(check);
    m_unread = {};
    m_jobId = jobId;
    m_seenJobs.clear(); // live news takes over again, as before the user chose this job
    m_loading = true;
    setProperty("onrampLoading", true);
    const auto done = [this] {
        m_loading = false;
        setProperty("onrampLoading", false);
        updateReadings();
        m_loss->flush();
        m_step->flush();
        m_memory->flush();
    };
    // The hub reads it (the widget never speaks to the provider).
    m_hub->readJobTail(jobId, kFirstRead, this,
                       [this, done, recordedLine, untilRead, recordedCheck,
                        recordedCurve](const std::expected<JobTail, ProviderError> &tail) {
                           if (!tail && !recordedLine.isEmpty()) {
                               m_loading = false;
                               setProperty("onrampLoading", false);
                               const QString id = m_jobId;
                               m_jobId.clear();
                               // Why, kept past the record shown again (the page shows it
                               // anew on every change): #17 walk, the line ended in an empty
                               // provider error and the charts still promised the job's log.
                               m_unread = {id, tail.error().code == ProviderErrorCode::NotFound,
                                           tail.error().message.isEmpty()
                                               ? tail.error().details
                                               : tail.error().message};
                               showRecorded(recordedCheck, recordedCurve, recordedLine,
                                            untilRead);
                               return;
                           }
                           if (!tail) {
                               m_jobLine->setText(tail.error().message);
                               done();
                               return;
                           }
                           m_job = tail->job;
                           if (!tail->bytes.isEmpty())
                               consume(m_log->append(tail->offset, tail->bytes));
                           done();
                       });
}

void JobMonitor::showRecorded(const QString &check, const QList<std::pair<int, double>> &curve,
                              const QString &line, const QString &untilRead)
{
    // A job being read or followed live says more than the record.
    if (m_loading || !m_jobId.isEmpty())
        return;
    reset(check);
    m_recordedLine = line;
    m_untilRead = untilRead;
    m_recordedCheck = check;
    m_recordedCurve = curve;
    for (const auto &[step, loss] : curve)
        m_loss->append(step, loss);
    m_loss->flush();
    retranslate(); // the empty charts say what a record does not keep

}

void JobMonitor::consume(const QStringList &lines)
{
    for (const QString &line : lines) {
        if (!line.startsWith(u'{'))
            continue;
        const QJsonObject e = QJsonDocument::fromJson(line.toUtf8()).object();
        const QString name = e.value("event").toString();
        if (name.isEmpty())
            continue;
        if (name == QLatin1String("step")) {
            const double step = e.value("step").toDouble();
            m_loss->append(step, e.value("loss").toDouble());
            m_step->append(step, e.value("step_seconds").toDouble() * 1000);
            m_stepSeconds.push_back(e.value("step_seconds").toDouble());
            if (e.contains("gpu_memory_bytes")) {
                m_gpuMemory = true;
                m_memory->append(step, e.value("gpu_memory_bytes").toDouble());
            } else if (e.contains("memory_bytes")) {
                // A step that reports no memory is not a step at 0 bytes (#17 walk: the chart
                // of such a run read "0.00025 MiB" on its axis).
                m_memory->append(step, e.value("memory_bytes").toDouble());
            }
            if (e.value("gpu_utilization").toInt(-1) >= 0)
                m_util.push_back(e.value("gpu_utilization").toDouble());
        }
        m_events.append(e);
        if (m_events.size() > kKeptEvents)
            m_events.remove(0, m_events.size() - kKeptEvents);
    }
}

QString JobMonitor::unreadText() const
{
    if (m_unread.jobId.isEmpty())
        return {};
    if (m_unread.gone)
        return tr("The provider no longer has job %1: its log, step times and memory went with "
                  "it. The loss curve, evidence and diagnosis the record kept show here.")
            .arg(m_unread.jobId);
    return m_unread.error.isEmpty()
               ? tr("Job %1 could not be read from the provider; the record shows until it "
                    "can.")
                     .arg(m_unread.jobId)
               : tr("Job %1 could not be read from the provider: %2")
                     .arg(m_unread.jobId, m_unread.error);
}

void JobMonitor::updateReadings()
{
    if (m_jobId.isEmpty()) {
        m_jobLine->setText(!m_recordedLine.isEmpty()
                               ? Tr::sentences({m_recordedLine, m_unread.jobId.isEmpty()
                                                                    ? m_untilRead
                                                                    : unreadText()})
                               : tr("No job yet. The jobs this gate runs show here as they run."));
        m_coach->clear();
        m_triage->clear();
        m_wait->clear();
        m_wait->setVisible(false);
        return;
    }
    const QJsonObject reason = m_job.value("reason").toObject();
    QString line = tr("%1 — job %2: %3")
                       .arg(checkLabel(m_check), m_jobId, stateLabel(m_job.value("state").toString()));
    if (!reason.isEmpty())
        line += tr(" (%1)").arg(reason.value("message").toString());
    m_jobLine->setText(line);

    m_memory->setTitle(m_gpuMemory ? tr("GPU memory (%1)", "the unit: MiB or GiB")
                                   : tr("Memory in use (%1)", "the unit: MiB or GiB"));
    const CoachReading reading = coach(m_util, m_stepSeconds);
    m_coach->setText(tr("Coach: %1").arg(Tr::sentences({reading.text, reading.advice})));

    JobObservation obs = JobObservation::fromJob(m_job, QString());
    obs.logLines = m_log->lastLines(200);
    obs.events = m_events;
    if (m_lastStepAtMs >= 0)
        obs.secondsSinceLastStep = double(m_clock() - m_lastStepAtMs) / 1000;
    // While it waits: why, the first thing to do and when it should start.
    if (jobStateOf(m_job) == JobState::Queued) {
        const QueueWait w = explainWait(obs);
        m_wait->setText(
            tr("<b>%1.</b> %2 %3<br><b>First:</b> %4<br><small>%5</small>")
                .arg(w.title.toString().toHtmlEscaped(), w.waitsFor.toString().toHtmlEscaped(),
                     w.expected.toString().toHtmlEscaped(),
                     w.firstAction.toString().toHtmlEscaped(), w.evidence.toHtmlEscaped()));
        m_wait->setVisible(true);
    } else {
        m_wait->clear();
        m_wait->setVisible(false);
    }
    const Diagnosis d = triage(obs);
    if (d.kind != m_diagnosis.kind || d.queue != m_diagnosis.queue) {
        m_diagnosis = d;
        emit diagnosisChanged();
    }
    m_diagnosis = d;
    m_triage->setText(
        d.isFailure()
            ? tr("<b>%1.</b> %2<br><b>First:</b> %3<br><small>%4</small>")
                  .arg(d.title.toString().toHtmlEscaped(), d.cause.toString().toHtmlEscaped(),
                       d.firstAction.toString().toHtmlEscaped(), d.evidence.toHtmlEscaped())
            : QString());
    m_triage->setVisible(d.isFailure());
}

void JobMonitor::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslate();
    QGroupBox::changeEvent(e);
}

void JobMonitor::retranslate()
{
    setTitle(tr("Live job"));
    m_loss->setTitle(tr("Loss"));
    m_step->setTitle(tr("Step time (ms)"));
    // Before a job says which memory it reports, the third chart still says what it is for.
    m_memory->setTitle(m_gpuMemory ? tr("GPU memory (%1)", "the unit: MiB or GiB")
                                   : tr("Memory in use (%1)", "the unit: MiB or GiB"));
    // An empty chart says what will appear and when, not axes of nothing (#17 walk).
    const bool firstRun = m_checks == QStringList{QStringLiteral("first-run")};
    m_loss->setEmptyText(firstRun ? tr("The loss appears here once the first run starts.")
                                  : tr("The loss appears here once a check's job runs."));
    m_step->setEmptyText(firstRun
                             ? tr("The time per step appears here once the first run starts.")
                             : tr("The time per step appears here once a check's job runs."));
    m_memory->setEmptyText(
        firstRun ? tr("The memory in use appears here once the first run reports it.")
                 : tr("The memory in use appears here once a check's job reports it."));
    // A finished run shown from the onboarding's record (#17 walk: after a restart these said
    // the run had yet to start): the record keeps the loss curve only; the log, step times and
    // memory come back when the job's log is read from the provider again.
    if (!m_recordedLine.isEmpty()) {
        const QString notKept =
            m_unread.gone
                // Nothing will show it again: the record is all there is (#17 walk).
                ? tr("Not kept in the onboarding's record, which keeps the loss curve; the "
                     "provider no longer has job %1.")
                      .arg(m_unread.jobId)
                : tr("Not kept in the onboarding's record, which keeps the loss curve; shown "
                     "again when the job's log is read from the provider.");
        m_step->setEmptyText(notKept);
        m_memory->setEmptyText(notKept);
    }
    // The log pane of a record says what the record keeps and where the log is (#17 walk, item
    // 6: it stayed empty after a restart). The record keeps no log lines: the whole log stays at
    // the provider, read again from there (its end, 1,000 lines), and the onboarding file, saved
    // on every change, stays small; the run's curve, evidence and diagnosis are what it keeps.
    m_log->setEmptyText(
        !m_recordedLine.isEmpty() && m_unread.gone
            ? tr("The provider no longer has job %1, nor its log. The onboarding's record keeps "
                 "the run's loss curve, evidence and diagnosis, shown here.")
                  .arg(m_unread.jobId)
        : !m_recordedLine.isEmpty()
            ? tr("The onboarding's record keeps the run's loss curve, evidence and diagnosis, "
                 "not its log. The whole log stays at the provider with the job and shows here "
                 "once Onramp reads it from there again.")
            : tr("The job's log shows here as it runs."));
    updateReadings();
}

} // namespace onramp
