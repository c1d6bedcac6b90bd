#!/usr/bin/env python3
"""The demo's app snippets (docs/native.md#from-the-demo): each asks the server for a pager's
page-progress tracks and prints every page's tracks at one offset with a player of this
repository. What one prints must be what the single-offset answer of the same pager at that
offset says, page by page: the layers' frame and opacity, the page's visible fraction (0 for a
page the answer does not list).

Used by Tests/players/run.sh (the Swift and Kotlin snippets compiled beside the players, the
TypeScript one under node) and by the demo check, which runs the TypeScript snippet the page shows
for each pager shape (Tests/browser/demo_apps.py).

usage:
  demo_snippets.py write BASE DIR            the docs' three snippets, BASE for http://localhost:8080:
                                             DIR/main.swift, DIR/Snippet.kt, DIR/ts/snippet.ts
  demo_snippets.py compare BASE CODE OUTPUT  what OUTPUT (a snippet's printout) says against the
                                             single-offset answer of CODE's request; exit 1 on a difference
"""
import json
import os
import re
import shutil
import subprocess
import sys
import urllib.request

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
DOCS_ORIGIN = "http://localhost:8080"
FENCES = {"swift": "swift", "kotlin": "kotlin", "typescript": "ts"}


def docs_snippets():
    """The three blocks under docs/native.md's marker, by language."""
    text = open(os.path.join(ROOT, "docs", "native.md"), encoding="utf-8").read()
    at = text.find("<!-- the demo's opening snippets")
    if at < 0:
        raise SystemExit("docs/native.md has no block of the demo's opening snippets")
    out = {}
    for lang, fence in FENCES.items():
        m = re.compile(r"```" + fence + r"\n(.*?)```", re.S).search(text, at)
        if not m:
            raise SystemExit(f"docs/native.md: no {fence} block after the demo's marker")
        out[lang] = m.group(1)
    return out


def request_of(code):
    """The pager request a snippet sends (the first JSON object holding a viewport) and its offset."""
    start = code.index('{"viewport"')
    body, _ = json.JSONDecoder().raw_decode(code[start:])
    offset = float(re.search(r"\boffset = (-?[0-9.]+(?:e[-+]?[0-9]+)?)", code).group(1))
    return body, offset


def post(base, path, body):
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def expected(base, body, offset):
    """{(page, target, property): value} of the single-offset answer at `offset`, for the tracks a
    page-progress answer of `body` has; pages the answer does not list are not visible."""
    single = {k: v for k, v in body.items() if k not in ("input", "properties")}
    answer = post(base, "/v1/paging", {**single, "offset": offset})
    want = {}
    listed = {p["index"]: p for p in answer["pages"]}
    for i in range(body["pageCount"]):
        page = listed.get(i)
        want[(i, "page", "visibleFraction")] = page["visibleFraction"] if page else 0
        for layer in (page or {}).get("layers", []):
            want[(i, layer["name"], "frame.x")] = layer["frame"]["x"]
            want[(i, layer["name"], "frame.y")] = layer["frame"]["y"]
            if "opacity" in layer:
                want[(i, layer["name"], "opacity")] = layer["opacity"]
    return want


def compare(base, code, printed):
    """The differences between a snippet's printout and the single-offset answer (empty when none):
    every visible page's tracks, each hidden page's visible fraction 0."""
    body, offset = request_of(code)
    want = expected(base, body, offset)
    got = {}
    for line in printed.splitlines():
        m = re.fullmatch(r"page (\d+) (\S+) (\S+) (\S+)", line.strip())
        if m:
            got[(int(m.group(1)), m.group(2), m.group(3))] = float(m.group(4))
    problems = []
    for key, v in sorted(want.items()):
        g = got.get(key)
        if g is None:
            problems.append(f"page {key[0]} {key[1]} {key[2]}: not printed")
        elif abs(g - v) > 1e-9 * max(1, abs(v)):
            problems.append(f"page {key[0]} {key[1]} {key[2]}: printed {g}, the single-offset answer says {v}")
    return problems


def with_base(code, base):
    return code.replace(DOCS_ORIGIN, base)


def write(base, out):
    snippets = docs_snippets()
    os.makedirs(os.path.join(out, "ts"), exist_ok=True)
    for lang, name in (("swift", "main.swift"), ("kotlin", "Snippet.kt"), ("typescript", "ts/snippet.ts")):
        with open(os.path.join(out, name), "w", encoding="utf-8") as f:
            f.write(with_base(snippets[lang], base))
    for name in ("player.ts", "evaluate.ts"):
        shutil.copy(os.path.join(ROOT, "Players", "typescript", name), os.path.join(out, "ts", name))


def run_typescript(snippets, work):
    """Compiles TypeScript snippets ({name: code}), each beside its copy of Players/typescript, with
    one tsc run (strict, ES2022 for the top-level await), and runs each under node: {name: (exit
    status, printout)}."""
    for name, code in snippets.items():
        os.makedirs(os.path.join(work, name), exist_ok=True)
        with open(os.path.join(work, name, "snippet.ts"), "w", encoding="utf-8") as f:
            f.write(code)
        for src in ("player.ts", "evaluate.ts"):
            shutil.copy(os.path.join(ROOT, "Players", "typescript", src), os.path.join(work, name, src))
    files = [os.path.join(work, n, "snippet.ts") for n in snippets]
    built = subprocess.run(["tsc", "--target", "es2022", "--module", "es2022", "--moduleResolution", "node", "--strict",
                            "--rootDir", work, "--outDir", os.path.join(work, "out"), *files], capture_output=True, text=True)
    if built.returncode != 0:
        return {n: (built.returncode, built.stdout + built.stderr) for n in snippets}
    with open(os.path.join(work, "out", "package.json"), "w") as f:
        f.write('{"type": "module"}\n')
    runs = {}
    for n in snippets:
        r = subprocess.run(["node", os.path.join(work, "out", n, "snippet.js")], capture_output=True, text=True, timeout=30)
        runs[n] = (r.returncode, r.stdout + r.stderr)
    return runs


if __name__ == "__main__":
    if sys.argv[1] == "write":
        write(sys.argv[2].rstrip("/"), sys.argv[3])
    elif sys.argv[1] == "compare":
        base, code_path, output_path = sys.argv[2].rstrip("/"), sys.argv[3], sys.argv[4]
        problems = compare(base, open(code_path, encoding="utf-8").read(), open(output_path, encoding="utf-8").read())
        for p in problems[:10]:
            print("  " + p)
        sys.exit(1 if problems else 0)
    else:
        raise SystemExit(__doc__)
