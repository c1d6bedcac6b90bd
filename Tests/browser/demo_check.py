#!/usr/bin/env python3
"""The demo page and CORS in Chromium (SPEC §9, issue 10), run by Tests/browser/demo.sh.

usage: demo_check.py BASE_URL SERVER_LOG

1. The SVG pictures (format=svg, Accept: image/svg+xml) parse as XML with an <svg> root.
2. GET / at 1280x800: loads with no console error, no page error, no failed request and no
   HTTP error; the stage is styled by the service's format=css keyframes; the JSON readout
   follows scrollLeft/scrollTop; changing a parameter (travel, axis, model) changes the
   stylesheet, the JSON and the SVG; the layer on screen sits where the JSON says.
3. GET / at 390x844: no horizontal overflow.
4. A page on another origin (a second HTTP server on another 127.0.0.1 port) POSTs JSON with
   fetch() (a preflight: Content-Type application/json is not CORS-safelisted), reads the answer
   and its ETag; the server's access log shows the OPTIONS preflight answered 204.
Exit status 0 when every check passes. Screenshots go to $DEMO_SHOTS when it is set.
"""
import json
import os
import sys
import threading
import urllib.request
import xml.etree.ElementTree as ET
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from playwright.sync_api import sync_playwright

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
    """Waits until the JSON and the SVG readouts show `offset`; returns the parsed JSON."""
    page.wait_for_function(f"""() => document.querySelector('#json').dataset.offset === '{offset}'
        && document.querySelector('#svg').dataset.offset === '{offset}'""", timeout=15000)
    return json.loads(page.inner_text("#json"))


def scroll_to(page, offset, horizontal):
    # A pager's stylesheet snaps to pages; an offset between pages is reached as during a gesture.
    prop = "scrollLeft" if horizontal else "scrollTop"
    page.evaluate(f"""() => {{ const s = document.querySelector('.parallax-scroller');
        s.style.scrollSnapType = 'none'; s.{prop} = {offset}; }}""")


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


class OtherOrigin(BaseHTTPRequestHandler):
    """A page on another origin calling the API with fetch() POST JSON (a preflighted request)."""
    page = ""

    def do_GET(self):  # noqa: N802 (http.server's name)
        body = self.page.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


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
        scroll_to(page, 250, True)
        j = synced(page, 250)
        check(j["offset"] == 250 and abs(j["position"] - 250 / j["stride"]) < 1e-12, "the JSON offset follows scrollLeft (250)")
        shot(page, "demo-paging-1280.png")
        # The compositor runs the service's keyframes: the first visible page's background layer
        # is where the JSON answer puts it (SPEC §8 promises 0.5 px; 1 px here, a smoke check).
        page0 = j["pages"][0]
        layer = page0["layers"][0]
        box = page.evaluate(f"""() => {{ const s = document.querySelector('.parallax-scroller').getBoundingClientRect();
            const l = document.querySelector('.parallax-page[data-slot="{page0['slot']}"] > .parallax-layer[data-layer="background"]').getBoundingClientRect();
            return [l.left - s.left, l.top - s.top]; }}""")
        check(abs(box[0] - layer["viewportFrame"]["x"]) <= 1, f"the background layer is drawn where the JSON says (x {box[0]:.2f} vs {layer['viewportFrame']['x']})")

        before = snapshot(page)
        set_control(page, "#travel", "240")
        page.wait_for_function("old => document.querySelector('#kf-css').textContent !== old", arg=before[0], timeout=15000)
        scroll_to(page, 250, True)
        page.wait_for_function("old => document.querySelector('#json').innerText !== old", arg=before[1], timeout=15000)
        synced(page, 250)
        after = snapshot(page)
        check(after[0] != before[0], "changing the travel changes the stylesheet")
        check(after[1] != before[1], "changing the travel changes the JSON")
        check(after[2] != before[2] and after[2].startswith("<svg"), "changing the travel changes the SVG")

        page.click('.seg[data-name="axis"] button[data-value="vertical"]')
        page.wait_for_function("() => document.querySelector('#kf-css').textContent.includes('scroll-timeline:--parallax y')", timeout=15000)
        synced(page, 0)
        scroll_to(page, 300, False)
        j = synced(page, 300)
        check(j["axis"] == "vertical" and j["offset"] == 300, "vertical axis: the JSON offset follows scrollTop (300)")

        page.click('.tabs button[data-model="header"]')
        page.wait_for_function("() => document.querySelector('#kf-css').textContent.includes('.parallax-header')", timeout=15000)
        synced(page, 0)
        scroll_to(page, 100, False)
        j = synced(page, 100)
        check(j["header"]["height"] == 140 and j["contentTop"] == 140, "header: height 240 − scrollTop 100 = 140")
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
        shot(page, "demo-paging-390.png")
        check(not watch.problems, "narrow: no errors" + ("" if not watch.problems else " — " + "; ".join(watch.problems[:5])))
        page.close()

        # 4. CORS from another origin.
        OtherOrigin.page = """<!doctype html><meta charset="utf-8"><title>other origin</title><script>
        const body = %s;
        fetch("%s/v1/paging", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })
          .then(async (r) => { window.result = { status: r.status, etag: r.headers.get("ETag"), json: await r.json() }; })
          .catch((e) => { window.result = { error: String(e) }; });
        </script>""" % (json.dumps(PAGING), BASE)
        other = ThreadingHTTPServer(("127.0.0.1", 0), OtherOrigin)
        threading.Thread(target=other.serve_forever, daemon=True).start()
        try:
            with open(LOG, encoding="utf-8") as f:
                seen = len(f.readlines())
            page = browser.new_page()
            watch = Watch(page)
            origin = f"http://127.0.0.1:{other.server_address[1]}"
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
