#!/usr/bin/env python3
"""Measures the kernels of a mixture-of-experts layer and of windowed attention on one GPU.

Run by hand on a GPU machine (PyTorch 2.9 or later); nothing in the build or tests uses it.
  python3 bench/gpu/moe_probe.py OUT_DIR [gemms,permute,attention,window]

gemms: the routed experts' two GEMMs (SwiGLU's gate + up fused, then down) in bf16 at the shapes
the validation suite's MoE runs give one GPU (local experts, tokens per expert under balanced
routing), three ways: one grouped GEMM (torch._grouped_mm, the kernel Megatron-Core's grouped
experts and torchtitan use), a loop of one torch.mm per expert (Megatron-Core's SequentialMLP),
and one dense GEMM of the same total FLOPs. Forward, and forward + backward (data and weight
gradients) through autograd.
permute: the token copies gathered into expert order (index_select) and scattered back with the
router's weights (index_add_), as the alltoall dispatcher's permute and unpermute do: bytes moved
against the copy rate.
attention: cuDNN's fused attention (torch SDPA) at head dims 64 and 128 and MLA's 192 (Q, K) by
128 (V), causal, forward and backward.
window: FlexAttention (Triton), causal against a causal sliding window of 128 and 1,024 keys at
GPT-OSS's shape (64 query heads, 8 key/value heads of 64): does a windowed kernel keep the
efficiency of the full one on the blocks it computes?
Writes OUT_DIR/moe.json and prints each result as it comes.
"""
import json
import sys
import time

import torch
import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel

from timing import cuda_ms

DEV = "cuda"
BF16 = torch.bfloat16

# name: (local experts, tokens per expert, hidden, expert FFN). Tokens per expert = tokens a
# rank routes x top_k x ep / experts (balanced).
GEMM_CASES = {
    # DeepSeek-V3 (7,168, 256 experts of 2,048, top 8), EP 32: 8 local experts. MLPerf v6.0 GB200
    # (TP 2, ETP 1: 2,048 tokens a rank) and GB300 (TP 1: 4,096).
    "dsv3_ep32_tp2": (8, 2048, 7168, 2048),
    "dsv3_ep32_tp1": (8, 4096, 7168, 2048),
    # GPT-OSS 120B (2,880, 128 experts of 2,880, top 4), EP 64, micro-batch 4 x 4,096.
    "gpt_oss_120b_ep64": (2, 32768, 2880, 2880),
    # Qwen3 30B-A3B (2,048, 128 experts of 768, top 8), EP 8, 4,096 tokens: 16 local.
    "qwen3_30b_ep8": (16, 2048, 2048, 768),
    # Qwen3 235B-A22B (4,096, 128 experts of 1,536, top 8), EP 32, 4,096 tokens: 4 local.
    "qwen3_235b_ep32": (4, 8192, 4096, 1536),
    # Fine-grained experts at few tokens each.
    "small_256": (32, 256, 4096, 1024),
    "small_128": (64, 128, 2048, 768),
}


def gemm_case(E, me, h, fe):
    n1 = 2 * fe  # SwiGLU: gate and up in one GEMM
    T = E * me
    x = (torch.randn(T, h, device=DEV, dtype=BF16) * 0.5).requires_grad_()
    # Stored [E, out, in] as nn.Linear and torchtitan do, transposed for the product.
    w1 = (torch.randn(E, n1, h, device=DEV, dtype=BF16) * 0.02).requires_grad_()
    w2 = (torch.randn(E, h, fe, device=DEV, dtype=BF16) * 0.02).requires_grad_()
    offs = torch.arange(1, E + 1, device=DEV, dtype=torch.int32) * me
    y_in = torch.randn(T, fe, device=DEV, dtype=BF16) * 0.5  # the activation's output stand-in
    y_in.requires_grad_()
    g1 = torch.randn(T, n1, device=DEV, dtype=BF16)
    g2 = torch.randn(T, h, device=DEV, dtype=BF16)
    flops1 = 2.0 * T * h * n1
    flops2 = 2.0 * T * fe * h
    r = {"local_experts": E, "tokens_per_expert": me, "hidden": h, "expert_ffn": fe,
         "fwd_gflop": (flops1 + flops2) / 1e9}
    iters = 10

    def grouped_fwd():
        with torch.no_grad():
            torch._grouped_mm(x, w1.transpose(-2, -1), offs=offs)
            torch._grouped_mm(y_in, w2.transpose(-2, -1), offs=offs)

    def grouped_both():
        x.grad = w1.grad = w2.grad = y_in.grad = None
        a = torch._grouped_mm(x, w1.transpose(-2, -1), offs=offs)
        b = torch._grouped_mm(y_in, w2.transpose(-2, -1), offs=offs)
        torch.autograd.backward([a, b], [g1, g2])

    def loop_fwd():
        with torch.no_grad():
            for e in range(E):
                torch.mm(x[e * me:(e + 1) * me], w1[e].t())
                torch.mm(y_in[e * me:(e + 1) * me], w2[e].t())

    def loop_both():
        x.grad = w1.grad = w2.grad = y_in.grad = None
        outs, grads = [], []
        for e in range(E):
            outs.append(torch.mm(x[e * me:(e + 1) * me], w1[e].t()))
            grads.append(g1[e * me:(e + 1) * me])
            outs.append(torch.mm(y_in[e * me:(e + 1) * me], w2[e].t()))
            grads.append(g2[e * me:(e + 1) * me])
        torch.autograd.backward(outs, grads)

    dense_w1 = torch.randn(h, n1, device=DEV, dtype=BF16) * 0.02
    dense_w2 = torch.randn(fe, h, device=DEV, dtype=BF16) * 0.02

    def dense_fwd():
        torch.mm(x.detach(), dense_w1)
        torch.mm(y_in.detach(), dense_w2)

    for name, fwd, both in (("grouped", grouped_fwd, grouped_both), ("loop", loop_fwd, loop_both)):
        try:
            tf = cuda_ms(fwd, iters)
            tb = cuda_ms(both, iters) - tf
            r[name] = {"fwd_ms": tf, "bwd_ms": tb,
                       "fwd_tflops": (flops1 + flops2) / (tf * 1e-3) / 1e12,
                       "bwd_tflops": 2 * (flops1 + flops2) / (tb * 1e-3) / 1e12}
        except Exception as e:  # an unsupported shape or an older PyTorch
            r[name] = {"error": repr(e)[:300]}
    td = cuda_ms(dense_fwd, iters)
    r["dense"] = {"fwd_ms": td, "fwd_tflops": (flops1 + flops2) / (td * 1e-3) / 1e12}
    return r


def permute_case(tokens, top_k, h):
    """Gather of the token copies into expert order and the weighted scatter back."""
    x = torch.randn(tokens, h, device=DEV, dtype=BF16)
    idx = torch.randperm(tokens * top_k, device=DEV) % tokens  # each token top_k times, shuffled
    probs = torch.rand(tokens * top_k, 1, device=DEV, dtype=BF16)
    copies = x.index_select(0, idx)
    out = torch.zeros_like(x)

    def gather():
        x.index_select(0, idx)

    def scatter():
        out.zero_()
        out.index_add_(0, idx, copies * probs)

    tg = cuda_ms(gather, 10)
    ts = cuda_ms(scatter, 10)
    big = torch.empty(tokens * top_k, h, device=DEV, dtype=BF16)
    tc = cuda_ms(lambda: big.copy_(copies), 10)
    copy_bytes = 2.0 * 2 * tokens * top_k * h  # read + write of the copies
    return {"tokens": tokens, "top_k": top_k, "hidden": h, "gather_ms": tg,
            "scatter_ms": ts, "copy_ms": tc, "copies_read_write_bytes": copy_bytes,
            "copy_rate_tb_s": copy_bytes / (tc * 1e-3) / 1e12}


def sdpa_case(backend, s, dqk, dv, heads, b, peak):
    q = torch.randn(b, heads, s, dqk, device=DEV, dtype=BF16, requires_grad=True)
    k = torch.randn(b, heads, s, dqk, device=DEV, dtype=BF16, requires_grad=True)
    v = torch.randn(b, heads, s, dv, device=DEV, dtype=BF16, requires_grad=True)
    g = torch.randn(b, heads, s, dv, device=DEV, dtype=BF16)
    fwd_flops = 2.0 * b * heads * s * s * (dqk + dv) / 2  # causal half

    def fwd():
        with torch.no_grad():
            F.scaled_dot_product_attention(q, k, v, is_causal=True)

    def both():
        q.grad = k.grad = v.grad = None
        F.scaled_dot_product_attention(q, k, v, is_causal=True).backward(g)

    with sdpa_kernel([backend]):
        tf = cuda_ms(fwd, 10, warm=2)
        tb = cuda_ms(both, 10, warm=2) - tf
    return {"batch": b, "heads": heads, "fwd_ms": tf, "bwd_ms": tb,
            "fwd_eff": fwd_flops / (tf * 1e-3) / peak,
            "bwd_eff": 2.5 * fwd_flops / (tb * 1e-3) / peak}


def causal_window(w):
    if w == 0:
        def mask(b, h, q_idx, kv_idx):
            return q_idx >= kv_idx
    else:
        def mask(b, h, q_idx, kv_idx):
            return (q_idx >= kv_idx) & (q_idx - kv_idx < w)
    return mask


def window_cases(peak, res, save):
    from torch.nn.attention.flex_attention import create_block_mask, flex_attention
    # Each mask and grad mode compiles anew; the default limit of 8 falls back to an unfused path.
    torch._dynamo.config.recompile_limit = 64
    flex = torch.compile(flex_attention, dynamic=False)
    H, KV, d, b = 64, 8, 64, 1
    for s in (4096, 8192):
        q = torch.randn(b, H, s, d, device=DEV, dtype=BF16, requires_grad=True)
        k = torch.randn(b, KV, s, d, device=DEV, dtype=BF16, requires_grad=True)
        v = torch.randn(b, KV, s, d, device=DEV, dtype=BF16, requires_grad=True)
        g = torch.randn(b, H, s, d, device=DEV, dtype=BF16)
        for w in (0, 1024, 128):
            mask = causal_window(w)
            # unmasked score elements a head
            keys = s * (s + 1) / 2.0 if w == 0 else s * w - w * (w - 1) / 2.0
            bm = create_block_mask(mask, B=None, H=None, Q_LEN=s, KV_LEN=s, device=DEV)
            flops = 4.0 * b * H * d * keys  # QK^T and PV over the unmasked scores

            def fwd():
                with torch.no_grad():
                    flex(q, k, v, block_mask=bm, enable_gqa=True)

            def both():
                q.grad = k.grad = v.grad = None
                flex(q, k, v, block_mask=bm, enable_gqa=True).backward(g)

            key = f"flex_d{d}_s{s}_w{w}"
            try:
                t0 = time.time()
                tf = cuda_ms(fwd, 10, warm=2)
                tb = cuda_ms(both, 10, warm=2) - tf
                res[key] = {"fwd_ms": tf, "bwd_ms": tb, "unmasked_scores": b * H * keys,
                            "fwd_eff": flops / (tf * 1e-3) / peak,
                            "bwd_eff": 2.5 * flops / (tb * 1e-3) / peak,
                            "compile_and_run_s": time.time() - t0}
            except Exception as e:
                res[key] = {"error": repr(e)[:300]}
            print(key, json.dumps(res[key]), flush=True)
            save()


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else "."
    parts = sys.argv[2].split(",") if len(sys.argv) > 2 else ["gemms", "permute", "attention",
                                                              "window"]
    peak = 989e12  # H100 / H200 SXM dense BF16 (datasheets); the JSON keeps times
    res = {"device": torch.cuda.get_device_name(0), "torch": torch.__version__,
           "cudnn": torch.backends.cudnn.version(), "peak_assumed": peak}

    def save():
        with open(f"{out_dir}/moe.json", "w") as f:
            json.dump(res, f, indent=1)

    def record(table, key, measure):
        """Runs one measurement; an unsupported shape or backend records its error instead."""
        try:
            r = measure()
        except Exception as e:
            r = {"error": repr(e)[:300]}
        table[key] = r
        print(key, json.dumps(r), flush=True)
        torch.cuda.empty_cache()

    if "gemms" in parts:
        res["gemms"] = {}
        for name, (E, me, h, fe) in GEMM_CASES.items():
            record(res["gemms"], name, lambda: gemm_case(E, me, h, fe))
        save()
    if "permute" in parts:
        res["permute"] = {}
        for name, (t, k, h) in {"gpt_oss_120b": (16384, 4, 2880), "dsv3_tp1": (4096, 8, 7168),
                                "qwen3_30b": (4096, 8, 2048)}.items():
            record(res["permute"], name, lambda: permute_case(t, k, h))
        save()
    if "attention" in parts:
        res["attention"] = {}
        shapes = {"d64": (64, 64, 64), "d128": (128, 128, 32), "mla192x128": (192, 128, 32)}
        for bname, backend in {"cudnn": SDPBackend.CUDNN_ATTENTION,
                               "efficient": SDPBackend.EFFICIENT_ATTENTION}.items():
            for sname, (dqk, dv, heads) in shapes.items():
                for s in (4096, 8192):
                    record(res["attention"], f"{bname}_{sname}_s{s}",
                           lambda: sdpa_case(backend, s, dqk, dv, heads, max(1, 16384 // s), peak))
        save()
    if "window" in parts:
        res["window"] = {}
        try:
            window_cases(peak, res["window"], save)
        except Exception as e:
            res["window"]["error"] = repr(e)[:300]
        save()


if __name__ == "__main__":
    main()
