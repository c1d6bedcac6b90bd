#!/usr/bin/env python3
"""Writes the cases the adapters are checked with (docs/testing.md#adapters).

usage: adapters.py BASE_URL OUTDIR

For pagers and carousels of Tests/browser/cases.py (both axes, right to left, spacing, opacity and
scale), OUTDIR/NAME.adapter.json holds the pager's set-up as a platform sees it (stride L, lead c,
page extent a, spacing S, viewport A, page count N), the page-progress answer (`input:
"pageProgress"`, and its linearized form for the interpolate-based adapters) and checks: at every
knot offset of the offset answer, 1e-3·L each side of it and 16 seeded offsets in [0, (N − 1)·L],
for every page (p = o/L − i, inside the page-progress domain or beyond it), the single-offset answer's
page `visibleFraction` and layers' `frame.x`, `frame.y`, `opacity`, `scale`. A server without
`input: "pageProgress"` gets the page-progress answer built here from the offset answer of a
middle slot k over offsets (k + p)·L (the law the service's own answer obeys); it says which.
"""
import json
import os
import random
import sys
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "browser"))
from cases import PAGING, SCROLL  # noqa: E402
from keytimes import flatten  # noqa: E402

BASE = sys.argv[1].rstrip("/")
OUT = sys.argv[2]
NAMES = ["paging-horizontal", "paging-vertical", "paging-rtl", "paging-effects", "carousel-centred", "carousel-start",
         "carousel-rtl", "carousel-vertical"]
PAGE_PROPS = ["visibleFraction"]
LAYER_PROPS = ["frame.x", "frame.y", "opacity", "scale"]


def post(path, body):
    req = urllib.request.Request(BASE + path, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read())


def progress_answer(req, n, stride, linearize):
    """The server's page-progress answer, or (None) when it has none."""
    body = {**req, "input": "pageProgress", "properties": PAGE_PROPS + LAYER_PROPS}
    if linearize:
        body["linearize"] = {}
    try:
        return post("/v1/paging/keyframes", body)
    except urllib.error.HTTPError as e:
        if e.code == 422:
            return None
        raise


def synthesized(req, stride, axis, lead, extent, view):
    """A middle page's tracks over offsets (k + p)·L, written as functions of p in the agreed shape,
    over the agreed default domain [min(−1, p_in), max(1, p_out)]; the pager gets six more pages so
    that every p of it is an offset of the pager (a page's functions of p do not depend on N)."""
    n = req["pageCount"] + 6
    k = n // 2
    pf, pt = min(-1, (lead - view) / stride), max(1, (lead + extent) / stride)
    a = post("/v1/paging/keyframes", {**req, "pageCount": n, "domain": {"from": (k + pf) * stride, "to": (k + pt) * stride},
                                      "properties": PAGE_PROPS + LAYER_PROPS})
    tracks = []
    for t in a["tracks"]:
        if t["target"]["slot"] != k:
            continue
        target = {"layer": t["target"]["layer"]} if "layer" in t["target"] else {"page": True}
        out = {"target": target, "property": t["property"], "knots": [[o / stride - k, v] for o, v in t["knots"]],
               "easings": t["easings"]}
        for end in ("before", "after"):
            if end in t:
                out[end] = t[end]
        tracks.append(out)
    return {"model": "paging", "input": "pageProgress", "axis": axis, "stride": stride, "sign": "movedBack",
            "domain": {"from": pf, "to": pt}, "tracks": tracks}


def scroll_cases(sources):
    """Eased scroll elements, linearized, as functions of the offset: OUTDIR/NAME.scroll.json with
    the linearized answer and the single-offset values at its knots, beside them, at 16 seeded
    offsets and a quarter of the domain beyond each end where the track continues (where the
    interpolate configs' explicit extrapolation matters)."""
    for name in ["scroll-keywords", "scroll-bezier", "scroll-offsets"]:
        req = SCROLL[name]
        try:
            answer = post("/v1/scroll/keyframes", {**req, "linearize": {}})
        except urllib.error.HTTPError as e:
            if e.code != 422:
                raise
            sources.add("no linearize: the eased scroll elements are not run")
            return
        lo, hi = answer["domain"]["from"], answer["domain"]["to"]
        span, rng = hi - lo, random.Random(3)
        offsets = {o + d for t in answer["tracks"] for o, _ in t["knots"] for d in (0, -1e-3 * span, 1e-3 * span)}
        offsets = sorted(offsets | {rng.uniform(lo, hi) for _ in range(16)} | {lo - span / 4, hi + span / 4})
        frames = post("/v1/scroll", {**req, "offsets": offsets})["frames"]
        # Past the domain a track is exact only where it says it continues ("before"/"after": "linear");
        # one that holds promises nothing there (docs/model.md#keyframes-on-real-pages).
        tracked = {(json.dumps(t["target"], sort_keys=True), t["property"]): t for t in answer["tracks"]}
        checks = []
        for o, f in zip(offsets, frames):
            for (target, prop), v in flatten("scroll", f).items():
                t = json.loads(target)
                tr = tracked.get((json.dumps(t, sort_keys=True), prop))  # the others are constant: no track
                if tr and (lo <= o <= hi or tr.get("before" if o < lo else "after") == "linear"):
                    checks.append({"offset": o, "target": t, "property": prop, "value": v})
        with open(os.path.join(OUT, name + ".scroll.json"), "w") as out:
            json.dump({"name": name, "linearAnswer": answer, "checks": checks}, out)
        print(f"  {name:24} linearized, {len(answer['tracks'])} tracks {len(checks):5} checks")


def main():
    os.makedirs(OUT, exist_ok=True)
    sources = set()
    for name in NAMES:
        req = {k: v for k, v in PAGING[name].items() if k != "domain"}
        n = req["pageCount"]
        first = post("/v1/paging", {**req, "offset": 0, "range": {"from": 0, "to": n - 1}})
        stride, axis = first["stride"], first["axis"]
        across = "width" if axis == "horizontal" else "height"
        view = req["viewport"][across]
        extent = first["pages"][0]["frame"][across]
        lead = first["pages"][0]["viewportFrame"]["x" if axis == "horizontal" else "y"]
        if req.get("direction") == "rtl":
            lead = view - lead - extent  # the lead from the logical start, not the left edge
        progress = progress_answer(req, n, stride, False)
        linear = progress_answer(req, n, stride, True)
        if progress is None:
            progress = synthesized(req, stride, axis, lead, extent, view)
            sources.add("built from offset answers: the server has no input=pageProgress")
        else:
            sources.add("the server's input=pageProgress")
        if linear is None:
            # A server without linearize: a pager's tracks have no eased segment, so the plain
            # answer is already what the interpolate-based adapters need (they refuse an eased one).
            linear = progress
            sources.add("no linearize: the plain answer, all linear")
        else:
            sources.add("the server's linearize")
        offset_answer = post("/v1/paging/keyframes", {**req, "properties": PAGE_PROPS + LAYER_PROPS})
        hi = (n - 1) * stride
        rng = random.Random(7)
        offsets = {o + d for t in offset_answer["tracks"] for o, _ in t["knots"] for d in (0, -1e-3 * stride, 1e-3 * stride)}
        offsets = sorted({o for o in offsets if 0 <= o <= hi} | {rng.uniform(0, hi) for _ in range(16)})
        frames = post("/v1/paging", {**req, "offsets": offsets, "range": {"from": 0, "to": n - 1}})["frames"]
        checks = []
        for o, f in zip(offsets, frames):
            for page in f["pages"]:
                i = page["index"]
                for prop in PAGE_PROPS:
                    checks.append({"offset": o, "index": i, "layer": None, "property": prop, "value": page[prop]})
                for layer in page["layers"]:
                    for prop in LAYER_PROPS:
                        head, _, tail = prop.partition(".")
                        v = layer.get(head)
                        v = v[tail] if tail and v is not None else v
                        if v is not None:
                            checks.append({"offset": o, "index": i, "layer": layer["name"], "property": prop, "value": v})
        case = {"name": name, "axis": axis, "rtl": req.get("direction") == "rtl", "stride": stride, "lead": lead,
                "pageExtent": extent, "spacing": stride - extent, "viewport": view, "pageCount": n,
                "layers": [l["name"] for l in req["layers"]], "progressAnswer": progress, "linearAnswer": linear,
                "checks": checks}
        with open(os.path.join(OUT, name + ".adapter.json"), "w") as out:
            json.dump(case, out)
        print(f"  {name:24} L={stride:g} c={lead:g} a={extent:g} {len(checks):5} checks")
    scroll_cases(sources)
    print(f"adapters: {len(NAMES)} pagers (page-progress answers: {', '.join(sorted(sources))})")


if __name__ == "__main__":
    main()
