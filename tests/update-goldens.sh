#!/usr/bin/env bash
# Rewrites every golden expectation from the current compiler (tests/lang/**/*.cl.expected and the
# build output trees in tests/golden/), then shows what changed.
# Run it after a deliberate change to diagnostics, and review the diff before committing.
#   tests/update-goldens.sh            # builds into ./build (cmake + ninja) when needed
#   BUILD_DIR=build-x tests/update-goldens.sh
set -euo pipefail
cd "$(dirname "$0")/.."
build="${BUILD_DIR:-build}"
if [ ! -f "$build/build.ninja" ]; then
  cmake -S . -B "$build" -G Ninja >/dev/null
fi
ninja -C "$build" -j"${JOBS:-1}" unit_tests clusterc
# The golden test rewrites the expectations instead of comparing when this variable is set; the
# coverage check ("every diagnostic code has a golden test") still runs and may fail.
CLUSTERC_UPDATE_GOLDENS=1 "$build/tests/unit_tests" "[golden]" || true
git diff --stat tests/lang tests/golden
# New expectations are untracked, so the stat above does not show them.
git ls-files --others --exclude-standard tests/lang tests/golden | sed 's/^/new: /'
