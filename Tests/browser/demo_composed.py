"""The demo's composed page (Tests/browser/demo.sh): docs/web.md's page of several effects, shown in a
frame whose document is its own root scroller. Its source is docs/web.md's (the real-page suite
checks that page box by box at every size, in Chromium and Firefox ESR); here, as the demo shows it,
the header on the frame's root scroller and the hero pager and the carousel in their boxes are
drawn where their single-offset answers say, at offsets where they bend, and the pagers are driven
as a reader drives them (docs/web.md#driving-a-pager): the hero's buttons, its arrow keys and a
vertical wheel turn over it, the carousel's arrow keys, each coming to rest on the next snap
position with the live region saying which page."""
import os
import re
import sys
import urllib.parse
import urllib.request
import json

from demo_common import check, shot

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from pagecheck import BOXES_JS, compare, expected  # noqa: E402

BASE = None  # set by demo_check.py
DOCS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "web.md")
OWN = ("format", "snapStop", "scope", "scroller")


def docs_page():
    text = open(DOCS, encoding="utf-8").read()
    m = re.search(r"<!-- page: composed -->\n(.*?)\n```", text, re.S)
    return m.group(1) if m else None


def single(model, href, width, height, offset):
    """The single-offset answer of a stylesheet URL's request at a size and offset (GET form)."""
    pairs = [(k, v) for k, v in urllib.parse.parse_qsl(urllib.parse.urlsplit(href).query) if k not in OWN]
    pairs += [("viewport.width", f"{width:g}"), ("viewport.height", f"{height:g}"), ("offset", f"{offset:g}")]
    with urllib.request.urlopen(f"{BASE}/v1/{model}?{urllib.parse.urlencode(pairs)}", timeout=10) as r:
        return json.loads(r.read())


# The frame's document scrolled to `o` (the root scroller), three frames let pass, the header's
# boxes measured in the viewport (the root's own box moves with the document).
ROOT_BOXES = """async ([o, selectors]) => { const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
    window.scrollTo(0, o); await frame(); await frame(); await frame();
    const out = {};
    for (const sel of selectors) { const e = document.querySelector(sel), r = e.getBoundingClientRect();
      out[sel] = { x: r.left, y: r.top, width: r.width, height: r.height, opacity: parseFloat(getComputedStyle(e).opacity) }; }
    return { scroll: scrollY, width: document.documentElement.clientWidth, height: document.documentElement.clientHeight, boxes: out }; }"""

# A pager of the frame (by its scope) scrolled to `o`, its boxes relative to its padding box.
PAGER_BOXES = "async ([scope, o, selectors]) => {" + BOXES_JS + """
    const s = document.querySelector(`[data-parallax~="${scope}"]`), frame = () => new Promise((r) => requestAnimationFrame(() => r()));
    s.style.scrollSnapType = 'none'; s.scrollLeft = o; await frame(); await frame(); await frame();
    const got = { scroll: s.scrollLeft, width: s.clientWidth, height: s.clientHeight, boxes: boxes(s, selectors) };
    s.scrollLeft = 0; s.style.scrollSnapType = ''; return got; }"""


def composed(page, what):
    """The composed section at the window's size: its source, then each part as drawn."""
    page.locator("#composed").scroll_into_view_if_needed()
    want_src = docs_page()
    shown = page.text_content("#composed-source")
    check(want_src is not None and shown.replace(BASE, "http://localhost:8080") == want_src,
          f"{what}: the composed page shown is docs/web.md's (its addresses this server's)")
    frame = page.query_selector("#composed-frame").content_frame()
    frame.wait_for_function("() => document.readyState === 'complete' && document.querySelector('.parallax-page')", timeout=15000)
    hrefs = [m.group(2) for m in re.finditer(r"""<link rel="stylesheet" href=(["'])(.*?)\1""", shown)]
    links = {dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(h).query)).get("scope"): h for h in hrefs}
    failures, checks = [], 0
    # The header on the document's own scroll: collapsing, pinned at its minimum, and at rest.
    for o in (0, 78, 156, 400):
        got = frame.evaluate(ROOT_BOXES, [o, [".parallax-header", ".parallax-header > .parallax-image"]])
        want = expected("header", single("header", links["story"], got["width"], got["height"], got["scroll"]))
        want.pop(".parallax-body")
        checks += compare(f"header at {got['scroll']:g}", want, got["boxes"], 0.5, 0.002, failures)
    frame.evaluate("() => window.scrollTo(0, 0)")
    # The hero pager and the centred carousel, each at rest, half way and one page on.
    for scope in ("hero", "cards"):
        size = frame.evaluate("(scope) => { const s = document.querySelector(`[data-parallax~=\"${scope}\"]`); return [s.clientWidth, s.clientHeight]; }", scope)
        stride = single("paging", links[scope], *size, 0)["stride"]
        for o in (0, stride / 2, stride):
            answer = single("paging", links[scope], *size, o)
            want = expected("paging", answer)
            got = frame.evaluate(PAGER_BOXES, [scope, o, list(want)])
            if abs(got["scroll"] - o) > 1:
                failures.append(f"{scope}: reached {got['scroll']}, not {o}")
                continue
            checks += compare(f"{scope} {size[0]}×{size[1]} at {o:g}", want, got["boxes"], 0.5, 0.002, failures)
    check(not failures and checks > 0, f"{what}: the header on the frame's root scroller, the hero pager and the carousel drawn as their answers say"
          f" ({checks} numbers within 0.5 px / 0.002)" + ("" if not failures else " — " + "; ".join(failures[:4])))
    driven(page, frame, what)
    frame.evaluate("() => window.scrollTo(0, 120)")
    shot(page, f"demo-composed-{page.viewport_size['width']}.png", full=False)
    frame.evaluate("() => window.scrollTo(0, 0)")


# Where a pager of the frame rests: its scroll offset once it has not moved for three frames, its
# stride (the first page's distance to the second), and its live region's text.
RESTS = """async (id) => { const s = document.getElementById(id), frame = () => new Promise((r) => requestAnimationFrame(() => r()));
    let last = null, same = 0;
    for (let i = 0; i < 300 && same < 3; i++) { await frame(); same = s.scrollLeft === last ? same + 1 : 0; last = s.scrollLeft; }
    const p = s.querySelectorAll('.parallax-page'), L = p[1].getBoundingClientRect().left - p[0].getBoundingClientRect().left;
    await new Promise((r) => setTimeout(r, 50));
    return { at: s.scrollLeft, L, said: document.getElementById(s.getAttribute('aria-describedby')).textContent }; }"""


def driven(page, frame, what):
    """Each way of driving a pager comes to rest on the page it should, the live region saying so."""
    frame.evaluate("""() => { document.querySelector('.cards').id = 'cards'; document.getElementById('hero').scrollIntoView({ block: 'center' }); }""")
    moves = []

    def rests(pager, page_index, how):
        r = frame.evaluate(RESTS, pager)
        count = 3 if pager == "hero" else 5
        moves.append((how, abs(r["at"] - page_index * r["L"]) <= 1 and r["said"] == f"{page_index + 1} of {count}", r))

    frame.click('button[data-go="next"]')
    rests("hero", 1, "Next slide")
    frame.focus("#hero")
    page.keyboard.press("ArrowRight")
    rests("hero", 2, "ArrowRight")
    frame.click('button[data-go="previous"]')
    rests("hero", 1, "Previous slide")
    frame.focus("#hero")
    page.keyboard.press("Home")
    rests("hero", 0, "Home")
    box, inner = page.locator("#composed-frame").bounding_box(), frame.evaluate(
        "() => { const r = document.getElementById('hero').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; }")
    page.mouse.move(box["x"] + inner[0], box["y"] + inner[1])
    page.mouse.wheel(0, 120)
    rests("hero", 1, "a vertical wheel turn")
    frame.focus("#cards")
    page.keyboard.press("ArrowRight")
    rests("cards", 1, "ArrowRight on the carousel")
    bad = [f"{how}: rested at {r['at']:g} (L {r['L']:g}), said {r['said']!r}" for how, ok, r in moves if not ok]
    check(not bad, f"{what}: the composed page's pagers driven by {', '.join(m[0] for m in moves)} each rest on the page they should, the live region saying it"
          + ("" if not bad else " — " + "; ".join(bad)))
    frame.evaluate("() => { document.getElementById('hero').scrollLeft = 0; document.getElementById('cards').scrollLeft = 0; }")
