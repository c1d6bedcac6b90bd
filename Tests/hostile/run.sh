#!/usr/bin/env bash
# Hostile-client tests against the real parallax-server binary (docs/testing.md#hostile-clients).
#
#   Tests/hostile/run.sh                 # build (release) if needed, run every test
#   Tests/hostile/run.sh slowloris idle10k   # only these
#
# PARALLAX_SERVER=/path/to/parallax-server skips the build; SCRATCH picks the SwiftPM scratch
# path (default .build). Python 3 standard library only. Bounded: each test has a time limit and
# the whole run takes about a minute. Ends with "N passed, M failed"; exits non-zero on failure.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
if [[ -z ${PARALLAX_SERVER:-} ]]; then
  scratch=${SCRATCH:-$root/.build}
  (cd "$root" && swift build -c release --product parallax-server --scratch-path "$scratch" 2>&1 | grep -v '^\[' ) || exit 1
  PARALLAX_SERVER=$scratch/release/parallax-server
fi
[[ -x $PARALLAX_SERVER ]] || { echo "no server binary at $PARALLAX_SERVER" >&2; exit 1; }
export PARALLAX_SERVER

tests=("$@")
# answers: the largest stylesheets (css and waapi, fixed and fluid), JSON answers, timelines and
# SVG picture asked by 20 clients that never read (docs/testing.md#hostile-clients).
[[ ${#tests[@]} -gt 0 ]] || tests=(slowloris dribble pipeline maxconn idle10k sigterm budget edges descriptors answers ipv6 bodies framing)
passed=0 failed=0 failures=()
for t in "${tests[@]}"; do
  echo "== $t"
  start=$SECONDS
  limit=90; [ "$t" != answers ] || limit=240  # answers: 13 cases, ~70 s on a quiet machine
  if timeout "$limit" python3 "$here/$t.py"; then passed=$((passed + 1)); else failed=$((failed + 1)); failures+=("$t"); fi
  echo "   ($((SECONDS - start)) s)"
done
[[ $failed -eq 0 ]] || echo "failed: ${failures[*]}"
echo "hostile: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
