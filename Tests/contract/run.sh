#!/usr/bin/env bash
# Contract tests: openapi-spec-validator on openapi.yaml, then schemathesis against the live
# release server with every check, positive and negative data and a bounded number of examples
# per operation, over several seeds: the first seed runs every phase (examples, coverage,
# fuzzing), the others fuzzing only (the coverage phase's boundary cases hardly depend on the
# seed, and fuzzing is where seeds find different requests). Zero failures required; the exit code
# says so, and a failing seed is printed with its reproduction.
#
# Usage: Tests/contract/run.sh [--scratch-path DIR]
# Environment: VENV (default .venv, created with openapi-spec-validator + schemathesis when
# missing), SEEDS (default "20261130 5 1 2 3"), MAX_EXAMPLES (per operation and seed, default 40),
# WORKERS (schemathesis threads per run, default 2; scripts/test sets 1, see there), JOBS (fuzzing
# seeds run at once as separate processes, default 2).
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
scratch="$root/.build"
if [[ "${1:-}" == "--scratch-path" ]]; then scratch=$2; fi
venv=${VENV:-$root/.venv}
read -r -a seeds <<< "${SEEDS:-20261130 5 1 2 3}"
examples=${MAX_EXAMPLES:-40}
workers=${WORKERS:-2}
jobs=${JOBS:-2}

if [[ ! -x "$venv/bin/schemathesis" ]]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q openapi-spec-validator schemathesis
fi

echo "== openapi-spec-validator"
"$venv/bin/openapi-spec-validator" "$root/openapi.yaml"

echo "== swift build -c release"
swift build -c release --scratch-path "$scratch" --product parallax-server --package-path "$root"
bin="$scratch/release/parallax-server"

# shellcheck source=../lib/server.sh
source "$root/Tests/lib/server.sh" # start_server; stops the server on exit
work=$(mktemp -d)
remove_on_exit "$work"
start_server --log "$work/server.log" "$bin" --workers 2 --access-log off
echo "== server on 127.0.0.1:$port (pid $server_pid)"

# One schemathesis run: seed, phases, log file. JOBS runs at once are separate processes, so the
# CPython thread bug that makes scripts/test set WORKERS=1 does not apply between them.
run_seed() {
  (cd "$root/Tests/contract" && SCHEMATHESIS_HOOKS=hooks "$venv/bin/schemathesis" --config-file schemathesis.toml \
    run "$root/openapi.yaml" --url "http://127.0.0.1:$port" --checks all --mode all --seed "$1" \
    --max-examples "$examples" --phases "$2" --workers "$workers" --generation-database none --no-color) >"$3" 2>&1
}

failed=()
summary=()
report() { # seed, phases, log, exit status, seconds
  local line cases
  line=$(grep -E '(No issues found|failures?|errors?) in [0-9.]+s' "$3" | tail -1 | tr -d '=' | sed 's/^ *//; s/ *$//' || true)
  cases=$(grep -oE '[0-9]+ generated' "$3" | tail -1 || true)
  summary+=("$(printf 'seed %-9s %-27s %4ss  %-16s %s' "$1" "$2" "$5" "${cases:-?}" "${line:-no summary}")")
  if [[ "$4" -ne 0 ]]; then
    failed+=("$1")
    echo "---- seed $1 ($2) failed; its output:"
    cat "$3"
  fi
}

# A pool of $jobs runs; the first seed (every phase, the longest) starts first.
start=$SECONDS
declare -A seed_of phases_of started
# Waits for one of the running seeds (not the server) and reports it.
reap() {
  local rc=0 done_pid
  wait -n -p done_pid "${!seed_of[@]}" || rc=$?
  report "${seed_of[$done_pid]}" "${phases_of[$done_pid]}" "$work/seed-${seed_of[$done_pid]}.log" "$rc" "$((SECONDS - started[$done_pid]))"
  unset "seed_of[$done_pid]"
  running=$((running - 1))
}
echo "== schemathesis seeds ${seeds[*]}: $examples examples per operation, $jobs at a time"
running=0
for k in "${!seeds[@]}"; do
  seed=${seeds[$k]}
  phases=fuzzing
  [[ $k -eq 0 ]] && phases=examples,coverage,fuzzing
  if [[ $running -ge $jobs ]]; then
    reap
  fi
  run_seed "$seed" "$phases" "$work/seed-$seed.log" &
  seed_of[$!]=$seed phases_of[$!]=$phases started[$!]=$SECONDS
  running=$((running + 1))
done
while [[ $running -gt 0 ]]; do
  reap
done

echo "== schemathesis summary ($((SECONDS - start))s)"
printf '  %s\n' "${summary[@]}"
if [[ ${#failed[@]} -gt 0 ]]; then
  echo "FAILED: seeds ${failed[*]} (rerun one with SEEDS=<seed>)"
  exit 1
fi
echo "all ${#seeds[@]} seeds passed"
