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
command -v kotlinc >/dev/null || { echo "native: kotlinc not found (scripts/setup installs Debian's kotlin)"; exit 1; }
# shellcheck source=../lib/server.sh
source "$root/Tests/lib/server.sh" # start_server, $python
start_server "$bin" --workers 2 --access-log off
cd "$root/Tests/native"
QUIET=1 timeout 600 "$python" native_check.py "$base"
