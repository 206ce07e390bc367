#!/usr/bin/env bash
# Packages the extension as clusterc.vsix with @vscode/vsce (from npm).
#   editors/vscode/scripts/package.sh [OUT.vsix]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-clusterc.vsix}
npm install --no-audit --no-fund
npx vsce package --out "$out"
echo "packaged $out"
