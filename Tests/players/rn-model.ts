// Models of React Native's Animated `interpolate` and Reanimated's `interpolate`, written from their
// documentation (docs/testing.md#adapters): the real libraries need a device or a React Native
// runtime, which this machine lacks.
//
// Animated (reactnative.dev/docs/animations#interpolation, AnimatedInterpolation): inputRange
// non-decreasing (repeated values allowed), the segment is the first whose end is ≥ x (the last
// segment beyond the range), linear within it; extrapolate "extend" (the default) continues the
// segment, "clamp" holds the end output, "identity" returns x; where a segment's two inputs are
// equal, x at or below them gives the first output, above them the second.
//
// Reanimated (docs.swmansion.com/react-native-reanimated/docs/utilities/interpolate): input
// strictly increasing, at least two points; Extrapolation.EXTEND is the default on both sides,
// CLAMP holds, IDENTITY returns x.
export type Extrapolate = "extend" | "clamp" | "identity";

export function animatedInterpolate(config: {
  inputRange: number[]; outputRange: number[]; extrapolate?: Extrapolate;
  extrapolateLeft?: Extrapolate; extrapolateRight?: Extrapolate;
}): (x: number) => number {
  const { inputRange: ins, outputRange: outs } = config;
  if (ins.length < 2 || ins.length !== outs.length) throw new Error("inputRange must have at least 2 elements, as many as outputRange");
  for (let i = 1; i < ins.length; i++) if (!(ins[i] >= ins[i - 1])) throw new Error("inputRange must be monotonically non-decreasing");
  const left = config.extrapolateLeft ?? config.extrapolate ?? "extend";
  const right = config.extrapolateRight ?? config.extrapolate ?? "extend";
  return (x) => {
    let i = 1;
    for (; i < ins.length - 1; i++) if (ins[i] >= x) break;
    const a = ins[i - 1], b = ins[i], va = outs[i - 1], vb = outs[i];
    if (x < a) {
      if (left === "identity") return x;
      if (left === "clamp") return va;
    }
    if (x > b) {
      if (right === "identity") return x;
      if (right === "clamp") return vb;
    }
    if (a === b) return x <= a ? va : vb;
    return va + (vb - va) * ((x - a) / (b - a));
  };
}

export function reanimatedInterpolate(x: number, input: number[], output: number[],
  extrapolation?: { extrapolateLeft?: Extrapolate; extrapolateRight?: Extrapolate }): number {
  if (input.length < 2 || input.length !== output.length) throw new Error("interpolate: input and output of equal length ≥ 2");
  for (let i = 1; i < input.length; i++) if (!(input[i] > input[i - 1])) throw new Error("interpolate: input must be increasing");
  const left = extrapolation?.extrapolateLeft ?? "extend";
  const right = extrapolation?.extrapolateRight ?? "extend";
  let i = 1;
  while (i < input.length - 1 && x > input[i]) i++;
  const a = input[i - 1], b = input[i], va = output[i - 1], vb = output[i];
  if (x < a && left !== "extend") return left === "clamp" ? va : x;
  if (x > b && right !== "extend") return right === "clamp" ? vb : x;
  return va + (vb - va) * ((x - a) / (b - a));
}
