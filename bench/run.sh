#!/usr/bin/env bash
# Runs every benchmark against ./build (release-like RelWithDebInfo) and prints what it measured.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --build build -j "$(nproc)" >/dev/null
for b in build/bench/bench_*; do
  [ -x "$b" ] || continue
  echo "== $(basename "$b")"
  "$b" build/clusterc
done
