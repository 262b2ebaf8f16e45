#pragma once

#include "Provider.h"
#include "SlurmClient.h"

#include <QObject>

namespace onramp {

// The typed provider operations answered by a Slurm cluster through slurmrestd: what lets one
// ProviderSession, `onramp replay` and the wizard's pages drive Slurm exactly as they drive the
// sandbox or an Onramp API server.
//
// gate 1: not required (no dossier review; the user must exist in slurmdbd) · gate 2: an
// account, members as associations (admin = coordinator, observer = the refusing QOS) · gate 3:
// the application is applied as GrpTRESMins with the administrator's token · gate 4: an
// "instance" is a job shape (partition, GPUs) checked against the partition's GPUs; its folders
// live under the output folder · jobs: batch scripts that run the probe (or the launch file),
// logs and metrics read from the job's output file, SIGINT as the interruption · uploads: not
// offered (the data is on the cluster's shared filesystem).
class SlurmProvider final : public QObject, public Provider
{
public:
    SlurmProvider(Transport *transport, ProviderProfile profile);

    const ProviderProfile &profile() const override { return m_profile; }
    void cancel(quint64) override {}
    SlurmClient &client() { return m_client; }

    quint64 listRegions(const CallContext &c, Answer done) override;
    // A cluster has no catalog of instance types and images (its partitions say how many GPUs,
    // not which card or software): not_found, and the built-in catalog is used.
    quint64 listInstanceTypes(const CallContext &c, Answer done) override;
    quint64 listImages(const CallContext &c, Answer done) override;
    quint64 activateTraining(const CallContext &c, Answer done) override;
    quint64 submitQualification(const CallContext &c, const QJsonObject &dossier,
                                Answer done) override;
    quint64 readQualification(const CallContext &c, Answer done) override;
    quint64 createWorkspace(const CallContext &c, const QString &name,
                            const QJsonArray &permissions, Answer done) override;
    quint64 attachQuota(const CallContext &c, const QString &workspace, const QuotaPool &pool,
                        double cardHours, Answer done) override;
    quint64 addMember(const CallContext &c, const QString &workspace, const NewMember &m,
                      Answer done) override;
    quint64 changeMember(const CallContext &c, const QString &workspace, const NewMember &m,
                         Answer done) override;
    quint64 removeMember(const CallContext &c, const QString &workspace, const QString &account,
                         Answer done) override;
    quint64 readQuota(const CallContext &c, const QString &workspace, Answer done) override;
    quint64 applyForQuota(const CallContext &c, const QJsonObject &application,
                          Answer done) override;
    quint64 readQuotaApplication(const CallContext &c, const QString &id, Answer done) override;
    quint64 createInstance(const CallContext &c, const QString &workspace,
                           const NewInstance &instance, Answer done) override;
    quint64 readInstance(const CallContext &c, const QString &id, Answer done) override;
    quint64 releaseInstance(const CallContext &c, const QString &id, Answer done) override;
    quint64 startUpload(const CallContext &c, const QString &workspace, const QJsonObject &file,
                        Answer done) override;
    quint64 readUpload(const CallContext &c, const QString &id, Answer done) override;
    quint64 sendChunk(const CallContext &c, const QString &id, int index, const QByteArray &bytes,
                      Answer done) override;
    quint64 completeUpload(const CallContext &c, const QString &id, Answer done) override;
    quint64 submitJob(const CallContext &c, const QString &workspace, const QJsonObject &job,
                      Answer done) override;
    quint64 readJob(const CallContext &c, const QString &id, Answer done) override;
    quint64 readLog(const CallContext &c, const QString &id, qint64 offset, qint64 limit,
                    Answer done) override;
    quint64 readMetrics(const CallContext &c, const QString &id, qint64 since,
                        Answer done) override;
    quint64 listCheckpoints(const CallContext &c, const QString &id, Answer done) override;
    quint64 interruptJob(const CallContext &c, const QString &id, Answer done) override;
    quint64 cancelJob(const CallContext &c, const QString &id, Answer done) override;

private:
    quint64 qualification(const CallContext &c, Answer done);
    quint64 instanceAnswer(const QString &id, const QString &state, Answer done);
    void withJob(const CallContext &c, const QString &id,
                 std::function<void(const QJsonObject &)> then, Answer done);
    QString user(const QString &member) const;
    QJsonObject instancePaths(const QString &ws, const QString &id) const;

    ProviderProfile m_profile;
    SlurmClient m_client;
};

} // namespace onramp
