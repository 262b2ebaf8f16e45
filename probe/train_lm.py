#!/usr/bin/env python3
"""Onramp's first run: a small transformer language model trained from scratch with PyTorch.

onramp-probe's `first-run` mode starts it when the image has torch (its plain C++ loop is the
fallback). It reads the text files of the data folder ($ONRAMP_DATA_DIR, *.txt, sorted; the
corpus shipped beside it when the folder has none), trains a byte-level causal transformer,
and prints one JSON object per line, the events of docs/probe-events.md: `trainer` (what ran:
framework, device, the code's SHA-256, the configuration and the parameters applied), `step`
(loss, step time, tokens/s, memory), `checkpoint`, `resume`, `interrupted`, `error`.

Deterministic: one thread, deterministic algorithms, no dropout, and each step's batch drawn
from a generator seeded with (seed, step) -- so a run resumed from a checkpoint reports exactly
the losses of an uninterrupted one, and the same spec gives the same loss at every step on the
same kind of machine. SIGINT or SIGTERM (a preemption) saves a checkpoint and exits 130.

Exit status: 0 trained, 1 failed (the `error` event says why), 2 bad arguments, 130 interrupted.
"""
import argparse
import glob
import hashlib
import json
import math
import os
import re
import resource
import signal
import stat
import sys
import time

STOP = False


def emit(event, **fields):
    print(json.dumps({"event": event, **fields}, sort_keys=True), flush=True)


def on_signal(signum, frame):
    global STOP
    STOP = True


def env_int(name, fallback):
    value = os.environ.get("ONRAMP_PARAM_" + name)
    if value is None or value == "":
        return fallback
    try:
        return int(value)
    except ValueError:
        raise SystemExit(f"ONRAMP_PARAM_{name}={value!r} is not a whole number")


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    # The spec's `seed` parameter (ONRAMP_PARAM_SEED) gives the seed; an argument overrides it.
    # The rest comes from the arguments only: the spec's other parameters describe the planned
    # run (gate 4's sequence length and micro-batch), not this small first run.
    p.add_argument("--steps", type=int, default=60)
    p.add_argument("--every", type=int, default=20, help="checkpoint every K steps")
    p.add_argument("--step-ms", type=int, default=0, help="pause each step (a slow job on purpose)")
    p.add_argument("--seed", type=int, default=env_int("SEED", 1234))
    p.add_argument("--seq-len", type=int, default=32)
    p.add_argument("--micro-batch", type=int, default=8)
    p.add_argument("--grad-accum", type=int, default=1)
    p.add_argument("--d-model", type=int, default=64)
    p.add_argument("--layers", type=int, default=2)
    p.add_argument("--heads", type=int, default=4)
    p.add_argument("--lr", type=float, default=3e-3)
    p.add_argument("--tag", default="", help="a checkpoint folder of its own")
    p.add_argument("--memory-mb", type=int, default=0, help="(accepted for the probe's modes; unused)")
    a = p.parse_args(argv)
    limits = [("steps", 1, 1_000_000), ("every", 1, 1_000_000), ("seq_len", 8, 4096),
              ("micro_batch", 1, 4096), ("grad_accum", 1, 1024), ("d_model", 8, 4096),
              ("layers", 1, 64), ("heads", 1, 64), ("step_ms", 0, 600_000)]
    for name, low, high in limits:
        value = getattr(a, name)
        if not low <= value <= high:
            p.error(f"--{name.replace('_', '-')} must be from {low} to {high}, not {value}")
    if a.d_model % a.heads:
        p.error("--d-model must be a multiple of --heads")
    if not (0 < a.lr < 10) or not math.isfinite(a.lr):
        p.error("--lr must be above 0 and below 10")
    return a


CHECKPOINT_NAME = re.compile(r"step-(0|[1-9][0-9]{0,8})\.pt")


def is_plain_file(path):
    """A regular file itself: not a symlink (to anything), a FIFO, a device or a folder."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def open_checkpoint(path):
    """The checkpoint at `path` for reading, only where it is a regular file itself: opened
    without following a symlink (one planted, or swapped in after the listing, would have the
    run resume from a file elsewhere) and without blocking (a FIFO would wait for a writer)."""
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ValueError("not a regular file (a FIFO or a folder is never read)")
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def read_corpus():
    """The training text: the data folder's *.txt files in path order, else the shipped corpus."""
    data = os.environ.get("ONRAMP_DATA_DIR", "")
    files = []
    if data and os.path.isdir(data):
        files = sorted(f for f in glob.glob(os.path.join(data, "**", "*.txt"), recursive=True)
                       if os.path.isfile(f))
    source = "data"
    if not files:
        files = [os.path.join(os.path.dirname(os.path.abspath(__file__)), "onramp-corpus.txt")]
        source = "shipped"
    text = b"".join(open(f, "rb").read() for f in files)
    return text, source, [os.path.relpath(f, data) if source == "data" else os.path.basename(f)
                          for f in files]


def main(argv):
    a = parse_args(argv)
    try:
        import torch
        import torch.nn as nn
    except Exception as e:  # the probe only starts us when torch is found; say what broke
        emit("error", check="first-run", kind="framework", error=f"{type(e).__name__}: {e}")
        return 1

    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)
    cuda = torch.cuda.is_available()
    device = torch.device("cuda" if cuda else "cpu")
    text, source, files = read_corpus()
    if len(text) < a.seq_len + 2:
        emit("error", check="first-run", kind="data",
             error=f"the corpus has {len(text)} bytes, fewer than one sequence of {a.seq_len + 1}")
        return 1
    tokens = torch.tensor(list(text), dtype=torch.long)

    class Block(nn.Module):
        def __init__(self, d, h):
            super().__init__()
            self.ln1 = nn.LayerNorm(d)
            self.attn = nn.MultiheadAttention(d, h, batch_first=True)
            self.ln2 = nn.LayerNorm(d)
            self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))

        def forward(self, x, mask):
            y = self.ln1(x)
            x = x + self.attn(y, y, y, attn_mask=mask, need_weights=False)[0]
            return x + self.mlp(self.ln2(x))

    class TinyLM(nn.Module):
        def __init__(self):
            super().__init__()
            self.embed = nn.Embedding(256, a.d_model)
            self.pos = nn.Embedding(a.seq_len, a.d_model)
            self.blocks = nn.ModuleList(Block(a.d_model, a.heads) for _ in range(a.layers))
            self.ln = nn.LayerNorm(a.d_model)
            self.head = nn.Linear(a.d_model, 256, bias=False)

        def forward(self, idx):
            t = idx.shape[1]
            mask = torch.triu(torch.full((t, t), float("-inf"), device=idx.device), 1)
            x = self.embed(idx) + self.pos(torch.arange(t, device=idx.device))
            for b in self.blocks:
                x = b(x, mask)
            return self.head(self.ln(x))

    torch.manual_seed(a.seed)
    model = TinyLM().to(device)
    opt = torch.optim.AdamW(model.parameters(), lr=a.lr, weight_decay=0.01)
    loss_fn = nn.CrossEntropyLoss()

    def batch(step, micro):
        g = torch.Generator().manual_seed(a.seed * 1_000_003 + step * 1_009 + micro)
        starts = torch.randint(0, len(tokens) - a.seq_len - 1, (a.micro_batch,), generator=g)
        x = torch.stack([tokens[s:s + a.seq_len] for s in starts.tolist()])
        y = torch.stack([tokens[s + 1:s + 1 + a.seq_len] for s in starts.tolist()])
        return x.to(device), y.to(device)

    out = os.environ.get("ONRAMP_OUTPUT_DIR", "")
    ckdir = os.path.join(out or ".", "checkpoints", "first-run", a.tag) if a.tag else \
        os.path.join(out or ".", "checkpoints", "first-run")
    os.makedirs(ckdir, exist_ok=True)
    for stale in glob.glob(os.path.join(ckdir, "*.tmp")):
        if is_plain_file(stale):  # a folder or a symlink under the name is left alone
            os.remove(stale)

    config = {"model": "tiny-lm-byte", "seed": a.seed, "steps": a.steps, "seq_len": a.seq_len,
              "micro_batch": a.micro_batch, "grad_accum": a.grad_accum, "d_model": a.d_model,
              "layers": a.layers, "heads": a.heads, "lr": a.lr, "optimizer": "adamw",
              "precision": "fp32", "parallelism": "single device", "method": "pretrain"}
    params = {k[len("ONRAMP_PARAM_"):]: v for k, v in sorted(os.environ.items())
              if k.startswith("ONRAMP_PARAM_")}
    emit("trainer", check="first-run", program="train_lm.py",
         code_sha256=sha256_file(os.path.abspath(__file__)), framework="torch",
         framework_version=torch.__version__, cuda=torch.version.cuda or "",
         device=device.type, device_name=torch.cuda.get_device_name(0) if cuda else "cpu",
         gpu_count=torch.cuda.device_count() if cuda else 0, corpus=source, corpus_files=files,
         corpus_bytes=len(text), parameters_applied=params, config=config,
         parameter_count=sum(p.numel() for p in model.parameters()))

    # Resume from the newest checkpoint that loads; an older one when the newest is corrupt.
    start = 0
    # Only step-N.pt (a step-x.pt would stop the sort), newest first.
    checkpoints = sorted((p for p in glob.glob(os.path.join(ckdir, "step-*.pt"))
                          if CHECKPOINT_NAME.fullmatch(os.path.basename(p))),
                         key=lambda p: int(os.path.basename(p)[5:-3]), reverse=True)
    for path in checkpoints:
        try:
            with open_checkpoint(path) as f:
                state = torch.load(f, map_location=device)
            if state.get("config") != config:
                raise ValueError("written by another configuration")
            model.load_state_dict(state["model"])
            opt.load_state_dict(state["optimizer"])
            start = state["step"]
            emit("resume", check="first-run", step=start, path=path)
            break
        except Exception as e:
            emit("resume_failed", check="first-run", path=path, error=f"{type(e).__name__}: {e}")
            torch.manual_seed(a.seed)  # a fresh start, initialised exactly as the first time
            model = TinyLM().to(device)
            opt = torch.optim.AdamW(model.parameters(), lr=a.lr, weight_decay=0.01)

    def save(step, event):
        path = os.path.join(ckdir, f"step-{step}.pt")
        tmp = path + ".tmp"
        try:
            torch.save({"model": model.state_dict(), "optimizer": opt.state_dict(), "step": step,
                        "config": config}, tmp)
            with open(tmp, "rb") as f:
                os.fsync(f.fileno())
            os.replace(tmp, path)
            emit(event, check="first-run", step=step, path=path, saved=True)
        except OSError as e:
            emit(event, check="first-run", step=step, path=path, saved=False, error=str(e))

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    if cuda:
        torch.cuda.reset_peak_memory_stats()
    for step in range(start + 1, a.steps + 1):
        if STOP:
            save(step - 1, "interrupted")
            return 130
        began = time.perf_counter()
        opt.zero_grad(set_to_none=True)
        total = 0.0
        for micro in range(a.grad_accum):
            x, y = batch(step, micro)
            loss = loss_fn(model(x).reshape(-1, 256), y.reshape(-1)) / a.grad_accum
            loss.backward()
            total += loss.item()
        opt.step()
        if a.step_ms:
            time.sleep(a.step_ms / 1000)
        seconds = time.perf_counter() - began
        samples = a.micro_batch * a.grad_accum
        fields = {"check": "first-run", "step": step, "loss": total, "step_seconds": seconds,
                  "samples_per_second": samples / seconds if seconds else 0.0,
                  "tokens_per_second": samples * a.seq_len / seconds if seconds else 0.0,
                  "memory_bytes": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024}
        if cuda:
            fields["gpu_memory_bytes"] = torch.cuda.max_memory_allocated()
        emit("step", **fields)
        if step % a.every == 0 or step == a.steps:
            save(step, "checkpoint")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
