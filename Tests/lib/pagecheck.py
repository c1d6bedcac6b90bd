"""Boxes in a browser page checked against the single-offset answers: shared by the keyframes suite
(Tests/browser/check.py), the real-page suite (Tests/realpages/realpages.py) and the demo suite
(Tests/browser/demo_check.py). Each suite keeps its own tolerances, offsets and output lines; this
module holds what they compute alike:

- `expected`: selector → (box, opacity) from one answer, scale and rotate applied about the centre
  (`aabb`: the axis-aligned bounding box of the transformed frame, which getBoundingClientRect gives);
- `BOXES_JS`: the page-side measurement, every box relative to the scroller's padding box;
- `compare`: the measured boxes against the expected ones, failures appended;
- `serve`: pages on another origin (127.0.0.1, a port of their own); `summary`: the closing lines.

A suite imports it after putting Tests/lib on sys.path (the suites run from their own folders).
"""
import http.server
import math
import threading


def aabb(f, scale=1.0, rotate=0.0, sx=1.0, sy=1.0):
    """The bounding box of frame `f` scaled by `scale` (and `sx`, `sy` along its own axes: CSS
    `scale: sx sy`, applied before the rotation) and rotated by `rotate` degrees about its centre."""
    cx, cy = f["x"] + f["width"] / 2, f["y"] + f["height"] / 2
    a = math.radians(rotate)
    w, h = f["width"] * sx, f["height"] * sy
    hw = scale * (abs(w * math.cos(a)) + abs(h * math.sin(a))) / 2
    hh = scale * (abs(w * math.sin(a)) + abs(h * math.cos(a))) / 2
    return {"x": cx - hw, "y": cy - hh, "width": 2 * hw, "height": 2 * hh}


def expected(model, answer, content=False):
    """selector → (frame in the scroller's viewport, opacity or None) from one single-offset answer.
    `content`: also the `img.parallax-content` boxes of answers that carry a contentFrame (the
    keyframes suite's markup has them; docs/web.md's pages do not)."""
    out = {}
    if model == "paging":
        for p in answer["pages"]:
            sel = f'.parallax-page[data-slot="{p["slot"]}"]'
            out[sel] = (p["viewportFrame"], None)
            for l in p["layers"]:
                lsel = sel + f' > .parallax-layer[data-layer="{l["name"]}"]'
                # CSS clamps a computed opacity to [0, 1]; an overshooting bezier's answer may leave it.
                out[lsel] = (aabb(l["viewportFrame"], l.get("scale", 1)), min(1, max(0, l.get("opacity", 1))))
                if content and "contentFrame" in l:
                    c, v = l["contentFrame"], l["viewportFrame"]
                    out[lsel + " > img.parallax-content"] = (
                        aabb({"x": v["x"] + c["x"], "y": v["y"] + c["y"], "width": c["width"], "height": c["height"]}), None)
    elif model == "header":
        h, i = answer["header"], answer["image"]
        out[".parallax-header"] = (h, None)
        img = {"x": h["x"] + i["x"], "y": h["y"] + i["y"], "width": i["width"], "height": i["height"]}
        out[".parallax-header > .parallax-image"] = (img, None)
        if content and "contentFrame" in answer:
            c = answer["contentFrame"]
            out[".parallax-header > .parallax-image > img.parallax-content"] = (
                {"x": img["x"] + c["x"], "y": img["y"] + c["y"], "width": c["width"], "height": c["height"]}, None)
        out[".parallax-body"] = ({"y": answer["contentTop"]}, None)
    else:
        for e in answer["elements"]:
            sel = f'.parallax-element[data-element="{e["name"]}"]'
            out[sel] = (aabb(e["viewportFrame"], e["scale"], e["rotate"], e.get("scaleX", 1), e.get("scaleY", 1)),
                        min(1, max(0, e["opacity"])))
    return out


# Page-side helpers (JavaScript, to put at the start of a script's body): `position(s, vertical,
# rtl)` the logical scroll offset (right to left: −scrollLeft, docs/web.md#right-to-left),
# `scrollToOffset(s, o, vertical, rtl)` its inverse, and `boxes(s, selectors)` selector → {x, y,
# width, height, opacity} of the first match inside scroller `s` (getBoundingClientRect relative
# to its padding box, computed opacity), or null when nothing matches.
BOXES_JS = """
const position = (s, vertical, rtl) => vertical ? s.scrollTop : (rtl ? -s.scrollLeft : s.scrollLeft);
const scrollToOffset = (s, o, vertical, rtl) => { if (vertical) s.scrollTop = o; else s.scrollLeft = rtl ? -o : o; };
const boxes = (s, selectors) => {
  const b = s.getBoundingClientRect();
  const ox = b.left + s.clientLeft, oy = b.top + s.clientTop;
  const out = {};
  for (const sel of selectors) {
    const e = s.querySelector(sel);
    if (!e) { out[sel] = null; continue; }
    const r = e.getBoundingClientRect();
    out[sel] = {x: r.left - ox, y: r.top - oy, width: r.width, height: r.height,
                opacity: parseFloat(getComputedStyle(e).opacity)};
  }
  return out;
};
"""


def compare(label, want, got, px, opacity_tolerance, failures):
    """Every expected box (`expected`) against the measured ones (`boxes`): each coordinate within
    `px`, each opacity within `opacity_tolerance`. Failures go to `failures` as "LABEL: …"; returns
    the number of checks made (a missing box is a failure, not a check)."""
    checks = 0
    for sel, (frame, opacity) in want.items():
        g = got[sel]
        if g is None:
            failures.append(f"{label}: {sel} missing")
            continue
        for k, v in frame.items():
            checks += 1
            if abs(g[k] - v) > px:
                failures.append(f"{label}: {sel} {k} {g[k]:.3f} != {v:.3f}")
        if opacity is not None:
            checks += 1
            if abs(g["opacity"] - opacity) > opacity_tolerance:
                failures.append(f"{label}: {sel} opacity {g['opacity']:.4f} != {opacity:.4f}")
    return checks


def serve(page_at):
    """An HTTP server on 127.0.0.1, a free port: GET PATH answers 200 with the HTML `page_at(PATH)`,
    404 (empty) when that is None. Returns the server (shut it down when done) and its origin."""
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (http.server's name)
            page = page_at(self.path)
            body = (page or "").encode()
            self.send_response(200 if page is not None else 404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def summary(suite, passed, failures, shown, detail=""):
    """The closing lines: the first `shown` failures, then `SUITE: N passed, M failed[ DETAIL]`.
    Returns the exit status (1 on any failure)."""
    for f in failures[:shown]:
        print("FAIL", f)
    print(f"{suite}: {passed} passed, {len(failures)} failed{detail}")
    return 1 if failures else 0
