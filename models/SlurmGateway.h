#pragma once

#include "SlurmClient.h"

#include <QObject>

namespace onramp {

// The Onramp API (docs/provider-api.yaml) answered by a Slurm cluster: what lets one
// ProviderSession, `onramp replay` and the wizard's pages drive Slurm exactly as they drive the
// sandbox or an Onramp API server. ProviderClient sends here when its profile is a Slurm one.
//
// gate 1: not required (no dossier review; the user must exist in slurmdbd) · gate 2: an
// account, members as associations (admin = coordinator, observer = the refusing QOS) · gate 3:
// the application is applied as GrpTRESMins with the administrator's token · gate 4: an
// "instance" is a job shape (partition, GPUs) checked against the partition's GPUs; its folders
// live under the output folder · jobs: batch scripts that run the probe (or the launch file),
// logs and metrics read from the job's output file, SIGINT as the interruption.
class SlurmGateway : public QObject
{
public:
    SlurmGateway(Transport *transport, SlurmProfile profile);

    void request(const QString &member, const QByteArray &method, const QString &path,
                 const QJsonObject &body, QObject *context, SlurmClient::Done done);

    SlurmClient &client() { return m_client; }

private:
    void withJob(const QString &member, const QString &id, QObject *context,
                 std::function<void(const QJsonObject &)> then, SlurmClient::Done done);
    void submitJob(const QString &member, const QString &ws, const QJsonObject &body,
                   QObject *context, SlurmClient::Done done);
    QString user(const QString &member) const;
    QJsonObject instancePaths(const QString &ws, const QString &id) const;

    SlurmClient m_client;
};

} // namespace onramp
