-- wrk script of the conversions bench (tests/bench/support/postback-load.ts runs it): POSTs each JSON body
-- of the input file (one per line) once, to the URL's path, and writes every answer down.
-- Run as `wrk -tN -cN … -- <input> <output prefix> <N>`: one connection per thread, so each thread knows
-- which of its requests an answer is for (a connection sends its next request only after the answer).
-- Thread k (0-based) sends lines k, k+N, k+2N, … in order, writes "<line index> <status> <body>" per
-- answer to <output prefix><k>.txt, prints WRK_READY once its requests are formatted and WRK_DONE once all
-- of them are answered, and then stops; the parent stops wrk (SIGINT) when every thread has, and done()
-- (wrk-summary.lua) prints the summary line.

local counter = 0

-- main state: numbers the threads (`id` in each thread's state) before they start
function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
end

local requests = {}
local lines = {}
local sent = 0
local answered = 0
local out

function init(args)
  local threads = tonumber(args[3])
  local headers = { ["Content-Type"] = "application/json" }
  local index = 0
  for body in io.lines(args[1]) do
    if index % threads == id then
      requests[#requests + 1] = wrk.format("POST", wrk.path, headers, body)
      lines[#lines + 1] = index
    end
    index = index + 1
  end
  -- wrk calls request() once more in the first thread's state, right after init, to check what the
  -- script sends (script_verify_request); that request is never sent, so that thread starts one back
  if id == 0 then sent = -1 end
  out = assert(io.open(args[2] .. id .. ".txt", "w"))
  io.stdout:write("WRK_READY\n")
  io.stdout:flush()
end

function request()
  sent = sent + 1
  -- past the last one (wrk asks once more before the stop takes): a retry of the last, not written down
  return requests[math.max(1, math.min(sent, #requests))]
end

function response(status, headers, body)
  answered = answered + 1
  if answered > #requests then return end
  out:write(lines[answered], " ", status, " ", body, "\n")
  if answered == #requests then
    out:close()
    io.stdout:write("WRK_DONE\n")
    io.stdout:flush()
    wrk.thread:stop()
  end
end

-- done(): the summary line
dofile(debug.getinfo(1, "S").source:match("^@(.*/)") .. "wrk-summary.lua")
