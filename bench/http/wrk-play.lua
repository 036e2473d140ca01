-- The HTTP load of bench/http/load.ts, played by wrk (C, epoll) instead of autocannon (Node):
-- one connection per thread (wrk -tN -cN), each thread plays its own games in a closed loop,
-- GET /legal-actions, then POST /actions with a random legal action, expectedVersion and the
-- decision id; with `include` the next move comes from the POST's `legal` when the same seat
-- acts again. Run by bench/http/wrk.ts, which reads the JSON line that done() prints.
-- Arguments: games file (one game per line: id seat token...), pattern (get+post |
-- include-legal), threads, warm-up seconds.
local ffi = require("ffi")
ffi.cdef [[
  typedef struct { long tv_sec; long tv_nsec; } skyeye_timespec;
  int clock_gettime(int clk, skyeye_timespec *ts);
]]
local ts = ffi.new("skyeye_timespec")
local function now_ms()
  ffi.C.clock_gettime(1, ts) -- CLOCK_MONOTONIC
  return tonumber(ts.tv_sec) * 1000 + tonumber(ts.tv_nsec) / 1e6
end

-- Main state: number the threads, and keep them to read their counters in done().
local threads = {}
function setup(thread)
  thread:set("tid", #threads)
  table.insert(threads, thread)
end

-- Thread state.
local games, gi, g = {}, 0, nil
local include = false
local submit = nil      -- the POST body to send next, or nil: ask legal actions
local last = nil        -- "get" | "post" | "idle": what the in-flight request is
local t0, measure_from = 0, 0
moves, all_moves, finished, empty_asks, held_n, conn_err = 0, 0, 0, 0, 0, 0
post_lat, get_lat = {}, {}
post_status, get_status = {}, {}

local function next_game()
  gi = gi + 1
  g = games[gi]
end

function init(args)
  include = args[2] == "include-legal"
  local n = tonumber(args[3])
  local i = 0
  for line in io.lines(args[1]) do
    if i % n == tid then
      local parts = {}
      for w in line:gmatch("%S+") do parts[#parts + 1] = w end
      local tokens = {}
      for k = 3, #parts do tokens[#tokens + 1] = parts[k] end
      games[#games + 1] = { id = parts[1], seat = tonumber(parts[2]), tokens = tokens, empty = 0 }
    end
    i = i + 1
  end
  math.randomseed(os.time() * 1000 + tid)
  next_game()
  measure_from = now_ms() + tonumber(args[4]) * 1000
end

-- Index just past the string that starts at s[i] == '"'.
local function skip_string(s, i)
  local j = i + 1
  while true do
    local k = s:find('["\\]', j)
    if not k then return #s + 1 end
    if s:byte(k) == 92 then j = k + 2 else return k + 1 end
  end
end

-- The elements of the JSON array starting at s[i] == '[' (as {start, end} pairs), and the
-- index past its ']'.
local function array_items(s, i)
  local items, depth, j, from = {}, 0, i, nil
  while true do
    local k = s:find('[%[%]{}"]', j)
    if not k then return items, #s + 1 end
    local c = s:byte(k)
    if c == 34 then
      if depth == 1 and not from then from = k end
      j = skip_string(s, k)
      if depth == 1 and from == k then items[#items + 1] = { k, j - 1 }; from = nil end
    else
      if c == 91 or c == 123 then
        depth = depth + 1
        if depth == 2 then from = k end
      else
        depth = depth - 1
        if depth == 1 and from then items[#items + 1] = { from, k }; from = nil end
        if depth == 0 then return items, k + 1 end
      end
      j = k + 1
    end
  end
end

-- A random legal action of the seat's open decisions (a blocking one first) in the legal-actions
-- object that starts at s[at], as a POST body; nil if it has none.
local function pick(s, at)
  local version = s:match('"version":(%d+)', at)
  local p = s:find('"decisions":%[', at)
  if not version or not p then return nil end
  local first = nil
  while true do
    local a, b, id = s:find('"decision":"([^"]*)"', p)
    if not a then break end
    local blocking = s:match('"blocking":(%a+)', b) == "true"
    local q = s:find('"actions":%[', b)
    if not q then break end
    local items, past = array_items(s, q + 10)
    if #items > 0 then
      local c = { id = id, items = items }
      if blocking then first = c; break end
      first = first or c
    end
    p = past
  end
  if not first then return nil end
  local it = first.items[math.random(#first.items)]
  return '{"expectedVersion":' .. version .. ',"decision":"' .. first.id .. '","action":' .. s:sub(it[1], it[2]) .. '}'
end

local function count(m, st)
  m[st] = (m[st] or 0) + 1
end

function request()
  if not g then
    last = "idle"
    return wrk.format("GET", "/healthz")
  end
  t0 = now_ms()
  local auth = "Bearer " .. g.tokens[g.seat + 1]
  if submit then
    last = "post"
    local path = "/v1/games/" .. g.id .. "/actions" .. (include and "?include=legal" or "")
    return wrk.format("POST", path, { ["content-type"] = "application/json", authorization = auth }, submit)
  end
  last = "get"
  return wrk.format("GET", "/v1/games/" .. g.id .. "/legal-actions", { authorization = auth })
end

local function release_empty()
  empty_asks = empty_asks + 1
  g.empty = g.empty + 1
  g.seat = (g.seat + 1) % #g.tokens
  if g.empty >= #g.tokens then finished = finished + 1; next_game() end
end

function response(status, headers, body)
  if last == "idle" then return end
  local t = now_ms()
  local measuring = t0 >= measure_from
  if last == "get" then
    if measuring then get_lat[#get_lat + 1] = t - t0; count(get_status, status) end
    submit = status == 200 and pick(body, 1) or nil
    if submit then g.empty = 0 else release_empty() end
    return
  end
  -- A POST.
  local ok = status >= 200 and status < 300
  local held = ok and body:find('"held":true,"closed":false', 1, true) ~= nil
  if ok then all_moves = all_moves + 1 end
  if measuring then
    post_lat[#post_lat + 1] = t - t0
    count(post_status, status)
    if ok then
      moves = moves + 1
      if held then held_n = held_n + 1 end
    end
  end
  submit = nil
  local seat = g.seat
  if ok then
    local st, seats = body:match('"toAct":{"version":%d+,"status":"(%w+)","seats":%[([%d,]*)%]')
    if st == "finished" then finished = finished + 1; next_game(); return end
    if seats then
      local list = {}
      for x in seats:gmatch("%d+") do list[#list + 1] = tonumber(x) end
      -- nextSeat of load.ts: after a held commit the next member, else the same seat while it
      -- is listed, else the first listed.
      local nxt = nil
      if held then
        for _, x in ipairs(list) do if x > seat then nxt = x; break end end
        nxt = nxt or list[1]
      else
        for _, x in ipairs(list) do if x == seat then nxt = x end end
        nxt = nxt or list[1]
      end
      if nxt then g.seat = nxt end
    end
    if include and not held then
      -- As load.ts: the same seat again when its next legal actions came with the answer.
      local at = body:find('"legal":{', 1, true)
      if at then submit = pick(body, at) end
      if submit then g.seat = seat end
    end
  end
end

function done(summary, latency, requests)
  local out = { moves = 0, allMoves = 0, finished = 0, emptyAsks = 0, held = 0 }
  local post, get, ps, gs = {}, {}, {}, {}
  for _, th in ipairs(threads) do
    out.moves = out.moves + th:get("moves")
    out.allMoves = out.allMoves + th:get("all_moves")
    out.finished = out.finished + th:get("finished")
    out.emptyAsks = out.emptyAsks + th:get("empty_asks")
    out.held = out.held + th:get("held_n")
    for _, v in ipairs(th:get("post_lat")) do post[#post + 1] = string.format("%.3f", v) end
    for _, v in ipairs(th:get("get_lat")) do get[#get + 1] = string.format("%.3f", v) end
    for k, v in pairs(th:get("post_status")) do ps[k] = (ps[k] or 0) + v end
    for k, v in pairs(th:get("get_status")) do gs[k] = (gs[k] or 0) + v end
  end
  local function obj(m)
    local parts = {}
    for k, v in pairs(m) do parts[#parts + 1] = '"' .. k .. '":' .. v end
    return "{" .. table.concat(parts, ",") .. "}"
  end
  local e = summary.errors
  io.write(string.format(
    'SKYEYE-WRK {"moves":%d,"allMoves":%d,"finished":%d,"emptyAsks":%d,"held":%d,"post":[%s],"get":[%s],"postStatus":%s,"getStatus":%s,"errors":%d,"timeouts":%d,"requests":%d}\n',
    out.moves, out.allMoves, out.finished, out.emptyAsks, out.held, table.concat(post, ","), table.concat(get, ","), obj(ps), obj(gs),
    e.connect + e.read + e.write, e.timeout, summary.requests))
end
