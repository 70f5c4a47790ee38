-- End-to-end check of `foamc lsp` through Neovim's own LSP client (vim.lsp, Neovim 0.7+).
-- Environment: FOAMC_LSP_BIN (the foamc binary), FOAMC_LSP_FILE (a field file with a
-- misspelt boundary-condition type), FOAMC_LSP_TRANSCRIPT (where the transcript goes).
-- Exits 0 when every step passed, 1 otherwise; the transcript says which.
local bin = os.getenv('FOAMC_LSP_BIN')
local file = os.getenv('FOAMC_LSP_FILE')
local out = os.getenv('FOAMC_LSP_TRANSCRIPT')
local lines = {}
local failed = false

local function log(s)
  for l in (s .. '\n'):gmatch('(.-)\n') do table.insert(lines, l) end
end
local function check(ok, what)
  log((ok and 'PASS ' or 'FAIL ') .. what)
  if not ok then failed = true end
  return ok
end
local function finish()
  vim.fn.writefile(lines, out)
  vim.lsp.stop_client(vim.lsp.get_active_clients())
  vim.cmd(failed and 'cquit! 1' or 'qall!')
end

-- a Lua error anywhere still ends the editor with a transcript
local function main()
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  local uri = vim.uri_from_bufnr(buf)
  local client_id = vim.lsp.start_client({
    name = 'foamc',
    cmd = { bin, 'lsp' },
    root_dir = vim.fn.fnamemodify(file, ':p:h:h'),
  })
  vim.lsp.buf_attach_client(buf, client_id)

  -- where a word is in the buffer (0-based line and column)
  local function where(word)
    for i, l in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
      local c = l:find(word, 1, true)
      if c then return i - 1, c - 1 end
    end
  end
  local function bc001()
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      if d.code == 'FOAM-BC-001' then return d end
    end
  end
  local function request(method, params)
    local res = vim.lsp.buf_request_sync(buf, method, params, 20000)
    for _, r in pairs(res or {}) do
      if r.result then return r.result end
    end
  end

  -- 1. diagnostic
  vim.wait(60000, function() return bc001() ~= nil end, 50)
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    log(string.format('diagnostic %d:%d-%d:%d %s: %s', d.lnum + 1, d.col + 1, d.end_lnum + 1, d.end_col + 1,
      tostring(d.code), d.message:gsub('\n', ' | ')))
  end
  local diag = bc001()
  if not check(diag ~= nil, 'FOAM-BC-001 diagnostic on the misspelt type') then return end
  local trow, tcol = where('fixedValu;')
  check(diag.lnum == trow and diag.end_lnum == trow and diag.col < tcol and diag.end_col > tcol,
    'the diagnostic covers `type fixedValu;`')

  -- 2. hover: the rule of the finding on the typo, the contract of a valid type
  local function hover(word, shift)
    local r, c = where(word)
    local h = request('textDocument/hover', { textDocument = { uri = uri }, position = { line = r, character = c + shift } })
    local text = h and (h.contents.value or vim.inspect(h.contents)) or ''
    log('hover on ' .. word .. ':\n  ' .. text:gsub('\n', '\n  '))
    return text
  end
  local h = hover('fixedValu;', 2)
  check(h:find('FOAM-BC-001', 1, true) ~= nil and h:find('did you mean', 1, true) ~= nil, 'hover on the typo shows the rule and its fix')
  h = hover('noSlip', 2)
  check(h:find('**noSlip** boundary condition', 1, true) ~= nil and h:find('Header:', 1, true) ~= nil, 'hover on noSlip shows its contract')

  -- 3. completion at the end of the typo
  local crow, ccol = where('fixedValu;')
  local comp = request('textDocument/completion',
    { textDocument = { uri = uri }, position = { line = crow, character = ccol + #'fixedValu' } })
  local items = comp and (comp.items or comp) or {}
  local labels = {}
  for _, it in ipairs(items) do table.insert(labels, it.label) end
  log('completion after `type fixedValu`: ' .. table.concat(labels, ', '))
  check(vim.tbl_contains(labels, 'fixedValue'), 'completion offers fixedValue')

  -- 4. code action applied
  local lspdiag = diag.user_data and diag.user_data.lsp
  local actions = request('textDocument/codeAction', {
    textDocument = { uri = uri },
    range = { start = { line = diag.lnum, character = diag.col }, ['end'] = { line = diag.end_lnum, character = diag.end_col } },
    context = { diagnostics = { lspdiag } },
  }) or {}
  for _, a in ipairs(actions) do log('code action: ' .. a.title) end
  if check(#actions > 0 and actions[1].edit ~= nil, 'a quick fix is offered') then
    vim.lsp.util.apply_workspace_edit(actions[1].edit, 'utf-16')
    local line = vim.api.nvim_buf_get_lines(buf, trow, trow + 1, false)[1]
    log('after applying "' .. actions[1].title .. '": ' .. line)
    check(line:find('fixedValue;', 1, true) ~= nil, 'the buffer now reads fixedValue')
    -- the edit reaches the server as didChange; the diagnostic goes away
    check(vim.wait(60000, function() return bc001() == nil end, 50), 'FOAM-BC-001 is gone after the fix')
    log('diagnostics after the fix: ' .. #vim.diagnostic.get(buf))
  end
end

local ok, err = pcall(main)
check(ok, 'the script ran without a Lua error' .. (ok and '' or (': ' .. tostring(err))))
finish()
