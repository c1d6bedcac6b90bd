#!/usr/bin/env bash
# Every example of README.md, docs/*.md and openapi.yaml, run against the release server and
# compared with what the page shows, after checking that every docs anchor cited in the code and
# the docs exists and that operations.md's configuration table is `--help`'s (docs/testing.md#examples). Each console block gets its own
# server on 127.0.0.1, port 0.
#   Tests/docs/run.sh [path/to/parallax-server] [--update] [--only docs/api.md]
# Without a binary (first argument not an option) the release build is made or reused.
# --update rewrites the shown outputs from the real answers (after a change that alters them).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# shellcheck source=../../scripts/lib/common.sh
source "$root/scripts/lib/common.sh"
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then
  bin=$1; shift
else
  bin=${PARALLAX_SERVER_BIN:-$(build_release)}
fi
[ -x "$bin" ] || die "not an executable: $bin"
py=python3
[ -x "$root/.venv/bin/python" ] && py=$root/.venv/bin/python   # PyYAML for openapi.yaml
# First what the docs and comments point at (anchors, operations.md's table against --help), then
# the examples.
"$py" "$root/Tests/docs/references.py" --server "$bin" "$root"
exec "$py" "$root/Tests/docs/examples.py" --server "$bin" "$@" "$root"
