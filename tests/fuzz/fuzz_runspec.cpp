// libFuzzer target for the run-spec importer and the job exporters (make fuzz). The invariants:
// parseRunSpec never crashes; whatever it accepts survives its own round trip with the same
// fingerprint; and no value of an accepted spec starts or changes a line of the sbatch script
// or the Kubernetes Job (ExportChecks.h). tst_runspec also runs `bash -n` and a YAML parser
// over the exports of the corpus and of every reproducer.
#include "ExportChecks.h"
#include "RunSpec.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    const auto spec = onramp::parseRunSpec(bytes);
    if (!spec)
        return 0;
    const auto again = onramp::parseRunSpec(spec->canonical());
    if (!again || again->fingerprintId() != spec->fingerprintId() || !(*again == *spec))
        std::abort();
    if (const auto problem = onramp::fuzzcheck::exportInjection(*spec)) {
        std::fprintf(stderr, "export injection: %s\n", qPrintable(*problem));
        std::abort();
    }
    return 0;
}
