#!/usr/bin/env bash
# Contract tests (issue 4): openapi-spec-validator on openapi.yaml, then schemathesis against the
# live release server with every check, positive and negative data, a fixed seed and a bounded
# number of examples per operation. Zero failures required; the exit code says so.
#
# Usage: Tests/contract/run.sh [--scratch-path DIR]
# Environment: VENV (default .venv, created with openapi-spec-validator + schemathesis when
# missing), SEED (default 20261130), MAX_EXAMPLES (default 100), WORKERS (schemathesis, default 2).
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
scratch="$root/.build"
if [[ "${1:-}" == "--scratch-path" ]]; then scratch=$2; fi
venv=${VENV:-$root/.venv}
seed=${SEED:-20261130}
examples=${MAX_EXAMPLES:-100}
workers=${WORKERS:-2}

if [[ ! -x "$venv/bin/schemathesis" ]]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q openapi-spec-validator schemathesis
fi

echo "== openapi-spec-validator"
"$venv/bin/openapi-spec-validator" "$root/openapi.yaml"

echo "== swift build -c release"
swift build -c release --scratch-path "$scratch" --product parallax-server --package-path "$root"
bin="$scratch/release/parallax-server"

log=$(mktemp)
"$bin" --host 127.0.0.1 --port 0 --workers 2 --access-log off >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -f "$log"' EXIT

port=""
for _ in $(seq 1 100); do
  port=$(grep -o '127\.0\.0\.1:[0-9]*' "$log" | head -1 | cut -d: -f2 || true)
  [[ -n "$port" ]] && break
  sleep 0.1
done
if [[ -z "$port" ]]; then echo "server did not start:"; cat "$log"; exit 1; fi
echo "== server on 127.0.0.1:$port (pid $server)"

echo "== schemathesis (seed $seed, $examples examples per operation)"
cd "$root/Tests/contract"
SCHEMATHESIS_HOOKS=hooks "$venv/bin/schemathesis" --config-file schemathesis.toml run "$root/openapi.yaml" \
  --url "http://127.0.0.1:$port" --checks all --mode all --seed "$seed" --max-examples "$examples" \
  --workers "$workers" --generation-database none --no-color
