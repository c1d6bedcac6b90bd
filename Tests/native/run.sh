#!/usr/bin/env bash
# The native suite (docs/native.md#tests): native_check.py parses docs/native.md's keytimes table
# and its Swift and Kotlin snippets, compiles them against models of Core Animation
# (CoreAnimationShim.swift, with swiftc) and of Android's property animation (android/, with
# Debian's kotlinc), and checks what they draw against the given server's single-offset answers.
# The server runs on a free port (127.0.0.1, port 0: it prints where it listens) and is stopped on
# exit.
#
# usage: Tests/native/run.sh [path/to/parallax-server]   (default: .build/release/parallax-server)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=${1:-"$root/.build/release/parallax-server"}
python="$root/.venv/bin/python"
[[ -x "$python" ]] || python=python3
command -v kotlinc >/dev/null || { echo "native: kotlinc not found (scripts/setup installs Debian's kotlin)"; exit 1; }
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
[[ -n "$port" ]] || { echo "native: server did not start"; cat "$log"; exit 1; }
cd "$root/Tests/native"
QUIET=1 timeout 600 "$python" native_check.py "http://127.0.0.1:$port"
