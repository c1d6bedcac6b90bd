"""The demo by keyboard (Tests/browser/demo.sh): Tab reaches every control on the page, each with
a name and a visible focus ring, in view and not covered (on a phone the sticky preview must not
hide it); the model tabs follow the arrow keys (the WAI-ARIA tabs pattern); the focused preview
scrolls with the arrow keys and the readout follows."""
from demo_common import check, synced

# Every control a person can reach: what is focusable, shown (not in a closed <details>) and not
# switched off. Each is numbered, so the walk below can say which it did not reach.
MARK = """() => { const all = [...document.querySelectorAll('a[href], button, input, select, summary, [tabindex]')]
    .filter((e) => e.tabIndex >= 0 && !e.disabled && e.checkVisibility({ visibilityProperty: true })
        && !(e.closest('details:not([open])') && !e.closest('summary')));
  document.querySelectorAll('[data-kbd]').forEach((e) => { delete e.dataset.kbd; });
  return all.map((e, i) => { e.dataset.kbd = String(i); return e.id || e.dataset.shape || e.dataset.value || e.dataset.model || e.tagName.toLowerCase(); }); }"""

# The focused element: its number, its accessible name (aria-labelledby, aria-label, its labels,
# its text), whether its focus ring shows (an outline of 2 px or more; the preview's scroller,
# clipped by its screen, rings the frame) and whether it is in view and on top at its centre.
FOCUSED = """() => { const e = document.activeElement;
  if (!e || e === document.body || !e.dataset) return null;
  const cs = getComputedStyle(e);
  let ring = cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2;
  if (e.classList.contains('parallax-scroller')) ring = /\\b3px\\b/.test(getComputedStyle(document.querySelector('#frame')).boxShadow);
  const by = e.getAttribute('aria-labelledby');
  const name = ((by ? by.split(' ').map((id) => document.getElementById(id).textContent).join(' ') : '')
    || e.getAttribute('aria-label') || (e.labels && e.labels.length ? [...e.labels].map((l) => l.textContent).join(' ') : '')
    || e.textContent || e.title || '').trim();
  const r = e.getBoundingClientRect(), hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
  return { key: e.dataset.kbd ?? null, what: e.id || e.dataset.shape || e.dataset.value || e.dataset.model || e.tagName.toLowerCase(),
           name, ring, box: [r.left, r.top, r.right, r.bottom].map(Math.round), hit: hit ? hit.tagName + '.' + hit.className : null,
           seen: r.top >= 0 && r.bottom <= innerHeight && !!hit && (e.contains(hit) || hit.contains(e)) }; }"""


def tab_walk(page, what):
    """Tabs from the top of the page through to its end."""
    names = page.evaluate(MARK)
    page.evaluate("() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); }")
    reached, unnamed, ringless, hidden = set(), [], [], []
    # Beyond the page's own controls, Tab also visits the composed page's frame (its scrollers).
    for _ in range(len(names) + 30):
        if len(reached) == len(names):
            break
        page.keyboard.press("Tab")
        f = page.evaluate(FOCUSED)
        if f is None or f["key"] is None:
            continue
        reached.add(int(f["key"]))
        if not f["name"]:
            unnamed.append(f["what"])
        if not f["ring"]:
            ringless.append(f["what"])
        if not f["seen"]:
            hidden.append(f"{f['what']} at {f['box']} under {f['hit']}")
    missed = [n for i, n in enumerate(names) if i not in reached]
    check(not missed, f"{what}: Tab reaches all {len(names)} controls" + (f" — not {missed}" if missed else ""))
    check(not unnamed, f"{what}: every control has a name" + (f" — not {unnamed}" if unnamed else ""))
    check(not ringless, f"{what}: every control shows its focus" + (f" — not {ringless}" if ringless else ""))
    check(not hidden, f"{what}: every focused control is in view, nothing on top of it" + (f" — not {hidden}" if hidden else ""))


def keyboard(page, what):
    """The walk for each model's controls, the tabs' arrow keys, the preview's arrow keys."""
    for model in ("header", "scroll", "paging"):
        page.click(f'.tabs button[data-model="{model}"]')
        synced(page, 0)
        tab_walk(page, f"{what}, {model}")
    page.focus('.tabs button[data-model="paging"]')
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('.parallax-header') !== null", timeout=15000)
    on = page.evaluate("""() => [document.activeElement.dataset.model, document.querySelector('#panel-header').hidden,
        document.querySelector('#tab-header').getAttribute('aria-selected')]""")
    check(on == ["header", False, "true"], f"{what}: ArrowRight on the Paging tab chooses and focuses Header ({on})")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("() => document.querySelector('.parallax-page') !== null", timeout=15000)
    horizontal = synced(page, 0)["axis"] == "horizontal"
    key, at = ("ArrowRight", "scrollLeft") if horizontal else ("ArrowDown", "scrollTop")
    page.focus(".parallax-scroller")
    page.keyboard.press(key)
    page.wait_for_function(f"() => document.querySelector('.parallax-scroller').{at} > 0", timeout=5000)
    page.wait_for_timeout(600)  # the arrow key's smooth scroll and its snap come to rest
    o = page.evaluate(f"() => document.querySelector('.parallax-scroller').{at}")
    j = synced(page, o)
    check(o == j["stride"], f"{what}: the focused preview's {key} moves one page on ({o:g}, stride {j['stride']:g}) and the JSON follows")
