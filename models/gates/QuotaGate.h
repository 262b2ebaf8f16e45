#pragma once

#include "Error.h"
#include "Finding.h"
#include "QualificationGate.h"
#include "WorkspaceGate.h"

#include <QDate>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <expected>
#include <optional>

namespace onramp {

// A window of heavy use: from `start`, `days` long, with `cards` busy.
struct PeakWindow
{
    QDate start;
    int days = 0;
    int cards = 0;
    bool operator==(const PeakWindow &) const = default;
};

// Gate 3's data: the derivation inputs, the time distribution and the edited justification. The
// pool it applies for (card type, region, zone) is gate 2's (WorkspaceData::pool).
struct QuotaGateData
{
    // What validateQuota() accepts at most.
    static constexpr int kMaxCardsPerRun = 1'000'000;
    static constexpr double kMaxHoursPerRound = 8784; // hours in a leap year
    static constexpr int kMaxRounds = 100'000;

    int cardsPerRun = 0;
    double hoursPerRound = 0;
    int rounds = 1;
    double retryMargin = 0.2; // share of the total added for failed and repeated runs
    QDate start;
    QDate end;
    QList<PeakWindow> peaks;
    QList<double> monthlyWeights; // one weight per calendar month from `start`; empty = even
    QString justification;        // the user's edited text; empty = generated
    bool operator==(const QuotaGateData &) const = default;
    QJsonObject toJson() const;
    static std::expected<QuotaGateData, Error> fromJson(const QJsonObject &o);
};

struct QuotaApplication
{
    QString label; // "first", "follow-up", "2027 Q2": a key, as the provider receives it
    QDate from;
    QDate to;
    double cardHours = 0;
    bool operator==(const QuotaApplication &) const = default;
};
// The application's name as people read it: "First (one round + margin)", "Follow-up",
// "Q2 2027" / "2027年第2季度".
QString applicationName(const QuotaApplication &a);

struct QuotaPlan
{
    double cardHours = 0;
    QString formula;                         // the derivation with the user's numbers
    QuotaApplication first;                  // one round plus margin, to prove the workflow
    QList<QuotaApplication> followUps;       // the rest, by quarter when the period is longer
    QList<QuotaApplication> quarters;        // the whole period split by calendar quarter
    QList<std::pair<QDate, double>> monthly; // card-hours per month, for the chart
    Findings findings;
};

// What the other gates know that the quota must agree with.
struct QuotaContext
{
    PurposeKind purpose = PurposeKind::Finetuning;
    std::optional<int> estimatedCards; // from gate 4's memory estimate
    double targetHours = 0;            // gate 4's "Finish within"; 0 = no target set
    // Gate 4's throughput plan's cards (planRunThroughput): what finishing within targetHours
    // takes on one instance; cards per run up to it are justified by throughput.
    std::optional<int> throughputCards;
    QList<double> memberShares;        // gate 2's per-person or per-topic shares, percent
    QuotaPool pool;                    // gate 2's pool: what the card-hours are of, and where
};

// Checks the inputs themselves (exit 2 in the CLI): the field and the reason.
std::expected<void, Error> validateQuota(const QuotaGateData &q);
// What validateQuota() refuses, as gate 3's finding "quota.incomplete" (read when shown);
// nullopt when valid.
std::optional<Finding> quotaIncomplete(const QuotaGateData &q);
QuotaPlan planQuota(const QuotaGateData &q, const QuotaContext &context);
// Ready to paste into a provider's form, in the current UI language.
QString quotaJustification(const QuotaGateData &q, const QuotaPlan &plan,
                           const QuotaContext &context);

} // namespace onramp
