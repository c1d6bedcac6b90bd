#!/usr/bin/env python3
"""docs/native.md's table and snippets against the service, run by Tests/native/run.sh.

usage: native_check.py BASE_URL

1. The table: one row per property the keyframes routes name; every property the service emits
   for Tests/browser/cases.py's requests (and one naming every paging property) is in it; the
   Swift snippet's coreAnimation(_:) and the Kotlin snippet's androidProperties(...) say what the
   table says, cell by cell.
2. The Swift snippet, compiled with swiftc against CoreAnimationShim.swift (a QuartzCore module
   modelling the Core Animation API it uses), and the Kotlin snippet, compiled with kotlinc
   against android/ (a model of the Android classes it uses), animate one layer or view per row
   group of the table from the real keytimes answers; at the domain's ends, spread and random
   offsets and beside every key time, each one's untransformed frame, opacity, scale and rotation
   match the single-offset answers within 0.5 pt, 0.002 and 0.01°.
Prints `native: N passed, M failed`; exit 1 on any failure.
"""
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "Tests", "browser"))
from cases import HEADER, PAGING, SCROLL  # noqa: E402
from keytimes import flatten  # noqa: E402  (keytimes.py reads argv only in main())

BASE = sys.argv[1].rstrip("/")
DENSITY = 2.75
FRAMES = ["frame", "viewportFrame", "header", "image", "contentFrame"]
NAMES = [f"{f}.{k}" for f in FRAMES for k in ("x", "y", "width", "height")] + [
    "contentTop", "translate.x", "translate.y", "opacity", "scale", "scaleX", "scaleY", "rotate", "progress", "visibleFraction", "progressClamped"]
failures, passed = [], 0


def fail(what):
    failures.append(what)


def post(path, body):
    req = urllib.request.Request(BASE + path, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read())


# --- docs/native.md ---------------------------------------------------------------------------
doc = open(os.path.join(ROOT, "docs", "native.md"), encoding="utf-8").read()
swift = re.search(r"```swift\n(.*?)```", doc, re.S).group(1)
kotlin = re.search(r"```kotlin\n(.*?)```", doc, re.S).group(1)
lines = doc.splitlines()
head = next(i for i, l in enumerate(lines) if l.startswith("| property |"))
columns = [c.strip() for c in lines[head].strip("|").split("|")]
table = {}
for l in lines[head + 2:]:
    if not l.startswith("|"):
        break
    cells = dict(zip(columns, (c.strip() for c in l.strip().strip("|").split("|"))))
    table[cells["property"].strip("`")] = cells

CA_RULES = {"`v`": "same", "`v + width/2`": "plusHalfWidth", "`v + height/2`": "plusHalfHeight",
            "`v × π/180`": "radians", "`v`, additive": "additive"}
ANDROID_RULES = {"`v`": "SAME", "`v × density`": "LENGTH", "`(v − x₀) × density`": "FROM_X", "`(v − y₀) × density`": "FROM_Y"}
ANCHORS = {"(0.5, 0.5)": (0.5, 0.5), "(0, 0)": (0.0, 0.0)}


def table_says(p):
    """(Core Animation [keyPath, anchorX, anchorY, rule], Android [props, rule]) from the doc's row."""
    c = table[p]
    if c["Core Animation key path"] == "—":
        return [], ["", ""]
    ax, ay = ANCHORS.get(c["anchorPoint"], (None, None))
    ca = [c["Core Animation key path"].strip("`"), ax, ay, CA_RULES.get(c["values"], "?" + c["values"])]
    props = ",".join(x.strip().strip("`") for x in c["Android property"].split(","))
    return ca, [props, ANDROID_RULES.get(c["Android values"], "?" + c["Android values"])]


if sorted(table) != sorted(NAMES):
    fail(f"table rows {sorted(set(table) ^ set(NAMES))} differ from the keyframes properties")

# --- build both snippets ----------------------------------------------------------------------
work = tempfile.mkdtemp(prefix="native-")
with open(os.path.join(work, "Snippet.swift"), "w") as f:
    f.write(swift)
with open(os.path.join(work, "Snippet.kt"), "w") as f:
    f.write(kotlin)
subprocess.run(["swiftc", "-swift-version", "6", "-warnings-as-errors", "-parse-as-library", "-emit-library", "-static", "-module-name", "QuartzCore",
                "-emit-module", "-emit-module-path", os.path.join(work, "QuartzCore.swiftmodule"),
                "-o", os.path.join(work, "libQuartzCore.a"), os.path.join(HERE, "CoreAnimationShim.swift")], check=True)
subprocess.run(["swiftc", "-swift-version", "6", "-warnings-as-errors", "-I", work, "-L", work, "-lQuartzCore", os.path.join(work, "Snippet.swift"),
                os.path.join(HERE, "main.swift"), "-o", os.path.join(work, "ca")], check=True)
android = [os.path.join(HERE, "android", n) for n in sorted(os.listdir(os.path.join(HERE, "android")))]
subprocess.run(["kotlinc", "-nowarn", *android, os.path.join(work, "Snippet.kt"), "-include-runtime",
                "-d", os.path.join(work, "android.jar")], check=True, stderr=subprocess.DEVNULL if os.environ.get("QUIET") else None)


def run_swift(answer, objects, offsets):
    out = subprocess.run([os.path.join(work, "ca")], input=json.dumps({"answer": answer, "objects": objects, "offsets": offsets}).encode(),
                         capture_output=True, check=True).stdout
    r = json.loads(out)
    return r["table"], r["frames"]


def run_kotlin(answer, objects, offsets):
    words = [DENSITY, answer["domain"]["from"], answer["domain"]["to"], len(objects)]
    for o in objects:
        tracks = [t for t in answer["tracks"] if t["target"] == o["target"] and t["property"] in o["properties"]]
        words += o["frame"] + [len(tracks)]
        for t in tracks:
            words += [t["property"], len(t["values"])] + t["values"] + t["keyTimes"] + [x for tf in t["timingFunctions"] for x in tf]
    words += [len(offsets)] + offsets
    out = subprocess.run(["java", "-cp", os.path.join(work, "android.jar"), "MainKt"], input=" ".join(w if isinstance(w, str) else repr(w) for w in words).encode(),
                         capture_output=True, check=True).stdout.decode().splitlines()
    tab = {}
    for l in out:
        if l.startswith("TABLE "):
            p, props, rule = l[6:].split("|")
            tab[p] = [props, rule]
    nums = [list(map(float, l.split())) for l in out if not l.startswith("TABLE ")]
    frames, k = [], 0
    for _ in offsets:
        row = []
        for _ in objects:
            x, y, w, h, alpha, sx, sy, rot = nums[k]
            if abs(sx - sy) > 1e-6 and "scaleX" not in objects[len(row)]["properties"]:
                fail(f"Android scaleX {sx} != scaleY {sy}")
            k += 1
            row.append([x, y, w, h, alpha, sx, rot, sx, sy])
        frames.append(row)
    return tab, frames


# --- the objects of each model, one per row group -------------------------------------------------
def box(f):
    return [f["x"], f["y"], f["width"], f["height"]]


def objects_for(model, req, rest):
    group = lambda prefix: [f"{prefix}.{k}" for k in ("x", "y", "width", "height")]  # noqa: E731
    out = []
    if model == "paging":
        for p in rest["pages"]:
            out.append({"target": {"slot": p["slot"]}, "properties": group("viewportFrame"), "frame": box(p["viewportFrame"]), "read": "viewportFrame"})
            for l in p["layers"]:
                t = {"slot": p["slot"], "layer": l["name"]}
                out.append({"target": t, "properties": group("frame") + ["opacity", "scale"], "frame": box(l["frame"]), "read": "frame"})
                out.append({"target": t, "properties": group("viewportFrame") + ["opacity", "scale"], "frame": box(l["viewportFrame"]), "read": "viewportFrame"})
                if "contentFrame" in l:
                    out.append({"target": t, "properties": group("contentFrame"), "frame": box(l["contentFrame"]), "read": "contentFrame"})
    elif model == "header":
        for prefix in ("header", "image", "contentFrame"):
            if prefix in rest:
                out.append({"target": {}, "properties": group(prefix), "frame": box(rest[prefix]), "read": prefix})
        out.append({"target": {}, "properties": ["contentTop"], "frame": [0, rest["contentTop"], req["viewport"]["width"], 10], "read": "body"})
    else:
        for e in req["elements"]:
            axes = ["scaleX", "scaleY"] if "scaleX" in rest["elements"][len(out)] else []
            out.append({"target": {"element": e["name"]}, "properties": ["translate.x", "translate.y", "scale", "opacity", "rotate"] + axes,
                        "frame": box(e["frame"]), "read": "element"})
    return out


def readings(o, v):
    """(property, value, tolerance) the platform shows for object `o` from [x, y, w, h, opacity,
    scale, rotation, scale along x, scale along y]."""
    x, y, w, h, opacity, scale, rot, sx, sy = v
    if o["read"] == "body":
        return [("contentTop", y, 0.5)]
    if o["read"] == "element":
        # A per-axis scale is read along each axis (Android has no uniform scale of its own).
        scales = [("scaleX", sx, 0.002), ("scaleY", sy, 0.002)] if "scaleX" in o["properties"] else [("scale", scale, 0.002)]
        return [("translate.x", x - o["frame"][0], 0.5), ("translate.y", y - o["frame"][1], 0.5),
                ("opacity", opacity, 0.002), ("rotate", rot, 0.01)] + scales
    p = o["read"]
    out = [(f"{p}.x", x, 0.5), (f"{p}.y", y, 0.5), (f"{p}.width", w, 0.5), (f"{p}.height", h, 0.5)]
    if "opacity" in o["properties"]:
        out += [("opacity", opacity, 0.002), ("scale", scale, 0.002)]
    return out


ALL_PAGING = {"viewport": {"width": 320, "height": 480}, "pageCount": 3, "pageSpacing": 12, "axis": "vertical",
              "layers": [{"name": "bg", "travel": 90, "fit": "cover", "opacity": {"min": 0.3}, "scale": {"min": 0.7},
                          "content": {"width": 500, "height": 900}}],
              "properties": [n for n in NAMES if n.split(".")[0] in ("frame", "viewportFrame", "contentFrame")] + ["opacity", "scale", "progress", "visibleFraction"]}

rng = random.Random(17)
emitted = set()
checked_tables = False
for model, cases in (("paging", {**PAGING, "paging-all-properties": ALL_PAGING}), ("header", HEADER), ("scroll", SCROLL)):
    for name, req in cases.items():
        kt = post(f"/v1/{model}/keyframes", {**req, "format": "keytimes"})
        lo, hi = kt["domain"]["from"], kt["domain"]["to"]
        offs = {lo, hi} | {lo + (hi - lo) * i / 40 for i in range(41)} | {rng.uniform(lo, hi) for _ in range(40)}
        for t in kt["tracks"]:
            emitted.add(t["property"])
            for k in t["keyTimes"]:
                o = lo + k * (hi - lo)
                offs |= {o, o - 1e-3, o + 1e-3}
        offs = sorted(o for o in offs if lo <= o <= hi)
        single = {k: v for k, v in req.items() if k not in ("domain", "properties")}
        if model == "paging":
            slots = sorted({t["target"]["slot"] for t in kt["tracks"]})
            single["range"] = {"from": slots[0], "to": slots[-1]}
        answers = post(f"/v1/{model}", {**single, "offsets": offs})["frames"]
        objects = objects_for(model, req, answers[0])
        covered = {(json.dumps(o["target"]), p) for o in objects for p in o["properties"]}
        for t in kt["tracks"]:
            if (json.dumps(t["target"]), t["property"]) not in covered and table.get(t["property"], {}).get("Core Animation key path") != "—":
                fail(f"{name}: track {t['target']} {t['property']} is drawn by no object of the check")
        before = len(failures)
        for platform, run in (("Core Animation", run_swift), ("Android", run_kotlin)):
            tab, frames = run(kt, objects, offs)
            if not checked_tables:
                for p in NAMES:
                    ca, an = table_says(p)
                    mine = tab[p] if platform == "Core Animation" else tab[p]
                    want = ca if platform == "Core Animation" else an
                    got = [mine[0], float(mine[1]), float(mine[2]), mine[3]] if platform == "Core Animation" and mine else mine
                    if got != want:
                        fail(f"table row {p}: docs/native.md says {want}, the {platform} snippet {got}")
                    else:
                        passed += 1
            for o_off, row, answer in zip(offs, frames, answers):
                flat = flatten(model, answer)
                for o, v in zip(objects, row):
                    for prop, got, tol in readings(o, v):
                        key = (json.dumps(o["target"]), prop)
                        if key not in flat:
                            continue
                        if abs(got - flat[key]) <= tol:
                            passed += 1
                        else:
                            fail(f"{name} {platform} {o['read']} {key[0]} {prop} @{o_off!r}: {got!r} != {flat[key]!r}")
        checked_tables = True
        print(f"native {name:24} {len(objects):3} objects, {len(offs):4} offsets, {len(failures) - before} failed", flush=True)

missing = emitted - set(table)
if missing:
    fail(f"properties the service emits but docs/native.md's table lacks: {sorted(missing)}")
for f in failures[:40]:
    print("FAIL", f)
print(f"native: {passed} passed, {len(failures)} failed")
sys.exit(1 if failures else 0)
