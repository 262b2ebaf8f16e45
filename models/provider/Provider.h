#pragma once

#include "ProviderClient.h"
#include "WorkspaceGate.h"

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>

#include <functional>
#include <memory>

class QObject;

namespace onramp {

// Who makes a call and where its answer goes: the workspace member it acts as (empty: the
// profile's), the idempotency key of a create (empty: none), and the object on whose thread the
// answer arrives (the call is dropped when it is gone).
struct CallContext
{
    QObject *context = nullptr;
    QString member;
    QByteArray idempotencyKey;
};

// Where a provider offers cards: its regions, their zones, and the free cards of each type in
// each zone where it says (a cluster: its partitions and free GPUs under "gpu").
struct ZoneOffer
{
    QString zone;
    QMap<QString, int> freeCards; // card key → free cards; empty when unknown
};
struct RegionOffer
{
    QString region;
    QList<ZoneOffer> zones;
};
// {regions: [{region, zones: [{zone, stock: {card: free}}]}]}, the catalog's answer.
QList<RegionOffer> regionOffers(const QJsonObject &answer);

// A provider, by what it does: typed operations, one per step of the gates, answered with the
// API's JSON objects (docs/provider-api.yaml) or a ProviderError. Two backends implement it: the
// Onramp API over HTTP (the built-in sandbox and API servers, OnrampApi) and a Slurm cluster
// through slurmrestd (SlurmProvider). The gate steps (ProviderSession), the replay and the job
// reader of the monitor are built on it; none of them knows a path.
//
// Each operation returns an id for cancel() (0 when it cannot be cancelled).
class Provider
{
public:
    using Answer = std::function<void(const ProviderResult &)>;

    virtual ~Provider() = default;

    virtual const ProviderProfile &profile() const = 0;
    virtual void cancel(quint64 id) = 0;

    // The catalog: regions and zones with their stock (gate 2's quota pool, gate 4's zone).
    virtual quint64 listRegions(const CallContext &c, Answer done) = 0;
    // The catalog's instance types ({instances: […]}) and images ({images: […]}), in the shape
    // of the built-in catalog (docs/provider-api.yaml). Read through readProviderCatalog
    // (ProviderCatalog.h), which checks every entry. A backend without a catalog (a Slurm
    // cluster) answers not_found, and the built-in catalog is used.
    virtual quint64 listInstanceTypes(const CallContext &c, Answer done) = 0;
    virtual quint64 listImages(const CallContext &c, Answer done) = 0;

    // Gate 1
    virtual quint64 activateTraining(const CallContext &c, Answer done) = 0;
    virtual quint64 submitQualification(const CallContext &c, const QJsonObject &dossier,
                                        Answer done) = 0;
    virtual quint64 readQualification(const CallContext &c, Answer done) = 0;

    // Gate 2
    virtual quint64 createWorkspace(const CallContext &c, const QString &name,
                                    const QJsonArray &permissions, Answer done) = 0;
    // The pool (cards, region, zone) the workspace's quota is of. `cardHours` 0: the pool's
    // check allowance until a quota application's grant; above 0: an administrator's direct
    // grant (a replay's scratch workspace).
    virtual quint64 attachQuota(const CallContext &c, const QString &workspace,
                                const QuotaPool &pool, double cardHours, Answer done) = 0;
    struct NewMember
    {
        QString account, name, role;
        QStringList projects;
    };
    virtual quint64 addMember(const CallContext &c, const QString &workspace, const NewMember &m,
                              Answer done) = 0;
    // A member's role (and name and projects) changed after they were added: the provider undoes
    // what the role it held gave and grants what `m.role` gives. Answers the member as the
    // provider now has it; not_found when the account is not a member.
    virtual quint64 changeMember(const CallContext &c, const QString &workspace,
                                 const NewMember &m, Answer done) = 0;
    // The member leaves the workspace ({removed: account}); not_found when they are not in it.
    virtual quint64 removeMember(const CallContext &c, const QString &workspace,
                                 const QString &account, Answer done) = 0;

    // {grantedCardHours, usedCardHours, remainingCardHours}: what is left before a launch.
    virtual quint64 readQuota(const CallContext &c, const QString &workspace, Answer done) = 0;

    // Gate 3
    virtual quint64 applyForQuota(const CallContext &c, const QJsonObject &application,
                                  Answer done) = 0;
    virtual quint64 readQuotaApplication(const CallContext &c, const QString &id,
                                         Answer done) = 0;

    // Gate 4
    struct NewInstance
    {
        QString instanceType, zone, image;
    };
    virtual quint64 createInstance(const CallContext &c, const QString &workspace,
                                   const NewInstance &instance, Answer done) = 0;
    virtual quint64 readInstance(const CallContext &c, const QString &id, Answer done) = 0;
    virtual quint64 releaseInstance(const CallContext &c, const QString &id, Answer done) = 0;

    // Data upload in checked chunks (a cluster refuses: its data is on the shared filesystem).
    virtual quint64 startUpload(const CallContext &c, const QString &workspace,
                                const QJsonObject &file, Answer done) = 0;
    virtual quint64 readUpload(const CallContext &c, const QString &id, Answer done) = 0;
    // Chunk `index` of the upload, checked by its SHA-256 on arrival.
    virtual quint64 sendChunk(const CallContext &c, const QString &id, int index,
                              const QByteArray &bytes, Answer done) = 0;
    virtual quint64 completeUpload(const CallContext &c, const QString &id, Answer done) = 0;

    // Jobs
    virtual quint64 submitJob(const CallContext &c, const QString &workspace,
                              const QJsonObject &job, Answer done) = 0;
    virtual quint64 readJob(const CallContext &c, const QString &id, Answer done) = 0;
    // {offset, nextOffset, size, text, eof}; limit ≤ 1 MiB.
    virtual quint64 readLog(const CallContext &c, const QString &id, qint64 offset, qint64 limit,
                            Answer done) = 0;
    // {points: [step events after `since`]}
    virtual quint64 readMetrics(const CallContext &c, const QString &id, qint64 since,
                                Answer done) = 0;
    virtual quint64 listCheckpoints(const CallContext &c, const QString &id, Answer done) = 0;
    virtual quint64 interruptJob(const CallContext &c, const QString &id, Answer done) = 0;
    virtual quint64 cancelJob(const CallContext &c, const QString &id, Answer done) = 0;
};

// The provider a profile names: OnrampApi for the sandbox and an API server, SlurmProvider for a
// Slurm cluster. The one place that knows which backends exist.
std::shared_ptr<Provider> providerFor(Transport *transport, const ProviderProfile &profile,
                                      const QByteArray &secret);

} // namespace onramp
