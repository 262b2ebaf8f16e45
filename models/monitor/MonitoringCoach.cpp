#include "MonitoringCoach.h"

#include "Duration.h"
#include "Tr.h"

#include <cmath>

namespace onramp {

namespace {

constexpr size_t kMinSamples = 10;
constexpr double kSteady = 0.15;      // variation below: steady
constexpr double kFluctuating = 0.30; // variation above: fluctuating
constexpr double kHigh = 80;          // % utilisation: busy
constexpr double kLow = 40;           // % utilisation: waiting
// Steps shorter than this (the sandbox's, a toy model's) swing by a timer's jitter: their
// variation says nothing about data or communication.
constexpr double kShortestReadableStepSeconds = 0.005;

// Mean and coefficient of variation of the newest `window` samples: the pattern now, not the
// warm-up.
std::pair<double, double> stats(std::span<const double> xs)
{
    const size_t window = 200;
    if (xs.size() > window)
        xs = xs.subspan(xs.size() - window);
    double sum = 0;
    for (double x : xs)
        sum += x;
    const double mean = sum / double(xs.size());
    double sq = 0;
    for (double x : xs)
        sq += (x - mean) * (x - mean);
    const double sd = std::sqrt(sq / double(xs.size()));
    return {mean, mean > 0 ? sd / mean : 0};
}

} // namespace

CoachReading coach(std::span<const double> utilisation, std::span<const double> stepSeconds)
{
    CoachReading r;
    r.fromUtilisation = utilisation.size() >= kMinSamples;
    const std::span<const double> series = r.fromUtilisation ? utilisation : stepSeconds;
    if (series.size() < kMinSamples) {
        r.text = Tr::tr("Not enough steps yet to read a pattern.");
        return r;
    }
    std::tie(r.mean, r.variation) = stats(series);
    if (!r.fromUtilisation && r.mean < kShortestReadableStepSeconds) {
        r.text = Tr::tr("Steps take %1 on average: too short for their swings to tell anything.")
                     .arg(readableDuration(r.mean));
        r.advice = Tr::tr("Read the pattern on a run with longer steps, such as the first run.");
        return r;
    }
    if (r.variation >= kFluctuating) {
        r.pattern = CoachReading::Pattern::Fluctuating;
        r.text = r.fromUtilisation
                     ? Tr::tr("Utilisation swings (%1 % on average, varying by %2 %): the cards "
                              "keep waiting for something.")
                           .arg(qRound(r.mean))
                           .arg(qRound(r.variation * 100))
                     : Tr::tr("Step times swing by %1 %: some steps wait for something.")
                           .arg(qRound(r.variation * 100));
        r.advice = Tr::tr("Look at data first (the read share of a step), then communication "
                          "between cards, then other jobs sharing the machine.");
    } else if (r.fromUtilisation && r.mean >= kHigh && r.variation < kSteady) {
        r.pattern = CoachReading::Pattern::ComputeBound;
        r.text = Tr::tr("Utilisation is steady and high (%1 %): the job is compute-bound.")
                     .arg(qRound(r.mean));
        r.advice = Tr::tr("This is healthy. More speed needs more cards or less computation per "
                          "step, not a faster loader.");
    } else if (r.fromUtilisation && r.mean < kLow) {
        r.pattern = CoachReading::Pattern::Underfed;
        r.text = Tr::tr("Utilisation is steady but low (%1 %): the cards wait for work.")
                     .arg(qRound(r.mean));
        r.advice = Tr::tr("Raise the micro-batch if memory allows, or add loader workers.");
    } else if (!r.fromUtilisation && r.variation < kSteady) {
        r.pattern = CoachReading::Pattern::ComputeBound;
        r.text = Tr::tr("Step times are steady (%1): nothing is making steps wait.")
                     .arg(readableDuration(r.mean));
        r.advice = Tr::tr("Likely compute-bound; confirm with the cards' utilisation when the "
                          "instance reports it.");
    } else {
        r.pattern = CoachReading::Pattern::Moderate;
        r.text = r.fromUtilisation
                     ? Tr::tr("Utilisation varies a little (%1 %).").arg(qRound(r.variation * 100))
                     : Tr::tr("Step times vary a little (%1 %).").arg(qRound(r.variation * 100));
        r.advice = Tr::tr("Nothing stands out yet; watch whether the swings grow.");
    }
    return r;
}

} // namespace onramp
