#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace onramp::probe {

// How many GPUs the job should see, and who says so: `--gpus N` (the instance type's count, as
// the wizard passes it), else ONRAMP_EXPECTED_GPUS (the provider's), else the scheduler's own
// (SLURM_GPUS_ON_NODE, then the entries of CUDA_VISIBLE_DEVICES). count -1: nobody said.
struct GpuExpectation
{
    int count = -1;
    std::string source; // "--gpus", "ONRAMP_EXPECTED_GPUS", "SLURM_GPUS_ON_NODE", …
};
GpuExpectation expectedGpus(int fromArguments);

// The query the health check sends: nvidia-smi --query-gpu=<kHealthFields> --format=csv,
// noheader,nounits. kBasicFields is the fallback for drivers that refuse a field.
extern const char *const kHealthFields;
extern const char *const kBasicFields;

// nvidia-smi's CSV rows (in the order of `fields`) as cards: {index, uuid, name,
// ecc_uncorrected, temperature_c, sm_clock_mhz, max_sm_clock_mhz, slowdown: [reasons]}, a
// figure null where the card says N/A. Only the cards the job may use when `visible`
// (CUDA_VISIBLE_DEVICES: indexes or UUIDs) names some.
nlohmann::json parseHealthRows(const std::string &csv, const std::string &fields,
                               const char *visible);

// The `gpu_health` event (docs/probe-events.md): the expectation against the cards found, each
// card's ECC errors, temperature and clocks, the per-device matmul when one ran (`matmul`: the
// `gpu_matmul` report of torch_check.py --matmul, or null), the problems found (each with a
// stable code) and a verdict. `exempt` (ONRAMP_GPU_EXEMPT, set by a provider with no real
// cards, such as the sandbox) excuses only the absence of GPUs, and is named in the event.
// `smiError`: nvidia-smi is there but failed (its output).
nlohmann::json judgeGpuHealth(const GpuExpectation &expected, bool smiPresent,
                              const std::string &smiError, const nlohmann::json &cards,
                              const nlohmann::json &matmul, const char *exempt);

} // namespace onramp::probe
