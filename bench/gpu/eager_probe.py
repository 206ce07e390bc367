#!/usr/bin/env python3
"""Times a Llama layer's element-wise steps as eager PyTorch operations on one NVIDIA GPU.

Run by hand on a GPU machine (PyTorch 2.4 or later); nothing in the build or tests uses it.
  python3 bench/gpu/eager_probe.py OUT_DIR

clusterc's `eager_ops` (docs/model.md "Eager operations") charges the operations of Meta's
reference Llama code as torchtitan ran it with compile off (1ea476e9f) by the bytes each moves:
RMSNorm on an fp32 copy 36 bytes an element (a fused norm 6), rotary embeddings through fp32
complex numbers 20 an element of Q and K (fused 4), SwiGLU as silu and a product 10 an element
of the FFN width (fused 6), repeat_kv's copies, backward twice each forward. This probe writes
those operations itself at Llama 2 70B's widths (8,192 tokens: micro-batch 2 of 4,096), and the
same steps compiled (torch.compile, one fused kernel each where Inductor can), forward and
forward + backward by CUDA events, with a copy's time for the HBM rate:
  eager_ms, compiled_ms, fwd_eager_ms, fwd_compiled_ms   per step
  bytes_fwd_eager, bytes_fwd_fused                       what clusterc counts, forward
Writes OUT_DIR/eager_probe.json and prints it. Not yet run: no GPU session since it was written.
"""
import json
import sys

import torch
import torch.nn.functional as F

from timing import cuda_ms

DEV = "cuda"
DT = torch.bfloat16
TOKENS, HIDDEN, HEADS, KV_HEADS, HEAD_DIM, FFN = 8192, 8192, 64, 8, 128, 28672
REP = HEADS // KV_HEADS


def rms_norm(x, w, eps=1e-6):
    return (x.float() * torch.rsqrt(x.float().pow(2).mean(-1, keepdim=True) + eps)).type_as(x) * w


def rope(xq, xk, freqs):
    q = torch.view_as_complex(xq.float().reshape(*xq.shape[:-1], -1, 2))
    k = torch.view_as_complex(xk.float().reshape(*xk.shape[:-1], -1, 2))
    return (torch.view_as_real(q * freqs).flatten(2).type_as(xq),
            torch.view_as_real(k * freqs).flatten(2).type_as(xk))


def swiglu(gate, up):
    return F.silu(gate) * up


def repeat_kv(x, rep):
    s, kv, d = x.shape
    return x[:, :, None, :].expand(s, kv, rep, d).reshape(s, kv * rep, d)


def steps():
    """name: (function, input shapes, forward bytes eager, forward bytes fused)."""
    e = TOKENS
    return {
        "rms_norm": (rms_norm, [(e, HIDDEN), (HIDDEN,)], 36 * e * HIDDEN, 6 * e * HIDDEN),
        "rope": (rope, [(e, HEADS, HEAD_DIM), (e, KV_HEADS, HEAD_DIM), None],
                 20 * e * (HEADS + KV_HEADS) * HEAD_DIM, 4 * e * (HEADS + KV_HEADS) * HEAD_DIM),
        "swiglu": (swiglu, [(e, FFN), (e, FFN)], 10 * e * FFN, 6 * e * FFN),
        "repeat_kv": (lambda k, v: (repeat_kv(k, REP), repeat_kv(v, REP)),
                      [(e, KV_HEADS, HEAD_DIM), (e, KV_HEADS, HEAD_DIM)],
                      2 * 2 * e * (KV_HEADS + HEADS) * HEAD_DIM, 0),
    }


def tensors(shapes):
    out = []
    for s in shapes:
        if s is None:  # rotary frequencies: one complex number per token and pair
            angles = torch.rand(TOKENS, 1, HEAD_DIM // 2, device=DEV)
            out.append(torch.polar(torch.ones_like(angles), angles))
        else:
            out.append(torch.randn(*s, device=DEV, dtype=DT, requires_grad=len(s) > 1))
    return out


def timed(fn, args):
    def fwd():
        with torch.no_grad():
            fn(*args)

    def both():
        out = fn(*args)
        out = out if isinstance(out, tuple) else (out,)
        torch.autograd.backward(out, [torch.ones_like(o) for o in out])

    return cuda_ms(fwd, 20), cuda_ms(both, 20)


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else "."
    res = {"device": torch.cuda.get_device_name(), "torch": torch.__version__}
    big = torch.empty(1 << 30, device=DEV, dtype=torch.uint8)
    copy_ms = cuda_ms(lambda: big.clone(), 20)
    res["copy_tb_per_s"] = 2 * big.numel() / (copy_ms * 1e-3) / 1e12
    del big
    for name, (fn, shapes, eager_bytes, fused_bytes) in steps().items():
        args = tensors(shapes)
        fwd_e, both_e = timed(fn, args)
        fwd_c, both_c = timed(torch.compile(fn), args)
        res[name] = {"fwd_eager_ms": fwd_e, "eager_ms": both_e, "fwd_compiled_ms": fwd_c,
                     "compiled_ms": both_c, "bytes_fwd_eager": eager_bytes,
                     "bytes_fwd_fused": fused_bytes}
        del args
        torch.cuda.empty_cache()
    text = json.dumps(res, indent=1)
    print(text)
    with open(f"{out_dir}/eager_probe.json", "w") as f:
        f.write(text + "\n")


if __name__ == "__main__":
    main()
