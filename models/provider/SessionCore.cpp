#include "SessionCore.h"

#include "GateLedger.h"

#include "ProbeEvents.h"
#include "ProviderStates.h"
#include "Tr.h"
#include "Triage.h"

#include <QTimer>

namespace onramp {

SessionCore::SessionCore(std::shared_ptr<Provider> provider, OnboardingState &state,
                         QObject *parent)
    : QObject(parent), m_state(state), m_provider(std::move(provider))
{
}

bool SessionCore::begin(Done &done)
{
    if (m_busy) {
        done(std::unexpected(localError(Tr::tr("Another provider operation is still running."))));
        return false;
    }
    m_busy = true;
    m_done = std::move(done);
    if (onBusyChanged)
        onBusyChanged();
    return true;
}

void SessionCore::finish(const std::expected<void, ProviderError> &result)
{
    if (!m_busy)
        return;
    m_busy = false;
    m_inFlight.clear();
    // Steps may run side by side (gate 5's checks): the answers of a branch still under way are
    // dropped once the operation has ended, as after a cancel.
    ++m_generation;
    m_recover = {};
    m_watch = {};
    m_check.clear();
    Done done = std::move(m_done);
    m_done = {};
    if (onBusyChanged)
        onBusyChanged();
    if (done)
        done(result);
}

void SessionCore::cancel()
{
    if (!m_busy)
        return;
    ++m_generation;
    for (const quint64 id : std::as_const(m_inFlight))
        m_provider->cancel(id);
    ProviderError e;
    e.code = ProviderErrorCode::Network;
    e.message = Tr::tr("Cancelled.");
    e.details = QStringLiteral("cancelled by the user");
    e.cancelled = true;
    finish(std::unexpected(e));
}

void SessionCore::releaseOrphanedChecks()
{
    if (m_busy)
        return;
    bool any = false;
    for (CheckResult &r : m_state.environment.checks) {
        if (r.state != QLatin1String("running"))
            continue;
        r.state.clear();
        r.evidence = r.jobId.isEmpty()
                         ? Tr::trLater("Onramp was closed while this check ran, so its result was "
                                       "never read. Run the checks again.")
                         : Tr::trLater("Onramp was closed while this check ran (job %1), so its "
                                       "result was never read. Run the checks again.")
                               .arg(Text::literal(r.jobId.left(8)));
        any = true;
    }
    if (any)
        changed();
}

void SessionCore::changed()
{
    if (onStateChanged)
        onStateChanged();
}

void SessionCore::progress(const QString &text)
{
    if (onProgress)
        onProgress(text);
}

ProviderError SessionCore::localError(const QString &message) const
{
    ProviderError e;
    e.code = ProviderErrorCode::ValidationFailed;
    e.message = message;
    e.details = message;
    return e;
}

void SessionCore::call(const QString &operation, const Operation &op, Then then,
                           const QString &member)
{
    QByteArray key;
    if (!operation.isEmpty()) {
        const bool fresh = !m_state.provider.pendingKeys.contains(operation);
        key = m_state.provider.keyFor(operation);
        if (fresh)
            changed(); // the key is saved before the request leaves
    }
    const quint64 generation = m_generation;
    const auto id = std::make_shared<quint64>(0); // known once op() returns
    const quint64 started = op(
        *m_provider, CallContext{this, member, key},
        [this, generation, operation, id, then = std::move(then)](const ProviderResult &r) {
            if (generation != m_generation)
                return;
            m_inFlight.remove(std::exchange(*id, kAnswered));
            if (!r) {
                // A definitive refusal settles the key; a lost answer keeps it for the retry.
                if (!operation.isEmpty() && r.error().trouble() != TroubleKind::Transient) {
                    m_state.provider.settle(operation);
                    changed();
                }
                if (m_recover && m_recover(r.error()))
                    return;
                finish(std::unexpected(r.error()));
                return;
            }
            if (!operation.isEmpty()) {
                m_state.provider.settle(operation);
                changed();
            }
            then(*r);
        });
    track(id, started);
}

void SessionCore::send(const Operation &op, const QString &member, const QByteArray &key,
                       Provider::Answer handle)
{
    const quint64 generation = m_generation;
    const auto id = std::make_shared<quint64>(0);
    const quint64 started = op(*m_provider, CallContext{this, member, key},
             [this, generation, id, handle = std::move(handle)](const ProviderResult &r) {
                 if (generation != m_generation)
                     return;
                 m_inFlight.remove(std::exchange(*id, kAnswered));
                 handle(r);
             });
    track(id, started);
}

// A call in flight is known by its id for cancel(), unless it was answered before op() returned.
void SessionCore::track(const std::shared_ptr<quint64> &id, quint64 started)
{
    if (*id == kAnswered || started == 0)
        return;
    *id = started;
    m_inFlight.insert(started);
}

QString SessionCore::actingMember(Role role) const
{
    for (const Member &m : m_state.workspace.members)
        if (m.role == role && !m.account.isEmpty())
            return m.account;
    return {};
}

QString SessionCore::jobMember() const
{
    // One rule with gate 6's: the member whose check jobs ran took part in the first run.
    return checkJobMember(m_state.workspace);
}

// A job runs to its end; `whenDone` gets the final job with its whole log in "log".
void SessionCore::runJob(const QString &member, const QJsonObject &job, Then whenDone)
{
    call(
        QStringLiteral("job.submit/") + job.value("name").toString(),
        [ws = m_state.workspace.workspaceName, job](Provider &p, const CallContext &c,
                                                     Provider::Answer a) {
            return p.submitJob(c, ws, job, std::move(a));
        },
        [this, member, whenDone, check = m_check](const QJsonObject &submitted) {
            pollJob(member, check, submitted.value("id").toString(), whenDone, 0);
        },
        member);
}

void SessionCore::pollJob(const QString &member, const QString &check, const QString &id,
                          Then whenDone, int ticks)
{
    call(
        {},
        [id](Provider &p, const CallContext &c, Provider::Answer a) {
            return p.readJob(c, id, std::move(a));
        },
        [this, member, check, id, whenDone, ticks](const QJsonObject &job) {
            const QString state = job.value("state").toString();
            // While it waits, why in the triage's words, the first thing to do and when it is
            // expected to start; said again whenever that changes.
            if (jobStateOf(job) == JobState::Queued) {
                const QueueWait w = explainWait(JobObservation::fromJob(job, {}));
                const QString note = Tr::tr("Queued — %1: %2 %3 First: %4")
                                         .arg(w.title.toString(), w.waitsFor.toString(),
                                              w.expected.toString(), w.firstAction.toString());
                if (ticks == 0 || note != m_queueNotes.value(id))
                    progress(note);
                m_queueNotes[id] = note;
            } else {
                m_queueNotes.remove(id);
            }
            const bool final = isFinalJobState(state);
            readNews(member, check, job, [=, this] {
                if (!final) {
                    const quint64 generation = m_generation;
                    // Soon after the submit, then less often: a short check is seen ending
                    // within tens of milliseconds, a long run is read every m_pollMs.
                    const int wait = std::min(m_pollMs, kFirstPollMs << std::min(ticks, 8));
                    QTimer::singleShot(wait, this, [=, this] {
                        if (generation == m_generation)
                            pollJob(member, check, id, whenDone, ticks + 1);
                    });
                    return;
                }
                m_logOffsets.remove(id);
                call(
                    {},
                    [id](Provider &p, const CallContext &c, Provider::Answer a) {
                        return p.readLog(c, id, 0, 1024 * 1024, std::move(a));
                    },
                    [job, whenDone](const QJsonObject &log) {
                        QJsonObject withLog = job;
                        withLog["log"] = log.value("text").toString();
                        whenDone(withLog);
                    },
                    member);
            });
        },
        member);
}

void SessionCore::readNews(const QString &member, const QString &check, const QJsonObject &job,
                           std::function<void()> then)
{
    if (!onJobNews && !m_watch) {
        then();
        return;
    }
    const QString id = job.value("id").toString();
    if (jobStateOf(job) == JobState::Queued) {
        if (onJobNews)
            onJobNews({check, job, m_logOffsets.value(id), {}, m_logOffsets.value(id)});
        then();
        return;
    }
    const qint64 offset = m_logOffsets.value(id);
    call(
        {},
        [id, offset, window = m_logWindow](Provider &p, const CallContext &c, Provider::Answer a) {
            return p.readLog(c, id, offset, window, std::move(a));
        },
        [this, check, job, id, then](const QJsonObject &log) {
            const QByteArray bytes = log.value("text").toString().toUtf8();
            const qint64 at = log.value("offset").toInteger();
            const qint64 size = log.value("size").toInteger();
            qint64 next = log.value("nextOffset").toInteger();
            // Far behind a fast-growing log: the next read jumps to the last window.
            if (size - next > m_logWindow)
                next = size - m_logWindow;
            m_logOffsets[id] = next;
            if (m_watch)
                m_watch(job, bytes);
            if (onJobNews)
                onJobNews({check, job, at, bytes, size});
            then();
        },
        member);
}

} // namespace onramp
