#!/usr/bin/env bash
# End-to-end through the real server: every endpoint, the GET forms, timelines, errors
# from the engine and the application, and keep-alive. Each golden request (Tests/golden) is sent
# over a socket and must come back with exactly the checked-in status and body bytes.
#
# Usage: Tests/contract/e2e.sh [path/to/parallax-server]   (default: debug build in .build)
# shellcheck disable=SC2016,SC2034 # check() evals its single-quoted condition later, on purpose
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
bin=${1:-$root/.build/debug/parallax-server}
# shellcheck source=../lib/server.sh
source "$root/Tests/lib/server.sh" # start_server; stops the server on exit
work=$(mktemp -d)
remove_on_exit "$work"
start_server --log "$work/out" --stderr "$work/err" "$bin" --workers 2 --access-log on --log-format json
failures=0
pass() { echo "ok   $1"; }
fail() { echo "FAIL $1"; failures=$((failures + 1)); }
check() { if eval "$2"; then pass "$1"; else fail "$1"; fi; }

# Golden requests: same status and byte-identical body over the wire. Header lines after the
# request line (`Name: value`) are sent as headers; a gzip answer is decoded before comparing.
for req in "$root"/Tests/golden/*.request; do
  name=$(basename "$req" .request)
  read -r method target < <(head -1 "$req")
  hargs=()
  n=1
  while IFS= read -r line; do
    [[ "$line" =~ ^[A-Za-z-]+:\  ]] || break
    hargs+=(-H "$line")
    n=$((n + 1))
  done < <(tail -n +2 "$req")
  tail -n +$((n + 1)) "$req" | head -c -1 > "$work/body"
  expected_status=$(head -1 "${req%.request}.response" | cut -d' ' -f2)
  awk 'found { print } /^$/ && !found { found = 1 }' "${req%.request}.response" | head -c -1 > "$work/expected"
  : > "$work/got"  # curl creates no file for an empty body (204, 304)
  if [[ "$method" == "POST" ]]; then
    status=$(curl -s -o "$work/got" -D "$work/head" -w '%{http_code}' -X POST -H 'Content-Type: application/json' "${hargs[@]}" --data-binary @"$work/body" "$base$target")
  else
    status=$(curl -s -o "$work/got" -D "$work/head" -w '%{http_code}' -X "$method" "${hargs[@]}" "$base$target")
  fi
  if grep -qi '^content-encoding: gzip' "$work/head"; then gzip -dc < "$work/got" > "$work/got.plain" && mv "$work/got.plain" "$work/got"; fi
  check "golden $name ($status)" '[[ "$status" == "$expected_status" ]] && cmp -s "$work/got" "$work/expected"'
done

# Operations endpoints.
check "GET /healthz" '[[ "$(curl -s "$base/healthz")" == "{\"status\":\"ok\"}" ]]'
check "GET /readyz" '[[ "$(curl -s -o /dev/null -w "%{http_code}" "$base/readyz")" == 200 ]]'
curl -s -o "$work/spec" "$base/openapi.yaml"
check "GET /openapi.yaml is openapi.yaml" 'cmp -s "$work/spec" "$root/openapi.yaml"'
check "GET /metrics counts by route" 'curl -s "$base/metrics" | grep -c >/dev/null "parallax_http_requests_total{route=\"/v1/paging\",status=\"200\"}"'
check "GET /metrics has open connections" 'curl -s "$base/metrics" | grep -c >/dev/null "^parallax_open_connections [0-9]"'

# HEAD: headers of the GET, no body.
get_len=$(curl -s -o /dev/null -w '%{size_download}' "$base/v1/paging?viewport.width=390&viewport.height=844&pageCount=5&offset=100")
head_len=$(curl -s -I "$base/v1/paging?viewport.width=390&viewport.height=844&pageCount=5&offset=100" | tr -d '\r' | awk -F': ' 'tolower($1) == "content-length" { print $2 }')
check "HEAD has the GET's Content-Length ($head_len)" '[[ "$head_len" == "$get_len" ]]'

# Timelines: one frame per offset.
frames=$(curl -s "$base/v1/paging?viewport.width=390&viewport.height=844&pageCount=5&offsets=0,100,200,300" | grep -o '"stride"' | wc -l)
check "GET timeline has 4 frames" '[[ "$frames" == 4 ]]'

# Errors.
check "405 with Allow" 'curl -s -i -X PUT "$base/v1/header" | tr -d "\r" | grep -c >/dev/null "^Allow: GET, HEAD, POST, OPTIONS"'
check "415 for text/plain" '[[ "$(curl -s -o /dev/null -w "%{http_code}" -H "Content-Type: text/plain" -d "{}" "$base/v1/paging")" == 415 ]]'
check "400 for malformed JSON" '[[ "$(curl -s -o /dev/null -w "%{http_code}" -H "Content-Type: application/json" -d "{" "$base/v1/paging")" == 400 ]]'
head -c 1100000 /dev/zero | tr '\0' ' ' > "$work/big"
check "413 for a body over 1 MiB" '[[ "$(curl -s -o "$work/p" -w "%{http_code}" -H "Content-Type: application/json" --data-binary @"$work/big" "$base/v1/paging")" == 413 ]] && grep -q "\"status\":413" "$work/p"'
check "431 for headers over 16 KiB" '[[ "$(curl -s -o "$work/p" -w "%{http_code}" -H "X-Big: $(head -c 20000 /dev/zero | tr "\0" a)" "$base/healthz")" == 431 ]] && grep -q "application/problem" <(curl -s -i -H "X-Big: $(head -c 20000 /dev/zero | tr "\0" a)" "$base/healthz")'
check "404 is a problem" 'curl -s "$base/nope" | grep -c >/dev/null "\"status\":404"'

# Keep-alive: three requests, one connection.
connects=$(curl -s -o /dev/null -o /dev/null -o /dev/null -w '%{num_connects}\n' "$base/healthz" "$base/v1/paging?viewport.width=1&viewport.height=1&pageCount=1" "$base/readyz" | paste -sd' ')
check "keep-alive reuses one connection ($connects)" '[[ "$connects" == "1 0 0" ]]'

# Access log: one JSON line per request on stdout, with the start-up lines (docs/operations.md#logs).
check "access log is JSON lines" 'grep -q "\"event\":\"request\",\"method\":\"GET\",\"route\":\"/healthz\",\"path\":\"/healthz\",\"status\":200" "$work/out"'

echo "$failures failure(s)"
[[ "$failures" == 0 ]]
