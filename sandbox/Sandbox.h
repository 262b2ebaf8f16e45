#pragma once

#include "ApiAnswer.h"
#include "JobRunner.h"
#include "ResourcePlan.h"
#include "SandboxFaults.h"
#include "SandboxStore.h"
#include "WorkspaceGate.h"

#include <QFileDevice>
#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <expected>
#include <memory>
#include <optional>

class QTemporaryDir;

namespace onramp {

// The provider behind the HTTP shell: its store, its folders, its running jobs, and the rules
// several resources share (who may do what in a workspace, the stock of cards, how a review
// reads while it waits). The route handlers act on it; SandboxServer owns it and forwards its
// settings. Used on the server's thread.
class Sandbox
{
public:
    // The data folder as jobs see it: readable by all (jobs may run as nobody), writable by none.
    static constexpr QFileDevice::Permissions kDataFolderMode =
        QFileDevice::ReadOwner | QFileDevice::ExeOwner | QFileDevice::ReadGroup |
        QFileDevice::ExeGroup | QFileDevice::ReadOther | QFileDevice::ExeOther;
    // Where jobs find the workspace's data, as a run spec names it: every sandbox workspace has
    // one dataset, seeded with the same sample (and whatever was uploaded).
    static constexpr const char *kDataPath = "/mnt/data/sample";

    // `faults` (the server's) are read on every look at the stock and at every job, so a test
    // may change them while serving; the plan's counted faults count down in it. Jobs'
    // processes are children of `context` (the server).
    Sandbox(SandboxFaults &faults, QObject *context);
    ~Sandbox();
    Sandbox(const Sandbox &) = delete;
    Sandbox &operator=(const Sandbox &) = delete;

    // Opens the store and the folders under dataDir (empty: in memory and a temporary folder).
    // The error is the driver's text.
    std::expected<void, QString> open(const QString &dataDir);

    SandboxStore &store() { return m_store; }
    const SandboxStore &store() const { return m_store; }
    JobRunner &jobs() { return m_jobs; }
    QString root() const { return m_root; }
    QString accountId() const { return m_accountId; }
    // A workspace's data folder, under root().
    QString dataDir(const QString &wsId) const;

    // The account's id is the access key the server accepts.
    void setAccountId(const QString &id) { m_accountId = id; }
    void setReviewDelaySeconds(int seconds) { m_reviewDelaySeconds = seconds; }
    void setProbeProgram(const QString &path) { m_probe = path; }
    // The program builtin jobs run: the one set, else onramp-probe beside this program.
    QString probeProgram() const;

    // The workspace `id`, or the 404 that names it.
    std::expected<QJsonObject, Answer> workspace(const QString &id) const;
    // The workspace `id` where `who` may do `action`, or the 404 or 403 that says why not.
    std::expected<QJsonObject, Answer> workspaceFor(const QString &id, const QString &who,
                                                    Action action) const;
    // The records of a kind ("instance", "job") that belong to the workspace, in key order.
    QJsonArray recordsIn(const QString &wsId, const QString &kind) const;
    // Empty when `who` (a member account; empty = the account owner) may do `action` in the
    // workspace; else the 403 naming the role and the action.
    std::optional<Answer> refusal(const QJsonObject &ws, const QString &who, Action action) const;
    // Finite stock per zone and card type, kept in the store as instances take and give back;
    // as shown, with the fault plan's zones out of stock at 0.
    QJsonObject stock();
    // Takes an instance's cards from its zone's stock, and gives a released instance's back.
    void take(const QString &zone, const QString &card, int cards);
    void giveBack(const QString &zone, const QString &card, int cards);
    SandboxFaults &faults() { return m_faults; }
    // A review is decided when it arrives but shown as pending until the review delay has
    // passed since it was submitted, the way a human reviewer takes time.
    QJsonObject shownReview(const QJsonObject &review) const;
    // A new workspace's data folder starts with a small sample dataset (16 shards of 256 KiB
    // and a manifest), as a cloud's sample data would: the readiness checks and the first run
    // have something real to read before the team uploads its own.
    void seedSampleData(const QString &wsId);

    // A new resource's id, and a time, as the API writes them.
    static QString newId();
    static QString now();
    // The catalog this sandbox serves and creates from: the built-in one unless set (a test's,
    // `serve --catalog FILE`). Set before serving.
    const ResourceCatalog &catalog() const { return m_catalog; }
    void setCatalog(const ResourceCatalog &catalog) { m_catalog = catalog; }
    // The catalog's instance type `key`; null when there is none.
    const InstanceType *instanceType(const QString &key) const;
    // An image's identity at this provider: the digest its catalog gives, else (the built-in
    // catalog has none) the SHA-256 of its record, as a registry's digest is of a manifest. The
    // catalog's answer lists it, so the client records it before any instance exists.
    static QString imageDigest(const TrainingImage &image);
    // A relative path that stays inside its folder.
    static bool isInside(const QString &relativePath);

private:
    // The stock as it is, without the faults shown over it.
    QJsonObject realStock();

    SandboxFaults &m_faults;
    SandboxStore m_store;
    QString m_root;
    std::unique_ptr<QTemporaryDir> m_tempRoot;
    QString m_accountId;
    int m_reviewDelaySeconds = 0;
    QString m_probe;
    ResourceCatalog m_catalog;
    JobRunner m_jobs; // last: its jobs end before their folders and the store go
};

} // namespace onramp
