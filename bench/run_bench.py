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
        print(f"BENCH sandbox_concurrency_resets {resets:.2f} count anchor=0.00 ratio=0.000 "
              f"served={ok}/2000 answered_503={unavailable}", flush=True)
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
    print(f"BENCH sandbox_chunked_peak {value:.2f} MiB anchor={anchor:.2f} "
          f"ratio={value / max(anchor, 0.01):.3f} status={status}", flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default="build")
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--only", help="run only the figures whose function name has this")
    args = parser.parse_args()
    if args.only:
        for name in ("sandbox_concurrency", "sandbox_slowloris", "sandbox_chunked_peak"):
            if args.only in name:
                globals()[name](args.build)
        return
    startup(args.build, args.runs)
    estimate_cli(args.build, args.runs)
    provider(args.build)
    data_check(args.build, 7)
    monitor(args.build)
    sandbox_concurrency(args.build)
    sandbox_slowloris(args.build)
    sandbox_chunked_peak(args.build)


if __name__ == "__main__":
    main()
