"""CUDA-event timing shared by the GPU probes."""
import torch


def cuda_ms(fn, iters, warm=3):
    """Mean milliseconds of fn() over iters calls after warm calls, by CUDA events."""
    for _ in range(warm):
        fn()
    torch.cuda.synchronize()
    a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    a.record()
    for _ in range(iters):
        fn()
    b.record()
    torch.cuda.synchronize()
    return a.elapsed_time(b) / iters
