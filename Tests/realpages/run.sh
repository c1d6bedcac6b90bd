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
# shellcheck source=../lib/server.sh
source "$root/Tests/lib/server.sh" # start_server, $python
start_server "$bin" --workers 2 --access-log off
# Chromium and Firefox side by side (a process each, each with its own page server), their output
# shown one after the other; the suite fails when either does.
work=$(mktemp -d)
remove_on_exit "$work"
pids=()
for browser in chromium firefox; do
  REALPAGES_BROWSERS=$browser timeout 600 "$python" "$root/Tests/realpages/realpages.py" "$base" "$root/docs/web.md" \
    >"$work/$browser.log" 2>&1 &
  pids+=($!)
done
rc=0
for i in 0 1; do wait "${pids[$i]}" || rc=1; done
cat "$work/chromium.log" "$work/firefox.log"
exit "$rc"
