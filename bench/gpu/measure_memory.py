#!/usr/bin/env python3
"""Measure the peak GPU memory of small real training steps, for the estimator's cases.

Run by hand on a machine with a CUDA build of PyTorch (never in CI):

    python3 bench/gpu/measure_memory.py --out DIR

It trains GPT-2-shaped models (124M, 355M, 774M, 1.5B; the layer sizes of the
openai-community config.json files, weights randomly initialised: memory does not depend on
their values) for three optimizer steps each, and writes DIR/gpu-memory-cases.json: one case
per configuration in the format of ../shared/data/memory-cases.json, with
torch.cuda.max_memory_allocated() as the reported figure and max_memory_reserved() beside it.

What every configuration does, so that the estimator reads the case as it ran:
- the model: GPT-2 blocks as Hugging Face writes them (LayerNorm, fused QKV projection,
  GELU-tanh MLP of 4 x hidden, tied input and output embeddings, dropout 0.1 on embeddings,
  attention and residuals as GPT-2's config), attention through
  torch.nn.functional.scaled_dot_product_attention (causal; flash kernel on sm_80+ in 16 bits);
- the loss: logits over the whole vocabulary, upcast to fp32, torch cross entropy (no chunking);
  inputs and targets are two views of one sampled row, so there is no shifted-logits copy;
- "amp": fp32 weights, torch.autocast(bfloat16), fp32 gradients, AdamW states in fp32;
  "pure": model cast to bfloat16, gradients and AdamW states in bf16;
- the optimizer: torch.optim.AdamW with PyTorch's defaults (the multi-tensor foreach step);
- LoRA: rank 8, alpha 16, no LoRA dropout, on the fused QKV projection only (PEFT's default
  target for GPT-2), frozen base weights in the model's dtype;
- checkpointing: torch.utils.checkpoint around every block (use_reentrant=False), as Hugging
  Face's gradient_checkpointing_enable() does.
"""

import argparse
import contextlib
import gc
import json
import math
import os
import platform
import sys
import time

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.checkpoint import checkpoint

GIB = float(1 << 30)

# openai-community/gpt2*/config.json: n_layer, n_embd, n_head; vocab 50257, 1024 positions.
SHAPES = {
    "gpt2": (12, 768, 12),
    "gpt2-medium": (24, 1024, 16),
    "gpt2-large": (36, 1280, 20),
    "gpt2-xl": (48, 1600, 25),
}
VOCAB = 50257
POSITIONS = 1024
DROPOUT = 0.1

# Llama-family shapes from their config.json: layers, hidden, heads, kv heads, ffn, vocab,
# tied embeddings, RoPE theta.
LLAMA_SHAPES = {
    "qwen2.5-0.5b": (24, 896, 14, 2, 4864, 151936, True, 1e6),
    "llama-3.2-1b": (16, 2048, 32, 8, 8192, 128256, True, 5e5),
    "llama-3.2-3b": (28, 3072, 24, 8, 8192, 128256, True, 5e5),
    "llama-2-7b": (32, 4096, 32, 32, 11008, 32000, False, 1e4),
    "llama-3-8b": (32, 4096, 32, 8, 14336, 128256, False, 5e5),
}

EAGER = False  # set per configuration: GPT-2's eager attention as Hugging Face writes it


class LoRALinear(nn.Module):
    def __init__(self, base: nn.Linear, rank: int, alpha: int):
        super().__init__()
        self.base = base
        self.base.weight.requires_grad_(False)
        if self.base.bias is not None:
            self.base.bias.requires_grad_(False)
        dtype = base.weight.dtype
        dev = base.weight.device
        self.a = nn.Parameter(torch.empty(rank, base.in_features, dtype=dtype, device=dev))
        self.b = nn.Parameter(torch.zeros(base.out_features, rank, dtype=dtype, device=dev))
        nn.init.kaiming_uniform_(self.a, a=math.sqrt(5))
        self.scale = alpha / rank

    def forward(self, x):
        return self.base(x) + F.linear(F.linear(x, self.a), self.b) * self.scale


class Block(nn.Module):
    def __init__(self, hidden: int, heads: int):
        super().__init__()
        self.heads = heads
        self.ln_1 = nn.LayerNorm(hidden, eps=1e-5)
        self.c_attn = nn.Linear(hidden, 3 * hidden)
        self.attn_proj = nn.Linear(hidden, hidden)
        self.ln_2 = nn.LayerNorm(hidden, eps=1e-5)
        self.c_fc = nn.Linear(hidden, 4 * hidden)
        self.mlp_proj = nn.Linear(4 * hidden, hidden)

    def forward(self, x):
        b, s, h = x.shape
        q, k, v = self.c_attn(self.ln_1(x)).split(h, dim=2)
        q, k, v = (t.view(b, s, self.heads, h // self.heads).transpose(1, 2) for t in (q, k, v))
        if EAGER:  # Hugging Face's GPT-2 eager_attention_forward
            w = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(v.size(-1))
            causal = torch.ones(s, s, dtype=torch.bool, device=x.device).tril()
            w = torch.where(causal, w, torch.finfo(w.dtype).min)
            w = F.softmax(w, dim=-1).type(v.dtype)
            y = torch.matmul(F.dropout(w, DROPOUT, self.training), v)
        else:
            y = F.scaled_dot_product_attention(
                q, k, v, dropout_p=DROPOUT if self.training else 0.0, is_causal=True)
        y = y.transpose(1, 2).contiguous().view(b, s, h)
        x = x + F.dropout(self.attn_proj(y), DROPOUT, self.training)
        y = self.mlp_proj(F.gelu(self.c_fc(self.ln_2(x)), approximate="tanh"))
        return x + F.dropout(y, DROPOUT, self.training)


class RMSNorm(nn.Module):
    def __init__(self, hidden: int, eps: float = 1e-5):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(hidden))
        self.eps = eps

    def forward(self, x):  # as Hugging Face's LlamaRMSNorm: in fp32, back to the input dtype
        dtype = x.dtype
        x = x.float()
        x = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)
        return self.weight * x.to(dtype)


def rotate_half(x):
    a, b = x.chunk(2, dim=-1)
    return torch.cat((-b, a), dim=-1)


class LlamaBlock(nn.Module):
    def __init__(self, hidden, heads, kv_heads, ffn):
        super().__init__()
        self.heads, self.kv_heads, self.head_dim = heads, kv_heads, hidden // heads
        self.input_layernorm = RMSNorm(hidden)
        self.q_proj = nn.Linear(hidden, heads * self.head_dim, bias=False)
        self.k_proj = nn.Linear(hidden, kv_heads * self.head_dim, bias=False)
        self.v_proj = nn.Linear(hidden, kv_heads * self.head_dim, bias=False)
        self.o_proj = nn.Linear(heads * self.head_dim, hidden, bias=False)
        self.post_attention_layernorm = RMSNorm(hidden)
        self.gate_proj = nn.Linear(hidden, ffn, bias=False)
        self.up_proj = nn.Linear(hidden, ffn, bias=False)
        self.down_proj = nn.Linear(ffn, hidden, bias=False)

    def forward(self, x, cos, sin):
        b, s, _ = x.shape
        h = self.input_layernorm(x)
        q = self.q_proj(h).view(b, s, self.heads, self.head_dim).transpose(1, 2)
        k = self.k_proj(h).view(b, s, self.kv_heads, self.head_dim).transpose(1, 2)
        v = self.v_proj(h).view(b, s, self.kv_heads, self.head_dim).transpose(1, 2)
        q = q * cos + rotate_half(q) * sin
        k = k * cos + rotate_half(k) * sin
        rep = self.heads // self.kv_heads  # Hugging Face's repeat_kv before SDPA
        k = k[:, :, None].expand(b, self.kv_heads, rep, s, self.head_dim).reshape(
            b, self.heads, s, self.head_dim)
        v = v[:, :, None].expand(b, self.kv_heads, rep, s, self.head_dim).reshape(
            b, self.heads, s, self.head_dim)
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.o_proj(y.transpose(1, 2).reshape(b, s, -1))
        h = self.post_attention_layernorm(x)
        return x + self.down_proj(F.silu(self.gate_proj(h)) * self.up_proj(h))


class Llama(nn.Module):
    def __init__(self, shape, checkpointing: bool):
        super().__init__()
        layers, hidden, heads, kv_heads, ffn, vocab, tied, theta = shape
        self.embed_tokens = nn.Embedding(vocab, hidden)
        self.layers = nn.ModuleList(LlamaBlock(hidden, heads, kv_heads, ffn)
                                    for _ in range(layers))
        self.norm = RMSNorm(hidden)
        self.lm_head = None if tied else nn.Linear(hidden, vocab, bias=False)
        self.head_dim, self.theta = hidden // heads, theta
        self.checkpointing = checkpointing

    def forward(self, idx):
        s = idx.shape[1]
        inv = 1.0 / (self.theta ** (torch.arange(0, self.head_dim, 2, device=idx.device,
                                                  dtype=torch.float32) / self.head_dim))
        freqs = torch.outer(torch.arange(s, device=idx.device, dtype=torch.float32), inv)
        emb = torch.cat((freqs, freqs), dim=-1)
        x = self.embed_tokens(idx)
        cos, sin = emb.cos().to(x.dtype), emb.sin().to(x.dtype)
        for layer in self.layers:
            if self.checkpointing and self.training:
                x = checkpoint(layer, x, cos, sin, use_reentrant=False)
            else:
                x = layer(x, cos, sin)
        w = self.embed_tokens.weight if self.lm_head is None else self.lm_head.weight
        return F.linear(self.norm(x), w)


class GPT2(nn.Module):
    def __init__(self, layers: int, hidden: int, heads: int, checkpointing: bool):
        super().__init__()
        self.wte = nn.Embedding(VOCAB, hidden)
        self.wpe = nn.Embedding(POSITIONS, hidden)
        self.blocks = nn.ModuleList(Block(hidden, heads) for _ in range(layers))
        self.ln_f = nn.LayerNorm(hidden, eps=1e-5)
        self.checkpointing = checkpointing

    def forward(self, idx):
        pos = torch.arange(idx.shape[1], device=idx.device)
        x = F.dropout(self.wte(idx) + self.wpe(pos), DROPOUT, self.training)
        for block in self.blocks:
            if self.checkpointing and self.training:
                x = checkpoint(block, x, use_reentrant=False)
            else:
                x = block(x)
        return F.linear(self.ln_f(x), self.wte.weight)  # tied output embedding


def measure(cfg, device, steps):
    global EAGER
    EAGER = cfg.get("attention") == "eager"
    torch.manual_seed(0)
    llama = cfg["model"] in LLAMA_SHAPES
    vocab = LLAMA_SHAPES[cfg["model"]][5] if llama else VOCAB
    # Built on the card (fast for billions of parameters); CPU where torch.device is no context.
    with device if hasattr(device, "__enter__") else contextlib.nullcontext():
        if llama:
            model = Llama(LLAMA_SHAPES[cfg["model"]], cfg["checkpointing"])
        else:
            model = GPT2(*SHAPES[cfg["model"]], cfg["checkpointing"])
    if cfg["precision"] == "pure":
        model = model.to(torch.bfloat16)
    if cfg["method"] == "lora":
        for p in model.parameters():
            p.requires_grad_(False)
        if llama:  # PEFT's and torchtune's default targets for Llama: q_proj and v_proj
            for layer in model.layers:
                layer.q_proj = LoRALinear(layer.q_proj, 8, 16)
                layer.v_proj = LoRALinear(layer.v_proj, 8, 16)
        else:
            for block in model.blocks:
                block.c_attn = LoRALinear(block.c_attn, 8, 16)
    params = sum(p.numel() for p in model.parameters())
    trainable = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.AdamW(trainable, lr=1e-4)
    model.train()
    gc.collect()
    torch.cuda.synchronize()
    torch.cuda.empty_cache()
    torch.cuda.reset_peak_memory_stats()
    start_alloc = torch.cuda.memory_allocated()
    b, s = cfg["batch"], cfg["seq"]
    times = []
    for _ in range(steps):
        t0 = time.perf_counter()
        row = torch.randint(0, vocab, (b, s + 1), device=device)
        inputs, targets = row[:, :-1], row[:, 1:]
        with torch.autocast("cuda", dtype=torch.bfloat16, enabled=cfg["precision"] == "amp"):
            logits = model(inputs)
        loss = F.cross_entropy(logits.float().reshape(-1, vocab), targets.reshape(-1))
        del logits
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
        torch.cuda.synchronize()
        times.append(time.perf_counter() - t0)
    out = {
        "params": params,
        "trainable": sum(p.numel() for p in trainable),
        "weights_gib": start_alloc / GIB,
        "peak_allocated_gib": torch.cuda.max_memory_allocated() / GIB,
        "peak_reserved_gib": torch.cuda.max_memory_reserved() / GIB,
        "step_seconds": sorted(times)[len(times) // 2],
    }
    del model, opt, trainable
    gc.collect()
    torch.cuda.empty_cache()
    return out


CONFIGS = [
    # model, method, precision, batch, seq, checkpointing
    ("gpt2", "full", "amp", 8, 512, False),
    ("gpt2", "full", "amp", 8, 1024, False),
    ("gpt2", "full", "amp", 8, 1024, True),
    ("gpt2", "full", "pure", 8, 1024, False),
    ("gpt2", "lora", "amp", 8, 512, False),
    ("gpt2", "lora", "amp", 8, 1024, False),
    ("gpt2", "lora", "amp", 8, 1024, True),
    ("gpt2-medium", "full", "amp", 8, 1024, False),
    ("gpt2-large", "full", "amp", 4, 1024, True),
    ("gpt2-xl", "full", "amp", 4, 1024, True),
    ("gpt2-xl", "full", "amp", 2, 1024, False),
    ("gpt2-xl", "lora", "pure", 4, 1024, False),
]

LLAMA_CONFIGS = [
    ("llama-3.2-1b", "full", "pure", 2, 2048, False),
    ("llama-3.2-1b", "full", "pure", 2, 4096, False),
    ("llama-3.2-1b", "full", "pure", 2, 4096, True),
    ("llama-3.2-1b", "lora", "pure", 2, 4096, False),
    ("llama-3.2-1b", "lora", "pure", 2, 4096, True),
    ("llama-3.2-1b", "full", "amp", 2, 2048, False),
    ("qwen2.5-0.5b", "full", "pure", 4, 2048, False),
    ("llama-3.2-3b", "full", "pure", 2, 4096, True),
    ("llama-3.2-3b", "lora", "pure", 2, 4096, False),
    ("llama-3.2-3b", "full", "pure", 1, 4096, False),
]

# Second pass (2026-12-04): GPT-2's eager attention, and 7B/8B scale.
MORE_CONFIGS = [
    ("gpt2", "full", "amp", 8, 512, False, "eager"),
    ("gpt2", "full", "amp", 8, 1024, False, "eager"),
    ("gpt2", "lora", "amp", 8, 1024, False, "eager"),
    ("llama-2-7b", "full", "pure", 1, 2048, True),
    ("llama-2-7b", "full", "pure", 1, 2048, False),
    ("llama-2-7b", "lora", "pure", 2, 2048, False),
    ("llama-3-8b", "lora", "pure", 1, 4096, True),
    ("llama-3-8b", "full", "pure", 1, 4096, True),
]

NAMES = {"gpt2": "GPT-2 124M", "gpt2-medium": "GPT-2 Medium 355M",
         "gpt2-large": "GPT-2 Large 774M", "gpt2-xl": "GPT-2 XL 1.5B",
         "qwen2.5-0.5b": "Qwen2.5 0.5B", "llama-3.2-1b": "Llama 3.2 1B",
         "llama-3.2-3b": "Llama 3.2 3B", "llama-2-7b": "Llama 2 7B",
         "llama-3-8b": "Llama 3 8B"}


def as_case(cfg, r, env, steps):
    eager = cfg.get("attention") == "eager"
    tag = "{model}-{method}-{precision}-b{batch}-s{seq}{ck}{ea}".format(
        ck="-ckpt" if cfg["checkpointing"] else "", ea="-eager" if eager else "", **cfg)
    precision = ("bf16 mixed (AMP): fp32 weights, torch.autocast bfloat16, fp32 gradients"
                 if cfg["precision"] == "amp" else
                 "bf16 (pure): weights, gradients and AdamW states in bfloat16")
    llama = cfg["model"] in LLAMA_SHAPES
    if cfg["method"] != "lora":
        method = "full"
    elif llama:
        method = "lora r=8 alpha 16 on q_proj and v_proj only"
    else:
        method = "lora r=8 alpha 16 on the fused qkv projection (c_attn) only"
    shape = ("RMSNorm, RoPE, grouped-query attention repeated to every head before SDPA "
             "(Hugging Face's repeat_kv), SwiGLU MLP, %s, no dropout"
             % ("tied embeddings" if LLAMA_SHAPES[cfg["model"]][6] else "separate output head")
             if llama else "dropout 0.1, " + (
                 "eager attention (Hugging Face's eager_attention_forward: fp32 softmax, "
                 "cast to bf16, dropout)" if eager else "SDPA attention"))
    return {
        "id": "h200-" + tag,
        "source": "Onramp bench/gpu/measure_memory.py on {gpu}, torch {torch}, {date}".format(**env),
        "source_url": "bench/gpu/measure_memory.py",
        "kind": "measured",
        "params_b": round(r["params"] / 1e9, 4),
        "precision": precision,
        "optimizer": "torch.optim.AdamW, PyTorch defaults (foreach step)",
        "method": method,
        "sharding": "none",
        "n_gpus": 1,
        "micro_batch": cfg["batch"],
        "seq_len": cfg["seq"],
        "grad_checkpointing": cfg["checkpointing"],
        "reported_gb_per_gpu": round(r["peak_allocated_gib"], 3),
        "reported_as": "torch.cuda.max_memory_allocated() over %d optimizer steps" % steps,
        "unit": "GiB",
        "gpu": env["gpu"],
        "location": "run of {date}".format(**env),
        "notes": ("{name} shape ({params:.1f} M parameters, {trainable:.2f} M trained), random "
                  "weights, {shape}, whole fp32 logits for the loss. "
                  "max_memory_reserved() {reserved:.3f} GiB; weights on the card before the "
                  "first step {weights:.3f} GiB; median step {step:.3f} s.").format(
                      name=NAMES[cfg["model"]], shape=shape, params=r["params"] / 1e6,
                      trainable=r["trainable"] / 1e6, reserved=r["peak_reserved_gib"],
                      weights=r["weights_gib"], step=r["step_seconds"]),
        "peak_reserved_gib": round(r["peak_reserved_gib"], 3),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.environ.get("OUT", "."))
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--only", type=int, default=0, help="measure only the first N configurations")
    ap.add_argument("--family", choices=["gpt2", "llama", "more", "all"], default="all")
    args = ap.parse_args()
    if not torch.cuda.is_available():
        print("no CUDA device visible to torch", torch.__version__, file=sys.stderr)
        return 2
    device = torch.device("cuda")
    props = torch.cuda.get_device_properties(device)
    env = {
        "gpu": "{} {:.0f} GiB, sm_{}{}".format(props.name, props.total_memory / GIB,
                                                props.major, props.minor),
        "torch": torch.__version__,
        "cuda": torch.version.cuda,
        "date": time.strftime("%Y-%m-%d"),
        "python": platform.python_version(),
    }
    torch.zeros(1, device=device)
    free, total = torch.cuda.mem_get_info()
    env["context_gib"] = (total - free) / GIB
    print("ENV", json.dumps(env), flush=True)
    cases, failures = [], []
    configs = {"gpt2": CONFIGS, "llama": LLAMA_CONFIGS, "more": MORE_CONFIGS,
               "all": CONFIGS + LLAMA_CONFIGS + MORE_CONFIGS}[args.family]
    configs = configs[: args.only] if args.only else configs
    for model, method, precision, batch, seq, ck, *attention in configs:
        cfg = dict(model=model, method=method, precision=precision, batch=batch, seq=seq,
                   checkpointing=ck, attention=attention[0] if attention else "sdpa")
        try:
            r = measure(cfg, device, args.steps)
        except Exception as e:  # an OOM or a kernel missing: record it, go on
            failures.append({"config": cfg, "error": repr(e)[:400]})
            print("FAIL", json.dumps(cfg), repr(e)[:200], flush=True)
            gc.collect()
            torch.cuda.empty_cache()
            continue
        case = as_case(cfg, r, env, args.steps)
        cases.append(case)
        print("CASE {id} allocated={reported_gb_per_gpu} reserved={peak_reserved_gib}".format(
            **case), flush=True)
        os.makedirs(args.out, exist_ok=True)
        with open(os.path.join(args.out, "gpu-memory-%s.json" % args.family), "w") as f:
            json.dump({"env": env, "cases": cases, "failures": failures}, f, indent=1)
    return 0 if cases and not failures else 1


if __name__ == "__main__":
    sys.exit(main())
