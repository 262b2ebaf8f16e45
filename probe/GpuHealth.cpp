#include "GpuHealth.h"

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <vector>

namespace onramp::probe {

using nlohmann::json;

const char *const kHealthFields =
    "index,uuid,name,ecc.errors.uncorrected.volatile.total,temperature.gpu,clocks.sm,"
    "clocks.max.sm,clocks_throttle_reasons.hw_slowdown,"
    "clocks_throttle_reasons.hw_thermal_slowdown,clocks_throttle_reasons.sw_thermal_slowdown";
const char *const kBasicFields = "index,uuid,name,temperature.gpu,clocks.sm,clocks.max.sm";

namespace {

// A card hotter than this is throttling or about to (data-centre cards slow down near 85–90 °C).
constexpr int kHotCelsius = 85;

std::string trimmed(const std::string &s)
{
    const auto first = s.find_first_not_of(" \t\r\n");
    const auto last = s.find_last_not_of(" \t\r\n");
    return first == std::string::npos ? std::string() : s.substr(first, last - first + 1);
}

std::vector<std::string> split(const std::string &s, char sep)
{
    std::vector<std::string> out;
    std::stringstream in(s);
    std::string part;
    while (std::getline(in, part, sep))
        out.push_back(trimmed(part));
    return out;
}

// A number, or null for N/A, [N/A], [Not Supported] and anything else that is not one.
json number(const std::string &s)
{
    if (s.empty() || s.front() == '[' || s == "N/A")
        return nullptr;
    char *end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    if (end == s.c_str() || *end != 0)
        return nullptr;
    if (v == static_cast<long long>(v))
        return static_cast<long long>(v);
    return v;
}

int positiveInt(const char *text)
{
    if (!text || !*text)
        return -1;
    char *end = nullptr;
    const long v = std::strtol(text, &end, 10);
    return end != text && *end == 0 && v >= 0 && v <= 4096 ? static_cast<int>(v) : -1;
}

json problem(const char *code, std::string message, json gpu = nullptr)
{
    json p{{"code", code}, {"message", std::move(message)}};
    if (!gpu.is_null())
        p["gpu"] = std::move(gpu);
    return p;
}

} // namespace

GpuExpectation expectedGpus(int fromArguments)
{
    if (fromArguments >= 0)
        return {fromArguments, "--gpus"};
    if (const int n = positiveInt(std::getenv("ONRAMP_EXPECTED_GPUS")); n >= 0)
        return {n, "ONRAMP_EXPECTED_GPUS"};
    if (const int n = positiveInt(std::getenv("SLURM_GPUS_ON_NODE")); n >= 0)
        return {n, "SLURM_GPUS_ON_NODE"};
    if (const char *v = std::getenv("CUDA_VISIBLE_DEVICES"); v && *v) {
        const std::string s = v;
        if (s == "NoDevFiles" || s == "-1")
            return {0, "CUDA_VISIBLE_DEVICES"};
        if (s != "all")
            return {static_cast<int>(split(s, ',').size()), "CUDA_VISIBLE_DEVICES"};
    }
    return {};
}

json parseHealthRows(const std::string &csv, const std::string &fields, const char *visible)
{
    const std::vector<std::string> names = split(fields, ',');
    std::vector<std::string> allowed;
    if (visible && *visible && std::string(visible) != "all")
        allowed = split(visible, ',');
    json cards = json::array();
    std::stringstream rows(csv);
    std::string row;
    while (std::getline(rows, row)) {
        if (trimmed(row).empty())
            continue;
        const std::vector<std::string> cols = split(row, ',');
        const auto col = [&](const char *name) -> std::string {
            const auto at = std::find(names.begin(), names.end(), name);
            const auto i = static_cast<size_t>(at - names.begin());
            return at == names.end() || i >= cols.size() ? std::string() : cols[i];
        };
        json card{{"index", number(col("index"))},
                  {"uuid", col("uuid")},
                  {"name", col("name")},
                  {"ecc_uncorrected", number(col("ecc.errors.uncorrected.volatile.total"))},
                  {"temperature_c", number(col("temperature.gpu"))},
                  {"sm_clock_mhz", number(col("clocks.sm"))},
                  {"max_sm_clock_mhz", number(col("clocks.max.sm"))}};
        json slowdown = json::array();
        for (const char *reason : {"hw_slowdown", "hw_thermal_slowdown", "sw_thermal_slowdown"})
            if (col((std::string("clocks_throttle_reasons.") + reason).c_str()) == "Active")
                slowdown.push_back(reason);
        card["slowdown"] = slowdown;
        if (!allowed.empty()) {
            const std::string index = col("index");
            const std::string uuid = col("uuid");
            if (std::none_of(allowed.begin(), allowed.end(), [&](const std::string &a) {
                    return a == index || (!uuid.empty() && a == uuid);
                }))
                continue;
        }
        cards.push_back(card);
    }
    return cards;
}

json judgeGpuHealth(const GpuExpectation &expected, bool smiPresent, const std::string &smiError,
                    const json &cards, const json &matmul, const char *exempt)
{
    const int found = static_cast<int>(cards.size());
    json problems = json::array();
    const std::string exemption = exempt && *exempt ? exempt : "";
    if (!smiError.empty())
        problems.push_back(problem("nvidia_smi_failed", "nvidia-smi failed: " + smiError));
    if (found == 0 && expected.count > 0 && exemption.empty())
        problems.push_back(problem(
            "no_gpu", std::to_string(expected.count) + " GPU(s) expected (" + expected.source +
                          "), none found" +
                          (smiPresent ? std::string(" by nvidia-smi")
                                      : std::string(": nvidia-smi is not on the PATH"))));
    else if (found > 0 && expected.count >= 0 && found != expected.count)
        problems.push_back(problem("count_mismatch",
                                   std::to_string(expected.count) + " GPU(s) expected (" +
                                       expected.source + "), " + std::to_string(found) + " found"));
    for (const json &c : cards) {
        const json &index = c["index"];
        if (c["ecc_uncorrected"].is_number() && c["ecc_uncorrected"].get<double>() > 0)
            problems.push_back(problem(
                "ecc_errors",
                "GPU " + index.dump() + " reports " + c["ecc_uncorrected"].dump() +
                    " uncorrected ECC error(s)",
                index));
        if (c["temperature_c"].is_number() && c["temperature_c"].get<double>() >= kHotCelsius)
            problems.push_back(problem("temperature",
                                       "GPU " + index.dump() + " is at " +
                                           c["temperature_c"].dump() + " °C",
                                       index));
        if (!c["slowdown"].empty())
            problems.push_back(problem("clock_slowdown",
                                       "GPU " + index.dump() + "'s clocks are held down: " +
                                           c["slowdown"].dump(),
                                       index));
        else if (!c["max_sm_clock_mhz"].is_number() || c["max_sm_clock_mhz"].get<double>() <= 0 ||
                 (c["sm_clock_mhz"].is_number() &&
                  c["sm_clock_mhz"].get<double>() > c["max_sm_clock_mhz"].get<double>()))
            problems.push_back(problem("clocks",
                                       "GPU " + index.dump() + " reports no sane clocks (SM " +
                                           c["sm_clock_mhz"].dump() + " of " +
                                           c["max_sm_clock_mhz"].dump() + " MHz)",
                                       index));
    }
    if (matmul.is_object()) {
        if (!matmul.value("cuda", false))
            problems.push_back(problem(
                "torch_no_cuda",
                "torch " + matmul.value("version", std::string("?")) +
                    " cannot use the GPUs (torch.cuda.is_available() is false" +
                    (matmul.contains("error") ? ": " + matmul["error"].get<std::string>()
                                              : std::string()) +
                    ")"));
        else if (const auto devices = matmul.value("devices", json::array());
                 static_cast<int>(devices.size()) != found)
            problems.push_back(problem("count_mismatch",
                                       "torch sees " + std::to_string(devices.size()) +
                                           " GPU(s), nvidia-smi " + std::to_string(found)));
        for (const json &d : matmul.value("devices", json::array()))
            if (!d.value("passed", false))
                problems.push_back(problem(
                    "matmul_failed",
                    "the matmul on GPU " + d.value("index", json()).dump() + " failed: " +
                        d.value("error", std::string("wrong result")),
                    d.value("index", json())));
    }
    const bool passed = problems.empty();
    std::string reason;
    if (!passed)
        reason = problems.front()["message"].get<std::string>();
    else if (found == 0 && expected.count > 0)
        reason = "no GPU; exempt: " + exemption;
    else if (found == 0)
        reason = expected.count == 0 ? "no GPU on this instance, and none expected"
                                     : "no GPU on this instance; how many it should have was "
                                       "not given";
    else
        reason = std::to_string(found) + " GPU(s) healthy" +
                 (matmul.is_object() ? ", a matmul ran on each" : "");
    json event{{"event", "gpu_health"},
               {"check", "environment"},
               {"expected", expected.count >= 0 ? json(expected.count) : json()},
               {"expected_from", expected.source},
               {"found", found},
               {"nvidia_smi", smiPresent},
               {"gpus", cards},
               {"problems", problems},
               {"passed", passed},
               {"reason", reason}};
    if (matmul.is_object())
        event["matmul"] = matmul.value("devices", json::array());
    if (found == 0 && !exemption.empty())
        event["exempt"] = exemption;
    return event;
}

} // namespace onramp::probe
