#!/usr/bin/env bash
# The keyframes suite (docs/model.md#keyframes, issue 9): keytimes.py (format=keytimes evaluated by Core Animation's
# rules) and check.py (format=css and waapi in Chromium). Starts the given server binary on
# a free port (127.0.0.1, port 0: the server prints where it listens), runs both against it
# (Debian's /usr/bin/chromium driven by Playwright), and stops the server; fails if either fails.
#
# usage: Tests/browser/run.sh [path/to/parallax-server]   (default: .build/release/parallax-server)
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
[[ -n "$port" ]] || { echo "browser: server did not start"; cat "$log"; exit 1; }
cd "$root/Tests/browser"
status=0
timeout 300 "$python" keytimes.py "http://127.0.0.1:$port" || status=1
timeout 900 "$python" check.py "http://127.0.0.1:$port" || status=1
exit "$status"
