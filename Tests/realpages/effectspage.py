"""A composed page of multi-stop, cross-axis effects (docs/api.md#effects) for the real-page suite:
one page, checked component by component by composed.py at a phone and a desktop size.

- On the document's own scroller (`scroller=root`, scope `fx`, fluid): `drift` in the page's flow
  (no frame) moves across the page with three eased segments and jumps its horizontal scale half
  way; `pin` (framed) sweeps across and back with an eased first segment, fades over four stops and
  turns over three.
- In a box of its own (scope `strip`, fixed 320 × 240, horizontal): `tile` moves across that axis
  (`translate.y`) over three stops, grows, and fades over an own `range`.

Every box is compared with its single-offset answers where the stops bend (realpages.pick_offsets).
"""

# Where the page is checked (CSS px): a phone and a desktop.
SIZES = [(390, 844), (1280, 800)]

ROOT = ('[{"name":"drift","effects":['
        '{"property":"translate.x","stops":[[0,-80],[0.3,0],[0.7,0],[1,80]],"easings":["easeOut","linear","easeIn"]},'
        '{"property":"scale.x","stops":[[0,0.8],[0.5,0.8],[0.5,1.2],[1,1]]},'
        '{"property":"translate.y","stops":[[0,40],[1,-40]]}]},'
        '{"name":"pin","frame":{"x":16,"y":2300,"width":200,"height":140},"effects":['
        '{"property":"translate.x","stops":[[0,40],[0.5,-40],[1,0]],"easings":["easeInOut","linear"]},'
        '{"property":"opacity","stops":[[0,0.2],[0.3,1],[0.7,1],[1,0.4]]},'
        '{"property":"rotate","stops":[[0,-10],[0.6,10],[1,0]]},'
        '{"property":"scale.y","stops":[[0,0.7],[1,1.1]],"easings":["easeIn"]}]}]')
STRIP = ('[{"name":"tile","frame":{"x":500,"y":40,"width":160,"height":120},"effects":['
         '{"property":"translate.y","stops":[[0,-30],[0.5,30],[1,0]],"easings":["easeIn","easeOut"]},'
         '{"property":"scale","stops":[[0,0.7],[1,1]]},'
         '{"property":"opacity","stops":[[0,0.3],[0.5,1],[1,0.5]],"range":{"startOffset":100,"endOffset":600}}]}]')


def page(base):
    """The page's HTML, linking the service at `base`."""
    return f"""<!doctype html>
<html lang="en" data-parallax="fx">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="stylesheet" href='{base}/v1/scroll/keyframes?elements={ROOT}&scroller=root&scope=fx&format=css'>
  <link rel="stylesheet" href='{base}/v1/scroll/keyframes?elements={STRIP}&axis=horizontal&viewport.width=320&viewport.height=240&scope=strip&format=css'>
  <script type="module" src="{base}/v1/parallax.js"></script>
  <style>
    body {{ margin: 0; font: 18px/1.5 system-ui, sans-serif; }}
    p {{ margin: 16px; }}
    [data-element="drift"] {{ margin: 24px 16px; padding: 16px; background: #e9c46a; border-radius: 12px; }}
    [data-element="pin"] {{ background: #e76f51; border-radius: 12px; }}
    [data-element="tile"] {{ background: #2a9d8f; border-radius: 12px; }}
    .strip {{ margin: 16px; background: #eee; }}
  </style>
</head>
<body>
  <p style="height: 900px">The document scrolls. Below, a note in the flow slides across the page and back, and a card
  sweeps across it while it fades and turns.</p>
  <div class="parallax-element" data-element="drift">A note in the page's flow: it eases in from the left, rests, and
  leaves to the right, its width jumping half way.</div>
  <p style="height: 500px">A strip that scrolls sideways on its own: its tile moves up and down across that axis.</p>
  <div class="parallax-scroller strip" data-parallax="strip"><div class="parallax-element" data-element="tile"></div></div>
  <p style="height: 1400px">More of your content.</p>
  <div class="parallax-element" data-element="pin"></div>
</body>
</html>
"""
