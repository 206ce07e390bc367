#!/usr/bin/env bash
# The generated Slurm configuration of every example, checked by the real slurmctld.
#
# usage: slurm_integration.sh CLUSTERC SOURCE_DIR [EXAMPLE.cl ...]
#
# For each example (all of SOURCE_DIR/examples by default): `clusterc build --emit slurm`, copy
# slurm.conf, gres.conf and topology.conf to a temp dir, add the test-only keys of FORMATS.md
# ("Slurm") and NodeAddr=127.0.0.1, start `slurmctld -D -i` on loopback, wait for `scontrol ping`,
# then check with sinfo and scontrol that the node count, the GPUs per node and the switch count
# are what analysis derived (`clusterc explain --format json`), that every node is under exactly
# one leaf switch, and that slurmctld logged no `error:` or `fatal:` line. Then it restarts the
# controller with the nodes declared as powered-down cloud nodes and checks that
# `sbatch --test-only` accepts every generated sbatch script. The generated files are never
# modified; only copies are.
#
# Starts and stops only its own slurmctld, by pid (SIGTERM, then SIGKILL after a bounded wait:
# slurmctld ignores SIGTERM while it starts), and removes its temp dir on exit.
# Last, for two nodes of each configuration, real slurmd daemons register on the loopback and one
# srun step runs (check_slurmd says what the test changes in its copies, and what a container
# may prevent).
# Exit codes: 0 pass, 1 fail, 77 skip (slurmctld not installed and CI unset).
set -uo pipefail

if [[ $# -lt 2 ]]; then
  echo "usage: $0 CLUSTERC SOURCE_DIR [EXAMPLE.cl ...]" >&2
  exit 2
fi
CLUSTERC=$1
SOURCE_DIR=$2
shift 2

for tool in slurmctld scontrol sinfo; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    if [[ -n "${CI:-}" ]]; then
      echo "FAIL: $tool is not installed; CI must run this test (scripts/setup.sh installs it)"
      exit 1
    fi
    echo "SKIP: $tool is not installed (apt-get install slurmctld slurm-client)"
    exit 77
  fi
done

WORK=$(mktemp -d "${TMPDIR:-/tmp}/clusterc-slurm.XXXXXX") || exit 1
CTLD_PID=""

stop_ctld() {
  [[ -n "$CTLD_PID" ]] || return 0
  if kill -0 "$CTLD_PID" 2>/dev/null; then
    kill -TERM "$CTLD_PID" 2>/dev/null
    for _ in $(seq 1 50); do
      kill -0 "$CTLD_PID" 2>/dev/null || break
      sleep 0.1
    done
    if kill -0 "$CTLD_PID" 2>/dev/null; then
      kill -KILL "$CTLD_PID" 2>/dev/null
    fi
  fi
  wait "$CTLD_PID" 2>/dev/null
  CTLD_PID=""
}
SLURMD_PIDS=()
SLURMD_NAMES=()
stop_slurmds() {
  local pid name d
  for pid in "${SLURMD_PIDS[@]}"; do
    kill -TERM "$pid" 2>/dev/null
  done
  for pid in "${SLURMD_PIDS[@]}"; do
    for _ in $(seq 1 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
  done
  SLURMD_PIDS=()
  # The daemons' cgroups (slurm_<node> under each controller), innermost first; rmdir removes
  # only empty ones.
  for name in "${SLURMD_NAMES[@]}"; do
    for d in /sys/fs/cgroup/*/slurm_"$name" /sys/fs/cgroup/slurm_"$name"; do
      [[ -d "$d" ]] && find "$d" -depth -type d -exec rmdir {} \; 2>/dev/null
    done
  done
  SLURMD_NAMES=()
}
cleanup() {
  stop_slurmds
  stop_ctld
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# A TCP port nothing listens on (a connection to it is refused), not in $1.
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

# Cluster figures from analysis, one line per cluster:
# name nodes gpus leaf_switches spine_switches core_switches rails mid_switches planes
# dragonfly_groups
explain_clusters() {
  "$CLUSTERC" explain "$1" --format json 2>/dev/null | awk '
    /^ *"[a-z_]+": \{$/ { match($0, /"[a-z_]+"/); key = substr($0, RSTART + 1, RLENGTH - 2); next }
    /"value":/ { v = $2; gsub(/,/, "", v); vals[key] = v; next }
    /"kind":/ { kind = $2; gsub(/[",]/, "", kind); next }
    /"name":/ {
      n = $2; gsub(/[",]/, "", n)
      if (kind == "cluster")
        print tolower(n), vals["node_count"] + 0, vals["gpu_count"] + 0, vals["leaf_switches"] + 0,
              vals["spine_switches"] + 0, vals["core_switches"] + 0, vals["rails"] + 0,
              vals["mid_switches"] + 0, vals["planes"] + 0, vals["dragonfly_groups"] + 0
      delete vals
    }'
}

# Job placement from analysis, one line per job of every `jobs` block: KEY FIRST_NODE NODES, KEY
# being `jobs/plan` (`jobs/plan#2` for a plan's second job), FIRST_NODE numbered from 1 over the
# cluster (clusterc explain's `PLAN.first_node` and `PLAN.node_count`).
explain_jobs() {
  "$CLUSTERC" explain "$1" --format json 2>/dev/null | awk '
    /^ *"[^"]+": \{$/ { match($0, /"[^"]+"/); key = substr($0, RSTART + 1, RLENGTH - 2); next }
    /"value":/ { v = $2; gsub(/,/, "", v); vals[key] = v; next }
    /"kind":/ { kind = $2; gsub(/[",]/, "", kind); next }
    /"name":/ {
      n = $2; gsub(/[",]/, "", n)
      if (kind == "jobs")
        for (k in vals)
          if (k ~ /\.first_node$/) {
            plan = substr(k, 1, length(k) - length(".first_node"))
            print n "/" plan, vals[k] + 0, vals[plan ".node_count"] + 0
          }
      delete vals
    }'
}

failures=0
fail() {
  echo "  FAIL: $*"
  failures=$((failures + 1))
}

# Starts the controller on $1/slurm.conf in the background and waits until it answers.
start_ctld() {
  slurmctld -D -i -f "$1/slurm.conf" >"$1/ctld.out" 2>&1 &
  CTLD_PID=$!
  export SLURM_CONF=$1/slurm.conf
  for _ in $(seq 1 600); do
    kill -0 "$CTLD_PID" 2>/dev/null || return 1
    scontrol ping 2>/dev/null | grep -q "is UP" && return 0
    sleep 0.1
  done
  return 1
}

# Real slurmd daemons for the first $SLURMD_NODES nodes of a generated configuration, on the
# loopback: each registers with the controller (its CPUs from a synthetic hwloc topology of the
# configured sockets x cores x threads, its GPUs as device nodes made with mknod in the temp dir),
# then one srun step runs one task per GPU over them under the generated cgroup.conf. Test-only
# changes to the copies: each daemon's node gets its own Port (Debian's slurmd runs one node per
# daemon with -N), gres.conf's /dev paths point at the fake device nodes, and AutoDetect
# (Debian's slurm-wlm has no NVML or ROCm SMI plugin) becomes explicit File= lines.
# Prints one line; returns 0 on success, 1 when the configuration fails with real daemons,
# 2 when the container cannot make device nodes, 3 when registration works but the job step
# does not (the container's cgroups).
SLURMD_NODES=2
check_slurmd() {
  local gen=$1 dir=$2 ctld_port=$3 slurmd_port=$4
  [[ -n "$gen" && -n "$dir" ]] || return 1
  mkdir -p "$dir/state" "$dir/spool" "$dir/dev/dri"
  cp "$gen/slurm.conf" "$gen/gres.conf" "$gen/topology.conf" "$gen/cgroup.conf" "$dir/" || return 1
  local default sockets cores threads gres type gpn major=195 prefix=nvidia base=0
  default=$(grep "^NodeName=DEFAULT " "$dir/slurm.conf")
  # Mixed node groups: the attributes are on each group's line; the first line's are the ones
  # of the nodes started here.
  if ! grep -q "SocketsPerBoard=" <<<"$default"; then
    default=$(grep -E "^NodeName=" "$dir/slurm.conf" | grep -v "^NodeName=DEFAULT" | head -n 1)
  fi
  sockets=$(sed -E 's/.* SocketsPerBoard=([0-9]+).*/\1/' <<<"$default")
  cores=$(sed -E 's/.* CoresPerSocket=([0-9]+).*/\1/' <<<"$default")
  threads=$(sed -E 's/.* ThreadsPerCore=([0-9]+).*/\1/' <<<"$default")
  gres=$(sed -E 's/.* Gres=gpu:([^ ]+).*/\1/' <<<"$default")
  type=${gres%%:*}
  gpn=${gres##*:}
  if grep -qE "/dev/dri/renderD|^AutoDetect=rsmi" "$dir/gres.conf"; then
    major=226 prefix=dri/renderD base=128
  elif grep -q "/dev/accel" "$dir/gres.conf"; then
    major=121 prefix=accel
  fi
  local i
  for ((i = 0; i < gpn; i++)); do
    if ! mknod "$dir/dev/$prefix$((base + i))" c "$major" "$((base + i))" 2>/dev/null; then
      echo "not started: mknod is not permitted in this container"
      return 2
    fi
  done
  sed -i -E "s#/dev/#$dir/dev/#g" "$dir/gres.conf"
  if grep -q "^AutoDetect=" "$dir/gres.conf"; then
    local all
    all=$(grep -E "^NodeName=" "$dir/slurm.conf" | grep -v DEFAULT | sed -E 's/^NodeName=([^ ]+).*/\1/' | paste -sd, -)
    sed -i -E '/^AutoDetect=/d; /^NodeName=.* Name=gpu/d' "$dir/gres.conf"
    echo "NodeName=$all Name=gpu Type=$type File=$dir/dev/$prefix[$base-$((base + gpn - 1))]" >>"$dir/gres.conf"
  fi
  # The first node line's first nodes get their own lines and ports, before the partitions.
  local line lineno range extra names=() new="" used="$ctld_port $slurmd_port" port
  line=$(grep -nE "^NodeName=" "$dir/slurm.conf" | grep -v "NodeName=DEFAULT" | head -n 1)
  lineno=${line%%:*}
  line=${line#*:}
  range=$(sed -E 's/^NodeName=([^ ]+).*/\1/' <<<"$line")
  extra=${line#"NodeName=$range"}
  # The generated form prefix[AAA-BBB] (one range): the first nodes, and the rest as a range.
  if [[ ! "$range" =~ ^(.*)\[([0-9]+)-([0-9]+)\]$ ]]; then
    echo "not started: node list $range is not one range"
    return 2
  fi
  local prefix=${BASH_REMATCH[1]} lo=${BASH_REMATCH[2]} hi=${BASH_REMATCH[3]} width
  width=${#lo}
  lo=$((10#$lo))
  hi=$((10#$hi))
  for ((i = 0; i < SLURMD_NODES && lo + i <= hi; i++)); do
    names+=("$(printf "%s%0${width}d" "$prefix" $((lo + i)))")
  done
  for i in "${!names[@]}"; do
    port=$(free_port "$used") || return 1
    used+=" $port"
    new+="NodeName=${names[$i]}$extra NodeAddr=127.0.0.1 Port=$port"$'\n'
  done
  if ((lo + SLURMD_NODES <= hi)); then
    new+="NodeName=$(printf "%s[%0${width}d-%0${width}d]" "$prefix" $((lo + SLURMD_NODES)) "$hi")$extra"$'\n'
  fi
  sed -i "${lineno}d" "$dir/slurm.conf"
  sed -i -E '/^NodeName=/{/^NodeName=DEFAULT/!s/$/ NodeAddr=127.0.0.1/}' "$dir/slurm.conf"
  printf "%s" "$new" | sed -E '/Port=/!{/^NodeName=/s/$/ NodeAddr=127.0.0.1/}' >"$dir/nodes.conf"
  awk -v f="$dir/nodes.conf" '/^PartitionName=/ && !done { while ((getline l < f) > 0) print l; done = 1 } { print }' \
    "$dir/slurm.conf" >"$dir/slurm.conf.tmp" && mv "$dir/slurm.conf.tmp" "$dir/slurm.conf"
  {
    echo "# ---- test-only keys (tests/integration/slurm_integration.sh, slurmd)"
    echo "SlurmctldHost=localhost"
    echo "SlurmctldPort=$ctld_port"
    echo "SlurmdPort=$slurmd_port"
    echo "AuthType=auth/none"
    echo "CredType=cred/none"
    echo "SlurmUser=$(id -un)"
    echo "SlurmdUser=$(id -un)"
    echo "StateSaveLocation=$dir/state"
    echo "SlurmdSpoolDir=$dir/spool/%n"
    echo "SlurmctldPidFile=$dir/slurmctld.pid"
    echo "SlurmdPidFile=$dir/slurmd-%n.pid"
    echo "SlurmctldLogFile=$dir/slurmctld.log"
    echo "SlurmdLogFile=$dir/slurmd-%n.log"
    echo "AccountingStorageType=accounting_storage/none"
    echo "JobCompType=jobcomp/none"
    echo "MailProg=/bin/true"
    echo "SlurmdParameters=config_overrides"
  } >>"$dir/slurm.conf"
  if ! start_ctld "$dir"; then
    echo "slurmctld did not come up: $(tail -n 3 "$dir/ctld.out" | paste -sd' ' -)"
    stop_ctld
    unset SLURM_CONF
    return 1
  fi
  local name
  for name in "${names[@]}"; do
    mkdir -p "$dir/spool/$name"
    HWLOC_SYNTHETIC="pack:$sockets core:$cores pu:$threads" \
      slurmd -D -N "$name" -f "$dir/slurm.conf" >"$dir/slurmd-$name.out" 2>&1 &
    SLURMD_PIDS+=($!)
    SLURMD_NAMES+=("$name")
  done
  local idle=0 nodelist result=0 msg
  nodelist=$(IFS=,; echo "${names[*]}")
  # A guard against a hang, not a time limit (60 s): under ctest -j2 on two cores the daemons
  # start slowly.
  for _ in $(seq 1 600); do
    idle=$(sinfo -h -N -n "$nodelist" -t idle -o "%N" 2>/dev/null | sort -u | grep -c .)
    ((idle == ${#names[@]})) && break
    sleep 0.1
  done
  if ((idle != ${#names[@]})); then
    msg="$idle of ${#names[@]} node(s) registered: $(scontrol show node "${names[0]}" | grep -oE 'State=[^ ]+|Reason=.*' | paste -sd' ' -) $(grep -hE "error|fatal" "$dir"/slurmd-*.log "$dir"/slurmd-*.out 2>/dev/null | head -n 2 | paste -sd' ' -)"
    result=1
  else
    local node_gres tasks
    node_gres=$(sinfo -h -N -n "${names[0]}" -o "%G" | head -n 1)
    tasks=$(cd "$dir" && timeout 60 srun -p debug -t 1 -w "$nodelist" -N "${#names[@]}" \
      --ntasks-per-node="$gpn" --gpus-per-node="$gpn" bash -c 'echo "$SLURM_PROCID"' \
      2>"$dir/srun.err" | grep -c .)
    if [[ "$node_gres" != gpu:$type:$gpn* ]]; then
      msg="registered with GRES $node_gres, not gpu:$type:$gpn"
      result=1
    elif ((tasks != ${#names[@]} * gpn)); then
      msg="${#names[@]} node(s) registered ($node_gres); srun ran $tasks of $((${#names[@]} * gpn)) tasks: $(grep -h "error" "$dir/srun.err" "$dir"/slurmd-*.log 2>/dev/null | head -n 3 | paste -sd' ' -)"
      result=3
    else
      msg="${#names[@]} node(s) registered ($node_gres), srun ran $tasks tasks"
    fi
  fi
  stop_slurmds
  stop_ctld
  unset SLURM_CONF
  echo "$msg"
  return $result
}

# A `jobs` block's scripts against the running controller (cloud nodes): `JOBS.jobs.sh
# --test-only` must place every job on exactly the hosts analysis gave it (explain's first node
# and node count, over the cluster's hosts in slurm.conf's order), on no host twice; then
# `JOBS.reserve.sh` must create one reservation per job on those hosts, the jobs must still be
# placed there when submitted into them, and `JOBS.reserve.sh --delete` must remove them.
# $1 label, $2 jobs script, $3 the controller's slurm.conf, $4 explain_jobs' lines.
JOBS_CHECKED=0
check_jobs() {
  local label=$1 script=$2 conf=$3 figures=$4
  local jobs reserve all_hosts reply phase
  jobs=$(basename "$script" .jobs.sh)
  reserve=${script%.jobs.sh}.reserve.sh
  # Every host of the cluster, in index order (the NodeName lines are in host order).
  all_hosts=$(grep -E "^NodeName=" "$conf" | grep -v "^NodeName=DEFAULT" |
    sed -E 's/^NodeName=([^ ]+).*/\1/' | while read -r range; do scontrol show hostnames "$range"; done)
  for phase in plain reserved; do
    if [[ $phase == reserved ]]; then
      if ! reply=$(bash "$reserve" 2>&1); then
        fail "$label: $(basename "$reserve"): $reply"
        return
      fi
    fi
    if ! reply=$(bash "$script" --test-only 2>&1); then
      fail "$label: $(basename "$script") --test-only: $reply"
      return
    fi
    local line name plan k nodes_reported expected seen="" count=0 key first n want got resv
    declare -A occurrence=()
    while IFS= read -r line; do
      [[ -n "$line" ]] || continue
      name=${line%%: *}
      if [[ "$line" != *"to start at"* || "$line" != *" on nodes "* ]]; then
        fail "$label: $jobs $phase: $line"
        continue
      fi
      # NAME = JOBS-K-PLAN; explain's key is JOBS/PLAN, or JOBS/PLAN#N for its Nth job.
      plan=${name#"$jobs"-*-}
      occurrence[$plan]=$((${occurrence[$plan]:-0} + 1))
      key="$jobs/$plan"
      ((${occurrence[$plan]} > 1)) && key="$key#${occurrence[$plan]}"
      read -r _ first n <<<"$(awk -v k="$key" '$1 == k' <<<"$figures")"
      if [[ -z "${first:-}" ]]; then
        fail "$label: clusterc explain places no job $key"
        continue
      fi
      nodes_reported=$(sed -E 's/.* on nodes ([^ ]+) in partition.*/\1/' <<<"$line")
      got=$(scontrol show hostnames "$nodes_reported" | sort)
      want=$(sed -n "${first},$((first + n - 1))p" <<<"$all_hosts" | sort)
      [[ "$got" == "$want" ]] ||
        fail "$label: $jobs $phase: $name starts on $nodes_reported, analysis placed it on nodes $first-$((first + n - 1))"
      seen+="$got"$'\n'
      count=$((count + 1))
      if [[ $phase == reserved ]]; then
        resv=$(scontrol show reservation "$name" 2>/dev/null | sed -nE 's/.* Nodes=([^ ]+) .*/\1/p')
        [[ "$(scontrol show hostnames "$resv" | sort)" == "$want" ]] ||
          fail "$label: reservation $name holds ${resv:-nothing}, not the job's nodes"
      fi
    done <<<"$reply"
    ((count > 0)) || fail "$label: $jobs $phase: no job placed: $reply"
    # Submitted into their reservations once they exist (the script's trace shows the option).
    if [[ $phase == reserved ]] &&
      (($(bash -x "$script" --test-only 2>&1 | grep -c -- "--reservation=$jobs-") < count)); then
      fail "$label: $jobs: the jobs are not submitted into their reservations"
    fi
    [[ -z "$(grep . <<<"$seen" | sort | uniq -d | head -n 3)" ]] ||
      fail "$label: $jobs $phase: two jobs on one node"
    unset occurrence
    echo "    $jobs ($phase): $count job(s) placed where analysis put them"
  done
  reply=$(bash "$reserve" --delete 2>&1) || fail "$label: $(basename "$reserve") --delete: $reply"
  [[ -z "$(scontrol show reservation -o 2>/dev/null | grep -v 'No reservations')" ]] ||
    fail "$label: reservations left after --delete"
  JOBS_CHECKED=$((JOBS_CHECKED + 1))
}

# Checks one generated slurm/ directory ($2) of example $1 against analysis' figures ($3).
check_config() {
  local example=$1 gen=$2 figures=$3 dir=$4 jobs_figures=${5:-}
  mkdir -p "$dir/state" "$dir/spool"
  cp "$gen/slurm.conf" "$gen/gres.conf" "$gen/topology.conf" "$gen/cgroup.conf" "$dir/" || {
    fail "$example: slurm.conf, gres.conf, topology.conf or cgroup.conf missing in $gen"
    return
  }
  local cluster
  cluster=$(sed -n 's/^ClusterName=//p' "$gen/slurm.conf")
  local line
  line=$(awk -v c="$cluster" '$1 == c' <<<"$figures")
  if [[ -z "$line" ]]; then
    fail "$example: clusterc explain lists no cluster '$cluster'"
    return
  fi
  local name nodes gpus leaf spine core rails mid fabric_planes df_groups
  read -r name nodes gpus leaf spine core rails mid fabric_planes df_groups <<<"$line"
  local gpn=$((gpus / nodes))
  # The documented mapping (backends/slurm/slurm.cpp): Slurm is given one rail of one plane, each
  # switch standing for its copies in the other rails and planes (when the leaves divide by
  # rails); a fabric without switches (a torus) gets one virtual switch; a dragonfly one switch
  # per group and one for the global channels.
  local groups=$leaf planes=1
  if ((rails > 1 && leaf % rails == 0)); then planes=$rails; fi
  ((fabric_planes > 1)) && planes=$((planes * fabric_planes))
  groups=$(((leaf + planes - 1) / planes))
  ((groups > nodes)) && groups=$nodes
  ((groups == 0)) && groups=1
  local switches=$((groups + (spine + planes - 1) / planes + (mid + planes - 1) / planes + (core + planes - 1) / planes))
  if ((df_groups > 0)); then
    groups=$df_groups
    ((groups > nodes)) && groups=$nodes
    switches=$((groups + 1))
  fi

  local ctld_port slurmd_port
  if ! ctld_port=$(free_port "") || ! slurmd_port=$(free_port "$ctld_port"); then
    fail "$example: no free port"
    return
  fi
  local user
  user=$(id -un)
  # Test-only keys (FORMATS.md): loopback controller, no authentication, no accounting.
  sed -i -E '/^NodeName=/{/^NodeName=DEFAULT/!s/$/ NodeAddr=127.0.0.1/}' "$dir/slurm.conf"
  cat >>"$dir/slurm.conf" <<EOF
# ---- test-only keys (tests/integration/slurm_integration.sh)
SlurmctldHost=localhost
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
AuthType=auth/none
CredType=cred/none
SlurmUser=$user
SlurmdUser=$user
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmctldDebug=info
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MailProg=/bin/true
EOF

  local start=$SECONDS
  slurmctld -D -i -f "$dir/slurm.conf" >"$dir/stdout" 2>&1 &
  CTLD_PID=$!
  export SLURM_CONF=$dir/slurm.conf
  local up=""
  for _ in $(seq 1 600); do
    if ! kill -0 "$CTLD_PID" 2>/dev/null; then break; fi
    if scontrol ping 2>/dev/null | grep -q "is UP"; then
      up=1
      break
    fi
    sleep 0.1
  done
  if [[ -z "$up" ]]; then
    fail "$example ($cluster): slurmctld did not come up within 60 s"
    tail -n 20 "$dir/stdout" "$dir/slurmctld.log" 2>/dev/null | sed 's/^/    /'
    stop_ctld
    return
  fi
  local startup=$((SECONDS - start))

  # Nodes and GPUs per node.
  local sinfo seen_nodes bad_gres mixed=""
  # Mixed node groups: one partition per group, GPUs per node differ (CPU-only groups have none).
  grep -q "^# ---- nodes: one line per node group" "$dir/slurm.conf" && mixed=1
  sinfo=$(sinfo -h -o "%D %G")
  seen_nodes=$(awk '{ s += $1 } END { print s + 0 }' <<<"$sinfo")
  [[ "$seen_nodes" == "$nodes" ]] || fail "$example ($cluster): sinfo counts $seen_nodes nodes, analysis $nodes"
  if [[ -z "$mixed" ]]; then
    bad_gres=$(awk -v n="$gpn" '$2 !~ ("^gpu:[^:]+:" n "(\\(|$)")' <<<"$sinfo")
    [[ -z "$bad_gres" ]] || fail "$example ($cluster): sinfo GRES is not $gpn GPUs per node: $bad_gres"
  fi

  local shownode node_lines gres_lines seen_gpus
  shownode=$(scontrol show node)
  node_lines=$(grep -c "^NodeName=" <<<"$shownode")
  [[ "$node_lines" == "$nodes" ]] || fail "$example ($cluster): scontrol show node lists $node_lines nodes, analysis $nodes"
  if [[ -z "$mixed" ]]; then
    gres_lines=$(grep -cE "^ *Gres=gpu:[^:]+:$gpn(\(|$)" <<<"$shownode")
    [[ "$gres_lines" == "$nodes" ]] || fail "$example ($cluster): $gres_lines of $nodes nodes have Gres=gpu:*:$gpn"
  else
    # The GPUs slurmctld sees over every node equal analysis' GPUs of all groups.
    seen_gpus=$(sed -nE 's/^ *Gres=gpu:[^:]+:([0-9]+).*/\1/p' <<<"$shownode" | awk '{ s += $1 } END { print s + 0 }')
    [[ "$seen_gpus" == "$gpus" ]] || fail "$example ($cluster): slurmctld sees $seen_gpus GPUs over the node groups, analysis $gpus"
    local partitions
    partitions=$(sinfo -h -o "%R" | sort -u | paste -sd' ' -)
    echo "    partitions: $partitions"
  fi

  # Switches, and every node under exactly one leaf.
  local topo seen_switches leaf_hosts hostnames in_leaves dup
  topo=$(scontrol show topology)
  seen_switches=$(grep -c "^SwitchName=" <<<"$topo")
  [[ "$seen_switches" == "$switches" ]] || fail "$example ($cluster): slurmctld has $seen_switches switches, expected $switches (analysis: leaf $leaf, spine $spine, core $core; $planes plane(s))"
  leaf_hosts=$(grep "Level=0" <<<"$topo" | sed -n 's/.* Nodes=\([^ ]*\).*/\1/p' | paste -sd, -)
  hostnames=$(scontrol show hostnames "$leaf_hosts")
  in_leaves=$(grep -c . <<<"$hostnames")
  dup=$(sort <<<"$hostnames" | uniq -d | head -n 3)
  [[ "$in_leaves" == "$nodes" ]] || fail "$example ($cluster): $in_leaves node entries under leaf switches, expected $nodes"
  [[ -z "$dup" ]] || fail "$example ($cluster): nodes under two leaves: $dup"

  stop_ctld
  unset SLURM_CONF
  local errors
  # Not about the configuration, so tolerated: a fresh StateSaveLocation has no state files yet,
  # and on a busy machine the startup clock check reports "High latency for 1000 calls to
  # gettimeofday()". (mpi/pmix, MpiDefault, loads: Debian's plugin opens libpmix.so, which
  # libpmix-dev provides; scripts/setup.sh installs it.)
  errors=$(grep -hE "error:|fatal:" "$dir/stdout" "$dir/slurmctld.log" 2>/dev/null |
    grep -vE "Could not open [a-z]+ state file|Trying backup state save file|High latency for 1000 calls to gettimeofday" |
    head -n 10)
  [[ -z "$errors" ]] || {
    fail "$example ($cluster): slurmctld logged errors:"
    sed 's/^/    /' <<<"$errors"
  }
  # Every generated sbatch script: the controller accepts its #SBATCH options against this
  # configuration (sbatch --test-only: validated and scheduled on paper, not run). Nodes no
  # slurmd has registered are never schedulable, so this second start declares them as powered
  # down cloud nodes (State=CLOUD, a no-op resume program), which the scheduler counts as idle;
  # cloud nodes refuse gres.conf's AutoDetect, whose lines are dropped from this copy only.
  local tested=0 script reply
  if compgen -G "$gen/*.sbatch" >/dev/null; then
    rm -rf "$dir/state" && mkdir -p "$dir/state"
    sed -i -E 's/^(NodeName=DEFAULT .*)State=UNKNOWN/\1State=CLOUD/' "$dir/slurm.conf"
    printf 'SuspendProgram=/bin/true\nResumeProgram=/bin/true\nSuspendTime=3600\nResumeTimeout=3600\n' >>"$dir/slurm.conf"
    sed -i -E '/^AutoDetect=/d' "$dir/gres.conf"
    slurmctld -D -i -f "$dir/slurm.conf" >"$dir/stdout2" 2>&1 &
    CTLD_PID=$!
    export SLURM_CONF=$dir/slurm.conf
    up=""
    for _ in $(seq 1 600); do
      kill -0 "$CTLD_PID" 2>/dev/null || break
      if scontrol ping 2>/dev/null | grep -q "is UP"; then
        up=1
        break
      fi
      sleep 0.1
    done
    if [[ -z "$up" ]]; then
      fail "$example ($cluster): slurmctld with cloud nodes did not come up"
      tail -n 5 "$dir/stdout2" | sed 's/^/    /'
    else
      for script in "$gen"/*.sbatch; do
        reply=$(cd "$gen" && sbatch --test-only "$script" 2>&1)
        if grep -q "to start at" <<<"$reply"; then
          tested=$((tested + 1))
        else
          fail "$example ($cluster): sbatch --test-only $(basename "$script"): $reply"
        fi
      done
      for script in "$gen"/*.jobs.sh; do
        [[ -f "$script" ]] || continue
        check_jobs "$example ($cluster)" "$script" "$dir/slurm.conf" "$jobs_figures"
      done
    fi
    stop_ctld
    unset SLURM_CONF
  fi
  local slurmd_result="not installed"
  if command -v slurmd >/dev/null 2>&1; then
    local rc
    slurmd_result=$(check_slurmd "$gen" "$dir/slurmd" "$ctld_port" "$slurmd_port")
    rc=$?
    # 1: the configuration failed with real daemons. 2 and 3: the container prevents it (no
    # mknod; job steps need cgroups it does not delegate): reported, not failed.
    ((rc == 1)) && fail "$example ($cluster): slurmd: $slurmd_result"
  fi
  echo "  $example ($cluster): $seen_nodes nodes, $(awk '{ print $2 }' <<<"$sinfo" | sort -u | paste -sd' ' -) per node, $seen_switches switches, $tested sbatch script(s) accepted; up in ${startup} s"
  echo "    slurmd: $slurmd_result"
}

examples=("$@")
if [[ ${#examples[@]} -eq 0 ]]; then
  examples=("$SOURCE_DIR"/examples/*.cl)
fi
total_start=$SECONDS
for ex in "${examples[@]}"; do
  # The example's name names work folders: only safe characters (a hostile spec's name holds
  # line breaks, see slurm_injection.sh), and short (slurmd's socket paths must fit 108 bytes).
  name=$(basename "$ex" .cl)
  name=${name//[^A-Za-z0-9_.-]/_}
  name=${name:0:12}
  out="$WORK/out/$name"
  mkdir -p "$WORK/out"
  if ! "$CLUSTERC" build "$ex" -o "$out" --emit slurm --quiet >"$WORK/build.log" 2>&1; then
    fail "$name: clusterc build failed"
    sed 's/^/    /' "$WORK/build.log"
    continue
  fi
  figures=$(explain_clusters "$ex")
  jobs_figures=$(explain_jobs "$ex")
  found=""
  while IFS= read -r conf; do
    found=1
    gen=$(dirname "$conf")
    check_config "$name" "$gen" "$figures" "$WORK/run/$name/$(basename "$gen")" "$jobs_figures"
  done < <(find "$out/slurm" -name slurm.conf | sort)
  [[ -n "$found" ]] || fail "$name: no slurm/slurm.conf generated"
done

echo "slurm integration: ${#examples[@]} examples, $JOBS_CHECKED jobs block(s) placed, in $((SECONDS - total_start)) s, $failures failure(s)"
[[ $failures -eq 0 ]]
