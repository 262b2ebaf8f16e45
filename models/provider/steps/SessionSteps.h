#pragma once

#include "SessionCore.h"

class QJsonArray;

namespace onramp {

struct Diagnosis;

// The base of the gate steps: the session's shared machinery (SessionCore's protected part)
// under the names the steps use, and the few texts more than one gate writes.
class SessionSteps
{
protected:
    using Done = SessionCore::Done;
    using Then = SessionCore::Then;
    using Operation = SessionCore::Operation;

    explicit SessionSteps(SessionCore &core)
        : m_state(core.m_state), m_check(core.m_check), m_watch(core.m_watch),
          m_recover(core.m_recover), m_replaying(core.m_replaying), m_core(core)
    {
    }

    bool begin(Done &done) { return m_core.begin(done); }
    void finish(const std::expected<void, ProviderError> &r) { m_core.finish(r); }
    void changed() { m_core.changed(); }
    void progress(const QString &text) { m_core.progress(text); }
    ProviderError localError(const QString &message) const { return m_core.localError(message); }
    QString actingMember(Role role) const { return m_core.actingMember(role); }
    QString jobMember() const { return m_core.jobMember(); }
    void call(const QString &operation, const Operation &op, Then then, const QString &member = {})
    {
        m_core.call(operation, op, std::move(then), member);
    }
    void send(const Operation &op, const QString &member, const QByteArray &key,
              Provider::Answer handle)
    {
        m_core.send(op, member, key, std::move(handle));
    }
    void runJob(const QString &member, const QJsonObject &job, Then whenDone)
    {
        m_core.runJob(member, job, std::move(whenDone));
    }
    // For a call outside the session's one operation (a cleanup whose answer nobody waits for).
    Provider &provider() const { return *m_core.provider(); }
    const std::shared_ptr<Provider> &sharedProvider() const { return m_core.provider(); }
    // The object answers arrive on, and the count of cancels so far (late answers compare it).
    QObject *context() const { return &m_core; }
    quint64 generation() const { return m_core.m_generation; }

    // A provider's review reasons as lines a person reads (gates 1 and 3).
    static QString reasonsText(const QJsonArray &reasons);
    // A failed job's diagnosis in one line (gates 5 and 6).
    static Text diagnosisText(const Diagnosis &d);
    static Text yesNo(bool yes);
    // A fresh checkpoint folder per attempt: a second attempt must not resume the first's.
    static QString attemptTag();

    OnboardingState &m_state;
    QString &m_check;
    std::function<void(const QJsonObject &, const QByteArray &)> &m_watch;
    std::function<bool(const ProviderError &)> &m_recover;
    const std::optional<RunSpec> &m_replaying;

private:
    SessionCore &m_core;
};

} // namespace onramp
