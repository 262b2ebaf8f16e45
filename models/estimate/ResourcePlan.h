#pragma once

#include "Candidate.h"
#include "Catalogs.h"
#include "Error.h"
#include "Finding.h"
#include "MemoryEstimator.h"
#include "ResourceCatalog.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <expected>
#include <vector>

namespace onramp {

// Dotted version comparison ("535.161.08" < "550.54.15"): <0, 0, >0.
int compareVersions(const QString &a, const QString &b);

// Whether a version satisfies a requirement such as "torch>=2.1,<2.4" or ">=2.1"; the package
// name, when present, must match. Error when the requirement cannot be read.
std::expected<bool, Error> satisfies(const QString &package, const QString &version,
                                     const QString &requirement);

// parseCandidateList, and each type in the catalog: gate 4's field.
std::expected<QList<Candidate>, Error> parseCandidates(const QString &text,
                                                       const ResourceCatalog &catalog);

// The choices gate 4 checks together.
struct ResourceChoice
{
    TrainingSetup setup;     // the memory estimate's inputs
    QString instance;        // InstanceType key
    QString image;           // TrainingImage key
    QString codeRequirement; // e.g. "torch>=2.1"
    QString quotaZone;       // gate 2's quota pool: its zone and card; empty when not known yet
    QString quotaCard;
    QString instanceZone;
    // Where else the run may open, tried in this order after the instance above (or all of
    // them cheapest first: the fewest card-hours per round), each checked against the quota
    // before it is tried (see orderCandidates and quotaSkip).
    QList<Candidate> alternatives;
    bool cheapestFirst = false;
    QString dataPath; // read-only mount
    bool dataReadOnly = true;
    QString outputPath;  // writable, persistent
    QString scratchPath; // local fast disk
};

// The candidates in the order they are tried: the chosen instance in its zone (or the
// quota's), then the alternatives; all of them by card-hours per round when cheapestFirst.
// Duplicates are dropped.
// Where an instance opens when no zone is named: the quota pool's (gate 2). The one place
// that says so: gate 4's zone, the candidates and the run spec read it here.
QString zoneOrPool(const QString &zone, const QString &poolZone);

QList<Candidate> orderCandidates(const ResourceChoice &c, const ResourceCatalog &catalog,
                                 const QString &quotaZone, double hoursPerRound);

// What the workspace's quota allows, as the provider reads it.
struct QuotaStanding
{
    double remainingCardHours = 0;
    QString zone;     // the pool's zone
    QString cardType; // the pool's card; empty: any
};
// Why a candidate cannot run within the quota, with the figures ("115 card-hours left, this
// run needs 8 × 12 h = 96 per round"); empty when it can.
QString quotaSkip(const Candidate &c, const ResourceCatalog &catalog, const QuotaStanding &q,
                  double hoursPerRound);


// Every rule of gate 4: memory, image and card, driver, framework, precision, interconnect,
// zone and storage, against the instance types and images of `catalog` (the provider's when
// connected). Codes are listed in docs/findings.md.
Findings checkResources(const ResourceChoice &choice, const ResourceCatalog &catalog);

// Upload guidance from a scanned dataset.
struct DatasetScan
{
    qint64 files = 0;
    qint64 bytes = 0;
    qint64 smallFiles = 0; // under 64 KiB
    qint64 unreadable = 0;
    double smallFileShare() const { return files ? double(smallFiles) / files : 0; }
};
// Walks a directory (call off the GUI thread: it reads the whole tree's metadata).
DatasetScan scanDataset(const QString &path);
enum class UploadRoute
{
    Console,
    BatchTransfer
};
UploadRoute uploadRoute(qint64 bytes); // console up to tens of GB (≤ 50 GB here)
Findings checkDataset(const DatasetScan &scan);

// Throughput and card count (shared/notes/memory-estimation.md §(e)).
struct ThroughputPlan
{
    // Measured: tokens per second on `measuredCards` cards. Zero when not measured.
    double measuredTokensPerSecond = 0;
    int measuredCards = 1;
    // Scaling efficiency kept per doubling of cards: Megatron-LM's strong scaling lost 47 → 42 %
    // MFU over 48× the cards, about 0.98 per doubling.
    double efficiencyPerDoubling = 0.98;
    // Without a measurement: 6·N FLOPs per token at this model FLOPs utilisation (Llama 2
    // pre-training reached 38–43 % on A100).
    double mfu = 0.40;
    double workloadTokens = 0; // tokens × epochs
    double targetHours = 0;
};

struct ThroughputResult
{
    bool estimated = false; // from FLOPs, not from a measurement
    double perCardTokensPerSecond = 0;
    int cards = 0;
    double hours = 0;
    double cardHours = 0;
    // Gate 4 holds one instance: when even the largest the card comes in finishes after the
    // target, the plan is that one instance, past the target, and `instancesForTarget` of it
    // would finish in time (0: more than 64).
    bool overTarget = false;
    int instancesForTarget = 1;
    QString formula;
};

double scalingEfficiency(int cards, int baseCards, double perDoubling);
// The fewest cards one instance holds that finish the workload in time (#17 walk 18: 10 cards
// proposed for a card whose instances come with 1 or 8). `instanceSizes`: the card counts one
// instance of the card comes in (the chosen instance type's alone once one is chosen), of which
// those of at least `minimumCards` (what memory needs) are tried, smallest first; when none
// finishes in time, the largest, overTarget. Empty: any count, from `minimumCards` in steps of
// it (no catalog to ask).
std::expected<ThroughputResult, Error> planThroughput(const ThroughputPlan &plan,
                                                      const ModelSpec &model, const CardSpec &card,
                                                      int minimumCards,
                                                      QList<int> instanceSizes = {});

} // namespace onramp
