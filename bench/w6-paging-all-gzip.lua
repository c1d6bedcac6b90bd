-- Workload 6 with `Accept-Encoding: gzip` (docs/api.md): the same 10 000-page answer, gzip-coded.
-- bench/gzip runs it beside w6-paging-all.lua.
dofile((os.getenv("BENCH_DIR") or "bench") .. "/workload.lua")
post("/v1/paging", "w6-paging-all.json")
wrk.headers["Accept-Encoding"] = "gzip"
