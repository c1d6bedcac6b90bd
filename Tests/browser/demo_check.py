#!/usr/bin/env python3
"""The demo page and CORS in Chromium (docs/api.md), run by Tests/browser/demo.sh.

usage: demo_check.py BASE_URL SERVER_LOG

1. The SVG pictures (format=svg, Accept: image/svg+xml) parse as XML with an <svg> root.
2. GET / at 1280x800: loads with no console error, no page error, no failed request and no
   HTTP error; the stage is styled by the service's format=css keyframes; the JSON readout
   follows scrollLeft/scrollTop (wherever the scroller settles: a paging scroller may snap);
   changing a parameter (travel, axis, model) changes the stylesheet, the JSON and the SVG; the
   layer on screen sits where the JSON says. The in-sync light: with the answers held back
   (Playwright holds the POSTs) it is off while the JSON and SVG show an older offset and on
   once they show the offset on screen, and on no animation frame is it on while they differ.
   The demo's own CSS leaves the service's scroll snapping as it is, and a snapping pager (the
   service's, or the same rules added here where its stylesheet does not snap yet) settles on a
   page with the readout following. Every picture, as shown,
   has labels of at least 10 CSS px, and its viewport rectangle is in the picture's window.
   Right to left: the offset is −scrollLeft when the scroller is `direction: rtl` (as the
   service's stylesheet makes it, or forced here when a stylesheet does not) and the layer sits
   where the JSON says.
   The preview's size: each preset (and a size set as the drag handle sets it) resizes the
   scroller with the same fluid stylesheet; the light comes back on with the JSON of the new size
   (its viewport the scroller's client size) and the layer on screen sits where that JSON says.
3. GET / at 390x844: no horizontal overflow; the live preview comes before the controls and is
   on the first screen; pictures readable as above.
4. A page on another origin (a second HTTP server on another 127.0.0.1 port) POSTs JSON with
   fetch() (a preflight: Content-Type application/json is not CORS-safelisted), reads the answer
   and its ETag; the server's access log shows the OPTIONS preflight answered 204.
Exit status 0 when every check passes. Screenshots go to $DEMO_SHOTS when it is set.
"""
import json
import os
import sys
import urllib.request
import xml.etree.ElementTree as ET

from playwright.sync_api import sync_playwright

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from pagecheck import serve  # noqa: E402 (Tests/lib, put on the path above)

BASE, LOG = sys.argv[1].rstrip("/"), sys.argv[2]
SHOTS = os.environ.get("DEMO_SHOTS")
failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        failures.append(what)


def post(path, body, accept=None):
    req = urllib.request.Request(BASE + path, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json", **({"Accept": accept} if accept else {})})
    with urllib.request.urlopen(req, timeout=10) as r:
        return r.headers.get("Content-Type"), r.read()


# 1. The pictures parse as SVG.
PAGING = {"viewport": {"width": 390, "height": 844}, "pageCount": 5, "pageSpacing": 16, "offset": 203,
          "layers": [{"name": "background", "travel": 120, "fit": "cover"}]}
HEADER = {"viewport": {"width": 390, "height": 700}, "header": {"height": 220, "minHeight": 64}, "offset": -60}
SCROLL = {"viewport": {"width": 390, "height": 700}, "offset": 300, "elements": [
    {"name": "a <&> b", "frame": {"x": 20, "y": 100, "width": 350, "height": 220}, "speed": -2},
    {"name": "card", "frame": {"x": 40, "y": 600, "width": 200, "height": 140}, "rotate": [-10, 10], "easing": "easeInOut"}]}
for path, body in (("/v1/paging", PAGING), ("/v1/header", HEADER), ("/v1/scroll", SCROLL)):
    ctype, svg = post(path, {**body, "format": "svg"})
    check(ctype == "image/svg+xml", f"{path} format=svg answers image/svg+xml")
    try:
        root = ET.fromstring(svg)
        check(root.tag == "{http://www.w3.org/2000/svg}svg" and root.get("viewBox"), f"{path} SVG parses with an <svg viewBox> root")
    except ET.ParseError as e:
        check(False, f"{path} SVG parses as XML ({e})")
ctype, svg = post("/v1/header", HEADER, accept="image/svg+xml")
check(ctype == "image/svg+xml" and ET.fromstring(svg).tag.endswith("svg"), "Accept: image/svg+xml gets the picture")


class Watch:
    """Everything a page reports that counts as an error."""

    def __init__(self, page):
        self.problems = []
        page.on("console", lambda m: m.type == "error" and self.problems.append(f"console: {m.text}"))
        page.on("pageerror", lambda e: self.problems.append(f"page error: {e}"))
        page.on("requestfailed", lambda r: self.problems.append(f"failed request: {r.url} {r.failure}"))
        page.on("response", lambda r: r.status >= 400 and self.problems.append(f"HTTP {r.status}: {r.url}"))


def synced(page, offset):
    """Waits until the JSON and the SVG readouts show `offset` and the light is on; returns the
    parsed JSON."""
    page.wait_for_function(f"""() => document.querySelector('#json').dataset.offset === '{offset:g}'
        && document.querySelector('#svg').dataset.offset === '{offset:g}'
        && document.querySelector('#status').dataset.state === 'ok'""", timeout=15000)
    return json.loads(page.inner_text("#json"))


# The offset on screen, computed here from the DOM (not by the demo's code): scrollTop, or
# scrollLeft, negated when the scroller is laid out right to left.
ON_SCREEN = """(horizontal) => { const s = document.querySelector('.parallax-scroller');
    if (!horizontal) return s.scrollTop;
    const o = getComputedStyle(s).direction === 'rtl' ? -s.scrollLeft : s.scrollLeft; return o === 0 ? 0 : o; }"""


def scroll_to(page, offset, horizontal):
    """Scrolls to the logical `offset` and returns where the scroller settles (it may snap)."""
    page.evaluate("""([o, horizontal]) => { const s = document.querySelector('.parallax-scroller');
        if (!horizontal) s.scrollTop = o;
        else s.scrollLeft = getComputedStyle(s).direction === 'rtl' ? -o : o; }""", [offset, horizontal])
    last, same = None, 0
    for _ in range(200):  # until three frames in a row show the same position
        page.evaluate("() => new Promise((r) => requestAnimationFrame(() => r()))")
        now = page.evaluate(ON_SCREEN, horizontal)
        same = same + 1 if now == last else 0
        last = now
        if same >= 3:
            break
    return last


def preview_sizes(page):
    """The presets and the drag handle: same stylesheet, the JSON of the size on screen, in sync."""
    css = page.evaluate("() => document.querySelector('#kf-css').textContent")
    check("viewport" not in page.inner_text("#css-url"), "the demo's stylesheet is fluid (no viewport in its URL)")
    for label, (w, h) in (("Landscape", (640, 360)), ("Tablet", (768, 1024)), ("Desktop", (1280, 800)), (None, (500, 420)), ("Phone", (360, 560))):
        if label:
            page.click(f'.sizes button:text-is("{label}")')
        else:  # as the drag handle does: the screen's own size
            page.evaluate("([w, h]) => Object.assign(document.querySelector('#screen').style, {width: w + 'px', height: h + 'px'})", [w, h])
        got = page.evaluate("() => { const s = document.querySelector('.parallax-scroller'); return [s.clientWidth, s.clientHeight]; }")
        check(got == [w, h], f"preview {label or 'dragged'}: the scroller is {w}×{h} (measured {got[0]}×{got[1]})")
        o = scroll_to(page, 0, True)
        o = scroll_to(page, (w + 16) * 1, True)
        j = synced(page, o)
        check(j["stride"] == w + 16, f"preview {label or 'dragged'} {w}×{h}: the JSON is for the size on screen (stride {j['stride']})")
        background_matches(page, j, f"preview {w}×{h}")
        check(page.evaluate("() => document.querySelector('#kf-css').textContent") == css, f"preview {w}×{h}: the same stylesheet")


def layer_x(page, slot):
    """The background layer's left edge relative to the scroller's padding box."""
    return page.evaluate(f"""() => {{ const s = document.querySelector('.parallax-scroller').getBoundingClientRect();
        const l = document.querySelector('.parallax-page[data-slot="{slot}"] > .parallax-layer[data-layer="background"]').getBoundingClientRect();
        return l.left - s.left; }}""")


def background_matches(page, answer, what):
    p0 = next(p for p in answer["pages"] if p["visibleFraction"] > 0)
    want = p0["layers"][0]["viewportFrame"]["x"]
    got = layer_x(page, p0["slot"])
    check(abs(got - want) <= 1, f"{what}: the background layer is drawn where the JSON says (x {got:.2f} vs {want})")


# Every animation frame: when the light is on, the JSON and the SVG shown are of the offset on screen.
MONITOR = """(horizontal) => { const on = %s;
    window.syncWatch = { frames: 0, lagging: 0, bad: [] };
    const tick = () => { const w = window.syncWatch, o = String(on(horizontal));
        const st = document.querySelector('#status').dataset.state;
        const j = document.querySelector('#json').dataset.offset, v = document.querySelector('#svg').dataset.offset;
        w.frames++;
        if (st === 'ok' && (j !== o || v !== o)) w.bad.push(`light on at ${o} showing json ${j}, svg ${v}`);
        if (st !== 'ok' && j !== o) w.lagging++;
        requestAnimationFrame(tick); };
    requestAnimationFrame(tick); }""" % ON_SCREEN


def in_sync_light(page):
    """The light is off while the answers lag and on when they catch up (paging, horizontal)."""
    start = scroll_to(page, 0, True)
    synced(page, start)
    page.evaluate(MONITOR, True)
    held, hold = [], [True]
    page.route("**/v1/paging", lambda route: held.append(route) if hold[0] else route.continue_())
    target = scroll_to(page, 2 * 376, True)
    page.wait_for_timeout(600)
    state = page.get_attribute("#status", "data-state")
    shown = page.get_attribute("#json", "data-offset")
    check(target != start and state != "ok" and shown == f"{start:g}",
          f"in-sync light off while the JSON shows {shown} and the phone is at {target:g} (state {state})")
    hold[0] = False
    for r in held:
        r.continue_()
    synced(page, target)
    check(page.get_attribute("#status", "data-state") == "ok", f"in-sync light on once the JSON and SVG show {target:g}")
    for o in range(0, 1200, 37):  # a quick scroll: the readout lags behind, the light must follow
        page.evaluate("""(o) => { document.querySelector('.parallax-scroller').scrollLeft = o; }""", o)
        page.wait_for_timeout(15)
    last = scroll_to(page, 1200, True)
    synced(page, last)
    page.wait_for_timeout(200)
    watch = page.evaluate("() => window.syncWatch")
    check(not watch["bad"] and watch["lagging"] > 0,
          f"on no frame of {watch['frames']} is the light on while the JSON or SVG shows another offset"
          f" ({watch['lagging']} frames lagging, light off){'' if not watch['bad'] else ' — ' + '; '.join(watch['bad'][:3])}")
    page.unroute("**/v1/paging")


def snapping_left_alone(page):
    """The computed scroll snapping of the scroller and the pages is the same with the demo's own
    stylesheet switched off: the demo neither adds nor removes snapping."""
    props = """() => { const s = document.querySelector('.parallax-scroller'), p = document.querySelector('.parallax-page');
        const a = getComputedStyle(s), b = getComputedStyle(p);
        return [a.scrollSnapType, b.scrollSnapAlign, b.scrollSnapStop].join(' | '); }"""
    with_demo = page.evaluate(props)
    page.evaluate("() => { document.querySelector('style').disabled = true; }")
    without = page.evaluate(props)
    page.evaluate("() => { document.querySelector('style').disabled = false; }")
    check(with_demo == without, f"the demo's CSS leaves the scroller's snapping as the service's stylesheet sets it ({with_demo})")


def snapping_followed(page):
    """A snapping pager (the service's stylesheet snaps; where it does not yet, the same rules are
    added here): a scroll to 250 settles on a page, and the readout and the light follow there."""
    snaps = page.evaluate("() => getComputedStyle(document.querySelector('.parallax-scroller')).scrollSnapType")
    if snaps in ("", "none"):
        page.evaluate("""() => { const s = document.createElement('style'); s.id = 'sim-snap';
            s.textContent = '.parallax-scroller{scroll-snap-type:x mandatory}.parallax-page{scroll-snap-align:start;scroll-snap-stop:always}';
            document.head.append(s); }""")
    o = scroll_to(page, 250, True)
    j = synced(page, o)
    check(o in (0, 376) and j["offset"] == o, f"snapping ({snaps or 'none'} in the service's stylesheet): a scroll to 250 settles on a page ({o:g}) and the JSON follows")
    page.evaluate("() => document.querySelector('#sim-snap') && document.querySelector('#sim-snap').remove()")


def picture_readable(page, what, viewport):
    """Labels of the picture as shown at least 10 CSS px; the viewport rectangle in the window."""
    r = page.evaluate("""async ([vw, vh]) => { const img = document.querySelector('#svg');
        const text = await (await fetch(img.src)).text();
        const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
        const vb = doc.documentElement.getAttribute('viewBox').split(' ').map(Number);
        const box = img.getBoundingClientRect(), k = box.width / vb[2];
        const sizes = [...doc.querySelectorAll('text')].map((t) => Number(t.getAttribute('font-size')) * k);
        const win = document.querySelector('#picture').getBoundingClientRect();
        const cx = box.left + (-vb[0] + vw / 2) * k, cy = box.top + (-vb[1] + vh / 2) * k;
        return { min: Math.min(...sizes), count: sizes.length, k,
                 inside: cx >= win.left && cx <= win.right && cy >= win.top && cy <= win.bottom }; }""", list(viewport))
    # 9.95: the picture's numbers are rounded to 1/100, so a 10-unit label at scale 1 may show at 9.999 px.
    check(r["count"] > 0 and r["min"] >= 9.95, f"{what}: picture labels are at least 10 CSS px as shown (smallest {r['min']:.2f} px of {r['count']})")
    check(r["inside"], f"{what}: the picture's window shows the viewport rectangle")


def rtl_offset(page):
    """Right to left: offset = −scrollLeft in a `direction: rtl` scroller."""
    page.click('.seg[data-name="direction"] button[data-value="rtl"]')
    page.wait_for_function("() => document.querySelector('#css-url').textContent.includes('direction=rtl')", timeout=15000)
    page.wait_for_function("() => document.querySelector('#json').dataset.offset === '0' && document.querySelector('#status').dataset.state === 'ok'", timeout=15000)
    direction = page.evaluate("() => getComputedStyle(document.querySelector('.parallax-scroller')).direction")
    o = scroll_to(page, 300, True)
    raw = page.evaluate("() => document.querySelector('.parallax-scroller').scrollLeft")
    j = synced(page, o)
    check(o > 0 and j["offset"] == o and (raw == -o if direction == "rtl" else raw == o),
          f"RTL ({direction} scroller): the JSON offset {j['offset']} is the offset on screen (scrollLeft {raw})")
    background_matches(page, j, "RTL")
    picture_readable(page, "RTL paging", (360, 560))
    if direction != "rtl":
        # A stylesheet that leaves the scroller left to right: force `direction: rtl` to check
        # the demo's own reading of a right-to-left scroller.
        page.evaluate("() => { const s = document.createElement('style'); s.id = 'force-rtl'; s.textContent = '.parallax-scroller{direction:rtl !important}'; document.head.append(s); }")
        o = scroll_to(page, 200, True)
        raw = page.evaluate("() => document.querySelector('.parallax-scroller').scrollLeft")
        j = synced(page, o)
        check(raw < 0 and j["offset"] == -raw, f"forced direction: rtl: the JSON offset {j['offset']} is −scrollLeft ({raw})")
        page.evaluate("() => document.querySelector('#force-rtl').remove()")
    page.click('.seg[data-name="direction"] button[data-value="ltr"]')
    page.wait_for_function("() => !document.querySelector('#css-url').textContent.includes('direction=rtl')", timeout=15000)


def snapshot(page):
    """The stylesheet, the JSON text and the SVG bytes shown now."""
    svg = page.evaluate("async () => (await fetch(document.querySelector('#svg').src)).text()")
    return page.text_content("#kf-css"), page.inner_text("#json"), svg


def set_control(page, selector, value):
    page.evaluate(f"""() => {{ const e = document.querySelector('{selector}'); e.value = '{value}';
        e.dispatchEvent(new Event('input', {{ bubbles: true }})); }}""")


def shot(page, name):
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, name), full_page=True)


with sync_playwright() as p:
    browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
    try:
        # 2. The demo page, wide.
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        watch = Watch(page)
        page.goto(BASE + "/")
        check(page.title().startswith("Parallax"), "GET / is the demo page")
        first = synced(page, 0)
        css, _, svg0 = snapshot(page)
        check("animation-timeline" in css and '.parallax-page[data-slot="0"]' in css, "the stage is styled by the service's format=css keyframes")
        check(first["offset"] == 0 and first["axis"] == "horizontal", "the JSON readout starts at offset 0")
        snapping_left_alone(page)
        picture_readable(page, "paging", (360, 560))
        preview_sizes(page)
        o = scroll_to(page, 250, True)
        j = synced(page, o)
        check(o > 0 and j["offset"] == o and abs(j["position"] - o / j["stride"]) < 1e-12, f"the JSON offset follows scrollLeft (asked 250, settled at {o:g})")
        shot(page, "demo-paging-1280.png")
        # The compositor runs the service's keyframes: the first visible page's background layer
        # is where the JSON answer puts it (the keyframes suite checks 0.5 px; 1 px here, a smoke check).
        background_matches(page, j, "LTR")
        in_sync_light(page)
        snapping_followed(page)
        rtl_offset(page)

        o = scroll_to(page, 250, True)
        synced(page, o)
        before = snapshot(page)
        set_control(page, "#travel", "240")
        page.wait_for_function("old => document.querySelector('#kf-css').textContent !== old", arg=before[0], timeout=15000)
        o = scroll_to(page, 250, True)
        page.wait_for_function("old => document.querySelector('#json').innerText !== old", arg=before[1], timeout=15000)
        synced(page, o)
        after = snapshot(page)
        check(after[0] != before[0], "changing the travel changes the stylesheet")
        check(after[1] != before[1], "changing the travel changes the JSON")
        check(after[2] != before[2] and after[2].startswith("<svg"), "changing the travel changes the SVG")

        # A centred carousel (docs/model.md#carousels): cards of 0.8 of the preview's width, the
        # stride 0.8·W + 16, the stylesheet snapping card centres, the JSON of the same request.
        set_control(page, "#pageFraction", "0.8")
        page.click('.seg[data-name="align"] button[data-value="center"]')
        page.wait_for_function("() => document.querySelector('#kf-css').textContent.includes('scroll-snap-align:center')", timeout=15000)
        w = page.evaluate("() => document.querySelector('.parallax-scroller').clientWidth")
        L = 0.8 * w + 16
        synced(page, scroll_to(page, 0, True))
        o = scroll_to(page, L, True)
        j = synced(page, o)
        check(abs(j["stride"] - L) < 1e-9 and abs(o - L) <= 1, f"carousel: one card on, the JSON stride is 0.8·{w} + 16 = {L:g} (got {j['stride']}, settled at {o:g})")
        background_matches(page, j, "carousel")
        set_control(page, "#pageFraction", "1")
        page.click('.seg[data-name="align"] button[data-value="start"]')
        page.wait_for_function("() => document.querySelector('#kf-css').textContent.includes('scroll-snap-align:start')", timeout=15000)

        # Cards of 400 points (docs/web.md#cards-of-one-size): the fluid stylesheet's page is
        # min(400, W), so on the 360 px phone a card is the screen (stride 376) and on the tablet
        # 400 px (stride 416); the JSON shown is of that request at the size on screen, in sync.
        page.click('.seg[data-name="pageUnit"] button[data-value="points"]')
        set_control(page, "#pagePoints", "400")
        page.wait_for_function("() => document.querySelector('#kf-css').textContent.includes('min(400px, 100cqw)')", timeout=15000)
        for label, w in (("Phone", 360), ("Tablet", 768)):
            page.click(f'.sizes button:text-is("{label}")')
            L = min(400, w) + 16
            synced(page, scroll_to(page, 0, True))
            o = scroll_to(page, L, True)
            j = synced(page, o)
            check(abs(j["stride"] - L) < 1e-9 and abs(o - L) <= 1, f"points cards on a {w} px preview: stride min(400, {w}) + 16 = {L} (got {j['stride']}, settled at {o:g})")
            background_matches(page, j, f"points cards {w} px")
        page.click('.sizes button:text-is("Phone")')
        page.click('.seg[data-name="pageUnit"] button[data-value="fraction"]')
        page.wait_for_function("() => !document.querySelector('#kf-css').textContent.includes('min(')", timeout=15000)

        page.click('.seg[data-name="axis"] button[data-value="vertical"]')
        page.wait_for_function("() => document.querySelector('#kf-css').textContent.includes('scroll-timeline:--parallax y')", timeout=15000)
        synced(page, 0)
        o = scroll_to(page, 300, False)
        j = synced(page, o)
        check(j["axis"] == "vertical" and j["offset"] == o and o > 0, f"vertical axis: the JSON offset follows scrollTop (asked 300, settled at {o:g})")
        picture_readable(page, "vertical paging", (360, 560))
        shot(page, "demo-vertical-1280.png")

        page.click('.tabs button[data-model="header"]')
        page.wait_for_function("() => document.querySelector('#kf-css').textContent.includes('.parallax-header')", timeout=15000)
        synced(page, 0)
        scroll_to(page, 100, False)
        j = synced(page, 100)
        check(j["header"]["height"] == 140 and j["contentTop"] == 140, "header: height 240 − scrollTop 100 = 140")
        picture_readable(page, "header", (360, 560))
        shot(page, "demo-header-1280.png")

        page.click('.tabs button[data-model="scroll"]')
        page.wait_for_function("""() => document.querySelector('#kf-css').textContent.includes('data-element="hero"')""", timeout=15000)
        synced(page, 0)
        before = snapshot(page)
        set_control(page, "#easing", "easeIn")
        page.wait_for_function("old => document.querySelector('#kf-css').textContent !== old", arg=before[0], timeout=15000)
        scroll_to(page, 400, False)
        j = synced(page, 400)
        check([e["name"] for e in j["elements"]][:2] == ["hero", "card"], "scroll: the JSON lists the page's elements at scrollTop 400")
        check(page.text_content("#kf-css") != before[0], "changing the easing changes the stylesheet")
        picture_readable(page, "scroll", (360, 560))
        shot(page, "demo-scroll-1280.png")
        check(not watch.problems, "the demo page: no console error, failed request or HTTP error"
              + ("" if not watch.problems else " — " + "; ".join(watch.problems[:5])))
        page.close()

        # 3. Narrow.
        page = browser.new_page(viewport={"width": 390, "height": 844})
        watch = Watch(page)
        page.goto(BASE + "/")
        synced(page, 0)
        width = page.evaluate("() => document.documentElement.scrollWidth")
        check(width <= 390, f"at 390 px wide nothing overflows sideways (scrollWidth {width})")
        order = page.evaluate("""() => { const r = (s) => document.querySelector(s).getBoundingClientRect();
            return { stage: r('.stage').top, controls: r('.controls').top, screenTop: r('#screen').top, screenBottom: r('#screen').bottom }; }""")
        check(order["stage"] < order["controls"], f"at 390 × 844 the live preview comes before the controls (tops {order['stage']:.0f} and {order['controls']:.0f})")
        check(order["screenTop"] >= 0 and order["screenBottom"] <= 844, f"at 390 × 844 the preview is on the first screen (y {order['screenTop']:.0f}–{order['screenBottom']:.0f})")
        picture_readable(page, "390 px paging", (360, 560))
        shot(page, "demo-paging-390.png")
        page.click('.seg[data-name="axis"] button[data-value="vertical"]')
        page.wait_for_function("() => document.querySelector('#kf-css').textContent.includes('scroll-timeline:--parallax y')", timeout=15000)
        synced(page, 0)
        picture_readable(page, "390 px vertical paging", (360, 560))
        page.click('.tabs button[data-model="scroll"]')
        page.wait_for_function("""() => document.querySelector('#kf-css').textContent.includes('data-element="hero"')""", timeout=15000)
        synced(page, scroll_to(page, 500, False))
        picture_readable(page, "390 px scroll", (360, 560))
        shot(page, "demo-scroll-390.png")
        check(not watch.problems, "narrow: no errors" + ("" if not watch.problems else " — " + "; ".join(watch.problems[:5])))
        page.close()

        # 4. CORS from another origin.
        # A page on another origin calling the API with fetch() POST JSON (a preflighted request),
        # whatever path is asked for.
        cross = """<!doctype html><meta charset="utf-8"><title>other origin</title><script>
        const body = %s;
        fetch("%s/v1/paging", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })
          .then(async (r) => { window.result = { status: r.status, etag: r.headers.get("ETag"), json: await r.json() }; })
          .catch((e) => { window.result = { error: String(e) }; });
        </script>""" % (json.dumps(PAGING), BASE)
        other, origin = serve(lambda path: cross)
        try:
            with open(LOG, encoding="utf-8") as f:
                seen = len(f.readlines())
            page = browser.new_page()
            watch = Watch(page)
            page.goto(origin + "/")
            page.wait_for_function("() => window.result !== undefined", timeout=15000)
            result = page.evaluate("() => window.result")
            check("error" not in result, f"fetch() POST JSON from {origin} succeeds: {result.get('error', 'ok')}")
            check(result.get("status") == 200 and result.get("json", {}).get("stride") == 406, "the cross-origin script reads the answer")
            etag = result.get("etag") or ""
            check(etag.startswith('"') and etag.endswith('"') and len(etag) > 2, f"the cross-origin script reads the ETag ({etag or 'none'})")
            with open(LOG, encoding="utf-8") as f:
                lines = [json.loads(l) for l in f.readlines()[seen:] if l.startswith('{"time"')]
            preflights = [l for l in lines if l.get("method") == "OPTIONS" and l.get("path") == "/v1/paging"]
            check(any(l.get("status") == 204 for l in preflights), f"the browser sent a preflight and got 204 ({len(preflights)} OPTIONS seen)")
            check(not watch.problems, "cross-origin page: no errors" + ("" if not watch.problems else " — " + "; ".join(watch.problems[:5])))
        finally:
            other.shutdown()
    finally:
        browser.close()

print(f"demo_check: {len(failures)} failed" if failures else "demo_check: all checks passed")
sys.exit(1 if failures else 0)
