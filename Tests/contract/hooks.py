"""Schemathesis hooks for the parallax contract run (Tests/contract/run.sh).

openapi.yaml states every single-field rule (types, bounds, enums, additionalProperties) and the
"not both" rules; JSON Schema cannot compare two numbers. The rules below are the ones it cannot
state, each documented in the request schemas' descriptions; a request breaking them is a 422.
For POSITIVE cases only, this hook repairs generated data so it obeys them, so that the
positive_data_acceptance check ("schema-valid data is accepted") tests the server rather than
the limits of JSON Schema. Negative cases are left untouched.
"""
import json
import math
import os
import urllib.parse

import jsonschema
import yaml

import schemathesis
from schemathesis import GenerationMode

MAX_PAGES_PER_RESPONSE = 10_000
MAX_ELEMENT_LAYOUTS = 131_072
MAX_INFINITE_POSITION = 2.0 ** 52
MIN_SIZE = 1e-6


class Fields:
    """A view of the request as dotted names, over a JSON body or GET query parameters."""

    def __init__(self, data, dotted):
        self.data, self.dotted = data, dotted

    def get(self, name, default=None):
        if self.dotted:
            return parse(self.data.get(name, default), name)
        node = self.data
        for part in name.split("."):
            if not isinstance(node, dict) or part not in node:
                return default
            node = node[part]
        return node

    def set(self, name, value):
        if self.dotted:
            # The coverage phase hands query values over as wire strings: keep them strings.
            if isinstance(self.data.get(name), str):
                value = json.dumps(value) if name in ("elements", "layers") else unparse(value)
            self.data[name] = value
            return
        parts = name.split(".")
        node = self.data
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        node[parts[-1]] = value

    def delete(self, name):
        if self.dotted:
            self.data.pop(name, None)
            return
        parts = name.split(".")
        node = self.data
        for part in parts[:-1]:
            node = node.get(part, {})
        if isinstance(node, dict):
            node.pop(parts[-1], None)

    def has(self, name):
        return self.get(name, None) is not None


def parse(v, name):
    """A query value as the server reads it: JSON literals, `offsets` as a comma list."""
    if not isinstance(v, str):
        return v
    if name in ("elements", "layers"):
        try:
            return json.loads(v)
        except ValueError:
            return v
    if name in ("offsets", "properties"):
        return [parse(item, "") for item in v.split(",")] if v else []
    if v in ("true", "false"):
        return v == "true"
    try:
        return float(v)
    except ValueError:
        return v


def unparse(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, list):
        return ",".join(unparse(item) for item in v)
    if isinstance(v, float) and v.is_integer() and abs(v) < 2**53:
        return str(int(v))
    return str(v)


def number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def at_most_one(f, names):
    """GET forms: OpenAPI parameters cannot say "not both" (the body schemas do, with `not`)."""
    given = [name for name in names if f.has(name)]
    for name in given[1:]:
        f.delete(name)


def one_offset_for_svg(f):
    """`format: "svg"` draws one offset: with `offsets` it is a 422 (PictureFormat)."""
    if f.get("format") == "svg" and f.has("offsets"):
        f.delete("format")


# GET forms carry `layers` / `elements` in the URL, and the request head is limited to 16 KiB (a
# larger one is a 431, openapi.yaml's HeadersTooLarge): the contract allows 32 layers and 1024
# elements there as in the body, so a positive case keeps as many as fit in URL_LIST_BUDGET bytes.
URL_LIST_BUDGET = 8_000


def fit_url(f):
    if not f.dotted:
        return
    for name in ("layers", "elements"):
        items = f.get(name)
        if not isinstance(items, list):
            continue
        def size(n):
            return len(urllib.parse.quote(json.dumps(items[:n], separators=(",", ":")), safe=""))
        n = len(items)
        while n > 1 and size(n) > URL_LIST_BUDGET:
            n //= 2
        if n < len(items):
            f.set(name, items[:n])


def carousel_page(f):
    """(A, a): the viewport's extent along the axis and the page's (PageSize: points at most A, a
    fraction whose page is at least 10^-6), repairing pageSize to obey them."""
    horizontal = f.get("axis", "horizontal") != "vertical"
    extent = f.get("viewport.width" if horizontal else "viewport.height")
    if not number(extent):
        return extent, extent
    points, fraction = f.get("pageSize"), f.get("pageSize.fraction")
    if number(points):
        if points > extent:
            f.set("pageSize", extent)
            return extent, extent
        return extent, points
    if number(fraction):
        if fraction * extent < MIN_SIZE:
            f.set("pageSize.fraction", 1)
            return extent, extent
        return extent, fraction * extent
    return extent, extent


def repair_paging(f, answers_pages=True):
    """answers_pages=False for keyframes: include and range list no pages there, so the pages-per-
    response budget does not apply (their order and the infinite rules still do)."""
    one_offset_for_svg(f)
    n = f.get("pageCount")
    if not number(n):
        return
    if f.dotted:
        at_most_one(f, ["offset", "page", "offsets"])
        # PageSize is a number or {"fraction": f}: as query parameters both may be drawn (a 422).
        at_most_one(f, ["pageSize", "pageSize.fraction"])
        if f.has("range.from") or f.has("range.to"):
            f.delete("include")
            if not (f.has("range.from") and f.has("range.to")):
                f.delete("range.from")
                f.delete("range.to")
        if f.get("infinite") is True and (n < 3 or f.get("include") == "all"):
            f.set("infinite", False)
    extent, page = carousel_page(f)
    spacing = f.get("pageSpacing", 0)
    stride = page + spacing if number(page) and number(spacing) else None
    infinite = f.get("infinite") is True
    frames = max(len(f.get("offsets") or []), 1)
    if stride and (f.has("pageSize") or f.has("pageSize.fraction")):
        # An infinite carousel needs (N − 2)·L ≥ A; a carousel shows up to ⌈(A + a)/L⌉ pages at
        # once, and those × frames are within the pages-per-response budget.
        if infinite and (n - 2) * stride < extent:
            f.set("infinite", False)
            infinite = False
        shown = math.ceil((extent + page) / stride)
        if not infinite:
            shown = min(shown, n)
        # (Keyframes too: their slots at any one offset are a page's answer.)
        listed = f.has("range.from") or f.get("include") == "all"
        if (not answers_pages or not listed) and shown * frames > MAX_PAGES_PER_RESPONSE:
            f.delete("pageSize")
            f.delete("pageSize.fraction")
            stride = extent + spacing if number(spacing) else None
    # currentPage is a page index 0…N−1.
    cp = f.get("currentPage")
    if number(cp) and cp > n - 1:
        f.set("currentPage", int(cp) % int(n))
    # Infinite: |o / L| ≤ 2^52 so slot arithmetic stays exact.
    if f.get("infinite") is True and stride:
        positions = [f.get("offset"), f.get("previousOffset")] + list(f.get("offsets") or [])
        if any(number(o) and abs(o / stride) > MAX_INFINITE_POSITION for o in positions):
            f.set("infinite", False)
    infinite = f.get("infinite") is True
    frames = max(len(f.get("offsets") or []), 1)
    # range: from ≤ to, and pages × frames within the budget.
    lo, hi = f.get("range.from"), f.get("range.to")
    if number(lo) and number(hi):
        if lo > hi:
            lo, hi = hi, lo
        budget = MAX_PAGES_PER_RESPONSE // frames if answers_pages else float("inf")
        if infinite:
            hi = min(hi, lo + budget - 1)
        else:
            first, last = max(lo, 0), min(hi, n - 1)
            if last - first + 1 > budget:
                hi = first + budget - 1
        f.set("range.from", int(lo))
        f.set("range.to", int(hi))
    if answers_pages and f.get("include") == "all" and not infinite and n * frames > MAX_PAGES_PER_RESPONSE:
        f.set("include", "visible")


def repair_header(f):
    one_offset_for_svg(f)
    if f.dotted:
        at_most_one(f, ["offset", "offsets"])
        if f.has("content.width") != f.has("content.height"):
            f.delete("content.width")
            f.delete("content.height")
    h, m = f.get("header.height"), f.get("header.minHeight")
    if number(h) and number(m) and m > h:
        f.set("header.minHeight", h)


def repair_effects(e, horizontal, fluid):
    """An element's effects (docs/model.md#effects), the rules JSON Schema cannot state: each
    property once, and not also in the [from, to] form (scale, opacity, rotate; the axis's
    translate not with translate or speed); a per-axis scale not with a uniform one; q within 0…1
    and non-decreasing; opacity within 0…1 and a scale at or above 0, with linear segments (an
    eased one may overshoot its stops, a 422 naming the extreme); one easing per segment; an own
    range at least 10^-6 long, and in a fluid stylesheet only on an element with its own
    startOffset and endOffset."""
    effects = e.get("effects")
    if not isinstance(effects, list):
        return
    along = "translate.x" if horizontal else "translate.y"
    classic = {"scale": ("scale",), "scale.x": ("scale",), "scale.y": ("scale",), "opacity": ("opacity",),
               "rotate": ("rotate",), along: ("translate", "speed")}
    kept, seen = [], set()
    for x in effects:
        if not isinstance(x, dict) or not isinstance(x.get("stops"), list):
            continue
        p = x.get("property")
        if p in seen or any(c in e for c in classic.get(p, ())):
            continue
        if p in ("scale.x", "scale.y") and "scale" in seen or p == "scale" and seen & {"scale.x", "scale.y"}:
            continue
        stops = [s for s in x["stops"] if isinstance(s, list) and len(s) == 2 and number(s[0]) and number(s[1])]
        if len(stops) < 2:
            continue
        qs = sorted(min(1, max(0, s[0])) for s in stops)
        bounded = p == "opacity" or p in ("scale", "scale.x", "scale.y")
        top = 1 if p == "opacity" else 1e15
        x["stops"] = [[q, min(top, max(0, s[1])) if bounded else s[1]] for q, s in zip(qs, stops)]
        easings = x.get("easings")
        if bounded or (easings is not None and (not isinstance(easings, list) or len(easings) != len(stops) - 1)):
            x.pop("easings", None)
        r = x.get("range")
        if isinstance(r, dict) and (fluid and not ("startOffset" in e and "endOffset" in e)
                                    or not (number(r.get("startOffset")) and number(r.get("endOffset"))
                                            and r["endOffset"] - r["startOffset"] >= MIN_SIZE)):
            x.pop("range", None)
        seen.add(p)
        kept.append(x)
    e["effects"] = kept


def repair_scroll(f):
    one_offset_for_svg(f)
    if f.dotted:
        at_most_one(f, ["offset", "offsets"])
    elements = f.get("elements")
    if not isinstance(elements, list):
        return
    horizontal = f.get("axis", "vertical") == "horizontal"
    extent = f.get("viewport.width" if horizontal else "viewport.height")
    fluid = not f.has("viewport.width") and f.get("format") in ("css", "waapi")
    for e in elements:
        if isinstance(e, dict):
            repair_effects(e, horizontal, fluid)
        if not isinstance(e, dict) or not isinstance(e.get("frame"), dict) or not number(extent):
            continue
        frame = e["frame"]
        top = frame.get("x" if horizontal else "y")
        length = frame.get("width" if horizontal else "height")
        if not (number(top) and number(length)):
            continue
        start = e.get("startOffset", top - extent)
        end = e.get("endOffset", top + length)
        if number(start) and number(end) and not (end - start >= MIN_SIZE):
            e.pop("startOffset", None)
            e.pop("endOffset", None)
    f.set("elements", elements)
    offsets = f.get("offsets")
    if isinstance(offsets, list) and elements and len(elements) * len(offsets) > MAX_ELEMENT_LAYOUTS:
        f.set("offsets", offsets[: max(1, MAX_ELEMENT_LAYOUTS // len(elements))])


# Keyframes (docs/model.md#keyframes): the same rules, then a usable domain: from < to, a non-empty default, and a
# span of at most KEYFRAME_SLOTS strides (the server allows 10000 slots; a few dozen keep the
# stylesheets of 32-layer pagers small enough for a contract run).
KEYFRAME_SLOTS = 40


def repair_domain(f, fallback, max_span=None):
    if f.dotted and f.has("domain.from") != f.has("domain.to"):
        f.delete("domain.from")
        f.delete("domain.to")
    lo, hi = f.get("domain.from"), f.get("domain.to")
    given = number(lo) and number(hi)
    if not given:
        lo, hi = fallback()
        if lo < hi and (max_span is None or hi - lo <= max_span):
            return
    if not (lo < hi) or (max_span is not None and hi - lo > max_span):
        lo, hi = fallback(force=True)
        f.set("domain.from", lo)
        f.set("domain.to", hi)


def repair_viewport(f, model):
    """Fluid keyframes (docs/web.md#fluid-and-fixed): viewport has both sizes or none, and none
    only with format css or waapi, whose own rules then hold (rules JSON Schema cannot state): a
    fluid pager has at least 2 pages and no domain, and no layer travel beyond its stride at 320 px
    (a 422 at /viewport); a fluid scroll element gives startOffset and endOffset together, and
    speed with center (or that range)."""
    if f.has("viewport.width") != f.has("viewport.height"):
        f.delete("viewport.width")
        f.delete("viewport.height")
    if f.has("viewport.width"):
        return
    if f.get("format") not in ("css", "waapi"):
        f.set("viewport.width", 390)
        f.set("viewport.height", 844)
        return
    if model == "paging":
        f.delete("domain.from")
        f.delete("domain.to")
        if not f.dotted:
            f.delete("domain")
        n = f.get("pageCount")
        if number(n):
            f.set("pageCount", int(min(max(n, 2), KEYFRAME_SLOTS)))
        layers = f.get("layers")
        if isinstance(layers, list):
            for layer in layers:
                if not isinstance(layer, dict):
                    continue
                if number(layer.get("travel")) and abs(layer["travel"]) > 300:
                    layer["travel"] = 300.0 if layer["travel"] > 0 else -300.0
                # Sizes and effects of everyday magnitude: at 10^14 px a layout's rounding moves
                # knots, and the size check refuses the fluid form (a 422 at /viewport).
                if number(layer.get("rate")) and abs(layer["rate"]) > 0.9:
                    layer["rate"] = 0.9 if layer["rate"] > 0 else -0.9
                for effect in ("opacity", "scale"):
                    if isinstance(layer.get(effect), dict) and number(layer[effect].get("min")):
                        layer[effect]["min"] = min(max(layer[effect]["min"], 0.0), 1.0)
                if isinstance(layer.get("content"), dict):
                    layer["content"] = {"width": 800, "height": 600}
            f.set("layers", layers)
    elif model == "scroll":
        # A fluid stylesheet's ranges are the elements' own crossings: a `domain` fixes offsets
        # that do not scale with the scroller, and the size check refuses it (a 422 at /viewport).
        f.delete("domain.from")
        f.delete("domain.to")
        if not f.dotted:
            f.delete("domain")
        elements = f.get("elements")
        if isinstance(elements, list):
            for e in elements:
                if not isinstance(e, dict):
                    continue
                start, end = e.get("startOffset"), e.get("endOffset")
                # Together, and a usable range (end at least MIN_SIZE above start, within ±10^15):
                # the frame's own crossing otherwise (docs/web.md#fluid-and-fixed).
                if ("startOffset" in e) != ("endOffset" in e) or (
                        number(start) and number(end)
                        and not (end - start >= MIN_SIZE and abs(start) <= 1e15 and abs(end) <= 1e15)):
                    e.pop("startOffset", None)
                    e.pop("endOffset", None)
                if "speed" in e and "startOffset" not in e:
                    e["center"] = True
                frame = e.get("frame")
                if isinstance(frame, dict) and any(number(v) and abs(v) > 1e9 for v in frame.values()):
                    e["frame"] = {"x": 0, "y": 400, "width": 300, "height": 200}  # a crossing within ±10^15 px
            f.set("elements", elements)


# A carousel stylesheet shows at most this many pages at once (a keyframes domain spans up to
# KEYFRAME_SLOTS strides, and every page in view adds its boxes to the stylesheet).
STYLED_PAGES_IN_VIEW = 8
# The narrowest scroller a fluid stylesheet is checked at (320 × 320, docs/web.md#fluid-and-fixed).
FLUID_CHECK_EXTENT = 320
# Gaps of everyday magnitude in a fluid carousel: beside a 10^14 px gap a small page's places are
# rounded by the layout, they stop being affine in the size, and the size check refuses the fluid
# form (a 422 at /viewport), as with the layers' travel in repair_viewport.
FLUID_MAX_SPACING = 1e6


def repair_styled_carousel(f):
    """Carousel stylesheets (format css or waapi, docs/model.md#carousels), fixed and fluid. A
    fluid one gives pageSize as a fraction (a fluid points pageSize, min(pageSize, A), is checked at
    every size across its bend by FluidCarouselTests and the real-page suite; here points stay fixed), is not infinite (the pages after the last one peek in at some widths and lengthen
    the scroll range: a 422 at /infinite, docs/model.md#carousels), and keeps every
    layer's travel within its stride at the narrowest checked scroller (f·320 + S; beyond it
    the travel is clamped there and bends, a 422 at /viewport) and its gap at most
    FLUID_MAX_SPACING. Either shows at most
    STYLED_PAGES_IN_VIEW pages at once (tiny pages would put thousands in view): pageSize is
    left out otherwise."""
    fluid = not f.has("viewport.width")
    points, fraction = f.get("pageSize"), f.get("pageSize.fraction")
    if fluid and number(points):
        f.delete("pageSize")
        return
    spacing = f.get("pageSpacing", 0)
    if not (number(points) or number(fraction)) or not number(spacing):
        return
    if fluid and spacing > FLUID_MAX_SPACING:
        f.set("pageSpacing", FLUID_MAX_SPACING)
        spacing = FLUID_MAX_SPACING
    extents = (FLUID_CHECK_EXTENT, 1024, 2048) if fluid else (carousel_page(f)[0],)
    pages = [(A, points if number(points) else fraction * A) for A in extents if number(A)]
    if any(a <= 0 or math.ceil((A + a) / (a + spacing)) > STYLED_PAGES_IN_VIEW for A, a in pages):
        f.delete("pageSize")
        f.delete("pageSize.fraction")
        return
    if fluid:
        if f.get("infinite") is True:
            f.set("infinite", False)
        stride = fraction * FLUID_CHECK_EXTENT + spacing
        layers = f.get("layers")
        if isinstance(layers, list):
            for layer in layers:
                if isinstance(layer, dict) and number(layer.get("travel")) and abs(layer["travel"]) > stride:
                    layer["travel"] = stride if layer["travel"] > 0 else -stride
            f.set("layers", layers)


def repair_app_fields(f, model):
    """input, linearize, samples and seed (docs/model.md#page-progress, #linearize, #fixtures):
    samples and seed only with format fixtures; linearize only with json, keytimes, fixtures and
    waapi with a viewport (a fluid waapi answer is a 422 at /linearize), in one form (linearize=true or its dotted bounds), and not on scroll elements, whose eased
    translations can be long enough that tiny bounds pass the answer limit (a 422 at /linearize
    the schema cannot state); pageProgress only with json, keytimes and fixtures, its domain in
    pages within 10^15 points; a fixtures answer with at least one track (an empty one matches two
    answer schemas)."""
    fmt = f.get("format", "json")
    if fmt != "fixtures":
        f.delete("samples")
        f.delete("seed")
    else:
        if f.get("properties") == []:
            f.delete("properties")
        if number(f.get("samples")) and f.get("samples") > 16:
            f.set("samples", 16)  # 1000 per track over 40 slots of 32 layers passes the answer limit
    bounds = [n for n in ("linearize.length", "linearize.ratio", "linearize.angle") if f.dotted and n in f.data]
    linear = fmt in ("json", "keytimes", "fixtures") or (fmt == "waapi" and f.has("viewport.width"))
    if not linear or model == "scroll":
        f.delete("linearize")
        for n in bounds:
            f.data.pop(n, None)
    elif bounds and "linearize" in f.data:
        f.data.pop("linearize", None)
    if model == "paging" and f.get("input") == "pageProgress" and fmt in ("css", "waapi"):
        f.delete("input")


def progress_domain(f, stride):
    """With input pageProgress the domain is in pages: |p|·L at most 10^15."""
    lo, hi = f.get("domain.from"), f.get("domain.to")
    if f.get("input") == "pageProgress" and number(lo) and number(hi) and max(abs(lo), abs(hi)) * stride > 1e14:
        f.set("domain.from", -1)
        f.set("domain.to", 1)


def repair_paging_keyframes(f):
    # A pager scrolls its own box: scroller "root" is for the header and scroll models (a 422 at
    # /scroller, docs/web.md#the-page-scrolls).
    if f.get("scroller") == "root":
        f.delete("scroller")
    repair_viewport(f, "paging")
    repair_app_fields(f, "paging")
    repair_paging(f, answers_pages=False)
    n = f.get("pageCount")
    horizontal = f.get("axis", "horizontal") != "vertical"
    extent = f.get("viewport.width" if horizontal else "viewport.height")
    spacing = f.get("pageSpacing", 0)
    if f.get("format") in ("css", "waapi"):
        repair_styled_carousel(f)
    if not (number(n) and number(extent) and number(spacing)):
        return
    extent, page = carousel_page(f)
    stride = page + spacing
    def fallback(force=False):
        return (0, min(stride, 1e15)) if force else (0, (n - 1) * stride)
    repair_domain(f, fallback, KEYFRAME_SLOTS * stride)
    lo, hi = f.get("domain.from"), f.get("domain.to")
    if number(lo) and number(hi) and max(abs(lo), abs(hi)) / stride > MAX_INFINITE_POSITION / 4:
        f.set("domain.from", 0)
        f.set("domain.to", stride)
    progress_domain(f, stride)


def repair_header_keyframes(f):
    repair_viewport(f, "header")
    repair_app_fields(f, "header")
    repair_header(f)
    h = f.get("header.height")
    def fallback(force=False):
        return (-h, h) if number(h) and not force else (0, 1)
    repair_domain(f, fallback)


def repair_scroll_keyframes(f):
    repair_viewport(f, "scroll")
    repair_app_fields(f, "scroll")
    repair_scroll(f)
    elements = f.get("elements")
    horizontal = f.get("axis", "vertical") == "horizontal"
    def fallback(force=False):
        end = 0
        for e in elements if isinstance(elements, list) and not force else []:
            frame = e.get("frame") if isinstance(e, dict) else None
            if isinstance(frame, dict):
                top, length = frame.get("x" if horizontal else "y"), frame.get("width" if horizontal else "height")
                if number(top) and number(length):
                    end = max(end, top + length)
        return (0, end) if not force else (0, 1)
    repair_domain(f, fallback)


REPAIRS = {"/v1/paging": repair_paging, "/v1/header": repair_header, "/v1/scroll": repair_scroll,
           "/v1/paging/keyframes": repair_paging_keyframes, "/v1/header/keyframes": repair_header_keyframes,
           "/v1/scroll/keyframes": repair_scroll_keyframes}


# The GET forms' `layers` and `elements` are strings holding JSON text (`contentMediaType`
# application/json, `contentSchema` the array), so a generated client can send them. Schemathesis
# makes them JSON text of any value: it does not apply contentSchema. A positive case whose text
# is not an array the contentSchema accepts gets one that is (layers: none, the default;
# elements: one element), so the acceptance check tests the server, not that gap.
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "openapi.yaml")) as _f:
    _COMPONENTS = yaml.safe_load(_f)["components"]
_ITEMS = {name: jsonschema.Draft202012Validator({"$ref": "#/components/schemas/" + ref, "components": _COMPONENTS})
          for name, ref in (("layers", "Layer"), ("elements", "Element"))}
_MAX_ITEMS = {"layers": 32, "elements": 1024}
_ONE_ELEMENT = [{"name": "e", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}}]


def accepted_json_text(f):
    for name, validator in _ITEMS.items():
        if f.get(name) is None:
            continue
        items = f.get(name)
        if isinstance(items, list) and len(items) <= _MAX_ITEMS[name] and all(validator.is_valid(x) for x in items):
            continue
        if name == "layers":
            f.delete(name)
        else:
            f.data[name] = json.dumps(_ONE_ELEMENT, separators=(",", ":"))


# Every YAML media type schemathesis knows, so that this deserializer is the one it finds first
# for application/yaml (it matches by family: text/yaml would come first).
@schemathesis.deserializer("text/yaml", "text/x-yaml", "application/x-yaml", "text/vnd.yaml", "application/yaml")
def yaml_as_text(ctx, response):
    """GET /openapi.yaml answers the contract as text (`type: string`, docs/api.md#generated-clients):
    what a client gets, to parse with a YAML library. Schemathesis would parse YAML into an object
    before validating, so the text is what is validated here."""
    return response.content.decode("utf-8")


def unique_names(f):
    """Layer and element names are unique (the later of two equal ones is a 422; a layer without
    a name is "background") and at most 256 bytes of UTF-8 (JSON Schema's maxLength counts
    characters): a positive case renames the repeats and shortens the long ones."""
    for key, default in (("layers", "background"), ("elements", None)):
        items = f.get(key)
        if not isinstance(items, list):
            continue
        seen = set()
        for i, item in enumerate(items):
            if not isinstance(item, dict):
                continue
            name = item.get("name", default)
            if not isinstance(name, str):
                continue
            while len(name.encode()) > 256:
                name = name[:-1]
            while name in seen:
                name = (name[:200] + "-%d" % i) if not name.endswith("-%d" % i) else name + "x"
            seen.add(name)
            if name != item.get("name", default):
                item["name"] = name
        f.set(key, items)


@schemathesis.hook
def map_case(context, case):
    meta = case.meta
    if meta is None or meta.generation.mode != GenerationMode.POSITIVE:
        return case
    repair = REPAIRS.get(case.operation.path)
    if repair is None:
        return case
    if isinstance(case.body, dict):
        unique_names(Fields(case.body, dotted=False))
        repair(Fields(case.body, dotted=False))
    if isinstance(case.query, dict) and case.query:
        accepted_json_text(Fields(case.query, dotted=True))
        fit_url(Fields(case.query, dotted=True))
        unique_names(Fields(case.query, dotted=True))
        repair(Fields(case.query, dotted=True))
    return case
