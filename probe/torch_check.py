#!/usr/bin/env python3
"""onramp-probe's torch loop: the guides' "framework, driver and accelerator library agree".

Run by `onramp-probe environment` when torch is importable. Trains a small MLP on synthetic
data on the best device torch offers (cuda, then npu, then cpu) and prints one JSON object:
{"event": "torch", "version", "cuda", "device", "steps", "first_loss", "last_loss",
 "passed", "error"}. Exit 0 when the loss fell, 1 otherwise.
"""
import json
import sys
import time


def main():
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
