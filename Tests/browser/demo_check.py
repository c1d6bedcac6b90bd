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
   The preview's size: each preset (and the drag handle, dragged with the mouse) resizes the
   scroller with the same fluid stylesheet; the whole preview is drawn inside the room it has,
   scaled down when larger (never up) at the scale the page states; the light comes back on with
   the JSON of the new size (its viewport the scroller's client size) and the layer on screen sits
   where that JSON says.
   Every shape button (demo_shapes.py) asks for its shape and shows it drawn where the JSON
   says, on a phone-sized and a desktop-sized preview, neighbours peeking in a carousel; on
   screenshots, each paints at least a tenth of the preview. By keyboard (demo_keyboard.py).
   The newer capabilities (demo_apps.py): the sweep card's multi-stop, cross-axis effect drawn
   as its JSON says and its editor's 422s beside the field they name; for every pager shape the
   page-progress tracks shown and the TypeScript snippet, run under node, printing the
   single-offset answer; the opening snippets are docs/native.md's. The composed page
   (demo_composed.py) is docs/web.md's, and in its frame the header on the root scroller, the
   hero pager and the carousel are drawn as their single-offset answers say.
3. GET / at 390x844: no horizontal overflow; the live preview comes before the controls and is
   on the first screen; pictures readable as above; by keyboard: Tab reaches every control, each
   named, its focus shown, in view and uncovered. Then the window goes through the sizes the
   fluid stylesheets are checked at (demo_layout.py): nothing overflows, the whole preview is
   drawn in view, and on one column the controls are in view beside it, also while one is moved.
4. A page on another origin (a second HTTP server on another 127.0.0.1 port) POSTs JSON with
   fetch() (a preflight: Content-Type application/json is not CORS-safelisted), reads the answer
   and its ETag; the server's access log shows the OPTIONS preflight answered 204;
   the fetch carries traceparent, X-Request-Id and the operator's X-Tenant as a tracing front
   end would (docs/operations.md#tracing), reads its X-Request-Id back and finds its log line by
   it; the same fetch with a header outside the allow list, and a fetch of /metrics, are refused
   by the browser.
Exit status 0 when every check passes. Screenshots go to $DEMO_SHOTS when it is set.
"""
import json
import os
import re
import sys
import urllib.request
import xml.etree.ElementTree as ET

from playwright.sync_api import sync_playwright

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from pagecheck import serve  # noqa: E402 (Tests/lib, put on the path above)
import demo_apps  # noqa: E402
import demo_composed  # noqa: E402
from demo_common import ON_SCREEN, Watch, background_matches, check, failures, scroll_to, set_control, shot, snapshot, synced  # noqa: E402
from demo_keyboard import keyboard  # noqa: E402
from demo_layout import every_size, preview_sizes  # noqa: E402
from demo_shapes import none_empty, shapes_shown  # noqa: E402

BASE, LOG = sys.argv[1].rstrip("/"), sys.argv[2]
demo_apps.BASE = demo_composed.BASE = BASE
# The ids a tracing front end's fetch carries (section 4).
TRACED = {"traceparent": "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
          "id": "0f8fad5b-d9cb-469f-a165-70867728950e"}


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
    target = scroll_to(page, 2 * 406, True)
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
    check(o in (0, 406) and j["offset"] == o, f"snapping ({snaps or 'none'} in the service's stylesheet): a scroll to 250 settles on a page ({o:g}) and the JSON follows")
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


def opening_line(page):
    """The curl line the page shows on opening is the one docs/api.md#the-demo-page shows (its
    origin the docs' http://localhost:8080), which Tests/docs/run.sh runs against its answer."""
    doc = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "api.md"), encoding="utf-8").read()
    m = re.search(r"<!-- the demo's opening curl line[^\n]*\n```console\n\$ (.*)\n", doc)
    shown = page.text_content("#curl").replace(BASE, "http://localhost:8080")
    check(m is not None and m.group(1) == shown, "the curl line shown on opening is docs/api.md's" + ("" if m else " (no such block there)"))


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
    picture_readable(page, "RTL paging", (390, 844))
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


with sync_playwright() as p:
    browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
    try:
        # 2. The demo page, wide.
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        watch = Watch(page)
        page.goto(BASE + "/")
        check(page.title().startswith("Parallax"), "GET / is the demo page")
        first = synced(page, 0)
        opening_line(page)
        demo_apps.opening_snippets(page)
        css, _, svg0 = snapshot(page)
        check("animation-timeline" in css and '.parallax-page[data-slot="0"]' in css, "the stage is styled by the service's format=css keyframes")
        check(first["offset"] == 0 and first["axis"] == "horizontal", "the JSON readout starts at offset 0")
        snapping_left_alone(page)
        picture_readable(page, "paging", (390, 844))
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
        set_control(page, "#pageFraction", "80")
        page.click('.seg[data-name="align"] button[data-value="center"]')
        page.wait_for_function("() => document.querySelector('#kf-css').textContent.includes('scroll-snap-align:center')", timeout=15000)
        w = page.evaluate("() => document.querySelector('.parallax-scroller').clientWidth")
        L = 0.8 * w + 16
        synced(page, scroll_to(page, 0, True))
        o = scroll_to(page, L, True)
        j = synced(page, o)
        check(abs(j["stride"] - L) < 1e-9 and abs(o - L) <= 1, f"carousel: one card on, the JSON stride is 0.8·{w} + 16 = {L:g} (got {j['stride']}, settled at {o:g})")
        background_matches(page, j, "carousel")
        set_control(page, "#pageFraction", "100")
        page.click('.seg[data-name="align"] button[data-value="start"]')
        page.wait_for_function("() => document.querySelector('#kf-css').textContent.includes('scroll-snap-align:start')", timeout=15000)

        # Cards of 400 points (docs/web.md#cards-of-one-size): the fluid stylesheet's page is
        # min(400, W), so on the 390 px phone a card is the screen (stride 406) and on the tablet
        # 400 px (stride 416); the JSON shown is of that request at the size on screen, in sync.
        page.click('.seg[data-name="pageUnit"] button[data-value="points"]')
        set_control(page, "#pagePoints", "400")
        page.wait_for_function("() => document.querySelector('#kf-css').textContent.includes('min(400px, 100cqw)')", timeout=15000)
        for size, w in (("390x844", 390), ("768x1024", 768)):
            page.click(f'#sizes button[data-value="{size}"]')
            L = min(400, w) + 16
            synced(page, scroll_to(page, 0, True))
            o = scroll_to(page, L, True)
            j = synced(page, o)
            check(abs(j["stride"] - L) < 1e-9 and abs(o - L) <= 1, f"points cards on a {w} px preview: stride min(400, {w}) + 16 = {L} (got {j['stride']}, settled at {o:g})")
            background_matches(page, j, f"points cards {w} px")
        page.click('#sizes button[data-value="390x844"]')
        page.click('.seg[data-name="pageUnit"] button[data-value="fraction"]')
        page.wait_for_function("() => !document.querySelector('#kf-css').textContent.includes('min(')", timeout=15000)

        page.click('.seg[data-name="axis"] button[data-value="vertical"]')
        page.wait_for_function("() => document.querySelector('#kf-css').textContent.includes('scroll-snap-type:y mandatory')", timeout=15000)
        synced(page, 0)
        o = scroll_to(page, 500, False)  # past half of the 844 + 16 stride: it snaps on to the next page
        j = synced(page, o)
        check(j["axis"] == "vertical" and j["offset"] == o and o > 0, f"vertical axis: the JSON offset follows scrollTop (asked 500, settled at {o:g})")
        picture_readable(page, "vertical paging", (390, 844))
        shot(page, "demo-vertical-1280.png")

        page.click('.tabs button[data-model="header"]')
        page.wait_for_function("() => document.querySelector('#kf-css').textContent.includes('.parallax-header')", timeout=15000)
        synced(page, 0)
        scroll_to(page, 100, False)
        j = synced(page, 100)
        check(j["header"]["height"] == 140 and j["contentTop"] == 140, "header: height 240 − scrollTop 100 = 140")
        picture_readable(page, "header", (390, 844))
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
        picture_readable(page, "scroll", (390, 844))
        shot(page, "demo-scroll-1280.png")
        shapes_shown(page, 390, 844)
        page.click('#sizes button[data-value="1280x800"]')
        shapes_shown(page, 1280, 800)
        demo_apps.effects_shown(page, watch, 1280, 800)
        none_empty(page, "390x844", shot)
        none_empty(page, "1280x800", shot)
        demo_apps.effects_shown(page, watch, 390, 844)
        shot(page, "demo-effects-390.png", full=False)
        demo_apps.effects_edited(page, watch)
        demo_apps.snippets_played()
        page.click('.shapes button[data-shape="pager"]')
        keyboard(page, "1280×800")
        demo_composed.composed(page, "window 1280×800")
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
        picture_readable(page, "390 px paging", (390, 844))
        shot(page, "demo-paging-390.png")
        page.click('.seg[data-name="axis"] button[data-value="vertical"]')
        page.wait_for_function("() => document.querySelector('#kf-css').textContent.includes('scroll-snap-type:y mandatory')", timeout=15000)
        synced(page, 0)
        picture_readable(page, "390 px vertical paging", (390, 844))
        page.click('.tabs button[data-model="scroll"]')
        page.wait_for_function("""() => document.querySelector('#kf-css').textContent.includes('data-element="hero"')""", timeout=15000)
        synced(page, scroll_to(page, 500, False))
        picture_readable(page, "390 px scroll", (390, 844))
        shot(page, "demo-scroll-390.png")
        keyboard(page, "390×844")
        demo_composed.composed(page, "window 390×844")
        every_size(page, shot)
        check(not watch.problems, "narrow: no errors" + ("" if not watch.problems else " — " + "; ".join(watch.problems[:5])))
        page.close()

        # 4. CORS from another origin.
        # A page on another origin calling the API with fetch() POST JSON (a preflighted request),
        # whatever path is asked for.
        cross = """<!doctype html><meta charset="utf-8"><title>other origin</title><script>
        const body = %s, base = %s, traced = %s;
        // What a tracing front end sends (docs/operations.md#tracing), plus the operator's own
        // header (--cors-allow-headers X-Tenant in demo.sh).
        const headers = { "Content-Type": "application/json", "traceparent": traced.traceparent,
                          "X-Request-Id": traced.id, "X-Tenant": "t1" };
        const refused = (p) => p.then((r) => "read " + r.status, (e) => "refused " + e.name);
        (async () => {
          try {
            const r = await fetch(base + "/v1/paging", { method: "POST", headers, body: JSON.stringify(body) });
            window.result = { status: r.status, etag: r.headers.get("ETag"), id: r.headers.get("X-Request-Id"), json: await r.json() };
          } catch (e) { window.result = { error: String(e) }; }
          // A header outside the allow list: the preflight leaves it out, the browser refuses.
          window.result.outside = await refused(fetch(base + "/v1/paging", { method: "POST", headers: { ...headers, "X-Other": "1" }, body: JSON.stringify(body) }));
          // /metrics is for the scraper: no CORS field, so no page on another origin reads it.
          window.result.metrics = await refused(fetch(base + "/metrics"));
        })();
        </script>""" % (json.dumps(PAGING), json.dumps(BASE), json.dumps(TRACED))
        other, origin = serve(lambda path: cross)
        try:
            with open(LOG, encoding="utf-8") as f:
                seen = len(f.readlines())
            page = browser.new_page()
            watch = Watch(page)
            page.goto(origin + "/")
            # Every fetch of the script settled (the two refusals come after the first answer).
            page.wait_for_function("() => window.result !== undefined && (window.result.error !== undefined || window.result.metrics !== undefined)",
                                   timeout=15000)
            result = page.evaluate("() => window.result")
            check("error" not in result, f"fetch() POST JSON from {origin} succeeds: {result.get('error', 'ok')}")
            check(result.get("status") == 200 and result.get("json", {}).get("stride") == 406, "the cross-origin script reads the answer")
            etag = result.get("etag") or ""
            check(etag.startswith('"') and etag.endswith('"') and len(etag) > 2, f"the cross-origin script reads the ETag ({etag or 'none'})")
            with open(LOG, encoding="utf-8") as f:
                lines = [json.loads(l) for l in f.readlines()[seen:] if l.startswith('{"time"')]
            preflights = [l for l in lines if l.get("method") == "OPTIONS" and l.get("path") == "/v1/paging"]
            check(any(l.get("status") == 204 for l in preflights), f"the browser sent a preflight and got 204 ({len(preflights)} OPTIONS seen)")
            check(result.get("id") == TRACED["id"], f"the script sent traceparent, X-Request-Id and X-Tenant and reads its id back ({result.get('id')})")
            posts = [l for l in lines if l.get("method") == "POST" and l.get("path") == "/v1/paging" and l.get("requestId") == TRACED["id"]]
            check(len(posts) == 1 and posts[0].get("traceId") == TRACED["traceparent"].split("-")[1],
                  f"the request is followed by its id to its log line, with its trace id ({len(posts)} lines)")
            check(result.get("outside") == "refused TypeError", f"a header outside the allow list: the browser refuses ({result.get('outside')})")
            check(result.get("metrics") == "refused TypeError", f"/metrics is not readable from another origin ({result.get('metrics')})")
            # The two refusals above are the page's only errors: Chromium reports each (the
            # blocked fetch, its failed load); anything else is a fault.
            def refusal(p):
                return ("x-other is not allowed" in p or "/metrics" in p or "net::ERR_FAILED" in p)
            others = [p for p in watch.problems if not refusal(p)]
            failed = [p for p in watch.problems if p.startswith("failed request")]
            check(not others and len(failed) == 2,
                  f"cross-origin page: no errors but the two refusals ({len(failed)} failed requests)" + ("" if not others else " — " + "; ".join(others[:5])))
        finally:
            other.shutdown()
    finally:
        browser.close()

print(f"demo_check: {len(failures)} failed" if failures else "demo_check: all checks passed")
sys.exit(1 if failures else 0)
