#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace onramp::probe {

// The data check: reads a data folder the way a loader does (every file, start to end, in
// 128 KiB reads), twice (cold, then warm: a big difference means remote storage or cache misses),
// and reports throughput, file count, the share of small files, unreadable files, files whose
// size disagrees with a manifest (manifest.json: {"files": [{"path", "size", "sha256"}]}), the
// SHA-256 of a sample (checked against the manifest where it has one), and the share of a
// training step that reading would take. Verdicts name the cause.
nlohmann::json checkData(const std::string &dir, double stepComputeSeconds);

} // namespace onramp::probe
