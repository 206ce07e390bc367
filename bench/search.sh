#!/usr/bin/env bash
# Plan-search benchmarks (never a timed test): the megatron-1T space of bench/megatron_1t.cl and
# its design sweep. Prints wall and CPU time, and candidates per second per core, from the search's
# own counts (--format json). Usage: bench/search.sh [CLUSTERC] [REPEATS]
#
#   plan space:  every GPU count (8..4,096 in whole DGX nodes) and every plan, --jobs 1 and 2;
#                and the 4,096-GPU space alone (what Calculon's llm-optimal-execution searches).
#   design sweep: the sweep `design` (72 designs), each with every GPU subset (--gpus 8..8192).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-build/clusterc}
repeats=${2:-3}
spec=bench/megatron_1t.cl

field() { sed -n "s/.*\"$1\": \([0-9]*\).*/\1/p" "$2" | head -1; }

run() {
  local label=$1 jobs=$2
  shift 2
  local out best_wall="" best_cpu=""
  out=$(mktemp)
  for _ in $(seq 1 "$repeats"); do
    local t0 t1 cpu
    t0=$(date +%s.%N)
    cpu=$( { /usr/bin/time -f "%U %S" "$bin" search "$spec" --plan pretrain --format json \
      --jobs "$jobs" "$@" >"$out"; } 2>&1 | tail -1 | awk '{ print $1 + $2 }')
    t1=$(date +%s.%N)
    local wall
    wall=$(echo "$t1 - $t0" | bc -l)
    if [[ -z "$best_wall" ]] || (($(echo "$wall < $best_wall" | bc -l))); then
      best_wall=$wall
      best_cpu=$cpu
    fi
  done
  local cand eval probes
  cand=$(field candidates "$out")
  eval=$(field evaluated "$out")
  probes=$(field probe_evaluations "$out")
  printf '%-34s jobs %d  %12s candidates  %10s evaluated  %8s probes  wall %6.3f s  cpu %6.3f s  %6.3g cand/s/core (wall)  %6.3g cand/s per cpu-s\n' \
    "$label" "$jobs" "$cand" "$eval" "$probes" "$best_wall" "$best_cpu" \
    "$(echo "$cand / ($best_wall * $jobs)" | bc -l)" "$(echo "$cand / $best_cpu" | bc -l)"
  rm -f "$out"
}

echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg) (shared: figures are upper bounds on time)"
run "megatron-1T, all GPU counts" 1
run "megatron-1T, all GPU counts" 2
run "megatron-1T, 4,096 GPUs" 1 --gpus 4096
run "megatron-1T, 4,096 GPUs" 2 --gpus 4096
run "design sweep (72 designs x subsets)" 2 --sweep design --gpus 8..8192
