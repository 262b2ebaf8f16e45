#pragma once

#include "Error.h"
#include "ResourcePlan.h"

#include <QJsonObject>

#include <expected>

namespace onramp {

// Gate 4's own data: the training setup behind the memory estimate, the instance and image
// chosen together, the storage plan, the throughput inputs, and the environment recorded for
// the run spec.
struct ResourcesGateData
{
    ResourceChoice choice;
    // The instance types and images the choice is made from and checked against: the
    // provider's, read when connected (and saved, so an offline restart still has it), else the
    // built-in one. Replaced whole when the provider answers (adoptCatalog in provider/).
    ResourceCatalog catalog;
    // The card the estimate is judged against; empty until chosen: gate 2's pool card (#17 walk:
    // an A10 pool was judged against an A100 80GB and "fits with headroom").
    QString cardKey;
    ThroughputPlan throughput;
    // Set once the model is chosen on gate 4; until then gate 4 follows the model gate 1's
    // purpose statement names (ResourcesForm::followQualificationModel).
    bool modelPicked = false;

    // Recorded from the chosen image and instance: what a rerun needs.
    struct Environment
    {
        QString image, imageVersion, imageDigest, framework, frameworkVersion, accelerator,
            acceleratorVersion, driver;
        bool operator==(const Environment &) const = default;
    } environment;

    ResourcesGateData();

    bool operator==(const ResourcesGateData &o) const;
    QJsonObject toJson() const;
    static std::expected<ResourcesGateData, Error> fromJson(const QJsonObject &o,
                                                            const QString &path);
};

// Records the environment the run spec needs (image name, version, digest, framework,
// accelerator, driver) and the card the estimate is judged against from the chosen image and
// instance type, as the catalog describes them.
void recordEnvironment(ResourcesGateData &data);

// The cards the run gets, the one rule every place follows (#17 walk 18: gate 3 planned 4
// cards, gate 4 created one gpu.a100-80g.1, the spec said "4 × gpu.a100-80g.1" and gate 5's
// check expected 1): gate 4 creates and holds one instance, and the run gets its cards —
// instances × cards per instance of the instance type gate 4 holds (`heldType`, the one the
// provider opened after the candidates) or, before it holds one, will create (the chosen one).
// Gate 4's findings and page, the run spec's compute (and so its Machine line, the exports and
// gate 6), and gate 5's GPU check read it here.
struct RunCards
{
    QString instanceType; // empty: none chosen yet
    QString card;         // the instance type's card key; empty while the type is unknown
    int instances = 1;    // gate 4 creates and holds one
    // The instance type's cards, as the catalog says; while the type is unknown (none chosen,
    // or not in the catalog), the job's own count ("Cards in the job"), which the one instance
    // must then have.
    int cardsPerInstance = 1;
    bool known = false; // the instance type is in the catalog
    bool held = false;  // the provider opened it (gate 4 holds it, or held it)
    int cards() const { return instances * cardsPerInstance; }
};
RunCards runCards(const ResourcesGateData &data, const QString &heldType = {});
// In the reader's words: "The run gets 1 card: gate 4 creates and holds one instance of
// gpu.a100-80g.1, with 1 card." Empty while no instance type is chosen.
QString runCardsText(const RunCards &run, const ResourceCatalog &catalog);

// The setup the estimate judges: the chosen one, with its GPU count the cards the run gets on
// the chosen instance type (runCards), in whole tensor × pipeline units of it.
TrainingSetup effectiveSetup(const ResourcesGateData &data);

// Gate 4's throughput plan on `card`, the one rule gate 4's page, its "Use these cards and
// hours" and gate 3's checks read (#17 walk 18): cards one instance holds, since gate 4 holds
// one — the instance type's once one is chosen or held (`heldType`), else the counts the
// catalog's instance types of the card come in (1 or 8 for an A100 80GB, never 10); from what
// memory needs (effectiveSetup).
std::expected<ThroughputResult, Error> planRunThroughput(const ResourcesGateData &data,
                                                         const CardSpec &card,
                                                         const QString &heldType = {});

} // namespace onramp
