-- Neovim's built-in LSP client against `clusterc lsp` (run by nvim_lsp.sh, headless):
-- diagnostics after an edit, hover with derived values, definition into the standard library,
-- formatting. Environment: CLUSTERC, SPEC (a copy of colossus.cl), STD_DIR, REPORT (a file
-- that receives the hover and inlay hints as text). Exits 0 when every check passes.
local clusterc, spec, std_dir = os.getenv('CLUSTERC'), os.getenv('SPEC'), os.getenv('STD_DIR')
local failures = 0
local function check(ok, what)
  io.stdout:write((ok and 'ok   ' or 'FAIL ') .. what .. '\n')
  if not ok then failures = failures + 1 end
end
local function finish()
  io.stdout:flush()
  vim.cmd((failures == 0) and 'qa!' or 'cquit! 1')
end

vim.cmd('edit ' .. vim.fn.fnameescape(spec))
local buf = vim.api.nvim_get_current_buf()
local client_id = vim.lsp.start_client({
  name = 'clusterc',
  cmd = { clusterc, 'lsp', '--stdlib-dir', std_dir },
  root_dir = vim.fn.fnamemodify(spec, ':h'),
})
check(client_id ~= nil, 'the client starts clusterc lsp')
vim.lsp.buf_attach_client(buf, client_id)
local client = vim.lsp.get_client_by_id(client_id)
check(vim.wait(20000, function() return client.initialized end, 50), 'initialize completes')

local function find(pattern)
  for i, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    local col = line:find(pattern, 1, true)
    if col then return i - 1, col - 1 end
  end
  error('not found: ' .. pattern)
end
local function request(method, params)
  local response = client.request_sync(method, params, 20000, buf)
  return response and response.result
end
local function at(line, character)
  return { textDocument = { uri = vim.uri_from_bufnr(buf) },
           position = { line = line, character = character } }
end

-- 1. An edit that breaks the spec: the diagnostic comes back.
local line, col = find('nvidia.H100_SXM5')
vim.api.nvim_buf_set_text(buf, line, col + 7, line, col + 16, { 'H100_SXM9' })
local got = vim.wait(20000, function()
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.message:find('H100_SXM9', 1, true) then return true end
  end
  return false
end, 50)
check(got, 'a diagnostic names the unknown H100_SXM9')
local diags = vim.diagnostic.get(buf)
check(#diags > 0 and diags[1].severity == vim.diagnostic.severity.ERROR and diags[1].lnum == line,
      'the diagnostic is an error on the edited line')
vim.api.nvim_buf_set_text(buf, line, col + 7, line, col + 16, { 'H100_SXM5' })
check(vim.wait(20000, function() return #vim.diagnostic.get(buf) == 0 end, 50),
      'the diagnostic clears when the edit is undone')

-- 2. Hover on the plan: derived values as `explain` prints them.
local pline, pcol = find('plan grok1_pretrain')
local hover = request('textDocument/hover', at(pline, pcol + 6))
local text = hover and hover.contents and hover.contents.value or ''
check(text:find('step: [%d.]+ m?s') ~= nil, 'hover shows the step time')
check(text:find('most loaded GPU: [%d.]+ GiB') ~= nil, 'hover shows memory per GPU')

-- 3. Definition into the standard library, opened as a file.
local dline, dcol = find('nvidia.H100_SXM5')
local def = request('textDocument/definition', at(dline, dcol + 9))
local location = def and (def[1] or def)
check(location ~= nil and location.uri:sub(-9) == 'nvidia.cl', 'definition lands in nvidia.cl')
if location then
  vim.lsp.util.jump_to_location(location, 'utf-16')
  local target = vim.api.nvim_get_current_line()
  check(vim.api.nvim_buf_get_name(0):sub(-9) == 'nvidia.cl' and target:find('H100_SXM5', 1, true),
        'the jump opens the standard library at H100_SXM5')
  vim.cmd('buffer ' .. buf)
end

-- 4. Formatting: a squeezed field comes back aligned.
local fline = find('  pue         = 1.15')
vim.api.nvim_buf_set_lines(buf, fline, fline + 1, false, { 'pue=1.15   // seeds' })
vim.lsp.buf.formatting_sync(nil, 20000)
local fixed = vim.api.nvim_buf_get_lines(buf, fline, fline + 1, false)[1]
check(fixed:match('^  pue +=') ~= nil and fixed:find('// seeds', 1, true) ~= nil,
      'formatting restores the layout: "' .. fixed .. '"')

-- 5. The picture: the plan's lines with the inlay hints and the hover, as text.
local hints = request('textDocument/inlayHint', {
  textDocument = { uri = vim.uri_from_bufnr(buf) },
  range = { start = { line = 0, character = 0 }, ['end'] = { line = 10000, character = 0 } } })
check(hints ~= nil and #hints >= 3, 'inlay hints come back')
local report = io.open(os.getenv('REPORT'), 'w')
local by_line = {}
for _, h in ipairs(hints or {}) do by_line[h.position.line] = h.label end
local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
for i = pline - 2, math.min(pline + 14, #lines - 1) do
  report:write(lines[i + 1] .. (by_line[i] and ('  ' .. by_line[i]) or '') .. '\n')
end
report:write('\n-- hover on plan grok1_pretrain --\n' .. text .. '\n')
report:close()

client.stop()
finish()
