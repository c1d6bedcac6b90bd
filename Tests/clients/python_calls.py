"""Every operation of openapi.yaml called through the client openapi-python-client generated from
it, against the release server: JSON answers parsed into their models (layouts, keyframes in each
format, problems), the text forms (SVG, CSS, the contract) read as text, HEAD and OPTIONS.

Usage: python_calls.py GENERATED_DIR BASE_URL OPENAPI_YAML. Prints `N passed, M failed`; fails
when an operation of the contract was not called.
"""
import importlib
import json
import re
import sys

import yaml

gen_dir, base, spec_path = sys.argv[1:4]
sys.path.insert(0, gen_dir)
from parallax_client import Client  # noqa: E402
from parallax_client import models as m  # noqa: E402

client = Client(base_url=base, raise_on_unexpected_status=True)
with open(spec_path) as f:
    spec = yaml.safe_load(f)
operations = {op["operationId"]: (op["tags"][0], path, method) for path, item in spec["paths"].items()
              for method, op in item.items() if isinstance(op, dict) and "operationId" in op}
called, passed, failures = set(), 0, []


def snake(name):
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def op(operation_id):
    called.add(operation_id)
    tag = operations[operation_id][0]
    return importlib.import_module("parallax_client.api.%s.%s" % (tag, snake(operation_id)))


def check(name, cond):
    global passed
    if cond:
        passed += 1
    else:
        failures.append(name)
        print("FAIL", name)


VP = {"width": 390, "height": 844}
LAYERS = [{"name": "background", "travel": 120}]
ELEMENTS = [{"name": "hero", "frame": {"x": 0, "y": 0, "width": 390, "height": 600}, "speed": -2},
            {"name": "card", "frame": {"x": 0, "y": 900, "width": 390, "height": 300}, "opacity": [0, 1], "easing": "easeOut"}]

# --- layouts: typed answers, timelines, GET with repeated offsets and JSON-text arrays, problems
paging = m.PagingRequest.from_dict({"viewport": VP, "pageCount": 5, "pageSpacing": 16, "layers": LAYERS, "offset": 203})
one = op("pagingPost").sync(client=client, body=paging)
check("pagingPost answers a PagingLayout", isinstance(one, m.PagingLayout) and one.stride == 406 and one.position == 0.5)
check("pagingPost pages are typed", all(isinstance(p, m.PageLayout) for p in one.pages) and one.pages[0].layers[0].frame.x == 60)
timeline = op("pagingGet").sync(client=client, viewport_width=390, viewport_height=844, page_count=5, page_spacing=16,
                                offsets=[0, 203, 406], layers=json.dumps(LAYERS))
check("pagingGet with offsets answers a timeline of 3 PagingLayouts",
      isinstance(timeline, m.PagingResponseType1) and [f.offset for f in timeline.frames] == [0, 203, 406])
check("pagingGet frame 1 equals the POST answer", timeline.frames[1].to_dict() == one.to_dict())
detailed = op("pagingGet").sync_detailed(client=client, viewport_width=390, viewport_height=844, page_count=5)
etag = detailed.headers.get("ETag")
check("pagingGet carries an ETag", bool(etag))
again = op("pagingGet").sync_detailed(client=client, viewport_width=390, viewport_height=844, page_count=5, if_none_match=etag)
check("pagingGet with If-None-Match is 304", again.status_code == 304)
head = op("pagingHead").sync_detailed(client=client, viewport_width=390, viewport_height=844, page_count=5)
check("pagingHead is 200 with the GET's ETag and no content", head.status_code == 200 and head.headers.get("ETag") == etag and head.content == b"")
problem = op("pagingPost").sync(client=client, body=m.PagingRequest.from_dict({"viewport": {"width": -1, "height": 844}, "pageCount": 0}))
check("pagingPost invalid is a typed 422 Problem with pointers",
      isinstance(problem, m.Problem) and problem.status == 422 and {e.pointer for e in problem.errors} == {"/viewport/width", "/pageCount"})
post_etag = op("pagingPost").sync_detailed(client=client, body=paging).headers["ETag"]
refused = op("pagingPost").sync(client=client, body=paging, if_none_match=post_etag)
check("pagingPost with a matching If-None-Match is a 412 Problem", isinstance(refused, m.Problem) and refused.status == 412)
# A carousel in the GET form: pageSize / pageSize.fraction and align are query parameters too.
for size, query in ((300, {"page_size": 300}), ({"fraction": 0.8}, {"page_size_fraction": 0.8})):
    posted = op("pagingPost").sync(client=client, body=m.PagingRequest.from_dict(
        {"viewport": {"width": 400, "height": 600}, "pageCount": 5, "pageSpacing": 20, "pageSize": size, "align": "center", "offset": 160}))
    got = op("pagingGet").sync(client=client, viewport_width=400, viewport_height=600, page_count=5, page_spacing=20,
                               align=m.Align.CENTER, offset=160, **query)
    check("pagingGet carousel %s equals the POST answer" % sorted(query), isinstance(got, m.PagingLayout)
          and isinstance(posted, m.PagingLayout) and got.to_dict() == posted.to_dict() and len(got.pages) > 1)
bad_get = op("pagingGet").sync(client=client, viewport_width=390, viewport_height=844, page_count=0)
check("pagingGet invalid is a 422 Problem at /pageCount", isinstance(bad_get, m.Problem) and bad_get.errors[0].pointer == "/pageCount")
# The picture: a text form, read through the generated client's own httpx client.
svg = client.get_httpx_client().post("/v1/paging", json=m.PagingRequest.from_dict(dict(paging.to_dict(), format="svg")).to_dict())
check("the paging SVG is reachable as text", svg.headers["content-type"].startswith("image/svg+xml") and svg.text.startswith("<svg"))

header = m.HeaderRequest.from_dict({"viewport": VP, "header": {"height": 150}, "offset": -40, "content": {"width": 1170, "height": 450}})
h = op("headerPost").sync(client=client, body=header)
check("headerPost answers a HeaderLayout", isinstance(h, m.HeaderLayout) and h.header.height == 190 and h.stretched)
hg = op("headerGet").sync(client=client, viewport_width=390, viewport_height=844, header_height=150, offsets=[-40, 0, 60])
check("headerGet with offsets answers 3 HeaderLayouts", isinstance(hg, m.HeaderResponseType1) and [f.header.height for f in hg.frames] == [190, 150, 90])
hh = op("headerHead").sync_detailed(client=client, viewport_width=390, viewport_height=844, header_height=150)
check("headerHead is 200", hh.status_code == 200 and hh.headers.get("ETag"))

scroll = m.ScrollRequest.from_dict({"viewport": VP, "offset": 300, "elements": ELEMENTS})
s = op("scrollPost").sync(client=client, body=scroll)
check("scrollPost answers a ScrollLayout", isinstance(s, m.ScrollLayout) and [e.name for e in s.elements] == ["hero", "card"])
# Multi-stop effects (docs/model.md#effects): a cross-axis translate and a per-axis scale.
fx = m.ScrollRequest.from_dict({"viewport": VP, "offset": 500, "elements": [{"name": "card", "frame": {"x": 20, "y": 900, "width": 350, "height": 400}, "effects": [
    {"property": "translate.x", "stops": [[0, -120], [0.5, 0], [1, 120]], "easings": ["easeOut", "easeIn"]},
    {"property": "scale.y", "stops": [[0, 0.5], [0.3, 1], [0.3, 1.2], [1, 1.2]]}]}]})
fa = op("scrollPost").sync(client=client, body=fx)
check("scrollPost with effects answers scaleX/scaleY and a cross-axis translate",
      isinstance(fa, m.ScrollLayout) and fa.elements[0].scale_y == 1.2 and fa.elements[0].scale_x == 1 and fa.elements[0].translate.x < 0)
sg = op("scrollGet").sync(client=client, viewport_width=390, viewport_height=844, offset=300, elements=json.dumps(ELEMENTS))
check("scrollGet (elements as JSON text) equals scrollPost", isinstance(sg, m.ScrollLayout) and sg.to_dict() == s.to_dict())
sh = op("scrollHead").sync_detailed(client=client, viewport_width=390, viewport_height=844, elements=json.dumps(ELEMENTS))
check("scrollHead is 200", sh.status_code == 200)

# --- keyframes: each format typed as its model (json and keytimes by their track shape), css as text
pk = {"viewport": VP, "pageCount": 3, "pageSpacing": 16, "layers": LAYERS}
kj = op("pagingKeyframesPost").sync(client=client, body=m.PagingKeyframesRequest.from_dict(dict(pk, properties=["frame.x"])))
check("pagingKeyframesPost json: KeyframesAnswer of KnotTracks",
      isinstance(kj, m.KeyframesAnswer) and kj.tracks and all(isinstance(t, m.KnotTrack) for t in kj.tracks) and kj.tracks[0].knots[0] == [0, 0])
kt = op("pagingKeyframesGet").sync(client=client, viewport_width=390, viewport_height=844, page_count=3, page_spacing=16,
                                   layers=json.dumps(LAYERS), format_=m.KeyframesFormat.KEYTIMES, properties=[m.PagingKeyframeProperty.FRAME_X, m.PagingKeyframeProperty.OPACITY])
check("pagingKeyframesGet keytimes (properties repeated): KeyframesAnswer of KeyTimesTracks",
      isinstance(kt, m.KeyframesAnswer) and kt.tracks and all(isinstance(t, m.KeyTimesTrack) for t in kt.tracks) and kt.tracks[0].key_times[0] == 0)
kw = op("pagingKeyframesPost").sync(client=client, body=m.PagingKeyframesRequest.from_dict(dict(pk, format="waapi")))
check("pagingKeyframesPost waapi: WAAPIAnswer", isinstance(kw, m.WAAPIAnswer) and kw.animations and kw.timeline.axis.value == "x")
css = client.get_httpx_client().post("/v1/paging/keyframes", json=m.PagingKeyframesRequest.from_dict(dict(pk, format="css")).to_dict())
check("the paging stylesheet is reachable as text", css.headers["content-type"].startswith("text/css") and "@keyframes" in css.text)
kp = op("pagingKeyframesPost").sync(client=client, body=m.PagingKeyframesRequest.from_dict(dict(pk, input="pageProgress", linearize={"length": 0.5}, properties=["visibleFraction"])))
check("pagingKeyframesPost pageProgress, linearized: stride, sign, page target, maxError",
      isinstance(kp, m.KeyframesAnswer) and kp.stride == 406 and kp.sign.value == "movedBack" and kp.linearized.length == 0.5
      and kp.tracks[0].target.page is True and kp.tracks[0].max_error == 0)
kf = op("pagingKeyframesGet").sync(client=client, viewport_width=390, viewport_height=844, page_count=3, layers=json.dumps(LAYERS),
                                   format_=m.KeyframesFormat.FIXTURES, samples=2, seed=5, input_=m.KeyframesInput.PAGEPROGRESS)
check("pagingKeyframesGet fixtures: FixturesAnswer with cases", isinstance(kf, m.FixturesAnswer) and kf.seed == 5 and kf.tracks and kf.tracks[0].cases)
kh = op("pagingKeyframesHead").sync_detailed(client=client, viewport_width=390, viewport_height=844, page_count=3)
check("pagingKeyframesHead is 200", kh.status_code == 200 and kh.headers.get("ETag"))
hk = op("headerKeyframesPost").sync(client=client, body=m.HeaderKeyframesRequest.from_dict({"viewport": VP, "header": {"height": 150}, "format": "keytimes"}))
check("headerKeyframesPost keytimes", isinstance(hk, m.KeyframesAnswer) and {t.property_ for t in hk.tracks} >= {"header.height"} and isinstance(hk.tracks[0], m.KeyTimesTrack))
hkg = op("headerKeyframesGet").sync(client=client, viewport_width=390, viewport_height=844, header_height=150)
check("headerKeyframesGet json", isinstance(hkg, m.KeyframesAnswer) and isinstance(hkg.tracks[0], m.KnotTrack) and hkg.domain.from_ == -150)
hkh = op("headerKeyframesHead").sync_detailed(client=client, viewport_width=390, viewport_height=844, header_height=150)
check("headerKeyframesHead is 200", hkh.status_code == 200)
sk = op("scrollKeyframesPost").sync(client=client, body=m.ScrollKeyframesRequest.from_dict({"viewport": VP, "elements": ELEMENTS, "format": "waapi"}))
check("scrollKeyframesPost waapi", isinstance(sk, m.WAAPIAnswer) and sk.reduced_motion.animations is not None)
skl = op("scrollKeyframesPost").sync(client=client, body=m.ScrollKeyframesRequest.from_dict({"viewport": VP, "elements": ELEMENTS, "format": "waapi", "linearize": True}))
check("scrollKeyframesPost waapi, linearized: linearized bounds, maxError per animation, linear keyframes",
      isinstance(skl, m.WAAPIAnswer) and skl.linearized.ratio == 0.001 and skl.animations
      and all(a.max_error is not None and all(k.easing == "linear" or k.easing.startswith("linear(") for k in a.keyframes) for a in skl.animations))
skg = op("scrollKeyframesGet").sync(client=client, viewport_width=390, viewport_height=844, elements=json.dumps(ELEMENTS), properties=[m.ScrollKeyframeProperty.OPACITY])
check("scrollKeyframesGet json (properties narrowed)", isinstance(skg, m.KeyframesAnswer) and [t.property_ for t in skg.tracks] == ["opacity"] * len(skg.tracks) and skg.tracks)
skh = op("scrollKeyframesHead").sync_detailed(client=client, viewport_width=390, viewport_height=844, elements=json.dumps(ELEMENTS))
check("scrollKeyframesHead is 200", skh.status_code == 200)
kbad = op("scrollKeyframesPost").sync(client=client, body=m.ScrollKeyframesRequest.from_dict({"viewport": VP, "elements": ELEMENTS, "domain": {"from": 5, "to": 1}}))
check("scrollKeyframesPost bad domain is a 422 Problem at /domain/to", isinstance(kbad, m.Problem) and kbad.errors[0].pointer == "/domain/to")

# --- documents and operations
check("demo is the HTML page", op("demo").sync_detailed(client=client).content.startswith(b"<!doctype html>"))
contract = op("openapi").sync(client=client)
check("openapi is the contract as text", isinstance(contract, str) and yaml.safe_load(contract)["openapi"] == "3.1.0")
check("parallaxModule is JavaScript", b"export" in op("parallaxModule").sync_detailed(client=client).content)
pt = op("problemType").sync_detailed(client=client, type_=m.ProblemTypeType.INVALID_REQUEST)
check("problemType is its description", pt.status_code == 200 and b"422" in pt.content)
check("healthz is typed", op("healthz").sync(client=client).status == "ok")
check("readyz is typed", op("readyz").sync(client=client).status == "ready")
check("metrics is the Prometheus text", b"parallax_http_requests_total" in op("metrics").sync_detailed(client=client).content)
for name in ("demoHead", "openapiHead", "parallaxModuleHead", "healthzHead", "readyzHead", "metricsHead"):
    check(name + " is 200 without content", op(name).sync_detailed(client=client).status_code == 200)
check("problemTypeHead is 200", op("problemTypeHead").sync_detailed(client=client, type_=m.ProblemTypeHeadType.MALFORMED_JSON).status_code == 200)

# --- preflights: every OPTIONS operation
for operation_id, (tag, path, method) in sorted(operations.items()):
    if method != "options":
        continue
    kwargs = {"type_": m.ProblemTypeOptionsType.INVALID_REQUEST} if "{type}" in path else {}
    r = op(operation_id).sync_detailed(client=client, origin="https://app.example", access_control_request_method="POST", **kwargs)
    # /metrics is not for web pages (docs/operations.md#metrics): its preflight has no CORS field.
    cors = r.headers.get("Access-Control-Allow-Origin") == ("*" if operation_id != "metricsOptions" else None)
    check(operation_id + " is a 204 preflight", r.status_code == 204 and cors and "OPTIONS" in r.headers.get("Allow", ""))

missing = sorted(set(operations) - called)
check("every operation of the contract was called (missing: %s)" % ", ".join(missing), not missing)
print("python client: %d operations called" % len(called))
print("%d passed, %d failed" % (passed, len(failures)))
sys.exit(1 if failures else 0)
