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

// The setup the estimate judges: the chosen one, with its GPU count taken from the chosen
// instance type (whole tensor × pipeline units of it).
TrainingSetup effectiveSetup(const ResourcesGateData &data);

} // namespace onramp
