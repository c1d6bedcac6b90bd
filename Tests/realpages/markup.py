"""The module's markup check in the real-page suite (docs/web.md#the-markup-check).

`mistakes`: a page with one planted mistake of each kind, each named exactly (and nothing else) both
by the console warnings the module writes once the page has loaded and by `check()`, in both
browsers. `silent(browser, name)`: on a correct page (every page of docs/web.md, the composed ones)
`check()` returns nothing and, in Chromium (whose console the suite hears), nothing was warned.
"""
import json
import urllib.parse

# The console's warnings, recorded before the module loads (the page's first script).
RECORD = "<script>window.warned = []; const w = console.warn; console.warn = (...a) => { warned.push(a.join(' ')); w(...a); };</script>"


def mistakes(base):
    """The page and the warnings it must give: [(stylesheet URL, message)]."""
    url = lambda model, pairs: f"{base}/v1/{model}/keyframes?" + urllib.parse.urlencode(pairs + [("format", "css")])
    j = lambda v: json.dumps(v, separators=(",", ":"))
    hero = url("paging", [("pageCount", "3"), ("layers", j([{"name": "photo", "rate": 0.5}])), ("scope", "hero")])
    notes = url("scroll", [("elements", j([{"name": "quote", "frame": {"x": 0, "y": 700, "width": 100, "height": 100}}])), ("scope", "notes")])
    side = url("scroll", [("elements", j([{"name": "a", "frame": {"x": 0, "y": 700, "width": 100, "height": 100}},
                                         {"name": "b", "frame": {"x": 0, "y": 900, "width": 100, "height": 100}}])), ("scope", "side")])
    top = url("header", [("header.height", "200")])
    want = [(hero, 'data-slot="3" is not a page of the answer (slots 0 to 2)'),
            (hero, 'data-layer="Photo" (data-slot 0) is not a layer of the answer ("photo")'),
            (hero, 'data-slot 0 lacks .parallax-layer[data-layer="photo"]'),
            (notes, 'no element lists data-parallax="notes"'),
            (side, 'data-element="c" is not an element of the answer ("a", "b")'),
            (side, 'no .parallax-element[data-element="b"]'),
            (top, ".parallax-header lacks its .parallax-image")]
    page = lambda k, name: f'<div class="parallax-page" data-slot="{k}"><div class="parallax-layer" data-layer="{name}"></div></div>'
    links = "\n".join(f'  <link rel="stylesheet" href="{h}">' for h in (hero, notes, side, top))
    html = f"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  {RECORD}
{links}
  <script type="module" src="{base}/v1/parallax.js"></script>
  <style>body {{ margin: 0 }} .parallax-scroller {{ height: 300px }}</style>
</head>
<body>
  <div class="parallax-scroller" data-parallax="hero">{page(0, "Photo")}{page(1, "photo")}{page(2, "photo")}{page(3, "photo")}</div>
  <div class="parallax-scroller" data-parallax="side">
    <div class="parallax-element" data-element="a"></div><div class="parallax-element" data-element="c"></div>
  </div>
  <div class="parallax-scroller"><div class="parallax-header"></div></div>
</body>
</html>
"""
    return html, want


# Page-side: `window.parallaxModule`, the page's own instance of the module at `a.module` (a
# script's import() may get another instance in Firefox, which would play the page a second time).
MODULE_JS = """
if (!window.parallaxModule) await new Promise((resolve) => {
  addEventListener('parallax-module', resolve, {once: true});
  const s = document.createElement('script');
  s.type = 'module';
  s.textContent = `import * as m from ${JSON.stringify(a.module)}; window.parallaxModule = m; dispatchEvent(new Event('parallax-module'));`;
  document.head.append(s);
});
"""

# After the page's load (and the module's warnings, a task later): check() and the recorded warnings.
CHECK = """
for (let i = 0; i < 100 && document.readyState !== 'complete'; i++) await new Promise(r => setTimeout(r, 20));
await new Promise(r => setTimeout(r, 50));
""" + MODULE_JS + """
const m = window.parallaxModule;
return {found: m.check().map(p => [p.url, p.message]), warned: window.warned || null};
"""


def run(browser, base, origin, failures):
    """The mistakes page in `browser`. Returns the checks passed."""
    html, want = mistakes(base)
    before, checks = len(failures), 0
    try:
        browser.open(f"{origin}/mistakes.html")
        got = browser.run(CHECK, {"module": f"{base}/v1/parallax.js"})
        found = [tuple(p) for p in got["found"]]
        warned = got["warned"]
        for url, message in want:
            checks += 2
            if (url, message) not in found:
                failures.append(f"{browser.name} mistakes: check() does not name {message!r} for {url}")
            if f"parallax.js: {url}: {message}" not in warned:
                failures.append(f"{browser.name} mistakes: no console warning {message!r} for {url}")
        checks += 2
        for p in found:
            if p not in want:
                failures.append(f"{browser.name} mistakes: check() names what is no mistake: {p}")
        if len(warned) != len(want):
            failures.append(f"{browser.name} mistakes: {len(warned)} warnings, not {len(want)}: {warned}")
    except Exception as e:  # a page that cannot even run is a failure, not a crash
        failures.append(f"{browser.name} mistakes: {e}")
        checks += 1
    print(f"{browser.name:8} {'mistakes':26} {len(want):4} planted: {checks:5} checks, {len(failures) - before} failed", flush=True)
    return checks - (len(failures) - before)


def silent(browser, base, name, failures):
    """A correct page just opened: check() names nothing, and (Chromium) nothing was warned.
    Returns the checks made."""
    got = browser.run(CHECK, {"module": f"{base}/v1/parallax.js"})
    for url, message in got["found"]:
        failures.append(f"{browser.name} {name}: check() names {message!r} for {url} on a correct page")
    warned = [w for w in getattr(browser, "warnings", []) if w.startswith("parallax.js:")]
    for w in warned:
        failures.append(f"{browser.name} {name}: warned {w!r} on a correct page")
    if hasattr(browser, "warnings"):
        browser.warnings.clear()
    return 1
