#include "TrainLoop.h"

#include <chrono>
#include <cmath>
#include <numeric>
#include <random>

namespace onramp::probe {

TrainResult trainSynthetic(int steps, int batch, unsigned seed,
                           const std::function<void(const StepReport &)> &onStep)
{
    // Regression target y = sin(x0) + 0.5·x1² − x2, learned by a 3-16-1 tanh network.
    constexpr int in = 3, hidden = 16;
    std::mt19937 rng(seed);
    std::normal_distribution<double> init(0.0, 0.5);
    std::uniform_real_distribution<double> data(-1.0, 1.0);
    std::vector<double> w1(in * hidden), b1(hidden, 0.0), w2(hidden), x(in), h(hidden);
    for (double &w : w1)
        w = init(rng);
    for (double &w : w2)
        w = init(rng);
    double b2 = 0;
    const double lr = 0.05;
    TrainResult result;
    for (int step = 1; step <= steps; ++step) {
        const auto start = std::chrono::steady_clock::now();
        std::vector<double> gw1(w1.size(), 0.0), gb1(hidden, 0.0), gw2(hidden, 0.0);
        double gb2 = 0, loss = 0;
        for (int n = 0; n < batch; ++n) {
            for (double &v : x)
                v = data(rng);
            const double y = std::sin(x[0]) + 0.5 * x[1] * x[1] - x[2];
            double out = b2;
            for (int j = 0; j < hidden; ++j) {
                double z = b1[j];
                for (int i = 0; i < in; ++i)
                    z += w1[j * in + i] * x[i];
                h[j] = std::tanh(z);
                out += w2[j] * h[j];
            }
            const double err = out - y;
            loss += err * err;
            // Backward pass.
            gb2 += 2 * err;
            for (int j = 0; j < hidden; ++j) {
                gw2[j] += 2 * err * h[j];
                const double dz = 2 * err * w2[j] * (1 - h[j] * h[j]);
                gb1[j] += dz;
                for (int i = 0; i < in; ++i)
                    gw1[j * in + i] += dz * x[i];
            }
        }
        const double scale = lr / batch;
        for (size_t k = 0; k < w1.size(); ++k)
            w1[k] -= scale * gw1[k];
        for (int j = 0; j < hidden; ++j) {
            b1[j] -= scale * gb1[j];
            w2[j] -= scale * gw2[j];
        }
        b2 -= scale * gb2;
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        StepReport r{step, loss / batch, seconds, seconds > 0 ? batch / seconds : 0};
        result.steps.push_back(r);
        if (onStep)
            onStep(r);
    }
    const size_t fifth = std::max<size_t>(1, result.steps.size() / 5);
    const auto mean = [&](size_t from) {
        double s = 0;
        for (size_t i = from; i < from + fifth; ++i)
            s += result.steps[i].loss;
        return s / double(fifth);
    };
    result.lossFell = result.steps.size() >= 5 && mean(result.steps.size() - fifth) < 0.8 * mean(0);
    return result;
}

} // namespace onramp::probe
