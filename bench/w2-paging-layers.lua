-- Workload 2: paging with 4 layers, each with opacity, scale and aspect-filled content, and a flick velocity.
-- Comparable with the Node peer.
dofile((os.getenv("BENCH_DIR") or "bench") .. "/workload.lua")
post("/v1/paging", "w2-paging-layers.json")
