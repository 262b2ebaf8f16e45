// onramp-probe: runs on a training instance as a job's payload. No Qt: it must start in a
// clean image with nothing installed. Prints one JSON object per line (see
// docs/probe-events.md).

#include "DataCheck.h"
#include "GpuHealth.h"
#include "TrainLoop.h"
#include "Version.h"

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <sys/sysinfo.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <tuple>

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
// A command's standard output; empty when it fails, unless `evenOnFailure` (a failing check
// whose output is the evidence).
std::string capture(const std::string &command, bool evenOnFailure = false)
{
    std::string out;
    FILE *pipe = popen((command + " 2>/dev/null").c_str(), "r");
    if (!pipe)
        return out;
    std::array<char, 4096> buf{};
    size_t n = 0;
    while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0)
        out.append(buf.data(), n);
    if (pclose(pipe) != 0 && !evenOnFailure)
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

// Single quotes for /bin/sh.
std::string shQuote(const std::string &s)
{
    std::string out = "'";
    for (char c : s)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

// What one Python says of itself and the training frameworks installed with it, found without
// importing them (importing torch takes seconds): {"python", "frameworks": {name: version}}.
json askPython(const std::string &candidate)
{
    const std::string out = capture(
        shQuote(candidate) +
        " -c 'import json, importlib.util, platform\n"
        "r = {\"python\": platform.python_version(), \"frameworks\": {}}\n"
        "for mod, dist in [(\"torch\", \"torch\"), (\"jax\", \"jax\"), (\"tensorflow\", "
        "\"tensorflow\"), (\"paddle\", \"paddlepaddle\"), (\"mindspore\", \"mindspore\")]:\n"
        "    if importlib.util.find_spec(mod):\n"
        "        import importlib.metadata as m\n"
        "        try: r[\"frameworks\"][mod] = m.version(dist)\n"
        "        except Exception: r[\"frameworks\"][mod] = \"unknown\"\n"
        "print(json.dumps(r))' 2>/dev/null");
    const json r = json::parse(out, nullptr, false);
    return r.is_object() ? r : json::object();
}

struct PythonFound
{
    std::string path; // empty when the image has no Python
    json frameworks = json::object();
};

// The Python that runs the framework checks and the first run: $ONRAMP_PYTHON, else python3 on
// the PATH, else /usr/bin/python3 — the first that has torch, or the first that exists — with
// what it reported. Asked once per process, one Python start per candidate: the fingerprint, the
// torch loop and the first run's trainer all read it.
const PythonFound &pythonFound()
{
    static const PythonFound chosen = [] {
        std::vector<std::string> candidates;
        if (const char *v = std::getenv("ONRAMP_PYTHON"); v && *v)
            candidates.push_back(v);
        candidates.push_back("python3");
        candidates.push_back("/usr/bin/python3");
        PythonFound first;
        for (const std::string &c : candidates) {
            const bool exists =
                c.find('/') == std::string::npos ? onPath(c) : access(c.c_str(), X_OK) == 0;
            if (!exists)
                continue;
            PythonFound found{c, askPython(c)};
            if (found.frameworks.contains("frameworks") &&
                found.frameworks["frameworks"].contains("torch"))
                return found;
            if (first.path.empty())
                first = std::move(found);
        }
        return first;
    }();
    return chosen;
}

const std::string &python()
{
    return pythonFound().path;
}

// Python and the training frameworks of python(); empty when the image has no python3.
const json &pythonFrameworks()
{
    return pythonFound().frameworks;
}

// The torch loop shipped beside the probe (torch_check.py), when torch is installed: its
// report, or null when torch is absent.
json torchLoop()
{
    const json py = pythonFrameworks();
    if (!py.contains("frameworks") || !py["frameworks"].contains("torch"))
        return nullptr;
    std::error_code ec;
    std::string script =
        std::filesystem::read_symlink("/proc/self/exe", ec).parent_path().string() +
        "/torch_check.py";
    if (const char *override = std::getenv("ONRAMP_TORCH_CHECK"); override && *override)
        script = override;
    if (!std::filesystem::exists(script, ec))
        return json{{"event", "torch"},
                    {"passed", false},
                    {"error", "torch_check.py is not installed beside onramp-probe"}};
    const std::string out =
        capture(shQuote(python()) + ' ' + shQuote(script) + " --steps 60", true);
    // Its report is the last JSON line; anything before it (a traceback) is the evidence.
    const auto at = out.rfind("{\"event\": \"torch\"");
    json r = at == std::string::npos ? json() : json::parse(out.substr(at), nullptr, false);
    if (!r.is_object())
        r = json{{"event", "torch"}, {"passed", false}, {"error", out.substr(0, 2000)}};
    return r;
}

// A script shipped beside the probe (`name`), or the one an environment variable names instead.
std::string besideProbe(const char *name, const char *override)
{
    if (const char *v = std::getenv(override); v && *v)
        return v;
    std::error_code ec;
    return std::filesystem::read_symlink("/proc/self/exe", ec).parent_path().string() + "/" + name;
}

// torch_check.py --matmul: a small matmul on every CUDA device torch sees; null when the image
// has no torch (the check is then nvidia-smi's alone).
json torchMatmul()
{
    const json py = pythonFrameworks();
    if (!py.contains("frameworks") || !py["frameworks"].contains("torch"))
        return nullptr;
    const std::string script = besideProbe("torch_check.py", "ONRAMP_TORCH_CHECK");
    std::error_code ec;
    if (!std::filesystem::exists(script, ec))
        return json{{"event", "gpu_matmul"},
                    {"cuda", false},
                    {"devices", json::array()},
                    {"error", "torch_check.py is not installed beside onramp-probe"}};
    const std::string out = capture(shQuote(python()) + ' ' + shQuote(script) + " --matmul", true);
    // Its report is the last line that is a gpu_matmul event; anything else is the evidence.
    json r;
    std::stringstream lines(out);
    for (std::string line; std::getline(lines, line);)
        if (json e = json::parse(line, nullptr, false);
            e.is_object() && e.value("event", std::string()) == "gpu_matmul")
            r = std::move(e);
    if (!r.is_object())
        r = json{{"event", "gpu_matmul"},
                 {"cuda", false},
                 {"devices", json::array()},
                 {"error", out.substr(0, 2000)}};
    return r;
}

// The GPUs before training (the `gpu_health` event): as many as expected, no ECC errors, sane
// temperature and clocks, and a matmul on each where torch has CUDA. `gpusArgument`: --gpus, or
// -1.
json gpuHealth(int gpusArgument)
{
    namespace p = onramp::probe;
    const p::GpuExpectation expected = p::expectedGpus(gpusArgument);
    const bool smi = onPath("nvidia-smi");
    json cards = json::array();
    std::string smiError;
    if (smi) {
        std::string fields = p::kHealthFields;
        std::string out =
            capture("nvidia-smi --query-gpu=" + fields + " --format=csv,noheader,nounits");
        if (trim(out).empty()) { // a driver that refuses one of the fields: the basic ones
            fields = p::kBasicFields;
            out = capture("nvidia-smi --query-gpu=" + fields + " --format=csv,noheader,nounits");
        }
        if (trim(out).empty()) {
            // "No devices were found", a driver that is not loaded: its own words.
            smiError = trim(capture("nvidia-smi", true)).substr(0, 500);
            if (smiError.empty())
                smiError = "no answer";
        } else {
            cards = p::parseHealthRows(out, fields, std::getenv("CUDA_VISIBLE_DEVICES"));
        }
    }
    const json matmul = cards.empty() ? json() : torchMatmul();
    return p::judgeGpuHealth(expected, smi, smiError, cards, matmul,
                             std::getenv("ONRAMP_GPU_EXEMPT"));
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
    const json py = pythonFrameworks();
    if (py.contains("python"))
        j["python"] = py["python"];
    if (py.contains("frameworks") && !py["frameworks"].empty()) {
        j["frameworks"] = py["frameworks"];
        // The one a rerun compares: torch when present, else the first found.
        const auto &f = py["frameworks"];
        const std::string name = f.contains("torch") ? "torch" : f.begin().key();
        j["framework"] = name + " " + f[name].get<std::string>();
    }
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
        // The same files the data check counts (listDataFiles): one number in gates 4 and 5.
        const onramp::probe::DataFiles listed = onramp::probe::listDataFiles(data);
        const std::error_code &ec = listed.error;
        const std::size_t files = listed.files.size();
        bool sampled = false;
        for (const fs::path &path : listed.files) {
            std::ifstream f(path, std::ios::binary);
            char buf[4096];
            f.read(buf, sizeof buf);
            std::error_code sizeError;
            if (f.gcount() > 0 || fs::file_size(path, sizeError) == 0) {
                sampled = true;
                break;
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
int environment(int steps, int gpus)
{
    const nlohmann::json print = fingerprint();
    std::cout << print.dump() << '\n';
    // The cards before any training: a missing or sick GPU fails the check however the loop goes.
    const json health = gpuHealth(gpus);
    std::cout << health.dump() << std::endl;
    const bool healthy = health.value("passed", false);
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
    // The framework's own loop on the instance's device, when the image has torch.
    const json torch = torchLoop();
    if (!torch.is_null())
        std::cout << torch.dump() << '\n';
    const bool torchOk = torch.is_null() || torch.value("passed", false);
    const bool passed = result.lossFell && torchOk && healthy &&
                        (!storage.dataChecked || storage.dataReadable) &&
                        (!storage.outputChecked || storage.outputWritten);
    const std::string torchReason =
        torchOk ? std::string() : "torch loop failed: " + torch.value("error", std::string("?"));
    const std::string healthReason = "GPU health: " + health.value("reason", std::string());
    const char *reason = !healthy                                       ? healthReason.c_str()
                         : !result.lossFell                             ? "loss did not decrease"
                         : !torchOk                                     ? torchReason.c_str()
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
    if (!torch.is_null())
        verdict["torch_passed"] = torchOk;
    verdict["gpu_health_passed"] = healthy;
    std::cout << verdict.dump() << '\n';
    return passed ? 0 : 1;
}

// Resident memory of this process, for the metrics.
unsigned long long rssBytes()
{
    std::ifstream f("/proc/self/statm");
    unsigned long long pages = 0, resident = 0;
    f >> pages >> resident;
    return resident * static_cast<unsigned long long>(sysconf(_SC_PAGESIZE));
}

volatile std::sig_atomic_t g_stop = 0;

struct TrainOptions
{
    int steps = 200;
    int every = 50;   // checkpoint every k steps
    int stepMs = 0;   // a pause per step: a slower job, for interrupting it on purpose
    int memoryMb = 0; // the working set a step holds (activations), held on the card's budget
    int hangAt = 0;   // after this step, hang (until a signal) as a stuck collective would
    std::string tag;  // separates the checkpoints of one attempt from another's
    bool stepsGiven = false; // --steps or --every on the command line
};

struct TrainOutcome
{
    std::vector<onramp::probe::StepReport> steps; // this process's steps
    int resumedFrom = 0;
    int checkpoints = 0;
    bool interrupted = false;
    bool saveFailed = false;
    bool resumeFailed = false;
    bool outOfMemory = false;
    bool frameworkFailed = false; // the framework trainer exited with an error
    json trainer;                 // its `trainer` event
};

// One folder per check, so a first run and a checkpoint test never resume each other.
std::string checkpointDir(const char *check, const std::string &tag)
{
    const char *out = std::getenv("ONRAMP_OUTPUT_DIR");
    return std::string(out && *out ? out : ".") + "/checkpoints/" + check +
           (tag.empty() ? "" : "/" + tag);
}

// The card's memory in MiB: the instance says (ONRAMP_CARD_MEMORY_MB, set by the provider),
// else the first GPU nvidia-smi reports; 0 when neither is known.
unsigned long long cardMemoryMb()
{
    if (const char *v = std::getenv("ONRAMP_CARD_MEMORY_MB"); v && *v)
        return std::strtoull(v, nullptr, 10);
    const json g = gpus();
    return g.empty() ? 0 : g[0].value("memory_mib", 0ULL);
}

// GPU memory in use and utilisation of the first card, when nvidia-smi is there. Asked at most
// every 2 s: nvidia-smi takes tens of milliseconds.
std::pair<long long, int> gpuUse()
{
    static auto last = std::chrono::steady_clock::time_point{};
    static std::pair<long long, int> cached{-1, -1};
    static const bool present = onPath("nvidia-smi");
    const auto now = std::chrono::steady_clock::now();
    if (!present || now - last < std::chrono::seconds(2))
        return cached;
    last = now;
    std::stringstream row(capture("nvidia-smi --query-gpu=memory.used,utilization.gpu "
                                  "--format=csv,noheader,nounits 2>/dev/null"));
    long long used = -1;
    int util = -1;
    char comma = 0;
    if (row >> used >> comma >> util)
        cached = {used * 1024 * 1024, util};
    return cached;
}

// Trains to `steps`, saving a checkpoint every `every` steps; resumes from the newest
// checkpoint in the output folder; on SIGINT or SIGTERM saves one more and stops.
TrainOutcome trainWithCheckpoints(const char *check, const TrainOptions &o)
{
    namespace fs = std::filesystem;
    TrainOutcome out;
    const std::string dir = checkpointDir(check, o.tag);
    std::error_code ec;
    fs::create_directories(dir, ec);
    onramp::probe::Trainer trainer(7, 64);
    // Checkpoints by step, newest first. A save that died before its rename leaves a
    // step-N.ckpt.tmp: one older than a minute belongs to no live save and is removed. Whether
    // each is a regular file is read from the entry itself (never through a symlink): a
    // symlink, FIFO or folder under a checkpoint's name is skipped unopened.
    std::vector<std::tuple<int, std::string, bool>> found; // step, path, regular
    const auto staleAfter = std::chrono::minutes(1);
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        int step = -1;
        std::error_code e2;
        const bool regular = it->symlink_status(e2).type() == fs::file_type::regular;
        if (name.size() > 9 && name.compare(name.size() - 9, 9, ".ckpt.tmp") == 0 && regular) {
            const auto age = fs::file_time_type::clock::now() - it->last_write_time(e2);
            if (!e2 && age > staleAfter && fs::remove(it->path(), e2))
                std::cout << json{{"event", "checkpoint_tmp_removed"},
                                  {"check", check},
                                  {"path", it->path().string()}}
                                 .dump()
                          << std::endl;
            continue;
        }
        if (std::sscanf(name.c_str(), "step-%d.ckpt", &step) == 1 &&
            name == "step-" + std::to_string(step) + ".ckpt")
            found.emplace_back(step, it->path().string(), regular);
    }
    std::sort(found.begin(), found.end(), std::greater<>());
    // The newest checkpoint that loads; each one skipped is said, never silently replaced by a
    // fresh start. When none loads, the job fails.
    int newest = -1;
    std::string newestPath;
    for (const auto &[step, path, regular] : found) {
        if (regular && trainer.load(path)) {
            newest = step;
            newestPath = path;
            break;
        }
        std::cout << json{{"event", "checkpoint_skipped"},
                          {"check", check},
                          {"step", step},
                          {"path", path},
                          {"error", regular ? "truncated or corrupt"
                                            : "not a regular file (a symlink, FIFO or folder "
                                              "is never opened)"}}
                         .dump()
                  << std::endl;
    }
    if (!found.empty() && newest < 0) {
        out.resumeFailed = true;
        std::cout << json{{"event", "resume_failed"},
                          {"check", check},
                          {"step", std::get<0>(found.front())},
                          {"path", std::get<1>(found.front())},
                          {"error", "no checkpoint can be loaded (truncated or corrupt)"}}
                         .dump()
                  << std::endl;
        std::cerr << "onramp-probe: failed to load any checkpoint in " << dir << '\n';
        return out;
    }
    if (newest >= 0) {
        out.resumedFrom = trainer.stepsDone();
        std::cout << json{{"event", "resume"},
                          {"check", check},
                          {"step", trainer.stepsDone()},
                          {"path", newestPath},
                          {"momentum_norm", trainer.momentumNorm()}}
                         .dump()
                  << std::endl;
    }
    const auto save = [&](const char *event) {
        const std::string path = dir + "/step-" + std::to_string(trainer.stepsDone()) + ".ckpt";
        const bool ok = trainer.save(path);
        out.saveFailed = out.saveFailed || !ok;
        out.checkpoints += ok;
        std::cout
            << json{{"event", event}, {"check", check}, {"step", trainer.stepsDone()},
                    {"path", path},   {"saved", ok},    {"momentum_norm", trainer.momentumNorm()}}
                   .dump()
            << std::endl;
    };
    // The step's working set, held for the whole run as activations are, within the card's
    // memory: asking for more fails the way a framework's allocator does.
    std::vector<char> workingSet;
    if (o.memoryMb > 0) {
        const unsigned long long budget = cardMemoryMb();
        bool ok = budget == 0 || static_cast<unsigned long long>(o.memoryMb) <= budget;
        if (ok) {
            try {
                workingSet.resize(static_cast<size_t>(o.memoryMb) * 1024 * 1024);
                for (size_t i = 0; i < workingSet.size(); i += 4096)
                    workingSet[i] = 1;
            } catch (const std::bad_alloc &) {
                ok = false;
            }
        }
        if (!ok) {
            out.outOfMemory = true;
            std::cout << json{{"event", "error"},
                              {"check", check},
                              {"kind", "out_of_memory"},
                              {"requested_mib", o.memoryMb},
                              {"card_mib", budget}}
                             .dump()
                      << std::endl;
            std::cerr << "onramp-probe: out of memory: tried to allocate " << o.memoryMb
                      << " MiB; the card has " << budget << " MiB\n";
            return out;
        }
    }
    std::signal(SIGINT, [](int) { g_stop = 1; });
    std::signal(SIGTERM, [](int) { g_stop = 1; });
    while (trainer.stepsDone() < o.steps) {
        if (g_stop) {
            save("interrupted");
            out.interrupted = true;
            return out;
        }
        // The step as the job lives it: compute plus any wait (the pause stands for a loader or
        // a link that keeps the step waiting), so a slow job reports slow steps.
        const auto began = std::chrono::steady_clock::now();
        auto r = trainer.step();
        if (o.stepMs > 0)
            std::this_thread::sleep_for(std::chrono::milliseconds(o.stepMs));
        const double wall =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
        if (wall > r.stepSeconds) {
            r.samplesPerSecond *= r.stepSeconds / wall;
            r.stepSeconds = wall;
        }
        out.steps.push_back(r);
        json step{{"event", "step"},
                  {"check", check},
                  {"step", r.step},
                  {"loss", r.loss},
                  {"step_seconds", r.stepSeconds},
                  {"samples_per_second", r.samplesPerSecond},
                  {"memory_bytes", rssBytes()}};
        if (const auto [gpuBytes, util] = gpuUse(); gpuBytes >= 0) {
            step["gpu_memory_bytes"] = gpuBytes;
            step["gpu_utilization"] = util;
        }
        std::cout << step.dump() << std::endl;
        if (o.every > 0 && r.step % o.every == 0)
            save("checkpoint");
        // A job that hangs on purpose: alive, printing nothing, until it is signalled.
        if (o.hangAt > 0 && r.step == o.hangAt)
            while (!g_stop)
                std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return out;
}

// checkpoint: train with checkpoints; interrupted, it saves and exits 130; run again, it
// resumes where it stopped with the same step count, optimizer state and losses.
int checkpoint(const TrainOptions &o)
{
    std::cout << fingerprint().dump() << '\n';
    const TrainOutcome t = trainWithCheckpoints("checkpoint", o);
    if (t.interrupted)
        return 130;
    if (t.resumeFailed || t.outOfMemory || t.frameworkFailed) {
        std::cout << json{{"event", "verdict"},
                          {"check", "checkpoint"},
                          {"passed", false},
                          {"reason",
                           t.outOfMemory ? "out of memory" : "no checkpoint can be loaded"}}
                         .dump()
                  << '\n';
        return 1;
    }
    const bool passed = !t.saveFailed && t.checkpoints > 0;
    std::cout << json{{"event", "verdict"},
                      {"check", "checkpoint"},
                      {"passed", passed},
                      {"resumed_from", t.resumedFrom},
                      {"checkpoints", t.checkpoints},
                      {"reason", passed
                                     ? (t.resumedFrom > 0 ? "resumed from a checkpoint and finished"
                                                          : "checkpoints written")
                                     : "a checkpoint could not be written"}}
                     .dump()
              << '\n';
    return passed ? 0 : 1;
}

// metrics: what a job reports every step — loss, step time, samples per second, memory in use
// (the card's when nvidia-smi answers, resident memory always) — and a verdict that every
// figure was there.
int metrics(const TrainOptions &o)
{
    std::cout << fingerprint().dump() << '\n';
    const TrainOutcome t = trainWithCheckpoints("metrics", o);
    if (t.interrupted)
        return 130;
    const bool passed = !t.outOfMemory && !t.steps.empty();
    std::cout << json{{"event", "verdict"},
                      {"check", "metrics"},
                      {"passed", passed},
                      {"steps", t.steps.size()},
                      {"reason", passed ? "loss, step time and memory reported every step"
                                        : "no step reported"}}
                     .dump()
              << '\n';
    return passed ? 0 : 1;
}

volatile std::sig_atomic_t g_child = 0;

// The first run's program shipped beside the probe (train_lm.py), when the image has torch:
// started as a child whose events we pass on and read back. SIGINT/SIGTERM are passed to it, so
// it saves its checkpoint and stops as the C++ loop does. Empty when torch or the script is
// missing: the C++ loop runs instead, and the `trainer` event says so.
std::string frameworkTrainer()
{
    std::error_code ec;
    std::string script =
        std::filesystem::read_symlink("/proc/self/exe", ec).parent_path().string() + "/train_lm.py";
    if (const char *override = std::getenv("ONRAMP_TRAINER"); override && *override)
        script = override;
    const json py = pythonFrameworks();
    if (!py.contains("frameworks") || !py["frameworks"].contains("torch") ||
        !std::filesystem::is_regular_file(script, ec))
        return {};
    return script;
}

TrainOutcome trainWithFramework(const std::string &script, const TrainOptions &o)
{
    TrainOutcome out;
    int fds[2];
    if (pipe(fds) != 0) {
        out.frameworkFailed = true;
        return out;
    }
    // The language model's own defaults (60 steps, a checkpoint every 20: under a minute on two
    // CPU cores) unless the launch says otherwise.
    const int steps = o.stepsGiven ? o.steps : 60;
    const int every = o.stepsGiven ? (o.every > 0 ? o.every : o.steps) : 20;
    std::vector<std::string> args{python(),    script,
                                  "--steps",   std::to_string(steps),
                                  "--every",   std::to_string(every),
                                  "--step-ms", std::to_string(o.stepMs)};
    if (!o.tag.empty())
        args.insert(args.end(), {"--tag", o.tag});
    struct sigaction forward
    {
    };
    forward.sa_handler = [](int sig) {
        g_stop = 1;
        if (g_child > 0)
            kill(g_child, sig);
    };
    forward.sa_flags = SA_RESTART; // reads go on: the child's last events still arrive
    sigaction(SIGINT, &forward, nullptr);
    sigaction(SIGTERM, &forward, nullptr);
    const pid_t pid = fork();
    if (pid == 0) {
        dup2(fds[1], STDOUT_FILENO);
        close(fds[0]);
        close(fds[1]);
        std::vector<char *> argv;
        for (std::string &a : args)
            argv.push_back(a.data());
        argv.push_back(nullptr);
        execvp(argv[0], argv.data());
        _exit(127);
    }
    close(fds[1]);
    g_child = pid;
    if (g_stop && pid > 0) // a signal that came before the child existed
        kill(pid, SIGTERM);
    FILE *in = fdopen(fds[0], "r");
    char *line = nullptr;
    size_t capacity = 0;
    while (in && getline(&line, &capacity, in) > 0) {
        std::cout << line << std::flush;
        const json e = json::parse(line, nullptr, false);
        if (!e.is_object() || !e.contains("event"))
            continue;
        const std::string event = e.value("event", "");
        if (event == "step")
            out.steps.push_back({e.value("step", 0), e.value("loss", 0.0),
                                 e.value("step_seconds", 0.0), e.value("samples_per_second", 0.0)});
        else if (event == "checkpoint") {
            if (e.value("saved", false))
                ++out.checkpoints;
            else
                out.saveFailed = true;
        } else if (event == "resume")
            out.resumedFrom = e.value("step", 0);
        else if (event == "interrupted")
            out.interrupted = true;
        else if (event == "error" && e.value("kind", "") == "out_of_memory")
            out.outOfMemory = true;
        else if (event == "trainer")
            out.trainer = e;
    }
    free(line);
    if (in)
        fclose(in);
    int status = 0;
    while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    g_child = 0;
    const int code = pid > 0 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    out.interrupted = out.interrupted || code == 130;
    out.frameworkFailed = code != 0 && code != 130;
    return out;
}

// The parameters as this job received them: ONRAMP_PARAM_<KEY> → {KEY: value}.
json parametersApplied()
{
    json applied = json::object();
    for (char **e = environ; e && *e; ++e) {
        const std::string entry = *e;
        const std::string prefix = "ONRAMP_PARAM_";
        const auto eq = entry.find('=');
        if (entry.rfind(prefix, 0) == 0 && eq != std::string::npos && eq > prefix.size())
            applied[entry.substr(prefix.size(), eq - prefix.size())] = entry.substr(eq + 1);
    }
    return applied;
}

// The plain C++ loop's `trainer` event: what ran, and why not a framework.
json builtinTrainerEvent()
{
    std::error_code ec;
    const std::string self = std::filesystem::read_symlink("/proc/self/exe", ec).string();
    return {{"event", "trainer"},
            {"check", "first-run"},
            {"program", "onramp-probe"},
            {"code_sha256", onramp::probe::sha256File(self)},
            {"framework", "none"},
            {"framework_version", ""},
            {"cuda", ""},
            {"device", "cpu"},
            {"gpu_count", 0},
            // The loop trainWithCheckpoints runs: a 3-16-1 tanh network, SGD with momentum,
            // seed 7, 64 synthetic samples a step, in doubles.
            {"config",
             {{"model", "probe-mlp-3-16-1"},
              {"method", "pretrain"},
              {"precision", "fp64"},
              {"parallelism", "single device"},
              {"sharding", "none"},
              {"micro_batch", 64},
              {"seq_len", 1},
              {"grad_accum", 1},
              {"seed", 7}}},
            {"parameters_applied", parametersApplied()},
            {"fallback", "no PyTorch in this image (or train_lm.py is not beside the probe): "
                         "the plain C++ loop ran instead of a language model"}};
}

// first-run: the whole chain on a small slice, with the guides' five verification points.
int firstRun(const TrainOptions &o)
{
    const json print = fingerprint();
    std::cout << print.dump() << '\n';
    const StorageResult storage = checkStorage({{"fingerprint", print}});
    // The data's identity (the run spec's manifest).
    if (const char *data = std::getenv("ONRAMP_DATA_DIR"); data && *data) {
        json manifest = onramp::probe::dataManifest(data);
        manifest["event"] = "manifest";
        manifest["check"] = "first-run";
        // Where the provider names the data (its path as the spec says it), that name.
        if (const char *logical = std::getenv("ONRAMP_DATA_PATH"); logical && *logical)
            manifest["path"] = logical;
        std::cout << manifest.dump() << std::endl;
    }
    const std::string script = frameworkTrainer();
    if (script.empty())
        std::cout << builtinTrainerEvent().dump() << std::endl;
    const TrainOutcome t =
        script.empty() ? trainWithCheckpoints("first-run", o) : trainWithFramework(script, o);
    if (t.interrupted)
        return 130;
    if (t.resumeFailed || t.outOfMemory) {
        std::cout << json{{"event", "verdict"},
                          {"check", "first-run"},
                          {"passed", false},
                          {"points",
                           {{"environment_starts", true},
                            {"data_readable", !storage.dataChecked || storage.dataReadable},
                            {"memory_sufficient", !t.outOfMemory},
                            {"loss_decreasing", false},
                            {"artifacts_on_disk", false}}},
                          {"reason", t.outOfMemory ? "failed: memory_sufficient"
                                     : t.frameworkFailed
                                         ? "the training program failed (its error is above)"
                                         : "no checkpoint can be loaded"}}
                         .dump()
                  << '\n';
        return 1;
    }
    struct sysinfo si
    {
    };
    sysinfo(&si);
    const unsigned long long total = static_cast<unsigned long long>(si.totalram) * si.mem_unit;
    const unsigned long long rss = rssBytes();
    double minimum = t.steps.empty() ? 0 : t.steps.front().loss;
    for (const auto &r : t.steps)
        minimum = std::min(minimum, r.loss);
    const json summary{{"event", "summary"},
                       {"check", "first-run"},
                       {"steps", t.steps.empty() ? 0 : t.steps.back().step},
                       {"first_loss", t.steps.empty() ? 0.0 : t.steps.front().loss},
                       {"last_loss", t.steps.empty() ? 0.0 : t.steps.back().loss},
                       {"min_loss", minimum}};
    std::cout << summary.dump() << '\n';
    bool metricsWritten = false;
    if (const char *out = std::getenv("ONRAMP_OUTPUT_DIR"); out && *out) {
        std::ofstream f(std::string(out) + "/metrics.json");
        f << summary.dump(2) << '\n';
        metricsWritten = static_cast<bool>(f);
    }
    const json points{{"environment_starts", true},
                      {"data_readable", !storage.dataChecked || storage.dataReadable},
                      {"memory_sufficient", total == 0 || rss < total * 9 / 10},
                      {"loss_decreasing", t.resumedFrom > 0 || onramp::probe::lossFell(t.steps)},
                      {"artifacts_on_disk",
                       t.checkpoints > 0 && !t.saveFailed &&
                           (!storage.outputChecked || (storage.outputWritten && metricsWritten))}};
    bool passed = true;
    std::string failed;
    for (auto it = points.begin(); it != points.end(); ++it) {
        if (!it.value().get<bool>()) {
            passed = false;
            failed += (failed.empty() ? "" : ", ") + it.key();
        }
    }
    std::cout << json{{"event", "verdict"},
                      {"check", "first-run"},
                      {"passed", passed},
                      {"points", points},
                      {"memory_bytes", rss},
                      {"reason", passed ? "all five points passed" : "failed: " + failed}}
                     .dump()
              << '\n';
    return passed ? 0 : 1;
}

// data [--dir D]: the data check (DataCheck.h); the folder defaults to $ONRAMP_DATA_DIR.
// The read share is judged against a training step of `stepSeconds` (the run's measured step
// time when known; 0.5 s, a typical large-model step on one GPU, otherwise).
int dataCheck(const std::string &dir, double stepSeconds)
{
    std::cout << fingerprint().dump() << '\n';
    const json report = onramp::probe::checkData(dir, stepSeconds);
    std::cout << report.dump() << '\n';
    const bool passed = !report.contains("error") && report["causes"].empty();
    std::cout << json{{"event", "verdict"},
                      {"check", "data"},
                      {"passed", passed},
                      {"reason",
                       report.contains("error")
                           ? report["error"].get<std::string>()
                           : (passed ? std::string(
                                           "every file read; reading is a small share of a step")
                                     : report["causes"][0].get<std::string>())}}
                     .dump()
              << '\n';
    return passed ? 0 : 1;
}

// --steps N --every K --step-ms D, each optional.
bool parseTrainOptions(int argc, char **argv, TrainOptions &o)
{
    for (int i = 2; i < argc; i += 2) {
        if (i + 1 >= argc)
            return false;
        if (std::strcmp(argv[i], "--tag") == 0) {
            o.tag = argv[i + 1];
            if (o.tag.empty() || o.tag.size() > 64 ||
                o.tag.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-_") !=
                    std::string::npos)
                return false;
            continue;
        }
        int v = 0;
        try {
            size_t used = 0;
            v = std::stoi(argv[i + 1], &used);
            if (used != std::strlen(argv[i + 1]))
                return false;
        } catch (...) {
            return false;
        }
        if (std::strcmp(argv[i], "--steps") == 0 && v >= 5 && v <= 1000000)
            o.steps = v, o.stepsGiven = true;
        else if (std::strcmp(argv[i], "--every") == 0 && v >= 0 && v <= 1000000)
            o.every = v, o.stepsGiven = true;
        else if (std::strcmp(argv[i], "--step-ms") == 0 && v >= 0 && v <= 60000)
            o.stepMs = v;
        else if (std::strcmp(argv[i], "--memory-mb") == 0 && v >= 0 && v <= 4 * 1024 * 1024)
            o.memoryMb = v;
        else if (std::strcmp(argv[i], "--hang-at-step") == 0 && v >= 1 && v <= 1000000)
            o.hangAt = v;
        else
            return false;
    }
    return true;
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
        std::cout
            << "usage: onramp-probe [--version | environment [--steps N] [--gpus G] |\n"
               "                    data [--dir DIR] [--step-seconds S] |\n"
               "                    checkpoint|first-run|metrics [--steps N] [--every K] "
               "[--step-ms D]]\n"
               "Without a mode: an environment fingerprint as one JSON line.\n"
               "environment: the fingerprint, a light training loop in plain C++ (loss per\n"
               "step, required to fall) and a verdict, one JSON object per line. Before the\n"
               "loop, the GPUs' health: G expected (else ONRAMP_EXPECTED_GPUS, else the\n"
               "scheduler's), no ECC errors, sane temperature and clocks, a matmul on each.\n"
               "data: reads every file under DIR (default $ONRAMP_DATA_DIR) read-only, as a\n"
               "training step would, and reports the share of time spent reading.\n"
               "checkpoint: training that saves every K steps to $ONRAMP_OUTPUT_DIR/checkpoints,\n"
               "stops cleanly on SIGINT/SIGTERM (exit 130) and resumes from the newest one.\n"
               "first-run: the whole chain with the five verification points.\n"
               "metrics: loss, step time, samples/s and memory (GPU when present) every step.\n"
               "Training modes also take --memory-mb M (a working set held within the card's\n"
               "memory, ONRAMP_CARD_MEMORY_MB), --tag T (a separate checkpoint folder) and\n"
               "--hang-at-step S (after step S, hang until signalled: a stuck job on purpose).\n";
        return 0;
    }
    if (mode.empty()) {
        std::cout << fingerprint().dump() << '\n';
        return 0;
    }
    if (mode == "environment") {
        int steps = 200, gpus = -1;
        bool ok = argc % 2 == 0;
        for (int i = 2; ok && i + 1 < argc; i += 2) {
            int v = -1;
            try {
                size_t used = 0;
                v = std::stoi(argv[i + 1], &used);
                ok = used == std::strlen(argv[i + 1]);
            } catch (...) {
                ok = false;
            }
            if (std::strcmp(argv[i], "--steps") == 0)
                steps = v;
            else if (std::strcmp(argv[i], "--gpus") == 0 && v >= 0 && v <= 4096)
                gpus = v;
            else
                ok = false;
        }
        if (!ok || steps < 5 || steps > 1000000) {
            std::cerr << "onramp-probe: environment takes --steps 5..1000000 and --gpus 0..4096\n";
            return 2;
        }
        return environment(steps, gpus);
    }
    if (mode == "data") {
        std::string dir = std::getenv("ONRAMP_DATA_DIR") ? std::getenv("ONRAMP_DATA_DIR") : "";
        double stepSeconds = 0.5;
        bool ok = true;
        for (int i = 2; i + 1 < argc && ok; i += 2) {
            if (std::strcmp(argv[i], "--dir") == 0) {
                dir = argv[i + 1];
            } else if (std::strcmp(argv[i], "--step-seconds") == 0) {
                char *end = nullptr;
                stepSeconds = std::strtod(argv[i + 1], &end);
                ok = end && *end == 0 && stepSeconds > 0 && stepSeconds < 3600;
            } else {
                ok = false;
            }
        }
        if (!ok || argc % 2 != 0 || dir.empty()) {
            std::cerr << "onramp-probe: data [--dir DIR] [--step-seconds S]; DIR defaults to "
                         "ONRAMP_DATA_DIR\n";
            return 2;
        }
        return dataCheck(dir, stepSeconds);
    }
    if (mode == "checkpoint" || mode == "first-run" || mode == "metrics") {
        TrainOptions o;
        if (mode == "first-run") {
            o.steps = 120;
            o.every = 40;
        } else if (mode == "metrics") {
            o.steps = 100;
            o.every = 0;
        }
        if (!parseTrainOptions(argc, argv, o)) {
            std::cerr << "onramp-probe: " << mode
                      << " takes --steps 5..1000000, --every 0..1000000, --step-ms 0..60000, "
                         "--memory-mb 0..4194304, --hang-at-step 1..1000000, "
                         "--tag [a-z0-9_-]{1,64}\n";
            return 2;
        }
        if (mode == "metrics")
            return metrics(o);
        return mode == "checkpoint" ? checkpoint(o) : firstRun(o);
    }
    std::cerr << "onramp-probe: unknown argument " << mode << " (try --help)\n";
    return 2;
}
