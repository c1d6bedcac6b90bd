"""Real pages (docs/web.md): the web snippets of docs/web.md, exactly as written (only the base URL
http://localhost:8080 replaced by the test server's), served over http from another origin on
127.0.0.1, opened in Chromium (the stylesheet's scroll-driven animations) and in Firefox ESR (no
animation-timeline: the /v1/parallax.js module plays the JSON tracks).

Per page and browser: the scroller is scrolled to many offsets over everything it can reach (not
only the keyframes domain; snapping switched off for the measurement), and every styled box
(getBoundingClientRect relative to the scroller's padding box) and computed opacity is compared with
the single-offset answers of the same request (one `offsets` request), scale and rotate applied
about the centre, within 0.5 CSS px and 0.002. Pagers also: the scroll range is exactly
[0, (N − 1)·L], a smooth scroll of 0.6 page (snapping on) comes to rest on the next page, and a
fling (a smooth scroll of 2.4 pages) rests on the next page when the stylesheet asks for
`snapStop=always`, two pages on otherwise. The header and the pager once more under
prefers-reduced-motion: reduce (the motionScale 0 answers).

Fluid pages (a stylesheet URL without `viewport.*`, docs/web.md#fluid-and-fixed) are opened once
and taken through SIZES without a reload (the window resized in the one page session): at each
size the scroller's measured client size (and the laid-out frames of elements without `frame`)
becomes the `viewport` (and `frame`s) of the single-offset answers the boxes are checked against,
over the whole reachable range; a pager scrolled to a page before a resize must rest on that page
after it. Once, a mutant of a fluid stylesheet with one length left in px must fail the check.

Carousels (carousels.py): thirteen pages of their own, start and centred, LTR, RTL and vertical,
fixed and fluid, and an infinite one, each checked for where it comes to rest (docs/model.md#carousels), and in
Chromium two stylesheets changed in one snapping rule that must fail that check.

usage: realpages.py BASE_URL docs/web.md   (prints `realpages: N passed, M failed`; exit 1 on any failure)
"""
import json
import math
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import types
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "browser"))  # imagefit.py
from pagecheck import BOXES_JS, compare, expected, serve, summary  # noqa: E402 (Tests/lib, put on the path above)
from fluidpages import LAYOUT, SIZES, TO_PAGE, WHERE, at_size, fluid_of, frameless_of, page_extent, stride  # noqa: E402 (beside this file)
import carousels  # noqa: E402 (beside this file)
import composed  # noqa: E402 (beside this file)
import photos  # noqa: E402 (beside this file)
import markup  # noqa: E402 (beside this file)
import driving  # noqa: E402 (beside this file)

PX, OPACITY, SAMPLES = 0.5, 0.002, 28
# Where a smooth scroll (the browser's own animation) comes to rest on a snap position: Firefox
# ends a long one a device pixel short of a 2 160 px page (2 159) and snaps no further.
REST = 1.0
REDUCED = ("header", "paging")  # also played under prefers-reduced-motion: reduce
STATIC = ("header", "scroll", "paging-rtl")  # also without the module, at offset 0
BASE = sys.argv[1].rstrip("/")
DOC = sys.argv[2]


def snippets():
    text = open(DOC, encoding="utf-8").read()
    pages = {}
    for m in re.finditer(r"```html\n<!-- page: ([\w-]+) -->\n(.*?)```", text, re.S):
        pages[m.group(1)] = m.group(2).replace("http://localhost:8080", BASE)
    return pages


def get(url):
    with urllib.request.urlopen(url) as r:
        return json.loads(r.read())


def requests_of(html):
    """The stylesheet's URL → (model, the single-offset request's GET query as pairs, the keyframes
    fields that are not the model's: format, domain.*, snapStop)."""
    href = re.search(r"""<link rel="stylesheet" href=(["'])(.*?)\1""", html).group(2)
    url = urllib.parse.urlsplit(href)
    model = re.fullmatch(r"/v1/(paging|header|scroll)/keyframes", url.path).group(1)
    all_pairs = urllib.parse.parse_qsl(url.query, keep_blank_values=True)
    own = lambda k: k in ("format", "snapStop") or k.startswith("domain.")
    return model, [(k, v) for k, v in all_pairs if not own(k)], dict((k, v) for k, v in all_pairs if own(k))


def answers(model, pairs, offsets):
    extra = [("include", "all")] if model == "paging" else []
    q = urllib.parse.urlencode(pairs + extra + [("offsets", ",".join(map(str, offsets)))])
    return get(f"{BASE}/v1/{model}?{q}")["frames"]


# Runs in the page: scrolls to each logical offset (RTL: scrollLeft = −o) with snapping off, lets
# three frames pass (the module writes on the frame after the scroll event) and measures.
MEASURE = BOXES_JS + """
const s = document.querySelector('.parallax-scroller');
const frame = () => new Promise(r => requestAnimationFrame(() => r()));
s.style.scrollSnapType = 'none';
const out = [];
for (const o of a.offsets) {
  scrollToOffset(s, o, a.vertical, a.rtl);
  await frame(); await frame(); await frame();
  out.push({scroll: position(s, a.vertical, a.rtl), boxes: boxes(s, a.selectors)});
}
return out;
"""

# The page's facts: whether CSS plays the animations, whether the module plays, the scroll range.
FACTS = """
const s = document.querySelector('.parallax-scroller');
for (let i = 0; a.module && i < 100 && !CSS.supports('animation-timeline: scroll()') && !s.hasAttribute('data-parallax-player'); i++)
  await new Promise(r => setTimeout(r, 50));
s.style.scrollSnapType = 'none';
if (a.vertical) s.scrollTop = 1e7; else s.scrollLeft = a.rtl ? -1e7 : 1e7;
await new Promise(r => requestAnimationFrame(() => r()));
const max = a.vertical ? s.scrollTop : (a.rtl ? -s.scrollLeft : s.scrollLeft);
if (a.vertical) s.scrollTop = 0; else s.scrollLeft = 0;
s.style.scrollSnapType = '';
return {css: CSS.supports('animation-timeline: scroll()'), module: s.hasAttribute('data-parallax-player'),
        max, direction: getComputedStyle(s).direction};
"""

# A smooth scroll of `by` px along the axis (snapping on) from rest at 0; where it comes to rest.
SNAP = """
const s = document.querySelector('.parallax-scroller');
s.style.scrollSnapType = '';
const pos = () => a.vertical ? s.scrollTop : (a.rtl ? -s.scrollLeft : s.scrollLeft);
s.scrollTo({left: 0, top: 0, behavior: 'instant'});
await new Promise(r => setTimeout(r, 200));
if (a.vertical) s.scrollBy({top: a.by, behavior: 'smooth'});
else s.scrollBy({left: a.rtl ? -a.by : a.by, behavior: 'smooth'});
let last = NaN, still = 0;
for (let i = 0; i < 80 && still < 6; i++) {
  await new Promise(r => setTimeout(r, 50));
  const p = pos();
  still = p === last ? still + 1 : 0;
  last = p;
}
return pos();
"""


class Chromium:
    name = "chromium"

    def __init__(self):
        from playwright.sync_api import sync_playwright
        self.pw = sync_playwright().start()
        self.browser = self.pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        self.page = self.browser.new_page(viewport={"width": 1200, "height": 1000})
        # The page's console warnings since it was opened (the module's markup check, markup.py).
        self.warnings = []
        self.page.on("console", lambda m: self.warnings.append(m.text) if m.type == "warning" else None)

    def open(self, url):
        self.warnings.clear()
        self.page.goto(url, wait_until="load")

    def reduce_motion(self, on):
        self.page.emulate_media(reduced_motion="reduce" if on else "no-preference")

    def resize(self, width, height):
        self.page.set_viewport_size({"width": width, "height": height})

    def mutate(self, replace, urls="**/keyframes?*"):
        """From now on, the responses of `urls` (keyframes stylesheets unless told) arrive through
        `replace(text)` (None: as served)."""
        self.page.unroute(urls)
        if replace is not None:
            def handle(route):
                r = route.fetch()
                route.fulfill(response=r, body=replace(r.text()))
            self.page.route(urls, handle)

    def run(self, body, args):
        return self.page.evaluate("async (a) => {" + body + "}", args)

    def press(self, key):
        """A real key press (a DOM key name) on the focused element."""
        self.page.keyboard.press(key)

    def wheel(self, x, y, dy):
        """A real mouse-wheel turn of dy px at (x, y) of the viewport."""
        self.page.mouse.move(x, y)
        self.page.mouse.wheel(0, dy)

    def close(self):
        self.browser.close()
        self.pw.stop()


class Firefox:
    """firefox-esr --headless --marionette on a temporary profile and a free Marionette port (system
    access for one preference: ui.prefersReducedMotion)."""
    name = "firefox"

    def __init__(self):
        from marionette_driver.marionette import Marionette
        self.profile = tempfile.mkdtemp(prefix="realpages-ff-")
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        prefs = {"marionette.port": port, "browser.shell.checkDefaultBrowser": False,
                 "browser.startup.homepage_override.mstone": "ignore", "datareporting.policy.dataSubmissionEnabled": False,
                 "toolkit.telemetry.reportingpolicy.firstRun": False, "app.update.disabledForTesting": True,
                 "browser.aboutwelcome.enabled": False, "ui.prefersReducedMotion": 0}
        with open(os.path.join(self.profile, "user.js"), "w") as f:
            for k, v in prefs.items():
                f.write(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n")
        self.proc = subprocess.Popen(["firefox-esr", "--headless", "--marionette", "-remote-allow-system-access", "--no-remote",
                                      "--profile", self.profile],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
                                     # A headless screen large enough for the 1 920 × 1 080 window (default 1 366 × 768).
                                     env={**os.environ, "MOZ_HEADLESS_WIDTH": "2560", "MOZ_HEADLESS_HEIGHT": "1600"})
        self.client = Marionette(host="127.0.0.1", port=port)
        deadline = time.time() + 60
        while True:
            try:
                self.client.start_session()
                break
            except Exception:
                if time.time() > deadline or self.proc.poll() is not None:
                    self.close()
                    raise
                time.sleep(0.5)
        self.client.set_window_rect(width=1200, height=1000)
        self.client.timeout.script = 120

    def open(self, url):
        self.client.navigate(url)

    def reduce_motion(self, on):
        self.client.set_pref("ui.prefersReducedMotion", 1 if on else 0)

    def resize(self, width, height):
        """The window's inner size made width × height where Firefox allows it; below its minimum
        window width the page's own rule sizes the scroller instead (any author rule wins)."""
        self.client.set_window_rect(width=width, height=height)
        try:
            inner = self.client.execute_script("return [innerWidth, innerHeight]")
            rect = self.client.window_rect
            self.client.set_window_rect(width=width + rect["width"] - inner[0], height=height + rect["height"] - inner[1])
            self.client.execute_script("""
              const [w, h] = arguments, s = document.querySelector('.parallax-scroller');
              if (s) { s.style.width = innerWidth === w ? '' : w + 'px'; s.style.height = innerHeight === h ? '' : h + 'px'; }""",
                                       script_args=[width, height])
        except Exception:
            pass  # no page yet

    # WebDriver's key values (https://www.w3.org/TR/webdriver2/#keyboard-actions) of the DOM key names.
    KEYS = {"ArrowLeft": "\ue012", "ArrowUp": "\ue013", "ArrowRight": "\ue014", "ArrowDown": "\ue015",
            "PageUp": "\ue00e", "PageDown": "\ue00f", "End": "\ue010", "Home": "\ue011"}

    def press(self, key):
        """A real key press (WebDriver actions) on the focused element."""
        v = self.KEYS[key]
        self.client.actions.perform([{"type": "key", "id": "keyboard", "actions": [{"type": "keyDown", "value": v},
                                                                                   {"type": "keyUp", "value": v}]}])

    def wheel(self, x, y, dy):
        """A real mouse-wheel turn of dy px at (x, y) of the viewport (WebDriver wheel actions)."""
        self.client.actions.perform([{"type": "wheel", "id": "wheel", "actions": [
            {"type": "scroll", "x": int(x), "y": int(y), "deltaX": 0, "deltaY": dy, "origin": "viewport"}]}])

    def run(self, body, args):
        script = ("const [a, resolve] = arguments; (async () => {" + body + "})()"
                  ".then(resolve, e => resolve({error: String(e)}));")
        out = self.client.execute_async_script(script, script_args=[args], new_sandbox=False, sandbox=None)
        if isinstance(out, dict) and "error" in out:
            raise RuntimeError(out["error"])
        return out

    def close(self):
        try:
            self.client.delete_session()
        except Exception:
            pass
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


def pick_offsets(model, pairs, max_scroll, samples=SAMPLES):
    q = dict(pairs)
    hi = max(0, int(math.floor(max_scroll)))
    picks = {round(hi * i / (samples - 1)) for i in range(samples)}
    if model == "paging":
        A = float(q["viewport.height" if q.get("axis") == "vertical" else "viewport.width"])
        L = stride(q, A)
        for k in range(0, 2 * int(q["pageCount"])):
            picks.add(round(k * L / 2))
    elif model == "header":
        Hh, m = float(q["header.height"]), float(q.get("header.minHeight", 0))
        picks |= {round(Hh - m), round(Hh), 400, 900}
    else:
        picks |= {900, 2200}
        # Where each element's effects bend: its crossing's ends, top − V and top + length.
        horizontal = q.get("axis") == "horizontal"
        V = float(q["viewport.width" if horizontal else "viewport.height"])
        jumps = []
        for e in json.loads(q["elements"]):
            top, length = (e["frame"]["x"], e["frame"]["width"]) if horizontal else (e["frame"]["y"], e["frame"]["height"])
            picks |= {round(top - V), round(top + length), round(top + length / 2 - V / 2)}
            bends, steps = effect_bends(e, e.get("startOffset", top - V), e.get("endOffset", top + length))
            picks |= {round(o) for o in bends}
            jumps += steps
        # Beside a jump, not on it: at the jump itself a browser's progress a rounding away may
        # fall on either side (docs/api.md#effects: right-continuous).
        picks = {o for o in picks if all(abs(o - j) >= 1.5 for j in jumps)} | {round(j + d) for j in jumps for d in (-2, 2)}
    return sorted(o for o in picks if 0 <= o <= hi)


def effect_bends(element, start, end):
    """The offsets where an element's `effects` bend (every stop, over the effect's own `range` or
    the element's [start, end]) and those where they jump (two stops at one q)."""
    bends, jumps = [], []
    for effect in element.get("effects", []):
        r = effect.get("range", {})
        a, b = r.get("startOffset", start), r.get("endOffset", end)
        qs = [q for q, _ in effect["stops"]]
        bends += [a + q * (b - a) for q in qs]
        jumps += [a + q * (b - a) for q, q2 in zip(qs, qs[1:]) if q == q2]
    return bends, jumps


def check_page(browser, origin, name, html, failures, reduced=False):
    """`name` ending in `-static`: the page without the module, checked at offset 0 only (where
    neither scroll-driven animations nor the module run, the page opens laid out as at offset 0).
    A fluid page goes through every size of SIZES in one session; a fixed one is checked at its own."""
    model, pairs, keyframes = requests_of(html)
    static = name.endswith("-static")
    if reduced:  # prefers-reduced-motion: the stylesheet's and the module's motionScale 0 layout
        pairs = pairs + [("motionScale", "0")]
    browser.resize(1200, 1000)
    browser.open(f"{origin}/{name}.html")
    # A correct page: the module's markup check names nothing (markup.py).
    silent = 0 if static or reduced else markup.silent(browser, BASE, name, failures)
    if not fluid_of(pairs):
        checks, n, top = check_size(browser, name, model, pairs, keyframes, static, failures)
        return checks + silent, n, top
    q = dict(pairs)
    vertical = model != "paging" and q.get("axis") != "horizontal" or model == "paging" and q.get("axis") == "vertical"
    rtl = model == "paging" and not vertical and q.get("direction") == "rtl"
    checks, n, tops = silent, 0, []
    sizes = SIZES[:2] if reduced or static else SIZES
    for i, (w, h) in enumerate(sizes):
        page = None
        if model == "paging" and i > 0 and not static:
            # Rest on page 1 (or the last), then resize: the pager must rest on the same page.
            page = min(1 + i % 2, int(q["pageCount"]) - 1)
            browser.run(TO_PAGE, {"vertical": vertical, "rtl": rtl, "page": page, "spacing": float(q.get("pageSpacing", 0)),
                                  "points": float(q["pageSize"]) if "pageSize" in q else None,
                                  "fraction": float(q.get("pageSize.fraction", 1))})
        browser.resize(w, h)
        layout = browser.run(LAYOUT, {"module": not static and not browser.run("return CSS.supports('animation-timeline: scroll()')", {}),
                                      "frameless": frameless_of(model, pairs)})
        if page is not None:
            checks += 1
            L = stride(q, layout["height"] if vertical else layout["width"])
            rest = browser.run(WHERE, {"vertical": vertical, "rtl": rtl})
            if abs(rest - page * L) > 0.5:
                failures.append(f"{browser.name} {name} resized to {w}×{h}: rests at {rest}, not on page {page} ({page * L})")
        label = f"{name} {layout['width']}×{layout['height']}"
        # Every size gets the knots and ends and a few offsets between; the snapping checks (slow:
        # smooth scrolls) run at the first and the last size.
        c, k, top = check_size(browser, label, model, at_size(pairs, layout), keyframes, static, failures,
                               samples=8, snaps=i in (0, len(sizes) - 1), fluid=True)
        checks, n = checks + c, n + k
        tops.append(top)
    return checks, n, max(tops)


def check_size(browser, name, model, pairs, keyframes, static, failures, samples=SAMPLES, snaps=True, fluid=False):
    """The page as it is now against the single-offset answers of `pairs` (with its viewport):
    `samples` offsets evenly over the reachable range besides the knots; `snaps`: the snapping
    checks of a pager too."""
    q = dict(pairs)
    vertical = model != "paging" and q.get("axis") != "horizontal" or model == "paging" and q.get("axis") == "vertical"
    rtl = model == "paging" and not vertical and q.get("direction") == "rtl"
    facts = browser.run(FACTS, {"vertical": vertical, "rtl": rtl, "module": not static})
    checks = 1
    # Chromium plays the stylesheet itself; Firefox ESR cannot, and the module must.
    want_module = not facts["css"] and not static
    if facts["module"] != want_module:
        failures.append(f"{browser.name} {name}: module playing={facts['module']}, CSS scroll timelines={facts['css']}")
    if rtl:
        checks += 1
        if facts["direction"] != "rtl":
            failures.append(f"{browser.name} {name}: scroller direction {facts['direction']}")
    if model == "paging" and not static and snaps:
        A = float(q["viewport.height" if vertical else "viewport.width"])
        L = stride(q, A)
        N = int(q["pageCount"])
        checks += 3
        if abs(facts["max"] - (N - 1) * L) > 0.5:
            failures.append(f"{browser.name} {name}: scroll range ends at {facts['max']}, not (N − 1)·L = {(N - 1) * L}")
        rest = browser.run(SNAP, {"vertical": vertical, "rtl": rtl, "by": 0.6 * L})
        if abs(rest - L) > REST:
            failures.append(f"{browser.name} {name}: a smooth scroll of 0.6 page rests at {rest}, not on page 1 ({L})")
        # A fling across 2.4 pages: scroll-snap-stop: always stops it on the next page; without
        # it the scroller passes over page 1 and rests on page 2 (the last, with N = 2).
        stop = keyframes.get("snapStop") == "always"
        page = 1 if stop else min(2, N - 1)
        rest = browser.run(SNAP, {"vertical": vertical, "rtl": rtl, "by": 2.4 * L})
        if abs(rest - page * L) > REST:
            failures.append(f"{browser.name} {name}: a fling of 2.4 pages rests at {rest}, not on page {page}"
                            f" ({page * L}; snapStop {'always' if stop else 'normal'})")
    offsets = [0] if static else pick_offsets(model, pairs, facts["max"], samples)
    frames = answers(model, pairs, offsets)
    wants = [expected(model, a) for a in frames]
    if static and fluid and model == "scroll" and not facts["css"]:
        # Neither scroll timelines nor the module: a fluid element on its own crossing rests at its
        # place without effects (at offset 0 its effects depend on the scroller's size,
        # docs/web.md#fluid-and-fixed); one with startOffset and endOffset as a fixed one.
        for e in json.loads(q["elements"]):
            if "startOffset" not in e or "endOffset" not in e:
                wants[0][f'.parallax-element[data-element="{e["name"]}"]'] = (e["frame"], 1)
    selectors = sorted({s for w in wants for s in w})
    got = browser.run(MEASURE, {"offsets": offsets, "vertical": vertical, "rtl": rtl, "selectors": selectors})
    for o, want, row in zip(offsets, wants, got):
        checks += 1
        if abs(row["scroll"] - o) > 1e-6:
            failures.append(f"{browser.name} {name} @{o}: scroller reached {row['scroll']}")
            continue
        checks += compare(f"{browser.name} {name} @{o}", want, row["boxes"], PX, OPACITY, failures)
    return checks, len(offsets), facts["max"]


def mutant_caught(browser, origin, name, html):
    """A fluid stylesheet with one length left in px (the first page's width at the first size)
    must fail the check at another size: the suite can fail."""
    model, pairs, keyframes = requests_of(html)
    (w0, h0), (w1, h1) = SIZES[0], SIZES[-1]
    browser.mutate(lambda css: css.replace("width:100cqw", f"width:{w0}px", 1))
    try:
        browser.resize(w1, h1)
        browser.open(f"{origin}/{name}.html")
        layout = browser.run(LAYOUT, {"module": False, "frameless": []})
        caught = []
        check_size(browser, name, model, at_size(pairs, layout), keyframes, False, caught)
        return bool(caught)
    finally:
        browser.mutate(None)





def main():
    pages = snippets()
    need = {"header", "scroll", "paging", "paging-rtl", "paging-vertical", "paging-api", "article", "composed"}
    failures, passed = [], 0
    if not need <= set(pages):
        failures.append(f"docs/web.md lacks the pages {sorted(need - set(pages))}")
    for name in STATIC:
        if name in pages:
            pages[name + "-static"] = re.sub(r'\s*<script type="module" src="[^"]*/v1/parallax.js"></script>', "", pages[name])
    # The carousel pages of the rest checks (carousels.py), beside docs/web.md's.
    rest_pages = carousels.pages(BASE)
    helpers = types.SimpleNamespace(requests_of=requests_of, answers=answers, get=get, BASE=BASE, at_size=at_size, stride=stride,
                                    page_extent=page_extent, expected=expected, compare=compare, BOXES_JS=BOXES_JS,
                                    FACTS=FACTS, LAYOUT=LAYOUT, fluid_of=fluid_of, frameless_of=frameless_of,
                                    pick_offsets=pick_offsets, SIZES=SIZES)
    # Pages of several stylesheets (docs/web.md#several-on-one-page) are checked component by
    # component (composed.py), beside the pages composed from docs/web.md's single ones.
    several = {k: v for k, v in pages.items() if len(composed.components(v)) > 1}
    composed_pages = {**composed.pages(pages, BASE), **several}
    pages = {k: v for k, v in pages.items() if k not in several}
    # The pages on their own origin (127.0.0.1, another port than the service).
    # The fitted photos played by the module (photos.py).
    photo_pages = {"photos": photos.page(BASE)[0], "mistakes": markup.mistakes(BASE)[0]}
    server, origin = serve(lambda path: {**pages, **rest_pages, **composed_pages, **photo_pages}.get(path.strip("/").removesuffix(".html")))
    only = os.environ.get("REALPAGES_BROWSERS")  # e.g. "chromium" while working on one browser
    # e.g. "carousel-": only the pages whose names hold one of these words, while working on them
    only_pages = os.environ.get("REALPAGES_PAGES", "").split(",") if os.environ.get("REALPAGES_PAGES") else None
    if only_pages:
        rest_pages = {k: v for k, v in rest_pages.items() if any(w in k for w in only_pages)}
        composed_pages = {k: v for k, v in composed_pages.items() if any(w in k for w in only_pages)}
    for make in (Chromium, Firefox):
        if only and make.name not in only.split(","):
            continue
        t0 = time.time()
        try:
            browser = make()
        except Exception as e:
            failures.append(f"{make.name}: could not start: {e}")
            continue
        try:
            runs = [(name, False) for name in pages] + [(name, True) for name in REDUCED if name in pages]
            runs = [(name, r) for name, r in runs if not only_pages or any(w in name for w in only_pages)]
            for name, reduced in runs:
                before = len(failures)
                try:
                    browser.reduce_motion(reduced)
                    checks, n, top = check_page(browser, origin, name, pages[name], failures, reduced)
                except Exception as e:  # a page that cannot even run is a failure, not a crash
                    failures.append(f"{browser.name} {name}: {e}")
                    checks, n, top = 1, 0, 0
                passed += checks - (len(failures) - before)
                label = name + (" (reduced)" if reduced else "")
                print(f"{browser.name:8} {label:26} {n:3} offsets up to {top:7.1f}: {checks:5} checks, "
                      f"{len(failures) - before} failed", flush=True)
            if hasattr(browser, "mutate") and "paging" in pages and fluid_of(requests_of(pages["paging"])[1]):
                caught = mutant_caught(browser, origin, "paging", pages["paging"])
                passed += caught
                if not caught:
                    failures.append(f"{browser.name} paging: a stylesheet with one length left in px passed the check")
                print(f"{browser.name:8} {'paging (px mutant)':26} caught: {caught}", flush=True)
            passed += carousels.run(browser, origin, rest_pages, helpers, failures)
            passed += composed.run(browser, origin, composed_pages, helpers, failures)
            if not only_pages or "photos" in only_pages:
                passed += photos.run(browser, BASE, origin, helpers, failures)
            if not only_pages or "mistakes" in only_pages:
                passed += markup.run(browser, BASE, origin, failures)
            if "composed" in composed_pages:
                passed += driving.run(browser, BASE, origin, composed_pages["composed"], helpers, failures)
        finally:
            browser.close()
        print(f"{make.name}: {time.time() - t0:.1f}s", flush=True)
    server.shutdown()
    browsers = only.replace(",", " and ") if only else "Chromium and Firefox"
    return summary("realpages", passed, failures, 60, f" ({len(pages)} pages, {browsers})")


if __name__ == "__main__":
    sys.exit(main())
