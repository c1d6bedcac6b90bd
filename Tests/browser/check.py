"""Chromium suite for the keyframes answers (docs/model.md#keyframes).

For every case of cases.py it builds the §8 markup in a page, styles it with the server's
`format=css` stylesheet (linked by its GET URL), scrolls the scroller to whole offsets of the
domain's non-negative part (the knots and evenly spread ones), waits two rendered frames, and
compares every box (getBoundingClientRect relative to the scroller's padding box) and computed
opacity with the single-offset answers (one timeline request: `offsets`), scale and rotate applied
about the centre (the axis-aligned bounding box of the transformed frame), within 0.5 CSS px and
0.002. Then the same with `format=waapi` played by `element.animate` on a `ScrollTimeline`, and the
stylesheet again under `prefers-reduced-motion: reduce` against the `motionScale: 0` answers.

usage: check.py BASE_URL   (prints `browser: N passed, M failed`; exit 1 on any failure)
"""
import json
import math
import sys
import urllib.parse
import urllib.request

from playwright.sync_api import sync_playwright

from cases import HEADER, PAGING, SCROLL

PX, OPACITY, SAMPLES = 0.5, 0.002, 40
BASE = sys.argv[1].rstrip("/")


def post(path, body):
    req = urllib.request.Request(BASE + path, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read())


def query(body):
    """The GET form (docs/api.md): dotted scalars, arrays of objects as JSON text, lists comma-joined."""
    pairs = []
    def walk(prefix, v):
        if isinstance(v, dict):
            for k, x in v.items():
                walk(prefix + "." + k if prefix else k, x)
        elif isinstance(v, list):
            pairs.append((prefix, json.dumps(v, separators=(",", ":")) if v and isinstance(v[0], dict) else ",".join(map(str, v))))
        elif isinstance(v, bool):
            pairs.append((prefix, "true" if v else "false"))
        else:
            pairs.append((prefix, str(v)))
    walk("", body)
    return urllib.parse.urlencode(pairs)


def esc(s):
    return s.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")


def markup(model, req, kf):
    if model == "paging":
        slots = sorted({t["target"]["slot"] for t in kf["tracks"]})
        names = [l.get("name", "background") for l in req.get("layers", [{"name": "background"}])]
        content = '<img class="parallax-content">' if any("content" in l for l in req.get("layers", [])) else ""
        inner = "".join(f'<div class="parallax-layer" data-layer="{esc(n)}">{content}</div>' for n in names)
        return "".join(f'<div class="parallax-page" data-slot="{s}">{inner}</div>' for s in slots)
    if model == "header":
        content = '<img class="parallax-content">' if "content" in req else ""
        return f'<div class="parallax-header"><div class="parallax-image">{content}</div></div><div class="parallax-body"></div>'
    return "".join(f'<div class="parallax-element" data-element="{esc(e["name"])}"></div>' for e in req["elements"])


def aabb(f, scale=1.0, rotate=0.0):
    cx, cy = f["x"] + f["width"] / 2, f["y"] + f["height"] / 2
    a = math.radians(rotate)
    hw = scale * (abs(f["width"] * math.cos(a)) + abs(f["height"] * math.sin(a))) / 2
    hh = scale * (abs(f["width"] * math.sin(a)) + abs(f["height"] * math.cos(a))) / 2
    return {"x": cx - hw, "y": cy - hh, "width": 2 * hw, "height": 2 * hh}


def expected(model, req, answer):
    """selector → (frame in viewport coordinates, opacity or None) from one single-offset answer."""
    out = {}
    if model == "paging":
        for p in answer["pages"]:
            sel = f'.parallax-page[data-slot="{p["slot"]}"]'
            out[sel] = (p["viewportFrame"], None)
            for l in p["layers"]:
                lsel = sel + f' > .parallax-layer[data-layer="{l["name"]}"]'
                out[lsel] = (aabb(l["viewportFrame"], l.get("scale", 1)), min(1, max(0, l.get("opacity", 1))))
                if "contentFrame" in l:
                    c, v = l["contentFrame"], l["viewportFrame"]
                    out[lsel + " > img.parallax-content"] = (
                        aabb({"x": v["x"] + c["x"], "y": v["y"] + c["y"], "width": c["width"], "height": c["height"]}), None)
    elif model == "header":
        h, i = answer["header"], answer["image"]
        out[".parallax-header"] = (h, None)
        img = {"x": h["x"] + i["x"], "y": h["y"] + i["y"], "width": i["width"], "height": i["height"]}
        out[".parallax-header > .parallax-image"] = (img, None)
        if "contentFrame" in answer:
            c = answer["contentFrame"]
            out[".parallax-header > .parallax-image > img.parallax-content"] = (
                {"x": img["x"] + c["x"], "y": img["y"] + c["y"], "width": c["width"], "height": c["height"]}, None)
        out[".parallax-body"] = ({"y": answer["contentTop"]}, None)
    else:
        for e in answer["elements"]:
            sel = f'.parallax-element[data-element="{e["name"]}"]'
            # CSS clamps a computed opacity to [0, 1]; an overshooting bezier's answer may leave it.
            out[sel] = (aabb(e["viewportFrame"], e["scale"], e["rotate"]), min(1, max(0, e["opacity"])))
    return out


MEASURE = """async ([offset, vertical, rtl, selectors]) => {
  const s = document.querySelector('.parallax-scroller');
  if (vertical) s.scrollTop = offset; else s.scrollLeft = rtl ? -offset : offset;
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  const b = s.getBoundingClientRect();
  const ox = b.left + s.clientLeft, oy = b.top + s.clientTop;
  const out = {scroll: vertical ? s.scrollTop : (rtl ? -s.scrollLeft : s.scrollLeft)};
  for (const sel of selectors) {
    const e = s.querySelector(sel);
    if (!e) { out[sel] = null; continue; }
    const r = e.getBoundingClientRect();
    out[sel] = {x: r.left - ox, y: r.top - oy, width: r.width, height: r.height,
                opacity: parseFloat(getComputedStyle(e).opacity)};
  }
  return out;
}"""

PLAY = """([answer]) => {
  const s = document.querySelector('.parallax-scroller');
  const timeline = new ScrollTimeline({source: s, axis: answer.timeline.axis});
  for (const a of answer.animations)
    s.querySelector(a.selector).animate(a.keyframes, {...a.options, timeline});
  return document.getAnimations().length;
}"""


def offsets_for(kf):
    lo, hi = max(0, kf["domain"]["from"]), kf["domain"]["to"]
    if hi < lo:
        return []
    picks = {round(lo + (hi - lo) * i / (SAMPLES - 1)) for i in range(SAMPLES)}
    for t in kf["tracks"]:
        for o, _ in t["knots"]:
            for w in (math.floor(o), math.ceil(o)):
                if lo <= w <= hi:
                    picks.add(w)
    return sorted(o for o in picks if math.ceil(lo) <= o <= math.floor(hi))


def run_case(page, model, name, req, fmt, failures):
    kf = post(f"/v1/{model}/keyframes", req)
    offs = offsets_for(kf)
    single = {k: v for k, v in req.items() if k != "domain"}
    if model == "paging":
        slots = sorted({t["target"]["slot"] for t in kf["tracks"]})
        single["range"] = {"from": slots[0], "to": slots[-1]}
    if fmt == "reduced":
        single["motionScale"] = 0
    answers = post(f"/v1/{model}", {**single, "offsets": offs})["frames"]
    page.emulate_media(reduced_motion="reduce" if fmt == "reduced" else "no-preference")
    vertical = kf["axis"] == "vertical"
    # A right-to-left pager scrolls natively: scrollLeft = −offset (docs/web.md#right-to-left).
    rtl = model == "paging" and not vertical and req.get("direction") == "rtl"
    css = f"{BASE}/v1/{model}/keyframes?{query({**req, 'format': 'css'})}"
    extra = "<style>.parallax-scroller *{animation:none !important}</style>" if fmt == "waapi" else ""
    # Offsets between pages are measured as during a gesture: the pager's snapping (which would move
    # a programmatic scroll to a page) is off here; Tests/realpages checks where scrolls come to rest.
    extra += "<style>.parallax-scroller{scroll-snap-type:none !important}</style>"
    page.set_content(f'<!doctype html><html><head><link rel="stylesheet" href="{esc(css)}">{extra}'
                     f'<style>body{{margin:0}}</style></head><body><div class="parallax-scroller">'
                     f'{markup(model, req, kf)}</div></body></html>', wait_until="load")
    if fmt == "waapi":
        page.evaluate(PLAY, [post(f"/v1/{model}/keyframes", {**req, "format": "waapi"})])
    checks = 0
    for o, answer in zip(offs, answers):
        want = expected(model, req, answer)
        got = page.evaluate(MEASURE, [o, vertical, rtl, list(want)])
        if abs(got["scroll"] - o) > 1e-9:
            failures.append(f"{fmt} {name} @{o}: scroller reached {got['scroll']}")
            continue
        for sel, (frame, opacity) in want.items():
            g = got[sel]
            if g is None:
                failures.append(f"{fmt} {name} @{o}: {sel} missing")
                continue
            for k, v in frame.items():
                checks += 1
                if abs(g[k] - v) > PX:
                    failures.append(f"{fmt} {name} @{o}: {sel} {k} {g[k]:.3f} != {v:.3f}")
            if opacity is not None:
                checks += 1
                if abs(g["opacity"] - opacity) > OPACITY:
                    failures.append(f"{fmt} {name} @{o}: {sel} opacity {g['opacity']:.4f} != {opacity:.4f}")
    return checks


def main():
    failures, passed, cases = [], 0, 0
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1200, "height": 1000})
        for fmt in ("css", "waapi", "reduced"):
            for model, table in (("paging", PAGING), ("header", HEADER), ("scroll", SCROLL)):
                for name, req in table.items():
                    before = len(failures)
                    try:
                        checks = run_case(page, model, name, req, fmt, failures)
                    except Exception as e:  # a case that cannot even run is a failure, not a crash
                        failures.append(f"{fmt} {name}: {e}")
                        checks = 0
                    cases += 1
                    passed += checks - (len(failures) - before)
                    print(f"{fmt:7} {name:24} {checks:5} checks, {len(failures) - before} failed", flush=True)
        browser.close()
    for f in failures[:60]:
        print("FAIL", f)
    print(f"browser: {passed} passed, {len(failures)} failed ({cases} cases)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
