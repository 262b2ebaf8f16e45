// libFuzzer target for the run-spec importer (make fuzz). The invariants: parseRunSpec never
// crashes, and whatever it accepts survives its own round trip with the same fingerprint.
#include "RunSpec.h"

#include <cstdint>
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
    return 0;
}
