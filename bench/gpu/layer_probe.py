#!/usr/bin/env python3
"""Measures, on one NVIDIA GPU, what clusterc's step model predicts for a transformer layer.

Run by hand on a GPU machine (PyTorch 2.4 or later); nothing in the build or tests uses it.
  python3 bench/gpu/layer_probe.py OUT_DIR

For each layer shape below (the short-layer validation cases and a control that the model fits),
a stack of identical bf16 layers (norm, QKV, causal SDPA, O, residual, norm, MLP, residual) is
timed forward + backward:
  eager_ms     CUDA-event time per layer, PyTorch eager
  graph_ms     the same work replayed as one CUDA graph: GPU time without host gaps
  issue_ms     host time to enqueue one layer's kernels while the GPU is held busy
  kernels      the profiler's kernel time per layer by kind (GEMM, attention, other)
Then the GEMMs of each shape one by one, forward, data gradient and weight gradient, in bf16
and (where the GPU has it) FP8 through torch._scaled_mm; the per-kernel launch cost; and a
whole GPT (Megatron-Core's 1.7B weak-scaling model) forward + backward per micro-batch.
Writes OUT_DIR/probe.json and prints it.
"""
import json
import sys
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

from timing import cuda_ms

DEV = "cuda"
DT = torch.bfloat16

# name: hidden, ffn (per GPU), query heads (per GPU), kv heads (per GPU), head dim, seq, micro,
# swiglu, rmsnorm, bias. "tp2" shapes are one tensor-parallel rank's share (no sequence parallel).
SHAPES = {
    "mc08_1_7b": (2048, 8192, 16, 16, 128, 4096, 1, False, False, True),
    "mc08_7_1b_tp2": (4096, 8192, 16, 16, 128, 4096, 1, False, False, True),
    "gpt3_5b_mb4": (4096, 16384, 32, 32, 128, 2048, 4, False, False, True),
    "llama3_8b_s8k": (4096, 14336, 32, 8, 128, 8192, 1, True, True, False),
    "mpt_7b_mb6": (4096, 16384, 32, 32, 128, 2048, 6, False, False, False),
    # The GPTS models' layers (heads of 64, 96 and 80), as the whole-model steps run them.
    "gpt_350m_mb8": (1024, 4096, 16, 16, 64, 2048, 8, False, False, True),
    "gpt_760m_mb8": (1536, 6144, 16, 16, 96, 2048, 8, False, False, True),
    "gpt_2_7b_mb4": (2560, 10240, 32, 32, 80, 2048, 4, False, False, True),
}


class Layer(nn.Module):
    def __init__(self, h, ffn, hq, hkv, d, swiglu, rms, bias, dropout=0.0):
        super().__init__()
        self.p = dropout
        norm = (lambda: nn.RMSNorm(h)) if rms else (lambda: nn.LayerNorm(h))
        self.hq, self.hkv, self.d, self.swiglu = hq, hkv, d, swiglu
        self.n1, self.n2 = norm(), norm()
        self.qkv = nn.Linear(h, (hq + 2 * hkv) * d, bias=bias)
        self.proj = nn.Linear(hq * d, h, bias=bias)
        self.fc1 = nn.Linear(h, ffn * (2 if swiglu else 1), bias=bias)
        self.fc2 = nn.Linear(ffn, h, bias=bias)

    def forward(self, x):
        b, s, _ = x.shape
        hq, hkv, d = self.hq, self.hkv, self.d
        q, k, v = self.qkv(self.n1(x)).split([hq * d, hkv * d, hkv * d], dim=-1)
        q = q.view(b, s, hq, d).transpose(1, 2)
        k = k.view(b, s, hkv, d).transpose(1, 2)
        v = v.view(b, s, hkv, d).transpose(1, 2)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=hq != hkv,
                                           dropout_p=self.p)
        x = x + F.dropout(self.proj(o.transpose(1, 2).reshape(b, s, hq * d)), self.p)
        z = self.fc1(self.n2(x))
        if self.swiglu:
            a, g = z.chunk(2, dim=-1)
            z = F.silu(a) * g
        else:
            z = F.gelu(z, approximate="tanh")
        return x + F.dropout(self.fc2(z), self.p)


def kind(name):
    n = name.lower()
    if any(t in n for t in ("flash", "fmha", "attention", "attn", "cudnn_generated", "sdpa")):
        return "attention"
    if any(t in n for t in ("gemm", "nvjet", "xmma", "cutlass", "sm90_", "sm80_", "matmul")):
        return "gemm"
    return "other"


def profile_kernels(fn, reps):
    from torch.profiler import ProfilerActivity, profile

    with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
        for _ in range(reps):
            fn()
        torch.cuda.synchronize()
    rows = []
    for e in prof.key_averages():
        if str(getattr(e, "device_type", "")).endswith("CUDA"):
            us = getattr(e, "self_device_time_total", None)
            if us is None:
                us = getattr(e, "self_cuda_time_total", 0)
            rows.append((e.key, e.count, us))
    return rows


def layer_stack(shape, n_layers, dropout=0.0, build_on_gpu=False):
    """n identical bf16 layers of `shape`, an input and an output gradient, and step(), one
    forward + backward of the stack. build_on_gpu initialises the weights on the GPU (faster)."""
    h, ffn, hq, hkv, d, s, b, swiglu, rms, bias = shape
    torch.manual_seed(0)
    with torch.device(DEV if build_on_gpu else "cpu"):
        layers = nn.Sequential(
            *[Layer(h, ffn, hq, hkv, d, swiglu, rms, bias, dropout) for _ in range(n_layers)])
    layers = layers.to(DEV, DT)
    x = torch.randn(b, s, h, device=DEV, dtype=DT, requires_grad=True)
    gout = torch.randn(b, s, h, device=DEV, dtype=DT)

    def step():
        layers.zero_grad(set_to_none=True)
        x.grad = None
        layers(x).backward(gout)

    return layers, x, gout, step


def probe_layer(name, shape, n_layers=6, dropout=0.0):
    layers, x, gout, step = layer_stack(shape, n_layers, dropout)
    r = {"shape": dict(zip(("hidden", "ffn", "hq", "hkv", "d", "seq", "micro", "swiglu", "rms",
                             "bias"), shape)), "layers": n_layers, "dropout": dropout}
    r["eager_ms"] = cuda_ms(step, 10) / n_layers
    # Host issue time: hold the GPU with a spin kernel so the host runs ahead.
    torch.cuda.synchronize()
    torch.cuda._sleep(int(3e9))
    t0 = time.perf_counter()
    step()
    r["issue_ms"] = (time.perf_counter() - t0) * 1e3 / n_layers
    torch.cuda.synchronize()
    rows = profile_kernels(step, 2)
    per = 2 * n_layers
    sums = {"gemm": 0.0, "attention": 0.0, "other": 0.0}
    count = 0
    for key, cnt, us in rows:
        sums[kind(key)] += us / 1e3 / per
        count += cnt
    r["kernels_ms"] = sums
    r["kernels_per_layer"] = count / per
    r["top_kernels"] = sorted(
        ({"name": k[:160], "count_per_layer": c / per, "ms_per_layer": us / 1e3 / per}
         for k, c, us in rows), key=lambda z: -z["ms_per_layer"])[:24]
    # Whole-stack CUDA graph of forward + backward: GPU time with no host gaps.
    try:
        side = torch.cuda.Stream()
        side.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(side):
            for _ in range(3):
                step()
        torch.cuda.current_stream().wait_stream(side)
        layers.zero_grad(set_to_none=True)
        x.grad = None
        g = torch.cuda.CUDAGraph()
        with torch.cuda.graph(g):
            layers(x).backward(gout)
        r["graph_ms"] = cuda_ms(g.replay, 10) / n_layers
        del g
    except Exception as e:  # keep the other measurements
        r["graph_error"] = repr(e)[:300]
    del layers, x, gout
    torch.cuda.empty_cache()
    return r


def gemm_rates(shape):
    """TFLOP/s of each linear layer's three GEMMs, as autograd issues them."""
    h, ffn, hq, hkv, d, s, b, swiglu, rms, bias = shape
    m = s * b
    out = {}
    for lname, (n, k) in {
        "qkv": ((hq + 2 * hkv) * d, h),
        "proj": (h, hq * d),
        "fc1": (ffn * (2 if swiglu else 1), h),
        "fc2": (h, ffn),
    }.items():
        X = torch.randn(m, k, device=DEV, dtype=DT)
        W = torch.randn(n, k, device=DEV, dtype=DT)
        dY = torch.randn(m, n, device=DEV, dtype=DT)
        flops = 2.0 * m * n * k
        res = {}
        res["fwd"] = flops / cuda_ms(lambda: X @ W.t(), 20) / 1e9
        res["dgrad"] = flops / cuda_ms(lambda: dY @ W, 20) / 1e9
        res["wgrad"] = flops / cuda_ms(lambda: dY.t() @ X, 20) / 1e9
        if hasattr(torch, "_scaled_mm") and torch.cuda.get_device_capability() >= (8, 9):
            try:
                f8 = torch.float8_e4m3fn
                Xf, Wf = X.to(f8), W.to(f8)
                one = torch.ones((), device=DEV, dtype=torch.float32)
                res["fp8_fwd"] = flops / cuda_ms(
                    lambda: torch._scaled_mm(Xf, Wf.t(), scale_a=one, scale_b=one,
                                             out_dtype=DT), 20) / 1e9
            except Exception as e:
                res["fp8_error"] = repr(e)[:200]
        out[lname] = {"m": m, "n": n, "k": k, "tflops": res}
        del X, W, dY
    torch.cuda.empty_cache()
    return out


def launch_cost():
    t = torch.zeros(1, device=DEV)
    torch.cuda.synchronize()
    n = 2000
    torch.cuda._sleep(int(3e9))
    t0 = time.perf_counter()
    for _ in range(n):
        t.add_(1)
    host_us = (time.perf_counter() - t0) * 1e6 / n
    torch.cuda.synchronize()
    gpu_us = cuda_ms(lambda: [t.add_(1) for _ in range(n)], 3) * 1e3 / n
    return {"host_us_per_launch": host_us, "gpu_us_per_tiny_kernel_back_to_back": gpu_us}


def whole_gpt(layers=24, h=2048, ffn=8192, heads=16, vocab=131072, s=4096, b=1):
    """Megatron-Core r0.8.0's 1.7B weak-scaling GPT, one micro-batch forward + backward."""
    torch.manual_seed(0)
    emb = nn.Embedding(vocab, h).to(DEV, DT)
    pos = nn.Embedding(s, h).to(DEV, DT)
    body = nn.Sequential(*[Layer(h, ffn, heads, heads, h // heads, False, False, True)
                           for _ in range(layers)]).to(DEV, DT)
    norm = nn.LayerNorm(h).to(DEV, DT)
    params = list(emb.parameters()) + list(pos.parameters()) + list(body.parameters()) + list(
        norm.parameters())
    tokens = torch.randint(0, vocab, (b, s), device=DEV)
    labels = torch.randint(0, vocab, (b, s), device=DEV)
    ids = torch.arange(s, device=DEV)

    def step():
        for p in params:
            p.grad = None
        x = emb(tokens) + pos(ids)
        logits = norm(body(x)) @ emb.weight.t()  # tied output head, as Megatron's default
        loss = F.cross_entropy(logits.float().view(-1, vocab), labels.view(-1))
        loss.backward()

    r = {"layers": layers, "hidden": h, "vocab": vocab, "seq": s, "micro": b,
         "parameters": sum(p.numel() for p in params)}
    r["eager_ms_per_microbatch"] = cuda_ms(step, 5, warm=2)
    r["max_memory_gib"] = torch.cuda.max_memory_allocated() / 2**30
    r["note"] = "compare with clusterc explain of the same model on one GPU"
    del emb, pos, body, norm, params
    torch.cuda.empty_cache()
    return r


# GPT-2/GPT-3-style models for the whole-model mode: layers, hidden, heads, vocabulary (GPT-2's,
# padded to 64), sequence, micro-batch. FFN 4 x hidden, tied embeddings, no dropout.
GPTS = {
    "gpt_350m": (24, 1024, 16, 50304, 2048, 8),
    "gpt_760m": (24, 1536, 16, 50304, 2048, 8),
    "gpt_1_3b": (24, 2048, 16, 50304, 2048, 8),
    "gpt_2_7b": (32, 2560, 32, 50304, 2048, 4),
}


def main_gpts(out_dir):
    res = {"device": torch.cuda.get_device_name(0), "torch": torch.__version__, "gpts": {}}
    for name, (layers, h, heads, vocab, s, b) in GPTS.items():
        try:
            r = whole_gpt(layers, h, 4 * h, heads, vocab, s, b)
        except Exception as e:
            r = {"error": repr(e)[:400]}
        res["gpts"][name] = r
        print(name, json.dumps(r), flush=True)
    with open(f"{out_dir}/gpts.json", "w") as f:
        json.dump(res, f, indent=1)


def main_compiled(out_dir, names):
    """Each shape's layers under torch.compile, which fuses the norms and the activation into
    Triton kernels as Transformer Engine and Megatron-LM's fusions do; GEMMs stay cuBLAS."""
    res = {"device": torch.cuda.get_device_name(0), "torch": torch.__version__, "layers": {}}
    for name in names:
        t0 = time.time()
        try:
            n_layers = 6
            layers, x, gout, step = layer_stack(SHAPES[name], n_layers, build_on_gpu=True)
            for i in range(n_layers):
                layers[i] = torch.compile(layers[i])
            r = {"eager_ms": cuda_ms(step, 10, warm=3) / n_layers}
            rows = profile_kernels(step, 2)
            sums = {"gemm": 0.0, "attention": 0.0, "other": 0.0}
            for key, cnt, us in rows:
                sums[kind(key)] += us / 1e3 / (2 * n_layers)
            r["kernels_ms"] = sums
            r["kernels_per_layer"] = sum(c for _, c, _ in rows) / (2 * n_layers)
            r["top_other"] = sorted(
                ({"name": k[:120], "ms_per_layer": us / 1e3 / (2 * n_layers)}
                 for k, c, us in rows if kind(k) == "other"), key=lambda z: -z["ms_per_layer"])[:12]
            del layers, x, gout
            torch.cuda.empty_cache()
        except Exception as e:
            r = {"error": repr(e)[:400]}
        res["layers"][name] = r
        print(name, f"{time.time() - t0:.1f}s", json.dumps(r), flush=True)
    with open(f"{out_dir}/compiled.json", "w") as f:
        json.dump(res, f, indent=1)


def main():
    # layer_probe.py OUT_DIR [DROPOUT [SHAPE,...]]: with a dropout probability, the attention
    # and both residual branches drop (Megatron-LM's attention_dropout and hidden_dropout), and
    # only the layers are timed. layer_probe.py OUT_DIR gpts: the whole GPTS models only.
    # layer_probe.py OUT_DIR compiled [SHAPE,...]: the layers under torch.compile only.
    out_dir = sys.argv[1] if len(sys.argv) > 1 else "."
    if len(sys.argv) > 2 and sys.argv[2] == "gpts":
        return main_gpts(out_dir)
    if len(sys.argv) > 2 and sys.argv[2] == "compiled":
        return main_compiled(out_dir, sys.argv[3].split(",") if len(sys.argv) > 3 else list(SHAPES))
    dropout = float(sys.argv[2]) if len(sys.argv) > 2 else 0.0
    only = sys.argv[3].split(",") if len(sys.argv) > 3 else list(SHAPES)
    p = torch.cuda.get_device_properties(0)
    res = {"device": p.name, "sms": p.multi_processor_count, "torch": torch.__version__,
           "cuda": torch.version.cuda, "cudnn": torch.backends.cudnn.version()}
    print(json.dumps(res), flush=True)
    if dropout == 0:
        res["launch"] = launch_cost()
        print(json.dumps(res["launch"]), flush=True)
    res["layers"], res["gemms"] = {}, {}
    for name in only:
        shape = SHAPES[name]
        t0 = time.time()
        try:
            res["layers"][name] = probe_layer(name, shape, dropout=dropout)
        except Exception as e:
            res["layers"][name] = {"error": repr(e)[:400]}
        if dropout == 0:
            try:
                res["gemms"][name] = gemm_rates(shape)
            except Exception as e:
                res["gemms"][name] = {"error": repr(e)[:400]}
        lr = res["layers"][name]
        print(name, f"{time.time() - t0:.1f}s", json.dumps(
            {k: lr.get(k) for k in ("eager_ms", "graph_ms", "issue_ms", "kernels_ms",
                                    "kernels_per_layer", "error", "graph_error")}), flush=True)
    if dropout == 0:
        try:
            res["gpt_1_7b"] = whole_gpt()
        except Exception as e:
            res["gpt_1_7b"] = {"error": repr(e)[:400]}
        print(json.dumps(res["gpt_1_7b"]), flush=True)
    name = "probe.json" if dropout == 0 else f"probe_dropout{dropout:g}.json"
    with open(f"{out_dir}/{name}", "w") as f:
        json.dump(res, f, indent=1)
    print(json.dumps(res["gemms"]), flush=True)


if __name__ == "__main__":
    main()
