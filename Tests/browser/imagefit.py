"""Where an `img.parallax-content` picture is painted (docs/web.md#fluid-and-fixed), for the keyframes suite.

A fluid stylesheet lets the browser fit the image (`object-fit` / `object-position` are the
`contentMode`s), so the img's element box (what getBoundingClientRect gives) is the box it is
fitted into, not the picture. This module computes the painted picture's rectangle from what the
page reports (`PAINTED_JS`: the element box, its border and padding, the natural size and the
computed `object-fit` / `object-position`) by CSS Images 3 §5 (https://www.w3.org/TR/css-images-3/#the-object-fit,
the concrete object size; #the-object-position, its place in the content box), and the rectangle
the single-offset answer says (`wanted`: `contentFrame`, docs/model.md#paging and
docs/model.md#stretchy-header), both relative to the scroller's padding box.

`picture(content)` is the test image: an SVG data URL whose natural size is exactly the request's
`content.width` × `content.height`.
"""
import re
import urllib.parse


def picture(content):
    """A data URL image of natural size content.width × content.height (an SVG with that width and height)."""
    w, h = content["width"], content["height"]
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">'
           f'<rect width="{w}" height="{h}" fill="#48c"/></svg>')
    return "data:image/svg+xml," + urllib.parse.quote(svg)


# Page-side (after BOXES_JS): `painted(s, selectors)` selector → what fits the picture, or null.
# `sx`, `sy` map the img's own (layout) px to the scroller's (a scaled layer scales its image).
PAINTED_JS = """
const painted = (s, selectors) => {
  const b = s.getBoundingClientRect();
  const ox = b.left + s.clientLeft, oy = b.top + s.clientTop;
  const out = {};
  for (const sel of selectors) {
    const e = s.querySelector(sel);
    if (!e || !e.complete) { out[sel] = null; continue; }
    const r = e.getBoundingClientRect(), cs = getComputedStyle(e), n = p => parseFloat(cs[p]) || 0;
    const left = n('borderLeftWidth') + n('paddingLeft'), top = n('borderTopWidth') + n('paddingTop');
    const w = e.offsetWidth - left - n('borderRightWidth') - n('paddingRight');
    const h = e.offsetHeight - top - n('borderBottomWidth') - n('paddingBottom');
    out[sel] = {x: r.left - ox, y: r.top - oy, sx: r.width / e.offsetWidth, sy: r.height / e.offsetHeight,
                left, top, width: w, height: h, naturalWidth: e.naturalWidth, naturalHeight: e.naturalHeight,
                fit: cs.objectFit, position: cs.objectPosition};
  }
  return out;
};
"""


def _offset(term, free):
    """One computed object-position component (`P%`, `Lpx` or `calc(P% + Lpx)`) → px within the free space."""
    t = term.strip()
    m = re.fullmatch(r"calc\((-?[\d.e+-]+)%\s*([+-])\s*(-?[\d.e+-]+)px\)", t)
    if m:
        return float(m[1]) / 100 * free + (1 if m[2] == "+" else -1) * float(m[3])
    if t.endswith("%"):
        return float(t[:-1]) / 100 * free
    if t.endswith("px"):
        return float(t[:-2])
    raise ValueError(f"object-position component {t!r} not understood")


def _terms(position):
    """A computed object-position's two components, split on spaces outside parentheses."""
    terms, depth, cur = [], 0, ""
    for ch in position.strip():
        depth += (ch == "(") - (ch == ")")
        if ch == " " and depth == 0:
            if cur:
                terms.append(cur)
            cur = ""
        else:
            cur += ch
    return terms + [cur] if cur else terms


def concrete(fit, box_w, box_h, nat_w, nat_h):
    """The concrete object size (CSS Images 3 §5.5) of a picture of natural size nat_w × nat_h in a box_w × box_h box."""
    if fit == "fill":
        return box_w, box_h
    contain = min(box_w / nat_w, box_h / nat_h)
    cover = max(box_w / nat_w, box_h / nat_h)
    k = {"contain": contain, "cover": cover, "none": 1.0, "scale-down": min(1.0, contain)}.get(fit)
    if k is None:
        raise ValueError(f"object-fit {fit!r} not understood")
    return nat_w * k, nat_h * k


def rect(g):
    """The painted picture's rectangle in the scroller from one `painted` entry."""
    cw, ch = concrete(g["fit"], g["width"], g["height"], g["naturalWidth"], g["naturalHeight"])
    terms = _terms(g["position"])
    if len(terms) != 2:
        raise ValueError(f"object-position {g['position']!r} not understood")
    px, py = terms
    lx = g["left"] + _offset(px, g["width"] - cw)
    ly = g["top"] + _offset(py, g["height"] - ch)
    return {"x": g["x"] + g["sx"] * lx, "y": g["y"] + g["sy"] * ly, "width": g["sx"] * cw, "height": g["sy"] * ch}


def wanted(model, answer):
    """selector → (contentFrame in the scroller, the natural size it should have) from one single-offset answer:
    a paging layer's contentFrame is in its own coordinates, scaled with it about its centre (docs/model.md#paging)."""
    out = {}
    if model == "paging":
        for p in answer["pages"]:
            for l in p["layers"]:
                if "contentFrame" not in l:
                    continue
                v, c, k = l["viewportFrame"], l["contentFrame"], l.get("scale", 1)
                cx, cy = v["x"] + v["width"] / 2, v["y"] + v["height"] / 2
                sel = f'.parallax-page[data-slot="{p["slot"]}"] > .parallax-layer[data-layer="{l["name"]}"] > img.parallax-content'
                out[sel] = {"x": cx + k * (v["x"] + c["x"] - cx), "y": cy + k * (v["y"] + c["y"] - cy),
                            "width": k * c["width"], "height": k * c["height"]}
    elif model == "header" and "contentFrame" in answer:
        h, i, c = answer["header"], answer["image"], answer["contentFrame"]
        out[".parallax-header > .parallax-image > img.parallax-content"] = {
            "x": h["x"] + i["x"] + c["x"], "y": h["y"] + i["y"] + c["y"], "width": c["width"], "height": c["height"]}
    return out


def compare(label, want, got, naturals, px, failures):
    """Every wanted picture against the painted one, each coordinate within `px`; the test image's natural
    size must be the request's content size (else the fit says nothing). Returns the number of checks."""
    checks = 0
    for sel, frame in want.items():
        g = got.get(sel)
        if g is None:
            failures.append(f"{label}: {sel} missing or not loaded")
            continue
        nat = naturals[sel]
        if (g["naturalWidth"], g["naturalHeight"]) != (nat["width"], nat["height"]):
            failures.append(f"{label}: {sel} natural size {g['naturalWidth']}x{g['naturalHeight']} != {nat['width']}x{nat['height']}")
            continue
        try:
            r = rect(g)
        except ValueError as e:
            failures.append(f"{label}: {sel} {e}")
            continue
        for k, v in frame.items():
            checks += 1
            if abs(r[k] - v) > px:
                failures.append(f"{label}: {sel} painted {k} {r[k]:.3f} != {v:.3f} (object-fit {g['fit']}, "
                                f"object-position {g['position']}, box {g['width']:.2f}x{g['height']:.2f})")
    return checks
