#!/usr/bin/env bash
# The three player cores against fixtures (docs/testing.md#players, docs/native.md#the-players):
#   1. fixtures.py writes json and keytimes answers of the given server with their fixtures (the
#      server's format=fixtures, or ones built from its single-offset answers where it has none),
#      beside the hand-written page-progress answer of handwritten/;
#   2. the Swift player (PlayerCheck, swift build), the Kotlin player (Debian's kotlinc, -Werror;
#      run by java) and the TypeScript player (Debian's tsc, --strict; run by node) each check
#      every case;
#   3. the served module's evaluator (parallax.js between its "evaluator" markers) is evaluate.ts
#      as tsc compiles it: one source, not two;
#   4. one case planted wrong (10 tolerances off) must fail each player with exactly one failure;
#   5. adapters.py writes pagers' set-ups, page-progress answers and single-offset values, and the
#      adapters draw those values through models of their frameworks: React Native's Animated and
#      Reanimated interpolate and Flutter's TweenSequence (adapters-rn.ts, node), Jetpack
#      Compose's PagerState and graphicsLayer (compose-model/, ComposeCheck.kt, kotlinc), SwiftUI's
#      visualEffect and scroll geometry and UIKit's UIScrollView (swift-models/, AdapterCheck.swift,
#      swiftc in Swift 6 mode with warnings as errors);
#   6. the demo's app snippets (docs/native.md#from-the-demo, demo_snippets.py): the Swift one by
#      swiftc against the player's module, the Kotlin one in the one kotlinc run, the TypeScript
#      one by tsc beside the player's sources, each run against the server and printing what the
#      single-offset answer says; a printout with one number planted wrong must fail the comparison.
# Prints `players: N passed, M failed` over those checks; exit 1 on any failure.
#
# usage: Tests/players/run.sh [path/to/parallax-server]   (default: .build/release/parallax-server)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=${1:-"$root/.build/release/parallax-server"}
build=${PARALLAX_BUILD_DIR:-$root/.build}
for tool in kotlinc java tsc node swift; do
  command -v "$tool" >/dev/null || { echo "players: $tool not found (scripts/setup installs it)"; exit 1; }
done
# shellcheck source=../lib/server.sh
source "$root/Tests/lib/server.sh" # start_server, remove_on_exit, $python
start_server "$bin" --workers 2 --access-log off
work=$(mktemp -d)
remove_on_exit "$work"
cd "$root"

passed=0 failed=0
ok() { passed=$((passed + 1)); echo "ok   $1"; }
bad() { failed=$((failed + 1)); echo "FAIL $1"; }

"$python" Tests/players/fixtures.py "$base" "$work/fixtures"
cp Tests/players/handwritten/* "$work/fixtures/"
"$python" Tests/players/adapters.py "$base" "$work/adapters"
"$python" Tests/players/demo_snippets.py write "$base" "$work/demo"

swift build --scratch-path "$build" --product PlayerCheck 2>&1 | tail -n 1
debug=$(swift build --scratch-path "$build" --show-bin-path)
swift_bin=$debug/PlayerCheck
# The SwiftUI and UIKit adapters: the models as modules of their own, then the adapters and their
# check linked with the player's and ParallaxLayout's objects of that build (Swift 6, warnings as errors).
mkdir "$work/swift"
for m in CoreGraphics SwiftUI UIKit; do
  swiftc -swift-version 6 -warnings-as-errors -parse-as-library -emit-library -static -module-name "$m" -I "$work/swift" \
    -emit-module -emit-module-path "$work/swift/$m.swiftmodule" -o "$work/swift/lib$m.a" "Tests/players/swift-models/$m.swift"
done
swiftc -swift-version 6 -warnings-as-errors -parse-as-library -I "$work/swift" -I "$debug/Modules" -L "$work/swift" \
  -lUIKit -lSwiftUI -lCoreGraphics Players/swiftui/*.swift Players/uikit/*.swift Tests/players/AdapterCheck.swift \
  "$debug"/ParallaxLayout.build/*.o "$debug"/ParallaxPlayer.build/*.o -o "$work/adapters-swift"
tsc --target es2020 --module es2020 --moduleResolution node --strict --outDir "$work/ts" --rootDir . \
  Tests/players/check.ts Tests/players/adapters-rn.ts Tests/players/node.d.ts
echo '{"type": "module"}' >"$work/ts/package.json"
# The demo's snippets as an app builds them: Swift top-level code against the player's module, the
# TypeScript one beside player.ts and evaluate.ts (ES2022 for its top-level await).
swiftc -swift-version 6 -warnings-as-errors -I "$debug/Modules" "$work/demo/main.swift" \
  "$debug"/ParallaxLayout.build/*.o "$debug"/ParallaxPlayer.build/*.o -o "$work/demo-swift"
tsc --target es2022 --module es2022 --moduleResolution node --strict --outDir "$work/demo/ts/out" "$work/demo/ts/snippet.ts"
echo '{"type": "module"}' >"$work/demo/ts/out/package.json"
# One kotlinc run (about 15 s) for the player, its check, the Compose adapter and the Compose model.
kotlinc -Werror Players/kotlin/src/parallax/player/*.kt Tests/players/Check.kt Players/compose/*.kt \
  Tests/players/compose-model/*.kt Tests/players/ComposeCheck.kt "$work/demo/Snippet.kt" -include-runtime -d "$work/player.jar" 2> >(grep -v 'noverify were deprecated' >&2)
players=(swift kotlin typescript)
run_player() { # NAME DIR
  case $1 in
    swift) "$swift_bin" "$2" ;;
    kotlin) java -cp "$work/player.jar" CheckKt "$2" ;;
    typescript) node "$work/ts/Tests/players/check.js" "$2" ;;
  esac
}

for p in "${players[@]}"; do
  if run_player "$p" "$work/fixtures"; then ok "$p player: every case"; else bad "$p player: every case"; fi
done

# The adapters against the single-offset answers.
if node "$work/ts/Tests/players/adapters-rn.js" "$work/adapters"; then
  ok "React Native (Animated, Reanimated) adapters and the Flutter recipe, on models of interpolate and TweenSequence"
else
  bad "React Native adapters or the Flutter recipe"
fi

if "$work/adapters-swift" "$work/adapters"; then
  ok "SwiftUI (visualEffect, scroll geometry, UnitCurve) and UIKit (UIScrollView delegate) adapters, on models of SwiftUI and UIKit"
else
  bad "SwiftUI or UIKit adapter"
fi
if java -cp "$work/player.jar" ComposeCheckKt "$work/adapters"; then
  ok "Jetpack Compose adapter (HorizontalPager + graphicsLayer), on a model of Compose"
else
  bad "Jetpack Compose adapter"
fi

# The demo's snippets (docs/native.md#from-the-demo): each printout against the single-offset answer.
demo_snippet() { # LANG SOURCE COMMAND...
  local lang=$1 src=$2
  shift 2
  if "$@" >"$work/demo/$lang.out" 2>&1 && "$python" Tests/players/demo_snippets.py compare "$base" "$src" "$work/demo/$lang.out"; then
    ok "the demo's $lang snippet prints what the single-offset answer says ($(grep -c '^page ' "$work/demo/$lang.out") lines)"
  else
    bad "the demo's $lang snippet: $(head -c 600 "$work/demo/$lang.out")"
  fi
}
demo_snippet swift "$work/demo/main.swift" "$work/demo-swift"
demo_snippet kotlin "$work/demo/Snippet.kt" java -cp "$work/player.jar" SnippetKt
demo_snippet typescript "$work/demo/ts/snippet.ts" node "$work/demo/ts/out/snippet.js"
# The comparison itself: page 0's background frame.x printed as 999 (it is -120) must fail it.
sed 's/^\(page 0 background frame.x \)\(.*\)$/\1999/' "$work/demo/swift.out" >"$work/demo/planted.out"
if "$python" Tests/players/demo_snippets.py compare "$base" "$work/demo/main.swift" "$work/demo/planted.out" >/dev/null; then
  bad "a demo snippet's printout planted wrong passes the comparison"
else
  ok "a demo snippet's printout planted wrong fails the comparison"
fi

# The arrow stays one way: the Swift player and ParallaxLayout import no Foundation, and
# ParallaxLayout knows nothing of the player.
if grep -rEn '^\s*(@_exported\s+)?import\s+Foundation' Sources/ParallaxPlayer Sources/ParallaxLayout ||
   grep -rn 'ParallaxPlayer' Sources/ParallaxLayout; then
  bad "Foundation or the player imported where it must not be (above)"
else
  ok "ParallaxPlayer and ParallaxLayout import no Foundation; ParallaxLayout does not know the player"
fi

# One source: the module's region is the compiled evaluator, line for line.
awk '/^\/\/ END evaluator$/ { inside = 0 } inside { print } /^\/\/ BEGIN evaluator/ { inside = 1 }' \
  Sources/ParallaxService/Web/parallax.js >"$work/region.js"
if cmp -s "$work/region.js" "$work/ts/Players/typescript/evaluate.js"; then
  ok "parallax.js's evaluator is evaluate.ts compiled"
else
  bad "parallax.js's evaluator differs from evaluate.ts compiled (run scripts/embed-module)"
fi

# A planted wrong value: the first plain case of the first answer, moved by 10 tolerances.
mkdir "$work/planted"
cp "$work/fixtures/carousel-rtl".* "$work/planted/"
"$python" - "$work/planted/carousel-rtl.fixtures.json" <<'PY'
import json, sys
path = sys.argv[1]
f = json.load(open(path))
t = f["tracks"][0]
c = next(c for c in t["cases"] if "value" in c)
c["value"] += 10 * f["tolerance"][t["kind"]]
json.dump(f, open(path, "w"))
PY
for p in "${players[@]}"; do
  out=$(run_player "$p" "$work/planted" || true)
  if grep -q ": [0-9]* passed, 1 failed" <<<"$out"; then ok "$p player: the planted value is caught"; else bad "$p player: the planted value is not caught: $out"; fi
done

echo "players: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
