#!/usr/bin/env python3
"""Loads clusterc's generated NCCL files (nccl.env, nccl.conf, topology/NODE.xml) in the real NCCL.

Run by hand on a machine with an NVIDIA GPU and PyTorch built with NCCL; nothing in the build or
tests uses it.
  python3 bench/gpu/nccl_load.py NCCL_DIR OUT_DIR [CASE,...]
NCCL_DIR is the `nccl/` folder of `clusterc build`. Each case starts a one-rank NCCL communicator
(torch.distributed, world size 1) with NCCL_DEBUG=INFO, runs an all-reduce, and keeps NCCL's log:
  native     no settings; NCCL's own topology dump (NCCL_TOPO_DUMP_FILE) for comparison
  env        nccl.env sourced from bash, as the sbatch scripts do
  conf       nccl.conf installed as /etc/nccl.conf (restored afterwards)
  topo       nccl.env with CLUSTERC_NCCL_TOPO_FILE=1, the topology file's first GPU given this
             machine's PCI bus id (docs/deploy.md: the file's bus ids are nominal), dumped back
  topo_raw   the same with the file as generated (nominal bus ids only)
Writes OUT_DIR/CASE.log, the dumps, and OUT_DIR/nccl_load.json: per case whether the all-reduce
ran, NCCL's version, the settings NCCL reported as taken from the environment, and its WARN lines.
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

CHILD = r"""
import torch, torch.distributed as dist
dist.init_process_group("nccl", init_method="tcp://127.0.0.1:%d", rank=0, world_size=1,
                        device_id=torch.device("cuda:0"))
t = torch.ones(1 << 20, device="cuda")
dist.all_reduce(t)
torch.cuda.synchronize()
version = ".".join(map(str, torch.cuda.nccl.version()))
print("ALLREDUCE_OK", float(t[0]), "NCCL", version, flush=True)
dist.destroy_process_group()
"""


def real_bus_id():
    out = subprocess.run(["nvidia-smi", "--query-gpu=pci.bus_id", "--format=csv,noheader"],
                         capture_output=True, text=True, check=True).stdout.split()[0]
    domain, rest = out.split(":", 1)  # 00000000:1B:00.0 -> 0000:1b:00.0
    return f"{domain[-4:]}:{rest}".lower()


def run_case(name, setup, env_extra, out_dir, port):
    env = dict(os.environ, NCCL_DEBUG="INFO", NCCL_DEBUG_SUBSYS="INIT,ENV,GRAPH", **env_extra)
    script = f"{setup}\nexec python3 -c '{CHILD % port}'"
    proc = subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True,
                          timeout=120)
    log = proc.stdout + proc.stderr
    with open(f"{out_dir}/{name}.log", "w") as f:
        f.write(log)
    version = re.search(r"ALLREDUCE_OK \S+ NCCL (\S+)", log)
    return {
        "returncode": proc.returncode,
        "allreduce_ok": version is not None,
        "nccl": version.group(1) if version else None,
        "from_environment": sorted(set(re.findall(r"(NCCL_\w+) set by environment to (\S+)", log))),
        "warnings": [line for line in log.splitlines() if " WARN " in line][:40],
        "topology_lines": [line for line in log.splitlines()
                           if re.search(r"TOPO|topology|Topology", line)][:40],
    }


ALL_CASES = ("native", "env", "conf", "topo", "topo_raw")


def main(nccl_dir, out_dir, cases=ALL_CASES):
    os.makedirs(out_dir, exist_ok=True)
    bus = real_bus_id()
    work = tempfile.mkdtemp()
    try:
        gen = os.path.join(work, "nccl")
        shutil.copytree(nccl_dir, gen)
        raw = os.path.join(work, "nccl_raw")
        shutil.copytree(nccl_dir, raw)
        xmls = glob.glob(f"{gen}/topology/*.xml")
        for xml in xmls:  # the first GPU's <pci busid=...> gets this machine's bus id
            text = open(xml).read()
            m = re.search(r'<pci busid="([^"]+)"[^>]*>\s*<gpu dev="0"', text)
            if m:
                text = text.replace(f'busid="{m.group(1)}"', f'busid="{bus}"', 1)
            open(xml, "w").write(text)
        results = {"bus_id": bus, "cases": {}}
        want = set(cases)
        if "native" in want:
            results["cases"]["native"] = run_case(
                "native", "", {"NCCL_TOPO_DUMP_FILE": f"{out_dir}/native_topo.xml"}, out_dir, 29511)
        if "env" in want:
            results["cases"]["env"] = run_case("env", f"source {gen}/nccl.env", {}, out_dir, 29512)
        if "conf" in want:
            had_conf = os.path.exists("/etc/nccl.conf")
            if had_conf:
                shutil.copy("/etc/nccl.conf", f"{work}/nccl.conf.saved")
            shutil.copy(f"{gen}/nccl.conf", "/etc/nccl.conf")
            try:
                results["cases"]["conf"] = run_case("conf", "", {}, out_dir, 29513)
            finally:
                if had_conf:
                    shutil.copy(f"{work}/nccl.conf.saved", "/etc/nccl.conf")
                else:
                    os.remove("/etc/nccl.conf")
        if "topo" in want:
            results["cases"]["topo"] = run_case(
                "topo", f"source {gen}/nccl.env",
                {"CLUSTERC_NCCL_TOPO_FILE": "1",
                 "NCCL_TOPO_DUMP_FILE": f"{out_dir}/loaded_topo.xml"},
                out_dir, 29514)
        if "topo_raw" in want:
            results["cases"]["topo_raw"] = run_case(
                "topo_raw", f"source {raw}/nccl.env", {"CLUSTERC_NCCL_TOPO_FILE": "1"}, out_dir,
                29515)
        with open(f"{out_dir}/nccl_load.json", "w") as f:
            json.dump(results, f, indent=1)
        for name, case in results["cases"].items():
            print(name, "ok" if case["allreduce_ok"] else f"FAILED rc={case['returncode']}",
                  case["nccl"], len(case["from_environment"]), "settings,",
                  len(case["warnings"]), "warnings", flush=True)
            for w in case["warnings"][:6]:
                print("   ", w)
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3].split(",") if len(sys.argv) > 3 else ALL_CASES)
