#!/bin/bash
# One prepared run on a lent GPU machine (the `device` tool), never in CI: finds a Python
# with a CUDA build of PyTorch and measures bench/gpu/measure_memory.py's configurations.
set -u
out=${OUT:-/tmp/gpu-out}
mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv 2>&1 | tee "$out/nvidia-smi.txt"
py=""
for p in python3 python /opt/conda/bin/python /usr/local/bin/python3 /usr/bin/python3; do
    if command -v "$p" >/dev/null 2>&1 && "$p" -c "import torch, sys; sys.exit(0 if torch.cuda.is_available() else 1)" 2>/dev/null; then
        py=$p
        break
    fi
done
if [ -z "$py" ]; then
    echo "no Python with a CUDA build of PyTorch here" | tee "$out/no-torch.txt"
    for p in python3 python; do command -v "$p" && "$p" -m pip list 2>/dev/null | head -50; done
    exit 3
fi
"$py" -c "import torch; print('torch', torch.__version__, 'cuda', torch.version.cuda)"
"$py" bench/gpu/measure_memory.py --out "$out" "$@"
