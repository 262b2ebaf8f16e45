#!/bin/sh
# Builds the run-spec fuzz target with clang and runs it for SECONDS.
# usage: tests/fuzz/run.sh BUILD_DIR SECONDS
# Exit 77 (ctest: skipped) when clang or its libFuzzer runtime is not installed; 1 in CI (CI set),
# where a skipped proof must fail the run.
set -eu
src=$(cd "$(dirname "$0")" && pwd)
build=$1/fuzz
seconds=$2
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
cmake --build "$build" >/dev/null
mkdir -p "$build/corpus"
# New inputs go to the build's corpus; a crash lands in reproducers/, which the unit tests read.
"$build/fuzz_runspec" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$src/reproducers/" "$build/corpus" "$src/corpus"
