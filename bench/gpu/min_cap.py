#!/usr/bin/env python3
"""How much more than its peak allocation a training step needs from the card.

Run by hand on a machine with a CUDA build of PyTorch (never in CI):

    python3 bench/gpu/min_cap.py --out DIR

For each configuration (measure_memory.py's, same code), measures the uncapped
max_memory_allocated() peak A, then finds by bisection the smallest cap C that
torch.cuda.set_per_process_memory_fraction() can impose with three steps still running: the
caching allocator frees its cached blocks and retries before it raises, so C - A is the
fragmentation a card must really have room for (the estimator allows 10 % of activations and
gradients). Writes DIR/gpu-min-cap.json.
"""

import argparse
import gc
import json
import os
import sys
import time

import torch

import measure_memory as mm

GIB = mm.GIB

CONFIGS = [
    ("gpt2", "full", "amp", 8, 1024, False),
    ("gpt2", "full", "amp", 8, 1024, True),
    ("gpt2", "lora", "amp", 8, 1024, True),
    ("gpt2-xl", "full", "amp", 2, 1024, False),
    ("llama-3.2-1b", "full", "pure", 2, 4096, False),
    ("llama-3.2-1b", "full", "pure", 2, 4096, True),
    ("llama-3.2-1b", "lora", "pure", 2, 4096, True),
    ("llama-3.2-3b", "full", "pure", 2, 4096, True),
]


def runs_under(cfg, device, cap_bytes, total):
    torch.cuda.set_per_process_memory_fraction(min(1.0, cap_bytes / total), 0)
    try:
        mm.measure(cfg, device, 3)
        return True
    except torch.cuda.OutOfMemoryError:
        return False
    finally:
        gc.collect()
        torch.cuda.empty_cache()
        torch.cuda.set_per_process_memory_fraction(1.0, 0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.environ.get("OUT", "."))
    ap.add_argument("--iterations", type=int, default=6)
    args = ap.parse_args()
    device = torch.device("cuda")
    total = torch.cuda.get_device_properties(device).total_memory
    rows = []
    for model, method, precision, batch, seq, ck in CONFIGS:
        cfg = dict(model=model, method=method, precision=precision, batch=batch, seq=seq,
                   checkpointing=ck, attention="sdpa")
        t0 = time.time()
        free = mm.measure(cfg, device, 3)
        peak = free["peak_allocated_gib"] * GIB
        lo, hi = peak, peak * 1.5  # lo may fail, hi must run
        if not runs_under(cfg, device, hi, total):
            rows.append({"config": cfg, "error": "does not run at 1.5 x its peak"})
            continue
        for _ in range(args.iterations):
            mid = (lo + hi) / 2
            if runs_under(cfg, device, mid, total):
                hi = mid
            else:
                lo = mid
        row = {"config": cfg, "peak_allocated_gib": peak / GIB,
               "peak_reserved_gib": free["peak_reserved_gib"],
               "min_cap_gib": hi / GIB, "max_failing_cap_gib": lo / GIB,
               "overhead_share": hi / peak - 1, "seconds": time.time() - t0}
        rows.append(row)
        print("CAP {} {} {} b{} s{}{} peak={:.2f} reserved={:.2f} needs<={:.2f} GiB (+{:.1f} %)"
              .format(model, method, precision, batch, seq, " ckpt" if ck else "",
                      peak / GIB, free["peak_reserved_gib"], hi / GIB,
                      row["overhead_share"] * 100), flush=True)
        os.makedirs(args.out, exist_ok=True)
        with open(os.path.join(args.out, "gpu-min-cap.json"), "w") as f:
            json.dump({"torch": torch.__version__, "gpu": torch.cuda.get_device_name(device),
                       "date": time.strftime("%Y-%m-%d"), "rows": rows}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
