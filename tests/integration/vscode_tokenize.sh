#!/bin/bash
# The VS Code extension's TextMate grammar, tokenised by vscode-textmate + vscode-oniguruma (from
# the npm registry, installed under BINARY_DIR/vscode-test) on every example and stdlib file,
# with the scopes of selected lines compared to editors/vscode/test/scopes.golden.json.
#
#   vscode_tokenize.sh SOURCE_DIR BINARY_DIR
#
# Without npm (or node): exit 77, skipped with a message.
set -u
source_dir=$1
binary_dir=$2
if ! command -v npm >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then
  echo "vscode_tokenize: npm or node not found; skipped (install nodejs and npm to run it)"
  exit 77
fi
modules=$binary_dir/vscode-test
if [ ! -d "$modules/node_modules/vscode-textmate" ] || [ ! -d "$modules/node_modules/vscode-oniguruma" ]; then
  mkdir -p "$modules"
  npm install --prefix "$modules" --no-audit --no-fund --no-save --silent \
    vscode-textmate@9 vscode-oniguruma@2 || { echo "vscode_tokenize: npm install failed" >&2; exit 1; }
fi
NODE_PATH=$modules/node_modules node "$source_dir/editors/vscode/test/tokenize.test.js" "$source_dir"
