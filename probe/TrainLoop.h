#pragma once

#include <functional>
#include <string>
#include <vector>

namespace onramp::probe {

// A small two-layer network trained with SGD and momentum on synthetic data, in plain C++: the
// light training loop that must run in a clean image with nothing installed. Deterministic for a
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

// The same network as a resumable trainer: SGD with momentum (the optimizer state), and the
// random generator's state, all saved in a checkpoint, so that a run interrupted and resumed
// reports exactly the losses an uninterrupted run does.
class Trainer
{
public:
    Trainer(unsigned seed, int batch);
    StepReport step();
    int stepsDone() const { return m_step; }
    double momentumNorm() const; // a summary of the optimizer state, for the log

    // Written to `path` atomically (a temporary file renamed); false on any failure.
    bool save(const std::string &path) const;
    // Replaces this trainer's state; false (state untouched) when the file is not a regular
    // file holding a checkpoint of this network. Never blocks on a FIFO or a device.
    bool load(const std::string &path);

private:
    static constexpr int kIn = 3, kHidden = 16;
    int m_batch;
    int m_step = 0;
    std::vector<double> m_params;   // w1, b1, w2, b2
    std::vector<double> m_momentum; // same layout
    std::string m_rng;              // std::mt19937 state, serialised
};

bool lossFell(const std::vector<StepReport> &steps);

} // namespace onramp::probe
