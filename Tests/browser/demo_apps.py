"""The demo's newer capabilities (Tests/browser/demo.sh): the sweep card's multi-stop, cross-axis
effect and its editor (docs/api.md#effects), and for apps the pager's page-progress tracks with a
snippet per player (docs/native.md#from-the-demo)."""
import json
import os
import sys
import tempfile
import urllib.request

from demo_common import check, scroll_to, synced

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "players"))
import demo_snippets  # noqa: E402 (Tests/players: the players suite's own reading of the snippets)

BASE = None  # set by demo_check.py
taken = {}


def opening_snippets(page):
    """The snippets shown on opening are docs/native.md's, which Tests/players/run.sh builds and runs."""
    docs = demo_snippets.docs_snippets()
    for lang in ("swift", "kotlin", "typescript"):
        page.click(f'#langs button[data-lang="{lang}"]')
        shown = page.text_content("#apps-snippet").replace(BASE, demo_snippets.DOCS_ORIGIN)
        check(shown == docs[lang], f"the {lang} snippet shown on opening is docs/native.md's")
    page.click('#langs button[data-lang="typescript"]')


def take_snippet(page, name):
    """The TypeScript snippet for the offset on screen, kept to run at the end (one tsc run), and the
    page-progress answer shown, which must be the answer of the snippet's request."""
    o = page.evaluate("() => document.querySelector('#json').dataset.offset")
    page.wait_for_function(f"""() => document.querySelector('#apps-snippet').dataset.offset === '{o}'
        && document.querySelector('#apps-snippet').dataset.lang === 'typescript'""", timeout=15000)
    code = page.text_content("#apps-snippet")
    body, offset = demo_snippets.request_of(code)
    shown = json.loads(page.inner_text("#apps-json"))
    answer = demo_snippets.post(BASE, "/v1/paging/keyframes", body)
    check(shown == answer and answer["input"] == "pageProgress" and offset == float(o),
          f"{name}: the page-progress tracks shown are the answer of the snippet's request ({len(answer['tracks'])} tracks, stride {answer['stride']:g})")
    taken[name] = code


def snippets_played():
    """Every TypeScript snippet taken, built with tsc beside the TypeScript player and run under
    node against the server: each prints what the single-offset answer says at its offset."""
    with tempfile.TemporaryDirectory() as work:
        runs = demo_snippets.run_typescript(taken, work)
    for name, (status, out) in runs.items():
        problems = [f"exit {status}: {out[:300]}"] if status else demo_snippets.compare(BASE, taken[name], out)
        lines = sum(1 for l in out.splitlines() if l.startswith("page "))
        check(not problems, f"{name}: the TypeScript snippet run under node prints the single-offset answer ({lines} lines)"
              + ("" if not problems else " — " + "; ".join(problems[:3])))


def sweep_drawn(page, answer, what):
    """The sweep card as the browser draws it: its scale per axis (drawn size over laid-out size)
    and opacity are the JSON's (its centre is checked with every element by demo_shapes)."""
    el = next(e for e in answer["elements"] if e["name"] == "sweep")
    got = page.evaluate("""() => { const e = document.querySelector('.parallax-element[data-element="sweep"]'), r = e.getBoundingClientRect();
        const s = document.querySelector('.parallax-scroller'), k = s.getBoundingClientRect().width / s.offsetWidth;
        return { sx: r.width / k / e.offsetWidth, sy: r.height / k / e.offsetHeight, opacity: Number(getComputedStyle(e).opacity) }; }""")
    ok = abs(got["sx"] - el["scaleX"]) < 0.01 and abs(got["sy"] - el["scaleY"]) < 0.01 and abs(got["opacity"] - el["opacity"]) < 0.002
    check(ok and el["translate"]["x"] != 0, f"{what}: the sweep card moves across the axis (translate.x {el['translate']['x']:.1f}) and is drawn at "
          f"scale {got['sx']:.3f} × {got['sy']:.3f}, opacity {got['opacity']:.3f} (JSON {el['scaleX']:.3f} × {el['scaleY']:.3f}, {el['opacity']:.3f})")


def problem_beside(page, pointer, words, what):
    """A refused stylesheet's message is shown under the control of its pointer, which is marked invalid."""
    page.wait_for_function("() => document.querySelector('#status').dataset.state === 'error'", timeout=15000)
    shown = page.evaluate("""(pointer) => { const m = [...document.querySelectorAll('.fx-msg')];
        return m.map((x) => { const c = x.previousElementSibling && x.previousElementSibling.querySelector('[aria-invalid="true"]');
          return { text: x.textContent, at: c ? c.dataset.pointer : null }; }); }""", pointer)
    rel = pointer[pointer.index("/effects"):]
    check(any(words in m["text"] and pointer in m["text"] and m["at"] == rel for m in shown),
          f"{what}: the 422 is shown beside {rel} ({shown})")


def asked(page, text):
    """Waits for the stylesheet whose URL holds `text` to play and its answers to show."""
    page.wait_for_function("""(t) => document.querySelector('#css-url').textContent.includes(t)
        && document.querySelector('#status').dataset.state === 'ok'""", arg=text, timeout=15000)
    synced(page, scroll_to(page, 0, False))


def effects_edited(page, watch):
    """The editor's 422s beside the stop or easing they name, and its rows: a stop added and removed."""
    seen = len(watch.problems)
    sweep = page.evaluate("() => JSON.parse(new URL('http://x' + document.querySelector('#css-url').textContent.slice(4)).searchParams.get('elements')).findIndex((e) => e.name === 'sweep')")
    at = f"/elements/{sweep}/effects"
    page.fill(f'input[data-pointer="/effects/0/stops/1/0"]', "0.7")
    page.fill(f'input[data-pointer="/effects/0/stops/2/0"]', "0.6")
    problem_beside(page, f"{at}/0/stops/2/0", "must be between the previous stop's q (0.7) and 1", "a stop before the one above it")
    page.fill(f'input[data-pointer="/effects/0/stops/2/0"]', "1")
    page.fill(f'input[data-pointer="/effects/0/stops/1/0"]', "0.5")
    asked(page, "[[0,-110],[0.5,0],[1,110]]")
    check(not page.query_selector(".fx-msg") and not page.query_selector("#fx [aria-invalid]"), "mended, the message and the mark go")
    page.select_option('select[data-pointer="/effects/1/easings/0"]', "back")
    problem_beside(page, f"{at}/1/easings/0", "carries opacity to", "an easing that overshoots opacity 1")
    page.select_option('select[data-pointer="/effects/1/easings/0"]', "linear")
    asked(page, '"easings":["linear","linear","linear"]')
    page.focus('#fx .fx-more[aria-label="Add a stop to effect 1"]')
    page.keyboard.press("Enter")
    focus = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
    check(focus == "Add a stop to effect 1", f"a stop added by the keyboard: the focus stays on {focus!r}")
    asked(page, "[[0,-110],[0.5,0],[1,110],[1,110]]")
    sent = page.evaluate("() => JSON.parse(new URL('http://x' + document.querySelector('#css-url').textContent.slice(4)).searchParams.get('elements'))")
    stops = sent[sweep]["effects"][0]
    check(len(stops["stops"]) == 4 and len(stops["easings"]) == 3, f"a stop added: the stylesheet asks for {len(stops['stops'])} stops and {len(stops['easings'])} easings")
    page.click('#fx button[aria-label="Remove stop 4 of effect 1"]')
    asked(page, "[[0,-110],[0.5,0],[1,110]]")
    # The refusals above were asked for: their 422s (and the console's notes of them) are not errors.
    watch.problems[seen:] = [p for p in watch.problems[seen:] if "422" not in p]


def effects_shown(page, watch, w, h):
    """The scroll shape's sweep card: its multi-stop, cross-axis effect drawn as the JSON says at
    three offsets of its crossing, then the editor (once)."""
    page.click(f'#sizes button[data-value="{w}x{h}"]')
    page.click('.shapes button[data-shape="scroll"]')
    page.wait_for_function("() => document.querySelector('.parallax-element[data-element=\"sweep\"]')", timeout=15000)
    synced(page, scroll_to(page, 0, False))
    top = page.evaluate("""() => { const e = document.querySelector('.parallax-element[data-element="sweep"]'); return e.offsetTop; }""")
    for k in (0.3, 0.65, 0.85):  # the crossing runs from top − V to top + length
        o = scroll_to(page, max(0, top - h + k * (h + 120)), False)
        sweep_drawn(page, synced(page, o), f"{w}×{h} at {o:g}")
