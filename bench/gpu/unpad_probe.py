#!/usr/bin/env python3
"""Times flash-attn-style unpadding around fused attention on one NVIDIA GPU.

Run by hand on a GPU machine (PyTorch 2.4 or later); nothing in the build or tests uses it.
  python3 bench/gpu/unpad_probe.py OUT_DIR

clusterc's `attention_unpad` (docs/model.md "Unpadding") charges, per layer, the gathers of Q,
K and V to the mask's tokens, the scatter of the output back into zeros, their backward, and
the host's synchronisations in each gather's setup (a nonzero and an .item()), as flash-attn's
bert_padding.unpad_input and pad_input run them inside LLM Foundry's flash_attn_fn. This probe
writes those operations itself (the same PyTorch calls: sum, nonzero, max().item(), cumsum,
pad, gather with an expanded index; zeros and index_put; backward zeros + scatter_ and an
index) around PyTorch's causal SDPA, at LLM Foundry's MPT shapes, every token valid. For each
shape, forward + backward of one attention block, by CUDA events:
  plain_ms     SDPA on the fused QKV projection's views
  unpad_ms     the same with the unpadding around it
  unpad_fwd_ms the unpadding's forward alone (host synchronisations included)
  bytes_fwd, bytes_bwd  what clusterc counts for the unpadding (40 bytes an element in all)
Writes OUT_DIR/unpad_probe.json and prints it. Not yet run: no GPU session since it was written.
"""
import json
import sys

import torch
import torch.nn.functional as F

from timing import cuda_ms

DEV = "cuda"
DT = torch.bfloat16

# MPT (LLM Foundry's large-scale H100 table): d_model, heads, micro-batch; sequence 2,048.
SHAPES = {"mpt_1b": (2048, 16, 12), "mpt_3b": (2560, 20, 8), "mpt_7b": (4096, 32, 6),
          "mpt_70b": (8192, 64, 8)}
SEQ = 2048


class Gather(torch.autograd.Function):
    """Rows of a 2-D tensor by index; backward scatters into zeros (not scatter_add)."""

    @staticmethod
    def forward(ctx, x, idx):
        ctx.save_for_backward(idx)
        ctx.rows = x.shape[0]
        return torch.gather(x, 0, idx.unsqueeze(1).expand(-1, x.shape[1]))

    @staticmethod
    def backward(ctx, g):
        (idx,) = ctx.saved_tensors
        out = torch.zeros(ctx.rows, g.shape[1], device=g.device, dtype=g.dtype)
        out.scatter_(0, idx.unsqueeze(1).expand(-1, g.shape[1]), g)
        return out, None


class Scatter(torch.autograd.Function):
    """Rows back into zeros by index; backward indexes the gradient."""

    @staticmethod
    def forward(ctx, x, idx, rows):
        ctx.save_for_backward(idx)
        out = torch.zeros(rows, x.shape[1], device=x.device, dtype=x.dtype)
        out[idx] = x
        return out

    @staticmethod
    def backward(ctx, g):
        (idx,) = ctx.saved_tensors
        return g[idx], None, None


def unpad(x, mask):
    """x: (b, s, w); the setup's two host synchronisations (nonzero, .item()) included."""
    lens = mask.sum(dim=-1, dtype=torch.int32)
    idx = torch.nonzero(mask.flatten(), as_tuple=False).flatten()
    longest = lens.max().item()
    cu = F.pad(torch.cumsum(lens, dim=0, dtype=torch.int32), (1, 0))
    return Gather.apply(x.reshape(-1, x.shape[-1]), idx), idx, cu, longest


def attention(q, k, v, b, heads):
    d = q.shape[-1] // heads
    q, k, v = (t.reshape(b, SEQ, heads, d).transpose(1, 2) for t in (q, k, v))
    o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
    return o.transpose(1, 2).reshape(b * SEQ, heads * d)


def block(qkv, heads, with_unpad):
    b, _, three_h = qkv.shape
    q, k, v = qkv.split(three_h // 3, dim=2)
    if not with_unpad:
        return attention(q, k, v, b, heads)
    mask = torch.ones(b, SEQ, dtype=torch.bool, device=DEV)
    (qu, idx, _, _), (ku, _, _, _), (vu, _, _, _) = unpad(q, mask), unpad(k, mask), unpad(v, mask)
    return Scatter.apply(attention(qu, ku, vu, b, heads), idx, b * SEQ)


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else "."
    res = {"device": torch.cuda.get_device_name(), "torch": torch.__version__, "seq": SEQ}
    for name, (h, heads, micro) in SHAPES.items():
        qkv = torch.randn(micro, SEQ, 3 * h, device=DEV, dtype=DT, requires_grad=True)
        grad = torch.randn(micro * SEQ, h, device=DEV, dtype=DT)

        def step(with_unpad):
            block(qkv, heads, with_unpad).backward(grad)

        elements = micro * SEQ * h  # of each of Q, K, V and the output
        row = {"plain_ms": cuda_ms(lambda: step(False), 10),
               "unpad_ms": cuda_ms(lambda: step(True), 10),
               "bytes_fwd": 4 * 3 * elements + 6 * elements,
               "bytes_bwd": 6 * 3 * elements + 4 * elements}
        with torch.no_grad():
            mask = torch.ones(micro, SEQ, dtype=torch.bool, device=DEV)
            q = qkv.detach()[..., :h]
            row["unpad_fwd_ms"] = cuda_ms(lambda: [unpad(q, mask) for _ in range(3)], 10)
        row["difference_ms"] = row["unpad_ms"] - row["plain_ms"]
        res[name] = row
        del qkv, grad
        torch.cuda.empty_cache()
    text = json.dumps(res, indent=1)
    print(text)
    with open(f"{out_dir}/unpad_probe.json", "w") as f:
        f.write(text + "\n")


if __name__ == "__main__":
    main()
