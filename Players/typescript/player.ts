// The TypeScript player core (docs/native.md#the-players): the keyframes answers' types, a decoder
// that reads both formats (json knots, keytimes fractions) and both inputs into one shape, and the
// fixtures check an app's CI runs. Evaluation is evaluate.ts, the module's own evaluator.
import { Curve, Easing, evaluate } from "./evaluate.js";

export { Curve, Easing, evaluate };

/** What a track animates: `{slot}`, `{slot, layer}`, `{}` (header), `{element}`, and with
 *  `input: "pageProgress"` `{page: true}` or `{layer}` (every page, as a function of p). */
export interface Target { slot?: number; layer?: string; element?: string; page?: true }

export interface Track extends Curve {
  target: Target;
  property: string;
  /** Linearized answers: the bound on |track − exact| the service proved for this track. */
  maxError?: number;
}

export interface KeyframesAnswer {
  model: "paging" | "header" | "scroll";
  /** "offset" (the default, absent from the answer) or "pageProgress". */
  input: "offset" | "pageProgress";
  axis: "horizontal" | "vertical";
  /** Page-progress answers: L in points, and the sign: p = offset/L − index ("movedBack"). */
  stride?: number;
  sign?: "movedBack";
  domain: { from: number; to: number };
  linearized?: { length: number; ratio: number; angle: number };
  tracks: Track[];
}

export type Kind = "length" | "ratio" | "angle";

export interface FixtureCase { at: number; value?: number; either?: [number, number] }

export interface Fixtures {
  model: string;
  input: "offset" | "pageProgress";
  tolerance: Record<Kind, number>;
  samples?: number;
  seed?: number;
  tracks: { target: Target; property: string; kind: Kind; cases: FixtureCase[] }[];
}

const RATIOS = ["progress", "progressClamped", "visibleFraction", "opacity", "scale", "scale.x", "scale.y", "scaleX", "scaleY"];

/** The kind that picks a property's tolerance. */
export function kindOf(property: string): Kind {
  return RATIOS.includes(property) ? "ratio" : property === "rotate" || property === "degrees" ? "angle" : "length";
}

/** p of page `index` at the pager's offset: +1 when it has moved one page back (ViewPager2's
 *  `position`, Compose's `getOffsetDistanceInPages` and reanimated-carousel's `value` are −p). */
export function pageProgress(offset: number, stride: number, index: number): number {
  return offset / stride - index;
}

interface WireTrack {
  target: Target; property: string; maxError?: number; before?: "linear"; after?: "linear";
  knots?: [number, number][]; easings?: Easing[];
  values?: number[]; keyTimes?: number[]; timingFunctions?: [number, number, number, number][];
}

/** A parsed `json` or `keytimes` answer in one shape (keytimes' key times become offsets). */
export function decode(raw: unknown): KeyframesAnswer {
  const a = raw as Omit<KeyframesAnswer, "tracks"> & { tracks: WireTrack[] };
  if (!a || !Array.isArray(a.tracks) || !a.domain) throw new Error("not a keyframes answer");
  const { from, to } = a.domain;
  const tracks = a.tracks.map((t): Track => {
    let knots: [number, number][], easings: Easing[];
    if (t.knots) {
      knots = t.knots; easings = t.easings ?? [];
    } else if (t.values && t.keyTimes && t.values.length === t.keyTimes.length) {
      knots = t.keyTimes.map((f, i) => [f === 1 ? to : from + f * (to - from), t.values![i]]);
      easings = (t.timingFunctions ?? []).map((f): Easing =>
        f[0] === 0 && f[1] === 0 && f[2] === 1 && f[3] === 1 ? "linear" : { cubicBezier: f });
    } else {
      throw new Error(`${t.property}: neither knots nor values with keyTimes`);
    }
    if (knots.length === 0 || easings.length !== knots.length - 1) throw new Error(`${t.property}: ${knots.length} knots, ${easings.length} easings`);
    const track: Track = { target: t.target, property: t.property, knots, easings };
    if (t.before === "linear") track.before = "linear";
    if (t.after === "linear") track.after = "linear";
    if (t.maxError !== undefined) track.maxError = t.maxError;
    return track;
  });
  return { ...a, input: a.input ?? "offset", tracks };
}

function sameTarget(a: Target, b: Target): boolean {
  return a.slot === b.slot && a.layer === b.layer && a.element === b.element && a.page === b.page;
}

/** The track of `answer` for a target and property, if it has one. */
export function findTrack(answer: KeyframesAnswer, target: Target, property: string): Track | undefined {
  return answer.tracks.find((t) => t.property === property && sameTarget(t.target, target));
}

/** Every case of `fixtures` against the same track of `answer`, within tolerance[kind] (for
 *  `either`, of one of the two). A fixtures track the answer lacks is a failure. */
export function check(answer: KeyframesAnswer, fixtures: Fixtures): { passed: number; failures: string[] } {
  let passed = 0;
  const failures: string[] = [];
  if (answer.input !== fixtures.input) failures.push(`input: answer ${answer.input}, fixtures ${fixtures.input}`);
  for (const f of fixtures.tracks) {
    const name = `${JSON.stringify(f.target)} ${f.property}`;
    const track = findTrack(answer, f.target, f.property);
    if (!track) { failures.push(`${name}: no such track in the answer`); continue; }
    const tol = fixtures.tolerance[f.kind];
    for (const c of f.cases) {
      const got = evaluate(track, c.at);
      const want = c.value !== undefined ? [c.value] : c.either ?? [];
      if (want.some((v) => Math.abs(got - v) <= tol)) passed++;
      else failures.push(`${name} at ${c.at}: got ${got}, want ${want.join(" or ")} ± ${tol}`);
    }
  }
  return { passed, failures };
}
