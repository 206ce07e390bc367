#!/usr/bin/env python3
"""Measures cuDNN's fused attention with a causal sliding window on one NVIDIA GPU, through JAX.

Run by hand on a GPU machine with JAX and its CUDA plugin; nothing in the build or tests uses it.
  XLA_PYTHON_CLIENT_PREALLOCATE=false python3 bench/gpu/window_probe.py OUT_DIR

PyTorch's SDPA has no sliding window; jax.nn.dot_product_attention(implementation="cudnn",
local_window_size=...) calls cuDNN's fused attention with one, the kernel family Transformer
Engine runs for Megatron-Core's windowed layers. GPT-OSS's shape (64 query heads, 8 key/value
heads of 64) and Llama's (32 of 128, 8 kv), causal, the whole sequence against windows of 1,024
and 128 keys (a query sees itself and the w - 1 keys before it); forward, and forward + backward
through jax.vjp. Efficiency counts the unmasked score elements' FLOPs (2 (d_qk + d_v) each
forward, 2.5x that backward). Writes OUT_DIR/window.json and prints each result.
"""
import json
import sys
import time

import jax
import jax.numpy as jnp

PEAK = 989e12  # H100 / H200 SXM dense BF16 (datasheets)


def gpu_ms(fn, args, iters=10, warm=3):
    """Mean milliseconds of fn(*args) over iters back-to-back calls, waited for at the end."""
    for _ in range(warm):
        jax.block_until_ready(fn(*args))
    t0 = time.perf_counter()
    out = None
    for _ in range(iters):
        out = fn(*args)
    jax.block_until_ready(out)
    return (time.perf_counter() - t0) * 1e3 / iters


def case(s, d, heads, kv_heads, w):
    b = max(1, 16384 // s)
    k0, k1, k2, k3 = jax.random.split(jax.random.PRNGKey(0), 4)
    q = jax.random.normal(k0, (b, s, heads, d), jnp.bfloat16)
    k = jax.random.normal(k1, (b, s, kv_heads, d), jnp.bfloat16)
    v = jax.random.normal(k2, (b, s, kv_heads, d), jnp.bfloat16)
    g = jax.random.normal(k3, (b, s, heads, d), jnp.bfloat16)
    window = None if w == 0 else (w - 1, 0)

    def attend(q, k, v):
        return jax.nn.dot_product_attention(q, k, v, is_causal=True, local_window_size=window,
                                            implementation="cudnn")

    def both(q, k, v, g):
        _, pullback = jax.vjp(attend, q, k, v)
        return pullback(g)

    fwd = jax.jit(attend)
    fb = jax.jit(both)
    tf = gpu_ms(fwd, (q, k, v))
    tb = gpu_ms(fb, (q, k, v, g)) - tf
    keys = s * (s + 1) / 2.0 if w == 0 else s * w - w * (w - 1) / 2.0  # unmasked, a head
    flops = 4.0 * b * heads * d * keys
    return {"batch": b, "fwd_ms": tf, "bwd_ms": tb, "unmasked_scores": b * heads * keys,
            "fwd_eff": flops / (tf * 1e-3) / PEAK, "bwd_eff": 2.5 * flops / (tb * 1e-3) / PEAK}


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else "."
    res = {"device": str(jax.devices()[0]), "jax": jax.__version__, "peak_assumed": PEAK,
           "window": {}}
    for name, (d, heads, kv) in {"gpt_oss": (64, 64, 8), "llama": (128, 32, 8)}.items():
        for s in (4096, 8192):
            for w in (0, 1024, 128):
                key = f"{name}_s{s}_w{w}"
                try:
                    r = case(s, d, heads, kv, w)
                except Exception as e:  # no cuDNN kernel for the shape
                    r = {"error": repr(e)[:400]}
                res["window"][key] = r
                print(key, json.dumps(r), flush=True)
                with open(f"{out_dir}/window.json", "w") as f:
                    json.dump(res, f, indent=1)


if __name__ == "__main__":
    main()
