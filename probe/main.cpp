// onramp-probe: runs on a training instance as a job's payload. No Qt: it must start in a
// clean image with nothing installed. Prints one JSON object per line (see
// docs/probe-events.md).

#include "TrainLoop.h"
#include "Version.h"

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <sys/sysinfo.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

namespace {

using nlohmann::json;

std::string trim(std::string s)
{
    const auto first = s.find_first_not_of(" \t\r\n\"");
    const auto last = s.find_last_not_of(" \t\r\n\"");
    return first == std::string::npos ? std::string() : s.substr(first, last - first + 1);
}

std::string keyFromFile(const char *path, const std::string &key, char sep)
{
    std::ifstream in(path);
    std::string line;
    while (std::getline(in, line)) {
        const auto pos = line.find(sep);
        if (pos != std::string::npos && trim(line.substr(0, pos)) == key)
            return trim(line.substr(pos + 1));
    }
    return {};
}

bool onPath(const std::string &program)
{
    const char *path = std::getenv("PATH");
    if (!path)
        return false;
    std::stringstream dirs(path);
    std::string dir;
    while (std::getline(dirs, dir, ':')) {
        if (!dir.empty() && access((dir + "/" + program).c_str(), X_OK) == 0)
            return true;
    }
    return false;
}

// Runs a command and returns its stdout; empty when it fails.
std::string capture(const std::string &command)
{
    std::string out;
    FILE *pipe = popen((command + " 2>/dev/null").c_str(), "r");
    if (!pipe)
        return out;
    std::array<char, 4096> buf{};
    size_t n = 0;
    while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0)
        out.append(buf.data(), n);
    if (pclose(pipe) != 0)
        return {};
    return out;
}

json gpus()
{
    json list = json::array();
    if (!onPath("nvidia-smi"))
        return list;
    std::stringstream rows(capture("nvidia-smi --query-gpu=name,memory.total,driver_version "
                                   "--format=csv,noheader,nounits"));
    std::string row;
    while (std::getline(rows, row)) {
        std::stringstream cols(row);
        std::string name, memory, driver;
        std::getline(cols, name, ',');
        std::getline(cols, memory, ',');
        std::getline(cols, driver, ',');
        json g{{"vendor", "nvidia"}, {"name", trim(name)}, {"driver", trim(driver)}};
        try {
            g["memory_mib"] = std::stoll(trim(memory));
        } catch (...) {
            g["memory_mib"] = nullptr;
        }
        list.push_back(g);
    }
    return list;
}

json fingerprint()
{
    utsname u{};
    uname(&u);
    struct sysinfo si
    {
    };
    sysinfo(&si);
    json j{{"event", "fingerprint"},
           {"probe_version", ONRAMP_VERSION},
           {"os", keyFromFile("/etc/os-release", "PRETTY_NAME", '=')},
           {"kernel", std::string(u.sysname) + " " + u.release},
           {"arch", u.machine},
           {"cpu_model", keyFromFile("/proc/cpuinfo", "model name", ':')},
           {"cpu_count", sysconf(_SC_NPROCESSORS_ONLN)},
           {"memory_bytes", static_cast<unsigned long long>(si.totalram) * si.mem_unit},
           {"gpus", gpus()}};
    return j;
}

// The instance's folders, when the job was given them: data must be readable (a loader lists it
// and reads a file's first bytes), output must take a file. Empty results when not given.
struct StorageResult
{
    bool dataChecked = false, dataReadable = false;
    bool outputChecked = false, outputWritten = false;
};

StorageResult checkStorage(const nlohmann::json &report)
{
    namespace fs = std::filesystem;
    StorageResult r;
    if (const char *data = std::getenv("ONRAMP_DATA_DIR"); data && *data) {
        r.dataChecked = true;
        std::error_code ec;
        std::size_t files = 0;
        bool sampled = false;
        for (fs::recursive_directory_iterator it(data, ec), end; !ec && it != end;
             it.increment(ec)) {
            if (!it->is_regular_file(ec))
                continue;
            ++files;
            if (!sampled) {
                std::ifstream f(it->path(), std::ios::binary);
                char buf[4096];
                f.read(buf, sizeof buf);
                sampled = f.gcount() > 0 || it->file_size(ec) == 0;
            }
        }
        r.dataReadable = !ec && (files == 0 || sampled);
        std::cout << nlohmann::json{{"event", "storage"},
                                    {"check", "data"},
                                    {"path", data},
                                    {"readable", r.dataReadable},
                                    {"files", files},
                                    {"error", ec ? ec.message() : std::string()}}
                         .dump()
                  << '\n';
    }
    if (const char *out = std::getenv("ONRAMP_OUTPUT_DIR"); out && *out) {
        r.outputChecked = true;
        const fs::path file = fs::path(out) / "environment.json";
        {
            std::ofstream f(file);
            f << report.dump(2) << '\n';
            r.outputWritten = static_cast<bool>(f);
        }
        std::error_code ec;
        const auto bytes = r.outputWritten ? fs::file_size(file, ec) : 0;
        std::cout << nlohmann::json{{"event", "artifact"},
                                    {"check", "output"},
                                    {"path", file.string()},
                                    {"written", r.outputWritten},
                                    {"bytes", bytes}}
                         .dump()
                  << '\n';
    }
    return r;
}

// environment: the fingerprint, then the light training loop that must run in a clean image
// (loss reported per step and required to fall), then a verdict. Exit 1 when it fails.
int environment(int steps)
{
    const nlohmann::json print = fingerprint();
    std::cout << print.dump() << '\n';
    const auto result = onramp::probe::trainSynthetic(steps, 64, 7, [](const auto &r) {
        std::cout << nlohmann::json{{"event", "step"},
                                    {"check", "environment"},
                                    {"step", r.step},
                                    {"loss", r.loss},
                                    {"step_seconds", r.stepSeconds},
                                    {"samples_per_second", r.samplesPerSecond}}
                         .dump()
                  << '\n';
    });
    const StorageResult storage = checkStorage({{"fingerprint", print},
                                                {"first_loss", result.steps.front().loss},
                                                {"last_loss", result.steps.back().loss}});
    const bool passed = result.lossFell && (!storage.dataChecked || storage.dataReadable) &&
                        (!storage.outputChecked || storage.outputWritten);
    const char *reason = !result.lossFell                               ? "loss did not decrease"
                         : storage.dataChecked && !storage.dataReadable ? "data folder not readable"
                         : storage.outputChecked && !storage.outputWritten
                             ? "output folder not writable"
                             : "loss decreased in the plain C++ loop";
    nlohmann::json verdict{{"event", "verdict"},
                           {"check", "environment"},
                           {"passed", passed},
                           {"first_loss", result.steps.front().loss},
                           {"last_loss", result.steps.back().loss},
                           {"reason", reason}};
    if (storage.dataChecked)
        verdict["data_readable"] = storage.dataReadable;
    if (storage.outputChecked)
        verdict["output_written"] = storage.outputWritten;
    std::cout << verdict.dump() << '\n';
    return passed ? 0 : 1;
}

} // namespace

int main(int argc, char **argv)
{
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "--version") {
        std::cout << "onramp-probe " << ONRAMP_VERSION << '\n';
        return 0;
    }
    if (mode == "--help") {
        std::cout << "usage: onramp-probe [--version | environment [--steps N]]\n"
                     "Without a mode: an environment fingerprint as one JSON line.\n"
                     "environment: the fingerprint, a light training loop in plain C++ (loss per\n"
                     "step, required to fall) and a verdict, one JSON object per line.\n";
        return 0;
    }
    if (mode.empty()) {
        std::cout << fingerprint().dump() << '\n';
        return 0;
    }
    if (mode == "environment") {
        int steps = 200;
        if (argc == 4 && std::strcmp(argv[2], "--steps") == 0) {
            try {
                steps = std::stoi(argv[3]);
            } catch (...) {
                steps = 0;
            }
        } else if (argc != 2) {
            steps = 0;
        }
        if (steps < 5 || steps > 1000000) {
            std::cerr << "onramp-probe: --steps takes a number from 5 to 1000000\n";
            return 2;
        }
        return environment(steps);
    }
    std::cerr << "onramp-probe: unknown argument " << mode << " (try --help)\n";
    return 2;
}
