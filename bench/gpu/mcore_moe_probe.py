#!/usr/bin/env python3
"""Times Megatron-Core's own MoE layer (router, alltoall token dispatcher, experts) on one GPU.

Run by hand on a GPU machine (PyTorch 2.9 or later) with a Megatron-LM checkout on PYTHONPATH;
nothing in the build or tests uses it. Transformer Engine is not needed: the experts are
TEGroupedMLP's unfused forward with Megatron-Core's weighted SwiGLU, and one dense GEMM of the
same FLOPs standing in for each of Transformer Engine's grouped GEMMs (their kernels are issued
from C++; the stand-in keeps the GPU work and leaves the Python around them Megatron-Core's).
  PYTHONPATH=MEGATRON_LM:bench/gpu python3 bench/gpu/mcore_moe_probe.py OUT_DIR

One rank, expert parallelism 1: the all-to-all moves nothing, the rest of the dispatcher runs
(the permutation, the host's read of the token counts, the sort by local expert). For each case,
forward + backward of the MoE layer alone by CUDA events, the profiler's kernel time and count:
the difference is time the GPU waited on the host. Writes OUT_DIR/mcore_moe.json.
"""
import json
import os
import sys

import torch
import torch.nn.functional as F

from layer_probe import profile_kernels
from timing import cuda_ms

# name: (local experts, top_k, tokens, hidden, expert FFN). Qwen3 30B-A3B's layer at EP 8 holds
# 16 of its 128 experts and receives 4,096 x 8 copies per micro-batch of 4,096 tokens: 16
# experts, top 8 reproduces that locally. The small cases leave the GPU waiting on the host.
CASES = {
    "qwen3_30b_e16_t4096": (16, 8, 4096, 2048, 768),
    "qwen3_30b_e16_t8192": (16, 8, 8192, 2048, 768),
    "qwen3_30b_e16_t512": (16, 8, 512, 2048, 768),
    "e4_t512": (4, 4, 512, 2048, 768),
    "e32_t512": (32, 8, 512, 2048, 768),
}


def init_megatron():
    os.environ.setdefault("MASTER_ADDR", "127.0.0.1")
    os.environ.setdefault("MASTER_PORT", "29533")
    torch.cuda.set_device(0)
    torch.distributed.init_process_group("nccl", rank=0, world_size=1)
    from megatron.core import parallel_state
    from megatron.core.tensor_parallel.random import model_parallel_cuda_manual_seed

    parallel_state.initialize_model_parallel(1, 1)
    model_parallel_cuda_manual_seed(1234)


def experts_class():
    from megatron.core.fusions.fused_bias_swiglu import weighted_bias_swiglu_impl

    class StandInExperts(torch.nn.Module):
        """TEGroupedMLP.forward's unfused path: the token counts read to the host, the first
        GEMM, the weighted SwiGLU, the second GEMM; each GEMM one dense product of the same
        FLOPs."""

        def __init__(self, num_local_experts, config, pg_collection=None, name=None):
            super().__init__()
            h, fe = config.hidden_size, config.moe_ffn_hidden_size
            bf16 = {"device": "cuda", "dtype": torch.bfloat16}
            self.w1 = torch.nn.Parameter(torch.randn(2 * fe, h, **bf16) * 0.02)
            self.w2 = torch.nn.Parameter(torch.randn(h, fe, **bf16) * 0.02)

        def forward(self, x, tokens_per_expert, permuted_probs, **kwargs):
            if isinstance(tokens_per_expert, torch.Tensor):
                tokens_per_expert = tokens_per_expert.tolist()
            y = F.linear(x, self.w1)
            y = weighted_bias_swiglu_impl(y, None, permuted_probs.unsqueeze(-1), False, None)
            return F.linear(y, self.w2), None

    return StandInExperts


def moe_case(E, top_k, tokens, h, fe):
    from megatron.core.transformer.moe.moe_layer import MoELayer, MoESubmodules
    from megatron.core.transformer.transformer_config import TransformerConfig

    torch._dynamo.reset()
    cfg = TransformerConfig(
        num_layers=1, hidden_size=h, num_attention_heads=32, num_query_groups=4, kv_channels=128,
        ffn_hidden_size=4 * h, num_moe_experts=E, moe_router_topk=top_k, moe_ffn_hidden_size=fe,
        moe_token_dispatcher_type="alltoall", moe_grouped_gemm=True, gated_linear_unit=True,
        activation_func=F.silu, bias_activation_fusion=True, add_bias_linear=False, bf16=True,
        params_dtype=torch.bfloat16, moe_router_load_balancing_type="aux_loss",
        moe_aux_loss_coeff=1e-3, normalization="RMSNorm", sequence_parallel=False)
    layer = MoELayer(cfg, MoESubmodules(experts=experts_class()), layer_number=1).cuda()
    layer.train()
    x = (torch.randn(tokens, 1, h, device="cuda", dtype=torch.bfloat16) * 0.5).requires_grad_()
    g = torch.randn(tokens, 1, h, device="cuda", dtype=torch.bfloat16)

    def fwd():
        with torch.no_grad():
            layer(x)

    def both():
        x.grad = None
        for p in layer.parameters():
            p.grad = None
        out = layer(x)
        out = out[0] if isinstance(out, tuple) else out
        out.backward(g)

    tf = cuda_ms(fwd, 10)
    tb = cuda_ms(both, 10)
    both()
    torch.cuda.synchronize()
    rows = profile_kernels(both, 1)
    kernels = sum(c for _, c, _ in rows)
    kernel_ms = sum(us for _, _, us in rows) / 1e3
    top = sorted(rows, key=lambda r: -r[1])[:12]
    return {"local_experts": E, "top_k": top_k, "tokens": tokens, "hidden": h, "expert_ffn": fe,
            "fwd_ms": tf, "fwd_bwd_ms": tb, "fwd_bwd_kernel_ms": kernel_ms,
            "gpu_waiting_ms": tb - kernel_ms, "kernels": kernels,
            "most_launched": [(n[:80], c, round(us, 1)) for n, c, us in top]}


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else "."
    res = {"device": torch.cuda.get_device_name(0), "torch": torch.__version__}
    try:
        init_megatron()
        import megatron.core.package_info as info

        res["megatron_core"] = info.__version__
    except Exception as e:
        import traceback

        res["init_error"] = traceback.format_exc()[-1500:]
        print(res["init_error"], flush=True)
    res["cases"] = {}
    for name, (E, k, t, h, fe) in CASES.items():
        try:
            r = moe_case(E, k, t, h, fe)
        except Exception as e:
            import traceback

            r = {"error": repr(e)[:300], "where": traceback.format_exc()[-1500:]}
        res["cases"][name] = r
        print(name, json.dumps(r), flush=True)
        with open(f"{out_dir}/mcore_moe.json", "w") as f:
            json.dump(res, f, indent=1)
    torch.distributed.destroy_process_group()


if __name__ == "__main__":
    main()
