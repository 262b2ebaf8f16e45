#pragma once

#include "Triage.h"

#include <QGroupBox>
#include <QJsonObject>
#include <QPointer>
#include <QSet>

#include <functional>
#include <vector>

class QLabel;

namespace onramp {

class LiveChart;
class LogView;
class ProviderHub;

// A job watched live: its state and queued reason, charts of loss, step time and memory, the
// monitoring coach's reading, the triage's diagnosis, and the end of its log. Fed by the hub's
// job news while the page's own operation runs, or by showJob() for an earlier job (the log read
// from the provider, only its end when it is large).
class JobMonitor : public QGroupBox
{
    Q_OBJECT
public:
    JobMonitor(ProviderHub *hub, QStringList checks, QWidget *parent = nullptr);

    // Reads an earlier job from the provider: its state and the end of its log.
    void showJob(const QString &jobId, const QString &check);
    // What the state recorded of a finished job, when it cannot be read again (after a restart
    // the provider may be gone): its loss at every logged step and a line saying so. A job read
    // later (showJob, live news) replaces it.
    // `untilRead` says where the rest is while the job has not been read again ("Its log is at
    // the provider…"); once a read finds the provider no longer has the job, that is said
    // instead.
    void showRecorded(const QString &check, const QList<std::pair<int, double>> &curve,
                      const QString &line, const QString &untilRead = {});
    bool isLoading() const { return m_loading; }
    const Diagnosis &diagnosis() const { return m_diagnosis; }
    LiveChart *lossChart() const { return m_loss; }
    LiveChart *stepChart() const { return m_step; }
    LogView *log() const { return m_log; }
    static QString checkLabel(const QString &check); // translated
    static QString stateLabel(const QString &state); // translated job state
    // The clock a hang is judged by (milliseconds, monotonic); a test sets its own.
    void setClock(std::function<qint64()> clock) { m_clock = std::move(clock); }
    // Judges the job again as it stands now (every poll's news does).
    void refresh() { updateReadings(); }

signals:
    void diagnosisChanged();

protected:
    void changeEvent(QEvent *e) override;

private:
    void news(const QString &check, const QJsonObject &job, qint64 offset, const QByteArray &bytes,
              qint64 size);
    void consume(const QStringList &lines);
    void updateReadings();
    void retranslate();
    void reset(const QString &check);
    // Why the recorded job shown could not be read again; empty when it was, or never asked.
    QString unreadText() const;

    ProviderHub *m_hub;
    QStringList m_checks;
    QLabel *m_jobLine;
    LiveChart *m_loss;
    LiveChart *m_step;
    LiveChart *m_memory;
    QLabel *m_coach;
    QLabel *m_triage;
    QLabel *m_wait; // a queued job's wait, in the triage's words
    LogView *m_log;

    QString m_check;
    QString m_jobId;
    QString m_recordedLine; // showRecorded()'s, while no job is shown
    QString m_untilRead;    // and its sentence on where the rest is
    // showRecorded()'s record, shown again when the job it names cannot be read.
    QString m_recordedCheck;
    QList<std::pair<int, double>> m_recordedCurve;
    // The last read of a recorded job that failed: its id, whether the provider no longer has
    // it (not found), else the provider's words. Kept while the record shows.
    struct Unread
    {
        QString jobId;
        bool gone = false;
        QString error;
    } m_unread;
    QSet<QString> m_seenJobs; // every job shown so far: news of an older one is not followed
    QJsonObject m_job;
    std::vector<double> m_util, m_stepSeconds;
    QList<QJsonObject> m_events; // the newest events, bounded
    bool m_gpuMemory = false;
    bool m_loading = false;
    Diagnosis m_diagnosis;
    std::function<qint64()> m_clock;
    qint64 m_lastStepAtMs = -1; // when the newest step arrived live; -1: none, or not live
};

} // namespace onramp
