"""Composed pages of the real-page suite (docs/web.md#several-on-one-page): several answers on one
page, each checked against its own single-offset answers as if it were alone.

A page links several keyframes stylesheets. Each is a component: its scroller is the element whose
`data-parallax` lists the URL's `scope`, or (unscoped) the first `.parallax-scroller` not taken yet
that holds the model's markup, as the module finds it. Several components may share one scroller
(a header and elements on one article). Per page, one browser session: at each size (a fluid page
goes through `SIZES` without a reload) every component's scroller is measured, scrolled to offsets
where its answers bend (`pick_offsets`, few samples between) and every box of it compared with the
single-offset answers of its request at the scroller's measured size, within 0.5 px and 0.002.

`article-apart` is the newcomer's page: docs/web.md's header page and scroll page put on one page
as each is documented (two unscoped stylesheets, a scroller each). With both stylesheets defining
`@keyframes parallax-1`, the header played the elements' animation and vanished.
"""
import re
import urllib.parse

import markup  # beside this file
from fluidpages import TO_PAGE, stride  # beside this file
import effectspage  # beside this file
from pagecheck import BOXES_JS  # Tests/lib, put on the path by realpages.py

PX, OPACITY, SAMPLES = 0.5, 0.002, 4
MARKER = {"paging": ".parallax-page", "header": ".parallax-header", "scroll": ".parallax-element"}
# The keyframes fields that are not the single-offset request's.
OWN = ("format", "snapStop", "scope", "scroller")

# Each component's scroller marked `data-test-component~="i"` (a space-separated list: one scroller
# may hold two components); true for each component found.
RESOLVE = """
for (const s of document.querySelectorAll('[data-test-component]')) s.removeAttribute('data-test-component');
const used = new Set();
return a.components.map((c, i) => {
  const s = c.root ? (!c.scope || document.documentElement.matches(`[data-parallax~="${c.scope}"]`) ? document.documentElement : null)
    : c.scope ? document.querySelector(`[data-parallax~="${c.scope}"]`)
    : [...document.querySelectorAll('.parallax-scroller')].find(x => !used.has(x) && x.querySelector(':scope > ' + c.marker));
  if (!s) return false;
  used.add(s);
  s.setAttribute('data-test-component', ((s.getAttribute('data-test-component') || '') + ' ' + i).trim());
  return true;
});
"""

# The component's scroller after the module (where it plays) has settled on its size: its client
# size, its scroll range, and the laid-out frames at rest of the elements the request gives no frame.
LAYOUT = """
const s = document.querySelector(`[data-test-component~="${a.id}"]`);
const frame = () => new Promise(r => requestAnimationFrame(() => r()));
await frame(); await frame();
for (let i = 0; a.module && i < 100 && !(s.hasAttribute('data-parallax-player') &&
     (!a.fluid || s.getAttribute('data-parallax-size') === s.clientWidth + 'x' + s.clientHeight)); i++)
  await new Promise(r => setTimeout(r, 30));
await frame(); await frame();
const root = s === document.documentElement;
const b = s.getBoundingClientRect();
const frames = {};
for (const name of a.frameless) {
  const e = s.querySelector(`.parallax-element[data-element="${name}"]`);
  const saved = ['translate', 'scale', 'rotate'].map(p => e.style[p]);
  for (const p of ['translate', 'scale', 'rotate']) e.style.setProperty(p, 'none', 'important');
  const r = e.getBoundingClientRect();
  // The root's box moves with the document: measured from it, a box is in content coordinates.
  frames[name] = {x: r.left - b.left - s.clientLeft + (root ? 0 : s.scrollLeft), y: r.top - b.top - s.clientTop + (root ? 0 : s.scrollTop),
                  width: r.width, height: r.height};
  ['translate', 'scale', 'rotate'].forEach((p, i) => { e.style.removeProperty(p); e.style[p] = saved[i]; });
}
s.style.scrollSnapType = 'none';
if (a.vertical) s.scrollTop = 1e7; else s.scrollLeft = a.rtl ? -1e7 : 1e7;
await frame();
const max = a.vertical ? s.scrollTop : (a.rtl ? -s.scrollLeft : s.scrollLeft);
if (a.vertical) s.scrollTop = 0; else s.scrollLeft = 0;
s.style.scrollSnapType = '';
return {width: s.clientWidth, height: s.clientHeight, frames, max,
        module: s.hasAttribute('data-parallax-player'), css: CSS.supports('animation-timeline: scroll()')};
"""


def components(html):
    """The page's keyframes stylesheets in link order: (href, model, GET pairs of the single-offset
    request, scope or None)."""
    out = []
    for m in re.finditer(r"""<link rel="stylesheet" href=(["'])(.*?)\1""", html):
        url = urllib.parse.urlsplit(m.group(2))
        path = re.fullmatch(r"/v1/(paging|header|scroll)/keyframes", url.path)
        if not path:
            continue
        pairs = urllib.parse.parse_qsl(url.query, keep_blank_values=True)
        scope = dict(pairs).get("scope")
        own = lambda k: k in OWN or k.startswith("domain.")
        out.append((m.group(2), path.group(1), [(k, v) for k, v in pairs if not own(k)], scope))
    return out


def root_of(href):
    """Whether a stylesheet URL puts its boxes on the document's own scroller (`scroller=root`)."""
    return dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(href).query)).get("scroller") == "root"


def axis_of(model, q):
    vertical = q.get("axis") == "vertical" if model == "paging" else q.get("axis") != "horizontal"
    return vertical, model == "paging" and not vertical and q.get("direction") == "rtl"


def check_page(browser, origin, name, html, failures, h, sizes):
    """Every component of the page at every size of `sizes` (one session, resized in place).
    Returns (checks, offsets measured)."""
    comps = components(html)
    browser.resize(*sizes[0])
    browser.open(f"{origin}/{name}.html")
    silent = markup.silent(browser, h.BASE, name, failures)  # a correct page: the markup check names nothing
    found = browser.run(RESOLVE, {"components": [{"scope": s, "marker": MARKER[m], "root": root_of(href)} for href, m, _, s in comps]})
    checks, n = len(comps) + silent, 0
    for i, ok in enumerate(found):
        if not ok:
            failures.append(f"{browser.name} {name}: no scroller for {comps[i][0]}")
    for k, (w, hgt) in enumerate(sizes):
        # Before each resize every pager rests on a page (1 or 2): after it, on the same page.
        resting = {}
        for i, (href, model, pairs, scope) in enumerate(comps):
            if k > 0 and found[i] and model == "paging":
                q = dict(pairs)
                vertical, rtl = axis_of(model, q)
                resting[i] = min(1 + k % 2, int(q["pageCount"]) - 1)
                browser.run(TO_PAGE.replace("document.querySelector('.parallax-scroller')", COMPONENT),
                            {"id": i, "vertical": vertical, "rtl": rtl, "page": resting[i], "spacing": float(q.get("pageSpacing", 0)),
                             "points": float(q["pageSize"]) if "pageSize" in q else None, "fraction": float(q.get("pageSize.fraction", 1))})
        browser.resize(w, hgt)
        for i, page in resting.items():
            q = dict(comps[i][2])
            vertical, rtl = axis_of("paging", q)
            rest = browser.run(WHERE, {"id": i, "vertical": vertical, "rtl": rtl})
            L = stride(q, rest["extent"])
            checks += 1
            if abs(rest["at"] - page * L) > 0.5:
                failures.append(f"{browser.name} {name} [{comps[i][3] or 'paging'}] resized to {w}×{hgt}: rests at {rest['at']},"
                                f" not on page {page} ({page * L})")
        for i, (href, model, pairs, scope) in enumerate(comps):
            if not found[i]:
                continue
            q = dict(pairs)
            vertical, rtl = axis_of(model, q)
            fluid = h.fluid_of(pairs)
            layout = browser.run(LAYOUT, {"id": i, "module": not layout_css(browser), "fluid": fluid, "vertical": vertical,
                                          "rtl": rtl, "frameless": h.frameless_of(model, pairs)})
            label = f"{browser.name} {name} [{scope or model}] {layout['width']}×{layout['height']}"
            checks += 1
            if layout["module"] == layout["css"]:
                failures.append(f"{label}: module playing={layout['module']}, CSS scroll timelines={layout['css']}")
            at = h.at_size(pairs, layout) if fluid else pairs
            offsets = h.pick_offsets(model, at, layout["max"], SAMPLES)
            wants = [h.expected(model, a) for a in h.answers(model, at, offsets)]
            selectors = sorted({s for want in wants for s in want})
            got = browser.run(MEASURE, {"id": i, "offsets": offsets, "vertical": vertical, "rtl": rtl, "selectors": selectors})
            for o, want, row in zip(offsets, wants, got):
                checks += 1
                if abs(row["scroll"] - o) > 1e-6:
                    failures.append(f"{label} @{o}: scroller reached {row['scroll']}")
                    continue
                checks += h.compare(f"{label} @{o}", want, row["boxes"], PX, OPACITY, failures)
            n += len(offsets)
        if not any(h.fluid_of(p) for _, _, p, _ in comps):
            break  # a fixed page has one size
    return checks, n


def layout_css(browser):
    return browser.run("return CSS.supports('animation-timeline: scroll()')", {})


def article_apart(pages):
    """docs/web.md's header page and scroll page on one page, each part as documented: both links,
    both scrollers one after the other, both pages' styles."""
    head = lambda p: re.search(r"<head>(.*?)</head>", p, re.S).group(1)
    body = lambda p: re.search(r"<body>(.*?)</body>", p, re.S).group(1)
    header, scroll = pages["header"], pages["scroll"]
    extra = re.sub(r'\s*<script type="module"[^>]*></script>', "", head(scroll))
    extra = re.sub(r'\s*<meta[^>]*>', "", extra)
    return header.replace("</head>", extra + "</head>").replace("</body>", body(scroll) + "</body>")


def unscoped(html):
    """web.md's composed page with every answer unscoped: no `scope`, no `data-parallax`, and one
    pager, the hero (two unscoped pagers would style the same `.parallax-page[data-slot]`s,
    docs/web.md#several-on-one-page): the cards' stylesheet and markup left out."""
    out = re.sub(r"&scope=[a-z0-9-]+", "", html)
    out = re.sub(r'\s+data-parallax="[^"]*"', "", out)
    out = re.sub(r"\s*<link rel=\"stylesheet\" href='[^']*pageCount=5[^']*'>", "", out)
    out = re.sub(r'\s*<div class="parallax-scroller cards".*?\n    </div>\n    <p id="cards-status"[^\n]*</p>', "", out, flags=re.S)
    if "scope=" in out or 'data-parallax="' in out or "parallax-scroller cards" in out or "pageCount=5" in out:
        raise ValueError("web.md's composed page is not as composed.unscoped expects")
    return out


def rtl_beside_ltr(base):
    """A pager right to left beside one left to right, one page, each scoped (the stylesheet
    sets each scroller's direction)."""
    layers = '[{"name":"photo","travel":90,"fit":"cover"},{"name":"caption","rate":-0.3,"opacity":{"min":0.2}}]'
    link = lambda extra, scope: (f"<link rel=\"stylesheet\" href='{base}/v1/paging/keyframes?pageCount=4&pageSpacing=10{extra}"
                                 f"&layers={layers}&scope={scope}&format=css'>")
    slots = "".join(f'<div class="parallax-page" data-slot="{k}"><div class="parallax-layer" data-layer="photo"></div>'
                    f'<div class="parallax-layer" data-layer="caption">{k + 1}</div></div>' for k in range(4))
    return f"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  {link("", "ltr")}
  {link("&direction=rtl&pageSize.fraction=0.8&align=center", "rtl")}
  <script type="module" src="{base}/v1/parallax.js"></script>
  <style>body {{ margin: 0 }} .parallax-scroller {{ height: 45vh }} [data-layer="photo"] {{ background: #2a9d8f }}</style>
</head>
<body>
  <div class="parallax-scroller" data-parallax="ltr">{slots}</div>
  <div class="parallax-scroller" data-parallax="rtl" lang="ar">{slots}</div>
</body>
</html>
"""


def pages(docs, base):
    """The composed pages, from docs/web.md's pages (`docs`: name → html), beside web.md's own, and
    the effects page (effectspage.py) linking the service at `base`."""
    out = {"effects-together": effectspage.page(base)}
    if "header" in docs and "scroll" in docs:
        out["article-apart"] = article_apart(docs)
    if "composed" in docs:
        out["composed-unscoped"] = unscoped(docs["composed"])
    out["rtl-beside-ltr"] = rtl_beside_ltr(base)
    return out


# Pages checked at fewer sizes than the live resize sequence (the default): name → sizes.
OWN_SIZES = {"effects-together": effectspage.SIZES}


def run(browser, origin, composed, h, failures):
    """Every composed page in `browser`. Returns the checks passed."""
    passed = 0
    browser.reduce_motion(False)
    for name, html in composed.items():
        before = len(failures)
        try:
            # Every page through every size of fluidpages.SIZES, phone to desktop, resized in place
            # (docs/web.md#fluid-and-fixed), but the effects page, which has its own.
            checks, n = check_page(browser, origin, name, html, failures, h, OWN_SIZES.get(name, h.SIZES))
        except Exception as e:  # a page that cannot even run is a failure, not a crash
            failures.append(f"{browser.name} {name}: {e}")
            checks, n = 1, 0
        passed += checks - (len(failures) - before)
        print(f"{browser.name:8} {name:26} {n:4} offsets: {checks:5} checks, {len(failures) - before} failed", flush=True)
    return passed


COMPONENT = "document.querySelector(`[data-test-component~=\"${a.id}\"]`)"
# Where a pager component rests after a resize, and its extent then.
WHERE = """
const s = """ + COMPONENT + """;
await new Promise(r => setTimeout(r, 150));
return {at: a.vertical ? s.scrollTop : (a.rtl ? -s.scrollLeft : s.scrollLeft), extent: a.vertical ? s.clientHeight : s.clientWidth};
"""

# The component's scroller scrolled to each logical offset (snapping off), three frames let pass
# (the module writes on the frame after the scroll event), its boxes measured; back to 0 after.
# On the root scroller the boxes are measured in the viewport (the root's own box moves with the
# document).
MEASURE = BOXES_JS + """
const s = document.querySelector(`[data-test-component~="${a.id}"]`);
const frame = () => new Promise(r => requestAnimationFrame(() => r()));
const inViewport = (selectors) => {
  const out = {};
  for (const sel of selectors) {
    const e = document.querySelector(sel);
    if (!e) { out[sel] = null; continue; }
    const r = e.getBoundingClientRect();
    out[sel] = {x: r.left, y: r.top, width: r.width, height: r.height, opacity: parseFloat(getComputedStyle(e).opacity)};
  }
  return out;
};
s.style.scrollSnapType = 'none';
const out = [];
for (const o of a.offsets) {
  scrollToOffset(s, o, a.vertical, a.rtl);
  await frame(); await frame(); await frame();
  out.push({scroll: position(s, a.vertical, a.rtl),
            boxes: s === document.documentElement ? inViewport(a.selectors) : boxes(s, a.selectors)});
}
if (a.vertical) s.scrollTop = 0; else s.scrollLeft = 0;
s.style.scrollSnapType = '';
return out;
"""
