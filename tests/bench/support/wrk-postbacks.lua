-- wrk script of the conversions bench (tests/bench/support/postback-load.ts runs it with one thread and
-- `-c` connections): POSTs each JSON body of the input file (one per line) once, in order, to the URL's
-- path, each to whichever connection is free, and writes every answer down as "<status> <body>".
-- Run as `wrk -t1 -cN … -- <input> <output file> [postbacks per second]`. Prints WRK_READY once the
-- requests are formatted and WRK_DONE once all of them are answered, and then stops; the parent stops wrk
-- (SIGINT) and done() (wrk-summary.lua) prints the summary line.
-- With a rate, postback k is due k / rate seconds after the first (wrk-pacing.lua), and WRK_DONE says how
-- many went out late because every connection was still waiting for an answer ("WRK_DONE late=<n>
-- max_late_ms=<ms>"). Which postback an answer is for is not known here (answers come back in any order):
-- the bench checks them against the database by their conversion_id.

local here = debug.getinfo(1, "S").source:match("^@(.*/)")
local requests = {}
-- wrk calls request() once before anything is sent, to check what the script sends
-- (script_verify_request); that request is never sent, so the count starts one back
local sent = -1
local answered = 0
local out
local pace

function init(args)
  local headers = { ["Content-Type"] = "application/json" }
  for body in io.lines(args[1]) do
    requests[#requests + 1] = wrk.format("POST", wrk.path, headers, body)
  end
  out = assert(io.open(args[2], "w"))
  -- postbacks per second (args[3]); without it each one goes as soon as a connection is free
  pace = dofile(here .. "wrk-pacing.lua").new(#requests, tonumber(args[3]))
  io.stdout:write("WRK_READY\n")
  io.stdout:flush()
end

function delay()
  return pace.delay()
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
    io.stdout:write("WRK_DONE " .. pace.summary() .. "\n")
    io.stdout:flush()
    wrk.thread:stop()
  end
end

-- done(): the summary line
dofile(here .. "wrk-summary.lua")
