#!/usr/bin/env python3
"""Writes the answers and fixtures the three players are checked against (docs/testing.md#players).

usage: fixtures.py BASE_URL OUTDIR

For every request below (Tests/browser/cases.py's pagers, carousels, RTL, vertical and infinite
ones, headers, eased scroll elements and multi-stop effects), OUTDIR gets NAME.answer.json (format json) and
NAME.fixtures.json, and NAME-keytimes.answer.json with the same fixtures inside the domain. With a server that
answers `format: "fixtures"` (docs/native.md#fixtures) the fixtures are the server's, and the
page-progress and linearized variants of the requests are written too, each where the server takes
`input` and `linearize`; a server without fixtures gets them built here the same way from its
single-offset answers (every knot, each side of it, segment midpoints, 16 seeded points, one point
a quarter of the domain beyond each end). Variants the server cannot answer are counted and named
as not run.
Prints one line per answer and `fixtures: N answers (source)`.
"""
import json
import os
import random
import sys
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "browser"))
from cases import HEADER, PAGING, SCROLL  # noqa: E402
from keytimes import flatten  # noqa: E402

BASE = sys.argv[1].rstrip("/")
OUT = sys.argv[2]
TOLERANCE = {"length": 0.5, "ratio": 0.002, "angle": 0.01}
RATIOS = {"progress", "progressClamped", "visibleFraction", "opacity", "scale", "scale.x", "scale.y", "scaleX", "scaleY"}
PICK = {"paging": ["paging-horizontal", "paging-vertical", "paging-rtl", "paging-effects", "paging-spacing-domain",
                   "paging-infinite-rtl", "paging-content", "carousel-centred", "carousel-rtl", "carousel-vertical",
                   "carousel-infinite", "carousel-start"],
        "header": ["header-fill", "header-nostretch", "header-bottom"],
        "scroll": ["scroll-keywords", "scroll-bezier", "scroll-cut", "scroll-rellax", "scroll-offsets", "scroll-effects"]}


def post(path, body):
    req = urllib.request.Request(BASE + path, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read())


def kind(p):
    return "ratio" if p in RATIOS else "angle" if p in ("rotate", "degrees") else "length"


def key(target):
    return json.dumps(target, sort_keys=True)


def derived(model, req, answer):
    """Fixtures in the agreed shape from the single-offset engine, for a server without them."""
    lo, hi = answer["domain"]["from"], answer["domain"]["to"]
    span, rng = hi - lo, random.Random(1)
    seeded = [rng.uniform(lo, hi) for _ in range(16)]
    single = {k: v for k, v in req.items() if k != "domain"}
    if model == "paging":
        slots = sorted({t["target"]["slot"] for t in answer["tracks"]})
        single["range"] = {"from": slots[0], "to": slots[-1]}
    plans = []
    for t in answer["tracks"]:
        ks = [k[0] for k in t["knots"]]
        jumps = {a for a, b in zip(ks, ks[1:]) if a == b}
        at = set(ks) | {o + d for o in ks for d in (-1e-3 * span, 1e-3 * span)} | set(seeded)
        at |= {(a + b) / 2 for a, b in zip(ks, ks[1:]) if a < b}
        at = {o for o in at if lo <= o <= hi}
        before, after = lo - span / 4, hi + span / 4
        plans.append((t, sorted(at), jumps, before, after))
    offsets = sorted({o for _, at, _, b, a in plans for o in at + [b, a, lo, hi]} |
                     {o - 1e-9 * span for _, _, js, _, _ in plans for o in js})
    frames = []
    for i in range(0, len(offsets), 4096):
        frames += post(f"/v1/{model}", {**single, "offsets": offsets[i:i + 4096]})["frames"]
    flat = {o: {(key(json.loads(t)), p): v for (t, p), v in flatten(model, f).items()} for o, f in zip(offsets, frames)}
    tracks = []
    for t, at, jumps, before, after in plans:
        k = (key(t["target"]), t["property"])
        value = lambda o: flat[o][k]  # noqa: E731
        cases = [{"at": before, "value": value(before if t.get("before") == "linear" else lo)}]
        for o in at:
            cases.append({"at": o, "either": [value(o - 1e-9 * span), value(o)]} if o in jumps else {"at": o, "value": value(o)})
        cases.append({"at": after, "value": value(after if t.get("after") == "linear" else hi)})
        tracks.append({"target": t["target"], "property": t["property"], "kind": kind(t["property"]), "cases": cases})
    return {"model": model, "input": "offset", "axis": answer["axis"], "domain": answer["domain"],
            "tolerance": TOLERANCE, "samples": 16, "seed": 1, "tracks": tracks}


def answers(model, req):
    """The server's answer, or None where it refuses the request with a 422 (a field it lacks)."""
    try:
        return post(f"/v1/{model}/keyframes", req)
    except urllib.error.HTTPError as e:
        if e.code == 422:
            return None
        raise


def server_fixtures(model, req):
    return answers(model, {**req, "format": "fixtures"})


def write(name, answer, fixtures):
    with open(os.path.join(OUT, name + ".answer.json"), "w") as f:
        json.dump(answer, f)
    with open(os.path.join(OUT, name + ".fixtures.json"), "w") as f:
        json.dump(fixtures, f)
    print(f"  {name:40} {len(answer['tracks']):3} tracks {sum(len(t['cases']) for t in fixtures['tracks']):5} cases")


def main():
    os.makedirs(OUT, exist_ok=True)
    probe = PAGING["paging-horizontal"]
    served = server_fixtures("paging", probe) is not None
    has = {"input": answers("paging", {**probe, "input": "pageProgress"}) is not None,
           "linearize": answers("paging", {**probe, "linearize": {}}) is not None}
    count, not_run = 0, []
    for model, names in PICK.items():
        table = {"paging": PAGING, "header": HEADER, "scroll": SCROLL}[model]
        for name in names:
            variants = {name: table[name], f"{name}-linearized": {**table[name], "linearize": {}}}
            if model == "paging":
                variants[f"{name}-progress"] = {**table[name], "input": "pageProgress"}
                variants[f"{name}-progress-linearized"] = {**table[name], "input": "pageProgress", "linearize": {}}
                for v in (f"{name}-progress", f"{name}-progress-linearized"):
                    variants[v].pop("domain", None)  # a domain in offsets is not one in pages
            for vname, req in variants.items():
                if vname != name and not (served and all(has[f] for f in ("input", "linearize") if f in req)):
                    not_run.append(vname)
                    continue
                answer = post(f"/v1/{model}/keyframes", req)
                fixtures = server_fixtures(model, req) if served else derived(model, req, answer)
                if fixtures is None:
                    raise SystemExit(f"{vname}: the server answers fixtures for the plain request, not this one")
                write(vname, answer, fixtures)
                # keytimes say nothing of how a track goes on (Core Animation holds): inside the domain only.
                lo, hi = answer["domain"]["from"], answer["domain"]["to"]
                inside = {**fixtures, "tracks": [{**t, "cases": [c for c in t["cases"] if lo <= c["at"] <= hi]}
                                                 for t in fixtures["tracks"]]}
                write(vname + "-keytimes", post(f"/v1/{model}/keyframes", {**req, "format": "keytimes"}), inside)
                count += 2
    source = "the server's format=fixtures" if served else "built from single-offset answers: the server has no format=fixtures"
    print(f"fixtures: {count} answers ({source})")
    if not_run:
        print(f"fixtures: not run here ({len(not_run)} page-progress or linearized variants need a server with them): {', '.join(not_run[:4])}, …")


if __name__ == "__main__":
    main()
