// onramp-probe: runs on a training instance as a job's payload. No Qt: it must start in a
// clean image with nothing installed. Prints one JSON object per line (see
// docs/probe-events.md).

#include "Version.h"

#include <nlohmann/json.hpp>

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

} // namespace

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--version") == 0) {
            std::cout << "onramp-probe " << ONRAMP_VERSION << '\n';
            return 0;
        }
        if (std::strcmp(argv[i], "--help") == 0) {
            std::cout << "usage: onramp-probe [--version]\n"
                         "Prints an environment fingerprint as one JSON line.\n";
            return 0;
        }
        std::cerr << "onramp-probe: unknown argument " << argv[i] << " (try --help)\n";
        return 2;
    }
    std::cout << fingerprint().dump() << '\n';
    return 0;
}
