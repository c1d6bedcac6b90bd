"""Real answers of the release server validated against openapi.yaml by openapi-core: status,
header fields and body of each answer must be the ones its operation declares (docs/api.md#generated-clients).

Usage: validate_answers.py BASE_URL OPENAPI_YAML. Sends a few hundred requests (valid, invalid,
conditional, preflight, HEAD, gzip, every format of every route) and fails when any answer is
outside the contract, or when fewer answers than expected were checked. Prints `N passed, M failed`.
"""
import gzip
import itertools
import json
import sys

import requests
import yaml
from openapi_core import Config, OpenAPI
from openapi_core.contrib.requests import RequestsOpenAPIRequest, RequestsOpenAPIResponse

base, spec_path = sys.argv[1], sys.argv[2]
with open(spec_path) as f:
    spec = yaml.safe_load(f)
spec["servers"] = [{"url": base}]  # the server under test, wherever it listens
# openapi-core deserializes application/json only; the others are JSON or text by their type.
# (They get the media type's parameters, e.g. charset, as keyword arguments.)
text = lambda data, **_: data.decode("utf-8") if isinstance(data, bytes) else data
deserializers = {"application/problem+json": lambda data, **_: json.loads(data)}
for t in ("image/svg+xml", "text/css", "text/html", "text/plain", "text/javascript", "application/yaml"):
    deserializers[t] = text
api = OpenAPI.from_dict(spec, config=Config(extra_media_type_deserializers=deserializers))
session = requests.Session()
passed, failures, statuses = 0, [], {}

VP = {"width": 390, "height": 844}
LAYERS = [{"name": "background", "travel": 120}, {"name": "title", "rate": -0.25, "opacity": {"min": 0.3}}]
ELEMENTS = [{"name": "hero", "frame": {"x": 0, "y": 0, "width": 390, "height": 600}, "speed": -2},
            {"name": "card", "frame": {"x": 0, "y": 900, "width": 390, "height": 300}, "opacity": [0, 1], "easing": "easeOut"}]
MODELS = {
    "paging": {"viewport": VP, "pageCount": 5, "pageSpacing": 16, "layers": LAYERS},
    "header": {"viewport": VP, "header": {"height": 150, "minHeight": 64}, "content": {"width": 1170, "height": 450}},
    "scroll": {"viewport": VP, "elements": ELEMENTS},
}


def send(method, path, *, body=None, raw=None, params=None, headers=None, expect=None):
    """One request; its answer checked against the contract (and against `expect`, a status)."""
    global passed
    hdrs = dict(headers or {})
    data = raw
    if body is not None:
        data = json.dumps(body)
        hdrs.setdefault("Content-Type", "application/json")
    req = requests.Request(method, base + path, params=params, data=data, headers=hdrs).prepare()
    resp = session.send(req, timeout=30)
    statuses[resp.status_code] = statuses.get(resp.status_code, 0) + 1
    label = "%s %s %s -> %d" % (method, path, repr(params or body or raw)[:80] if (params or body or raw) else "", resp.status_code)
    if expect is not None and resp.status_code != expect:
        failures.append("%s: expected %d" % (label, expect))
        return resp
    try:
        api.validate_response(RequestsOpenAPIRequest(req), RequestsOpenAPIResponse(resp))
    except Exception as e:  # openapi-core's errors say which part is outside the contract
        detail = "; ".join(str(x) for x in getattr(e, "schema_errors", []) or [])
        failures.append("%s: %s %s" % (label, type(e).__name__, (str(e) + " " + detail)[:400]))
        return resp
    passed += 1
    return resp


def query(model, request):
    """The GET form of a request body: dotted scalars, lists repeated, arrays of objects as JSON."""
    out = []
    def walk(prefix, v):
        if isinstance(v, dict):
            for k, x in v.items():
                walk(prefix + "." + k if prefix else k, x)
        elif isinstance(v, list) and prefix in ("layers", "elements"):
            out.append((prefix, json.dumps(v, separators=(",", ":"))))
        elif isinstance(v, list):
            out.extend((prefix, json.dumps(x) if not isinstance(x, str) else x) for x in v)
        elif isinstance(v, bool):
            out.append((prefix, "true" if v else "false"))
        else:
            out.append((prefix, v))
    walk("", request)
    return out


# Layouts: JSON, SVG by format and by Accept, timelines, gzip, conditional requests, HEAD.
for model, request in MODELS.items():
    path = "/v1/" + model
    for variant in ({"offset": 100}, {"offset": 0}, {"offsets": [0, 195, 390]}, {"offset": 203, "format": "svg"}, {"offset": -40, "motionScale": 0.5}):
        r = dict(request, **variant)
        if model == "paging" and "offsets" not in variant:
            r["include"] = "all"
        for accept in (None, "image/svg+xml", "application/json"):
            h = {"Accept": accept} if accept else {}
            first = send("POST", path, body=r, headers=h, expect=200)
            send("POST", path, body=r, headers=dict(h, **{"Accept-Encoding": "gzip"}), expect=200)
            if first.headers.get("ETag"):
                send("POST", path, body=r, headers=dict(h, **{"If-None-Match": first.headers["ETag"]}), expect=412)
            got = send("GET", path, params=query(model, r), headers=h, expect=200)
            send("HEAD", path, params=query(model, r), headers=h, expect=200)
            if got.headers.get("ETag"):
                send("GET", path, params=query(model, r), headers=dict(h, **{"If-None-Match": got.headers["ETag"]}), expect=304)
                send("HEAD", path, params=query(model, r), headers=dict(h, **{"If-None-Match": got.headers["ETag"]}), expect=304)
    # invalid requests: 422 (POST, GET, HEAD), 400, 415
    send("POST", path, body=dict(request, colour="red"), expect=422)
    send("POST", path, body={"viewport": {"width": -1, "height": "tall"}}, expect=422)
    send("GET", path, params=[("viewport.width", "abc")], expect=422)
    send("HEAD", path, params=[("viewport.width", "abc")], expect=422)
    send("GET", path, params=query(model, dict(request, offset=1)) + [("offset", "2")], expect=422)
    send("POST", path, raw='{"viewport": {', headers={"Content-Type": "application/json"}, expect=400)
    send("POST", path, raw="a=b", headers={"Content-Type": "application/x-www-form-urlencoded"}, expect=415)
    send("POST", path, raw=json.dumps(request), expect=415)  # no Content-Type
    send("POST", path, raw=gzip.compress(json.dumps(request).encode()), headers={"Content-Type": "application/json", "Content-Encoding": "gzip"}, expect=415)

# Keyframes: every format, GET and POST, conditional, HEAD, invalid.
for model, request in MODELS.items():
    path = "/v1/%s/keyframes" % model
    for fmt, extra in itertools.product((None, "json", "css", "waapi", "keytimes"), ({}, {"motionScale": 0.5}, {"domain": {"from": 0, "to": 1200}})):
        r = dict(request, **extra)
        if fmt:
            r["format"] = fmt
        first = send("POST", path, body=r, expect=200)
        send("POST", path, body=r, headers={"If-None-Match": first.headers.get("ETag", '"x"')}, expect=412)
        got = send("GET", path, params=query(model, r), headers={"Accept-Encoding": "gzip"}, expect=200)
        send("HEAD", path, params=query(model, r), expect=200)
        send("GET", path, params=query(model, r), headers={"Accept-Encoding": "gzip", "If-None-Match": got.headers.get("ETag", '"x"')}, expect=304)
    props = {"paging": ["frame.x", "opacity"], "header": ["header.height"], "scroll": ["opacity", "translate.y"]}[model]
    send("POST", path, body=dict(request, properties=props, format="keytimes"), expect=200)
    send("GET", path, params=query(model, dict(request, properties=props)), expect=200)
    # The apps' fields (docs/model.md#page-progress, #linearize, #fixtures): each answer's shape.
    for extra in ({"format": "fixtures", "samples": 3, "seed": 7}, {"linearize": {"ratio": 0.01}}, {"linearize": True, "format": "keytimes"},
                  {"linearize": True, "format": "fixtures"}) + (({"input": "pageProgress"}, {"input": "pageProgress", "format": "fixtures"},
                                                                 {"input": "pageProgress", "format": "keytimes", "linearize": True}) if model == "paging" else ()):
        r = dict(request, **extra)
        send("POST", path, body=r, expect=200)
        send("GET", path, params=query(model, r), expect=200)
    send("POST", path, body=dict(request, linearize=True, format="css"), expect=422)
    send("POST", path, body=dict(request, samples=3), expect=422)
    send("POST", path, body=dict(request, offset=3), expect=422)
    send("GET", path, params=query(model, request) + [("format", "pdf")], expect=422)
    send("POST", path, raw="{", headers={"Content-Type": "application/json"}, expect=400)
    send("POST", path, raw="x", headers={"Content-Type": "text/plain"}, expect=415)

# Documents and operational routes: GET, HEAD, conditional, gzip; preflights everywhere.
documents = ["/", "/openapi.yaml", "/v1/parallax.js", "/problems/invalid-request", "/problems/malformed-json"]
for path in documents:
    got = send("GET", path, expect=200)
    send("GET", path, headers={"Accept-Encoding": "gzip"}, expect=200)
    send("HEAD", path, expect=200)
    send("GET", path, headers={"If-None-Match": got.headers["ETag"]}, expect=304)
    send("HEAD", path, headers={"If-None-Match": "*"}, expect=304)
send("GET", "/problems/no-such-type", expect=404)
send("HEAD", "/problems/no-such-type", expect=404)
send("OPTIONS", "/problems/no-such-type", expect=404)
for path in ("/healthz", "/readyz", "/metrics"):
    send("GET", path, expect=200)
    send("HEAD", path, expect=200)
    send("GET", path, headers={"Origin": "https://app.example"}, expect=200)
routes = ["/v1/paging", "/v1/header", "/v1/scroll", "/v1/paging/keyframes", "/v1/header/keyframes", "/v1/scroll/keyframes",
          "/healthz", "/readyz", "/metrics", "/openapi.yaml", "/", "/v1/parallax.js", "/problems/invalid-request"]
for path in routes:
    send("OPTIONS", path, expect=204)
    send("OPTIONS", path, headers={"Origin": "https://app.example", "Access-Control-Request-Method": "POST",
                                   "Access-Control-Request-Headers": "content-type, if-none-match"}, expect=204)
    send("GET", path, headers={"Expect": "teapot"}, expect=417)
    send("GET", path, raw="abc", headers={"Content-Encoding": "gzip"}, expect=415)
    send("GET", path + "?" + "x" * 17000, expect=414)
    send("GET", path, headers={"X-Pad": "p" * 17000}, expect=431)

# The check itself: answers bent out of the contract must be caught, or the passes above say nothing.
def caught(req, resp):
    try:
        api.validate_response(RequestsOpenAPIRequest(req), RequestsOpenAPIResponse(resp))
    except Exception:
        return True
    return False


probe = requests.Request("POST", base + "/v1/paging", data=json.dumps(dict(MODELS["paging"], offset=1)),
                         headers={"Content-Type": "application/json"}).prepare()
if caught(probe, session.send(probe, timeout=30)):
    failures.append("openapi-core refused the probe answer before it was bent")
for name, bend in (("a number as a string in the body", lambda r: setattr(r, "_content", r.content.replace(b'"stride":406', b'"stride":"406"'))),
                   ("a status the operation does not declare", lambda r: setattr(r, "status_code", 418)),
                   ("a malformed ETag", lambda r: r.headers.__setitem__("ETag", "W/weak"))):
    bent = session.send(probe, timeout=30)
    bend(bent)
    if not caught(probe, bent):
        failures.append("openapi-core did not catch %s" % name)

total = passed + len(failures)
for f in failures[:12]:
    print("outside the contract:", f)
print("answers by status:", " ".join("%d×%d" % (n, s) for s, n in sorted(statuses.items())))
print("openapi-core: %d answers checked against %s" % (total, spec_path))
if total < 300:
    failures.append("only %d answers were checked (at least 300 expected)" % total)
print("%d passed, %d failed" % (passed, len(failures)))
sys.exit(1 if failures else 0)
