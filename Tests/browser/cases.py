"""The requests the Chromium suite plays (docs/model.md#keyframes): every model, both axes, RTL, every easing."""

VIEW = {"width": 390, "height": 844}
SMALL = {"width": 320, "height": 480}

PAGING = {
    "paging-horizontal": {"viewport": VIEW, "pageCount": 4, "pageSpacing": 16,
                          "layers": [{"name": "background", "travel": 120}]},
    "paging-vertical": {"viewport": SMALL, "pageCount": 3, "axis": "vertical",
                        "layers": [{"name": "bg", "rate": 0.5}, {"name": "fg", "travel": -60}]},
    "paging-rtl": {"viewport": SMALL, "pageCount": 3, "pageSpacing": 10, "direction": "rtl",
                   "layers": [{"name": "bg", "travel": 100}]},
    "paging-cover": {"viewport": SMALL, "pageCount": 3, "layers": [{"name": "bg", "travel": 80, "fit": "cover"}]},
    "paging-effects": {"viewport": SMALL, "pageCount": 3, "pageSpacing": 20,
                       "layers": [{"name": "bg", "travel": 50, "opacity": {"min": 0.25}, "scale": {"min": 0.6}}]},
    "paging-spacing-domain": {"viewport": SMALL, "pageCount": 5, "pageSpacing": 40, "domain": {"from": 180, "to": 1000},
                              "layers": [{"name": "bg", "travel": 300}, {"name": "text", "rate": -0.25}]},
    "paging-infinite-rtl": {"viewport": SMALL, "pageCount": 3, "infinite": True, "direction": "rtl",
                            "domain": {"from": -300, "to": 900}, "layers": [{"name": "bg", "travel": 70}]},
    "paging-content": {"viewport": SMALL, "pageCount": 3, "pageSpacing": 8,
                       "layers": [{"name": "photo", "travel": 60, "fit": "cover", "content": {"width": 800, "height": 600}},
                                  {"name": "logo", "rate": -0.3, "content": {"width": 100, "height": 40}, "contentMode": "center"}]},
    "paging-motion": {"viewport": SMALL, "pageCount": 3, "motionScale": 0.5,
                      "layers": [{"name": "bg", "travel": 90, "fit": "cover", "opacity": {"min": 0}}]},
    # Carousels (docs/model.md#carousels): pages narrower than the viewport, stride L = a + S.
    # The hand case (c = 50, L = 320); points, so fixed only (fluid is a 422).
    "carousel-centred": {"viewport": {"width": 400, "height": 600}, "pageCount": 5, "pageSpacing": 20,
                         "pageSize": 300, "align": "center", "layers": [{"name": "bg", "rate": 0.5}]},
    "carousel-centred-fraction": {"viewport": SMALL, "pageCount": 4, "pageSpacing": 12, "pageSize": {"fraction": 0.8},
                                  "align": "center", "layers": [{"name": "bg", "rate": 0.5, "fit": "cover",
                                                                 "opacity": {"min": 0.4}}]},
    "carousel-start": {"viewport": SMALL, "pageCount": 4, "pageSpacing": 10, "pageSize": {"fraction": 0.7},
                       "layers": [{"name": "bg", "travel": 40}, {"name": "fg", "rate": -0.25, "scale": {"min": 0.8}}]},
    "carousel-rtl": {"viewport": SMALL, "pageCount": 4, "pageSpacing": 16, "pageSize": {"fraction": 0.75},
                     "align": "center", "direction": "rtl", "layers": [{"name": "bg", "travel": 60}]},
    "carousel-vertical": {"viewport": SMALL, "pageCount": 4, "pageSpacing": 16, "pageSize": {"fraction": 0.6},
                          "align": "center", "axis": "vertical", "layers": [{"name": "bg", "rate": 0.4, "fit": "cover"}]},
    # Infinite (N ≥ 3, (N − 2)·L = 416 ≥ A = 320): L = 208, N·L = 832, so the domain holds offsets
    # o and o + N·L (slot k and slot k + 4 show page k mod 4); at its end slots 5 and 6 are in
    # view, and slot 6 sticks out past the viewport's trailing edge, so the scroller reaches past 1100.
    "carousel-infinite": {"viewport": SMALL, "pageCount": 4, "pageSpacing": 16, "pageSize": {"fraction": 0.6},
                          "align": "center", "infinite": True, "domain": {"from": -100, "to": 1100},
                          "layers": [{"name": "bg", "rate": 0.5, "fit": "cover", "opacity": {"min": 0.4}}]},
}

HEADER = {
    # A wide picture: aspect fill switches from width- to height-limited as the header collapses
    # (at a phone's width, not a desktop's), so the fitted picture's kink is inside the range.
    "header-fill": {"viewport": SMALL, "header": {"height": 200}, "content": {"width": 800, "height": 200}},
    "header-top": {"viewport": SMALL, "header": {"height": 200, "minHeight": 60}, "mode": "top",
                   "content": {"width": 500, "height": 300}, "contentMode": "fill"},
    "header-center": {"viewport": SMALL, "header": {"height": 180}, "mode": "center",
                      "content": {"width": 600, "height": 400}},
    "header-bottom": {"viewport": SMALL, "header": {"height": 150, "minHeight": 40}, "mode": "bottom",
                      "content": {"width": 300, "height": 500}, "contentMode": "aspectFit"},
    "header-nostretch": {"viewport": SMALL, "header": {"height": 160, "minHeight": 30}, "stretch": False,
                         "domain": {"from": -100, "to": 400}},
    "header-content": {"viewport": SMALL, "header": {"height": 220}, "content": {"width": 800, "height": 500}},
}

def el(name, y, h=120, **kw):
    return {"name": name, "frame": {"x": 20, "y": y, "width": 200, "height": h}, **kw}

SCROLL = {
    "scroll-linear": {"viewport": SMALL, "elements": [
        el("a", 300, translate=[0, -200]), el("b", 900, opacity=[0.2, 1], scale=[0.5, 1.5])]},
    "scroll-keywords": {"viewport": SMALL, "elements": [
        el("in", 400, translate=[-100, 100], easing="easeIn"),
        el("out", 700, opacity=[0, 1], rotate=[0, 90], easing="easeOut"),
        el("inout", 1000, scale=[0.5, 2], translate=[50, -50], easing="easeInOut")]},
    "scroll-bezier": {"viewport": SMALL, "elements": [
        el("b1", 500, translate=[0, 300], easing={"cubicBezier": [0.1, 0.9, 0.2, 1]}),
        el("b2", 800, rotate=[-45, 45], opacity=[1, 0.3], easing={"cubicBezier": [0.7, -0.5, 0.3, 1.6]})]},
    "scroll-rellax": {"viewport": SMALL, "elements": [
        el("slow", 600, speed=-2), el("fast", 1200, speed=3), el("centred", 900, speed=-4, center=True)]},
    "scroll-offsets": {"viewport": SMALL, "elements": [
        el("ranged", 700, translate=[0, -150], startOffset=100, endOffset=600, easing="easeInOut"),
        el("fade", 400, opacity=[1, 0], startOffset=0, endOffset=300)]},
    "scroll-cut": {"viewport": SMALL, "domain": {"from": 250, "to": 900}, "elements": [
        el("cut1", 500, translate=[0, 300], easing="easeInOut"),
        el("cut2", 700, rotate=[0, 180], scale=[2, 1], easing={"cubicBezier": [0.9, 0.1, 0.1, 0.9]})]},
    # Multi-stop effects (docs/model.md#effects): eased segments, jumps (after a linear and after
    # an eased segment), an own range, motion across the axis with motion along it, per-axis scale.
    "scroll-effects": {"viewport": SMALL, "elements": [
        {"name": "x1", "frame": {"x": 40, "y": 500, "width": 160, "height": 120}, "effects": [
            {"property": "translate.x", "stops": [[0, -80], [0.5, 0], [1, 80]], "easings": ["easeOut", "easeIn"]},
            {"property": "opacity", "stops": [[0, 0.2], [0.3, 0.5], [0.3, 1], [1, 1]]},
            {"property": "scale.y", "stops": [[0, 0.5], [0.6, 1.2], [1, 1]], "easings": [{"cubicBezier": [0, 0.55, 0.45, 1]}, "linear"]}]},
        {"name": "x2", "frame": {"x": 120, "y": 900, "width": 120, "height": 120}, "startOffset": 100, "endOffset": 1100, "effects": [
            {"property": "translate.x", "stops": [[0, 0], [1, 60]], "easings": ["easeInOut"]},
            {"property": "translate.y", "stops": [[0, 40], [0.4, -40], [0.4, 0], [1, 20]], "easings": ["easeIn", "linear", "linear"]},
            {"property": "scale.x", "stops": [[0, 1], [1, 1.5]]}, {"property": "scale.y", "stops": [[0, 1.2], [1, 0.8]]},
            {"property": "rotate", "stops": [[0, -20], [1, 20]], "range": {"startOffset": 300, "endOffset": 900}}]}]},
    "scroll-horizontal": {"viewport": SMALL, "axis": "horizontal", "elements": [
        {"name": "h1", "frame": {"x": 500, "y": 40, "width": 150, "height": 100}, "translate": [0, 200], "easing": "easeOut"},
        {"name": "h2", "frame": {"x": 900, "y": 200, "width": 100, "height": 100}, "speed": 2, "scale": [1, 0.5]}]},
}
