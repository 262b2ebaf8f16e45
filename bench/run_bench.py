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
    "startup_first_paint_zh_CN": ("ratio", "<=", 1.5),
    "startup_provider_ready": ("ratio", "<=", 1.5),
    "startup_steady_rss": ("ratio", "<=", 1.5),
    "estimate_cli": ("value", "<=", 100.0),
    "provider_signed_gets": ("ratio", "<=", 1.25),
    "provider_log_read_1mib": ("ratio", "<=", 1.5),
    "gui_stall": ("value", "<=", 16.0),
    "data_check_throughput_cold": ("ratio", ">=", 0.8),
    "data_check_throughput_warm": ("ratio", ">=", 0.8),
    "chart_1m_points": ("value", "<=", 50.0),
    "chart_spikes_kept": ("value", ">=", 100.0),
    "log_tail_1gb_time": ("value", "<=", 200.0),
    "log_tail_1gb_peak_memory": ("value", "<=", 64.0),
    "sandbox_concurrency_resets": ("value", "<=", 0.0),
    "sandbox_slowloris": ("value", ">=", 100.0),
    "sandbox_chunked_peak": ("value", "<", 16.0),
    "replay_overhead": ("ratio", "<=", 1.5),
    "failover_quota_skip": ("ratio", "<=", 1.2),
    "resume_vs_restart": ("ratio", "<=", 0.5),
}
missed = []


def verdict(name, value, anchor):
    """The target text and whether it was met, for one figure."""
    if name not in TARGETS:
        return "target=none", True
    what, op, bound = TARGETS[name]
    x = value if what == "value" else value / anchor
    ok = {"<=": x <= bound, ">=": x >= bound, "<": x < bound}[op]
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


def start_to(cmd, env, marks):
    """Spawns cmd and returns the milliseconds to each line in `marks` on its stdout, the last
    "rss-kib N" it printed (MiB), and its peak RSS (MiB)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    seen, settled = {}, None
    for raw in proc.stdout:
        text = raw.decode(errors="replace").strip()
        if text in marks and text not in seen:
            seen[text] = (time.perf_counter() - start) * 1000.0
        elif text.startswith("rss-kib "):
            settled = int(text.split()[1]) / 1024.0
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0 or len(seen) != len(marks):
        sys.exit(f"bench: {' '.join(cmd)} failed with status {status} (saw {sorted(seen)})")
    return seen, settled, usage.ru_maxrss / 1024.0


def sandbox_to_ready(build, env):
    """The standalone sandbox (onramp-sandbox serve): milliseconds to its URL line, and its
    resident memory a second later (MiB)."""
    start = time.perf_counter()
    proc = subprocess.Popen([os.path.join(build, "sandbox", "onramp-sandbox"), "serve", "--port",
                             "0"], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    proc.stdout.readline()
    ready = (time.perf_counter() - start) * 1000.0
    time.sleep(1.0)
    rss = None
    with open(f"/proc/{proc.pid}/status") as f:
        for l in f:
            if l.startswith("VmRSS:"):
                rss = int(l.split()[1]) / 1024.0
    proc.terminate()
    proc.wait()
    return ready, rss


def startup(build, runs):
    """The wizard's normal start (`--bench-start`: the sandbox connects after the first paint, as
    for a new user): process start to first paint, in English and in Chinese, against a minimal
    one-page QWizard; to provider-ready, against that QWizard's first paint plus the standalone
    sandbox's start; resident memory once the sandbox is up, against the QWizard's peak plus the
    standalone sandbox's. Interleaved, medians of `runs`."""
    state_dir = tempfile.mkdtemp(prefix="onramp-bench-")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", ONRAMP_STATE_DIR=state_dir,
               LC_ALL="C.UTF-8")
    env.pop("DISPLAY", None)
    onramp = [os.path.join(build, "app", "onramp"), "--bench-start"]
    marks = ("first-paint", "provider-ready")
    anchor = [os.path.join(build, "bench", "min_wizard")]
    for _ in range(2):  # warm the page cache for all
        start_to(onramp + ["--lang", "en"], env, marks)
        start_to(onramp + ["--lang", "zh_CN"], env, marks)
        run_once(anchor, env, "first-paint")
        sandbox_to_ready(build, env)
    en, zh, theirs, sandboxes = [], [], [], []
    for _ in range(runs):  # interleaved, so drift hits all alike
        en.append(start_to(onramp + ["--lang", "en"], env, marks))
        zh.append(start_to(onramp + ["--lang", "zh_CN"], env, marks))
        theirs.append(run_once(anchor, env, "first-paint"))
        sandboxes.append(sandbox_to_ready(build, env))
    med = statistics.median
    paint = med(theirs_i[0] for theirs_i in theirs)
    line("startup_first_paint", med(x[0]["first-paint"] for x in en), "ms", paint)
    line("startup_first_paint_zh_CN", med(x[0]["first-paint"] for x in zh), "ms", paint)
    line("startup_provider_ready", med(x[0]["provider-ready"] for x in en), "ms",
         med(t[0] + s[0] for t, s in zip(theirs, sandboxes)))
    line("startup_steady_rss", med(x[1] for x in en), "MiB",
         med(t[1] + s[1] for t, s in zip(theirs, sandboxes)))


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


# ---- The sandbox under abuse (issue 19) ---------------------------------------------------------

class Sandbox:
    """onramp-sandbox serve on a free loopback port, with its credentials from the hello line."""

    def __init__(self, build):
        import json
        self.proc = subprocess.Popen(
            [os.path.join(build, "sandbox", "onramp-sandbox"), "serve", "--port", "0"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=dict(os.environ, LC_ALL="C.UTF-8"))
        hello = json.loads(self.proc.stdout.readline())
        self.host = "127.0.0.1"
        self.port = int(hello["url"].split(":")[2].split("/")[0])
        self.key = hello["accessKeyId"]
        self.secret = hello["secretAccessKey"]
        self.region = hello["region"]

    def rss_mib(self):
        with open(f"/proc/{self.proc.pid}/status") as f:
            for row in f:
                if row.startswith("VmRSS:"):
                    return int(row.split()[1]) / 1024.0
        return 0.0

    def signed_get(self, path="/v1/account"):
        """The raw bytes of a GET signed with AWS SigV4 (service onramp), as the client sends."""
        import datetime
        import hashlib
        import hmac
        now = datetime.datetime.now(datetime.timezone.utc)
        stamp, day = now.strftime("%Y%m%dT%H%M%SZ"), now.strftime("%Y%m%d")
        host = f"{self.host}:{self.port}"
        canonical = "\n".join(["GET", path, "", f"host:{host}", f"x-amz-date:{stamp}", "",
                               "host;x-amz-date", hashlib.sha256(b"").hexdigest()])
        scope = f"{day}/{self.region}/onramp/aws4_request"
        to_sign = "\n".join(["AWS4-HMAC-SHA256", stamp, scope,
                             hashlib.sha256(canonical.encode()).hexdigest()])
        key = ("AWS4" + self.secret).encode()
        for part in (day, self.region, "onramp", "aws4_request"):
            key = hmac.new(key, part.encode(), hashlib.sha256).digest()
        signature = hmac.new(key, to_sign.encode(), hashlib.sha256).hexdigest()
        return (f"GET {path} HTTP/1.1\r\nHost: {host}\r\nX-Amz-Date: {stamp}\r\n"
                f"Authorization: AWS4-HMAC-SHA256 Credential={self.key}/{scope}, "
                f"SignedHeaders=host;x-amz-date, Signature={signature}\r\n"
                f"Connection: close\r\n\r\n").encode()

    def close(self):
        self.proc.terminate()
        self.proc.wait()


def read_response(s):
    """One HTTP/1.1 response with a Content-Length (QHttpServer 6.4 keeps the connection open
    even after Connection: close), or what came before the peer closed."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = s.recv(65536)
        if not chunk:
            return data
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = 0
    for row in head.split(b"\r\n")[1:]:
        name, _, value = row.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    while len(body) < length:
        chunk = s.recv(65536)
        if not chunk:
            break
        body += chunk
    return head + b"\r\n\r\n" + body


def one_request(sandbox, request, timeout=30.0):
    """(status, seconds, reset?) for one request on a fresh connection; status 0 when the
    connection was reset or refused."""
    import socket
    start = time.perf_counter()
    try:
        with socket.create_connection((sandbox.host, sandbox.port), timeout=timeout) as s:
            s.sendall(request)
            data = read_response(s)
        status = int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/1.1 ") else 0
        return status, time.perf_counter() - start, False
    except (ConnectionResetError, ConnectionRefusedError, BrokenPipeError):
        return 0, time.perf_counter() - start, True


def sandbox_concurrency(build):
    """2,000 signed GETs over 200 concurrent connections (a fresh connection per request), as
    against the same 2,000 one at a time: p99 latency, and resets (must be 0; over capacity the
    sandbox answers 503 with Retry-After, which the client here retries)."""
    from concurrent.futures import ThreadPoolExecutor
    sandbox = Sandbox(build)
    try:
        request = sandbox.signed_get()
        serial = [one_request(sandbox, request)[1] for _ in range(2000)]
        resets = 0
        unavailable = 0

        def until_served(_):
            nonlocal resets, unavailable
            started = time.perf_counter()
            while True:
                status, _, reset = one_request(sandbox, request)
                resets += reset
                if status == 503:
                    unavailable += 1
                    time.sleep(0.05)
                    continue
                return time.perf_counter() - started, status

        with ThreadPoolExecutor(max_workers=200) as pool:
            results = list(pool.map(until_served, range(2000)))
        p99 = lambda xs: sorted(xs)[int(len(xs) * 0.99) - 1] * 1000.0
        ok = sum(1 for _, status in results if status == 200)
        line("sandbox_concurrency_p99", p99([t for t, _ in results]), "ms", p99(serial))
        report("sandbox_concurrency_resets", resets, "count", 0.0)
        print(f"bench: sandbox_concurrency served={ok}/2000 answered_503={unavailable}", flush=True)
    finally:
        sandbox.close()


def sandbox_slowloris(build):
    """The share of 200 real requests served while 64 sockets hold partial heads (target
    100 %), against the same requests with no slow sockets."""
    import socket
    sandbox = Sandbox(build)
    try:
        request = sandbox.signed_get()
        baseline = sum(one_request(sandbox, request)[0] == 200 for _ in range(200))
        slow = []
        for _ in range(64):
            s = socket.create_connection((sandbox.host, sandbox.port))
            s.sendall(f"GET /v1/account HTTP/1.1\r\nHost: {sandbox.host}:{sandbox.port}\r\n"
                      "X-Slow: ".encode())
            slow.append(s)
        time.sleep(1.5)
        served = 0
        for _ in range(200):
            served += one_request(sandbox, request, timeout=10)[0] == 200
            # The slow ones come back as they are pushed out, as an attacker would.
            for i, s in enumerate(slow):
                try:
                    s.setblocking(False)
                    if s.recv(1) == b"":
                        raise ConnectionResetError
                except BlockingIOError:
                    continue
                except OSError:
                    s.close()
                    slow[i] = socket.create_connection((sandbox.host, sandbox.port))
                    slow[i].sendall(b"GET /v1/account HTTP/1.1\r\nX-Slow: ")
        for s in slow:
            s.close()
        line("sandbox_slowloris", 100.0 * served / 200, "%", 100.0 * baseline / 200)
    finally:
        sandbox.close()


def sandbox_chunked_peak(build):
    """The sandbox's memory growth while a 200 MiB chunked, unsigned body is sent to it (target
    < 16 MiB), against its growth for one body just under the 4 MiB limit (what it must hold
    for a request it accepts). Each in a fresh sandbox."""
    import socket

    def growth(send):
        sandbox = Sandbox(build)
        try:
            one_request(sandbox, sandbox.signed_get())
            before = sandbox.rss_mib()
            peak = before
            status = 0
            with socket.create_connection((sandbox.host, sandbox.port), timeout=30) as s:
                try:
                    for piece in send(sandbox):
                        s.sendall(piece)
                        peak = max(peak, sandbox.rss_mib())
                except OSError:
                    pass  # refused early: what we want
                try:
                    data = read_response(s)
                    status = int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/1.1 ") else 0
                except OSError:
                    pass
            time.sleep(0.2)
            return max(peak, sandbox.rss_mib()) - before, status
        finally:
            sandbox.close()

    def chunked(sandbox):
        yield (f"POST /v1/qualification HTTP/1.1\r\nHost: {sandbox.host}:{sandbox.port}\r\n"
               "Transfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\n").encode()
        chunk = b"%x\r\n" % (1 << 20) + b" " * (1 << 20) + b"\r\n"
        for _ in range(200):
            yield chunk
        yield b"0\r\n\r\n"

    def at_limit(sandbox):
        size = 4 * 1024 * 1024 - 1
        yield (f"POST /v1/qualification HTTP/1.1\r\nHost: {sandbox.host}:{sandbox.port}\r\n"
               f"Content-Length: {size}\r\nContent-Type: application/json\r\n\r\n").encode()
        for _ in range(4):
            yield b" " * (1 << 20)  # a byte too many at the end: it is never read

    value, status = growth(chunked)
    anchor, _ = growth(at_limit)
    report("sandbox_chunked_peak", value, "MiB", anchor)
    print(f"bench: sandbox_chunked_peak answered {status}", flush=True)


def replay_overhead(build, runs=3):
    """The wall time of `onramp replay` on the shipped example (a fresh sandbox, provisioning,
    the four readiness checks, the first run, the comparison) against running the same first-run
    program directly (`onramp-probe first-run` with the spec's arguments, which starts the
    trainer, on the same corpus), interleaved, medians of `runs`."""
    import json
    import shutil
    import tempfile
    spec = os.path.join(os.path.dirname(__file__), "..", "docs", "examples", "first-run.json")
    args = json.load(open(spec))["launch"]["args"]
    probe = os.path.join(build, "probe", "onramp-probe")
    onramp = os.path.join(build, "app", "onramp")
    replays, directs = [], []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as d:
            data, out = os.path.join(d, "data"), os.path.join(d, "out")
            os.makedirs(data)
            os.makedirs(out)
            shutil.copy(os.path.join(build, "probe", "onramp-corpus.txt"),
                        os.path.join(data, "corpus.txt"))
            env = dict(os.environ, ONRAMP_DATA_DIR=data, ONRAMP_OUTPUT_DIR=out)
            started = time.perf_counter()
            subprocess.run([probe, "first-run"] + args, env=env, check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            directs.append(time.perf_counter() - started)
        env = dict(os.environ, ONRAMP_STATE_DIR=tempfile.gettempdir() + "/onramp-bench-none")
        env.pop("DISPLAY", None)
        started = time.perf_counter()
        done = subprocess.run([onramp, "replay", spec], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
        replays.append(time.perf_counter() - started)
        if done.returncode != 0:
            print(f"bench: replay_overhead: the replay did not reproduce:\n{done.stdout}",
                  flush=True)
    report("replay_overhead", statistics.median(replays), "s", statistics.median(directs))


def recovery(build):
    """Gate 4's failover with candidates skipped by quota, and gate 6's run that resumes itself
    after a preemption from the sandbox's fault plan (bench/recovery_bench.cpp)."""
    own_lines(build, "recovery_bench")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default="build")
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--only", action="append", default=[],
                        help="run only these parts (startup, estimate, provider, data, monitor, sandbox, "
                             "replay, recovery)")
    parser.add_argument("--data-dir", default=None,
                        help="where the data check writes its 1 GiB (a disk, not tmpfs)")
    args = parser.parse_args()
    parts = {
        "startup": lambda: startup(args.build, args.runs),
        "estimate": lambda: estimate_cli(args.build, args.runs),
        "provider": lambda: provider(args.build),
        "data": lambda: data_check(args.build, 7, args.data_dir),
        "monitor": lambda: monitor(args.build),
        "sandbox": lambda: (sandbox_concurrency(args.build), sandbox_slowloris(args.build),
                            sandbox_chunked_peak(args.build)),
        "replay": lambda: replay_overhead(args.build),
        "recovery": lambda: recovery(args.build),
    }
    for name, run in parts.items():
        if not args.only or name in args.only:
            run()
    if missed:
        print(f"bench: {len(missed)} target(s) missed: {', '.join(missed)}", flush=True)
        sys.exit(1)


if __name__ == "__main__":
    main()
