#pragma once

#include "Error.h"
#include "MemoryEstimator.h"

#include <QJsonObject>
#include <QString>

#include <expected>
#include <vector>

namespace onramp {

// A published memory figure (shared/data/memory-cases.json) read into an estimator setup, and
// how our estimate compares. The reading is generic: it takes the model from the names the
// case mentions (else from its parameter count), and the precision, optimizer, method and
// sharding from the case's own words, so cases never seen before are read the same way.
struct CaseResult
{
    QString id;
    QString kind; // measured, computed, fits
    QString source;
    QString sourceUrl;
    QString model;    // catalog key or "custom"
    QString compared; // what is compared: "total", "model states", "activation checkpoints"
    bool expressible = false;
    QString whyNot;

    double reportedGiB = 0;
    double estimatedGiB = 0;
    double errorShare = 0; // (estimated − reported) / reported, when hasError
    bool hasError = false; // both figures exist (also for a row not compared, with whyNot)

    QString expectedVerdict; // fits cases: "fits" or "no"
    QString ourVerdict;
    bool verdictRight = false;

    bool zeroPaperModelState = false; // one of the ZeRO paper's model-state figures
    QString assumptions;              // what we had to assume
};

std::expected<std::vector<QJsonObject>, Error> loadValidationCases(const QString &path);
CaseResult evaluateCase(const QJsonObject &c);
// The parameters of a model's largest single layer (one weight matrix): what DeepSpeed's ZeRO-3
// estimator counts as gathered on every card.
double largestLayerParams(const ModelSpec &m);

struct AccuracySummary
{
    int measured = 0, measuredWithin15 = 0;
    int fits = 0, fitsRight = 0;
    int zero = 0, zeroWithin2 = 0;
};
AccuracySummary summarize(const std::vector<CaseResult> &results);
QString accuracyMarkdown(const std::vector<CaseResult> &results);

} // namespace onramp
