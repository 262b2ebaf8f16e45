#pragma once

#include <QHash>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <utility>

class QObject;
class QProcess;
class QProcessEnvironment;

namespace onramp {

class Sandbox;

// Runs the sandbox's jobs as real child processes (onramp-probe, or a script from the
// instance): with a scrubbed environment, their standard streams as their only descriptors,
// able to write their output and scratch folders only (Landlock: the data folder is read-only
// in fact, whoever owns it), as nobody where the sandbox runs as root (sandbox/README.md, "What
// a job can reach"), their output appended to the job's log, and
// their end written to the job's record. Jobs end with the runner, and with the thread that
// started them.
class JobRunner
{
public:
    // `sandbox` is the owner: its store, folders and probe program. The processes are children
    // of `context` (the server) and report on its thread.
    JobRunner(Sandbox &sandbox, QObject *context);
    ~JobRunner();
    JobRunner(const JobRunner &) = delete;
    JobRunner &operator=(const JobRunner &) = delete;

    // Starts the queued `job` and marks it running (or failed, when there is no probe to run),
    // in `job` and in the store.
    void start(QJsonObject &job);
    bool isRunning(const QString &jobId) const { return m_processes.contains(jobId); }
    // What a preemption does: a signal the job may catch to save and leave.
    void interrupt(const QString &jobId);
    // The fault plan's preemption: SIGTERM, as a cloud's spot reclaim sends; the job ends
    // interrupted with reason Preempted.
    void preempt(const QString &jobId, int step);
    void kill(const QString &jobId);
    // Kills every running job and forgets it: its end is not recorded.
    void stopAll();

private:
    // The program and arguments of the job's launch; an empty program when the probe is missing.
    std::pair<QString, QStringList> command(const QJsonObject &job) const;
    QProcessEnvironment environment(const QJsonObject &job) const;
    // Records the job's end when its process finishes or cannot start.
    void watch(QProcess *process, const QString &jobId);
    // Reads the job's log as it grows for the steps the fault plan acts at (preempt, hang).
    void watchSteps(QProcess *process, const QJsonObject &job);
    // Lets a job the plan hung (stopped) go on, so that a signal sent to it is handled.
    void release(const QString &jobId);

    Sandbox &m_sandbox;
    QObject *m_context;
    QHash<QString, QProcess *> m_processes; // running jobs by id
    QHash<QString, QList<qint64>> m_stopped; // jobs the fault plan hung: their stopped pids
};

} // namespace onramp
