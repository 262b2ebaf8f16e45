#!/bin/sh
# Builds the fuzz targets with clang and runs one of them (or each in turn) for SECONDS.
# usage: tests/fuzz/run.sh BUILD_DIR SECONDS [TARGET]
#   TARGET: runspec (the default: the run-spec importer and the job exporters), state (the
#   saved-state loader), csv (the members CSV importer), dossier (gate 1's dossier importer),
#   answers (the readers of a provider's answers), or all.
#   FUZZ_CPU=1: SECONDS is CPU time (user + system) rather than wall time, each target run at
#   nice 19 under /usr/bin/time -v and stopped by cpu_budget.py when its CPU time reaches
#   SECONDS (libFuzzer's -max_total_time counts wall time; it is set 30 times longer here).
# Exit 77 (ctest: skipped) when clang or its libFuzzer runtime is not installed; 1 in CI (CI set),
# where a skipped proof must fail the run.
set -eu
src=$(cd "$(dirname "$0")" && pwd)
build=$1/fuzz
seconds=$2
target=${3:-runspec}
case $target in
runspec | state | csv | dossier | answers) targets=$target ;;
all) targets="runspec state csv dossier answers" ;;
*)
    echo "fuzz: unknown target $target (runspec, state, csv, dossier, answers or all)" >&2
    exit 2
    ;;
esac
# clang ≥ 16: older ones cannot read libstdc++ 12's <expected>.
cxx=
for v in 19 18 17 16; do
    if command -v "clang++-$v" >/dev/null 2>&1 &&
        ls /usr/lib/llvm-$v/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
        cxx=clang++-$v
        break
    fi
done
if [ -z "$cxx" ]; then
    echo "fuzz: clang++ >= 16 with libclang-rt not installed, skipped"
    [ -z "${CI:-}" ] || exit 1
    exit 77
fi
if [ ! -f "$build/build.ninja" ]; then
    CXX=$cxx cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
fi
for t in $targets; do
    cmake --build "$build" --target "fuzz_$t" >/dev/null
done
for t in $targets; do
    # New inputs go to the build's corpus; a crash lands in reproducers/<target>/ (runspec: in
    # reproducers/ itself), which the unit tests replay.
    mkdir -p "$build/corpus/$t"
    if [ "$t" = runspec ]; then
        seeds=$src/corpus/runspec artifacts=$src/reproducers/
    else
        seeds=$src/corpus/$t artifacts=$src/reproducers/$t/
    fi
    mkdir -p "$artifacts"
    # -error_exitcode: libFuzzer's own default is 77, which ctest reads as "skipped".
    set -- "$build/fuzz_$t" -max_len=65536 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -error_exitcode=1 \
        -artifact_prefix="$artifacts" "$build/corpus/$t" "$seeds"
    echo "fuzz: $t for $seconds s${FUZZ_CPU:+ of CPU time}"
    if [ -n "${FUZZ_CPU:-}" ]; then
        "$src/cpu_budget.py" "$seconds" nice -n 19 /usr/bin/time -v "$@" \
            -max_total_time=$((seconds * 30))
    else
        "$@" -max_total_time="$seconds"
    fi
done
