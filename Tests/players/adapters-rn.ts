// The React Native adapters and the Flutter recipe against the single-offset answers
// (docs/testing.md#adapters), run by Tests/players/run.sh after tsc: `node adapters-rn.js DIR`
// reads every DIR/NAME.adapter.json (Tests/players/adapters.py) and, for each check, computes the
// value four ways from the linearized page-progress answer: the player (evaluate at p), Animated
// (animatedConfig through the model of Animated's interpolate, at the scroll offset), Reanimated
// (reanimatedArgs through the model of Reanimated's interpolate, at reanimated-carousel's value
// −p) and Flutter (the TweenSequence recipe at PageController pixels); then DIR/NAME.scroll.json,
// eased scroll elements linearized, with the offset itself as input. Within 0.5 pt / 0.002 / 0.01°.
import { readdirSync, readFileSync } from "fs";
import { decode, evaluate, findTrack, kindOf, KeyframesAnswer, Target } from "../../Players/typescript/player.js";
import { animatedConfig, reanimatedArgs } from "../../Players/typescript/reactnative.js";
import { animatedInterpolate, reanimatedInterpolate } from "./rn-model.js";
import { flutterValue, recipe } from "./flutter-model.js";

interface Check { offset: number; index: number; layer: string | null; property: string; value: number }
interface Case { name: string; stride: number; linearAnswer: unknown; checks: Check[] }

const TOLERANCE = { length: 0.5, ratio: 0.002, angle: 0.01 };
const dir = process.argv[2];
const counts: Record<string, number> = { player: 0, animated: 0, reanimated: 0, flutter: 0 };
const failures: string[] = [];
for (const file of readdirSync(dir).filter((f) => f.endsWith(".adapter.json")).sort()) {
  const c = JSON.parse(readFileSync(`${dir}/${file}`, "utf8")) as Case;
  const answer: KeyframesAnswer = decode(c.linearAnswer);
  for (const k of c.checks) {
    const target: Target = k.layer === null ? { page: true } : { layer: k.layer };
    const track = findTrack(answer, target, k.property);
    const where = `${c.name} page ${k.index} ${k.layer ?? "page"} ${k.property} at ${k.offset}`;
    if (!track) { failures.push(`${where}: no track`); continue; }
    const p = k.offset / c.stride - k.index;
    const a = reanimatedArgs(track);
    const got: Record<string, number> = {
      player: evaluate(track, p),
      animated: animatedInterpolate(animatedConfig(track, k.index, c.stride))(k.offset),
      reanimated: reanimatedInterpolate(-p, a.input, a.output, a.extrapolation),
      flutter: flutterValue(track, recipe(track), k.offset, k.index, c.stride),
    };
    const tol = TOLERANCE[kindOf(k.property)];
    for (const [way, v] of Object.entries(got)) {
      if (Math.abs(v - k.value) <= tol) counts[way]++;
      else failures.push(`${where}: ${way} ${v}, single-offset ${k.value}`);
    }
  }
}
// Eased scroll elements, linearized: the same adapters with the offset as the input (index 0, L = 1).
interface ScrollCheck { offset: number; target: Target; property: string; value: number }
for (const file of readdirSync(dir).filter((f) => f.endsWith(".scroll.json")).sort()) {
  const c = JSON.parse(readFileSync(`${dir}/${file}`, "utf8")) as { name: string; linearAnswer: unknown; checks: ScrollCheck[] };
  const answer = decode(c.linearAnswer);
  for (const k of c.checks) {
    const track = findTrack(answer, k.target, k.property);
    const where = `${c.name} ${JSON.stringify(k.target)} ${k.property} at ${k.offset}`;
    if (!track) { failures.push(`${where}: no track`); continue; }
    const a = reanimatedArgs(track);
    const got: Record<string, number> = {
      player: evaluate(track, k.offset),
      animated: animatedInterpolate(animatedConfig(track, 0, 1))(k.offset),
      reanimated: reanimatedInterpolate(-k.offset, a.input, a.output, a.extrapolation),
      flutter: flutterValue(track, recipe(track), k.offset, 0, 1),
    };
    const tol = TOLERANCE[kindOf(k.property)];
    for (const [way, v] of Object.entries(got)) {
      if (Math.abs(v - k.value) <= tol) counts[way]++;
      else failures.push(`${where}: ${way} ${v}, single-offset ${k.value}`);
    }
  }
}
for (const f of failures.slice(0, 20)) console.log(`  FAIL ${f}`);
const passed = Object.values(counts).reduce((s, n) => s + n, 0);
console.log(`react native and flutter: ${passed} passed, ${failures.length} failed (${Object.entries(counts).map(([k, n]) => `${k} ${n}`).join(", ")})`);
process.exit(failures.length === 0 && passed > 0 ? 0 : 1);
