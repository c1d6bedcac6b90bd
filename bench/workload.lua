-- Shared by the bench/w*.lua workloads: loads a fixed request body and reports wrk's results in
-- one parseable line (bench/run reads it). Bodies live in bench/bodies/ and follow docs/api.md.
-- Run a workload by hand from the repository root, e.g.:
--   wrk -t1 -c64 -d10s -s bench/w1-paging.lua http://127.0.0.1:8080/v1/paging
local dir = os.getenv("BENCH_DIR") or "bench"

function post(path, body_file)
  local f = assert(io.open(dir .. "/bodies/" .. body_file, "rb"))
  wrk.method = "POST"
  wrk.path = path
  wrk.headers["Content-Type"] = "application/json"
  wrk.body = f:read("*a")
  f:close()
end

function get(path)
  wrk.method = "GET"
  wrk.path = path
end

-- Latencies in microseconds; status_errors counts answers with status >= 400 (wrk's own rule).
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "WRK_RESULT requests=%d duration_us=%d bytes=%d p50_us=%d p99_us=%d max_us=%d status_errors=%d socket_errors=%d\n",
    summary.requests, summary.duration, summary.bytes, latency:percentile(50), latency:percentile(99),
    latency.max, e.status, e.connect + e.read + e.write + e.timeout))
end
