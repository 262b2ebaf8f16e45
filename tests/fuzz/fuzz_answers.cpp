// libFuzzer target for the readers of a provider's answers (tests/fuzz/run.sh BUILD SECONDS
// answers): error bodies, Slurm job records, job logs, signing vectors, tokens. Its invariant is
// the check it calls, which tst_provider also runs over tests/fuzz/reproducers/answers/.
#include "AnswerChecks.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    if (const auto problem = onramp::fuzzcheck::answerProblem(bytes)) {
        std::fprintf(stderr, "%s\n", qPrintable(*problem));
        std::abort();
    }
    return 0;
}
