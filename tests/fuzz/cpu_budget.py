#!/usr/bin/env python3
"""Runs a command until its process has used SECONDS of CPU (user + system), then interrupts it.

usage: tests/fuzz/cpu_budget.py SECONDS COMMAND...   (run.sh uses it when FUZZ_CPU=1)

libFuzzer's -max_total_time counts wall time, which on a shared machine says little about how
much fuzzing was done. This wrapper watches the CPU time of COMMAND's process (and of its
descendants, read from /proc) and sends SIGINT once it reaches SECONDS; libFuzzer then prints
its final statistics and exits. Run it under `/usr/bin/time -v` for an independent measure.
Prints one line at the end: cpu_s, wall_s, the exit status.
"""
import os
import signal
import subprocess
import sys
import time

TICK = os.sysconf("SC_CLK_TCK")


def cpu_of(pid):
    """utime + stime of pid and of its living descendants, in seconds (0 if gone)."""
    total = 0.0
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        # fields[0] is field 3 (state): utime is field 14, stime 15, cutime 16, cstime 17.
        total += sum(int(x) for x in fields[11:15]) / TICK
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as f:
                for child in f.read().split():
                    total += cpu_of(int(child))
    except (FileNotFoundError, ProcessLookupError, IndexError):
        pass
    return total


def main():
    budget = float(sys.argv[1])
    start = time.monotonic()
    # A session of its own: SIGINT goes to the whole group, so that it reaches the fuzzer under
    # `nice` and `/usr/bin/time` (which ignores SIGINT itself and reports when its child ends).
    p = subprocess.Popen(sys.argv[2:], start_new_session=True)
    used = 0.0
    interrupted = False
    while p.poll() is None:
        used = max(used, cpu_of(p.pid))
        if used >= budget and not interrupted:
            os.killpg(p.pid, signal.SIGINT)
            interrupted = True
        time.sleep(0.5)
    wall = time.monotonic() - start
    # The children's final CPU time, as the kernel accounted it for this process.
    ru = os.times()
    print(f"cpu_budget: cpu_s={ru.children_user + ru.children_system:.1f} wall_s={wall:.1f} "
          f"rc={p.returncode} interrupted={interrupted}", flush=True)
    return 0 if interrupted or p.returncode == 0 else p.returncode


if __name__ == "__main__":
    sys.exit(main())
