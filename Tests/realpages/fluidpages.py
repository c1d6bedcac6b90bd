"""Fluid pages of the real-page suite (docs/web.md#fluid-and-fixed): what realpages.py needs to take
a fluid page through its sizes. A stylesheet URL without `viewport.*` is fluid; at each size the
page's measured scroller (its client size) and the laid-out frames of its frameless elements
become the single-offset request the boxes are checked against.
"""
import json

# Phones, a phone on its side, a tablet, desktops (CSS px), in the order of the live resize sequence.
SIZES = [(360, 640), (390, 844), (412, 915), (844, 390), (768, 1024), (1280, 800), (1920, 1080)]

# The scroller's client size and the laid-out frames at rest (untransformed, in the scroller's
# content coordinates) of the scroll elements the request gives no frame, after the module (where
# it plays) has settled on this size.
LAYOUT = """
const s = document.querySelector('.parallax-scroller');
const frame = () => new Promise(r => requestAnimationFrame(() => r()));
await frame(); await frame();
for (let i = 0; a.module && i < 100 && s.getAttribute('data-parallax-size') !== s.clientWidth + 'x' + s.clientHeight; i++)
  await new Promise(r => setTimeout(r, 30));
await frame(); await frame();
const b = s.getBoundingClientRect();
const frames = {};
for (const name of a.frameless) {
  const e = s.querySelector(`.parallax-element[data-element="${name}"]`);
  const saved = ['translate', 'scale', 'rotate'].map(p => e.style[p]);  // the module's, if it plays
  for (const p of ['translate', 'scale', 'rotate']) e.style.setProperty(p, 'none', 'important');
  const r = e.getBoundingClientRect();
  frames[name] = {x: r.left - b.left - s.clientLeft + s.scrollLeft, y: r.top - b.top - s.clientTop + s.scrollTop,
                  width: r.width, height: r.height};
  ['translate', 'scale', 'rotate'].forEach((p, i) => { e.style.removeProperty(p); e.style[p] = saved[i]; });
}
return {width: s.clientWidth, height: s.clientHeight, frames};
"""

# A pager resting on page `page` (snapping on) before a resize: where it rests after.
TO_PAGE = """
const s = document.querySelector('.parallax-scroller');
s.style.scrollSnapType = '';
const A = a.vertical ? s.clientHeight : s.clientWidth;
// The stride L = a + S, a the page's extent (docs/model.md#carousels: points, at most A in a fluid
// stylesheet, a fraction of A, or A).
const L = (a.points === null || a.points === undefined ? a.fraction * A : Math.min(a.points, A)) + a.spacing;
if (a.vertical) s.scrollTop = a.page * L; else s.scrollLeft = (a.rtl ? -1 : 1) * a.page * L;
await new Promise(r => setTimeout(r, 100));
return a.vertical ? s.scrollTop : (a.rtl ? -s.scrollLeft : s.scrollLeft);
"""
WHERE = """
const s = document.querySelector('.parallax-scroller');
await new Promise(r => setTimeout(r, 150));
return a.vertical ? s.scrollTop : (a.rtl ? -s.scrollLeft : s.scrollLeft);
"""


def stride(q, A):
    """L = a + S of a paging request's GET pairs `q` at extent A (docs/model.md#carousels): a is
    `pageSize` in points, `pageSize.fraction` of A, or A."""
    return page_extent(q, A) + float(q.get("pageSpacing", 0))


def page_extent(q, A):
    if "pageSize" in q:  # points: min(pageSize, A) in a fluid stylesheet (docs/model.md#carousels)
        return min(float(q["pageSize"]), A)
    return float(q.get("pageSize.fraction", 1)) * A


def fluid_of(pairs):
    return not any(k.startswith("viewport.") for k, _ in pairs)


def frameless_of(model, pairs):
    if model != "scroll":
        return []
    return [e["name"] for e in json.loads(dict(pairs)["elements"]) if "frame" not in e]


def at_size(pairs, layout):
    """The single-offset request of a fluid page at the measured size: its `viewport`, the
    laid-out frames of its frameless elements, and a points `pageSize` at most the extent."""
    out = [(k, v) for k, v in pairs if k != "elements"] + [("viewport.width", str(layout["width"])),
                                                            ("viewport.height", str(layout["height"]))]
    q = dict(pairs)
    if "pageSize" in q:
        # A points page larger than the scroller is the scroller's extent (docs/model.md#carousels);
        # that request with viewport there and the larger pageSize would be a 422.
        A = layout["height" if q.get("axis") == "vertical" else "width"]
        out = [(k, str(min(float(v), A)) if k == "pageSize" else v) for k, v in out]
    if "elements" in q:
        elements = json.loads(q["elements"])
        for e in elements:
            if "frame" not in e:
                e["frame"] = layout["frames"][e["name"]]
        out.append(("elements", json.dumps(elements)))
    return out
