#!/usr/bin/env python3
"""Measures how much a communication kernel running beside a GEMM slows the GEMM, on one GPU.

Run by hand on a GPU machine (PyTorch 2.4 or later, CuPy); nothing in the build or tests uses it.
  python3 bench/gpu/contention_probe.py OUT_DIR [layers|gemms [VARIANT,...]]

The step model charges each overlapped collective its duration times a compute share of its
fabric level (docs/model-communication.md "Contention": 0.15 over NVLink, 0.02 over the scale-out fabric,
Calculon's unmeasured figures). One GPU cannot run a real multi-rank NCCL collective, so this
probe runs what such a collective puts on the GPU it shares with the GEMMs:
  sm_C_R   NCCL's shape: C thread blocks of 512 threads (one per channel), each streaming a
           reduce (read two inputs, write one; 8 x 16 bytes a thread in flight) through HBM,
           throttled to R GB/s of HBM traffic
           in all (0: unthrottled). A ring reduce-scatter at bus bandwidth B moves about 3B
           through the GPU's HBM (the local chunk read, the peer's write of the incoming chunk
           and its read): NVLink 4 at 370 GB/s is about 1,100 GB/s, a 400G NIC about 150.
  ce       a copy-engine device-to-device copy (cudaMemcpyAsync), no SMs: the HBM traffic of
           a DMA-driven exchange (Transformer Engine's userbuffers put-based overlap).
The communication kernel is launched first, on its own stream, and runs (by the GPU's global
timer) past the end of the GEMM loop on the default stream; the GEMM loop is timed by CUDA
events. Baseline and contended loops alternate, each measured REPEATS times after a 3 s warm-up,
so that the power cap's clock sees both. Writes OUT_DIR/contention.json.
With `layers`, the timed work is a stack of four bf16 transformer layers forward + backward
(layer_probe's shapes: GEMMs, attention and the memory-bound kernels between them) against a
subset of the variants; writes OUT_DIR/contention_layers.json. VARIANT,... (names as above,
e.g. sm_4_400) replaces the list of side kernels.
"""
import json
import os
import sys
import time

import cupy
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from layer_probe import SHAPES as LAYER_SHAPES, layer_stack  # noqa: E402
from sustained_probe import gemm_operands  # noqa: E402

REPEATS = 3
GEMM_MS = 150.0  # length of one timed GEMM loop
SHAPES = [(4096, 8192, "fc1", False), (8192, 4096, "qkv", False), (4096, 8192, "fc1", True)]
VARIANTS = [("ce", 0, 0)] + [(f"sm_{c}_{r}", c, r) for c, r in
                             ((1, 0), (2, 0), (8, 0), (16, 0), (32, 0),
                              (16, 1100), (32, 1100), (16, 150), (32, 150))]
LAYER_NAMES = ["mc08_1_7b", "gpt3_5b_mb4", "llama3_8b_s8k"]
LAYER_VARIANTS = [v for v in VARIANTS if v[0] in ("ce", "sm_2_0", "sm_16_150", "sm_16_1100",
                                                  "sm_32_1100")]

UNROLL = 8  # 16-byte loads in flight per thread and operand
KERNEL = f"#define UNROLL {UNROLL}\n" + r"""
__device__ __forceinline__ unsigned long long now_ns() {
  unsigned long long t; asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t)); return t;
}
// Each block streams c[i] = a[i] + b[i] over its own slice, UNROLL x 8 KiB of each per chunk,
// until duration_ns has passed; with ns_per_chunk > 0 it waits out each chunk's time share.
extern "C" __global__ void reduce_stream(const uint4* a, const uint4* b, uint4* c,
    long long per_block, long long duration_ns, long long ns_per_chunk,
    unsigned long long* bytes) {
  __shared__ unsigned long long t_start;
  __shared__ int stop;
  if (threadIdx.x == 0) { t_start = now_ns(); stop = 0; }
  __syncthreads();
  const long long base = (long long)blockIdx.x * per_block;
  const long long step = (long long)blockDim.x * UNROLL;
  unsigned long long chunks = 0;
  while (!stop) {
    for (long long off = 0; off + step <= per_block; off += step) {
      unsigned long long t0 = 0;
      if (ns_per_chunk > 0 && threadIdx.x == 0) t0 = now_ns();
      uint4 x[UNROLL], y[UNROLL];
#pragma unroll
      for (int u = 0; u < UNROLL; ++u) {
        long long i = base + off + u * blockDim.x + threadIdx.x;
        x[u] = a[i]; y[u] = b[i];
      }
#pragma unroll
      for (int u = 0; u < UNROLL; ++u) {
        long long i = base + off + u * blockDim.x + threadIdx.x;
        x[u].x += y[u].x; x[u].y += y[u].y; x[u].z += y[u].z; x[u].w += y[u].w;
        c[i] = x[u];
      }
      ++chunks;
      if (threadIdx.x == 0) {
        if (ns_per_chunk > 0)
          while (now_ns() - t0 < (unsigned long long)ns_per_chunk) __nanosleep(64);
        if (now_ns() - t_start > (unsigned long long)duration_ns) stop = 1;
      }
      __syncthreads();
      if (stop) break;
    }
  }
  if (threadIdx.x == 0) atomicAdd(bytes, chunks * blockDim.x * UNROLL * 48ull);
}
"""
THREADS = 512
CHUNK_BYTES = THREADS * UNROLL * 16 * 3  # two reads and a write of 16 bytes, UNROLL times


def parse_variant(name):
    """`ce` or `sm_C_R` (C blocks, R GB/s of HBM traffic, 0 unthrottled)."""
    if name == "ce":
        return ("ce", 0, 0)
    _, blocks, rate = name.split("_")
    return (name, int(blocks), int(rate))


def main(out_dir, mode="gemms", chosen=None):
    os.makedirs(out_dir, exist_ok=True)
    kern = cupy.RawKernel(KERNEL, "reduce_stream")
    props = torch.cuda.get_device_properties(0)
    variants = chosen or (LAYER_VARIANTS if mode == "layers" else VARIANTS)
    per_block = (64 << 20) // 16  # 64 MiB of uint4 per block and operand
    n_max = max(1, max(v[1] for v in variants)) * per_block  # each block its own slice
    a = cupy.ones(n_max * 4, dtype=cupy.uint32)
    b = cupy.ones(n_max * 4, dtype=cupy.uint32)
    c = cupy.empty(n_max * 4, dtype=cupy.uint32)
    ce_src = torch.empty(1 << 30, dtype=torch.uint8, device="cuda")
    ce_dst = torch.empty_like(ce_src)
    counter = cupy.zeros(1, dtype=cupy.uint64)
    side = torch.cuda.Stream()
    side_cp = cupy.cuda.ExternalStream(side.cuda_stream)
    ce_events = [torch.cuda.Event(enable_timing=True) for _ in range(2)]

    def launch_comm(variant, duration_ms):
        name, blocks, rate = variant
        if name == "ce":
            with torch.cuda.stream(side):
                copies = int(duration_ms / 0.7) + 1  # 1 GiB each at about 3 TB/s read + write
                ce_events[0].record()
                for _ in range(copies):
                    ce_dst.copy_(ce_src)
                ce_events[1].record()
            return copies * 2 * ce_src.numel()
        ns = 0 if rate == 0 else int(CHUNK_BYTES * blocks / (rate * 1e9) * 1e9)
        with side_cp:
            counter.fill(0)
            args = (a, b, c, cupy.int64(per_block), cupy.int64(int(duration_ms * 1e6)),
                    cupy.int64(ns), counter)
            kern((blocks,), (THREADS,), args)

    def timed_loop(fn, iters):
        ev0, ev1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        ev0.record()
        for _ in range(iters):
            fn()
        ev1.record()
        return ev0, ev1

    results = {"device": props.name, "sms": props.multi_processor_count,
               "torch": torch.__version__, "cupy": cupy.__version__, "shapes": []}
    work = []
    if mode == "layers":
        for name in LAYER_NAMES:
            work.append((name, lambda name=name: layer_stack(LAYER_SHAPES[name], 4,
                                                             build_on_gpu=True)[3], None))
    else:
        for h, m, kind, fp8 in SHAPES:
            work.append(((h, m, kind, fp8), None, (h, m, kind, fp8)))
    for label, make_step, gemm in work:
        if gemm:
            h, m, kind, fp8 = gemm
            fn, flops = gemm_operands(h, m, kind, fp8)
        else:
            fn, flops, fp8 = make_step(), 0.0, False
        t_end = time.time() + 3.0
        while time.time() < t_end:
            fn()
            torch.cuda.synchronize()
        n_cal = 20 if gemm else 4
        e0, e1 = timed_loop(fn, n_cal)
        torch.cuda.synchronize()
        iters = max(10 if gemm else 3, int(GEMM_MS / (e0.elapsed_time(e1) / n_cal)))
        row = ({"hidden": h, "tokens": m, "gemm": kind, "fp8": fp8} if gemm else
               {"layers": label, "stack": 4})
        row.update({"iters": iters, "variants": {}})
        for variant in variants:
            base_ms, cont_ms, comm_gbs = [], [], []
            for _ in range(REPEATS):
                e0, e1 = timed_loop(fn, iters)
                torch.cuda.synchronize()
                base_ms.append(e0.elapsed_time(e1))
                ce_bytes = launch_comm(variant, base_ms[-1] * 1.6)
                time.sleep(0.002)
                e0, e1 = timed_loop(fn, iters)
                torch.cuda.synchronize()
                side.synchronize()
                cont_ms.append(e0.elapsed_time(e1))
                if variant[0] == "ce":
                    ce_s = ce_events[0].elapsed_time(ce_events[1]) * 1e-3
                    comm_gbs.append(ce_bytes / ce_s / 1e9)
                else:
                    comm_gbs.append(int(counter.get()[0]) / (base_ms[-1] * 1.6e-3) / 1e9)
            base, cont = sorted(base_ms)[REPEATS // 2], sorted(cont_ms)[REPEATS // 2]
            peak = 1978.9e12 if fp8 else 989.4e12
            row["variants"][variant[0]] = {
                "base_ms": round(base, 3), "contended_ms": round(cont, 3),
                "slowdown": round(cont / base - 1, 4),
                "share_of_contended": round(1 - base / cont, 4),
                "base_pct_peak": round(100 * flops * iters / (base * 1e-3) / peak, 1),
                "comm_hbm_gbs": round(sorted(comm_gbs)[len(comm_gbs) // 2], 1)}
            v = row["variants"][variant[0]]
            tag = f"h{h} m{m} {kind} {'fp8' if fp8 else 'bf16'}" if gemm else label
            print(f"{tag} {variant[0]:>10}: base {base:8.2f} ms ({v['base_pct_peak']} %),"
                  f" contended {cont:8.2f} ms, +{100 * v['slowdown']:.1f} %,"
                  f" comm {v['comm_hbm_gbs']} GB/s", flush=True)
        results["shapes"].append(row)
        del fn
        torch.cuda.empty_cache()
    suffix = "_layers" if mode == "layers" else ""
    with open(f"{out_dir}/contention{suffix}.json", "w") as f:
        json.dump(results, f, indent=1)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "contention_out",
         sys.argv[2] if len(sys.argv) > 2 else "gemms",
         [parse_variant(v) for v in sys.argv[3].split(",")] if len(sys.argv) > 3 else None)
