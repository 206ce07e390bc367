#!/usr/bin/env python3
"""scripts/compare-simulators.py against stand-ins for the simulators (no test may need the real
ones). Calculon's: a `bin/calculon` that answers a step by the datatype it is given (bfloat16 2 s,
float16 3 s, float8 4 s) and refuses a 16-GPU plan or a system whose mem1 is under 50 GiB, as
Calculon does ("ERROR: Mem tier1 needs ..."). ASTRA-sim's: a binary whose ranks finish at
1 s + 0.25 s a micro-batch (run.sh extrapolates the sampled step). SimAI's: a
`bin/SimAI_analytical` that writes its EndToEnd.csv with a 5 s step where its script asks.
Checks which cases run, the rate conversion (clusterc's prediction x clusterc's step / the
simulator's), Calculon's own system files with their datatype and mem1, the --match filter, the
refusal count, and that nothing is left in the temporary directory.

    compare_simulators_test.py CLUSTERC SOURCE_DIR"""
import csv
import glob
import json
import os
import subprocess
import sys
import tempfile

clusterc, source_dir = os.path.abspath(sys.argv[1]), sys.argv[2]
script = os.path.join(source_dir, "scripts", "compare-simulators.py")
cases = os.path.join(source_dir, "tests", "data", "compare_simulators", "cases.tsv")
spec = os.path.join(source_dir, "tests", "data", "compare_simulators", "suite.cl")
failures = []

FAKE = r'''#!/usr/bin/env python3
import json, sys
model, execution, system, out = sys.argv[2:6]
assert sys.argv[1] == "llm"
with open(execution) as f:
    ex = json.load(f)
with open(system) as f:
    sy = json.load(f)
if ex["num_procs"] == 16:
    print("ERROR: Mem tier1 needs 100.000 GiB but only has 80.000 GiB")
    sys.exit(255)
if sy["mem1"]["GiB"] < 50:
    print("ERROR: Mem tier1 needs 50.000 GiB but only has %.3f GiB" % sy["mem1"]["GiB"])
    sys.exit(255)
if ex["datatype"] not in sy["matrix"]:
    print("datatype %s not in the system's matrix" % ex["datatype"])
    sys.exit(1)
with open(out, "w") as f:
    json.dump({"total_time": {"bfloat16": 2.0, "float16": 3.0, "float8": 4.0}[ex["datatype"]]}, f)
'''

# Ranks finish at 1 s + 0.25 s a micro-batch (the workload's name says how many: workload.mM/),
# rank 0 last; the refused plan's traces (16 GPUs) make it fail.
FAKE_ASTRA_SIM = r'''#!/bin/sh
for a; do case "$a" in --workload-configuration=*) w="${a#*=}";; esac; done
case "$w" in *refused*) echo "bad_alloc"; exit 134;; esac
case "$w" in *rate_fp8*) [ -n "$FAKE_SLEEP" ] && sleep 47.25;; esac
m=${w#workload.m}; m=${m%%/*}
echo "[workload] [info] sys[0] finished, $((1000000000 + 250000000 * m)) cycles, exposed 0."
echo "[workload] [info] sys[1] finished, 900, exposed 0."
'''

# SimAI writes results/<-r>EndToEnd.csv under the directory it runs from: a summary whose "Total
# time" is the step in microseconds, then a table of layers.
FAKE_SIMAI = r'''#!/bin/sh
while [ $# -gt 0 ]; do [ "$1" = -r ] && r="$2"; shift; done
printf 'File name, Expose DP comm, Total time\nx-, 0 (0.00%%), 5000000\nlayer_name,fwd compute\nlm_head.0,4028\n' > "results/${r}EndToEnd.csv"
'''


def check(condition, message):
    if not condition:
        failures.append(message)


def steps():
    out = subprocess.run([clusterc, "explain", spec, "--format", "json"], capture_output=True,
                         text=True, check=True)
    return {e["name"]: e["groups"]["time"]["step_time"]["value"]
            for e in json.loads(out.stdout)["entities"] if e["kind"] == "plan"}


def run(work, *extra):
    tsv = os.path.join(work, "cases.out.tsv")
    if os.path.exists(tsv):
        os.remove(tsv)
    env = dict(os.environ, TMPDIR=work)
    out = subprocess.run([sys.executable, script, "--clusterc", clusterc,
                          "--cases", cases, "--jobs", "2", "--tsv", tsv, *extra],
                         capture_output=True, text=True, env=env, check=False)
    rows = {}
    if os.path.exists(tsv):
        with open(tsv, newline="") as f:
            rows = {r["id"]: r for r in csv.DictReader(f, delimiter="\t")}
    return out, rows


def near(a, b):
    return abs(float(a) - b) <= 1e-9 * max(1.0, abs(b))


with tempfile.TemporaryDirectory() as work:
    calculon = os.path.join(work, "calculon")
    os.makedirs(os.path.join(calculon, "bin"))
    os.makedirs(os.path.join(calculon, "systems"))
    with open(os.path.join(calculon, "bin", "calculon"), "w") as f:
        f.write(FAKE)
    with open(os.path.join(calculon, "systems", "h100_80g_nvl8.json"), "w") as f:
        json.dump({"matrix": {"float16": {"tflops": 989}, "float8": {"tflops": 1979}},
                   "mem1": {"GiB": 1}}, f)
    step = steps()

    # clusterc's own system files: bfloat16 at the plan's rate, 2 s a step.
    out, rows = run(work, "--calculon", calculon)
    check(out.returncode == 0, f"exit {out.returncode}: {out.stderr}")
    check("Calculon ran 2 of 3 cases" in out.stdout, "the memory case is not left out:\n" + out.stdout)
    check("- 1 x ERROR: Mem tier1" in out.stdout, "the refusal is not counted:\n" + out.stdout)
    check(sorted(rows) == ["rate_fp8", "time_bf16"], f"rows {sorted(rows)}")
    if sorted(rows) == ["rate_fp8", "time_bf16"]:
        check(near(rows["time_bf16"]["simulator"], 2.0), "a time case takes Calculon's step")
        check(near(rows["time_bf16"]["simulator_err"], (2.0 / 2.5 - 1) * 100), "time error")
        expected = 5500 * step["rate_fp8"] / 2.0
        check(near(rows["rate_fp8"]["simulator"], expected),
              f"rate case {rows['rate_fp8']['simulator']}, expected {expected}")
        check(near(rows["rate_fp8"]["simulator_err"], (expected / 5000 - 1) * 100), "rate error")
        check(near(rows["rate_fp8"]["clusterc_err"], 10.0), "clusterc's error")
    check("| every case Calculon ran | 2 | 7.00 / 10.0 % |" in out.stdout,
          "clusterc's mean / max in the table:\n" + out.stdout)

    # Calculon's own file: float16 for BF16, float8 for the FP8 plan, mem1 raised.
    out, rows = run(work, "--calculon", calculon, "--systems", "calculon")
    check(out.returncode == 0, f"exit {out.returncode}: {out.stderr}")
    check(sorted(rows) == ["rate_fp8", "time_bf16"], f"own systems: rows {sorted(rows)}")
    if sorted(rows) == ["rate_fp8", "time_bf16"]:
        check(near(rows["time_bf16"]["simulator"], 3.0), "own systems: float16 for BF16")
        check(near(rows["rate_fp8"]["simulator"], 5500 * step["rate_fp8"] / 4.0),
              "own systems: float8 for FP8")

    # --match keeps the cases whose citation has the text.
    out, rows = run(work, "--calculon", calculon, "--match", "source A")
    check("Calculon ran 1 of 1 cases" in out.stdout, "--match:\n" + out.stdout)
    check(sorted(rows) == ["time_bf16"], f"--match: rows {sorted(rows)}")

    out, rows = run(work, "--calculon", calculon, "--ids", "rate_fp8,refused")
    check("Calculon ran 1 of 2 cases" in out.stdout, "--ids:\n" + out.stdout)

    # Without a Calculon checkout: a clear error, not a traceback.
    out, _ = run(work, "--calculon", os.path.join(work, "absent"))
    check(out.returncode != 0 and "a local build of Calculon is needed" in out.stderr,
          f"absent checkout: exit {out.returncode}, {out.stderr}")

    # ASTRA-sim: the two sampled runs' steps extrapolated by run.sh, 8 micro-batches: 3 s.
    astra = os.path.join(work, "astra_sim")
    with open(astra, "w") as f:
        f.write(FAKE_ASTRA_SIM)
    os.chmod(astra, 0o755)
    out, rows = run(work, "--astra-sim", astra)
    check(out.returncode == 0, f"astra-sim: exit {out.returncode}: {out.stderr}")
    check("ASTRA-sim ran 2 of 3 cases" in out.stdout, "astra-sim:\n" + out.stdout)
    check("- 1 x bad_alloc" in out.stdout, "astra-sim's failure is not counted:\n" + out.stdout)
    if sorted(rows) == ["rate_fp8", "time_bf16"]:
        check(near(rows["time_bf16"]["simulator"], 3.0), "astra-sim: the extrapolated step")
        check(near(rows["rate_fp8"]["simulator"], 5500 * step["rate_fp8"] / 3.0),
              "astra-sim: the rate case")
    else:
        failures.append(f"astra-sim: rows {sorted(rows)}")

    # A run past --timeout: no step, and the simulator run.sh started is stopped with it.
    os.environ["FAKE_SLEEP"] = "1"
    out, rows = run(work, "--astra-sim", astra, "--timeout", "3", "--match", "source B")
    del os.environ["FAKE_SLEEP"]
    check("- 1 x no step within 3.0 s" in out.stdout, "time-out:\n" + out.stdout)
    left = []
    for cmdline in glob.glob("/proc/[0-9]*/cmdline"):
        try:
            with open(cmdline, "rb") as f:
                if f.read().split(b"\0")[:2] == [b"sleep", b"47.25"]:
                    left.append(cmdline)
        except OSError:
            pass
    check(not left, f"the timed-out simulator still runs: {left}")

    # SimAI: 5 s a step for every plan, the refused one included.
    simai = os.path.join(work, "simai")
    os.makedirs(os.path.join(simai, "bin"))
    os.makedirs(os.path.join(simai, "astra-sim-alibabacloud"))
    with open(os.path.join(simai, "bin", "SimAI_analytical"), "w") as f:
        f.write(FAKE_SIMAI)
    os.chmod(os.path.join(simai, "bin", "SimAI_analytical"), 0o755)
    out, rows = run(work, "--simai", simai)
    check(out.returncode == 0, f"simai: exit {out.returncode}: {out.stderr}")
    check("SimAI ran 3 of 3 cases" in out.stdout, "simai:\n" + out.stdout)
    if sorted(rows) == ["rate_fp8", "refused", "time_bf16"]:
        check(near(rows["time_bf16"]["simulator"], 5.0), "simai: the step")
        check(near(rows["refused"]["simulator"], 4100 * step["refused"] / 5.0),
              "simai: the rate case")
    else:
        failures.append(f"simai: rows {sorted(rows)}")
    check(not os.listdir(os.path.join(simai, "astra-sim-alibabacloud")),
          "simai: the checkout was written to")

    left = glob.glob(os.path.join(work, "clusterc-compare-*"))
    check(not left, f"temporary directories left behind: {left}")

for failure in failures:
    print("FAIL:", failure)
sys.exit(1 if failures else 0)
