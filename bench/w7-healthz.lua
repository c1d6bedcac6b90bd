-- Workload 7: GET /healthz: the engine alone (parsing, routing, writing), no layout.
-- Comparable with the C limit server (its fixed answer is the stack's ceiling) and the Node peer.
dofile((os.getenv("BENCH_DIR") or "bench") .. "/workload.lua")
get("/healthz")
