"""`format: "keytimes"` evaluated the way Core Animation plays a CAKeyframeAnimation (docs/model.md#keyframes):
at scroll fraction f = (o − from)/(to − from), find the segment keyTimes[i] ≤ f ≤ keyTimes[i+1],
reshape its local fraction by timingFunctions[i] (a CSS cubic-bezier, solved exactly for t with
x(t) = fraction, then y(t)), and interpolate values[i] → values[i+1] linearly. Every track is
compared with the single-offset answers (one `offsets` request per case) at the knots, just beside
them and at evenly spread and random offsets of the domain, within 1e-9 · max(1, largest |value|);
and every number that differs between those answers must have a track.

usage: keytimes.py BASE_URL   (prints `keytimes: N passed, M failed`; exit 1 on any failure)
"""
import json
import os
import random
import sys
import urllib.request

from cases import HEADER, PAGING, SCROLL

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from pagecheck import summary  # noqa: E402 (Tests/lib, put on the path above)

BASE = sys.argv[1].rstrip("/")


def post(path, body):
    req = urllib.request.Request(BASE + path, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read())


def bezier(x1, y1, x2, y2, x):
    """y at x of the CSS cubic-bezier, t found by bisection to the last bit (x(t) is monotonic)."""
    if x <= 0 or x >= 1:
        return 0.0 if x <= 0 else 1.0
    def coord(a, b, t):
        return 3 * a * t * (1 - t) ** 2 + 3 * b * t * t * (1 - t) + t ** 3
    lo, hi = 0.0, 1.0
    for _ in range(200):
        mid = (lo + hi) / 2
        if mid in (lo, hi):
            break
        if coord(x1, x2, mid) < x:
            lo = mid
        else:
            hi = mid
    t = (lo + hi) / 2
    return coord(y1, y2, t)


def core_animation(track, f):
    kt, vs, tfs = track["keyTimes"], track["values"], track["timingFunctions"]
    if f <= kt[0]:
        return vs[0]
    if f >= kt[-1]:
        return vs[-1]
    i = max(j for j in range(len(kt) - 1) if kt[j] <= f)  # the later segment at a repeated key time
    span = kt[i + 1] - kt[i]
    local = (f - kt[i]) / span if span > 0 else 1.0
    return vs[i] + (vs[i + 1] - vs[i]) * bezier(*tfs[i], local)


def flatten(model, answer):
    """(target, property) → value of every number docs/model.md#keyframes names, as the keyframes answer keys them."""
    out = {}
    def frame(key, prefix, f):
        for k in ("x", "y", "width", "height"):
            out[(key, f"{prefix}.{k}")] = f[k]
    if model == "paging":
        for p in answer["pages"]:
            key = json.dumps({"slot": p["slot"]})
            out[(key, "progress")] = p["progress"]
            out[(key, "visibleFraction")] = p["visibleFraction"]
            frame(key, "viewportFrame", p["viewportFrame"])
            for l in p["layers"]:
                lk = json.dumps({"slot": p["slot"], "layer": l["name"]})
                frame(lk, "frame", l["frame"])
                frame(lk, "viewportFrame", l["viewportFrame"])
                for k in ("opacity", "scale"):
                    if k in l:
                        out[(lk, k)] = l[k]
                if "contentFrame" in l:
                    frame(lk, "contentFrame", l["contentFrame"])
    elif model == "header":
        key = json.dumps({})
        frame(key, "header", answer["header"])
        frame(key, "image", answer["image"])
        if "contentFrame" in answer:
            frame(key, "contentFrame", answer["contentFrame"])
        out[(key, "contentTop")] = answer["contentTop"]
        out[(key, "progress")] = answer["progress"]
    else:
        for e in answer["elements"]:
            key = json.dumps({"element": e["name"]})
            for k in ("progress", "progressClamped", "scale", "opacity", "rotate"):
                out[(key, k)] = e[k]
            out[(key, "translate.x")] = e["translate"]["x"]
            out[(key, "translate.y")] = e["translate"]["y"]
    return out


def main():
    rng = random.Random(9)
    passed, failures = 0, []
    for model, table in (("paging", PAGING), ("header", HEADER), ("scroll", SCROLL)):
        for name, req in table.items():
            kt = post(f"/v1/{model}/keyframes", {**req, "format": "keytimes"})
            lo, hi = kt["domain"]["from"], kt["domain"]["to"]
            offs = {lo + (hi - lo) * i / 100 for i in range(101)} | {rng.uniform(lo, hi) for _ in range(100)}
            for t in kt["tracks"]:
                for k in t["keyTimes"]:
                    o = lo + k * (hi - lo)
                    offs |= {o, o - 1e-6, o + 1e-6}
            offs = sorted(o for o in offs if lo <= o <= hi)
            single = {k: v for k, v in req.items() if k != "domain"}
            tracks = {(json.dumps(t["target"], separators=(", ", ": ")), t["property"]): t for t in kt["tracks"]}
            if model == "paging":
                slots = sorted({t["target"]["slot"] for t in kt["tracks"]})
                single["range"] = {"from": slots[0], "to": slots[-1]}
            answers = []
            for i in range(0, len(offs), 4096):
                answers += post(f"/v1/{model}", {**single, "offsets": offs[i:i + 4096]})["frames"]
            flats = [flatten(model, a) for a in answers]
            before = len(failures)
            for key, t in tracks.items():
                scale = max([1.0] + [abs(v) for v in t["values"]])
                for o, flat in zip(offs, flats):
                    if key not in flat:
                        continue
                    got = core_animation(t, (o - lo) / (hi - lo))
                    if abs(got - flat[key]) <= 1e-9 * scale:
                        passed += 1
                    else:
                        failures.append(f"{name} {key} @{o!r}: keytimes {got!r} != {flat[key]!r}")
            for key in flats[0]:
                values = [f[key] for f in flats if key in f]
                if key not in tracks and max(values) - min(values) > 1e-9 * max(1.0, max(map(abs, values))):
                    failures.append(f"{name} {key}: varies over the domain but has no track")
            print(f"keytimes {name:24} {len(tracks):3} tracks, {len(failures) - before} failed", flush=True)
    return summary("keytimes", passed, failures, 40)


if __name__ == "__main__":
    sys.exit(main())
