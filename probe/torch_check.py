#!/usr/bin/env python3
"""onramp-probe's torch loop: the guides' "framework, driver and accelerator library agree".

Run by `onramp-probe environment` when torch is importable. Trains a small MLP on synthetic
data on the best device torch offers (cuda, then npu, then cpu) and prints one JSON object:
{"event": "torch", "version", "cuda", "device", "steps", "first_loss", "last_loss",
 "passed", "error"}. Exit 0 when the loss fell, 1 otherwise.

With --matmul (the GPU health check, before training): a 512 x 512 matmul on every CUDA device
torch sees, compared with the same product in float64 on the CPU; one JSON object
{"event": "gpu_matmul", "version", "cuda", "devices": [{"index", "name", "passed",
 "max_error", "seconds", "error"}], "error"}. Exit 0 when every device passed.
"""
import json
import sys
import time


def matmul():
    report = {"event": "gpu_matmul", "cuda": False, "devices": []}
    try:
        import torch
        report["version"] = torch.__version__
        if not torch.cuda.is_available():
            print(json.dumps(report), flush=True)
            return 1
        report["cuda"] = True
        gen = torch.Generator().manual_seed(7)
        a = torch.randn(512, 512, generator=gen, dtype=torch.float64)
        b = torch.randn(512, 512, generator=gen, dtype=torch.float64)
        ref = a @ b
        scale = float(ref.abs().max())
        for i in range(torch.cuda.device_count()):
            d = {"index": i, "passed": False}
            try:
                d["name"] = torch.cuda.get_device_name(i)
                dev = torch.device("cuda", i)
                x, y = a.float().to(dev), b.float().to(dev)
                torch.cuda.synchronize(dev)
                start = time.perf_counter()
                for _ in range(10):
                    z = x @ y
                torch.cuda.synchronize(dev)
                d["seconds"] = time.perf_counter() - start
                err = float((z.double().cpu() - ref).abs().max()) / scale
                d["max_error"] = err
                d["passed"] = err < 1e-2
                if not d["passed"]:
                    d["error"] = f"result off by {err:.3g} (relative)"
            except Exception as e:  # a card that fails here is the evidence
                d["error"] = f"{type(e).__name__}: {e}"
            report["devices"].append(d)
    except Exception as e:
        report["error"] = f"{type(e).__name__}: {e}"
    print(json.dumps(report), flush=True)
    return 0 if report["cuda"] and all(d["passed"] for d in report["devices"]) else 1


def main():
    if "--matmul" in sys.argv:
        return matmul()
    steps = int(sys.argv[sys.argv.index("--steps") + 1]) if "--steps" in sys.argv else 60
    report = {"event": "torch", "passed": False}
    try:
        import torch
        report["version"] = torch.__version__
        report["cuda"] = getattr(torch.version, "cuda", None)
        if torch.cuda.is_available():
            device = torch.device("cuda")
            report["device_name"] = torch.cuda.get_device_name(0)
        elif hasattr(torch, "npu") and torch.npu.is_available():
            device = torch.device("npu")
        else:
            device = torch.device("cpu")
        report["device"] = str(device)
        torch.manual_seed(7)
        x = torch.randn(256, 16, device=device)
        y = (x[:, :1] * 0.7 - x[:, 1:2] * 0.3).tanh()
        model = torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.Tanh(),
                                    torch.nn.Linear(32, 1)).to(device)
        opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
        losses = []
        start = time.perf_counter()
        for _ in range(steps):
            opt.zero_grad()
            loss = torch.nn.functional.mse_loss(model(x), y)
            loss.backward()
            opt.step()
            losses.append(float(loss.detach().cpu()))
        if device.type == "cuda":
            torch.cuda.synchronize()
            report["gpu_memory_bytes"] = torch.cuda.max_memory_allocated()
        report["seconds"] = time.perf_counter() - start
        fifth = max(1, steps // 5)
        first, last = sum(losses[:fifth]) / fifth, sum(losses[-fifth:]) / fifth
        report.update(steps=steps, first_loss=losses[0], last_loss=losses[-1],
                      passed=last < 0.8 * first)
        if not report["passed"]:
            report["error"] = "the torch loop's loss did not fall"
    except Exception as e:  # the message is the evidence: driver, library or framework
        report["error"] = f"{type(e).__name__}: {e}"
    print(json.dumps(report), flush=True)
    return 0 if report["passed"] else 1


if __name__ == "__main__":
    sys.exit(main())
