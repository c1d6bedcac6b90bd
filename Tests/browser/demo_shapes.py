"""Every shape of the demo's shape buttons (Tests/browser/demo.sh): what each asks for and shows."""
import base64
import html
import json
import re
import subprocess
import urllib.request

from demo_apps import take_snippet
from demo_common import background_matches, check, scroll_to, synced


SHAPES = ("pager", "pager-rtl", "pager-vertical", "carousel-start", "carousel-center", "cards", "header", "scroll")


def element_centres_match(page, answer, what):
    """Every scroll element's drawn centre (scale and rotation turn about it) is the centre of the
    JSON's viewportFrame, in the scroller's own px: the frames the demo measured and sent are the
    ones the page lays out, and the fluid stylesheet moves each element as the answer says."""
    got = page.evaluate("""() => { const e = document.querySelector('.parallax-scroller'), s = e.getBoundingClientRect(), k = s.width / e.offsetWidth;
        return Object.fromEntries([...e.querySelectorAll(':scope > .parallax-element')].map((x) => { const r = x.getBoundingClientRect();
          return [x.dataset.element, [((r.left + r.right) / 2 - s.left) / k, ((r.top + r.bottom) / 2 - s.top) / k]]; })); }""")
    off = []
    for el in answer["elements"]:
        f = el["viewportFrame"]
        cx, cy = got[el["name"]]
        off.append((max(abs(cx - f["x"] - f["width"] / 2), abs(cy - f["y"] - f["height"] / 2)), el["name"]))
    worst = max(off)
    check(worst[0] <= 1, f"{what}: every element is drawn where the JSON says (centres within {worst[0]:.2f} px, worst {worst[1]})")


def choose_shape(page, shape):
    """Clicks a shape button and waits for its stylesheet, the preview and the answers at offset 0."""
    before = page.text_content("#kf-css")
    page.click(f'.shapes button[data-shape="{shape}"]')
    if shape != "pager" or before != page.text_content("#kf-css"):
        page.wait_for_function("old => document.querySelector('#kf-css').textContent !== old", arg=before, timeout=15000)
    answer = synced(page, scroll_to(page, 0, True))
    snippets_run(page, f"shape {shape}")
    return answer


def snippets_run(page, what):
    """The snippets the page offers to copy do what they say: the curl line, run by bash, answers
    the JSON shown, and the stylesheet link's URL answers the stylesheet playing."""
    command = page.text_content("#curl")
    run = subprocess.run(["bash", "-c", command], capture_output=True, timeout=30)
    shown = json.loads(page.inner_text("#json"))
    check(run.returncode == 0 and json.loads(run.stdout or b"null") == shown, f"{what}: the curl line shown answers the JSON shown")
    link = page.text_content("#css-link")
    m = re.fullmatch(r'<link rel="stylesheet" href="([^"<>]+)">', link)
    css = urllib.request.urlopen(html.unescape(m.group(1)), timeout=10).read().decode() if m else None
    check(css is not None and css == page.text_content("#kf-css"), f"{what}: the stylesheet link shown fetches the stylesheet playing")


def shapes_shown(page, w, h):
    """Every shape of the shape buttons, on the preview at w × h: the request it makes, where its
    pages or elements are (drawn where the JSON says) and that neighbours peek in a carousel."""
    j = choose_shape(page, "pager")
    check(j["stride"] == w + 16 and [p["visibleFraction"] for p in j["pages"] if p["visibleFraction"] > 0] == [1],
          f"shape pager at {w}×{h}: full pages (stride {j['stride']}), one on screen")
    take_snippet(page, f"pager {w}×{h} at {j['offset']:g}")
    check(page.text_content('output[for="pageFraction"]') == "100 %", f"the page size reads in the unit its control names: {page.text_content('output[for=pageFraction]')!r}")
    j = choose_shape(page, "pager-rtl")
    o = scroll_to(page, w + 16, True)
    j = synced(page, o)
    rtl = page.evaluate("() => getComputedStyle(document.querySelector('.parallax-scroller')).direction")
    check(rtl == "rtl" and j["offset"] == w + 16, f"shape pager, right to left: an rtl scroller, one page on at {j['offset']}")
    background_matches(page, j, "shape pager right to left")
    take_snippet(page, f"pager right to left {w}×{h} at {j['offset']:g}")
    j = choose_shape(page, "pager-vertical")
    check(j["axis"] == "vertical" and j["stride"] == h + 16 and page.text_content("#fractionUnit") == "% of height",
          f"shape vertical pager: stride {j['stride']}, the page size in % of height")
    take_snippet(page, f"vertical pager {w}×{h} at {j['offset']:g}")
    j = choose_shape(page, "carousel-start")
    L = 0.8 * w + 16
    peek = [p["visibleFraction"] for p in j["pages"] if p["visibleFraction"] > 0]
    check(abs(j["stride"] - L) < 1e-9 and len(peek) == 2 and peek[0] == 1 and page.text_content('output[for="pageFraction"]') == "80 %",
          f"shape carousel, start: cards of 80 % (stride {j['stride']:g}), the next one peeking in ({peek})")
    background_matches(page, j, "shape carousel start")
    take_snippet(page, f"carousel, start {w}×{h} at {j['offset']:g}")
    j = choose_shape(page, "carousel-center")
    L = 0.75 * w + 16
    o = scroll_to(page, L, True)
    j = synced(page, o)
    peek = [p["slot"] for p in j["pages"] if p["visibleFraction"] > 0]
    check(abs(o - L) <= 1 and peek == [0, 1, 2], f"shape carousel, centred: card 1 centred at {o:g}, cards {peek} on screen")
    background_matches(page, j, "shape carousel centred")
    take_snippet(page, f"carousel, centred {w}×{h} at {j['offset']:g}")
    j = choose_shape(page, "cards")
    o = scroll_to(page, 316, True)
    j = synced(page, o)
    peek = [p["slot"] for p in j["pages"] if p["visibleFraction"] > 0]
    check(j["stride"] == 316 and peek[:3] == [0, 1, 2] and page.text_content('output[for="pagePoints"]') == "300 pt",
          f"shape cards of 300 pt: stride {j['stride']}, cards {peek} on screen at {o:g}")
    background_matches(page, j, "shape cards of 300 pt")
    take_snippet(page, f"cards of 300 pt {w}×{h} at {j['offset']:g}")
    choose_shape(page, "header")
    for mode, image_height in (("top", 240), ("fill", 140)):  # the shape's is fill: each a change
        page.select_option("#mode", mode)
        page.wait_for_function(f"() => document.querySelector('.parallax-image .caption').textContent.endsWith('{mode}')", timeout=15000)
        synced(page, 0)
        o = scroll_to(page, 100, False)
        j = synced(page, o)
        caption = page.text_content(".parallax-image .caption")
        check(o == 100 and j["image"]["height"] == image_height and caption.endswith(mode),
              f"shape header, mode {mode}: at {o:g} the image is {j['image']['height']} tall, the caption says {caption!r}")
    choose_shape(page, "scroll")
    o = scroll_to(page, 400, False)
    j = synced(page, o)
    check(all("frame" not in e for e in json.loads(page.evaluate("() => new URL('http://x' + document.querySelector('#css-url').textContent.slice(4)).searchParams.get('elements')"))),
          "shape scroll elements: the stylesheet's elements have no frame (the page's flow places them)")
    element_centres_match(page, j, f"shape scroll elements at {w}×{h}, offset {o:g}")


# The share of the drawn preview's pixels that its content paints: two screenshots of the
# preview, with its content shown and hidden (visibility, so nothing moves), compared pixel by
# pixel in the page (a channel differing by more than 16 of 255 counts).
DIFFER = """async ([a, b]) => { const load = async (src) => { const i = new Image(); i.src = 'data:image/png;base64,' + src; await i.decode();
      const c = document.createElement('canvas'); c.width = i.width; c.height = i.height; const g = c.getContext('2d');
      g.drawImage(i, 0, 0); return g.getImageData(0, 0, i.width, i.height).data; };
    const [x, y] = [await load(a), await load(b)]; let n = 0;
    for (let k = 0; k < x.length; k += 4) if (Math.abs(x[k] - y[k]) > 16 || Math.abs(x[k + 1] - y[k + 1]) > 16 || Math.abs(x[k + 2] - y[k + 2]) > 16) n++;
    return n / (x.length / 4); }"""


def painted_share(page):
    box = page.locator("#frame").bounding_box()
    shown = page.screenshot(clip=box)
    page.evaluate("""() => { const s = document.createElement('style'); s.id = 'blank';
        s.textContent = '.parallax-scroller > * { visibility: hidden !important; }'; document.head.append(s); }""")
    blank = page.screenshot(clip=box)
    page.evaluate("() => document.querySelector('#blank').remove()")
    return page.evaluate(DIFFER, [base64.b64encode(shown).decode(), base64.b64encode(blank).decode()])


def none_empty(page, size, shot):
    """Every shape on a preview of `size` paints at least a tenth of it, compared on screenshots
    (an empty box, the dark one 300 pt cards once left, paints nothing)."""
    page.click(f'#sizes button[data-value="{size}"]')
    shares = {}
    for shape in SHAPES:
        choose_shape(page, shape)
        shares[shape] = painted_share(page)
        shot(page, f"shape-{shape}-{size}.png", full=False)
    thin = {k: round(v, 3) for k, v in shares.items() if v < 0.1}
    check(not thin, f"preview {size}: every shape paints at least 10 % of it (least {min(shares.values()):.0%}, "
          f"{min(shares, key=shares.get)})" + (f" — too little: {thin}" if thin else ""))
