#!/usr/bin/env bash
# The demo-page suite (docs/api.md): demo_check.py drives Debian's /usr/bin/chromium with
# Playwright against the given server binary: the demo page at GET / loads with no console error
# and no failed request, follows its controls and the scroll offset, the SVG pictures parse as XML,
# and a page served from another origin calls the API through CORS with a preflight and reads the
# ETag; with demo_layout.py, demo_shapes.py and demo_keyboard.py, the preview at every preset and
# window size, every shape, and the page by keyboard (docs/testing.md). The server runs on a free port (127.0.0.1, port 0: it prints where it listens) with its
# access log on, so the test can see the preflight arrive and follow a request by its id, and
# X-Tenant as an operator's allowed header; it is stopped on exit. Then upgrade.py:
# a Chromium holding an earlier build's module and demo in its HTTP cache runs this build's on the
# next visit (docs/api.md#caching), with a control that keeps the earlier bytes under a max-age.
#
# usage: Tests/browser/demo.sh [path/to/parallax-server]   (default: .build/release/parallax-server)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=${1:-"$root/.build/release/parallax-server"}
# shellcheck source=../lib/server.sh
source "$root/Tests/lib/server.sh" # start_server, $python
start_server "$bin" --workers 2 --access-log on --cors-allow-headers X-Tenant
cd "$root/Tests/browser"
timeout 300 "$python" demo_check.py "$base" "$server_log"
timeout 120 "$python" upgrade.py "$bin"
