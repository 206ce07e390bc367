#!/usr/bin/env bash
# `clusterc search --slurm-array` against a real Slurm on loopback.
#
# usage: search_slurm.sh CLUSTERC SOURCE_DIR
#
# Writes the job array for a small search of bench/megatron_1t.cl, starts slurmctld on loopback
# (as slurm_integration.sh does) and validates both scripts with `sbatch --test-only`. Then starts
# slurmd for one node and runs the array and its dependent merge job for real; the merged answer
# must equal the unsharded `clusterc search` output byte for byte. When slurmd cannot run here
# (it needs to be root or the SlurmdUser to launch jobs, and a working proctrack), the test says
# why and passes on the --test-only checks.
#
# Starts and stops only its own daemons, by pid; removes its temp dir on exit.
# Exit codes: 0 pass, 1 fail, 77 skip (Slurm not installed and CI unset).
set -uo pipefail

CLUSTERC=$1
SOURCE_DIR=$2
for tool in slurmctld scontrol sbatch; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    if [[ -n "${CI:-}" ]]; then
      echo "FAIL: $tool is not installed; CI must run this test (scripts/setup.sh installs it)"
      exit 1
    fi
    echo "SKIP: $tool is not installed (apt-get install slurmctld slurm-client)"
    exit 77
  fi
done
CLUSTERC=$(realpath "$CLUSTERC")
SPEC=$(realpath "$SOURCE_DIR/bench/megatron_1t.cl")
SEARCH=(search "$SPEC" --plan pretrain --gpus 512..1024 --top 5)

WORK=$(mktemp -d "${TMPDIR:-/tmp}/clusterc-search-slurm.XXXXXX") || exit 1
PIDS=()
stop_all() {
  local pid
  for pid in "${PIDS[@]}"; do
    kill -TERM "$pid" 2>/dev/null
    for _ in $(seq 1 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
  done
  PIDS=()
}
trap 'stop_all; [[ -n "${KEEP:-}" ]] || rm -rf "$WORK"' EXIT
trap 'exit 130' INT TERM

free_port() {
  # Below the kernel's ephemeral range: a port in it may be the local end of one of the many
  # outgoing connections slurmctld, slurmd and the clients make, which refuses connections (so
  # the probe below calls it free) yet cannot be bound (a slurmd then never registers).
  local port low
  low=$(cut -f1 /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null) || low=32768
  ((low > 21024)) || low=32768
  for _ in $(seq 1 200); do
    port=$((20000 + RANDOM % (low - 20000)))
    [[ " $1 " == *" $port "* ]] && continue
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "$port"
      return 0
    fi
  done
  return 1
}

fail() {
  echo "FAIL: $*"
  for f in "$WORK"/slurmctld.log "$WORK"/slurmd.log "$WORK"/job/*.out; do
    [[ -f "$f" ]] && { echo "--- $f"; tail -n 15 "$f"; }
  done
  exit 1
}

# The job scripts.
"$CLUSTERC" "${SEARCH[@]}" --slurm-array 3 --output "$WORK/job" >/dev/null ||
  fail "clusterc search --slurm-array exited $?"
for f in shards.sbatch merge.sbatch submit.sh; do
  [[ -f "$WORK/job/$f" ]] || fail "$f was not written"
done
grep -q '^#SBATCH --array=0-2$' "$WORK/job/shards.sbatch" || fail "shards.sbatch has no --array=0-2"
grep -q -- '--dependency=afterok:' "$WORK/job/submit.sh" || fail "submit.sh has no afterok dependency"

ctld_port=$(free_port "") && slurmd_port=$(free_port "$ctld_port") || fail "no free port"
user=$(id -un)
cpus=$(nproc)
mkdir -p "$WORK/state" "$WORK/spool"
cat >"$WORK/slurm.conf" <<EOF
ClusterName=searchtest
SlurmctldHost=localhost
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
AuthType=auth/none
CredType=cred/none
SlurmUser=$user
SlurmdUser=root
StateSaveLocation=$WORK/state
SlurmdSpoolDir=$WORK/spool
SlurmctldPidFile=$WORK/slurmctld.pid
SlurmdPidFile=$WORK/slurmd.pid
SlurmctldLogFile=$WORK/slurmctld.log
SlurmdLogFile=$WORK/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MailProg=/bin/true
MpiDefault=none
ReturnToService=2
NodeName=searchnode NodeAddr=127.0.0.1 NodeHostname=localhost CPUs=$cpus State=UNKNOWN
PartitionName=gpu Nodes=searchnode Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$WORK/slurm.conf
slurmctld -D -i -f "$SLURM_CONF" >"$WORK/slurmctld.stdout" 2>&1 &
PIDS+=($!)
up=""
for _ in $(seq 1 600); do
  scontrol ping 2>/dev/null | grep -q "is UP" && { up=1; break; }
  sleep 0.1
done
[[ -n "$up" ]] || fail "slurmctld did not come up within 60 s"

# slurmd for the one node: it runs the jobs, and the controller only plans a submission
# (`sbatch --test-only`) for nodes that have registered.
slurmd_problem=""
if [[ $(id -u) -ne 0 ]]; then
  slurmd_problem="slurmd must run as root to launch jobs as the submitting user (uid $(id -u) here)"
else
  slurmd -D -N searchnode -f "$SLURM_CONF" >"$WORK/slurmd.stdout" 2>&1 &
  PIDS+=($!)
  idle=""
  for _ in $(seq 1 300); do
    state=$(sinfo -h -n searchnode -o %T 2>/dev/null)
    [[ "$state" == idle* ]] && { idle=1; break; }
    kill -0 "${PIDS[1]}" 2>/dev/null || break
    sleep 0.1
  done
  [[ -n "$idle" ]] || slurmd_problem="slurmd did not bring the node up (state '${state:-none}'): $(tail -n 3 "$WORK/slurmd.stdout" "$WORK/slurmd.log" 2>/dev/null | tr '\n' ' ')"
fi

# Both scripts are valid submissions for this controller.
cd "$WORK/job" || exit 1
sbatch --test-only shards.sbatch >"$WORK/test-only.txt" 2>&1
rc_shards=$?
sbatch --test-only --dependency=afterok:1 merge.sbatch >>"$WORK/test-only.txt" 2>&1
rc_merge=$?
if [[ -n "$slurmd_problem" ]]; then
  # Without a registered node the controller refuses to plan any job; the scripts still parse.
  echo "slurmd unavailable: $slurmd_problem"
  grep -q "Requested node configuration is not available\|to start at" "$WORK/test-only.txt" ||
    fail "sbatch --test-only rejected the scripts: $(cat "$WORK/test-only.txt")"
  echo "PASS (sbatch --test-only parsed both scripts; no node to run them)"
  exit 0
fi
((rc_shards == 0 && rc_merge == 0)) || fail "sbatch --test-only: $(cat "$WORK/test-only.txt")"
[[ $(grep -c "to start at" "$WORK/test-only.txt") == 2 ]] ||
  fail "sbatch --test-only gave no start time: $(cat "$WORK/test-only.txt")"
echo "sbatch --test-only: both scripts accepted"

# The array and the merge, for real.
./submit.sh >"$WORK/submit.txt" 2>&1 || fail "submit.sh: $(cat "$WORK/submit.txt")"
echo "$(cat "$WORK/submit.txt")"
for _ in $(seq 1 2400); do
  [[ -z "$(squeue -h 2>/dev/null)" ]] && break
  sleep 0.1
done
[[ -z "$(squeue -h 2>/dev/null)" ]] || fail "jobs still queued after 240 s: $(squeue)"
[[ -f search.json ]] || fail "the merge job wrote no search.json"
"$CLUSTERC" "${SEARCH[@]}" --format json >"$WORK/unsharded.json" || fail "unsharded search failed"
# The spec path in the document is the one each run was given: the same absolute path.
cmp -s search.json "$WORK/unsharded.json" || {
  diff search.json "$WORK/unsharded.json" | head -20
  fail "the merged answer differs from the unsharded one"
}
for i in 0 1 2; do [[ -f shard-$i.json ]] || fail "shard-$i.json missing"; done
echo "PASS: 3 array tasks and the afterok merge ran under slurmd; merged answer == unsharded"
