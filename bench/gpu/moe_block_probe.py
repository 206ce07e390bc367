#!/usr/bin/env python3
"""Times the routed experts' element-wise work as Megatron-Core's TEGroupedMLP runs it unfused.

Run by hand on a GPU machine (PyTorch 2.9 or later) with a Megatron-LM checkout on PYTHONPATH;
nothing in the build or tests uses it. Transformer Engine is not needed: the probe calls
Megatron-Core's own activation functions (megatron/core/fusions, under its jit_fuser,
torch.compile) and TEGroupedMLP._apply_bias, and stands torch._grouped_mm in for Transformer
Engine's grouped GEMMs.
  PYTHONPATH=MEGATRON_LM:bench/gpu python3 bench/gpu/moe_block_probe.py OUT_DIR \
      [act,bias,block,autograd,widths]

act: the activation over the first grouped GEMM's output as TEGroupedMLP's bias_act_func calls it
with bias_activation_fusion: GPT-OSS's weighted_bias_quick_geglu_impl (clamp 7, linear offset 1;
the first layer's bias rides its GEMM, skip_bias_add=False, so none reaches the activation),
SwiGLU models' weighted_bias_swiglu_impl; the router's probabilities in the dtype the model's
router gives them (CASES) and in the other.
bias: TEGroupedMLP._apply_bias, the second layer's biases scaled by the probabilities expert by
expert (its eager path: torch.split, t + b * p, torch.cat).
block: the experts' whole block forward + backward in eager PyTorch, as TEGroupedMLP.forward
orders it: tokens_per_expert read to the host (.tolist(), a synchronisation), grouped GEMM,
activation, grouped GEMM, bias. CUDA-event time against the profiler's kernel time: the
difference is time the GPU waited on the host.
autograd: a chain of small element-wise operations through autograd, the host's time per kernel
forward and backward.
widths: the weighted SwiGLU's kernels at expert widths 768-4,096 (32,768 copies), the act
part's measurement.
Each part gives forward and forward + backward times (backward = the difference) and the kernels
one iteration ran; act and bias also the bytes the operations move as clusterc counted them until
round 50 (`clusterc_bytes_*`, `clusterc_ops_*`; layer_model.cpp charges the measured time since).
Writes OUT_DIR/moe_block.json and prints each result as it comes.
"""
import json
import sys

import torch

from layer_probe import profile_kernels
from timing import cuda_ms

DEV = "cuda"
BF16 = torch.bfloat16

# name: (local experts, tokens per expert, hidden, expert FFN, activation, the router's
# probabilities' dtype). Tokens per expert = tokens a rank routes x top_k x ep / experts
# (balanced), as moe_probe.py's GEMM_CASES. The router computes in the input's dtype unless
# moe_router_dtype says otherwise (megatron/core/transformer/moe/router.py): Megatron-Bridge's
# DeepSeek-V3 bridge sets "fp32", its GPT-OSS and Qwen3 bridges nothing (bf16 probabilities).
# The act and bias parts also run the other dtype, keyed NAME_fp32 or NAME_bf16.
CASES = {
    # GPT-OSS 120B (128 experts, top 4), Megatron-Bridge 26.02 on 64 H100: EP 8, 4,096 tokens.
    "gpt_oss_120b_ep8": (16, 1024, 2880, 2880, "quick_geglu", BF16),
    # The same on 64 GB200: EP 64, micro-batch 4 x 4,096 tokens.
    "gpt_oss_120b_ep64": (2, 32768, 2880, 2880, "quick_geglu", BF16),
    # Qwen3 30B-A3B (128 experts of 768, top 8), EP 8, 4,096 tokens.
    "qwen3_30b_ep8": (16, 2048, 2048, 768, "swiglu", BF16),
    # DeepSeek-V3 (256 experts of 2,048, top 8), EP 32, 4,096 tokens.
    "dsv3_ep32": (8, 4096, 7168, 2048, "swiglu", torch.float32),
    # GPT-OSS at 4 local experts (120B at EP 32, 20B at EP 8), 4,096 copies each.
    "gpt_oss_e4": (4, 4096, 2880, 2880, "quick_geglu", BF16),
}
OTHER = {BF16: torch.float32, torch.float32: BF16}
# The bias part's further shapes at GPT-OSS's width (bf16 probabilities): local experts x token
# copies each. Few copies leave the GPU waiting on the host (the loop's host time per kernel);
# many, the host waiting on the GPU (its bytes).
BIAS_SHAPES = {"e32_c256": (32, 256), "e16_c128": (16, 128), "e8_c256": (8, 256),
               "e4_c16384": (4, 16384), "e8_c8192": (8, 8192)}


def kernels_of(fn, detail=None):
    """Kernels and their summed time (ms) in one call of fn, by the profiler; with detail (a
    dict), each kernel's name, count and microseconds under detail["kernels"]."""
    fn()
    torch.cuda.synchronize()
    rows = profile_kernels(fn, 1)
    if detail is not None:
        detail["kernels"] = [(name[:90], c, round(us, 1)) for name, c, us in rows]
    return sum(c for _, c, _ in rows), sum(us for _, _, us in rows) / 1e3


def activation(kind):
    from megatron.core.fusions.fused_bias_geglu import weighted_bias_quick_geglu_impl
    from megatron.core.fusions.fused_bias_swiglu import weighted_bias_swiglu_impl

    # Each case compiles afresh: a second shape would otherwise recompile with the changed
    # dimension dynamic, and Inductor's kernels for a dynamic width ran 3x slower than a
    # training run's, whose layers compile once per width (round 50's first runs).
    torch._dynamo.reset()

    if kind == "quick_geglu":
        return lambda y, p: weighted_bias_quick_geglu_impl(y, None, p, False, 1.0, 7.0)
    return lambda y, p: weighted_bias_swiglu_impl(y, None, p, False, None)


def act_case(E, me, h, fe, kind, pdt):
    act = activation(kind)
    T = E * me
    y = (torch.randn(T, 2 * fe, device=DEV, dtype=BF16) * 4).requires_grad_()
    p = torch.rand(T, 1, device=DEV, dtype=pdt).requires_grad_()
    g = torch.randn(T, fe, device=DEV, dtype=BF16)

    def fwd():
        with torch.no_grad():
            act(y, p)

    def both():
        y.grad = p.grad = None
        act(y, p).backward(g)

    tf = cuda_ms(fwd, 20)
    tb = cuda_ms(both, 20) - tf
    detail = {}
    kf, _ = kernels_of(fwd)
    kb, _ = kernels_of(both, detail)
    e = float(T * fe)  # elements of the activation's output
    # clusterc: the fused kernel 3 x 2 bytes an element forward (two inputs, one output), twice
    # that backward; the clamp (GPT-OSS) 16 forward and 30 backward.
    model_fwd = 6 * e + (16 * e if kind == "quick_geglu" else 0)
    model_bwd = 12 * e + (30 * e if kind == "quick_geglu" else 0)
    return {"tokens": T, "fwd_ms": tf, "bwd_ms": tb, "kernels_fwd": kf, "kernels_fwd_bwd": kb,
            "clusterc_bytes_fwd": model_fwd, "clusterc_bytes_bwd": model_bwd,
            "rate_at_clusterc_bytes_tb_s": [model_fwd / tf / 1e9, model_bwd / tb / 1e9], **detail}


def bias_case(E, me, h, pdt):
    from megatron.core.transformer.moe.experts import TEGroupedMLP

    T = E * me
    out = torch.randn(T, h, device=DEV, dtype=BF16).requires_grad_()
    biases = [torch.randn(h, device=DEV, dtype=BF16).requires_grad_() for _ in range(E)]
    p = torch.rand(T, 1, device=DEV, dtype=pdt).requires_grad_()
    counts = [me] * E
    g = torch.randn(T, h, device=DEV, dtype=BF16)

    def fwd():
        with torch.no_grad():
            TEGroupedMLP._apply_bias(out, biases, counts, p)

    def both():
        out.grad = p.grad = None
        for b in biases:
            b.grad = None
        TEGroupedMLP._apply_bias(out, biases, counts, p).backward(g)

    tf = cuda_ms(fwd, 20)
    tb = cuda_ms(both, 20) - tf
    detail = {}
    kf, kf_ms = kernels_of(fwd)
    kb, kb_ms = kernels_of(both, detail)
    e = float(T * h)
    return {"tokens": T, "fwd_ms": tf, "bwd_ms": tb, "kernels_fwd": kf, "kernels_fwd_bwd": kb,
            "kernel_ms_fwd": kf_ms, "kernel_ms_fwd_bwd": kb_ms, **detail,
            "clusterc_bytes_fwd": 12 * e, "clusterc_bytes_bwd": 16 * e,
            "clusterc_ops_fwd": 2 * E + 1, "clusterc_ops_bwd": 4 * E + 2}


def block_case(E, me, h, fe, kind, pdt):
    act = activation(kind)
    T = E * me
    x = (torch.randn(T, h, device=DEV, dtype=BF16) * 0.5).requires_grad_()
    w1 = (torch.randn(E, 2 * fe, h, device=DEV, dtype=BF16) * 0.02).requires_grad_()
    w2 = (torch.randn(E, h, fe, device=DEV, dtype=BF16) * 0.02).requires_grad_()
    p = torch.rand(T, device=DEV, dtype=pdt).requires_grad_()
    counts_dev = torch.full((E,), me, device=DEV, dtype=torch.int64)
    g = torch.randn(T, h, device=DEV, dtype=BF16)
    biases = None
    if kind == "quick_geglu":
        from megatron.core.transformer.moe.experts import TEGroupedMLP

        biases = [torch.randn(h, device=DEV, dtype=BF16).requires_grad_() for _ in range(E)]

    def forward():
        counts = counts_dev.tolist()  # TEGroupedMLP.forward: a device-to-host copy
        offs = torch.tensor(counts, device=DEV, dtype=torch.int32).cumsum(0, dtype=torch.int32)
        probs = p.unsqueeze(-1)
        y = torch._grouped_mm(x, w1.transpose(-2, -1), offs=offs)
        y = act(y, probs)
        y = torch._grouped_mm(y, w2.transpose(-2, -1), offs=offs)
        if biases is not None:
            y = TEGroupedMLP._apply_bias(y, biases, counts, probs)
        return y

    def both():
        for t in [x, w1, w2, p] + (biases or []):
            t.grad = None
        forward().backward(g)

    t_event = cuda_ms(both, 10)
    detail = {}
    k, t_kernels = kernels_of(both, detail)
    return {"tokens": T, "fwd_bwd_event_ms": t_event, "fwd_bwd_kernel_ms": t_kernels,
            "gpu_waiting_ms": t_event - t_kernels, "kernel_count": k, **detail}


def autograd_case(n_ops, elements):
    """Host time per eager operation: n_ops small element-wise operations (x * w + b, two a
    step) forward, and forward + backward through autograd, on tensors of `elements` bf16
    values, so small that the GPU waits on the host. Event time over the kernels run."""
    x = torch.randn(elements, device=DEV, dtype=BF16).requires_grad_()
    w = torch.randn(elements, device=DEV, dtype=BF16).requires_grad_()
    b = torch.randn(elements, device=DEV, dtype=BF16).requires_grad_()

    def chain():
        y = x
        for _ in range(n_ops // 2):
            y = y * w + b
        return y

    def fwd():
        with torch.no_grad():
            chain()

    def both():
        x.grad = w.grad = b.grad = None
        chain().sum().backward()

    tf = cuda_ms(fwd, 10)
    tb = cuda_ms(both, 10) - tf
    kf, kf_ms = kernels_of(fwd)
    kb, kb_ms = kernels_of(both)
    return {"ops_fwd": n_ops, "fwd_ms": tf, "bwd_ms": tb, "kernels_fwd": kf,
            "kernels_fwd_bwd": kb, "kernel_ms_fwd": kf_ms, "kernel_ms_fwd_bwd": kb_ms,
            "us_per_kernel_fwd": 1e3 * tf / kf, "us_per_kernel_bwd": 1e3 * tb / (kb - kf)}


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else "."
    parts = (sys.argv[2].split(",") if len(sys.argv) > 2 else
             ["act", "bias", "block", "autograd"])
    res = {"device": torch.cuda.get_device_name(0), "torch": torch.__version__}
    try:
        import megatron.core.package_info as info

        res["megatron_core"] = info.__version__
    except Exception as e:
        res["megatron_core"] = {"error": repr(e)[:300]}

    def save():
        with open(f"{out_dir}/moe_block.json", "w") as f:
            json.dump(res, f, indent=1)

    def record(table, key, measure):
        try:
            r = measure()
        except Exception as e:
            import traceback

            r = {"error": repr(e)[:300], "where": traceback.format_exc()[-1200:]}
        table[key] = r
        print(key, json.dumps(r), flush=True)
        save()
        torch.cuda.empty_cache()

    def suffix(dt):
        return "_fp32" if dt == torch.float32 else "_bf16"

    if "act" in parts:
        res["act"] = {}
        for name, (E, me, h, fe, kind, pdt) in CASES.items():
            for dt, key in ((pdt, name), (OTHER[pdt], name + suffix(OTHER[pdt]))):
                record(res["act"], key, lambda: act_case(E, me, h, fe, kind, dt))
    if "bias" in parts:
        res["bias"] = {}
        for name, (E, me, h, fe, kind, pdt) in CASES.items():
            if kind == "quick_geglu":
                for dt, key in ((pdt, name), (OTHER[pdt], name + suffix(OTHER[pdt]))):
                    record(res["bias"], key, lambda: bias_case(E, me, h, dt))
        for name, (E, me) in BIAS_SHAPES.items():
            record(res["bias"], name, lambda: bias_case(E, me, 2880, BF16))
    if "block" in parts:
        res["block"] = {}
        for name in ("gpt_oss_120b_ep8", "gpt_oss_120b_ep64", "qwen3_30b_ep8"):
            E, me, h, fe, kind, pdt = CASES[name]
            record(res["block"], name, lambda: block_case(E, me, h, fe, kind, pdt))
    if "widths" in parts:
        # The weighted SwiGLU's kernels across expert widths at 32,768 copies, bf16 and fp32
        # probabilities: where does DeepSeek-V3's 2,048 stand?
        res["widths"] = {}
        for fe in (768, 1024, 1536, 2048, 2560, 2880, 3072, 4096):
            for dt in (BF16, torch.float32):
                record(res["widths"], f"swiglu_f{fe}{suffix(dt)}",
                       lambda: act_case(8, 4096, 0, fe, "swiglu", dt))
    if "autograd" in parts:
        res["autograd"] = {}
        for n_ops, elements in ((64, 1024), (64, 1 << 20), (256, 1024)):
            record(res["autograd"], f"ops{n_ops}_elements{elements}",
                   lambda: autograd_case(n_ops, elements))


if __name__ == "__main__":
    main()
