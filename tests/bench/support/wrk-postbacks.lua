-- wrk script of the conversions bench (tests/bench/support/postback-load.ts runs it with one thread and
-- `-c` connections): POSTs each JSON body of the input file (one per line) once, in order, to the URL's
-- path, each to whichever connection is free, and writes every answer down as "<status> <body>".
-- Run as `wrk -t1 -cN … -- <input> <output file> [postbacks per second]`. Prints WRK_READY once the
-- requests are formatted and WRK_DONE once all of them are answered, and then stops; the parent stops wrk
-- (SIGINT) and done() (wrk-summary.lua) prints the summary line.
-- With a rate, postback k is due k / rate seconds after the first: a free connection waits for the next due
-- one (so wrk's latency, counted from the send, is the latency at that rate) and, when every connection was
-- busy at a postback's due time, sends it as soon as one is free: WRK_DONE then says how many went out more
-- than 1 ms late and by how much at most ("WRK_DONE late=<n> max_late_ms=<ms>"), the latency of a rate the
-- server did not keep up with being understated by that much. Which postback an answer is for is not known here (answers
-- come back in any order): the bench checks them against the database by their conversion_id.

local requests = {}
-- wrk calls request() once before anything is sent, to check what the script sends
-- (script_verify_request); that request is never sent, so the count starts one back
local sent = -1
local answered = 0
local out
-- postbacks per second (args[3]); nil: each one as soon as a connection is free
local rate = nil

function init(args)
  local headers = { ["Content-Type"] = "application/json" }
  for body in io.lines(args[1]) do
    requests[#requests + 1] = wrk.format("POST", wrk.path, headers, body)
  end
  out = assert(io.open(args[2], "w"))
  if args[3] then rate = tonumber(args[3]) end
  io.stdout:write("WRK_READY\n")
  io.stdout:flush()
end

-- called once before each request (a timer of that many ms, then request()): each postback is granted
-- to one connection here; once all are, a free connection waits (it is never used again: wrk is stopped
-- when the last answer is in) instead of sending anything more. Counting in request() instead lets
-- connections whose timer is already set send one more each.
local granted = 0
local first_due = nil
local late, max_late = 0, 0

-- a monotonic clock in ms (LuaJIT's FFI: wrk links LuaJIT)
local ffi = require("ffi")
ffi.cdef [[
typedef struct { long tv_sec; long tv_nsec; } bench_timespec;
int clock_gettime(int clk_id, bench_timespec *tp);
]]
local ts = ffi.new("bench_timespec")
local function now_ms()
  ffi.C.clock_gettime(1, ts) -- CLOCK_MONOTONIC
  return tonumber(ts.tv_sec) * 1000 + tonumber(ts.tv_nsec) / 1e6
end

function delay()
  if granted >= #requests then return 600000 end
  granted = granted + 1
  if not rate then return 0 end
  local now = now_ms()
  if not first_due then first_due = now end
  local wait = first_due + (granted - 1) * 1000 / rate - now
  if wait < -1 then
    late = late + 1
    if -wait > max_late then max_late = -wait end
  end
  if wait <= 0 then return 0 end
  return math.floor(wait + 0.5)
end

function request()
  sent = sent + 1
  return requests[math.max(1, math.min(sent, #requests))]
end

function response(status, headers, body)
  answered = answered + 1
  if answered > #requests then return end
  out:write(status, " ", body, "\n")
  if answered == #requests then
    out:close()
    io.stdout:write(string.format("WRK_DONE late=%d max_late_ms=%.1f\n", late, max_late))
    io.stdout:flush()
    wrk.thread:stop()
  end
end

-- done(): the summary line
dofile(debug.getinfo(1, "S").source:match("^@(.*/)") .. "wrk-summary.lua")
