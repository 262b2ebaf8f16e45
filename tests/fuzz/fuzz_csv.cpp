// libFuzzer target for one importer (tests/fuzz/run.sh BUILD SECONDS TARGET). Its invariant
// is the check it calls, which the unit tests also run over tests/fuzz/reproducers/TARGET/.
#include "GateChecks.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    if (const auto problem = onramp::fuzzcheck::csvProblem(bytes)) {
        std::fprintf(stderr, "%s\n", qPrintable(*problem));
        std::abort();
    }
    return 0;
}
