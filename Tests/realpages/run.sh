#!/usr/bin/env bash
# The real-page suite (docs/web.md): the web snippets of docs/web.md served as they are from another
# origin on 127.0.0.1, linking the service by absolute URL, scrolled in Chromium (the stylesheet)
# and in Firefox ESR (no animation-timeline: the module), every box checked against the
# single-offset answers at many reachable offsets, plus scroll ranges and snapping.
#
# usage: Tests/realpages/run.sh [path/to/parallax-server]   (default: .build/release/parallax-server)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=${1:-"$root/.build/release/parallax-server"}
python="$root/.venv/bin/python"
[[ -x "$python" ]] || python=python3
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
[[ -n "$port" ]] || { echo "realpages: server did not start"; cat "$log"; exit 1; }
timeout 400 "$python" "$root/Tests/realpages/realpages.py" "http://127.0.0.1:$port" "$root/docs/web.md"
