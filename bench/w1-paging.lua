-- Workload 1: typical paging: 5 pages, one background layer, visible pages only (≈270-byte request).
-- Comparable with the Node peer and the C limit server (fixed answer).
dofile((os.getenv("BENCH_DIR") or "bench") .. "/workload.lua")
post("/v1/paging", "w1-paging.json")
