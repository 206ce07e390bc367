#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine lacks, then configures and builds clusterc into ./build.
# Runs as root, or as a user with sudo.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(build-essential cmake ninja-build default-jre-headless antlr4 libantlr4-runtime-dev
  uuid-dev llvm-14-dev zlib1g-dev libyaml-cpp-dev libfmt-dev catch2 clang-format
  slurmctld slurmd slurm-client libpmix2 libpmix-dev)
# Extra package sets, for the integration tests that need them: CLUSTERC_EXTRA_PACKAGES="..."
read -r -a extra <<< "${CLUSTERC_EXTRA_PACKAGES:-}"
packages+=("${extra[@]}")

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  echo "setup: installing ${missing[*]}"
  "${sudo[@]}" apt-get update -q
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
    "${missing[@]}"
fi

build_dir=${CLUSTERC_BUILD_DIR:-build}
config=(-DCMAKE_BUILD_TYPE=RelWithDebInfo)
if [ "${CLUSTERC_SANITIZE:-0}" = 1 ]; then
  # AddressSanitizer + UBSan at -O1 with line tables: the usual sanitizer setting, and about half
  # the compile time of -O2 -g.
  config=(-DCLUSTERC_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -g1")
fi
# A compiler cache, where the machine has one, makes rebuilds of other checkouts cheap.
command -v ccache >/dev/null && config+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S . -B "$build_dir" -G Ninja "${config[@]}" >/dev/null
cmake --build "$build_dir" -j "$(nproc)"
