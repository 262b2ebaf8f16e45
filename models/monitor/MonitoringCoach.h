#pragma once

#include <QString>

#include <span>

namespace onramp {

// Reads utilisation the guides' way: steady and high → compute-bound; fluctuating → data,
// communication or scheduling; steady and low → the cards wait for work. Utilisation (0–100,
// from the cards) when the job reports it; otherwise the step times, whose swings tell the same
// story (a step that waits for data takes longer than one that does not).
struct CoachReading
{
    enum class Pattern
    {
        TooEarly,
        ComputeBound,
        Fluctuating,
        Underfed,
        Moderate
    };
    Pattern pattern = Pattern::TooEarly;
    double mean = 0;      // of the series read (utilisation %, or step seconds)
    double variation = 0; // coefficient of variation of that series
    bool fromUtilisation = false;
    QString text;   // translated: what the pattern means
    QString advice; // translated: what to look at next
};

CoachReading coach(std::span<const double> utilisation, std::span<const double> stepSeconds);

} // namespace onramp
