#!/usr/bin/env python3
"""Measures fused causal attention and the optimizer step on one NVIDIA GPU.

Run by hand on a GPU machine (PyTorch 2.5 or later); nothing in the build or tests uses it.
  python3 bench/gpu/attention_probe.py OUT_DIR

Attention: torch SDPA, causal, bf16, forward and forward + backward, for each backend PyTorch
offers (cuDNN's fused kernel, FlashAttention-2 as vendored by PyTorch, the memory-efficient
CUTLASS kernel), sequences 1K-64K, head dims 64 and 128. Efficiency counts causal FLOPs (half of
4 b H s^2 d forward; backward 2.5x the forward's), as docs/model.md does.
Optimizer: torch.optim.AdamW(fused=True) on fp32 parameters, fp32 gradients: HBM bytes moved per
parameter at the rate measured. Writes OUT_DIR/attention.json and prints it.
"""
import json
import sys

import torch
import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel

from timing import cuda_ms

DEV = "cuda"


def attention(backend, s, d, peak, dropout=0.0):
    heads = 4096 // d  # hidden 4,096
    b = max(1, 16384 // s)
    q, k, v = (torch.randn(b, heads, s, d, device=DEV, dtype=torch.bfloat16, requires_grad=True)
               for _ in range(3))
    g = torch.randn(b, heads, s, d, device=DEV, dtype=torch.bfloat16)
    fwd_flops = 4.0 * b * heads * s * s * d / 2

    def fwd():
        with torch.no_grad():
            F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=dropout)

    def both():
        q.grad = k.grad = v.grad = None
        F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=dropout).backward(g)

    iters = 3 if s >= 32768 else 10
    with sdpa_kernel([backend]):
        tf = cuda_ms(fwd, iters, warm=2)
        tb = cuda_ms(both, iters, warm=2) - tf
    return {"batch": b, "heads": heads, "fwd_ms": tf, "bwd_ms": tb,
            "fwd_eff": fwd_flops / (tf * 1e-3) / peak,
            "bwd_eff": 2.5 * fwd_flops / (tb * 1e-3) / peak}


def optimizer(n=1 << 28):
    p = torch.nn.Parameter(torch.randn(n, device=DEV))
    p.grad = torch.randn(n, device=DEV)
    opt = torch.optim.AdamW([p], lr=1e-4, fused=True)
    ms = cuda_ms(opt.step, 10)
    a = torch.empty(n, device=DEV)
    copy_ms = cuda_ms(lambda: a.copy_(p.grad), 10)
    hbm = 8.0 * n / (copy_ms * 1e-3)  # read + write, bytes/s
    return {"params": n, "step_ms": ms, "copy_bytes_per_s": hbm,
            "bytes_per_param_at_copy_rate": ms * 1e-3 * hbm / n}


def main():
    # attention_probe.py OUT_DIR [DROPOUT]: with a dropout probability (training-mode attention
    # dropout), sequences 2K-8K only and no optimizer.
    out_dir = sys.argv[1] if len(sys.argv) > 1 else "."
    dropout = float(sys.argv[2]) if len(sys.argv) > 2 else 0.0
    seqs = (1024, 2048, 4096, 8192, 16384, 32768, 65536) if dropout == 0 else (2048, 4096, 8192)
    peak = 989e12  # H100 SXM5 dense BF16 (datasheet); the JSON keeps times for other GPUs
    res = {"device": torch.cuda.get_device_name(0), "torch": torch.__version__,
           "peak_assumed": peak, "attention": {}}
    backends = {"cudnn": SDPBackend.CUDNN_ATTENTION, "flash2": SDPBackend.FLASH_ATTENTION,
                "efficient": SDPBackend.EFFICIENT_ATTENTION}
    for name, backend in backends.items():
        for d in (128, 64):
            for s in seqs:
                key = f"{name}_d{d}_s{s}"
                try:
                    r = attention(backend, s, d, peak, dropout)
                except Exception as e:
                    r = {"error": repr(e)[:200]}
                res["attention"][key] = r
                print(key, json.dumps(r), flush=True)
                torch.cuda.empty_cache()
    if dropout == 0:
        try:
            res["optimizer"] = optimizer()
        except Exception as e:
            res["optimizer"] = {"error": repr(e)[:200]}
        print(json.dumps(res["optimizer"]), flush=True)
    name = "attention.json" if dropout == 0 else f"attention_dropout{dropout:g}.json"
    with open(f"{out_dir}/{name}", "w") as f:
        json.dump(res, f, indent=1)


if __name__ == "__main__":
    main()
