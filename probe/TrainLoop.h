#pragma once

#include <functional>
#include <vector>

namespace onramp::probe {

// A small two-layer network trained with SGD on synthetic data, in plain C++: the light
// training loop that must run in a clean image with nothing installed. Deterministic for a
// given seed.
struct StepReport
{
    int step = 0;
    double loss = 0;
    double stepSeconds = 0;
    double samplesPerSecond = 0;
};

struct TrainResult
{
    std::vector<StepReport> steps;
    bool lossFell = false; // the mean of the last fifth below 80 % of the first fifth
};

TrainResult trainSynthetic(int steps, int batch, unsigned seed,
                           const std::function<void(const StepReport &)> &onStep);

} // namespace onramp::probe
