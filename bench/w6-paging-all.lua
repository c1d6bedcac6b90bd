-- Workload 6: include "all" over 10 000 pages: a multi-megabyte answer (encoder and write path).
-- Comparable with the Node peer.
dofile((os.getenv("BENCH_DIR") or "bench") .. "/workload.lua")
post("/v1/paging", "w6-paging-all.json")
