#pragma once

#include "Provider.h"

namespace onramp {

// The Onramp API (docs/provider-api.yaml) over signed HTTP: the built-in sandbox and an API
// server a platform team runs. The one place that turns the typed operations into paths.
class OnrampApi final : public Provider
{
public:
    explicit OnrampApi(ProviderClient client) : m_client(std::move(client)) {}

    const ProviderProfile &profile() const override { return m_client.profile(); }
    void cancel(quint64 id) override { m_client.cancel(id); }

    quint64 listRegions(const CallContext &c, Answer done) override;
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
    quint64 send(const CallContext &c, const QByteArray &method, const QString &path,
                 const QJsonObject &body, Answer done) const;

    ProviderClient m_client;
};

} // namespace onramp
