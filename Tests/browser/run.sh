#!/usr/bin/env bash
# The keyframes suite (docs/model.md#keyframes): keytimes.py (format=keytimes evaluated by Core Animation's
# rules) and check.py (format=css and waapi in Chromium). Starts the given server binary on
# a free port (127.0.0.1, port 0: the server prints where it listens), runs both against it
# (Debian's /usr/bin/chromium driven by Playwright), and stops the server; fails if either fails.
#
# usage: Tests/browser/run.sh [path/to/parallax-server]   (default: .build/release/parallax-server)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=${1:-"$root/.build/release/parallax-server"}
# shellcheck source=../lib/server.sh
source "$root/Tests/lib/server.sh" # start_server, $python
start_server "$bin" --workers 2 --access-log off
cd "$root/Tests/browser"
status=0
timeout 300 "$python" keytimes.py "$base" || status=1
timeout 900 "$python" check.py "$base" || status=1
exit "$status"
