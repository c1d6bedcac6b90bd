-- Workload 4: scroll elements (docs/model.md#scroll-elements): 20 elements with translate/opacity/scale/rotate ranges, every easing, and Rellax speeds.
-- Ours only: the peers do not serve /v1/scroll.
dofile((os.getenv("BENCH_DIR") or "bench") .. "/workload.lua")
post("/v1/scroll", "w4-scroll.json")
