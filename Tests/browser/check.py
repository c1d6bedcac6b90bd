"""Chromium suite for the keyframes answers (docs/model.md#keyframes).

For every case of cases.py it builds the docs/model.md#keyframes-on-real-pages markup in a page, styles it with the server's
`format=css` stylesheet (linked by its GET URL), scrolls the scroller to whole offsets of the
domain's non-negative part (the knots and evenly spread ones), waits two rendered frames, and
compares every box (getBoundingClientRect relative to the scroller's padding box) and computed
opacity with the single-offset answers (one timeline request: `offsets`), scale and rotate applied
about the centre (the axis-aligned bounding box of the transformed frame), within 0.5 CSS px and
0.002. Then the same with `format=waapi` played by `element.animate` on a `ScrollTimeline`, and the
stylesheet again under `prefers-reduced-motion: reduce` against the `motionScale: 0` answers.
A pager's scroll range is checked too: exactly [0, (N − 1)·L], or for an infinite one its
domain's end plus as much as its last page in view there sticks out (the stylesheet's offsets
reach that far, waapi's its domain), and an infinite pager's boxes at o and o + N·L are compared
with each other as measured (slot k against slot k + N: the wrap-around).
Then every case that has a fluid form (docs/web.md#fluid-and-fixed) without its viewport, css and
waapi (view timelines for elements on their own crossing), the scroller sized by the page's own
rule to the case's viewport, against the same answers (images are fitted by object-fit there, so
their boxes are not compared here). Then the fitted pictures (imagefit.py): every case with
`content`, fixed and fluid, with the scroller at a phone's and a desktop's size, the painted
picture's rectangle (element box, natural size, object-fit, object-position) at a few offsets
against `contentFrame`; and a self-test: the fluid stylesheet with aspect fill and aspect fit
swapped must fail that check.

usage: check.py BASE_URL   (prints `browser: N passed, M failed`; exit 1 on any failure)
"""
import json
import math
import os
import re
import sys
import urllib.parse
import urllib.request

from playwright.sync_api import sync_playwright

import imagefit
from cases import HEADER, PAGING, SCROLL

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from pagecheck import BOXES_JS, compare, expected, summary  # noqa: E402 (Tests/lib, put on the path above)

PX, OPACITY, SAMPLES = 0.5, 0.002, 40
# The fitted-picture runs: scroller sizes and evenly spread offsets per run (the picture's fit bends
# with the box's aspect, so sizes matter more than offsets here).
FIT_SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
FIT_SAMPLES = 9
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


def img(content):
    """The layer's or header's image: a picture of the request's content size (imagefit.picture)."""
    return f'<img class="parallax-content" src="{esc(imagefit.picture(content))}">' if content else ""


def markup(model, req, kf):
    if model == "paging":
        slots = sorted({t["target"]["slot"] for t in kf["tracks"]})
        layers = req.get("layers", [{"name": "background"}])
        inner = "".join(f'<div class="parallax-layer" data-layer="{esc(l.get("name", "background"))}">{img(l.get("content"))}</div>'
                        for l in layers)
        return "".join(f'<div class="parallax-page" data-slot="{s}">{inner}</div>' for s in slots)
    if model == "header":
        content = img(req.get("content"))
        return f'<div class="parallax-header"><div class="parallax-image">{content}</div></div><div class="parallax-body"></div>'
    return "".join(f'<div class="parallax-element" data-element="{esc(e["name"])}"></div>' for e in req["elements"])


MEASURE = """async ([offset, vertical, rtl, selectors]) => {""" + BOXES_JS + """
  const s = document.querySelector('.parallax-scroller');
  scrollToOffset(s, offset, vertical, rtl);
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  return {scroll: position(s, vertical, rtl), boxes: boxes(s, selectors)};
}"""

RANGE = """([vertical]) => {
  const s = document.querySelector('.parallax-scroller');
  return vertical ? s.scrollHeight - s.clientHeight : s.scrollWidth - s.clientWidth;
}"""

PAINT = """async ([offset, vertical, rtl, selectors]) => {""" + BOXES_JS + imagefit.PAINTED_JS + """
  const s = document.querySelector('.parallax-scroller');
  scrollToOffset(s, offset, vertical, rtl);
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  return {scroll: position(s, vertical, rtl), painted: painted(s, selectors)};
}"""

PLAY = """([answer]) => {
  const s = document.querySelector('.parallax-scroller');
  const timeline = new ScrollTimeline({source: s, axis: answer.timeline.axis});
  for (const a of answer.animations) {
    const e = s.querySelector(a.selector);
    // A fluid element on its own crossing (docs/web.md#fluid-and-fixed): its view timeline.
    const t = a.timeline === "view" ? new ViewTimeline({subject: e, axis: answer.timeline.axis}) : timeline;
    e.animate(a.keyframes, {...a.options, timeline: t});
  }
  return document.getAnimations().length;
}"""


def fluid_case(model, req):
    """Whether a case has a fluid form (docs/web.md#fluid-and-fixed): not a pager with a domain
    (a fluid pager covers its whole range) nor a carousel with pageSize in points, no speed
    without center."""
    if model == "paging" and ("domain" in req or isinstance(req.get("pageSize"), (int, float))):
        return False  # a points pageSize is one size (docs/model.md#carousels): fluid is a 422
    return not any("speed" in e and not e.get("center") and "endOffset" not in e for e in req.get("elements", []))


def offsets_for(kf, hi=None, cycle=None):
    """Whole offsets over the domain's non-negative part (or up to `hi`, where the scroller
    reaches): evenly spread ones and the knots. `cycle` (an infinite pager's N·L, when whole):
    each pick o also as o + N·L where reachable, for the wrap-around comparison."""
    lo, hi = max(0, kf["domain"]["from"]), kf["domain"]["to"] if hi is None else hi
    if hi < lo:
        return []
    picks = {round(lo + (hi - lo) * i / (SAMPLES - 1)) for i in range(SAMPLES)}
    for t in kf["tracks"]:
        for o, _ in t["knots"]:
            for w in (math.floor(o), math.ceil(o)):
                if lo <= w <= hi:
                    picks.add(w)
    if cycle:
        picks |= {o + cycle for o in picks if o + cycle <= hi}
    return sorted(o for o in picks if math.ceil(lo) <= o <= math.floor(hi))


def infinite_reach(req, kf, single, vertical, rtl):
    """How far an infinite pager's scroller reaches (docs/model.md#keyframes-on-real-pages): its
    domain's end, and past it by as much as a page in view there sticks out past the viewport's
    trailing edge (its box lengthens the content), from the single-offset answer at that end.
    Returns (reach, stride)."""
    to = kf["domain"]["to"]
    at = post("/v1/paging", {**{k: v for k, v in single.items() if k != "range"}, "offset": to})
    A = req["viewport"]["height" if vertical else "width"]
    def overhang(f):
        return f["y"] + f["height"] - A if vertical else -f["x"] if rtl else f["x"] + f["width"] - A
    return to + max([0.0] + [overhang(p["viewportFrame"]) for p in at["pages"]]), at["stride"]


def wrap_around(fmt, name, measured, cycle, n, failures):
    """An infinite pager at o and at o + N·L (docs/model.md#paging): every box of slot k at o is
    the box of slot k + N at o + N·L, as measured in the page (no answer involved)."""
    checks = 0
    for o, got in measured.items():
        later = measured.get(o + cycle)
        if later is None:
            continue
        for sel, box in got.items():
            m = re.match(r'\.parallax-page\[data-slot="(-?\d+)"\]', sel)
            twin = later.get(sel.replace(m.group(0), f'.parallax-page[data-slot="{int(m.group(1)) + n}"]', 1)) if m else None
            if box is None or twin is None:
                continue
            for k in ("x", "y", "width", "height", "opacity"):
                checks += 1
                if abs(box[k] - twin[k]) > (OPACITY if k == "opacity" else PX):
                    failures.append(f"{fmt} {name}: {sel} {k} at {o} is {box[k]:.3f}, slot +{n} at {o + cycle} {twin[k]:.3f}")
    return checks


def run_case(page, model, name, req, fmt, failures):
    kf = post(f"/v1/{model}/keyframes", req)
    vertical = kf["axis"] == "vertical"
    # A right-to-left pager scrolls natively: scrollLeft = −offset (docs/web.md#right-to-left).
    rtl = model == "paging" and not vertical and req.get("direction") == "rtl"
    single = {k: v for k, v in req.items() if k != "domain"}
    if model == "paging":
        slots = sorted({t["target"]["slot"] for t in kf["tracks"]})
        single["range"] = {"from": slots[0], "to": slots[-1]}
    if fmt == "reduced":
        single["motionScale"] = 0
    reach = cycle = None
    if model == "paging" and req.get("infinite"):
        reach, stride = infinite_reach(req, kf, single, vertical, rtl)
        whole = req["pageCount"] * stride
        cycle = int(whole) if float(whole).is_integer() else None
    # The stylesheet's animations cover every offset the scroller reaches; waapi's its domain.
    offs = offsets_for(kf, None if fmt.endswith("waapi") else reach, cycle)
    answers = post(f"/v1/{model}", {**single, "offsets": offs})["frames"]
    page.emulate_media(reduced_motion="reduce" if fmt == "reduced" else "no-preference")
    fluid = fmt.startswith("fluid")
    # Fluid: the same request without viewport, the scroller sized by the page's own rule (which
    # must win over the stylesheet's default), checked against the answers of that viewport.
    styled = {k: v for k, v in req.items() if k != "viewport"} if fluid else req
    css = f"{BASE}/v1/{model}/keyframes?{query({**styled, 'format': 'css'})}"
    extra = "<style>.parallax-scroller *{animation:none !important}</style>" if fmt in ("waapi", "fluid-waapi") else ""
    if fluid:
        extra += f"<style>.parallax-scroller{{width:{req['viewport']['width']}px;height:{req['viewport']['height']}px}}</style>"
    # Offsets between pages are measured as during a gesture: the pager's snapping (which would move
    # a programmatic scroll to a page) is off here; Tests/realpages checks where scrolls come to rest.
    extra += "<style>.parallax-scroller{scroll-snap-type:none !important}</style>"
    page.set_content(f'<!doctype html><html><head><link rel="stylesheet" href="{esc(css)}">{extra}'
                     f'<style>body{{margin:0}}</style></head><body><div class="parallax-scroller">'
                     f'{markup(model, req, kf)}</div></body></html>', wait_until="load")
    if fmt in ("waapi", "fluid-waapi"):
        page.evaluate(PLAY, [post(f"/v1/{model}/keyframes", {**styled, "format": "waapi"})])
    checks = 0
    if model == "paging" and (req.get("infinite") or "domain" not in req):
        # The scroll range is exactly [0, (N − 1)·L] (docs/model.md#carousels: the content after
        # the last page adds none), L the answer's stride; an infinite pager's is [0, reach].
        want_max = reach if req.get("infinite") else (req["pageCount"] - 1) * answers[0]["stride"]
        got_max = page.evaluate(RANGE, [vertical])
        checks += 1
        if abs(got_max - want_max) > PX:
            failures.append(f"{fmt} {name}: scroll range {got_max}, want {want_max}")
    measured = {}
    for o, answer in zip(offs, answers):
        # Fluid images are fitted by object-fit inside their box, not placed as boxes.
        want = expected(model, answer, content=not fluid)
        got = page.evaluate(MEASURE, [o, vertical, rtl, list(want)])
        if abs(got["scroll"] - o) > 1e-9:
            failures.append(f"{fmt} {name} @{o}: scroller reached {got['scroll']}")
            continue
        checks += compare(f"{fmt} {name} @{o}", want, got["boxes"], PX, OPACITY, failures)
        measured[o] = got["boxes"]
    if cycle:
        checks += wrap_around(fmt, name, measured, cycle, req["pageCount"], failures)
    return checks


def has_content(model, req):
    return "content" in req if model == "header" else any("content" in l for l in req.get("layers", []))


def fitted_stylesheet(url, swap):
    """The stylesheet as a <link>, or (the self-test) its text with aspect fill and aspect fit swapped."""
    if not swap:
        return f'<link rel="stylesheet" href="{esc(url)}">'
    with urllib.request.urlopen(url) as r:
        css = r.read().decode()
    swapped = {"cover": "contain", "contain": "cover"}
    return "<style>" + re.sub(r"object-fit:(cover|contain)", lambda m: "object-fit:" + swapped[m[1]], css) + "</style>"


def run_fitted(page, model, name, req, form, size, failures, swap=False):
    """The painted pictures (imagefit.py) of `req` with the scroller at `size`, `form` fixed (the
    stylesheet of viewport `size`) or fluid (no viewport, the scroller sized by the page's rule),
    at FIT_SAMPLES offsets, against the answers of viewport `size`."""
    sized = {**req, "viewport": size}
    kf = post(f"/v1/{model}/keyframes", sized)
    lo, hi = math.ceil(max(0, kf["domain"]["from"])), math.floor(kf["domain"]["to"])
    offs = sorted({round(lo + (hi - lo) * i / (FIT_SAMPLES - 1)) for i in range(FIT_SAMPLES)}) if hi >= lo else []
    single = {k: v for k, v in sized.items() if k != "domain"}
    if model == "paging":
        slots = sorted({t["target"]["slot"] for t in kf["tracks"]})
        single["range"] = {"from": slots[0], "to": slots[-1]}
    answers = post(f"/v1/{model}", {**single, "offsets": offs})["frames"] if offs else []
    page.emulate_media(reduced_motion="no-preference")
    vertical = kf["axis"] == "vertical"
    rtl = model == "paging" and not vertical and req.get("direction") == "rtl"
    fluid = form == "fluid"
    styled = {k: v for k, v in sized.items() if k != "viewport"} if fluid else sized
    head = fitted_stylesheet(f"{BASE}/v1/{model}/keyframes?{query({**styled, 'format': 'css'})}", swap)
    if fluid:
        head += f"<style>.parallax-scroller{{width:{size['width']}px;height:{size['height']}px}}</style>"
    head += "<style>.parallax-scroller{scroll-snap-type:none !important}body{margin:0}</style>"
    page.set_content(f'<!doctype html><html><head>{head}</head><body><div class="parallax-scroller">'
                     f'{markup(model, req, kf)}</div></body></html>', wait_until="load")
    by_layer = {l.get("name"): l.get("content") for l in req.get("layers", [])}
    checks = 0
    for o, answer in zip(offs, answers):
        want = imagefit.wanted(model, answer)
        # The natural size each picture was made with: its layer's (or the header's) content.
        naturals = {sel: req["content"] if model == "header" else by_layer[sel.split('data-layer="')[1].split('"')[0]]
                    for sel in want}
        got = page.evaluate(PAINT, [o, vertical, rtl, list(want)])
        label = f"fit-{form} {name} {size['width']}x{size['height']} @{o}"
        if abs(got["scroll"] - o) > 1e-9:
            failures.append(f"{label}: scroller reached {got['scroll']}")
            continue
        checks += imagefit.compare(label, want, got["painted"], naturals, PX, failures)
    return checks


def main():
    failures, passed, cases = [], 0, 0
    # e.g. BROWSER_CASES=carousel-: only the cases whose names hold one of these words (and no
    # fitted pictures), while working on them
    only = [w for w in os.environ.get("BROWSER_CASES", "").split(",") if w]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1300, "height": 1000})  # room for the desktop scroller
        for fmt in ("css", "waapi", "reduced", "fluid-css", "fluid-waapi"):
            for model, table in (("paging", PAGING), ("header", HEADER), ("scroll", SCROLL)):
                for name, req in table.items():
                    if fmt.startswith("fluid") and not fluid_case(model, req) or only and not any(w in name for w in only):
                        continue
                    before = len(failures)
                    try:
                        checks = run_case(page, model, name, req, fmt, failures)
                    except Exception as e:  # a case that cannot even run is a failure, not a crash
                        failures.append(f"{fmt} {name}: {e}")
                        checks = 0
                    cases += 1
                    passed += checks - (len(failures) - before)
                    print(f"{fmt:11} {name:24} {checks:5} checks, {len(failures) - before} failed", flush=True)
        for form in ("fixed", "fluid") if not only else ():
            for size_name, size in FIT_SIZES.items():
                for model, table in (("paging", PAGING), ("header", HEADER)):
                    for name, req in table.items():
                        if not has_content(model, req) or (form == "fluid" and not fluid_case(model, req)):
                            continue
                        before = len(failures)
                        try:
                            checks = run_fitted(page, model, name, req, form, size, failures)
                        except Exception as e:  # a case that cannot even run is a failure, not a crash
                            failures.append(f"fit-{form} {name} {size_name}: {e}")
                            checks = 0
                        cases += 1
                        passed += checks - (len(failures) - before)
                        print(f"fit-{form:7} {name:24} {size_name:8} {checks:5} checks, {len(failures) - before} failed", flush=True)
        # Self-test: the fluid stylesheet with aspect fill and aspect fit swapped must fail the check.
        for model, name in (("header", "header-content"), ("paging", "paging-content")) if not only else ():
            table = HEADER if model == "header" else PAGING
            caught, checks = [], 0
            try:
                checks = run_fitted(page, model, name, table[name], "fluid", FIT_SIZES["phone"], caught, swap=True)
            except Exception as e:
                failures.append(f"fit self-test {name}: {e}")
            if checks == 0 or not caught:
                failures.append(f"fit self-test {name}: cover and contain swapped in the stylesheet went unnoticed ({checks} checks)")
            else:
                passed += 1
            print(f"fit-swap    {name:24} phone    {len(caught):5} failures caught (expected some)", flush=True)
        browser.close()
    return summary("browser", passed, failures, 60, f" ({cases} cases)")


if __name__ == "__main__":
    sys.exit(main())
