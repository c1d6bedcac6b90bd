// One track of a keyframes answer as a function (docs/model.md#keyframes). The one evaluator of
// the TypeScript player (player.ts) and of the served module: scripts/embed-module compiles this
// file with tsc and splices it into Sources/ParallaxService/Web/parallax.js between its
// "evaluator" markers (docs/native.md#the-players).

/** A segment's shape: linear, or CSS cubic-bezier(x1, y1, x2, y2). */
export type Easing = "linear" | { cubicBezier: [number, number, number, number] };

/** A track in the json form: knots [offset or p, value], one easing per segment. */
export interface Curve {
  knots: [number, number][];
  easings: Easing[];
  before?: "linear";
  after?: "linear";
}

/** CSS cubic-bezier(x1, y1, x2, y2) at x in [0, 1], solved to |x(t) − x| ≤ 1e-12. */
function bezier([x1, y1, x2, y2]: [number, number, number, number], x: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const cx = 3 * x1, bx = 3 * (x2 - x1) - cx, ax = 1 - cx - bx;
  const cy = 3 * y1, by = 3 * (y2 - y1) - cy, ay = 1 - cy - by;
  const sx = (t: number) => ((ax * t + bx) * t + cx) * t;
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
export function evaluate(track: Curve, o: number): number {
  const k = track.knots, n = k.length;
  if (n === 0) return 0;
  const slope = (a: number, b: number) => (k[b][1] - k[a][1]) / (k[b][0] - k[a][0]);
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
  return va + (vb - va) * (typeof e === "object" && e.cubicBezier ? bezier(e.cubicBezier, u) : Math.min(1, Math.max(0, u)));
}
