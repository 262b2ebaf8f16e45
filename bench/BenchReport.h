#pragma once
// What every bench program prints and how it summarises its rounds (run_bench.py reads the
// lines and adds each figure's target).

#include <algorithm>
#include <cstdio>
#include <vector>

namespace onramp::bench {

// One figure: `BENCH <name> <value> <unit> anchor=<value> ratio=<value>`.
inline void line(const char *name, double value, const char *unit, double anchor)
{
    std::printf("BENCH %s %.2f %s anchor=%.2f ratio=%.3f\n", name, value, unit, anchor,
                value / anchor);
    std::fflush(stdout);
}

// The middle of the rounds (the upper one of an even count); 0 for none.
inline double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

} // namespace onramp::bench
