#pragma once

#include "OnboardingState.h"
#include "Provider.h"
#include "RunSpec.h"

#include <QObject>
#include <QSet>

#include <expected>
#include <functional>
#include <optional>

namespace onramp {

class SessionSteps;

// What every gate step at a provider shares: one operation at a time, typed calls whose
// idempotency keys are saved in the state before the request leaves, jobs run to their end and
// polled, their logs read as they grow, and cancel(). The steps themselves (models/provider/steps,
// one class per gate) use the protected part; ProviderSession puts them together.
//
// Asynchronous: every operation returns at once; `done` runs on this object's thread.
// (No Q_OBJECT: it only needs to be a context for callbacks and timers.)
class SessionCore : public QObject
{
public:
    using Done = std::function<void(const std::expected<void, ProviderError> &)>;

    SessionCore(std::shared_ptr<Provider> provider, OnboardingState &state,
                QObject *parent = nullptr);

    // Called after every change to the state (save it), and with each step's translated text.
    std::function<void()> onStateChanged;
    std::function<void(const QString &)> onProgress;

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

    // How often a running job or a pending review is read again, at most (a job just
    // submitted is read sooner: 50 ms, doubling up to this).
    void setPollIntervalMs(int ms) { m_pollMs = ms; }
    // How much of a log one poll reads at most.
    void setLogWindow(qint64 bytes) { m_logWindow = bytes; }

    // A new session runs no check yet: a readiness check the state says is running was left by
    // an earlier session (Onramp closed or crashed, or the provider was switched, while it ran),
    // and nobody will read its end. Each says so and asks for a new run (walk 17: rows read
    // "… running" after a restart with nothing running). Call once the callbacks are set.
    void releaseOrphanedChecks();

    bool busy() const { return m_busy; }
    // Called when an operation starts and when it ends (busy() already says which), before its
    // own `done`: every view of the session follows, not only the one that started it.
    std::function<void()> onBusyChanged;
    void cancel();

    const std::shared_ptr<Provider> &provider() const { return m_provider; }
    // From now on the first run and the readiness checks launch this spec (its launch,
    // parameters and data) instead of the onboarding's own: what a replay does.
    void replayFrom(const RunSpec &spec) { m_replaying = spec; }
    // Who runs the onboarding's jobs: a developer of the workspace, else its admin.
    QString jobMember() const;

protected:
    friend class SessionSteps;
    using Then = std::function<void(const QJsonObject &)>;
    using Operation = std::function<quint64(Provider &, const CallContext &, Provider::Answer)>;

    // Starts an operation (false, with `done` told why, while another runs) and ends it.
    bool begin(Done &done);
    void finish(const std::expected<void, ProviderError> &result);
    void changed();
    void progress(const QString &text);
    ProviderError localError(const QString &message) const;
    QString actingMember(Role role) const;

    // One typed operation: on success `then`, on failure the operation ends with the error
    // (unless `m_recover` deals with it). A create names its operation, which keeps its
    // idempotency key until a definitive answer.
    void call(const QString &operation, const Operation &op, Then then, const QString &member = {});
    // One typed operation whose every answer, failure included, goes to `handle`: an expected
    // refusal, a chunk. Dropped after cancel().
    void send(const Operation &op, const QString &member, const QByteArray &key,
              Provider::Answer handle);
    // A job runs to its end; `whenDone` gets the final job with its whole log in "log".
    void runJob(const QString &member, const QJsonObject &job, Then whenDone);

    OnboardingState &m_state;
    QString m_check; // the check the next job submitted serves, for its JobNews
    // Sees each job's new log bytes: the checkpoint check interrupts its job from here.
    std::function<void(const QJsonObject &job, const QByteArray &bytes)> m_watch;
    // Sees a failed call first; true when it dealt with it (the operation goes on).
    std::function<bool(const ProviderError &)> m_recover;
    std::optional<RunSpec> m_replaying;
    quint64 m_generation = 0; // bumps on cancel: late answers of a cancelled run are dropped

private:
    void pollJob(const QString &member, const QString &check, const QString &id, Then whenDone,
                 int ticks);
    void readNews(const QString &member, const QString &check, const QJsonObject &job,
                  std::function<void()> then);

    std::shared_ptr<Provider> m_provider;
    Done m_done;
    bool m_busy = false;
    void track(const std::shared_ptr<quint64> &id, quint64 started);
    static constexpr quint64 kAnswered = ~quint64(0);
    QSet<quint64> m_inFlight; // the calls under way, cancelled together
    int m_pollMs = 500;
    static constexpr int kFirstPollMs = 50; // doubles each poll up to m_pollMs
    qint64 m_logWindow = 256 * 1024;
    QMap<QString, qint64> m_logOffsets; // job id → next byte of its log to read
    QMap<QString, QString> m_queueNotes; // job id → its last wait explained, said once
};

} // namespace onramp
