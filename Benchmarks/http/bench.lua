-- wrk script for Benchmarks/http/run.sh: one kind of request per run, chosen by the environment.
--
--   BENCH_MODE     get (default), tap (Memorize tap), select (Set select), hint (Set hint)
--   BENCH_PATH     the path for get (default /health)
--   BENCH_ACCEPT   the Accept header (default */*)
--   BENCH_ENCODING the Accept-Encoding header (default none sent)
--   BENCH_COOKIES  file of real players, one `<cookie value> <Set card id>` a line; requests
--                  take them in turn, so the 16 connections act for different players
--   BENCH_RESULT   where done() writes the run's figures as one JSON object
--
-- Memorize taps go to /play/random/choose/N, N cycling 1…12 (every built-in theme has at least 12
-- cards); each player's 24th request is a New Game (POST /play/random/new) so taps keep turning
-- cards rather than meeting matched ones. Set select touches one card of the player's table,
-- so it is selected and deselected in turn (each one a saved move). Every response's status is
-- counted; for taps and selects the announcement in the body is classified too, to show that
-- the requests really changed the games.

local mode = os.getenv("BENCH_MODE") or "get"
local path = os.getenv("BENCH_PATH") or "/health"
local accept = os.getenv("BENCH_ACCEPT") or "*/*"
local encoding = os.getenv("BENCH_ENCODING") or ""
local cookies_file = os.getenv("BENCH_COOKIES")
if cookies_file == "" then
   cookies_file = nil
end
local result_file = os.getenv("BENCH_RESULT")

local TAP_ROUND = 24 -- requests per player per Memorize round: 23 taps, then a New Game
local TAP_CARDS = 12

local players = {}
local counter = 0
statuses = {}
outcomes = {}

local threads = {}

function setup(thread)
   thread:set("thread_index", #threads)
   table.insert(threads, thread)
end

function init(args)
   if cookies_file then
      for line in io.lines(cookies_file) do
         local cookie, card = line:match("^(%S+)%s+(%S+)")
         if cookie then
            table.insert(players, { cookie = cookie, card = card })
         end
      end
   end
   if mode ~= "get" and #players == 0 then
      error("BENCH_MODE=" .. mode .. " needs BENCH_COOKIES")
   end
   -- Threads start on different players (with one thread this is 0).
   counter = (thread_index or 0) * 7
end

local function headers_for(player)
   local headers = { ["Accept"] = accept }
   if encoding ~= "" then
      headers["Accept-Encoding"] = encoding
   end
   if player then
      headers["Cookie"] = "cardtable_player=" .. player.cookie
   end
   return headers
end

function request()
   local n = counter
   counter = counter + 1
   local player = nil
   local round = 0
   if #players > 0 then
      player = players[(n % #players) + 1]
      round = math.floor(n / #players)
   end
   local headers = headers_for(player)
   if mode == "get" then
      return wrk.format("GET", path, headers)
   end
   headers["Content-Type"] = "application/x-www-form-urlencoded"
   if mode == "tap" then
      local step = round % TAP_ROUND
      if step == TAP_ROUND - 1 then
         return wrk.format("POST", "/play/random/new", headers, "")
      end
      return wrk.format("POST", "/play/random/choose/" .. ((step % TAP_CARDS) + 1), headers, "")
   elseif mode == "select" then
      return wrk.format("POST", "/set/cards/" .. player.card .. "/select", headers, "")
   elseif mode == "hint" then
      return wrk.format("POST", "/set/hint", headers, "player=one")
   end
   error("unknown BENCH_MODE " .. mode)
end

local kinds = {
   { "turned up", "turned up" },
   { "No match", "no match" },
   { "Match", "match" },
   { "already", "ignored (already face up or matched)" },
   { "New game", "new game" },
   { "Deselected", "deselected" },
   { "Selected", "selected" },
   { "Hint:", "hint" },
}

function response(status, headers, body)
   statuses[status] = (statuses[status] or 0) + 1
   if mode == "get" or status ~= 200 then
      return
   end
   local kind = "other"
   if headers["Content-Encoding"] or headers["content-encoding"] then
      kind = "compressed (not classified)"
   else
      local announcement = body:match('"announcement":"(.-)"') or ""
      for _, pattern in ipairs(kinds) do
         if announcement:find(pattern[1], 1, true) then
            kind = pattern[2]
            break
         end
      end
      if kind == "other" then
         kind = "other: " .. announcement:sub(1, 60)
      end
   end
   outcomes[kind] = (outcomes[kind] or 0) + 1
end

local function json_string(s)
   return '"' .. tostring(s):gsub('[%c"\\]', function(c)
      return string.format("\\u%04x", c:byte())
   end) .. '"'
end

local function json_counts(counts)
   local parts = {}
   for key, value in pairs(counts) do
      table.insert(parts, json_string(key) .. ":" .. value)
   end
   table.sort(parts)
   return "{" .. table.concat(parts, ",") .. "}"
end

function done(summary, latency, requests)
   local all_statuses, all_outcomes = {}, {}
   for _, thread in ipairs(threads) do
      for key, value in pairs(thread:get("statuses") or {}) do
         all_statuses[key] = (all_statuses[key] or 0) + value
      end
      for key, value in pairs(thread:get("outcomes") or {}) do
         all_outcomes[key] = (all_outcomes[key] or 0) + value
      end
   end
   local e = summary.errors
   local out = string.format(
      '{"requests":%d,"duration_us":%d,"bytes":%d,' ..
      '"latency_us":{"p50":%d,"p90":%d,"p99":%d,"max":%d,"mean":%.1f},' ..
      '"socket_errors":{"connect":%d,"read":%d,"write":%d,"timeout":%d},"non_2xx_3xx":%d,' ..
      '"statuses":%s,"outcomes":%s}\n',
      summary.requests, summary.duration, summary.bytes,
      latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, latency.mean,
      e.connect, e.read, e.write, e.timeout, e.status,
      json_counts(all_statuses), json_counts(all_outcomes))
   if result_file then
      local file = assert(io.open(result_file, "w"))
      file:write(out)
      file:close()
   else
      io.write(out)
   end
end
