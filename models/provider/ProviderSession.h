#pragma once

#include "OnboardingState.h"
#include "Provider.h"
#include "RunSpec.h"

#include <QObject>

#include <expected>
#include <functional>
#include <optional>

namespace onramp {

// Gates 1–4 done for real at a provider, step by step, recording every result in the onboarding
// state (ProviderLink and the gate records) so that a restart picks up where it left off: a
// create that was in flight is repeated with its saved idempotency key, a review that was
// pending is read again. The wizard's pages and the headless tests drive the same object.
//
// Asynchronous: every method returns at once; `done` runs on this object's thread. One
// operation at a time (busy()); cancel() stops the one running.
// (No Q_OBJECT: it only needs to be a context for callbacks and timers.)
class ProviderSession : public QObject
{
public:
    using Done = std::function<void(const std::expected<void, ProviderError> &)>;

    ProviderSession(std::shared_ptr<Provider> provider, OnboardingState &state,
                    QObject *parent = nullptr);

    // Called after every change to the state (save it), and with each step's translated text.
    std::function<void()> onStateChanged;
    std::function<void(const QString &)> onProgress;

    // How often a running job or a pending review is read again.
    void setPollIntervalMs(int ms) { m_pollMs = ms; }

    bool busy() const { return m_busy; }
    void cancel();

    // Gate 1: activate the training service, submit the dossier, follow its review.
    void submitQualification(Done done);
    void refreshQualification(Done done);
    // Gate 2: create the workspace, attach quota, add the members, in that order; then the two
    // acceptance checks: a developer's light job and its log, an observer refused.
    void setUpWorkspace(Done done);
    void runWorkspaceChecks(Done done);
    // Gate 3: apply for the quota and follow the review.
    void applyQuota(Done done);
    void refreshQuota(Done done);
    // Gate 4: create the chosen instance, then check it: running, data readable, a light
    // computation writes output.
    void createInstance(Done done);
    void verifyResources(Done done);
    void releaseInstance(Done done);
    // Gate 4's data: uploads a small dataset folder into the workspace's data folder, file by
    // file in 1 MiB chunks, each with its SHA-256 (X-Chunk-Sha256), the whole file's checked on
    // completion. Checksums are computed off this thread. Resumable: an interrupted upload
    // (cancel, a lost connection, a restart) goes on from the chunks the provider has.
    void uploadDataset(const QString &folder, Done done);

    // Gate 5: the guides' four readiness checks, each a job on gate 4's instance: environment
    // (the light loop in the clean image), data (the read share of a step), checkpoint
    // (interrupted on purpose, resumed; step count and optimizer state continue) and metrics
    // (loss, step time and memory read back through the provider). All four run; each result,
    // with the triage's diagnosis when it failed, goes into the state.
    void runReadinessChecks(Done done);
    // Gate 6: the first run on a small slice, as the run spec launches it: its five points, its
    // loss summary and its duration.
    void runFirstRun(Done done);
    // Gate 6's wrap-up: record the run's artifacts under purposeful names, release the instance.
    void wrapUp(Done done);

    // A job's news while it runs: its state (with the queued reason) and the log bytes read
    // since the last news, from `offset` (a jump past unread bytes when the log grows faster
    // than the window; see LogTail).
    struct JobNews
    {
        QString check; // environment, data, checkpoint, metrics, first-run, or the gate 2/4 check
        QJsonObject job;
        qint64 offset = 0;
        QByteArray bytes;
        qint64 size = 0;
    };
    std::function<void(const JobNews &)> onJobNews;
    // How much of a log one poll reads at most.
    void setLogWindow(qint64 bytes) { m_logWindow = bytes; }

    // Gates 1–4 in order, stopping at the first failure: what `onramp replay` and the
    // screenshot walk do. Reviews still pending are left pending.
    void walkGatesOneToFour(Done done);

    const std::shared_ptr<Provider> &provider() const { return m_provider; }
    // From now on the first run launches this spec (its launch, parameters and data) instead
    // of the onboarding's own: what a replay does.
    void replayFrom(const RunSpec &spec) { m_replaying = spec; }
    // Who runs the onboarding's jobs: a developer of the workspace, else its admin.
    QString jobMember() const;

private:
    using Then = std::function<void(const QJsonObject &)>;
    bool begin(Done &done);
    void finish(const std::expected<void, ProviderError> &result);
    void changed();
    void progress(const QString &text);
    // One typed operation of the provider: on success `then`, on failure the operation ends
    // with the error. A create names its operation, which keeps its idempotency key until a
    // definitive answer.
    using Operation = std::function<quint64(Provider &, const CallContext &, Provider::Answer)>;
    void call(const QString &operation, const Operation &op, Then then, const QString &member = {});
    void runJob(const QString &member, const QJsonObject &job, Then whenDone);
    void pollJob(const QString &member, const QString &id, Then whenDone, int ticks);
    void readNews(const QString &member, const QJsonObject &job, std::function<void()> then);
    // Gate 5's checks, one after the other (runs.cpp).
    void runCheck(int index);
    void uploadNext(QList<std::tuple<QString, qint64, QByteArray>> files);
    void uploadChunks(const QString &rel, const QString &id, QList<int> missing,
                      QList<std::tuple<QString, qint64, QByteArray>> rest);
    void checkEnvironment(std::function<void()> next);
    void checkData(std::function<void()> next);
    void checkCheckpoint(std::function<void()> next);
    void checkMetrics(std::function<void()> next);
    void recordCheck(const QString &name, const QJsonObject &finished, bool passed,
                     const QString &evidence);
    void settleEnvironmentGate();
    QJsonObject probeJob(const QString &name, const QString &entry, const QStringList &args) const;
    void applyQualification(const RemoteReview &review);
    void applyQuotaReview(const RemoteReview &review);
    QString actingMember(Role role) const;
    ProviderError localError(const QString &message) const;

    std::shared_ptr<Provider> m_provider;
    OnboardingState &m_state;
    Done m_done;
    bool m_busy = false;
    quint64 m_inFlight = 0;
    quint64 m_generation = 0; // bumps on cancel: late answers of a cancelled run are dropped
    int m_pollMs = 500;
    qint64 m_logWindow = 256 * 1024;
    QMap<QString, qint64> m_logOffsets; // job id → next byte of its log to read
    QString m_check;                    // the check the running job serves
    // Sees each job's new log bytes: the checkpoint check interrupts its job from here.
    std::function<void(const QJsonObject &job, const QByteArray &bytes)> m_watch;
    // Sees a failed call first; true when it dealt with it (the operation goes on).
    std::function<bool(const ProviderError &)> m_recover;
    std::optional<RunSpec> m_replaying;
};

} // namespace onramp
