#include "TrainLoop.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <numeric>
#include <random>
#include <sstream>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace onramp::probe {

TrainResult trainSynthetic(int steps, int batch, unsigned seed,
                           const std::function<void(const StepReport &)> &onStep)
{
    Trainer trainer(seed, batch);
    TrainResult result;
    for (int step = 1; step <= steps; ++step) {
        const StepReport r = trainer.step();
        result.steps.push_back(r);
        if (onStep)
            onStep(r);
    }
    result.lossFell = lossFell(result.steps);
    return result;
}

bool lossFell(const std::vector<StepReport> &steps)
{
    const size_t fifth = std::max<size_t>(1, steps.size() / 5);
    const auto mean = [&](size_t from) {
        double s = 0;
        for (size_t i = from; i < from + fifth; ++i)
            s += steps[i].loss;
        return s / double(fifth);
    };
    return steps.size() >= 5 && mean(steps.size() - fifth) < 0.8 * mean(0);
}

namespace {
constexpr const char *kMagic = "onramp-probe-checkpoint-v1";
}

Trainer::Trainer(unsigned seed, int batch) : m_batch(batch)
{
    std::mt19937 rng(seed);
    std::normal_distribution<double> init(0.0, 0.5);
    const size_t n = size_t(kIn * kHidden + kHidden + kHidden + 1);
    m_params.assign(n, 0.0);
    m_momentum.assign(n, 0.0);
    for (int k = 0; k < kIn * kHidden; ++k)
        m_params[size_t(k)] = init(rng);
    for (int j = 0; j < kHidden; ++j)
        m_params[size_t(kIn * kHidden + kHidden + j)] = init(rng);
    std::ostringstream state;
    state << rng;
    m_rng = state.str();
}

double Trainer::momentumNorm() const
{
    double s = 0;
    for (double v : m_momentum)
        s += v * v;
    return std::sqrt(s);
}

StepReport Trainer::step()
{
    const auto start = std::chrono::steady_clock::now();
    std::mt19937 rng;
    std::istringstream(m_rng) >> rng;
    std::uniform_real_distribution<double> data(-1.0, 1.0);
    double *w1 = m_params.data();
    double *b1 = w1 + kIn * kHidden;
    double *w2 = b1 + kHidden;
    double &b2 = w2[kHidden];
    std::vector<double> grad(m_params.size(), 0.0);
    double *gw1 = grad.data(), *gb1 = gw1 + kIn * kHidden, *gw2 = gb1 + kHidden;
    double &gb2 = gw2[kHidden];
    double x[kIn], h[kHidden], loss = 0;
    for (int n = 0; n < m_batch; ++n) {
        for (double &v : x)
            v = data(rng);
        const double y = std::sin(x[0]) + 0.5 * x[1] * x[1] - x[2];
        double out = b2;
        for (int j = 0; j < kHidden; ++j) {
            double z = b1[j];
            for (int i = 0; i < kIn; ++i)
                z += w1[j * kIn + i] * x[i];
            h[j] = std::tanh(z);
            out += w2[j] * h[j];
        }
        const double err = out - y;
        loss += err * err;
        gb2 += 2 * err;
        for (int j = 0; j < kHidden; ++j) {
            gw2[j] += 2 * err * h[j];
            const double dz = 2 * err * w2[j] * (1 - h[j] * h[j]);
            gb1[j] += dz;
            for (int i = 0; i < kIn; ++i)
                gw1[j * kIn + i] += dz * x[i];
        }
    }
    const double lr = 0.05, beta = 0.9;
    for (size_t k = 0; k < m_params.size(); ++k) {
        m_momentum[k] = beta * m_momentum[k] + grad[k] / m_batch;
        m_params[k] -= lr * m_momentum[k];
    }
    std::ostringstream state;
    state << rng;
    m_rng = state.str();
    ++m_step;
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return {m_step, loss / m_batch, seconds, seconds > 0 ? m_batch / seconds : 0};
}

bool Trainer::save(const std::string &path) const
{
    const std::string tmp = path + ".tmp";
    // Whatever is in the way (a leftover, or a FIFO that would block the open) goes first.
    std::remove(tmp.c_str());
    {
        std::ofstream f(tmp, std::ios::trunc);
        f.precision(17);
        f << kMagic << '\n' << m_step << ' ' << m_batch << ' ' << m_params.size() << '\n';
        for (double v : m_params)
            f << v << ' ';
        f << '\n';
        for (double v : m_momentum)
            f << v << ' ';
        f << '\n' << m_rng << '\n';
        if (!f)
            return false;
    }
    return std::rename(tmp.c_str(), path.c_str()) == 0;
}

bool Trainer::load(const std::string &path)
{
    // Only a regular file, opened without blocking: a FIFO or a device planted under a
    // checkpoint's name must not hang the job (an ifstream would wait for a writer forever).
    // Never through a symlink: one planted (or swapped in after the listing) would have the
    // job read, and resume from, a file elsewhere.
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY);
    if (fd < 0)
        return false;
    struct stat st = {};
    constexpr off_t kMaxBytes = 64 * 1024 * 1024; // this network's checkpoint is ~10 KiB
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > kMaxBytes) {
        ::close(fd);
        return false;
    }
    std::string bytes;
    char buf[16384];
    for (ssize_t n; (n = ::read(fd, buf, sizeof buf)) != 0;) {
        if (n < 0 || bytes.size() + size_t(n) > size_t(kMaxBytes)) {
            ::close(fd);
            return false;
        }
        bytes.append(buf, size_t(n));
    }
    ::close(fd);
    std::istringstream f(bytes);
    std::string magic;
    if (!std::getline(f, magic) || magic != kMagic)
        return false;
    int step = 0, batch = 0;
    size_t n = 0;
    if (!(f >> step >> batch) || !(f >> n) || n != m_params.size() || step < 0)
        return false;
    std::vector<double> params(n), momentum(n);
    for (double &v : params)
        if (!(f >> v))
            return false;
    for (double &v : momentum)
        if (!(f >> v))
            return false;
    std::string rng;
    f >> std::ws;
    if (!std::getline(f, rng) || rng.empty())
        return false;
    m_step = step;
    m_batch = batch;
    m_params = std::move(params);
    m_momentum = std::move(momentum);
    m_rng = rng;
    return true;
}

} // namespace onramp::probe
