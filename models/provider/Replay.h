#pragma once

#include "OnboardingState.h"
#include "ProviderSession.h"
#include "RunSpec.h"
#include "SandboxLauncher.h"

#include <QDateTime>
#include <QObject>

#include <functional>
#include <memory>

namespace onramp {

class Transport;

// One comparison of a replay: a field of the spec, what the spec says and what the rerun saw.
struct ReplayItem
{
    enum class Status
    {
        Pass,
        Fail,
        Missing,      // the spec records nothing to compare with, or the rerun reported nothing
        NotApplicable // the provider has no such thing (a cluster that runs no images)
    };
    QString field; // the spec's field path: $.software.frameworkVersion
    QString what;  // translated: "framework version"
    Status status = Status::Pass;
    QString want, got;
    QString note; // translated: why, when it is not a plain comparison, or what to do next
    // The provider's own words when it refused a step (its code, HTTP status and body): for
    // the technical details (the dialog's tooltip, the CLI's next line), never the sentence.
    QString technical;

    bool counts() const { return status == Status::Fail || status == Status::Missing; }
    // What the item found, in words (translated): both values for a failure, else the value,
    // then the note; what the CLI prints after the field and the handoff dialog shows.
    QString detail() const;
    static QString statusToken(Status s); // PASS, FAIL, MISSING, N/A
};

// What a replay found: every item, who ran it, and the spec as this rerun recorded it.
struct ReplayOutcome
{
    QList<ReplayItem> items;
    QString member; // who ran the replay at the provider
    QDateTime at;
    QString specFingerprint; // the spec replayed
    QString runFingerprint;  // its run (RunSpec::runFingerprintId), what gate 6 rests on
    QJsonObject run;         // that run (RunSpec::runJson), to say later what changed
    QString firstRun;        // curveDigest() of the spec's loss curve: which first run it was
    RunSpec observed;        // the spec with this rerun's own reports (onramp replay --record)
    QList<RunAttempt> attempts; // the rerun's first-run jobs: more than one when it resumed
    bool cancelled = false;

    bool reproduced() const;
    QStringList failedFields() const;
    // What gate 6 keeps as its evidence: member, time, verdict, the spec and the failed fields.
    QJsonObject toRecord() const;
};

// The loss tolerance of a replay: a CPU run is bit-exact (one thread, deterministic kernels, the
// same steps), so any difference means something else changed; on GPUs kernels may reorder
// floating-point sums run to run, and 2 % of each value bounds that for a short run.
double lossTolerance(const QString &device);

// A provider's refusal of one of a replay's steps (`stepField`: the spec field the step stands
// for; `what`: the step in words), as an item that reads: what the spec says, what this run
// found, and what to do next — the provider's own words in `technical` (#17 walk, item 2: "spec
// says (nothing), this run has The provider did not accept the field $.image: … HTTP 400 …").
ReplayItem providerFailureItem(const RunSpec &spec, const QString &stepField, const QString &what,
                               const ProviderError &e);
// A data path that names a folder on someone's own computer (/home/…, /Users/…, ~/…, C:\…),
// which no provider can read.
bool looksLikeLocalPath(const QString &path);

// Compares what a rerun saw (`seen`: the spec with the rerun's own reports, what `onramp replay
// --record` writes) with the spec, item by item: image identity (N/A where the provider ran no
// image: !imagesKnown), software, training, code, data, parameters applied, environment and the
// loss at every logged step.
QList<ReplayItem> compareRerun(const RunSpec &spec, const RunSpec &seen, bool imagesKnown);
// The spec's memory plan ($.memory) judged again: its settings estimated on its card must give
// the verdict gate 4 gave (#17 walk, item 3). Not compared (N/A) for a spec older than it or a
// model or card Onramp's catalog does not know.
ReplayItem memoryPlanItem(const RunSpec &spec);
// A spec recorded when the data's manifest counted the manifest.json at its top (the probe's
// manifest event's "withManifestFile" figures match the spec's): what the rerun saw, counted
// that way, for compareRerun. Empty when the spec counts as Onramp does now.
std::optional<RunSpec> legacyDataCount(const RunSpec &spec, const RunSpec &seen,
                                       const QJsonObject &manifest);

// The spec's cards (nodes × cards per node) against those the replay holds (runCards: one
// instance, with all of its cards, as gate 4 holds it): a failed item "$.compute.nodes" naming
// both and what to do when it holds fewer (#17 walk 18: a spec said "4 × gpu.a100-80g.1" of one
// 1-card instance); nullopt when it holds enough, or the instance type is not in the catalog.
std::optional<ReplayItem> replayCards(const RunSpec &spec, const RunCards &held,
                                      const ResourceCatalog &catalog);

// A colleague's rerun of a first run from its spec alone, in-process: provision at the provider
// (a workspace of its own, its quota, the replaying member as a developer, the spec's instance
// and image), run the four readiness checks and the first run as the spec launches it — through
// the same ProviderSession as the onboarding, so there is one job poller — and compare item by
// item: the provider's image identity, the software the job saw, the training configuration,
// the code and data identities, the parameters applied, the readiness checks and the loss at
// every logged step. Asynchronous; cancel() stops it. (No Q_OBJECT: callbacks only.)
class Replay : public QObject
{
public:
    // Where to replay: a fresh built-in sandbox in `sandboxDir`, or a provider already
    // configured. `member` is who replays (a member of the new workspace; on Slurm, a user).
    Replay(RunSpec spec, QString member, QObject *parent = nullptr);
    ~Replay() override;

    void useProvider(ProviderProfile profile, QByteArray secret);
    void useFreshSandbox(const QString &sandboxDir);

    std::function<void(const QString &)> onProgress; // a translated step
    std::function<void(const ReplayItem &)> onItem;  // each item as it is decided

    void start(std::function<void(const ReplayOutcome &)> done);
    void cancel();
    bool running() const { return bool(m_done); }

private:
    void provisioned();
    void step(int index);
    void compare();
    void item(ReplayItem i);
    void fail(const QString &field, const QString &what, const ProviderError &e);
    void finish();

    RunSpec m_spec;
    QString m_member;
    std::optional<std::pair<ProviderProfile, QByteArray>> m_provider;
    QString m_sandboxDir;
    SandboxLauncher *m_launcher = nullptr;
    std::unique_ptr<Transport> m_transport;
    OnboardingState m_state; // the replay's own onboarding, never the user's
    ProviderSession *m_session = nullptr;
    ReplayOutcome m_outcome;
    std::function<void(const ReplayOutcome &)> m_done;
};

} // namespace onramp
