-- wrk script of the clicks bench (tests/bench/support/wrk.ts runs it): GET the URL's path with a browser
-- user agent and one of 1,021 visitor addresses in X-Forwarded-For (the server trusts the loopback
-- proxy, TRUST_PROXY=loopback, so the header is the visitor's address), rotating per request. The
-- requests are formatted once in init(), so the generator spends no time building them.
-- Run as `wrk … -- <addresses> [<requests per second> <requests>]`. Without a rate it sends as fast as
-- the server answers until wrk's duration ends. With one it sends exactly that many requests, paced by
-- wrk-pacing.lua, prints WRK_READY when it starts and, once every request is answered, "WRK_DONE
-- ok=<2xx/3xx answers> late=<n> max_late_ms=<ms>", and stops (the parent then stops wrk with SIGINT).
-- At the end done() (wrk-summary.lua) prints one line, "WRK_JSON {…}", that wrk.ts parses.

local here = debug.getinfo(1, "S").source:match("^@(.*/)")
local requests = {}
local count = 0
local next_request = 0
local ua = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36"

-- a plausible visitor address, as tests/bench/support/fixtures.ts visitorIp() makes them
local function visitor_ip(n)
  return string.format("198.51.%d.%d", math.floor(n / 256) % 4, n % 256)
end

function init(args)
  local addresses = tonumber(args[1]) or 1021
  for i = 0, addresses - 1 do
    requests[i + 1] = wrk.format("GET", wrk.path, {
      ["Host"] = wrk.host .. ":" .. wrk.port,
      ["User-Agent"] = ua,
      ["Accept"] = "text/html,application/xhtml+xml",
      ["X-Forwarded-For"] = visitor_ip(i),
    })
  end
  count = addresses

  local rate, total = tonumber(args[2]), tonumber(args[3])
  if not (rate and total) then return end
  -- defined only for a paced run: wrk reads the answers (response) only when the script asks for them
  local pace = dofile(here .. "wrk-pacing.lua").new(total, rate)
  local answered, ok = 0, 0
  delay = pace.delay
  response = function(status)
    answered = answered + 1
    if status >= 200 and status < 400 then ok = ok + 1 end
    if answered == total then
      io.stdout:write(string.format("WRK_DONE ok=%d %s\n", ok, pace.summary()))
      io.stdout:flush()
      wrk.thread:stop()
    end
  end
  io.stdout:write("WRK_READY\n")
  io.stdout:flush()
end

function request()
  next_request = next_request % count + 1
  return requests[next_request]
end

-- done(): the summary line
dofile(here .. "wrk-summary.lua")
