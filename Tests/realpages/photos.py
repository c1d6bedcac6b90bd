"""Fitted photos of the real-page suite (docs/web.md#fluid-and-fixed): a fluid header and a fluid
pager, each with an `img.parallax-content` picture of the request's `content` size, played by the
module: in Firefox ESR because it must, in Chromium forced (`play(…, {force: true})` with the
stylesheet's animations switched off, so only the module moves the boxes).

A fluid stylesheet lets the browser fit the picture (`object-fit`, `object-position`) into the box
the module sizes; a module that also moved the picture by its `contentFrame` moved it twice (an
aspect-filled 16:9 header photo was up to 15 px off across the header at 360 × 640, where the
220 px header crops it at the sides and, collapsed from offset 30 on, at the top and bottom, and
7 px off vertically at 412 × 915). Beside them a fixed header and a fixed pager (viewport given,
the scroller exactly that size): their stylesheets place the picture at its `contentFrame`
(`object-fit: fill`), so there the module must move it as the answer does. At those two sizes, at
offsets where the answers bend, every painted picture (imagefit.py, CSS Images 3 §5) and every box
is compared with the single-offset answers (a fluid one's at the scroller's measured size), within
0.5 px. One session per browser.
"""
import json
import urllib.parse

import imagefit  # Tests/browser, put on the path by realpages.py
from pagecheck import BOXES_JS  # Tests/lib

PX, OPACITY = 0.5, 0.002
SIZES = [(360, 640), (412, 915)]
HEADER_CONTENT = {"width": 1600, "height": 900}
PAGER_CONTENT = {"width": 1600, "height": 900}
FIXED = {"width": 360, "height": 400}  # the fixed stylesheets' viewport: a widget of a known size
OWN = ("format", "scope")


def page(base):
    """The page and its components: (scope, model, stylesheet URL, single-offset GET pairs, natural
    size of its picture per selector)."""
    header = [("header.height", "220"), ("header.minHeight", "64"), ("content.width", str(HEADER_CONTENT["width"])),
              ("content.height", str(HEADER_CONTENT["height"]))]
    layers = json.dumps([{"name": "photo", "rate": 0.5, "fit": "cover", "content": PAGER_CONTENT}], separators=(",", ":"))
    pager = [("pageCount", "3"), ("layers", layers)]
    fixed = [("viewport.width", str(FIXED["width"])), ("viewport.height", str(FIXED["height"]))]
    url = lambda model, pairs, scope: f"{base}/v1/{model}/keyframes?" + urllib.parse.urlencode(pairs + [("scope", scope), ("format", "css")])
    head_img = ".parallax-header > .parallax-image > img.parallax-content"
    pager_imgs = {f'.parallax-page[data-slot="{k}"] > .parallax-layer[data-layer="photo"] > img.parallax-content': PAGER_CONTENT
                  for k in range(3)}
    comps = [("top", "header", url("header", header, "top"), header, {head_img: HEADER_CONTENT}),
             ("hero", "paging", url("paging", pager, "hero"), pager, pager_imgs),
             ("fixedtop", "header", url("header", fixed + header, "fixedtop"), fixed + header, {head_img: HEADER_CONTENT}),
             ("fixedhero", "paging", url("paging", fixed + pager, "fixedhero"), fixed + pager, pager_imgs)]
    img = lambda c: f'<img class="parallax-content" alt="" src="{imagefit.picture(c)}">'
    rows = "".join(f"<p>Row {i}</p>" for i in range(1, 16))
    pages = "".join(f'<div class="parallax-page" data-slot="{k}"><div class="parallax-layer" data-layer="photo">{img(PAGER_CONTENT)}</div></div>'
                    for k in range(3))
    links = "\n".join(f'  <link rel="stylesheet" href="{c[2]}">' for c in comps)
    html = f"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
{links}
  <script type="module" src="{base}/v1/parallax.js"></script>
  <style>body {{ margin: 0 }} p {{ margin: 0; height: 120px }} .hero {{ height: 300px }}</style>
</head>
<body>
  <div class="parallax-scroller" data-parallax="top">
    <div class="parallax-header"><div class="parallax-image">{img(HEADER_CONTENT)}</div></div>
    <main class="parallax-body">{rows}</main>
  </div>
  <div class="parallax-scroller hero" data-parallax="hero">{pages}</div>
  <div class="parallax-scroller" data-parallax="fixedtop">
    <div class="parallax-header"><div class="parallax-image">{img(HEADER_CONTENT)}</div></div>
    <main class="parallax-body">{rows}</main>
  </div>
  <div class="parallax-scroller" data-parallax="fixedhero">{pages}</div>
</body>
</html>
"""
    return html, comps


# Chromium plays the stylesheet itself: switch its animations off and have the module play.
FORCE = """
const style = document.createElement('style');
style.textContent = '[data-parallax] * { animation: none !important }';
document.head.append(style);
const m = await import(a.module);
for (const [scope, href] of a.plays) await m.play(document.querySelector(`[data-parallax~="${scope}"]`), href, {force: true});
"""

# The component's scroller once the module plays the answer of its size and its pictures are in:
# its client size and scroll range.
LAYOUT = """
const s = document.querySelector(`[data-parallax~="${a.scope}"]`);
const frame = () => new Promise(r => requestAnimationFrame(() => r()));
const ready = () => s.hasAttribute('data-parallax-player') &&
  (!a.fluid || s.getAttribute('data-parallax-size') === s.clientWidth + 'x' + s.clientHeight);
for (let i = 0; i < 100 && !(ready() && [...s.querySelectorAll('img')].every(i => i.complete)); i++)
  await new Promise(r => setTimeout(r, 30));
await frame(); await frame();
s.style.scrollSnapType = 'none';
if (a.vertical) s.scrollTop = 1e7; else s.scrollLeft = 1e7;
await frame();
const max = a.vertical ? s.scrollTop : s.scrollLeft;
s.scrollTop = 0; s.scrollLeft = 0;
s.style.scrollSnapType = '';
return {width: s.clientWidth, height: s.clientHeight, max, frames: {}, module: s.hasAttribute('data-parallax-player')};
"""

MEASURE = BOXES_JS + imagefit.PAINTED_JS + """
const s = document.querySelector(`[data-parallax~="${a.scope}"]`);
const frame = () => new Promise(r => requestAnimationFrame(() => r()));
s.style.scrollSnapType = 'none';
const out = [];
for (const o of a.offsets) {
  scrollToOffset(s, o, a.vertical, false);
  await frame(); await frame(); await frame();
  out.push({scroll: position(s, a.vertical, false), boxes: boxes(s, a.selectors), painted: painted(s, a.pictures)});
}
s.scrollTop = 0; s.scrollLeft = 0;
s.style.scrollSnapType = '';
return out;
"""


def offsets_of(model, q, layout):
    """Where the answers bend: a header's pull-free knots, a pager's pages and halfway between."""
    if model == "header":
        picks = {0, 30, 78, 156, 220, 600}
    else:
        L = layout["width"]
        picks = {round(k * L / 2) for k in range(5)}
    return sorted(o for o in picks if o <= layout["max"])


def check(browser, comp, h, failures):
    """One component at the window's size: its boxes and painted pictures at offsets where the
    answers bend. Returns (checks, offsets)."""
    scope, model, _, pairs, naturals = comp
    vertical, fluid = model == "header", not scope.startswith("fixed")
    layout = browser.run(LAYOUT, {"scope": scope, "vertical": vertical, "fluid": fluid})
    label = f"{browser.name} photos [{scope}] {layout['width']}×{layout['height']}"
    if not layout["module"]:
        failures.append(f"{label}: the module does not play")
        return 1, 0
    checks, offsets = 1, offsets_of(model, dict(pairs), layout)
    if not fluid and (layout["width"], layout["height"]) != (FIXED["width"], FIXED["height"]):
        failures.append(f"{label}: a fixed stylesheet's scroller is not {FIXED['width']}×{FIXED['height']}")
        return 1, 0
    answers = h.answers(model, h.at_size(pairs, layout) if fluid else pairs, offsets)
    wants = [h.expected(model, a) for a in answers]
    pictures = [imagefit.wanted(model, a) for a in answers]
    selectors = sorted({s for want in wants for s in want})
    got = browser.run(MEASURE, {"scope": scope, "offsets": offsets, "vertical": vertical,
                                "selectors": selectors, "pictures": sorted(naturals)})
    for o, want, picture, row in zip(offsets, wants, pictures, got):
        checks += 1
        if abs(row["scroll"] - o) > 1e-6:
            failures.append(f"{label} @{o}: scroller reached {row['scroll']}")
            continue
        checks += h.compare(f"{label} @{o}", want, row["boxes"], PX, OPACITY, failures)
        checks += imagefit.compare(f"{label} @{o}", picture, row["painted"], naturals, PX, failures)
    return checks, len(offsets)


def opened(browser, base, origin, comps):
    """The photos page at the first size, played by the module (forced where the browser plays
    the stylesheet itself)."""
    browser.resize(*SIZES[0])
    browser.open(f"{origin}/photos.html")
    if browser.run("return CSS.supports('animation-timeline: scroll()')", {}):
        browser.run(FORCE, {"module": f"{base}/v1/parallax.js", "plays": [[c[0], c[2]] for c in comps]})


# The mistakes the check exists for, each with the component whose check must catch it: the module
# moving a fluid header's picture by its contentFrame on top of object-fit, and the module leaving a
# fixed header's picture where the stylesheet put it at rest.
MUTANTS = {"twice": (("if (!fluid) add(image && image", "add(image && image"), 0),
           "never": (("if (!fluid) add(image && image", "if (false) add(image && image"), 2)}


def mutant_caught(browser, base, origin, comps, h, mutant):
    """With the module served with the header's picture moved twice, or never (Chromium's routing),
    that header's check must fail: the suite can see the mistake it guards against."""
    module = f"{base}/v1/parallax.js"
    (find, replace), which = MUTANTS[mutant]
    seen = []
    browser.mutate(lambda js: seen.append(find in js) or js.replace(find, replace), module)
    try:
        opened(browser, base, origin, comps)
        caught = []
        check(browser, comps[which], h, caught)
        return all(seen) and bool(seen) and bool(caught)
    finally:
        browser.mutate(None, module)


def run(browser, base, origin, h, failures):
    """The photos page in `browser`. Returns the checks passed."""
    html, comps = page(base)
    before, checks, n = len(failures), 0, 0
    try:
        browser.reduce_motion(False)
        opened(browser, base, origin, comps)
        for w, hgt in SIZES:
            browser.resize(w, hgt)
            for comp in comps:
                c, k = check(browser, comp, h, failures)
                checks, n = checks + c, n + k
        if hasattr(browser, "mutate"):
            for mutant, what in (("twice", "moving a fluid header's picture twice"), ("never", "not moving a fixed header's picture")):
                checks += 1
                if not mutant_caught(browser, base, origin, comps, h, mutant):
                    failures.append(f"{browser.name} photos: a module {what} passed the check")
    except Exception as e:  # a page that cannot even run is a failure, not a crash
        failures.append(f"{browser.name} photos: {e}")
        checks += 1
    print(f"{browser.name:8} {'photos':26} {n:4} offsets: {checks:5} checks, {len(failures) - before} failed", flush=True)
    return checks - (len(failures) - before)
