-- Workload 3: stretchy header (docs/model.md#stretchy-header), pulled down 40 pt, aspect-filled image.
-- Ours only: the peers do not serve /v1/header.
dofile((os.getenv("BENCH_DIR") or "bench") .. "/workload.lua")
post("/v1/header", "w3-header.json")
