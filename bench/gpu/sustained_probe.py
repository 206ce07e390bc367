#!/usr/bin/env python3
"""Measures how a GPU's throughput changes under sustained load (clocks, power, temperature).

Run by hand on a GPU machine (PyTorch 2.4 or later); nothing in the build or tests uses it.
  python3 bench/gpu/sustained_probe.py OUT_DIR [SECONDS]
  python3 bench/gpu/sustained_probe.py OUT_DIR gemms
  python3 bench/gpu/sustained_probe.py OUT_DIR layers

The other probes time a kernel over a few dozen calls after a few warm-ups, from an idle GPU.
A training run keeps the GPU busy for hours, where the power limit and the die's temperature set
the clock. This probe runs, back to back from an idle GPU:
  gemm    a transformer-shaped bf16 GEMM (8,192 tokens x 4,096 x 16,384) for SECONDS (default 100)
  idle    15 s
  layer   a stack of six Llama 3 8B layers (8K tokens) forward + backward for SECONDS
  copy    a 1 GiB device-to-device copy for 20 s
and records each batch's achieved rate against the time since its phase began, while
nvidia-smi logs the SM clock, power draw, temperature and the clock-event (throttle) reasons
every 200 ms. Writes OUT_DIR/sustained.json, smi.csv and nvidia-smi -q before and after.
With `gemms`, times the GEMMs of transformer layers (GEMM_SHAPES) in bf16 and FP8 twice: hot,
back to back for 2 s each after 20 s of heating, and as the other probes do, 20 calls after an
idle pause; then an FP8 GEMM for 40 s. Writes OUT_DIR/gemms.json and smi.csv.
With `layers`, runs each layer_probe shape for 20 s and profiles it hot (OUT_DIR/layers.json).
"""
import json
import os
import subprocess
import sys
import time

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from layer_probe import SHAPES, layer_stack  # noqa: E402

DEV = "cuda"
DT = torch.bfloat16
SMI_FIELDS_FULL = ("timestamp,clocks.sm,clocks.mem,power.draw,enforced.power.limit,"
                   "temperature.gpu,temperature.memory,utilization.gpu,clocks_event_reasons.active,"
                   "clocks_event_reasons.sw_power_cap,clocks_event_reasons.sw_thermal_slowdown,"
                   "clocks_event_reasons.hw_slowdown,clocks_event_reasons.hw_thermal_slowdown,"
                   "clocks_event_reasons.hw_power_brake_slowdown")
SMI_FIELDS_BASIC = "timestamp,clocks.sm,clocks.mem,power.draw,temperature.gpu,utilization.gpu"


def start_smi(out_dir):
    """Starts nvidia-smi logging every 200 ms; returns the process (or None) and the fields."""
    for fields in (SMI_FIELDS_FULL, SMI_FIELDS_BASIC):
        one = subprocess.run(["nvidia-smi", f"--query-gpu={fields}", "--format=csv"],
                             capture_output=True, text=True)
        if one.returncode == 0:
            log = open(f"{out_dir}/smi.csv", "w")
            proc = subprocess.Popen(
                ["nvidia-smi", f"--query-gpu={fields}", "--format=csv,nounits", "-lms", "200"],
                stdout=log, stderr=subprocess.STDOUT)
            return proc, fields
    return None, None


def smi_q(path):
    r = subprocess.run(["nvidia-smi", "-q", "-d", "POWER,CLOCK,PERFORMANCE,TEMPERATURE"],
                       capture_output=True, text=True)
    with open(path, "w") as f:
        f.write(r.stdout + r.stderr)


def timed_loop(fn, per_batch, seconds, work_per_call, unit_scale):
    """Calls fn in batches of per_batch for `seconds`; returns [t_start_s, rate] per batch."""
    series = []
    a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        t = time.perf_counter() - t0
        a.record()
        for _ in range(per_batch):
            fn()
        b.record()
        b.synchronize()
        ms = a.elapsed_time(b)
        series.append([round(t, 3), work_per_call * per_batch / (ms / 1e3) / unit_scale])
    return series


def summarise(series):
    """The rate over the first 0.5 s, 1-3 s and in 10-second windows."""
    def mean(lo, hi):
        v = [r for t, r in series if lo <= t < hi]
        return sum(v) / len(v) if v else None
    end = series[-1][0] if series else 0
    out = {"first_0.5s": mean(0, 0.5), "1-3s": mean(1, 3)}
    for lo in range(0, int(end) + 1, 10):
        out[f"{lo}-{lo + 10}s"] = mean(lo, lo + 10)
    return out


def gemm_phase(seconds):
    # The GPT-3 5B / Llama-class fc1 GEMM: 8,192 tokens x 4,096 x 16,384.
    fn, flops = gemm_operands(4096, 8192, "fc1", False)
    series = timed_loop(fn, 4, seconds, flops, 1e12)
    return {"shape_mkn": [8192, 4096, 16384], "unit": "TFLOP/s", "series": series,
            "summary": summarise(series)}


def layer_phase(seconds, name="llama3_8b_s8k", n_layers=6):
    layers, x, gout, step = layer_stack(SHAPES[name], n_layers)
    # Rate = layers per second; the summary also gives ms per layer.
    series = timed_loop(step, 1, seconds, n_layers, 1.0)
    del layers, x, gout
    torch.cuda.empty_cache()
    summary = summarise(series)
    return {"layer": name, "layers": n_layers, "unit": "layers/s", "series": series,
            "summary": summary,
            "ms_per_layer": {k: (1e3 / v if v else None) for k, v in summary.items()}}


def copy_phase(seconds):
    nbytes = 1 << 30
    src = torch.empty(nbytes, device=DEV, dtype=torch.uint8).random_()
    dst = torch.empty_like(src)
    series = timed_loop(lambda: dst.copy_(src), 8, seconds, 2.0 * nbytes, 1e9)
    del src, dst
    torch.cuda.empty_cache()
    return {"bytes_per_copy": nbytes, "unit": "GB/s read+write", "series": series,
            "summary": summarise(series)}


# GEMM shapes (tokens x hidden times hidden x n) of transformer layers: hidden, tokens, layer.
GEMM_SHAPES = [(h, m, name) for h in (2048, 4096, 8192, 12288) for m in (4096, 16384)
               for name in ("qkv", "fc1", "fc2")]


def gemm_operands(h, m, name, fp8):
    n, k = {"qkv": (3 * h, h), "fc1": (4 * h, h), "fc2": (h, 4 * h)}[name]
    x = torch.randn(m, k, device=DEV, dtype=DT)
    w = torch.randn(n, k, device=DEV, dtype=DT)
    flops = 2.0 * m * n * k
    if not fp8:
        y = torch.empty(m, n, device=DEV, dtype=DT)
        return (lambda: torch.matmul(x, w.t(), out=y)), flops
    f8 = torch.float8_e4m3fn
    xf, wf = x.to(f8), w.to(f8)
    one = torch.ones((), device=DEV, dtype=torch.float32)
    return (lambda: torch._scaled_mm(xf, wf.t(), scale_a=one, scale_b=one, out_dtype=DT)), flops


def rate_over(fn, flops, seconds, skip):
    """TFLOP/s of back-to-back calls over `seconds`, the first `skip` seconds left out."""
    series = timed_loop(fn, 2, seconds, flops, 1e12)
    v = [r for t, r in series if t >= skip]
    return sum(v) / len(v) if v else None


def burst_rate(fn, flops):
    """The other probes' method: 20 calls after 5 warm-ups, from a GPU left idle for 1.5 s."""
    time.sleep(1.5)
    for _ in range(5):
        fn()
    a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    a.record()
    for _ in range(20):
        fn()
    b.record()
    b.synchronize()
    return flops * 20 / (a.elapsed_time(b) / 1e3) / 1e12


def main_gemms(out_dir):
    """Each GEMM shape in bf16 and FP8: hot and power-capped (2 s back to back, after 20 s of
    heating) and as a burst from an idle GPU; then FP8 for 40 s to log its clock."""
    res = {"device": torch.cuda.get_device_name(0), "torch": torch.__version__, "shapes": []}
    proc, res["smi_fields"] = start_smi(out_dir)
    t_start = time.time()
    res["clock_origin_unix"] = t_start
    fp8_ok = hasattr(torch, "_scaled_mm") and torch.cuda.get_device_capability() >= (8, 9)
    fn, flops = gemm_operands(4096, 8192, "fc1", False)
    res["heat_tflops"] = rate_over(fn, flops, 20, 15)
    for mode in ("hot", "burst"):
        res[f"{mode}_began_s"] = round(time.time() - t_start, 2)
        for h, m, name in GEMM_SHAPES:
            row = next((r for r in res["shapes"] if r["key"] == [h, m, name]), None)
            if row is None:
                row = {"key": [h, m, name]}
                res["shapes"].append(row)
            for fp8 in ((False, True) if fp8_ok else (False,)):
                tag = f"{mode}_{'fp8' if fp8 else 'bf16'}"
                try:
                    fn, flops = gemm_operands(h, m, name, fp8)
                    row[tag] = (rate_over(fn, flops, 2.0, 0.5) if mode == "hot"
                                else burst_rate(fn, flops))
                except Exception as e:
                    row[tag + "_error"] = repr(e)[:200]
                del fn
            torch.cuda.empty_cache()
            print(mode, json.dumps(row), flush=True)
        if mode == "hot":
            time.sleep(20)
    if fp8_ok:
        res["fp8_long_began_s"] = round(time.time() - t_start, 2)
        fn, flops = gemm_operands(4096, 8192, "fc1", True)
        series = timed_loop(fn, 4, 40, flops, 1e12)
        res["fp8_long"] = {"shape": [4096, 8192, "fc1"], "summary": summarise(series),
                           "series": series}
        print("fp8_long", json.dumps(res["fp8_long"]["summary"]), flush=True)
    res["ended_s"] = round(time.time() - t_start, 2)
    if proc is not None:
        proc.terminate()
        proc.wait()
    with open(f"{out_dir}/gemms.json", "w") as f:
        json.dump(res, f)


def main_layers(out_dir, names=tuple(SHAPES), seconds=20.0, n_layers=6):
    """Each layer stack forward + backward back to back for `seconds`, then profiled while hot:
    the time per layer over the last 8 s and the kernels' time by kind (layer_probe's split)."""
    from layer_probe import kind, profile_kernels

    res = {"device": torch.cuda.get_device_name(0), "torch": torch.__version__, "layers": {}}
    proc, res["smi_fields"] = start_smi(out_dir)
    t_start = time.time()
    res["clock_origin_unix"] = t_start
    for name in names:
        r = {"began_s": round(time.time() - t_start, 2)}
        try:
            layers, x, gout, step = layer_stack(SHAPES[name], n_layers, build_on_gpu=True)
            r["loop_began_s"] = round(time.time() - t_start, 2)
            series = timed_loop(step, 1, seconds, n_layers, 1.0)
            last = [v for t, v in series if t >= seconds - 8]
            r["hot_ms_per_layer"] = 1e3 * len(last) / sum(last)
            r["first_step_ms_per_layer"] = 1e3 / series[0][1]
            r["second_step_ms_per_layer"] = 1e3 / series[1][1] if len(series) > 1 else None
            r["profile_began_s"] = round(time.time() - t_start, 2)
            rows = profile_kernels(step, 3)
            per = 3 * n_layers
            sums = {"gemm": 0.0, "attention": 0.0, "other": 0.0}
            for key, cnt, us in rows:
                sums[kind(key)] += us / 1e3 / per
            r["hot_kernels_ms"] = sums
            r["profile_ended_s"] = round(time.time() - t_start, 2)
            del layers, x, gout
            torch.cuda.empty_cache()
        except Exception as e:
            r["error"] = repr(e)[:400]
        res["layers"][name] = r
        print(name, json.dumps(r), flush=True)
        with open(f"{out_dir}/layers.json", "w") as f:
            json.dump(res, f)
    if proc is not None:
        proc.terminate()
        proc.wait()


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else "."
    if len(sys.argv) > 2 and sys.argv[2] == "gemms":
        return main_gemms(out_dir)
    if len(sys.argv) > 2 and sys.argv[2] == "layers":
        return main_layers(out_dir)
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 100.0
    p = torch.cuda.get_device_properties(0)
    res = {"device": p.name, "sms": p.multi_processor_count, "torch": torch.__version__,
           "cuda": torch.version.cuda, "seconds": seconds}
    smi_q(f"{out_dir}/smi_before.txt")
    proc, fields = start_smi(out_dir)
    res["smi_fields"] = fields
    t_start = time.time()
    res["clock_origin_unix"] = t_start
    phases = [("idle0", lambda: time.sleep(5)), ("gemm", lambda: gemm_phase(seconds)),
              ("idle1", lambda: time.sleep(15)), ("layer", lambda: layer_phase(seconds)),
              ("copy", lambda: copy_phase(20)), ("idle2", lambda: time.sleep(5))]
    res["phases"] = {}
    for name, fn in phases:
        began = time.time() - t_start
        try:
            r = fn() or {}
        except Exception as e:  # keep what the other phases measured
            r = {"error": repr(e)[:400]}
        r["began_s"] = round(began, 2)
        r["ended_s"] = round(time.time() - t_start, 2)
        res["phases"][name] = r
        print(name, json.dumps({k: r.get(k) for k in ("summary", "ms_per_layer", "error",
                                                       "began_s", "ended_s")}), flush=True)
        with open(f"{out_dir}/sustained.json", "w") as f:
            json.dump(res, f)
    if proc is not None:
        proc.terminate()
        proc.wait()
    smi_q(f"{out_dir}/smi_after.txt")


if __name__ == "__main__":
    main()
