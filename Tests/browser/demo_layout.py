"""The demo's preview and page at every size (Tests/browser/demo.sh): the presets and the drag
handle, the whole preview drawn in its room."""
from demo_common import background_matches, check, scroll_to, synced


PRESETS = (("Landscape", (844, 390)), ("Tablet", (768, 1024)), ("Desktop", (1280, 800)), ("Phone", (390, 844)))


def drawn(page):
    """The preview as drawn: its scale (the scroller's drawn width over its layout width), its box
    in the window, the room it is drawn in, the scale the page states and the window's size."""
    return page.evaluate("""() => { const s = document.querySelector('.parallax-scroller'), r = s.getBoundingClientRect();
        const room = document.querySelector('#room').getBoundingClientRect();
        return { k: r.width / s.offsetWidth, box: [r.left, r.top, r.right, r.bottom], room: [room.left, room.right],
                 said: document.querySelector('#preview-scale').textContent, window: [innerWidth, innerHeight] }; }""")


def whole_in_room(page, what, w, h):
    """The whole preview is drawn inside the room it has, at the scale the page states, never
    enlarged: min(1, room width / W, …), with its layout size W × H untouched."""
    d = drawn(page)
    k, (left, top, right, bottom) = d["k"], d["box"]
    said = "actual size" if k > 0.9995 else f"shown at {round(k * 100)} %"
    check(k <= 1 + 1e-9 and left >= d["room"][0] - 0.5 and right <= d["room"][1] + 0.5 and abs((right - left) - w * k) < 0.5
          and abs((bottom - top) - h * k) < 0.5 and d["said"] == said,
          f"{what}: the whole {w}×{h} preview is drawn in its room at scale {k:.3f}, stated as {d['said']!r}")
    return d


def preview_sizes(page):
    """The presets and the drag handle: same stylesheet, the JSON of the size on screen, in sync,
    the whole preview drawn (scaled to the room it has) at every size."""
    css = page.evaluate("() => document.querySelector('#kf-css').textContent")
    check("viewport" not in page.inner_text("#css-url"), "the demo's stylesheet is fluid (no viewport in its URL)")
    for label, (w, h) in PRESETS[:3] + ((None, (500, 420)),) + PRESETS[3:]:
        if label:
            page.click(f'#sizes button[data-value="{w}x{h}"]')
        else:  # the drag handle, dragged by the mouse from the size before (the desktop's)
            k = drawn(page)["k"]
            grip = page.locator("#grip").bounding_box()
            x, y = grip["x"] + grip["width"] / 2, grip["y"] + grip["height"] / 2
            page.mouse.move(x, y)
            page.mouse.down()
            page.mouse.move(x + (w - 1280) * k / 2, y + (h - 800) * k / 2, steps=4)
            page.mouse.move(x + (w - 1280) * k, y + (h - 800) * k, steps=4)
            page.mouse.up()
            got = page.evaluate("() => { const s = document.querySelector('.parallax-scroller'); return [s.clientWidth, s.clientHeight]; }")
            check(abs(got[0] - w) <= 2 and abs(got[1] - h) <= 2, f"dragging the handle resizes the preview to about {w}×{h} (measured {got[0]}×{got[1]})")
            w, h = got
            fields = [int(page.input_value("#sizeW")), int(page.input_value("#sizeH"))]
            check(fields == got, f"the size fields show the dragged size ({fields[0]}×{fields[1]})")
        got = page.evaluate("() => { const s = document.querySelector('.parallax-scroller'); return [s.clientWidth, s.clientHeight]; }")
        check(got == [w, h], f"preview {label or 'dragged'}: the scroller is {w}×{h} (measured {got[0]}×{got[1]})")
        whole_in_room(page, f"preview {label or 'dragged'}", w, h)
        o = scroll_to(page, 0, True)
        o = scroll_to(page, (w + 16) * 1, True)
        j = synced(page, o)
        check(j["stride"] == w + 16, f"preview {label or 'dragged'} {w}×{h}: the JSON is for the size on screen (stride {j['stride']})")
        background_matches(page, j, f"preview {w}×{h}")
        check(page.evaluate("() => document.querySelector('#kf-css').textContent") == css, f"preview {w}×{h}: the same stylesheet")


# The sizes the fluid stylesheets are checked at (Tests/realpages/fluidpages.py).
SIZES = [(360, 640), (390, 844), (412, 915), (844, 390), (768, 1024), (1280, 800), (1920, 1080)]

# A box of the page in the window: whether it is wholly in view and on top at its centre.
IN_VIEW = """(sel) => { const e = document.querySelector(sel), r = e.getBoundingClientRect();
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    return { box: [r.left, r.top, r.right, r.bottom].map(Math.round),
             inside: r.left >= -0.5 && r.top >= -0.5 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5,
             onTop: !!hit && (e.contains(hit) || hit.contains(e)) }; }"""


def settle(page):
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())))")


def both_in_view(page, what, control):
    """The drawn preview and `control` both wholly in the window, neither covered."""
    p, c = page.evaluate(IN_VIEW, "#frame"), page.evaluate(IN_VIEW, control)
    check(p["inside"] and c["inside"] and c["onTop"],
          f"{what}: the preview {p['box']} and {control} {c['box']} both in view, the control uncovered")


def phone_view(page, what):
    """On one column: the preview and the controls in view at once, at the top of the page and
    while a control further down is moved with the keyboard (the preview stays, sticky)."""
    page.evaluate("() => window.scrollTo(0, 0)")
    settle(page)
    both_in_view(page, f"{what}, at the top", '.shapes button[data-shape="pager"]')
    before = page.text_content("#kf-css")
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.focus("#opacityMin")
    page.keyboard.press("ArrowRight")
    settle(page)
    scrolled = page.evaluate("() => scrollY")
    both_in_view(page, f"{what}, scrolled to {scrolled:.0f} with the keyboard on the title opacity", "#opacityMin")
    page.wait_for_function("old => document.querySelector('#kf-css').textContent !== old", arg=before, timeout=15000)
    settle(page)
    both_in_view(page, f"{what}, once the changed stylesheet plays", "#opacityMin")
    page.keyboard.press("ArrowLeft")
    # Back to the stylesheet it began with before the next size: a change still on its way would
    # be cancelled by the next one, which asks for the same text (a 15 s wait for nothing).
    page.wait_for_function("old => document.querySelector('#kf-css').textContent === old", arg=before, timeout=15000)
    page.evaluate("() => window.scrollTo(0, 0)")


def every_size(page, shot):
    """One page session resized through SIZES: nothing overflows sideways, the whole preview is
    drawn in its room and in view at the top of the page, and on one column the controls too."""
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        page.evaluate("() => window.scrollTo(0, 0)")
        settle(page)
        what = f"window {w}×{h}"
        width = page.evaluate("() => document.documentElement.scrollWidth")
        check(width <= w, f"{what}: nothing overflows sideways (scrollWidth {width})")
        size = page.evaluate("() => { const s = document.querySelector('.parallax-scroller'); return [s.clientWidth, s.clientHeight]; }")
        whole_in_room(page, what, *size)
        p = page.evaluate(IN_VIEW, "#frame")
        check(p["inside"], f"{what}: the drawn preview {p['box']} is in view at the top of the page")
        shot(page, f"demo-{w}x{h}.png", full=False)
        if w <= 760:
            phone_view(page, what)
