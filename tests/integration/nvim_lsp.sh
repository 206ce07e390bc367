#!/bin/bash
# Neovim (Debian's neovim, headless, its built-in LSP client) against `clusterc lsp` on a copy of
# the Colossus example: see nvim_lsp.lua for the checks. Keeps a text picture of the inlay hints
# and the hover at BINARY_DIR/artifacts/nvim-hover-inlay.txt, and, when tmux is there, a capture
# of the hover window in a real terminal at BINARY_DIR/artifacts/nvim-hover-screen.txt.
#
#   nvim_lsp.sh CLUSTERC SOURCE_DIR BINARY_DIR
#
# Without nvim: exit 77 (skipped), or fail when CI is set (CI must run this test).
set -u
clusterc=$1
source_dir=$2
binary_dir=$3

if ! command -v nvim >/dev/null 2>&1; then
  if [ -n "${CI:-}" ]; then
    echo "nvim_lsp: FAIL: neovim is not installed (CI is set: scripts/test.sh installs it)" >&2
    exit 1
  fi
  echo "nvim_lsp: neovim not found; skipped"
  exit 77
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$source_dir/examples/colossus.cl" "$work/colossus.cl"
mkdir -p "$binary_dir/artifacts"
export CLUSTERC=$clusterc SPEC=$work/colossus.cl STD_DIR=$work/std
export REPORT=$binary_dir/artifacts/nvim-hover-inlay.txt
export HOME=$work XDG_CONFIG_HOME=$work/config XDG_DATA_HOME=$work/data XDG_STATE_HOME=$work/state
timeout 120 nvim --headless --clean -c "luafile $source_dir/tests/integration/nvim_lsp.lua" \
  >"$work/out.txt" 2>&1
status=$?
cat "$work/out.txt"
[ $status -eq 0 ] || { echo "nvim_lsp: FAIL (status $status)" >&2; exit 1; }
grep -q '^FAIL' "$work/out.txt" && exit 1

# The hover window in a real terminal (optional: tmux renders nvim's screen to text).
if command -v tmux >/dev/null 2>&1; then
  cp "$source_dir/examples/colossus.cl" "$work/shown.cl"
  line=$(grep -n '^plan grok1_pretrain' "$work/shown.cl" | cut -d: -f1)
  cat >"$work/show.lua" <<LUA
vim.cmd('edit $work/shown.cl')
local id = vim.lsp.start_client({ name = 'clusterc', cmd = { '$clusterc', 'lsp', '--stdlib-dir', '$work/std' } })
vim.lsp.buf_attach_client(0, id)
vim.wait(10000, function() return vim.lsp.get_client_by_id(id).initialized end, 50)
vim.api.nvim_win_set_cursor(0, { $line, 7 })
vim.cmd('normal! zt')
local hints = vim.lsp.get_client_by_id(id).request_sync('textDocument/inlayHint', { textDocument = { uri = vim.uri_from_bufnr(0) }, range = { start = { line = 0, character = 0 }, ['end'] = { line = 10000, character = 0 } } }, 10000, 0)
local ns = vim.api.nvim_create_namespace('inlay')
for _, h in ipairs(hints and hints.result or {}) do
  vim.api.nvim_buf_set_extmark(0, ns, h.position.line, 0, { virt_text = { { '  ' .. h.label, 'Comment' } } })
end
vim.lsp.buf.hover()
LUA
  session="clusterc-nvim-$$"
  tmux new-session -d -s "$session" -x 160 -y 45 \
    "env HOME=$work nvim --clean -c 'luafile $work/show.lua'" 2>/dev/null &&
    sleep 4 &&
    tmux capture-pane -p -t "$session" >"$binary_dir/artifacts/nvim-hover-screen.txt"
  tmux kill-session -t "$session" 2>/dev/null
fi
echo "nvim_lsp: ok; artifacts in $binary_dir/artifacts/"
exit 0
