"""Carousel pages of the real-page suite (docs/model.md#carousels): where a carousel comes to rest.

Start and centred carousels, left to right, right to left and vertical, each fixed (`viewport.*`
and `pageSize` in points) and fluid (no viewport, `pageSize.fraction`), built as docs/web.md's
carousel page is and opened once per browser: Chromium plays the scroll-driven stylesheet, Firefox
ESR the module. At each size (a fixed page at its own, a fluid one at a phone's and a desktop's
without a reload):

- the scroll range is exactly [0, (N − 1)·L] (`INFINITE`, a fixed infinite page: its domain's end
  and on by as much as the last page in view there sticks out, docs/model.md#keyframes-on-real-pages);
- a programmatic scroll that ends near page i (0.3 to 0.4 of a page off, to either side; first,
  second, a middle and the last page) comes to rest by scroll snapping exactly on i·L (0.5 px),
  page i's viewport frame is where the geometry puts it without asking the service (its leading
  edge at the lead c along the axis, mirrored right to left: A − c − a; so the first and last
  page of a centred carousel rest centred), and every box and opacity is the single-offset answer
  at that offset (0.5 px, 0.002).

`MUTANTS`: the same check on stylesheets changed in one rule (the snap alignment swapped, a scroll
padding added) must fail, so the check can fail (Chromium, which can rewrite a response).
"""
import math
import urllib.parse

# (align, flow): flow is "ltr", "rtl" or "vertical". Fixed pages: a 390 × 600 viewport and a
# points pageSize; fluid ones: a fraction of the scroller's extent.
KINDS = [(align, flow) for align in ("start", "center") for flow in ("ltr", "rtl", "vertical")]
FLUID_SIZES = [(390, 844), (1280, 800)]
N, SPACING = 5, 16
FIXED = {"width": 390, "height": 600}
POINTS = {"ltr": 300, "rtl": 280, "vertical": 440}
# Centred: docs/web.md's 0.8, whose content length 420 % + 64 px (4·0.8 + 1 scroller widths)
# Chromium once laid out 1/64 px short (its float calc() truncated to LayoutUnits: 1701.98 px
# at a 390 px scroller), so right to left the scroll range was cut to 1311 and the last page
# rested 1 px short of (N − 1)·L; KeyframesCSS.size() now writes it 1/128 px long, which both
# browsers lay out as exactly 1702 px. c and L are whole px at both sizes.
FRACTION = {"start": 0.7, "center": 0.8}
PX, OPACITY = 0.5, 0.002
# Where each programmatic scroll ends, in pages from its page (the page it must rest on, then off).
NEAR = [(0, 0.3), (1, -0.35), (3, 0.4), (N - 1, -0.3)]
# A stylesheet changed in one rule, and which page it is tried on.
MUTANTS = {
    "snap-align start": ("carousel-center-ltr-fixed", lambda css: css.replace("scroll-snap-align:center", "scroll-snap-align:start")),
    "scroll-padding 24px": ("carousel-start-rtl-fluid", lambda css: css + "\n.parallax-scroller{scroll-padding-inline:24px 0}\n"),
}


# The infinite page (fixed, centred, left to right): its domain reaches slot N + 1, so a scroll
# rests on slots near o and near o + N·L (slot N shows page 0 again); the stylesheet's range runs
# past the domain's end as far as the last page in view there sticks out.
INFINITE = "carousel-center-infinite-fixed"
INFINITE_NEAR = [(0, 0.3), (N - 1, 0.4), (N, -0.35), (N + 1, 0.3)]


def url(base, align, flow, fluid, infinite=False):
    q = [f"pageCount={N}", f"pageSpacing={SPACING}"]
    if infinite:
        q += ["infinite=true", "domain.from=0", f"domain.to={(N + 1) * (POINTS[flow] + SPACING)}"]
    if not fluid:
        q += [f"viewport.width={FIXED['width']}", f"viewport.height={FIXED['height']}", f"pageSize={POINTS[flow]}"]
    else:
        q.append(f"pageSize.fraction={FRACTION[align]}")
    if align == "center":
        q.append("align=center")
    if flow == "rtl":
        q.append("direction=rtl")
    elif flow == "vertical":
        q.append("axis=vertical")
    q += ['layers=[{"name":"card","rate":0.3,"fit":"cover","opacity":{"min":0.5}}]', "format=css"]
    return f"{base}/v1/paging/keyframes?" + "&".join(q)


def pages(base):
    """name → the page's HTML (docs/web.md's carousel page, one per kind and form)."""
    out = {}
    for align, flow, fluid, infinite in [(a, f, fl, False) for a, f in KINDS for fl in (False, True)] + [("center", "ltr", False, True)]:
        name = INFINITE if infinite else f"carousel-{align}-{flow}-{'fluid' if fluid else 'fixed'}"
        slots = "".join(f'\n    <div class="parallax-page" data-slot="{k}"><div class="parallax-layer" data-layer="card">{k % N + 1}</div></div>'
                        for k in range(-1 if infinite else 0, N + 3 if infinite else N))
        out[name] = f"""<!doctype html>
<html lang="en"{' dir="rtl"' if flow == "rtl" else ""}>
<head>
  <meta charset="utf-8">
  <link rel="stylesheet" href='{url(base, align, flow, fluid, infinite)}'>
  <script type="module" src="{base}/v1/parallax.js"></script>
  <style>
    body {{ margin: 0; }}
    [data-layer="card"] {{ background: linear-gradient(90deg, #3d5a80, #98c1d9, #ee6c4d); border-radius: 16px; }}
  </style>
</head>
<body>
  <div class="parallax-scroller">{slots}
  </div>
</body>
</html>
"""
    return out


# Runs in the page: for each (target, page) scrolls to the target instantly with snapping on,
# waits until the position has not moved for three polls (the snap, then the module's frame),
# and reports where it rests and the boxes there.
REST = """
const s = document.querySelector('.parallax-scroller');
s.style.scrollSnapType = '';
const frame = () => new Promise(r => requestAnimationFrame(() => r()));
const out = [];
for (const o of a.targets) {
  if (a.vertical) s.scrollTo({top: o, behavior: 'instant'}); else s.scrollTo({left: a.rtl ? -o : o, behavior: 'instant'});
  let last = NaN, still = 0;
  for (let i = 0; i < 120 && still < 3; i++) {
    await new Promise(r => setTimeout(r, 25));
    const p = position(s, a.vertical, a.rtl);
    still = p === last ? still + 1 : 0;
    last = p;
  }
  await frame(); await frame(); await frame();
  out.push({scroll: position(s, a.vertical, a.rtl), boxes: boxes(s, a.selectors)});
}
return out;
"""


def reach(h, pairs, to, A):
    """Where an infinite carousel's scroller ends (left to right): its domain's end `to`, plus as
    much as a page in view there sticks out past the viewport's trailing edge."""
    at = h.get(f"{h.BASE}/v1/paging?" + urllib.parse.urlencode(pairs + [("offset", str(to))]))
    return to + max([0.0] + [p["viewportFrame"]["x"] + p["viewportFrame"]["width"] - A for p in at["pages"]])


def check(browser, origin, name, html, failures, h, sizes=None):
    """The rest checks of one carousel page (docs/model.md#carousels) in `browser`; `h` carries the
    suite's helpers (requests_of, answers, get, BASE, at_size, stride, page_extent, expected,
    compare, BOXES_JS, FACTS, LAYOUT, fluid_of). Returns (checks, sizes checked)."""
    model, pairs, keyframes = h.requests_of(html)
    q = dict(pairs)
    infinite = q.get("infinite") == "true"
    vertical, rtl = q.get("axis") == "vertical", q.get("direction") == "rtl"
    fluid = h.fluid_of(pairs)
    browser.resize(1200, 1000)
    browser.open(f"{origin}/{name}.html")
    checks, n = 0, 0
    for w, hgt in (sizes or (FLUID_SIZES if fluid else [(1200, 1000)])):
        if fluid:
            browser.resize(w, hgt)
            layout = browser.run(h.LAYOUT, {"module": not browser.run("return CSS.supports('animation-timeline: scroll()')", {}),
                                            "frameless": []})
            sized = h.at_size(pairs, layout)
        else:
            sized = pairs
        sq = dict(sized)
        A = float(sq["viewport.height" if vertical else "viewport.width"])
        a, L = h.page_extent(sq, A), h.stride(sq, A)
        c = (A - a) / 2 if q.get("align") == "center" else 0.0
        label = f"{browser.name} {name} {sq['viewport.width']}×{sq['viewport.height']}"
        facts = browser.run(h.FACTS, {"vertical": vertical, "rtl": rtl, "module": True})
        checks += 1
        end = reach(h, sized, float(keyframes["domain.to"]), A) if infinite else (N - 1) * L
        if abs(facts["max"] - end) > PX:
            failures.append(f"{label}: scroll range ends at {facts['max']}, not {end}"
                            + (" (the domain's end and the last page's overhang)" if infinite else " ((N − 1)·L)"))
        targets = [(i, max(0.0, min(end, (i + off) * L))) for i, off in (INFINITE_NEAR if infinite else NEAR)]
        rests = [i * L for i, _ in targets]
        frames = h.get(f"{h.BASE}/v1/paging?" + urllib.parse.urlencode(
            sized + [("range.from", "-1"), ("range.to", str(N + 2)), ("offsets", ",".join(map(str, rests)))]))["frames"] \
            if infinite else h.answers(model, sized, rests)
        wants = [h.expected(model, f) for f in frames]
        selectors = sorted({s for want in wants for s in want})
        got = browser.run(h.BOXES_JS + REST, {"targets": [t for _, t in targets], "vertical": vertical, "rtl": rtl,
                                              "selectors": selectors})
        for (i, target), want, row in zip(targets, wants, got):
            checks += 2
            at = f"{label} near page {i} ({target:.1f})"
            if abs(row["scroll"] - i * L) > PX:
                failures.append(f"{at}: rests at {row['scroll']}, not on page {i} ({i * L})")
                continue
            # Page i at rest: leading edge at c along the axis (A − c − a right to left), extent a.
            box = row["boxes"].get(f'.parallax-page[data-slot="{i}"]')
            if box is None:
                failures.append(f"{at}: page {i} missing")
                continue
            lead, extent = (box["y"], box["height"]) if vertical else ((A - box["x"] - box["width"]) if rtl else box["x"], box["width"])
            if not (math.isclose(lead, c, abs_tol=PX) and math.isclose(extent, a, abs_tol=PX)):
                failures.append(f"{at}: page {i} rests at lead {lead:.3f} extent {extent:.3f}, not c = {c} and a = {a}")
            checks += h.compare(at, want, row["boxes"], PX, OPACITY, failures)
        n += 1
    return checks, n


def run(browser, origin, rest_pages, helpers, failures):
    """Every page of `rest_pages` (`pages`) checked in `browser`, then the `MUTANTS` where the
    browser can rewrite a stylesheet: each must fail. Returns the checks passed."""
    passed = 0
    browser.reduce_motion(False)  # the answers are those of the request's own motion
    for name, html in rest_pages.items():
        before = len(failures)
        try:
            checks, n = check(browser, origin, name, html, failures, helpers)
        except Exception as e:  # a page that cannot even run is a failure, not a crash
            failures.append(f"{browser.name} {name}: {e}")
            checks, n = 1, 0
        passed += checks - (len(failures) - before)
        print(f"{browser.name:8} {name:26} rests at {n} size(s): {checks:5} checks, {len(failures) - before} failed", flush=True)
    for label, (name, replace) in MUTANTS.items() if hasattr(browser, "mutate") else ():
        if name not in rest_pages:
            continue
        caught = []
        browser.mutate(replace)
        try:
            check(browser, origin, name, rest_pages[name], caught, helpers, sizes=FLUID_SIZES[:1])
        except Exception as e:  # a mutant that cannot even run shows nothing
            failures.append(f"{browser.name} {name} ({label}): {e}")
            continue
        finally:
            browser.mutate(None)
        # Caught by where it rests (the snapping), not by some other difference.
        caught = [f for f in caught if "rests at" in f or "scroll range" in f]
        passed += bool(caught)
        if not caught:
            failures.append(f"{browser.name} {name}: the stylesheet with {label} passed the rest check")
        print(f"{browser.name:8} {name + ' (' + label + ')':26} caught: {len(caught)} failures", flush=True)
    return passed
