"""Pagers people drive (docs/web.md#driving-a-pager), on web.md's composed page, in both browsers.

For each pager of the page (the hero, 3 pages, and the carousel, 5 pages of 0.8 A + 16 px): the
module's `goTo`, `next` and `previous`, real key presses on the focused pager (→, Page Down,
Page Up, ←, End, Home) and, on the hero (`data-parallax-wheel`), real vertical mouse-wheel turns
over it must each come to rest exactly on the page's snap position i·L (1 px: where a smooth scroll
ends), and the polite live region named by `aria-describedby` must say the page's label ("2 of 3").
Past the hero's last page the wheel scrolls the document, not the pager.
"""
import composed
from fluidpages import stride
from markup import MODULE_JS

REST = 1.0

# The page's own instance of the module (see markup.py), the pager scrolled into view, its stride.
SETUP = MODULE_JS + """
const s = document.querySelector(`[data-parallax~="${a.scope}"]`);
s.scrollLeft = 0;
document.documentElement.scrollTop = 0;
const r = s.getBoundingClientRect();
document.documentElement.scrollTop = r.top - 40;
await new Promise(r => setTimeout(r, 300));
const b = s.getBoundingClientRect();
return {width: s.clientWidth, x: b.left + b.width / 2, y: b.top + b.height / 2, top: document.documentElement.scrollTop};
"""

# Calls `a.call(s, …a.args)` on the module (or nothing), then waits for the pager to rest.
SETTLE = """
const s = document.querySelector(`[data-parallax~="${a.scope}"]`);
if (a.call) window.parallaxModule[a.call](s, ...a.args);
if (a.focus) s.focus({preventScroll: true});
let last = NaN, still = 0;
for (let i = 0; i < 80 && still < 6; i++) {
  await new Promise(r => setTimeout(r, 50));
  const p = s.scrollLeft + ' ' + document.documentElement.scrollTop;  // the document may scroll on
  still = p === last ? still + 1 : 0;
  last = p;
}
const live = document.getElementById(s.getAttribute('aria-describedby'));
return {at: s.scrollLeft, said: live ? live.textContent : null, page: document.documentElement.scrollTop,
        focused: document.activeElement === s};
"""

KEYS = [("ArrowRight", 1), ("PageDown", 2), ("PageUp", 1), ("ArrowLeft", 0), ("End", None), ("Home", 0)]


def run(browser, base, origin, html, h, failures):
    """The composed page's pagers driven in `browser`. Returns the checks passed."""
    before, checks = len(failures), 0
    try:
        browser.reduce_motion(False)
        browser.resize(1280, 800)
        browser.open(f"{origin}/composed.html")
        for href, model, pairs, scope in composed.components(html):
            if model != "paging":
                continue
            q = dict(pairs)
            N = int(q["pageCount"])
            at = browser.run(SETUP, {"module": f"{base}/v1/parallax.js", "scope": scope})
            L = stride(q, at["width"])
            label = f"{browser.name} composed [{scope}] L={L:g}"

            def rests(how, page, got):
                nonlocal checks
                checks += 2
                if abs(got["at"] - page * L) > REST:
                    failures.append(f"{label}: {how} rests at {got['at']}, not on page {page} ({page * L:g})")
                if page > 0 and got["said"] != f"{page + 1} of {N}":
                    failures.append(f"{label}: after {how} the live region says {got['said']!r}, not '{page + 1} of {N}'")

            for call, args, page in [("goTo", [N - 1], N - 1), ("previous", [], N - 2), ("next", [], N - 1), ("goTo", [1], 1),
                                     ("goTo", [0], 0)]:
                rests(f"{call}({', '.join(map(str, args))})", page,
                      browser.run(SETTLE, {"scope": scope, "call": call, "args": args}))
            browser.run(SETTLE, {"scope": scope, "call": None, "args": [], "focus": True})
            for key, page in KEYS:
                page = N - 1 if page is None else page
                browser.press(key)
                rests(f"the key {key}", page, browser.run(SETTLE, {"scope": scope, "call": None, "args": []}))
            if model == "paging" and scope == "hero":
                for page in range(1, N):
                    browser.wheel(at["x"], at["y"], 100)
                    rests(f"a wheel turn to page {page}", page, browser.run(SETTLE, {"scope": scope, "call": None, "args": []}))
                browser.wheel(at["x"], at["y"], 100)
                got = browser.run(SETTLE, {"scope": scope, "call": None, "args": []})
                checks += 1
                if abs(got["at"] - (N - 1) * L) > REST or got["page"] <= at["top"]:
                    failures.append(f"{label}: a wheel turn past the last page moved the pager to {got['at']} and the document"
                                    f" from {at['top']} to {got['page']}")
    except Exception as e:  # a page that cannot even run is a failure, not a crash
        failures.append(f"{browser.name} driving: {e}")
        checks += 1
    print(f"{browser.name:8} {'composed (driven)':26} {checks:5} checks, {len(failures) - before} failed", flush=True)
    return checks - (len(failures) - before)
