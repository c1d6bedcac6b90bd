#!/usr/bin/env bash
# The contract as the ecosystem's tools use it (docs/api.md#generated-clients), against the release
# server:
#   1. http_rfc.py          the HTTP rules of RFC 9110/9112 the service answers, on raw bytes
#   2. validate_answers.py  openapi-core checks status, header fields and body of ~700 real answers
#                           (valid, invalid, conditional, preflight, HEAD, gzip) against openapi.yaml
#   3. clients generated from openapi.yaml, each calling every operation of the contract:
#      openapi-python-client (python_calls.py), openapi-generator's typescript-fetch compiled with
#      Debian's tsc (ts-calls.ts, run by node) and swift6 built with the Swift toolchain
#      (swift-calls/); its kotlin client must generate without an error.
# Generated code is cached in the build directory only ($PARALLAX_BUILD_DIR or .build, under
# clients/), keyed by the hash of openapi.yaml, the generator settings and the pinned tool
# versions: a run after an unchanged contract skips generation and rebuilds nothing.
#
# Usage: Tests/clients/run.sh path/to/parallax-server. Environment: VENV (default .venv, made by
# scripts/setup test). Prints `N passed, M failed` over the steps.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
here=$root/Tests/clients
bin=${1:?usage: Tests/clients/run.sh path/to/parallax-server}
venv=${VENV:-$root/.venv}
py=$venv/bin/python
cache=${PARALLAX_BUILD_DIR:-$root/.build}/clients
for tool in openapi-python-client openapi-generator-cli; do
  [[ -x "$venv/bin/$tool" ]] || { echo "clients: $venv/bin/$tool is missing (run scripts/setup test)" >&2; exit 1; }
done
for tool in java tsc node swift; do
  command -v "$tool" >/dev/null || { echo "clients: $tool is not on PATH (run scripts/setup test)" >&2; exit 1; }
done

key=$(cat "$root/openapi.yaml" "$here/python-client.yaml" "$root/scripts/requirements-dev.txt" "$0" | sha256sum | cut -c1-16)
gen=$cache/gen-$key
if [[ ! -f "$gen/.complete" ]]; then
  rm -rf "$cache"/gen-*
  mkdir -p "$gen"
  t0=$SECONDS
  "$venv/bin/openapi-python-client" generate --path "$root/openapi.yaml" --output-path "$gen/python/parallax_client" \
    --meta none --config "$here/python-client.yaml" >"$gen/python.log" 2>&1 \
    || { cat "$gen/python.log"; echo "clients: openapi-python-client failed" >&2; exit 1; }
  # One JVM for the three openapi-generator clients.
  for g in typescript-fetch swift6 kotlin; do
    {
      echo "generatorName: $g"
      echo "inputSpec: $root/openapi.yaml"
      echo "outputDir: $gen/$g"
      [[ "$g" != swift6 ]] || echo "additionalProperties: {projectName: ParallaxClient}"
    } >"$gen/$g.yaml"
  done
  "$venv/bin/openapi-generator-cli" batch --fail-fast --threads 1 "$gen/typescript-fetch.yaml" "$gen/swift6.yaml" "$gen/kotlin.yaml" \
    >"$gen/openapi-generator.log" 2>&1 || { cat "$gen/openapi-generator.log"; echo "clients: openapi-generator failed" >&2; exit 1; }
  echo "== generated the python, typescript-fetch, swift6 and kotlin clients in $((SECONDS - t0))s ($gen)"
  touch "$gen/.complete"
else
  echo "== generated clients are current ($gen)"
fi

# shellcheck source=../lib/server.sh
source "$root/Tests/lib/server.sh" # start_server; stops the server on exit
work=$(mktemp -d)
remove_on_exit "$work"
start_server --log "$work/server.log" "$bin" --workers 2 --access-log off
echo "== server on 127.0.0.1:$port"

steps_passed=0 steps_failed=0
step() { # name, command…: runs it, its output shown, and counts it
  local name=$1 t0=$SECONDS
  shift
  echo "== $name"
  if "$@"; then
    steps_passed=$((steps_passed + 1))
    echo "-- $name: ok ($((SECONDS - t0))s)"
  else
    steps_failed=$((steps_failed + 1))
    echo "-- $name: FAILED ($((SECONDS - t0))s)"
  fi
}

step "HTTP rules on raw bytes (http_rfc.py)" "$py" "$here/http_rfc.py" 127.0.0.1 "$port"
step "openapi-core: real answers against openapi.yaml (validate_answers.py)" "$py" "$here/validate_answers.py" "$base" "$root/openapi.yaml"
step "python client (openapi-python-client)" "$py" "$here/python_calls.py" "$gen/python" "$base" "$root/openapi.yaml"

typescript() {
  local dir=$gen/typescript-build
  mkdir -p "$dir"
  rm -rf "$dir/generated" && cp -r "$gen/typescript-fetch" "$dir/generated"
  cp "$here/ts-calls.ts" "$dir/ts-calls.ts"
  # The generated code uses TypeScript 4.9's `in` narrowing; Debian 12's tsc is 4.8, so implicit
  # `any` is allowed (everything else strict).
  (cd "$dir" && tsc --outDir out --module commonjs --target es2020 --lib es2020,dom --strict --noImplicitAny false \
    --skipLibCheck ts-calls.ts) && node "$dir/out/ts-calls.js" "$base"
}
step "typescript-fetch client (tsc $(tsc --version | cut -d' ' -f2), node $(node --version))" typescript

swift_client() {
  local dir=$gen/swift-calls
  mkdir -p "$dir/Sources"
  # Copied only when changed, so an unchanged run rebuilds nothing.
  cmp -s "$here/swift-calls/Package.swift" "$dir/Package.swift" || cp "$here/swift-calls/Package.swift" "$dir/Package.swift"
  cmp -s "$here/swift-calls/main.swift" "$dir/Sources/main.swift" || cp "$here/swift-calls/main.swift" "$dir/Sources/main.swift"
  ln -sfn "$gen/swift6" "$gen/swift"
  swift build --package-path "$dir" --scratch-path "$dir/.build" -Xswiftc -suppress-warnings >"$work/swift-build.log" 2>&1 \
    || { tail -40 "$work/swift-build.log"; return 1; }
  local rc=0
  "$dir/.build/debug/ParallaxClientCalls" "$base" >"$work/swift-calls.out" || rc=$?
  grep -v '^called: ' "$work/swift-calls.out"
  # Every operation of the contract was called.
  "$py" - "$root/openapi.yaml" "$work/swift-calls.out" <<'PY' || rc=1
import sys, yaml
spec = yaml.safe_load(open(sys.argv[1]))
ops = {op["operationId"] for item in spec["paths"].values() for op in item.values() if isinstance(op, dict) and "operationId" in op}
called = {line.split(": ", 1)[1].strip() for line in open(sys.argv[2]) if line.startswith("called: ")}
missing = sorted(ops - called)
print("swift client: %d operations called%s" % (len(called & ops), "; never called: " + ", ".join(missing) if missing else ""))
sys.exit(1 if missing else 0)
PY
  return "$rc"
}
step "swift6 client (swift build)" swift_client

kotlin_generated() {
  # The kotlin client is generated, not built (its Gradle build needs libraries from Maven Central):
  # its generation must be clean of errors.
  [[ -f "$gen/kotlin/src/main/kotlin/org/openapitools/client/apis/LayoutApi.kt" ]] \
    && ! grep -E '(^|\s)(ERROR|Exception)' "$gen/openapi-generator.log" \
    && echo "kotlin: $(find "$gen/kotlin/src/main" -name '*.kt' | wc -l) files generated, no error"
}
step "kotlin client generates" kotlin_generated

echo "clients: $steps_passed passed, $steps_failed failed"
[[ "$steps_failed" -eq 0 ]]
