// parallax.js: plays the parallax service's keyframes where CSS scroll-driven animations are
// unsupported (docs/web.md). Load it beside the stylesheet:
//
//   <link rel="stylesheet" href="https://HOST/v1/paging/keyframes?...&format=css">
//   <script type="module" src="https://HOST/v1/parallax.js"></script>
//
// Where `animation-timeline: scroll()` works, it does nothing: the stylesheet runs on the
// compositor. Elsewhere it finds the service's keyframes stylesheets among the page's <link>s,
// fetches the same URLs with format=json and moves the markup's boxes on scroll (a passive
// listener, one write per animation frame), exactly as the single-offset answers place them. The
// stylesheet still places and sizes every box at rest; this module only writes the
// `translate`, `width`, `height`, `scale`, `rotate` and `opacity` the animations would.
// Frameworks call `play(scroller, url)` themselves (docs/web.md#the-module).
//
// A fluid stylesheet (its URL has no viewport.*, docs/web.md#fluid-and-fixed) fits any size: the
// module measures the scroller's client size (and the laid-out frames of scroll elements the
// request gives no frame), asks for the JSON of that size, and asks again when it changes (a
// ResizeObserver on the scroller and those elements, coalesced to one request per settled size;
// the same size is the same URL, so it comes from the HTTP cache).

const KEYFRAMES = /\/v1\/(paging|header|scroll)\/keyframes$/;
const MARKER = { paging: ".parallax-page", header: ".parallax-header", scroll: ".parallax-element" };
const REACH = 1e6; // how far past its domain a track is fetched when it does not say how it goes on

/** Whether the browser plays the stylesheet itself (then this module stays out of the way). */
export const supported = typeof CSS !== "undefined" && typeof CSS.supports === "function" &&
  CSS.supports("animation-timeline: scroll()");

/** CSS cubic-bezier(x1, y1, x2, y2) at x in [0, 1], solved to |x(t) − x| ≤ 1e-12. */
function bezier([x1, y1, x2, y2], x) {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const cx = 3 * x1, bx = 3 * (x2 - x1) - cx, ax = 1 - cx - bx;
  const cy = 3 * y1, by = 3 * (y2 - y1) - cy, ay = 1 - cy - by;
  const sx = (t) => ((ax * t + bx) * t + cx) * t;
  let t = x;
  for (let i = 0; i < 8; i++) {
    const e = sx(t) - x;
    if (Math.abs(e) <= 1e-12) return ((ay * t + by) * t + cy) * t;
    const d = (3 * ax * t + 2 * bx) * t + cx;
    if (Math.abs(d) < 1e-9) break;
    t -= e / d;
  }
  let lo = 0, hi = 1;
  t = x;
  for (let i = 0; i < 100; i++) {
    const v = sx(t);
    if (Math.abs(v - x) <= 1e-12) break;
    if (v < x) lo = t; else hi = t;
    t = (lo + hi) / 2;
  }
  return ((ay * t + by) * t + cy) * t;
}

/** The value of a JSON track at offset o: its segments, eased; outside its domain its end values,
 *  or its end segments extended where it says `"before": "linear"` / `"after": "linear"`. */
export function evaluate(track, o) {
  const k = track.knots, n = k.length;
  if (n === 0) return 0;
  const slope = (a, b) => (k[b][1] - k[a][1]) / (k[b][0] - k[a][0]);
  if (o < k[0][0]) return track.before === "linear" && n > 1 ? k[0][1] + slope(0, 1) * (o - k[0][0]) : k[0][1];
  if (o > k[n - 1][0]) return track.after === "linear" && n > 1 ? k[n - 1][1] + slope(n - 2, n - 1) * (o - k[n - 1][0]) : k[n - 1][1];
  let lo = 0, hi = n - 1; // the last knot at or before o (at a jump, the second one)
  while (hi - lo > 1) { const mid = (lo + hi) >> 1; if (k[mid][0] <= o) lo = mid; else hi = mid; }
  if (k[hi][0] <= o) lo = hi;
  if (lo === n - 1) return k[lo][1];
  const [oa, va] = k[lo], [ob, vb] = k[lo + 1];
  if (o === oa || va === vb) return va;
  const w = ob - oa;
  const u = o - oa <= ob - o ? (o - oa) / w : 1 - (ob - o) / w;
  const e = track.easings[lo];
  return va + (vb - va) * (e && e.cubicBezier ? bezier(e.cubicBezier, u) : Math.min(1, Math.max(0, u)));
}

function targetKey(t) {
  if (t.element !== undefined) return "e" + t.element;
  if (t.slot !== undefined) return "s" + t.slot + (t.layer !== undefined ? "/" + t.layer : "");
  return "h";
}

async function fetchJSON(url) {
  const r = await fetch(url, { mode: "cors" });
  if (!r.ok) throw new Error(`parallax.js: ${url} answered ${r.status}`);
  return r.json();
}

/** Whether a keyframes URL asks for a fluid stylesheet (no viewport.* parameter). */
export function isFluid(href) {
  const url = new URL(href, document.baseURI);
  return ![...url.searchParams.keys()].some((k) => k.startsWith("viewport."));
}

const TRANSFORMS = ["translate", "scale", "rotate"];

/** A fluid URL made fixed at the scroller's current size: viewport.* its client size, and each
 *  scroll element without `frame` given its laid-out frame at rest (untransformed, in the
 *  scroller's content coordinates). Returns the URL and the elements' specs (null: not scroll). */
export function measure(scroller, href) {
  const url = new URL(href, document.baseURI);
  const size = scroller.clientWidth + "x" + scroller.clientHeight;
  url.searchParams.set("viewport.width", String(scroller.clientWidth));
  url.searchParams.set("viewport.height", String(scroller.clientHeight));
  // A carousel's pageSize in points is min(pageSize, A) on a scroller narrower than it, as the
  // fluid stylesheet has it (docs/model.md#carousels); a larger one would be a 422 for this size.
  const points = url.searchParams.get("pageSize");
  const extent = url.searchParams.get("axis") === "vertical" ? scroller.clientHeight : scroller.clientWidth;
  if (points !== null && Number(points) > extent) url.searchParams.set("pageSize", String(extent));
  const raw = url.searchParams.get("elements");
  if (raw === null) return { url, size, elements: null };
  let elements;
  try { elements = JSON.parse(raw); } catch { return { url, size, elements: null }; }
  if (!Array.isArray(elements)) return { url, size, elements: null };
  const b = scroller.getBoundingClientRect();
  for (const e of elements) {
    if (!e || typeof e !== "object" || e.frame !== undefined) continue;
    const el = [...scroller.querySelectorAll(":scope > .parallax-element[data-element]")].find((x) => x.dataset.element === e.name);
    if (!el) continue;
    const saved = TRANSFORMS.map((p) => el.style[p]);
    for (const p of TRANSFORMS) el.style.setProperty(p, "none", "important");
    const r = el.getBoundingClientRect();
    TRANSFORMS.forEach((p, i) => { el.style.removeProperty(p); el.style[p] = saved[i]; });
    // In 1/64 px (the layout unit of browsers): the same layout measures the same at any scroll
    // position, so the URL, and the HTTP cache's entry, stay the same.
    const q = (v) => Math.round(v * 64) / 64;
    e.frame = { x: q(r.left - b.left - scroller.clientLeft + scroller.scrollLeft),
                y: q(r.top - b.top - scroller.clientTop + scroller.scrollTop), width: q(r.width), height: q(r.height) };
  }
  url.searchParams.set("elements", JSON.stringify(elements));
  return { url, size, elements };
}

/** The keyframes of a stylesheet URL as JSON, widened (when a track does not say how it goes on)
 *  so every offset the page can reach is covered; `rest` is where the stylesheet rests the boxes.
 *  `url` may be a URL object already measured (`measure`). */
async function load(href, reduced) {
  const url = new URL(href, document.baseURI);
  url.searchParams.set("format", "json");
  url.searchParams.delete("properties");
  if (reduced) url.searchParams.set("motionScale", "0");
  const first = await fetchJSON(url);
  // Where the stylesheet rests the boxes: offset 0 (the page's top), clamped into the domain.
  const rest = Math.min(Math.max(0, first.domain.from), first.domain.to);
  const open = first.domain.from > 0 || first.tracks.some((t) => t.after !== "linear");
  if (!open || url.searchParams.get("infinite") === "true") return { kf: first, rest };
  url.searchParams.set("domain.from", String(Math.min(first.domain.from, 0)));
  url.searchParams.set("domain.to", String(first.domain.to + REACH));
  try { return { kf: await fetchJSON(url), rest }; } catch { return { kf: first, rest }; }
}

const players = new WeakMap(); // scroller → its controller: one player per scroller

/** Plays the keyframes of `href` (a keyframes stylesheet URL, any format) on `scroller`'s markup.
 *  Returns a controller {update(), stop()}, or null where the browser plays the stylesheet itself
 *  (pass {force: true} to play anyway). Honours prefers-reduced-motion (the motionScale 0 answer).
 *  Playing a scroller again replaces its player. */
export async function play(scroller, href, { force = false } = {}) {
  if (supported && !force) return null;
  const previous = players.get(scroller);
  if (previous) previous.stop();
  const media = typeof matchMedia === "function" ? matchMedia("(prefers-reduced-motion: reduce)") : null;
  let model, rest, tracks, frame = 0, stopped = false;
  const boxes = [];
  const fluid = isFluid(href);
  let measured = null, sizeKey = "", observer = null, settle = 0;
  const get = (key, prop) => tracks.get(key + "|" + prop);
  const delta = (key, prop, o) => { const t = get(key, prop); return t ? evaluate(t, o) - evaluate(t, rest) : 0; };
  const value = (key, prop, o) => { const t = get(key, prop); return t ? evaluate(t, o) : null; };

  async function prepare() {
    // Fluid: the JSON of the scroller's size now (and of its elements' laid-out frames).
    measured = fluid ? measure(scroller, href) : null;
    sizeKey = fluid ? measured.url.href : "";
    const { kf, rest: r } = await load(fluid ? measured.url.href : href, media !== null && media.matches);
    model = kf.model;
    rest = r;
    tracks = new Map();
    for (const t of kf.tracks) tracks.set(targetKey(t.target) + "|" + t.property, t);
    const horizontal = kf.axis === "horizontal";
    const rtl = horizontal && getComputedStyle(scroller).direction === "rtl";
    const along = (o) => (horizontal ? [(rtl ? -1 : 1) * (o - rest), 0] : [0, o - rest]);
    boxes.length = 0;
    const add = (el, f) => { if (el) boxes.push([el, f]); };
    if (model === "paging") {
      for (const page of scroller.querySelectorAll(":scope > .parallax-page[data-slot]")) {
        const p = "s" + page.dataset.slot;
        add(page, (o) => {
          const [ax, ay] = along(o);
          return { dx: delta(p, "viewportFrame.x", o) + ax, dy: delta(p, "viewportFrame.y", o) + ay,
                   width: value(p, "viewportFrame.width", o), height: value(p, "viewportFrame.height", o) };
        });
        for (const layer of page.querySelectorAll(":scope > .parallax-layer[data-layer]")) {
          const l = p + "/" + layer.dataset.layer;
          add(layer, (o) => ({
            dx: delta(l, "viewportFrame.x", o) - delta(p, "viewportFrame.x", o),
            dy: delta(l, "viewportFrame.y", o) - delta(p, "viewportFrame.y", o),
            width: value(l, "viewportFrame.width", o), height: value(l, "viewportFrame.height", o),
            opacity: value(l, "opacity", o), scale: value(l, "scale", o) }));
          add(layer.querySelector(":scope > img.parallax-content"), (o) => content(l, o));
        }
      }
    } else if (model === "header") {
      const header = scroller.querySelector(":scope > .parallax-header");
      const image = header && header.querySelector(":scope > .parallax-image");
      add(header, (o) => ({ dx: delta("h", "header.x", o), dy: delta("h", "header.y", o) + (o - rest),
                            width: value("h", "header.width", o), height: value("h", "header.height", o) }));
      add(image, (o) => ({ dx: delta("h", "image.x", o), dy: delta("h", "image.y", o),
                           width: value("h", "image.width", o), height: value("h", "image.height", o) }));
      add(image && image.querySelector(":scope > img.parallax-content"), (o) => content("h", o));
    } else {
      // A fluid stylesheet rests an element on its own crossing (no startOffset and endOffset)
      // without its effects: its translate is written whole, not from a resting value.
      const own = new Set();
      for (const spec of (measured && measured.elements) || [])
        if (spec && (spec.startOffset === undefined || spec.endOffset === undefined)) own.add(spec.name);
      for (const el of scroller.querySelectorAll(":scope > .parallax-element[data-element]")) {
        const e = "e" + el.dataset.element;
        const move = own.has(el.dataset.element) ? (p, o) => value(e, p, o) || 0 : (p, o) => delta(e, p, o);
        add(el, (o) => ({ dx: move("translate.x", o), dy: move("translate.y", o),
                          scale: value(e, "scale", o), rotate: value(e, "rotate", o), opacity: value(e, "opacity", o) }));
      }
    }
    function content(key, o) {
      return { dx: delta(key, "contentFrame.x", o), dy: delta(key, "contentFrame.y", o),
               width: value(key, "contentFrame.width", o), height: value(key, "contentFrame.height", o) };
    }
    return horizontal ? (rtl ? () => -scroller.scrollLeft : () => scroller.scrollLeft) : () => scroller.scrollTop;
  }

  let offset = await prepare();
  const apply = () => {
    frame = 0;
    if (stopped) return;
    const o = offset();
    for (const [el, f] of boxes) {
      const v = f(o), s = el.style;
      s.translate = v.dx || v.dy ? `${v.dx}px ${v.dy}px` : "";
      if (v.width !== null && v.width !== undefined) s.width = v.width + "px";
      if (v.height !== null && v.height !== undefined) s.height = v.height + "px";
      if (v.scale !== null && v.scale !== undefined) s.scale = String(v.scale);
      if (v.rotate !== null && v.rotate !== undefined) s.rotate = v.rotate + "deg";
      if (v.opacity !== null && v.opacity !== undefined) s.opacity = String(v.opacity);
    }
  };
  const schedule = () => { if (!frame && !stopped) frame = requestAnimationFrame(apply); };
  let loading = null;
  const reload = async () => {
    if (loading) { await loading; }
    // The boxes keep the old size's styles while the new answer is fetched (no flash), then
    // the new ones are written in the same task.
    loading = (async () => {
      const old = boxes.map(([el]) => el);
      offset = await prepare();
      for (const el of old) for (const p of ["translate", "width", "height", "scale", "rotate", "opacity"]) el.style[p] = "";
      apply();
      marked();
    })();
    try { await loading; } finally { loading = null; }
  };
  // Fluid: when the scroller or a measured element changes size, ask again once it has settled
  // (one request per settled size; nothing when the measured URL is the same).
  const resized = () => {
    if (stopped) return;
    clearTimeout(settle);
    settle = setTimeout(() => { if (!stopped && measure(scroller, href).url.href !== sizeKey) reload(); }, 120);
  };
  const observe = () => {
    if (!fluid || typeof ResizeObserver !== "function") return;
    if (observer) observer.disconnect();
    observer = new ResizeObserver(resized);
    observer.observe(scroller);
    for (const el of scroller.querySelectorAll(":scope > .parallax-element[data-element]")) observer.observe(el);
  };
  // A hook for tests and the page's CSS: the size (client width x height) the playing answer is for.
  const marked = () => { if (fluid) scroller.setAttribute("data-parallax-size", measured.size); };
  const reloadOnce = reload;
  scroller.addEventListener("scroll", schedule, { passive: true });
  addEventListener("resize", schedule, { passive: true });
  if (media) media.addEventListener("change", reload);
  observe();
  apply();
  marked();
  // A hook for the page's own CSS (and its tests): this scroller is played by the module.
  scroller.setAttribute("data-parallax-player", "");
  const controller = {
    /** Writes the boxes for the current offset now (e.g. after changing the markup). */
    update: apply,
    /** The scroller's size or the page's layout changed (a framework knows before any observer):
     *  measures again and, for a fluid stylesheet, plays the answer of the new size. Resolves
     *  when it plays. */
    async resize() {
      if (fluid && measure(scroller, href).url.href !== sizeKey) await reloadOnce();
      else apply();
    },
    /** Stops listening and removes every style this module wrote. */
    stop() {
      stopped = true;
      if (frame) cancelAnimationFrame(frame);
      scroller.removeEventListener("scroll", schedule);
      removeEventListener("resize", schedule);
      if (media) media.removeEventListener("change", reload);
      if (observer) observer.disconnect();
      clearTimeout(settle);
      scroller.removeAttribute("data-parallax-size");
      for (const [el] of boxes) for (const p of ["translate", "width", "height", "scale", "rotate", "opacity"]) el.style[p] = "";
      scroller.removeAttribute("data-parallax-player");
      if (players.get(scroller) === controller) players.delete(scroller);
    },
  };
  players.set(scroller, controller);
  return controller;
}

/** Zero configuration: every keyframes stylesheet linked by the page, played on the first
 *  `.parallax-scroller` holding that model's markup. Resolves to the controllers started. */
export async function start(root = document) {
  if (supported) return [];
  const used = new Set();
  const started = [];
  for (const link of root.querySelectorAll('link[rel~="stylesheet"][href]')) {
    let url;
    try { url = new URL(link.href, document.baseURI); } catch { continue; }
    const m = KEYFRAMES.exec(url.pathname);
    if (!m || url.searchParams.get("format") !== "css") continue;
    const scroller = [...root.querySelectorAll(".parallax-scroller")]
      .find((s) => !used.has(s) && !players.has(s) && s.querySelector(":scope > " + MARKER[m[1]]));
    if (!scroller) continue;
    used.add(scroller);
    try { started.push(await play(scroller, url.href)); } catch (e) { console.error(e); }
  }
  return started;
}

/** Resolves when the zero-configuration start has played every linked stylesheet. */
export const ready = supported ? Promise.resolve([]) : start();
