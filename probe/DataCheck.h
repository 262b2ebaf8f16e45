#pragma once

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

namespace onramp::probe {

// The data check: reads a data folder the way a loader does (every file, start to end, in
// 128 KiB reads), twice (cold, then warm: a big difference means remote storage or cache misses),
// and reports throughput, file count, the share of small files, unreadable files, files whose
// size disagrees with a manifest (manifest.json: {"files": [{"path", "size", "sha256"}]}), the
// SHA-256 of a sample (checked against the manifest where it has one), and the share of a
// training step that reading would take. Verdicts name the cause.
nlohmann::json checkData(const std::string &dir, double stepComputeSeconds);

// The files a loader reads from a data folder: every regular file under it, links to files
// followed, folders it may not list skipped, and the manifest at its top left out (it describes
// the data; it is not data). Links that lead nowhere are listed apart, by relative path. Gate 4's
// storage check and gate 5's data check both count these, so they say the same number (#17
// walk: 18 files in one, 17 in the other).
struct DataFiles
{
    std::vector<std::filesystem::path> files;
    std::vector<std::string> dangling;
    std::error_code error; // the folder could not be listed
};
DataFiles listDataFiles(const std::string &dir);

// The data's identity, for the run spec: the files listDataFiles() lists (the manifest.json at
// the top left out, as gates 4 and 5 count), in byte order of their relative paths; `sha256` is
// the SHA-256 of the lines "<relative path>\t<size>\t<sha256 of the file>\n" (docs/run-spec.md
// says how to recompute it). {"path", "files", "bytes", "sha256", "unreadable": [paths]}, and,
// when there is a manifest.json at the top, "withManifestFile": {"files", "bytes", "sha256"}
// counted with it, as probes before did: what specs recorded then hold.
nlohmann::json dataManifest(const std::string &dir);

// Lower-case hex SHA-256 of a regular file's bytes; empty when it cannot be read.
std::string sha256File(const std::string &path);

} // namespace onramp::probe
