#!/usr/bin/env bash
# The Slurm configuration generated from a hostile spec, loaded by the real slurmctld: the spec of
# tests/unit/test_injection.cpp (a GPU vendor and a require message made of what ends a comment,
# a string or a command: quotes, `;`, `#`, `$(...)`, backticks, `<script>`, `]]>`) under a file
# name holding a line break, an `#SBATCH` directive, a `PrologSlurmctld=` key and commands. The
# configuration must load and check like any example's (slurm_integration.sh: nodes, GPUs,
# switches, no logged error, every sbatch script accepted), and no injected command may run.
#
# usage: slurm_injection.sh CLUSTERC SOURCE_DIR
# Exit codes: 0 pass, 1 fail, 77 skip (slurmctld not installed and CI unset).
set -uo pipefail
CLUSTERC=$1
SOURCE_DIR=$2
WORK=$(mktemp -d "${TMPDIR:-/tmp}/clusterc-slurm-injection.XXXXXX") || exit 1
trap 'rm -rf "$WORK"' EXIT

# The file name: what the language cannot hold (a line break), then a directive, a Slurm key and
# commands.
name=$'evil\n#SBATCH --uid=0\nPrologSlurmctld=x\ntouch PWNED; $(id) `id` <script>x.cl'
spec="$WORK/$name"
# In the spec's syntax: \" is a quote and \\ a backslash inside the string.
hostile='Acme\" ; touch PWNED; # $(touch PWNED2) `touch PWNED3` '"'"' \\ <script>alert(1)</script> ]]> --> & | *x* [a](b) \\'
{
  sed -E 's/x nvidia\.H100_SXM5/x gpu_x/' "$SOURCE_DIR/examples/h100_10k.cl"
  printf '\ngpu gpu_x extends nvidia.H100_SXM5 { vendor = "%s" }\n' "$hostile"
  printf '// clusterc: allow(require.failed)\nrequire 1 > 2 : "%s"\n' "$hostile"
} >"$spec"
grep -q "x gpu_x" "$spec" || {
  echo "FAIL: the hostile GPU is not used (examples/h100_10k.cl changed?)"
  exit 1
}
"$CLUSTERC" check "$spec" >"$WORK/check.log" 2>&1 || {
  echo "FAIL: the hostile spec does not check:"
  sed 's/^/    /' "$WORK/check.log"
  exit 1
}
# slurmctld and sbatch run in $WORK/run: an injected `touch` would leave its file there or here.
mkdir -p "$WORK/run"
(cd "$WORK/run" && bash "$SOURCE_DIR/tests/integration/slurm_integration.sh" "$CLUSTERC" \
  "$SOURCE_DIR" "$spec")
rc=$?
((rc == 77)) && exit 77
pwned=$(find "$WORK" . -maxdepth 3 -name 'PWNED*' 2>/dev/null | head -n 3)
if [[ -n "$pwned" ]]; then
  echo "FAIL: an injected command ran: $pwned"
  exit 1
fi
((rc == 0)) || exit 1
echo "slurm injection: the hostile spec's configuration loads and checks; no injected command ran"
