#pragma once

#include "ProviderClient.h"

#include <QHash>
#include <QUrl>

#include <functional>
#include <memory>

namespace onramp {

class Transport;

// Seconds since the epoch at which a JWT expires (its payload's "exp"), 0 when unreadable.
qint64 jwtExpiry(const QByteArray &token);

// The Slurm provider: slurmrestd's v0.0.38 and dbv0.0.38 API on the same libcurl transport as
// the Onramp API client, with the user's JWT in X-SLURM-USER-TOKEN (never logged). Answers come
// back as the Onramp API's values (ProviderError with a stable code and a translated message;
// jobs in the Onramp job shape) so that what reads them — the triage above all — reads both.
//
// The mapping (issue [6/6]): a workspace is an account; members are user associations; admin =
// coordinator; observer = an association whose only QOS refuses submission; quota =
// GrpTRESMins=gres/gpu on the account association; stock = free GPUs per partition; an
// "instance" is a job shape; logs are read from the job's output file.
class SlurmClient
{
public:
    SlurmClient(Transport *transport, SlurmProfile profile);

    const SlurmProfile &profile() const { return m_profile; }
    using Done = std::function<void(const ProviderResult &)>;

    // One REST call as `user`.
    void request(const QString &user, const QByteArray &method, const QString &path,
                 const QJsonObject &body, QObject *context, Done done);

    struct Member
    {
        QString user;
        QString role; // admin, developer, observer
    };
    // Gate 2 and 3 at once, as an administrator: the account, its association with the quota
    // (card-hours × 60 GPU-minutes), the observer QOS, the users and their associations, the
    // admins as coordinators.
    void setUpWorkspace(const QString &account, const QList<Member> &members, double cardHours,
                        QObject *context, Done done);
    // Sets GrpTRESMins=gres/gpu on the account. Works around 22.05's silently lost change (an
    // account that is its parent's leftmost child): a sentinel account is touched first.
    void setQuota(const QString &account, qint64 gpuMinutes, QObject *context, Done done);
    // {gpuMinutes} as slurmdbd has it now.
    void readQuota(const QString &account, QObject *context, Done done);
    // {partitions: [{name, gpus, freeGpus}]}: the cluster's stock.
    void stock(const QString &user, QObject *context, Done done);

    struct JobShape
    {
        QString name = QStringLiteral("onramp");
        QString partition;
        int gpus = 1;
        int cpus = 1;
        int timeMinutes = 10;
        QString comment; // kept with the job (the gateway keeps the job's output folder here)
        QString dependency; // sbatch's --dependency ("afterok:12"); empty: none
    };
    // Submits a batch script as `user` in `account`; {id} on success.
    void submit(const QString &user, const QString &account, const QString &script,
                const JobShape &shape, QObject *context, Done done);
    // The job in the Onramp shape: {id, state, reason {kind, code, message}, exitCode, name,
    // submittedAt, startedAt, finishedAt, output}.
    void job(const QString &user, const QString &id, QObject *context, Done done);
    void cancel(const QString &user, const QString &id, QObject *context, Done done);
    // Sends a signal to the job's processes (SIGINT: what a preemption sends, so the probe saves
    // a checkpoint and stops).
    void signal(const QString &user, const QString &id, const QString &signal, QObject *context,
                Done done);
    // Adds one member to an existing account: user, association (observer QOS), coordinator.
    void addMember(const QString &account, const Member &member, QObject *context, Done done);
    // A member's new role on the account, the old role's marks undone: the association's QOS
    // (observer: only `observer`; developer and admin: `normal`) and, for an admin, the
    // coordinator. slurmrestd 22.05 cannot take a coordinator away (dbv0.0.38 has no call for
    // it): a former admin who still coordinates the account is refused, nothing changed, with
    // the sacctmgr command an administrator runs.
    void changeMember(const QString &account, const Member &member, QObject *context, Done done);
    // The member's association with the account removed (a coordinator refused, as above).
    void removeMember(const QString &account, const QString &user, QObject *context, Done done);
    // GPU-minutes used by the account's jobs since `since` (slurmdbd; the REST API has no live
    // usage): {gpuMinutes, jobs}.
    void usage(const QString &account, const QDateTime &since, QObject *context, Done done);
    // The job's output file, from `offset` (Slurm has no REST endpoint for it): the Onramp log
    // shape {offset, nextOffset, size, text}.
    ProviderResult readLog(const QJsonObject &job, qint64 offset, qint64 limit) const;

    // Slurm's job state and reason in Onramp's words (queued, running, succeeded, failed,
    // cancelled; reason kind quota / stock / permission / priority / dependency / scheduling;
    // a queued job carries the scheduler's expected start).
    static QJsonObject onrampJob(const QJsonObject &slurmJob);

private:
    // A valid token from the cache or the token folder; empty when none (or when the token
    // command must run: request() runs it as a child process, never waiting on this thread).
    QByteArray knownToken(const QString &user);
    void send(const QString &user, const QByteArray &token, const QByteArray &method,
              const QString &path, const QJsonObject &body, QObject *context, Done done);
    void chain(const QString &user, QList<std::tuple<QByteArray, QString, QJsonObject>> calls,
               QObject *context, Done done);
    // Runs `then` when `user` does not coordinate `account`; else answers the refusal.
    void unlessCoordinator(const QString &account, const QString &user, QObject *context,
                           std::function<void()> then, Done done);

    Transport *m_transport;
    SlurmProfile m_profile;
    QHash<QString, QByteArray> m_tokens;
    std::shared_ptr<int> m_alive = std::make_shared<int>(0); // a token command outliving us

};

// A Slurm error body (error_code, error_number or errno, in "errors" or at the top) as an
// Onramp error: 2050/2002 forbidden, 2045 forbidden (not in the account), 2014 out of stock,
// -1/1007 unauthenticated (an expired or bad token), parse failures validation_failed.
ProviderError slurmError(int httpStatus, const QByteArray &body);

} // namespace onramp
