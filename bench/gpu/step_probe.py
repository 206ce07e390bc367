#!/usr/bin/env python3
"""Measures, on one NVIDIA GPU, a whole training step as Megatron-LM runs it on one rank.

Run by hand on a GPU machine (PyTorch 2.4 or later); nothing in the build or tests uses it.
  python3 bench/gpu/step_probe.py OUT_DIR

What clusterc's step model calls the per-step host overhead (`Options::step_overhead`, fitted
to published runs) is the time the GPU is idle between a step's kernels. This probe measures
how much of it one GPU's own step has, with no other rank to wait for. Each model below is
trained for a few steps, M micro-batches a step, the way Megatron-LM's MixedPrecisionOptimizer
does it without Transformer Engine:
  - bf16 weights; each parameter's gradient is added to an fp32 main-gradient buffer by a hook
    after its backward (Megatron's DDP backward post-hook, no gradient-accumulation fusion);
  - the gradient norm over the fp32 buffer, read on the host (`.item()`: the synchronisation
    of clip_grad_by_total_norm_fp32), the gradients scaled by the clip coefficient;
  - fused AdamW on fp32 master weights; the master weights copied to the bf16 weights; the
    main-gradient buffer zeroed;
  - the step's loss read on the host (the synchronisation of loss logging).
With `compiled [NAME,...]` it times instead a nanoGPT-style step of GPT-3-paper sizes (fp32
weights under bf16 autocast, torch.compile, gradient clipping, fused AdamW; 4 micro-batches)
into OUT_DIR/step_compiled.json. Otherwise it writes OUT_DIR/step.json and prints it:
  step_ms             wall time per step, unprofiled
  busy_ms             time per step in which some kernel, copy or memset ran (profiler trace)
  idle_ms             step_ms - busy_ms: the GPU idle, what the host costs the step
  fwd_bwd_ms          CUDA-event time of the micro-batches' forward and backward
  optimizer_ms        CUDA-event time from the last backward to the zeroed buffer, its host
                      synchronisation included
  optimizer_gpu_ms    the same kernels issued back to back with no synchronisation
  optimizer_gb_s      bytes the optimizer moves (42 per parameter, clusterc's
                      Options::optimizer_bytes_per_param) over optimizer_gpu_ms
"""
import json
import os
import sys
import tempfile
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

from layer_probe import DEV, DT, GPTS, Layer
from timing import cuda_ms

# name: layers, hidden, ffn, query heads, kv heads, vocabulary, sequence, micro-batch, llama
# (SwiGLU, RMSNorm, rotary-free, untied head) or GPT (GELU, LayerNorm, learned positions, tied).
MODELS = {
    "gpt_1_3b": (24, 2048, 8192, 16, 16, 50304, 2048, 8, False),
    "llama3_8b_8_layers": (8, 4096, 14336, 32, 8, 128256, 8192, 1, True),
}
MICRO_BATCHES = (1, 4)
OPTIMIZER_BYTES_PER_PARAM = 42


class Model(nn.Module):
    def __init__(self, layers, h, ffn, hq, hkv, vocab, seq, llama):
        super().__init__()
        self.vocab = vocab
        self.emb = nn.Embedding(vocab, h)
        self.pos = None if llama else nn.Embedding(seq, h)
        self.body = nn.Sequential(*[Layer(h, ffn, hq, hkv, h // hq, llama, llama, not llama)
                                    for _ in range(layers)])
        self.norm = nn.RMSNorm(h) if llama else nn.LayerNorm(h)
        self.head = nn.Linear(h, vocab, bias=False) if llama else None

    def forward(self, tokens, labels):
        x = self.emb(tokens)
        if self.pos is not None:
            x = x + self.pos(torch.arange(tokens.shape[1], device=tokens.device))
        x = self.norm(self.body(x))
        logits = self.head(x) if self.head is not None else x @ self.emb.weight.t()
        return F.cross_entropy(logits.float().view(-1, self.vocab), labels.view(-1))


class MegatronLikeTrainer:
    """Flat fp32 main-gradient and master-weight buffers, as Megatron's DDP and optimizer."""

    def __init__(self, model):
        self.model = model
        self.params = [p for p in model.parameters() if p.requires_grad]
        n = sum(p.numel() for p in self.params)
        self.n = n
        self.main_grad = torch.zeros(n, device=DEV, dtype=torch.float32)
        self.master_flat = torch.empty(n, device=DEV, dtype=torch.float32)
        self.masters = []
        offset = 0
        for p in self.params:
            k = p.numel()
            p.main_grad = self.main_grad[offset:offset + k].view_as(p)
            master = nn.Parameter(self.master_flat[offset:offset + k].view_as(p))
            with torch.no_grad():
                master.copy_(p)
            master.grad = p.main_grad
            self.masters.append(master)
            p.register_post_accumulate_grad_hook(self._accumulate)
            offset += k
        self.adam = torch.optim.AdamW(self.masters, lr=1e-4, weight_decay=0.1, fused=True)

    @staticmethod
    def _accumulate(p):
        p.main_grad.add_(p.grad)
        p.grad = None

    def clip(self, max_norm=1.0, sync=True):
        norm = torch.linalg.vector_norm(self.main_grad)
        if sync:
            coeff = max_norm / (norm.item() + 1e-6)
            if coeff < 1.0:
                self.main_grad.mul_(coeff)
        else:  # the same kernels without the host reading the norm
            self.main_grad.mul_(torch.clamp(max_norm / (norm + 1e-6), max=1.0))

    def optimizer_step(self, sync=True):
        self.clip(sync=sync)
        self.adam.step()
        with torch.no_grad():
            try:
                torch._foreach_copy_([p.data for p in self.params], self.masters)
            except RuntimeError:  # an older PyTorch without mixed-dtype foreach copies
                for p, m in zip(self.params, self.masters):
                    p.data.copy_(m)
        self.main_grad.zero_()


def kernel_busy_ms(trace_path):
    """Length of the union of GPU activity (kernels, copies, memsets) in a profiler trace, ms."""
    with open(trace_path) as f:
        events = json.load(f).get("traceEvents", [])
    spans = sorted((e["ts"], e["ts"] + e.get("dur", 0)) for e in events
                   if e.get("ph") == "X" and e.get("cat") in ("kernel", "gpu_memcpy", "gpu_memset"))
    busy, end, kernels = 0.0, None, len(spans)
    for a, b in spans:
        if end is None or a > end:
            busy += b - a
            end = b
        elif b > end:
            busy += b - end
            end = b
    return busy / 1e3, kernels


def probe(name, spec, micro_batches, steps=5):
    layers, h, ffn, hq, hkv, vocab, seq, micro, llama = spec
    torch.manual_seed(0)
    with torch.device(DEV):
        model = Model(layers, h, ffn, hq, hkv, vocab, seq, llama)
    model = model.to(DT)
    trainer = MegatronLikeTrainer(model)
    data = [(torch.randint(0, vocab, (micro, seq), device=DEV),
             torch.randint(0, vocab, (micro, seq), device=DEV)) for _ in range(micro_batches)]
    marks = [torch.cuda.Event(enable_timing=True) for _ in range(3)]

    def train_step():
        marks[0].record()
        losses = []
        for tokens, labels in data:
            loss = model(tokens, labels) / micro_batches
            loss.backward()
            losses.append(loss.detach())
        marks[1].record()
        trainer.optimizer_step()
        marks[2].record()
        return torch.stack(losses).sum().item()

    for _ in range(2):
        train_step()
    torch.cuda.synchronize()
    walls, fwd_bwd, opt = [], [], []
    for _ in range(steps):
        t0 = time.perf_counter()
        train_step()
        walls.append((time.perf_counter() - t0) * 1e3)
        fwd_bwd.append(marks[0].elapsed_time(marks[1]))
        opt.append(marks[1].elapsed_time(marks[2]))
    from torch.profiler import ProfilerActivity, profile

    with tempfile.TemporaryDirectory() as tmp:
        trace = os.path.join(tmp, "trace.json")
        with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
            for _ in range(2):
                train_step()
            torch.cuda.synchronize()
        prof.export_chrome_trace(trace)
        busy, kernels = kernel_busy_ms(trace)
    opt_gpu = cuda_ms(lambda: trainer.optimizer_step(sync=False), 5, warm=2)
    median = lambda xs: sorted(xs)[len(xs) // 2]
    step = median(walls)
    r = {
        "parameters": trainer.n, "micro_batches": micro_batches, "micro": micro, "seq": seq,
        "step_ms": step, "step_ms_all": walls, "busy_ms": busy / 2, "idle_ms": step - busy / 2,
        "kernels_per_step": kernels / 2, "fwd_bwd_ms": median(fwd_bwd),
        "optimizer_ms": median(opt), "optimizer_gpu_ms": opt_gpu,
        "optimizer_gb_s": OPTIMIZER_BYTES_PER_PARAM * trainer.n / opt_gpu / 1e6,
        "max_memory_gib": torch.cuda.max_memory_allocated() / 2**30,
    }
    del model, trainer, data
    torch.cuda.empty_cache()
    torch.cuda.reset_peak_memory_stats()
    return r


def probe_compiled(spec, micro_batches=4, steps=5):
    """A nanoGPT-style single-GPU step: fp32 weights under bf16 autocast, the model under
    torch.compile, cuDNN's fused attention through SDPA, gradient clipping, fused AdamW."""
    layers, h, heads, vocab, seq, micro = spec
    torch.manual_seed(0)
    with torch.device(DEV):
        model = Model(layers, h, 4 * h, heads, heads, vocab, seq, False)
    compiled = torch.compile(model)
    adam = torch.optim.AdamW(model.parameters(), lr=1e-4, weight_decay=0.1, fused=True)
    data = [(torch.randint(0, vocab, (micro, seq), device=DEV),
             torch.randint(0, vocab, (micro, seq), device=DEV)) for _ in range(micro_batches)]

    def train_step():
        for tokens, labels in data:
            with torch.autocast("cuda", dtype=torch.bfloat16):
                loss = compiled(tokens, labels) / micro_batches
            loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        adam.step()
        adam.zero_grad(set_to_none=True)
        return loss.item()

    t0 = time.time()
    for _ in range(3):
        train_step()
    torch.cuda.synchronize()
    warm_s = time.time() - t0
    walls = []
    for _ in range(steps):
        t0 = time.perf_counter()
        train_step()
        walls.append((time.perf_counter() - t0) * 1e3)
    from torch.profiler import ProfilerActivity, profile

    with tempfile.TemporaryDirectory() as tmp:
        trace = os.path.join(tmp, "trace.json")
        with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
            train_step()
            torch.cuda.synchronize()
        prof.export_chrome_trace(trace)
        busy, kernels = kernel_busy_ms(trace)
    step = sorted(walls)[len(walls) // 2]
    r = {"parameters": sum(p.numel() for p in model.parameters()), "micro_batches": micro_batches,
         "micro": micro, "seq": seq, "step_ms": step, "step_ms_all": walls, "busy_ms": busy,
         "idle_ms": step - busy, "kernels_per_step": kernels, "warm_up_s": warm_s,
         "max_memory_gib": torch.cuda.max_memory_allocated() / 2**30}
    del model, compiled, adam, data
    torch.cuda.empty_cache()
    torch.cuda.reset_peak_memory_stats()
    return r


def run_all(jobs, out_path, res):
    """Runs each (key, thunk), keeping the others' results when one fails; writes res after each."""
    for key, thunk in jobs:
        t0 = time.time()
        try:
            res["runs"][key] = thunk()
        except Exception as e:  # keep the other measurements
            res["runs"][key] = {"error": repr(e)[:400]}
            torch.cuda.empty_cache()
        print(key, f"{time.time() - t0:.1f}s", json.dumps(res["runs"][key]), flush=True)
        with open(out_path, "w") as f:
            json.dump(res, f, indent=1)


def main():
    # step_probe.py OUT_DIR: the Megatron-like steps of MODELS. step_probe.py OUT_DIR compiled
    # [NAME,...]: nanoGPT-style compiled steps of layer_probe.py's GPTS.
    out_dir = sys.argv[1] if len(sys.argv) > 1 else "."
    p = torch.cuda.get_device_properties(0)
    res = {"device": p.name, "sms": p.multi_processor_count, "torch": torch.__version__,
           "cuda": torch.version.cuda, "runs": {}}
    print(json.dumps(res), flush=True)
    if len(sys.argv) > 2 and sys.argv[2] == "compiled":
        names = sys.argv[3].split(",") if len(sys.argv) > 3 else list(GPTS)
        jobs = [(n, lambda n=n: probe_compiled(GPTS[n])) for n in names]
        return run_all(jobs, f"{out_dir}/step_compiled.json", res)
    jobs = [(f"{name}_m{m}", lambda name=name, spec=spec, m=m: probe(name, spec, m))
            for name, spec in MODELS.items() for m in MICRO_BATCHES]
    run_all(jobs, f"{out_dir}/step.json", res)


if __name__ == "__main__":
    main()
