#!/usr/bin/env python3
"""make bench: each figure is a ratio against an anchor measured in the same run.

Prints one line per figure, with its target and whether this run met it:
    BENCH <name> <value> <unit> anchor=<value> ratio=<value> target=<rule> met|MISSED
and exits 1 when any target was missed (kept out of CI: these machines are noisy).
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


# The README's targets, by figure: (what is compared, "<=" or ">=", bound). A figure without
# one is printed for information ("target=none").
TARGETS = {
    "startup_first_paint": ("ratio", "<=", 1.5),
    "startup_peak_rss": ("ratio", "<=", 1.5),
    "estimate_cli": ("value", "<=", 100.0),
    "provider_signed_gets": ("ratio", "<=", 1.25),
    "gui_stall": ("value", "<=", 16.0),
    "data_check_throughput_cold": ("ratio", ">=", 0.8),
    "data_check_throughput_warm": ("ratio", ">=", 0.8),
    "chart_1m_points": ("value", "<=", 50.0),
    "chart_spikes_kept": ("value", ">=", 100.0),
    "log_tail_1gb_time": ("value", "<=", 200.0),
    "log_tail_1gb_peak_memory": ("value", "<=", 64.0),
}
missed = []


def verdict(name, value, anchor):
    """The target text and whether it was met, for one figure."""
    if name not in TARGETS:
        return "target=none", True
    what, op, bound = TARGETS[name]
    x = value if what == "value" else value / anchor
    ok = x <= bound if op == "<=" else x >= bound
    return f"target={what}{op}{bound:g}", ok


def report(name, value, unit, anchor):
    text, ok = verdict(name, value, anchor)
    ratio = value / anchor if anchor else float("inf")
    if not ok:
        missed.append(name)
    print(f"BENCH {name} {value:.2f} {unit} anchor={anchor:.2f} ratio={ratio:.3f} {text} "
          f"{'met' if ok else 'MISSED'}", flush=True)


def line(name, value, unit, anchor):
    report(name, value, unit, anchor)


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
    """Runs a bench program that prints its own BENCH lines (offscreen); each is printed again
    with its target. Other lines pass through."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", LC_ALL="C.UTF-8")
    env.pop("DISPLAY", None)
    result = subprocess.run([os.path.join(build, "bench", program)], env=env,
                            stdout=subprocess.PIPE, text=True)
    for text in result.stdout.splitlines():
        parts = text.split()
        if len(parts) >= 5 and parts[0] == "BENCH" and parts[4].startswith("anchor="):
            report(parts[1], float(parts[2]), parts[3], float(parts[4][len("anchor="):]))
        else:
            print(text, flush=True)
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


def evict(paths):
    """Drops the files' pages from the page cache (they were fsynced, so none is dirty): the
    next read comes from the disk."""
    for path in paths:
        fd = os.open(path, os.O_RDONLY)
        try:
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        finally:
            os.close(fd)


def timed_run(cmd):
    start = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def data_check(build, runs, folder_parent=None, count=512):
    """The whole `onramp-probe data` command (start, walk, hashing the sample, its two passes,
    report) against the whole `cat FILES > /dev/null`, on 1 GiB (512 files of 2 MiB), so process
    start is not the story; interleaved, medians. Cold: every file evicted from the page cache
    before each command; warm: read once before. Throughput = bytes / wall time (higher is
    better, so the ratio is ours / cat's)."""
    import shutil
    folder = tempfile.mkdtemp(prefix="onramp-data-", dir=folder_parent)
    files = []
    try:
        for i in range(count):
            path = os.path.join(folder, f"part-{i:04d}.bin")
            with open(path, "wb") as f:
                f.write(os.urandom(2 * 1024 * 1024))
                f.flush()
                os.fsync(f.fileno())
            files.append(path)
        probe = [os.path.join(build, "probe", "onramp-probe"), "data", "--dir", folder]
        cat = ["cat"] + files
        total_mb = count * 2 * 1024 * 1024 / 1e6
        for mode in ("cold", "warm"):
            ours, theirs = [], []
            if mode == "warm":
                timed_run(cat)
            for i in range(runs):
                # Alternate which goes first, so neither always follows the other.
                order = [(probe, ours), (cat, theirs)]
                for cmd, out in (order if i % 2 == 0 else order[::-1]):
                    if mode == "cold":
                        evict(files)
                    out.append(total_mb / timed_run(cmd))
            report(f"data_check_throughput_{mode}", statistics.median(ours), "MB/s",
                   statistics.median(theirs))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default="build")
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--only", action="append", default=[],
                        help="run only these parts (startup, estimate, provider, data, monitor)")
    parser.add_argument("--data-dir", default=None,
                        help="where the data check writes its 1 GiB (a disk, not tmpfs)")
    args = parser.parse_args()
    parts = {
        "startup": lambda: startup(args.build, args.runs),
        "estimate": lambda: estimate_cli(args.build, args.runs),
        "provider": lambda: provider(args.build),
        "data": lambda: data_check(args.build, 7, args.data_dir),
        "monitor": lambda: monitor(args.build),
    }
    for name, run in parts.items():
        if not args.only or name in args.only:
            run()
    if missed:
        print(f"bench: {len(missed)} target(s) missed: {', '.join(missed)}", flush=True)
        sys.exit(1)


if __name__ == "__main__":
    main()
