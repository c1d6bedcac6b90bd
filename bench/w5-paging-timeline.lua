-- Workload 5: paging timeline (docs/model.md#timelines): 120 offsets across one page transition, cover background.
-- Comparable with the Node peer.
dofile((os.getenv("BENCH_DIR") or "bench") .. "/workload.lua")
post("/v1/paging", "w5-paging-timeline.json")
