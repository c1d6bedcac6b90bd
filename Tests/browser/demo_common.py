"""What the demo page's checks share (Tests/browser/demo.sh): the verdicts, the page's errors, the
readout in sync, scrolling to an offset, where a layer is drawn, screenshots."""
import json
import os

SHOTS = os.environ.get("DEMO_SHOTS")
failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        failures.append(what)


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


def layer_x(page, slot):
    """The background layer's left edge relative to the scroller's padding box, in the scroller's
    own CSS px (the preview may be drawn scaled down)."""
    return page.evaluate(f"""() => {{ const e = document.querySelector('.parallax-scroller'), s = e.getBoundingClientRect();
        const l = document.querySelector('.parallax-page[data-slot="{slot}"] > .parallax-layer[data-layer="background"]').getBoundingClientRect();
        return (l.left - s.left) * e.offsetWidth / s.width; }}""")


def background_matches(page, answer, what):
    p0 = next(p for p in answer["pages"] if p["visibleFraction"] > 0)
    want = p0["layers"][0]["viewportFrame"]["x"]
    got = layer_x(page, p0["slot"])
    check(abs(got - want) <= 1, f"{what}: the background layer is drawn where the JSON says (x {got:.2f} vs {want})")


def snapshot(page):
    """The stylesheet, the JSON text and the SVG bytes shown now."""
    svg = page.evaluate("async () => (await fetch(document.querySelector('#svg').src)).text()")
    return page.text_content("#kf-css"), page.inner_text("#json"), svg


def set_control(page, selector, value):
    page.evaluate(f"""() => {{ const e = document.querySelector('{selector}'); e.value = '{value}';
        e.dispatchEvent(new Event('input', {{ bubbles: true }})); }}""")


def shot(page, name, full=True):
    """The page (or the window) as a PNG in $DEMO_SHOTS, when it is set, to look at."""
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, name), full_page=full)
