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

// The target on measured peaks (issue 20, "Done when"): at least 80 % of the rows that count
// within ±20 % of the reported figure.
inline constexpr double kMeasuredTolerance = 0.20;
inline constexpr double kMeasuredTargetShare = 0.80;

// Whether a row counts toward that target. One definition, used by tst_estimator, `onramp
// estimate-accuracy` and docs/estimator.md ("Accuracy"): a measured case with both figures that
// the case reader compares, that is, one it found no reason not to compare (whyNot empty). The
// reasons are the case's own words: no batch or sequence length stated, a whole-job total,
// marked suspect by its notes, or a length that is only a cap with a figure below the estimate
// at the cap.
bool countsTowardTarget(const CaseResult &r);
// |error| ≤ kMeasuredTolerance.
bool withinTolerance(const CaseResult &r);
// The definition in words, as the harness prints it.
QString countingRule();

struct AccuracySummary
{
    int measured = 0, measuredWithin = 0; // rows that count, and those within ±20 %
    int fits = 0, fitsRight = 0;
    int zero = 0, zeroWithin2 = 0;
    bool measuredTargetMet() const { return measuredWithin >= kMeasuredTargetShare * measured; }
};
AccuracySummary summarize(const std::vector<CaseResult> &results);
QString accuracyMarkdown(const std::vector<CaseResult> &results, const QString &casesFile);

} // namespace onramp
