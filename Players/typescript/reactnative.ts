// React Native adapters (docs/native.md#react-native): `interpolate` configurations built from a
// linearized page-progress answer, for Animated (`scrollX.interpolate(config)`, inputs in scroll
// offsets) and Reanimated (`interpolate(value, input, output, extrapolation)` with
// reanimated-carousel's `value` = −p). Both libraries extend past the ends by default; the service
// holds unless a track says "before"/"after": "linear", so the extrapolation is always written out.
import { Track } from "./player.js";

export type Extrapolate = "extend" | "clamp";

/** `Animated.Value.interpolate`'s configuration. */
export interface AnimatedConfig {
  inputRange: number[];
  outputRange: number[];
  extrapolateLeft: Extrapolate;
  extrapolateRight: Extrapolate;
}

/** Reanimated `interpolate`'s arguments after the value: input, output and extrapolation. */
export interface ReanimatedArgs {
  input: number[];
  output: number[];
  extrapolation: { extrapolateLeft: Extrapolate; extrapolateRight: Extrapolate };
}

function linearOnly(track: Track): void {
  if (track.easings.some((e) => e !== "linear")) {
    throw new Error(`${track.property}: an eased segment; ask for the answer with "linearize"`);
  }
}

/** Page `index`'s track as a function of the scroll offset: inputs (index + p)·L, so
 *  `scrollX.interpolate(config)` (scrollX from the ScrollView's onScroll contentOffset, in points,
 *  logical: page i rests at i·L) gives the value. Repeated inputs (a jump) are allowed by Animated.
 *  A track of the offset itself (header, scroll elements): index 0, stride 1. */
export function animatedConfig(track: Track, index: number, stride: number): AnimatedConfig {
  linearOnly(track);
  return {
    inputRange: track.knots.map(([p]) => (index + p) * stride),
    outputRange: track.knots.map(([, v]) => v),
    extrapolateLeft: track.before === "linear" ? "extend" : "clamp",
    extrapolateRight: track.after === "linear" ? "extend" : "clamp",
  };
}

/** The track as a function of reanimated-carousel's `value` (= −p): knots reversed and negated,
 *  ends swapped. Reanimated wants strictly increasing inputs, so a jump's second input moves up by
 *  one unit in the last place (at the jump itself the left value, as an `either` case allows). */
export function reanimatedArgs(track: Track): ReanimatedArgs {
  linearOnly(track);
  const knots = track.knots.map(([p, v]) => [-p, v]).reverse();
  const input: number[] = [];
  for (const [x] of knots) {
    const last = input.length > 0 ? input[input.length - 1] : -Infinity;
    input.push(x > last ? x : last + Math.max(Math.abs(last) * Number.EPSILON, Number.MIN_VALUE));
  }
  return {
    input,
    output: knots.map(([, v]) => v),
    extrapolation: {
      extrapolateLeft: track.after === "linear" ? "extend" : "clamp",
      extrapolateRight: track.before === "linear" ? "extend" : "clamp",
    },
  };
}
