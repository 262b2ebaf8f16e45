#!/usr/bin/env python3
"""make bench: each figure is a ratio against an anchor measured in the same run.

Prints one line per figure:
    BENCH <name> <value> <unit> anchor=<value> ratio=<value>
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time


def run_once(cmd, env, until=None):
    """Milliseconds from spawning the process to the line `until` on its stdout (or to its
    exit when None), and its peak RSS (MiB)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    wall_ms = None
    if until is not None:
        for raw in proc.stdout:
            if raw.decode(errors="replace").strip() == until:
                wall_ms = (time.perf_counter() - start) * 1000.0
                break
    proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    if wall_ms is None:
        wall_ms = (time.perf_counter() - start) * 1000.0
    if os.waitstatus_to_exitcode(status) != 0 or (until is not None and wall_ms is None):
        sys.exit(f"bench: {' '.join(cmd)} failed with status {status}")
    return wall_ms, usage.ru_maxrss / 1024.0


def line(name, value, unit, anchor):
    print(f"BENCH {name} {value:.2f} {unit} anchor={anchor:.2f} ratio={value / anchor:.3f}",
          flush=True)


def startup(build, runs):
    """Process start to first painted page (each program prints "first-paint" when its window
    first paints): onramp against a minimal one-page QWizard. Peak RSS over the whole run."""
    state_dir = tempfile.mkdtemp(prefix="onramp-bench-")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", ONRAMP_STATE_DIR=state_dir,
               LC_ALL="C.UTF-8")
    env.pop("DISPLAY", None)
    onramp = [os.path.join(build, "app", "onramp"), "--quit-on-first-paint", "--lang", "en"]
    anchor = [os.path.join(build, "bench", "min_wizard")]
    for _ in range(2):  # warm the page cache for both
        run_once(onramp, env, "first-paint")
        run_once(anchor, env, "first-paint")
    ours, theirs = [], []
    for _ in range(runs):  # interleaved, so drift hits both alike
        ours.append(run_once(onramp, env, "first-paint"))
        theirs.append(run_once(anchor, env, "first-paint"))
    med = lambda xs, i: statistics.median(x[i] for x in xs)
    line("startup_first_paint", med(ours, 0), "ms", med(theirs, 0))
    line("startup_peak_rss", med(ours, 1), "MiB", med(theirs, 1))


def estimate_cli(build, runs):
    """onramp estimate end to end (issue target: well under 100 ms), against the same binary
    printing its version: the difference is the estimator and the eleven card counts."""
    env = dict(os.environ, LC_ALL="C.UTF-8", ONRAMP_STATE_DIR=tempfile.mkdtemp())
    onramp = os.path.join(build, "app", "onramp")
    estimate = [onramp, "estimate", "--model", "llama-3-70b", "--method", "full",
                "--micro-batch", "4", "--seq-len", "4096", "--flash-attention",
                "--grad-checkpointing", "full", "--fsdp", "--gpus", "64", "--card", "h100-80g",
                "--json"]
    version = [onramp, "--version"]
    for _ in range(2):
        run_once(estimate, env)
        run_once(version, env)
    ours, theirs = [], []
    for _ in range(runs):
        ours.append(run_once(estimate, env)[0])
        theirs.append(run_once(version, env)[0])
    line("estimate_cli", statistics.median(ours), "ms", statistics.median(theirs))


def own_lines(build, program):
    """Runs a bench program that prints its own BENCH lines (offscreen)."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", LC_ALL="C.UTF-8")
    env.pop("DISPLAY", None)
    result = subprocess.run([os.path.join(build, "bench", program)], env=env,
                            stdout=subprocess.PIPE, text=True)
    sys.stdout.write(result.stdout)
    if result.returncode != 0:
        sys.exit(f"bench: {program} failed")


def provider(build):
    """The provider client against plain libcurl, and the GUI thread's longest stall while
    requests run (bench/provider_bench.cpp)."""
    own_lines(build, "provider_bench")


def monitor(build):
    """Gates 5-6: a million-point loss chart (reduce + first paint) against drawing every
    point, and the tail of a 1 GB log against `tail -n 1000` (bench/monitor_bench.cpp prints
    its own BENCH lines)."""
    own_lines(build, "monitor_bench")


def data_check(build, runs):
    """onramp-probe data reading a 256 MiB folder (128 files of 2 MiB) against `cat` of the same
    files to /dev/null, both warm, interleaved: throughput ratio (target >= 0.8; higher is
    better, so the ratio is ours / cat's)."""
    folder = tempfile.mkdtemp(prefix="onramp-data-")
    block = os.urandom(2 * 1024 * 1024)
    files = []
    for i in range(128):
        path = os.path.join(folder, f"part-{i:04d}.bin")
        with open(path, "wb") as f:
            f.write(block)
        files.append(path)
    probe = [os.path.join(build, "probe", "onramp-probe"), "data", "--dir", folder]
    total_mb = 128 * 2 * 1024 * 1024 / 1e6
    ours, theirs = [], []
    for _ in range(runs):
        out = subprocess.run(probe, stdout=subprocess.PIPE, text=True).stdout
        for line in out.splitlines():
            if '"event":"data"' in line:
                import json
                ours.append(json.loads(line)["warm_throughput_mb_s"])
        start = time.perf_counter()
        subprocess.run(["cat"] + files, stdout=subprocess.DEVNULL, check=True)
        theirs.append(total_mb / (time.perf_counter() - start))
    import shutil
    shutil.rmtree(folder, ignore_errors=True)
    value, anchor = statistics.median(ours), statistics.median(theirs)
    print(f"BENCH data_check_throughput {value:.2f} MB/s anchor={anchor:.2f} "
          f"ratio={value / anchor:.3f}", flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default="build")
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    startup(args.build, args.runs)
    estimate_cli(args.build, args.runs)
    provider(args.build)
    data_check(args.build, 7)
    monitor(args.build)


if __name__ == "__main__":
    main()
