-- Pacing for the benches' wrk scripts (wrk-clicks.lua and wrk-postbacks.lua load this file with dofile):
-- `pacing.new(total, rate)` returns a `delay()` for wrk, which calls it before each request and sends that
-- request once a timer of the returned milliseconds has run. It grants `total` requests, each to whichever
-- connection asks first, and then makes every connection wait (wrk is stopped once the last answer is in).
-- With a rate (per second), request k is due k / rate s after the first: a free connection waits for the
-- next due one, so wrk's latency, counted from the send, is the latency at that rate. When every
-- connection was still waiting for an answer at a request's due time, it goes out as soon as one is free;
-- `summary()` says how many went out more than 1 ms late and by how much at most, the latency of a rate the
-- server did not keep up with being understated by that much. wrk's timers have 1 ms steps, so a request
-- goes out up to half a millisecond before or after its due time.
local pacing = {}

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

function pacing.new(total, rate)
  local granted = 0
  local first_due = nil
  local late, max_late = 0, 0
  local p = {}

  -- wrk calls delay() once before each request (a timer of that many ms, then request()): counting here
  -- rather than in request() keeps connections whose timer is already set from sending one more each
  function p.delay()
    if granted >= total then return 600000 end
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

  function p.summary()
    return string.format("late=%d max_late_ms=%.1f", late, max_late)
  end

  return p
end

return pacing
