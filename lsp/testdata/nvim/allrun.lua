-- A tutorial judged as its Allrun uses it, through Neovim's own LSP client.
-- Environment: FOAMC_LSP_BIN (the foamc binary), FOAMC_LSP_ROOT (the case), FOAMC_LSP_FILES
-- (case-relative files to open, one a line, the Allrun among them), FOAMC_LSP_WANT (how
-- many diagnostics foamc lint gives on them), FOAMC_LSP_DELETE (a word of the Allrun line
-- to delete), FOAMC_LSP_WANT_AFTER (how many diagnostics foamc lint gives with that line
-- deleted), FOAMC_LSP_TRANSCRIPT (where the transcript goes). Logs every diagnostic as
-- `diag FILE LINE CODE SEVERITY`, then deletes the line without saving and logs them again
-- as `after …`.
local bin = os.getenv('FOAMC_LSP_BIN')
local root = os.getenv('FOAMC_LSP_ROOT')
local want = tonumber(os.getenv('FOAMC_LSP_WANT'))
local wantAfter = tonumber(os.getenv('FOAMC_LSP_WANT_AFTER'))
local delete = os.getenv('FOAMC_LSP_DELETE')
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

local severity = { 'deny', 'warn', 'info', 'hint' }

local function main()
  local client_id = vim.lsp.start_client({ name = 'foamc', cmd = { bin, 'lsp' }, root_dir = root })
  local bufs = {}
  for rel in os.getenv('FOAMC_LSP_FILES'):gmatch('[^\n]+') do
    vim.cmd('edit ' .. vim.fn.fnameescape(root .. '/' .. rel))
    local buf = vim.api.nvim_get_current_buf()
    vim.lsp.buf_attach_client(buf, client_id)
    bufs[rel] = buf
  end
  local function all()
    local n = 0
    for _, buf in pairs(bufs) do n = n + #vim.diagnostic.get(buf) end
    return n
  end
  local function dump(prefix)
    local rels = vim.tbl_keys(bufs)
    table.sort(rels)
    for _, rel in ipairs(rels) do
      for _, d in ipairs(vim.diagnostic.get(bufs[rel])) do
        log(string.format('%s %s %d %s %s', prefix, rel, d.lnum + 1, tostring(d.code), severity[d.severity]))
      end
    end
  end

  -- 1. every open file shows what foamc lint gives on it
  check(vim.wait(90000, function() return all() >= want end, 50), 'diagnostics arrived: ' .. all() .. ' of ' .. want)
  vim.wait(500) -- a late publish would change the count
  dump('diag')

  -- 2. the unsaved Allrun counts
  local ab = bufs['Allrun']
  check(vim.bo[ab].filetype == 'sh', 'Neovim opened the Allrun as a shell script (' .. vim.bo[ab].filetype .. ')')
  for i, l in ipairs(vim.api.nvim_buf_get_lines(ab, 0, -1, false)) do
    if l:find(delete, 1, true) then
      vim.api.nvim_buf_set_lines(ab, i - 1, i, false, {})
      break
    end
  end
  check(vim.bo[ab].modified, 'the Allrun buffer is edited, not saved')
  check(vim.wait(60000, function() return all() == wantAfter end, 50),
    'the unsaved edit without ' .. delete .. ' gives ' .. all() .. ' diagnostics of ' .. wantAfter)
  vim.wait(500)
  dump('after')
end

local ok, err = pcall(main)
check(ok, 'the script ran without a Lua error' .. (ok and '' or (': ' .. tostring(err))))
finish()
