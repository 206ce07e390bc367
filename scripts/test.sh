#!/usr/bin/env bash
# Builds and runs every test: the normal build, then (unless CLUSTERC_SANITIZERS=0) a build with
# AddressSanitizer + UndefinedBehaviorSanitizer running the same suite, then (unless
# CLUSTERC_FUZZ=0) each libFuzzer target for CLUSTERC_FUZZ_SECONDS (60) on the committed corpus.
set -euo pipefail
cd "$(dirname "$0")/.."

# The browser test renders the HTML report in Debian's Chromium.
# The SARIF test validates with python3-jsonschema; the editor tests run Neovim and, with npm
# (Debian's, unless a node install already brings one), vscode-textmate from the npm registry.
extra="chromium python3-jsonschema neovim"
command -v npm >/dev/null 2>&1 || extra+=" npm"
# The fuzz targets need clang and its libFuzzer runtime.
if [ "${CLUSTERC_FUZZ:-1}" != 0 ]; then extra+=" clang-14 libclang-rt-14-dev"; fi
CLUSTERC_EXTRA_PACKAGES="$extra ${CLUSTERC_EXTRA_PACKAGES:-}" scripts/setup.sh
ctest --test-dir build --output-on-failure -j "$(nproc)"

if [ "${CLUSTERC_SANITIZERS:-1}" != 0 ]; then
  echo "== the same tests under AddressSanitizer + UndefinedBehaviorSanitizer"
  CLUSTERC_BUILD_DIR=build-asan CLUSTERC_SANITIZE=1 scripts/setup.sh
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir build-asan --output-on-failure -j "$(nproc)"
fi

if [ "${CLUSTERC_FUZZ:-1}" != 0 ]; then
  echo "== fuzzing: each target ${CLUSTERC_FUZZ_SECONDS:-60} s on the committed corpus"
  for target in frontend build lsp; do
    scripts/fuzz.sh "$target" "${CLUSTERC_FUZZ_SECONDS:-60}"
  done
fi
