#include "DataCheck.h"

#include <openssl/evp.h>

#include <fcntl.h>
#include <sys/statfs.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <thread>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <vector>

namespace onramp::probe {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
// 128 KiB reads, as cat does: bigger buffers fall out of the CPU cache and read slower.
constexpr std::size_t kChunk = 128 * 1024;
constexpr std::uintmax_t kSmallFile = 64 * 1024;
constexpr int kSample = 8;

struct ReadResult
{
    bool ok = false;
    std::uintmax_t bytes = 0;
    std::string sha256; // when asked for
    std::string error;
};

// Slow storage on purpose (the sandbox's fault plan, docs/faults.md): milliseconds per MiB
// read, from ONRAMP_SLOW_READ_MS_PER_MIB; 0 when unset.
long slowReadMsPerMiB()
{
    static const long ms = [] {
        const char *v = std::getenv("ONRAMP_SLOW_READ_MS_PER_MIB");
        const long n = v ? std::strtol(v, nullptr, 10) : 0;
        return n > 0 && n <= 60000 ? n : 0L;
    }();
    return ms;
}

ReadResult readFile(const fs::path &p, char *buf, bool hash)
{
    ReadResult r;
    const int fd = ::open(p.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        r.error = "cannot open";
        return r;
    }
    // (no fadvise: on cached data it only slowed reads down)
    EVP_MD_CTX *ctx = hash ? EVP_MD_CTX_new() : nullptr;
    if (ctx)
        EVP_DigestInit_ex(ctx, EVP_sha256(), nullptr);
    ssize_t n = 0;
    while ((n = ::read(fd, buf, kChunk)) > 0) {
        r.bytes += std::uintmax_t(n);
        if (const long ms = slowReadMsPerMiB(); ms > 0)
            std::this_thread::sleep_for(std::chrono::microseconds(ms * 1000 * n / (1024 * 1024)));
        if (ctx)
            EVP_DigestUpdate(ctx, buf, std::size_t(n));
    }
    r.ok = n == 0;
    if (!r.ok)
        r.error = "read error";
    ::close(fd);
    if (ctx) {
        unsigned char md[32];
        unsigned int len = 0;
        EVP_DigestFinal_ex(ctx, md, &len);
        EVP_MD_CTX_free(ctx);
        static const char *hex = "0123456789abcdef";
        for (unsigned i = 0; i < len; ++i) {
            r.sha256 += hex[md[i] >> 4];
            r.sha256 += hex[md[i] & 15];
        }
    }
    return r;
}

// Network and FUSE filesystems, where "slow" usually means "remote".
bool remoteFilesystem(const std::string &dir)
{
    struct statfs s
    {
    };
    if (statfs(dir.c_str(), &s) != 0)
        return false;
    switch (static_cast<unsigned long>(s.f_type)) {
    case 0x6969:     // NFS
    case 0xFF534D42: // CIFS
    case 0xFE534D42: // SMB2
    case 0x65735546: // FUSE (s3fs, ossfs, gcsfuse …)
    case 0x01021997: // 9p
    case 0x0BD00BD0: // Lustre
    case 0x47504653: // GPFS
        return true;
    default:
        return false;
    }
}

} // namespace

DataFiles listDataFiles(const std::string &dir)
{
    DataFiles out;
    std::error_code &ec = out.error;
    for (fs::recursive_directory_iterator
             it(dir, fs::directory_options::skip_permission_denied, ec),
         end;
         !ec && it != end; it.increment(ec)) {
        std::error_code e2;
        const fs::path rel = fs::relative(it->path(), dir, e2);
        if (rel == "manifest.json")
            continue;
        if (it->is_symlink(e2) && !fs::exists(it->path(), e2)) {
            out.dangling.push_back(rel.string());
            continue;
        }
        if (it->is_regular_file(e2))
            out.files.push_back(it->path());
    }
    return out;
}

nlohmann::json checkData(const std::string &dir, double stepComputeSeconds)
{
    using nlohmann::json;
    const DataFiles listed = listDataFiles(dir);
    if (listed.error)
        return {{"event", "data"}, {"check", "data"}, {"path", dir},
                {"error", listed.error.message()}};
    const std::vector<fs::path> &files = listed.files;
    json unreadable = json::array();
    for (const std::string &rel : listed.dangling)
        unreadable.push_back({{"path", rel}, {"error", "dangling link"}});

    // The manifest, when there is one: expected sizes and checksums.
    std::map<std::string, std::pair<std::int64_t, std::string>> manifest;
    if (std::ifstream m(fs::path(dir) / "manifest.json"); m) {
        const json j = json::parse(m, nullptr, false);
        if (j.is_object() && j.contains("files") && j["files"].is_array())
            for (const json &f : j["files"])
                if (f.is_object() && f.contains("path") && f["path"].is_string())
                    manifest[f["path"].get<std::string>()] = {f.value("size", std::int64_t(-1)),
                                                              f.contains("sha256") &&
                                                                      f["sha256"].is_string()
                                                                  ? f["sha256"].get<std::string>()
                                                                  : ""};
    }

    // Names relative to the folder, once (fs::relative walks every path component).
    std::vector<std::string> names;
    for (const fs::path &p : files)
        names.push_back(p.lexically_relative(dir).string());
    // One page-aligned buffer for the whole check.
    alignas(4096) static char buf[kChunk];
    std::uintmax_t bytes = 0, small = 0;
    json truncated = json::array(), sample = json::array();
    double coldSeconds = 0, warmSeconds = 0;
    for (int pass = 0; pass < 2; ++pass) {
        const auto start = Clock::now();
        int sampled = 0;
        for (std::size_t k = 0; k < files.size(); ++k) {
            const fs::path &p = files[k];
            const std::string &rel = names[k];
            const bool hash = pass == 0 && (sampled < kSample ||
                                            (manifest.count(rel) && !manifest[rel].second.empty()));
            const ReadResult r = readFile(p, buf, hash);
            if (pass == 1)
                continue;
            if (!r.ok) {
                unreadable.push_back({{"path", rel}, {"error", r.error}});
                continue;
            }
            bytes += r.bytes;
            small += r.bytes < kSmallFile;
            if (const auto m = manifest.find(rel); m != manifest.end()) {
                if (m->second.first >= 0 && std::uintmax_t(m->second.first) != r.bytes)
                    truncated.push_back(
                        {{"path", rel}, {"size", r.bytes}, {"manifest_size", m->second.first}});
            }
            if (hash) {
                json s{{"path", rel}, {"sha256", r.sha256}};
                if (const auto m = manifest.find(rel);
                    m != manifest.end() && !m->second.second.empty())
                    s["matches_manifest"] = m->second.second == r.sha256;
                sample.push_back(s);
                ++sampled;
            }
        }
        (pass == 0 ? coldSeconds : warmSeconds) =
            std::chrono::duration<double>(Clock::now() - start).count();
    }
    for (const auto &[path, expected] : manifest) {
        std::error_code ec;
        if (!fs::exists(fs::path(dir) / path, ec))
            truncated.push_back({{"path", path},
                                 {"size", nullptr},
                                 {"manifest_size", expected.first},
                                 {"missing", true}});
    }
    const double mb = double(bytes) / 1e6;
    const double cold = coldSeconds > 0 ? mb / coldSeconds : 0;
    const double warm = warmSeconds > 0 ? mb / warmSeconds : 0;
    const double smallShare = files.empty() ? 0 : double(small) / double(files.size());
    // Reading one file per step, at the cold rate, against the step's compute.
    const double readPerStep = files.empty() ? 0 : coldSeconds / double(files.size());
    const double readShare =
        readPerStep + stepComputeSeconds > 0 ? readPerStep / (readPerStep + stepComputeSeconds) : 0;
    bool badChecksum = false;
    for (const json &s : sample)
        badChecksum =
            badChecksum || (s.contains("matches_manifest") && !s["matches_manifest"].get<bool>());
    json causes = json::array();
    if (files.empty() && unreadable.empty() && truncated.empty())
        causes.push_back("the data folder is empty: upload the dataset first");
    if (!unreadable.empty())
        causes.push_back("unreadable files");
    if (!truncated.empty())
        causes.push_back("files truncated or missing against the manifest");
    if (badChecksum)
        causes.push_back("checksums differ from the manifest");
    if (readShare > 0.5) {
        if (remoteFilesystem(dir))
            causes.push_back("remote data: reading takes most of each step on a network "
                             "filesystem; copy it to local disk");
        else if (warm > 0 && cold > 0 && warm > 3 * cold)
            causes.push_back("cache misses: the first read is far slower than the second; warm or "
                             "copy the data");
        else if (smallShare > 0.5 && files.size() > 1000)
            causes.push_back("too many small files: pack them into larger shards");
        else
            causes.push_back("reading takes most of each step");
    } else if (smallShare > 0.5 && files.size() > 1000) {
        causes.push_back("too many small files: pack them into larger shards");
    }
    return {{"event", "data"},
            {"check", "data"},
            {"path", dir},
            {"files", files.size()},
            {"bytes", bytes},
            {"small_files", small},
            {"small_share", smallShare},
            {"throughput_mb_s", cold},
            {"warm_throughput_mb_s", warm},
            {"read_share", readShare},
            {"remote_filesystem", remoteFilesystem(dir)},
            {"unreadable", unreadable},
            {"truncated", truncated},
            {"sample", sample},
            {"causes", causes}};
}


std::string sha256File(const std::string &path)
{
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) // a FIFO or a device would block or never end
        return {};
    std::vector<char> buf(kChunk);
    const ReadResult r = readFile(path, buf.data(), true);
    return r.ok ? r.sha256 : std::string();
}

nlohmann::json dataManifest(const std::string &dir)
{
    // The files gates 4 and 5 count (listDataFiles): the manifest.json at the top describes the
    // data and is left out (#17 walk: the replay counted 18 files where gates 4 and 5 had 17).
    const DataFiles listed = listDataFiles(dir);
    std::vector<std::string> files;
    for (const fs::path &p : listed.files)
        files.push_back(p.lexically_relative(dir).string());
    std::sort(files.begin(), files.end());
    std::vector<char> buf(kChunk);
    const auto hex = [](const std::string &bytes) {
        unsigned char md[32];
        unsigned int len = 0;
        EVP_Digest(bytes.data(), bytes.size(), md, &len, EVP_sha256(), nullptr);
        std::string out;
        for (unsigned i = 0; i < len; ++i) {
            out += "0123456789abcdef"[md[i] >> 4];
            out += "0123456789abcdef"[md[i] & 15];
        }
        return "sha256:" + out;
    };
    std::string list;
    std::uintmax_t bytes = 0;
    nlohmann::json unreadable = nlohmann::json::array();
    std::vector<std::pair<std::string, std::string>> lines; // path, its line
    for (const std::string &rel : files) {
        const ReadResult r = readFile(fs::path(dir) / rel, buf.data(), true);
        if (!r.ok) {
            unreadable.push_back(rel);
            continue;
        }
        bytes += r.bytes;
        lines.push_back({rel, rel + '\t' + std::to_string(r.bytes) + '\t' + r.sha256 + '\n'});
        list += lines.back().second;
    }
    nlohmann::json out{{"path", dir},
                       {"files", files.size() - unreadable.size()},
                       {"bytes", bytes},
                       {"sha256", hex(list)},
                       {"unreadable", unreadable}};
    // The same, counted as probes before it did (the manifest.json among the files): a spec
    // recorded then still replays against these figures, and keeps its fingerprint.
    std::error_code ec;
    if (const fs::path top = fs::path(dir) / "manifest.json"; fs::is_regular_file(top, ec)) {
        if (const ReadResult r = readFile(top, buf.data(), true); r.ok) {
            lines.push_back({"manifest.json",
                             "manifest.json\t" + std::to_string(r.bytes) + '\t' + r.sha256 + '\n'});
            std::sort(lines.begin(), lines.end());
            std::string legacy;
            for (const auto &[rel, line] : lines)
                legacy += line;
            out["withManifestFile"] = {{"files", lines.size()},
                                       {"bytes", bytes + r.bytes},
                                       {"sha256", hex(legacy)}};
        }
    }
    return out;
}

} // namespace onramp::probe
