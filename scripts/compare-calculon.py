#!/usr/bin/env python3
"""Runs Calculon on every plan of the validation suite and compares it with clusterc.

Usage: scripts/compare-calculon.py --calculon DIR [--systems clusterc|calculon] [--jobs N]
                                    [--clusterc PATH] [--cases FILE] [--match TEXT] [--tsv FILE]

DIR is a checkout of Calculon (github.com/calculon-ai/calculon) that runs as
`PYTHONPATH=DIR DIR/bin/calculon llm ...`; this script neither fetches nor builds it, and no test
needs it. For each spec named in cases.tsv it writes the Calculon files with
`clusterc build SPEC --emit calculon` and reads clusterc's own step from `clusterc explain SPEC
--format json`, all in a temporary directory that it removes. A time case takes Calculon's
`total_time` as the step; a rate case (tokens/s, TFLOP/s, MFU) takes clusterc's prediction x
clusterc's step / Calculon's step, the same work a step. Memory cases are left out.

--systems calculon replaces clusterc's system.json with Calculon's own file for the GPU
(systems/a100_80g.json, systems/h100_80g_nvl8.json; other GPUs are left out), its datatype
(float16, float8 where clusterc's file runs matrices at the FP8 rate) and its mem1 capacity
raised to what clusterc's file states (fused attention's allowance: docs/calculon.md).

Prints Markdown tables of mean / max |error| against the published figures (docs/simulator-
comparison.md, "Calculon on the whole suite"); --tsv writes one row a case.
"""

import argparse
import collections
import concurrent.futures
import csv
import json
import os
import statistics
import subprocess
import sys
import tempfile

RATE_METRICS = {"tokens_per_s_per_gpu", "hw_tflops_per_gpu", "model_tflops_per_gpu", "mfu_pct"}
TIME_METRICS = {"step_time_s"}
OWN_SYSTEMS = {"A100": "a100_80g.json", "H100": "h100_80g_nvl8.json"}


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
        plans[entity["name"]] = {"step": groups["time"]["step_time"]["value"], "moe": active < params}
    return plans


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


def run_calculon(calculon, python, plan_dir, system_override, execution_override, work):
    """Calculon's step for one plan, or (None, its first error line)."""
    files = {name: os.path.join(plan_dir, name + ".json")
             for name in ("model", "execution", "system")}
    for name, content in (("system", system_override), ("execution", execution_override)):
        if content is not None:
            files[name] = os.path.join(work, name + ".json")
            with open(files[name], "w") as f:
                json.dump(content, f)
    result = os.path.join(work, "result.json")
    env = dict(os.environ, PYTHONPATH=calculon)
    out = subprocess.run([python, os.path.join(calculon, "bin", "calculon"), "llm",
                          files["model"], files["execution"], files["system"], result],
                         capture_output=True, text=True, env=env, check=False)
    if out.returncode != 0 or not os.path.exists(result):
        lines = (out.stdout + out.stderr).strip().splitlines()
        return None, lines[-1] if lines else f"exit {out.returncode}"
    with open(result) as f:
        return json.load(f)["total_time"], None


def error_pct(prediction, published):
    return (prediction / published - 1) * 100


def speed_error_pct(case, prediction):
    """+: predicted faster (a shorter step, a higher rate)."""
    published = float(case["published"])
    if case["metric"] in TIME_METRICS:
        return (published / prediction - 1) * 100
    return (prediction / published - 1) * 100


def summarise(label, rows):
    ours = [abs(r["clusterc_err"]) for r in rows]
    theirs = [abs(r["calculon_err"]) for r in rows]
    nearer = sum(a < b for a, b in zip(ours, theirs))
    return (f"| {label} | {len(rows)} | {statistics.mean(ours):.2f} / {max(ours):.1f} % | "
            f"{statistics.mean(theirs):.2f} / {max(theirs):.1f} % | {nearer} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--calculon", required=True, help="a Calculon checkout")
    parser.add_argument("--systems", choices=("clusterc", "calculon"), default="clusterc")
    parser.add_argument("--clusterc", default="build/clusterc")
    parser.add_argument("--cases", default="tests/validation/cases.tsv")
    parser.add_argument("--python", default=sys.executable,
                        help="the interpreter that runs Calculon (needs its numpy and pandas)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--match", help="only the cases whose citation contains this text")
    parser.add_argument("--tsv", help="write one row a case here")
    args = parser.parse_args()
    if not os.path.exists(os.path.join(args.calculon, "bin", "calculon")):
        raise SystemExit(f"{args.calculon}: no bin/calculon (a Calculon checkout is needed)")

    cases = read_cases(args.cases)
    if args.match:
        cases = [c for c in cases if args.match in c["citation"]]
    if args.systems == "calculon":
        cases = [c for c in cases if c["accelerator"] in OWN_SYSTEMS]
    spec_dir = os.path.dirname(os.path.abspath(args.cases))
    with tempfile.TemporaryDirectory(prefix="clusterc-calculon-") as tmp:
        plans, out_dirs = {}, {}
        for spec in sorted({c["spec"] for c in cases}):
            path = os.path.join(spec_dir, spec)
            out_dirs[spec] = os.path.join(tmp, os.path.splitext(spec)[0])
            build = subprocess.run([args.clusterc, "build", path, "--emit", "calculon", "-q",
                                    "-o", out_dirs[spec]], capture_output=True, text=True,
                                   check=False)
            if build.returncode != 0:
                raise SystemExit(f"clusterc build {spec} failed:\n{build.stderr}")
            plans[spec] = explain_plans(args.clusterc, path)

        def one(index_case):
            index, case = index_case
            plan_dir = os.path.join(out_dirs[case["spec"]], "calculon", case["plan"])
            if not os.path.isdir(plan_dir):
                return case, 0, None, "clusterc wrote no Calculon files for this plan"
            work = os.path.join(tmp, f"run{index}")
            os.mkdir(work)
            system = execution = None
            if args.systems == "calculon":
                with open(os.path.join(plan_dir, "system.json")) as f:
                    ours = json.load(f)
                with open(os.path.join(plan_dir, "execution.json")) as f:
                    execution = json.load(f)
                system = own_system(args.calculon, case["accelerator"], ours, execution)
            with open(os.path.join(plan_dir, "model.json")) as f:
                seq = json.load(f)["seq_size"]
            step, failure = run_calculon(args.calculon, args.python, plan_dir, system, execution,
                                         work)
            return case, seq, step, failure

        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            results = list(pool.map(one, enumerate(cases)))

    rows, refused = [], collections.Counter()
    for case, seq, step, failure in results:
        if step is None:
            refused[failure.split(" needs ")[0] if " needs " in failure else failure] += 1
            continue
        plan = plans[case["spec"]][case["plan"]]
        published, ours = float(case["published"]), float(case["prediction"])
        theirs = step if case["metric"] in TIME_METRICS else ours * plan["step"] / step
        rows.append({"id": case["id"], "accelerator": case["accelerator"], "moe": plan["moe"],
                     "metric": case["metric"], "seq": seq, "published": published, "clusterc": ours,
                     "calculon": theirs, "clusterc_err": error_pct(ours, published),
                     "calculon_err": error_pct(theirs, published),
                     "calculon_speed_err": speed_error_pct(case, theirs)})

    print(f"Calculon ran {len(rows)} of {len(cases)} cases "
          f"({args.systems}'s system files); refused {sum(refused.values())}:")
    for reason, count in refused.most_common():
        print(f"- {count} x {reason}")
    if not rows:
        return 1
    print()
    print("| cases | n | clusterc | Calculon | clusterc nearer |")
    print("|---|---|---|---|---|")
    print(summarise("every case Calculon ran", rows))
    for label, moe in (("dense", False), ("MoE", True)):
        subset = [r for r in rows if r["moe"] == moe]
        if subset:
            print(summarise(label, subset))
    by_gpu = collections.defaultdict(list)
    for r in rows:
        by_gpu[r["accelerator"]].append(r)
    for gpu in sorted(by_gpu, key=lambda g: -len(by_gpu[g])):
        print(summarise(gpu, by_gpu[gpu]))
    print()
    print("| sequence (dense cases) | n | Calculon median speed error (+: faster) |")
    print("|---|---|---|")
    by_seq = collections.defaultdict(list)
    for r in rows:
        if not r["moe"]:
            by_seq[r["seq"]].append(r["calculon_speed_err"])
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
