#!/usr/bin/env bash
# Runs one libFuzzer target for a while on its committed corpus (fuzz/README.md).
#   scripts/fuzz.sh TARGET SECONDS [extra libFuzzer flags...]
#   TARGET: frontend | build | lsp
# Builds ./build-fuzz with clang (ASan + UBSan + coverage) when needed. New corpus units go to
# build-fuzz/corpus-TARGET (not the repository); a crash leaves its input in
# build-fuzz/findings-TARGET/ and the script exits non-zero. FUZZ_JOBS=N runs N workers.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 2 ]; then
  echo "usage: scripts/fuzz.sh TARGET SECONDS [libFuzzer flags...]   (TARGET: frontend, build, lsp)" >&2
  exit 2
fi
target=$1 seconds=$2
shift 2
case "$target" in frontend | build | lsp) ;; *)
  echo "fuzz.sh: unknown target '$target'; the targets are frontend, build and lsp" >&2
  exit 2
  ;;
esac
build=${CLUSTERC_FUZZ_BUILD_DIR:-build-fuzz}
if [ ! -f "$build/build.ninja" ]; then
  config=(-DCLUSTERC_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBUILD_TESTING=OFF
    -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14)
  command -v ccache >/dev/null && config+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  cmake -S . -B "$build" -G Ninja "${config[@]}" >/dev/null
fi
cmake --build "$build" --target "fuzz_$target" -j "${FUZZ_BUILD_JOBS:-$(nproc)}"

# Seeds: the repository's own specs (the folders fuzz/CMakeLists.txt lists), copied flat because
# libFuzzer does not descend into folders; for lsp, the recorded conversations of fuzz/seeds/lsp.
max_len=16384
case "$target" in
  frontend) seed_dirs=(examples stdlib tests/lang tests/malformed tests/sim tests/validation) ;;
  build) seed_dirs=(examples stdlib tests/lang/analysis tests/sim) ;;
  lsp) seed_dirs=(fuzz/seeds/lsp) max_len=65536 ;; # a conversation carries whole documents
esac
seeds="$build/seeds-$target"
rm -rf "$seeds" && mkdir -p "$seeds"
find "${seed_dirs[@]}" \( -name '*.cl' -o -name '*.jsonrpc' -o -name '*.jsonl' \) \
  -size "-$((max_len / 1024))k" | while read -r f; do
  cp "$f" "$seeds/$(echo "$f" | tr / _)"
done
corpus="$build/corpus-$target"
findings="$build/findings-$target"
mkdir -p "$corpus" "$findings"
dict=fuzz/clusterc.dict
if [ "$target" = lsp ]; then
  dict="$build/lsp.dict"
  cat fuzz/clusterc.dict fuzz/lsp.dict >"$dict"
fi
jobs=${FUZZ_JOBS:-1}
extra=()
[ "$jobs" -gt 1 ] && extra+=(-jobs="$jobs" -workers="$jobs")
# -dict: the language's words (for lsp also JSON-RPC's). -timeout: one input may take 60 s of
# wall time (a slower one is a finding: a hang; the margin is for busy machines: the slowest seed
# takes 2 s of CPU under the sanitizers); -rss_limit_mb: 2 GB.
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1} \
  "$build/fuzz/fuzz_$target" "$corpus" "$seeds" fuzz/regressions \
  -dict="$dict" -max_total_time="$seconds" -timeout=60 -rss_limit_mb=2048 \
  -max_len="$max_len" -print_final_stats=1 -artifact_prefix="$findings/" "${extra[@]}" "$@"
