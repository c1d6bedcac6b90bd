// docs/native.md#flutter's recipe, transcribed from its Dart into TypeScript, over a model of
// Flutter's TweenSequence written from its documentation (docs/testing.md#adapters): Dart cannot be
// compiled here, so no Dart ships and this is the check of the recipe's numbers.
//
// TweenSequence (api.flutter.dev/flutter/animation/TweenSequence-class.html): items of positive
// weight split [0, 1] in proportion; transform(t), t in [0, 1], finds the item whose interval
// [start, end) holds t (t = 1: the last item) and evaluates its Tween at the interval's local
// fraction; Tween<double>.transform(u) = begin + (end − begin)·u.
import { Track } from "../../Players/typescript/player.js";

export interface Item { begin: number; end: number; weight: number }

export class TweenSequence {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];

  constructor(readonly items: Item[]) {
    if (items.length === 0 || items.some((i) => !(i.weight > 0))) throw new Error("TweenSequence: items of positive weight");
    const total = items.reduce((s, i) => s + i.weight, 0);
    let start = 0;
    for (const i of items) {
      this.starts.push(start / total);
      start += i.weight;
      this.ends.push(start / total);
    }
  }

  transform(t: number): number {
    if (!(t >= 0 && t <= 1)) throw new Error(`TweenSequence: t = ${t} outside [0, 1]`);
    const at = (k: number) => {
      const { begin, end } = this.items[k];
      return begin + (end - begin) * ((t - this.starts[k]) / (this.ends[k] - this.starts[k]));
    };
    if (t === 1) return at(this.items.length - 1);
    for (let k = 0; k < this.items.length; k++) if (t >= this.starts[k] && t < this.ends[k]) return at(k);
    throw new Error(`TweenSequence: no interval for ${t}`);
  }
}

/** The recipe: one item per segment of positive width (a jump's zero-width segment has none: the
 *  next item starts there, so the jump is right-continuous), weighted by its width in p. */
export function recipe(track: Track): { sequence: TweenSequence; from: number; to: number } {
  const items: Item[] = [];
  const k = track.knots;
  for (let j = 0; j + 1 < k.length; j++) {
    if (k[j + 1][0] > k[j][0]) items.push({ begin: k[j][1], end: k[j + 1][1], weight: k[j + 1][0] - k[j][0] });
  }
  return { sequence: new TweenSequence(items), from: k[0][0], to: k[k.length - 1][0] };
}

/** The recipe's value for page `index` at PageController.position.pixels (logical pixels = points):
 *  p = pixels / L − index; inside the domain the sequence at (p − from)/(to − from); outside it the
 *  end value held, or the end segment continued where the track says "linear". */
export function flutterValue(track: Track, r: ReturnType<typeof recipe>, pixels: number, index: number, stride: number): number {
  const p = pixels / stride - index;
  const k = track.knots, n = k.length;
  if (p < r.from && track.before === "linear") return k[0][1] + (k[1][1] - k[0][1]) / (k[1][0] - k[0][0]) * (p - r.from);
  if (p > r.to && track.after === "linear") return k[n - 1][1] + (k[n - 1][1] - k[n - 2][1]) / (k[n - 1][0] - k[n - 2][0]) * (p - r.to);
  const t = Math.min(1, Math.max(0, (p - r.from) / (r.to - r.from)));
  return r.sequence.transform(t);
}
