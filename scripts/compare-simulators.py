#!/usr/bin/env python3
"""Runs a simulator on every plan of the validation suite and compares it with clusterc.

Usage: scripts/compare-simulators.py (--calculon DIR | --astra-sim BINARY | --simai DIR)
           [--systems clusterc|calculon] [--jobs N] [--timeout SECONDS] [--match TEXT]
           [--ids ID,...] [--clusterc PATH] [--cases FILE] [--python PATH] [--tsv FILE]

The simulator is a local build of its public source; this script neither fetches nor builds it,
and no test needs it (tests/integration/compare_simulators_test.py runs it against stand-ins).
- --calculon DIR: a Calculon checkout, run as `PYTHONPATH=DIR DIR/bin/calculon llm ...`; its
  `total_time` is the step.
- --astra-sim BINARY: AstraSim_Analytical_Congestion_Unaware (or _Aware), run by each plan's
  run.sh, which prints the step: the last rank's finish, extrapolated where the traces sample the
  micro-batches (docs/astra-sim.md).
- --simai DIR: a SimAI 1.6 checkout with bin/SimAI_analytical, run by each plan's script (as
  SIMAI_ROOT); the step is the "Total time" of the script's results/PLAN-EndToEnd.csv, in
  microseconds.

For each plan of a case in cases.tsv it lowers the spec with `clusterc build --emit TOOL` and
reads clusterc's own step from `clusterc explain --format json`, all in a temporary directory that
it removes. A time case takes the simulator's step; a rate case (tokens/s, TFLOP/s, MFU) takes
clusterc's prediction x clusterc's step / the simulator's, the same work a step. Memory cases are
left out.

--systems calculon (Calculon only) replaces clusterc's system.json with Calculon's own file for
the GPU (systems/a100_80g.json, systems/h100_80g_nvl8.json; other GPUs are left out), its datatype
(float16, float8 where clusterc's file runs matrices at the FP8 rate) and its mem1 capacity
raised to what clusterc's file states (fused attention's allowance: docs/calculon.md).

Prints Markdown tables of mean / max |error| against the published figures (docs/simulator-
comparison.md); --tsv writes one row a case.
"""

import argparse
import collections
import concurrent.futures
import csv
import glob
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile

RATE_METRICS = {"tokens_per_s_per_gpu", "hw_tflops_per_gpu", "model_tflops_per_gpu", "mfu_pct"}
TIME_METRICS = {"step_time_s"}
OWN_SYSTEMS = {"A100": "a100_80g.json", "H100": "h100_80g_nvl8.json"}
FINISHED = re.compile(r"sys\[\d+\] finished, (\d+) cycles")
STEP = re.compile(r"^step of \d+ micro-batch(?:es)?: (\d+) ns", re.M)


def read_cases(path):
    with open(path, newline="") as f:
        lines = [line for line in f if not line.startswith("#")]
    rows = list(csv.DictReader(lines, delimiter="\t"))
    return [r for r in rows if r["metric"] in RATE_METRICS | TIME_METRICS]


def explain_plans(clusterc, spec):
    """Per plan: clusterc's step (s) and whether the model routes to experts."""
    out = subprocess.run([clusterc, "explain", spec, "--format", "json"], capture_output=True,
                         text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"clusterc explain {spec} failed ({out.returncode}):\n{out.stderr}")
    plans = {}
    for entity in json.loads(out.stdout)["entities"]:
        if entity["kind"] != "plan":
            continue
        groups = entity["groups"]
        shape = groups["shape"]
        params = shape["params"]["value"]
        active = shape.get("active_params", {}).get("value", params)
        plans[entity["name"]] = {"step": groups["time"]["step_time"]["value"],
                                 "moe": active < params}
    return plans


def lower(clusterc, spec, plan, tool, out_dir):
    """`clusterc build` for one plan; the plan's files, or (None, why not)."""
    build = subprocess.run([clusterc, "build", spec, "--plan", plan, "--emit", tool, "-q", "-o",
                            out_dir], capture_output=True, text=True, check=False)
    if build.returncode != 0:
        return None, "clusterc build failed: " + first_error(build.stderr, build.returncode)
    return out_dir, None


def run_bounded(command, timeout, **kwargs):
    """subprocess.run with a time limit that also stops what the command started (run.sh's
    simulator): the command leads its own process group, killed whole on time-out."""
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          start_new_session=True, **kwargs) as process:
        try:
            stdout, stderr = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            raise
        return subprocess.CompletedProcess(command, process.returncode, stdout, stderr)


def first_error(text, returncode):
    lines = text.strip().splitlines()
    return lines[-1] if lines else f"exit {returncode}"


def own_system(calculon, accelerator, clusterc_system, execution):
    """Calculon's own system file for the GPU, made to accept the plan as clusterc's does."""
    with open(os.path.join(calculon, "systems", OWN_SYSTEMS[accelerator])) as f:
        system = json.load(f)
    ours_rate = next(iter(clusterc_system["matrix"].values()))["tflops"]
    fp16_rate = system["matrix"]["float16"]["tflops"]
    fp8 = "float8" in system["matrix"] and ours_rate > 1.5 * fp16_rate
    execution["datatype"] = "float8" if fp8 else "float16"
    system["mem1"]["GiB"] = max(system["mem1"]["GiB"], clusterc_system["mem1"]["GiB"])
    return system


def run_calculon(args, case, built, work):
    plan_dir = os.path.join(built, "calculon", case["plan"])
    if not os.path.isdir(plan_dir):
        return None, "clusterc wrote no Calculon files for this plan"
    files = {name: os.path.join(plan_dir, name + ".json")
             for name in ("model", "execution", "system")}
    if args.systems == "calculon":
        with open(files["system"]) as f:
            ours = json.load(f)
        with open(files["execution"]) as f:
            execution = json.load(f)
        system = own_system(args.calculon, case["accelerator"], ours, execution)
        for name, content in (("system", system), ("execution", execution)):
            files[name] = os.path.join(work, name + ".json")
            with open(files[name], "w") as f:
                json.dump(content, f)
    result = os.path.join(work, "result.json")
    env = dict(os.environ, PYTHONPATH=args.calculon)
    try:
        out = run_bounded([args.python, os.path.join(args.calculon, "bin", "calculon"), "llm",
                           files["model"], files["execution"], files["system"], result],
                          args.timeout, env=env)
    except subprocess.TimeoutExpired:
        return None, f"no step within {args.timeout} s"
    if out.returncode != 0 or not os.path.exists(result):
        return None, first_error(out.stdout + out.stderr, out.returncode)
    with open(result) as f:
        return json.load(f)["total_time"], None


def run_astra_sim(args, case, built, work):
    script = os.path.join(built, "astra-sim", case["plan"], "run.sh")
    if not os.path.exists(script):
        return None, "clusterc wrote no ASTRA-sim files for this plan"
    env = dict(os.environ, ASTRA_SIM=os.path.abspath(args.astra_sim), TMPDIR=work)
    try:
        out = run_bounded(["sh", script], args.timeout, env=env)
    except subprocess.TimeoutExpired:
        return None, f"no step within {args.timeout} s"
    # run.sh prints the step (extrapolated where the traces sample it); else the last rank's finish.
    step = STEP.search(out.stdout)
    if step:
        return int(step.group(1)) * 1e-9, None
    finished = [int(t) for t in FINISHED.findall(out.stdout + out.stderr)]
    if out.returncode != 0 or not finished:
        return None, first_error(out.stdout + out.stderr, out.returncode)
    return max(finished) * 1e-9, None


def run_simai(args, case, built, work):
    script = os.path.join(built, "simai", case["plan"] + ".sh")
    if not os.path.exists(script):
        return None, "clusterc wrote no SimAI files for this plan"
    # SimAI runs from its root and opens its inputs relative to it; the script writes the results
    # beside itself. A private root (links to what it reads) keeps parallel runs apart.
    root = os.path.join(work, "simai")
    os.makedirs(root)
    for part in ("bin", "astra-sim-alibabacloud"):
        os.symlink(os.path.join(os.path.abspath(args.simai), part), os.path.join(root, part))
    env = dict(os.environ, SIMAI_ROOT=root, TMPDIR=work)
    try:
        out = run_bounded(["sh", os.path.abspath(script)], args.timeout, env=env, cwd=root)
    except subprocess.TimeoutExpired:
        return None, f"no step within {args.timeout} s"
    results = glob.glob(os.path.join(built, "simai", "results", case["plan"] + "-EndToEnd.csv"))
    if out.returncode != 0 or not results:
        return None, first_error(out.stdout + out.stderr, out.returncode)
    # The summary's header names "Total time" (microseconds); the per-layer table follows it.
    with open(results[0]) as f:
        rows = [[cell.strip() for cell in row] for row in csv.reader(f) if row]
    for header, values in zip(rows, rows[1:]):
        if "Total time" in header:
            return float(values[header.index("Total time")]) * 1e-6, None
    return None, f"no \"Total time\" in {os.path.basename(results[0])}"


def error_pct(prediction, published):
    return (prediction / published - 1) * 100


def summarise(label, rows):
    ours = [abs(r["clusterc_err"]) for r in rows]
    theirs = [abs(r["simulator_err"]) for r in rows]
    nearer = sum(a < b for a, b in zip(ours, theirs))
    return (f"| {label} | {len(rows)} | {statistics.mean(ours):.2f} / {max(ours):.1f} % | "
            f"{statistics.mean(theirs):.2f} / {max(theirs):.1f} % | {nearer} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    tool = parser.add_mutually_exclusive_group(required=True)
    tool.add_argument("--calculon", help="a Calculon checkout")
    tool.add_argument("--astra-sim", help="an ASTRA-sim analytical binary")
    tool.add_argument("--simai", help="a SimAI checkout with bin/SimAI_analytical")
    parser.add_argument("--systems", choices=("clusterc", "calculon"), default="clusterc",
                        help="Calculon's hardware: clusterc's system.json or Calculon's own")
    parser.add_argument("--clusterc", default="build/clusterc")
    parser.add_argument("--cases", default="tests/validation/cases.tsv")
    parser.add_argument("--python", default=sys.executable,
                        help="the interpreter that runs Calculon (needs its numpy and pandas)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--timeout", type=float, default=1800, help="seconds a run may take")
    parser.add_argument("--match", help="only the cases whose citation contains this text")
    parser.add_argument("--ids", help="only these cases (ids, comma-separated)")
    parser.add_argument("--tsv", help="write one row a case here")
    args = parser.parse_args()
    if args.calculon:
        name, emit, runner = "Calculon", "calculon", run_calculon
        needed = os.path.join(args.calculon, "bin", "calculon")
    elif args.astra_sim:
        name, emit, runner, needed = "ASTRA-sim", "astra-sim", run_astra_sim, args.astra_sim
    else:
        name, emit, runner = "SimAI", "simai", run_simai
        needed = os.path.join(args.simai, "bin", "SimAI_analytical")
    if not os.path.exists(needed):
        raise SystemExit(f"{needed}: not found (a local build of {name} is needed)")
    if args.systems == "calculon" and not args.calculon:
        raise SystemExit("--systems calculon applies to --calculon only")
    clusterc = os.path.abspath(args.clusterc)

    cases = read_cases(args.cases)
    if args.match:
        cases = [c for c in cases if args.match in c["citation"]]
    if args.ids:
        wanted = set(args.ids.split(","))
        cases = [c for c in cases if c["id"] in wanted]
    if args.systems == "calculon":
        cases = [c for c in cases if c["accelerator"] in OWN_SYSTEMS]
    spec_dir = os.path.dirname(os.path.abspath(args.cases))
    plans = {spec: explain_plans(clusterc, os.path.join(spec_dir, spec))
             for spec in sorted({c["spec"] for c in cases})}

    with tempfile.TemporaryDirectory(prefix="clusterc-compare-") as tmp:
        def one(index_case):
            index, case = index_case
            work = os.path.join(tmp, f"case{index}")
            os.mkdir(work)
            try:
                built, failure = lower(clusterc, os.path.join(spec_dir, case["spec"]),
                                       case["plan"], emit, os.path.join(work, "out"))
                if built is None:
                    return case, None, failure, 0
                step, failure = runner(args, case, built, work)
                seq = 0
                model = os.path.join(built, "calculon", case["plan"], "model.json")
                if args.calculon and os.path.exists(model):
                    with open(model) as f:
                        seq = json.load(f)["seq_size"]
                return case, step, failure, seq
            finally:
                # Traces take up to gigabytes a plan: gone as soon as the plan has run.
                shutil.rmtree(work, ignore_errors=True)

        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            futures = [pool.submit(one, ic) for ic in enumerate(cases)]
            for done, future in enumerate(concurrent.futures.as_completed(futures), 1):
                case, step, failure, _ = future.result()
                print(f"[{done}/{len(cases)}] {case['id']}: "
                      f"{f'{step:.6g} s' if step is not None else failure}", file=sys.stderr)
            results = [future.result() for future in futures]

    rows, refused = [], collections.Counter()
    for case, step, failure, seq in results:
        if step is None:
            refused[failure.split(" needs ")[0] if " needs " in failure else failure] += 1
            continue
        plan = plans[case["spec"]][case["plan"]]
        published, ours = float(case["published"]), float(case["prediction"])
        theirs = step if case["metric"] in TIME_METRICS else ours * plan["step"] / step
        rows.append({"id": case["id"], "accelerator": case["accelerator"], "moe": plan["moe"],
                     "metric": case["metric"], "seq": seq, "published": published, "clusterc": ours,
                     "simulator": theirs, "clusterc_err": error_pct(ours, published),
                     "simulator_err": error_pct(theirs, published),
                     "clusterc_step": plan["step"],
                     "simulator_step": step})

    systems = f" ({args.systems}'s system files)" if args.calculon else ""
    print(f"{name} ran {len(rows)} of {len(cases)} cases{systems}; "
          f"no step for {sum(refused.values())}:")
    for reason, count in refused.most_common():
        print(f"- {count} x {reason}")
    if not rows:
        return 1
    ratios = sorted(r["simulator_step"] / r["clusterc_step"] for r in rows)
    print(f"\n{name}'s step over clusterc's: median {statistics.median(ratios):.3f}, 10th and "
          f"90th percentiles {ratios[len(ratios) // 10]:.3f} and "
          f"{ratios[(9 * len(ratios)) // 10]:.3f}")
    print()
    print(f"| cases | n | clusterc | {name} | clusterc nearer |")
    print("|---|---|---|---|---|")
    print(summarise(f"every case {name} ran", rows))
    for label, moe in (("dense", False), ("MoE", True)):
        subset = [r for r in rows if r["moe"] == moe]
        if subset:
            print(summarise(label, subset))
    by_gpu = collections.defaultdict(list)
    for r in rows:
        by_gpu[r["accelerator"]].append(r)
    for gpu in sorted(by_gpu, key=lambda g: -len(by_gpu[g])):
        print(summarise(gpu, by_gpu[gpu]))
    if args.calculon:
        print()
        print("| sequence (dense cases) | n | Calculon median speed error (+: faster) |")
        print("|---|---|---|")
        by_seq = collections.defaultdict(list)
        for r in rows:
            if not r["moe"]:
                faster = (r["published"] / r["simulator"] if r["metric"] in TIME_METRICS
                          else r["simulator"] / r["published"])
                by_seq[r["seq"]].append((faster - 1) * 100)
        for seq in sorted(by_seq):
            print(f"| {seq:,} | {len(by_seq[seq])} | {statistics.median(by_seq[seq]):+.1f} % |")
    if args.tsv:
        with open(args.tsv, "w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=list(rows[0]), delimiter="\t")
            writer.writeheader()
            writer.writerows(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
