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
    QString cardKey = QStringLiteral("a100-80g"); // the card the estimate is judged against
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

// The setup the estimate judges: the chosen one, with its GPU count taken from the chosen
// instance type (whole tensor × pipeline units of it).
TrainingSetup effectiveSetup(const ResourcesGateData &data);

} // namespace onramp
