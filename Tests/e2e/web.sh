#!/usr/bin/env bash
# docs/api.md over raw HTTP: CORS preflight and origins (the tracing headers and the operator's
# list allowed, /metrics without CORS), X-Request-Id, ETag → 304, Cache-Control, gzip
# that decodes to the identical JSON, `gzip;q=0` refusal, Vary. Two servers: the default policy
# (`*`) and a list (`--cors-origins`), each on an ephemeral port of 127.0.0.1, stopped on exit.
#
# Usage: Tests/e2e/web.sh [path/to/parallax-server]   (default: debug build in .build)
# shellcheck disable=SC2016,SC2034 # check() evals its single-quoted condition later, on purpose
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
bin=${1:-$root/.build/debug/parallax-server}
# shellcheck source=../lib/server.sh
source "$root/Tests/lib/server.sh" # start_server; stops every server on exit
work=$(mktemp -d)
remove_on_exit "$work"

# start NAME ARGS…: runs a server (output in $work/NAME.out), sets $port and $base.
start() {
  local name=$1; shift
  start_server --log "$work/$name.out" "$bin" --workers 1 --access-log off "$@"
}

failures=0
check() { if eval "$2"; then echo "ok   $1"; else echo "FAIL $1"; failures=$((failures + 1)); fi; }
# hdr FILE NAME: the value of header NAME in a curl -D dump (case-insensitive), CR stripped.
hdr() { tr -d '\r' <"$1" | awk -v n="$(tr '[:upper:]' '[:lower:]' <<<"$2")" -F': ' 'tolower($1) == n { print $2; exit }'; }

start star
big="$base/v1/paging?viewport.width=390&viewport.height=844&pageCount=200&include=all&offset=1000"
small="$base/v1/paging?viewport.width=390&viewport.height=844&pageCount=3&offset=0"

# CORS preflight on every route, 404 for an unknown path; the headers tracing front ends add are
# allowed (docs/api.md#cors); /metrics is for the scraper: its preflight allows nothing.
allowed="Content-Type, If-None-Match, traceparent, tracestate, X-Request-Id"
for path in /v1/paging /v1/header /v1/scroll /openapi.yaml /healthz /readyz; do
  code=$(curl -s -o "$work/b" -D "$work/h" -w '%{http_code}' -X OPTIONS -H 'Origin: https://app.example' \
    -H 'Access-Control-Request-Method: GET' -H 'Access-Control-Request-Headers: if-none-match' "$base$path")
  check "OPTIONS $path is a 204 preflight" '[[ $code == 204 && ! -s $work/b && "$(hdr "$work/h" Access-Control-Allow-Origin)" == "*" && "$(hdr "$work/h" Access-Control-Allow-Headers)" == "$allowed" && -n "$(hdr "$work/h" Access-Control-Max-Age)" && "$(hdr "$work/h" Access-Control-Allow-Methods)" == *GET* ]]'
done
code=$(curl -s -o /dev/null -D "$work/h" -w '%{http_code}' -X OPTIONS -H 'Origin: https://app.example' -H 'Access-Control-Request-Method: GET' "$base/metrics")
check "OPTIONS /metrics allows nothing" '[[ $code == 204 && -z "$(grep -i "^access-control-" "$work/h")" ]]'
curl -s -D "$work/h" -o /dev/null -H 'Origin: https://app.example' "$base/metrics"
check "GET /metrics has no CORS field" '[[ -z "$(grep -i "^access-control-" "$work/h")" && "$(hdr "$work/h" Cache-Control)" == no-store ]]'
curl -s -D "$work/h" -o /dev/null -X OPTIONS "$base/v1/paging"
check "Allow-Methods of a layout route has POST" '[[ "$(hdr "$work/h" Access-Control-Allow-Methods)" == "GET, HEAD, POST, OPTIONS" ]]'
check "OPTIONS on an unknown path is 404" '[[ "$(curl -s -o /dev/null -w "%{http_code}" -X OPTIONS "$base/v9/none")" == 404 ]]'
curl -s -D "$work/h" -o /dev/null -H 'Origin: https://x.example' -H 'Content-Type: application/json' -d '{' "$base/v1/paging"
check "a problem carries ACAO, exposes ETag and X-Request-Id, and has an id" '[[ "$(hdr "$work/h" Access-Control-Allow-Origin)" == "*" && "$(hdr "$work/h" Access-Control-Expose-Headers)" == "ETag, X-Request-Id" && "$(hdr "$work/h" X-Request-Id)" =~ ^[0-9a-f]{12}-0-[0-9]+$ ]]'

# ETag → 304 on GET and HEAD, with the validators kept and no body.
curl -s -D "$work/h" -o "$work/plain" "$small"
etag=$(hdr "$work/h" ETag)
check "GET has a strong ETag ($etag)" '[[ "$etag" =~ ^\"[0-9a-f]{16}\"$ ]]'
check "GET has Cache-Control public, max-age=86400" '[[ "$(hdr "$work/h" Cache-Control)" == "public, max-age=86400" ]]'
check "the ETag is the same on a second request" '[[ "$(curl -s -D - -o /dev/null "$small" | tr -d "\r" | awk -F": " "tolower(\$1)==\"etag\"{print \$2}")" == "$etag" ]]'
for m in GET HEAD; do
  code=$(curl -s -o "$work/b" -D "$work/h" -w '%{http_code}' -X "$m" -H "If-None-Match: \"x\", $etag" "$small")
  check "$m with a matching If-None-Match is 304" '[[ $code == 304 && ! -s $work/b && "$(hdr "$work/h" ETag)" == "$etag" && -n "$(hdr "$work/h" Cache-Control)" && "$(hdr "$work/h" Vary)" == "Accept, Accept-Encoding" && -z "$(hdr "$work/h" Content-Length)" ]]'
done
check "If-None-Match: * is 304" '[[ "$(curl -s -o /dev/null -w "%{http_code}" -H "If-None-Match: *" "$small")" == 304 ]]'
check "a stale tag is 200" '[[ "$(curl -s -o /dev/null -w "%{http_code}" -H "If-None-Match: \"0000000000000000\"" "$small")" == 200 ]]'
# Keep-alive survives a 304 (no body, no Content-Length): 304 then 200 on one connection.
connects=$(curl -s -o /dev/null -o /dev/null -w '%{http_code}:%{num_connects}\n' -H "If-None-Match: $etag" "$small" "$base/healthz" | paste -sd' ')
check "keep-alive after a 304 ($connects)" '[[ "$connects" == "304:1 200:0" ]]'

# gzip: decodes to the identical JSON, its own ETag, Vary; q=0 refuses; small answers stay identity.
curl -s -D "$work/h0" -o "$work/id" "$big"
curl -s -D "$work/h1" -o "$work/gz" -H 'Accept-Encoding: gzip' "$big"
check "gzip when asked" '[[ "$(hdr "$work/h1" Content-Encoding)" == gzip && "$(hdr "$work/h1" Vary)" == "Accept, Accept-Encoding" ]]'
check "gzip decodes to the identical JSON ($(wc -c <"$work/gz") of $(wc -c <"$work/id") bytes)" 'gzip -dc <"$work/gz" | cmp -s - "$work/id"'
check "gzip and identity have different ETags" '[[ "$(hdr "$work/h0" ETag)" != "$(hdr "$work/h1" ETag)" && "$(hdr "$work/h1" ETag)" == *-gzip\" ]]'
check "the gzip ETag revalidates with 304" '[[ "$(curl -s -o /dev/null -w "%{http_code}" -H "Accept-Encoding: gzip" -H "If-None-Match: $(hdr "$work/h1" ETag)" "$big")" == 304 ]]'
for refusal in 'gzip;q=0' 'gzip;q=0, identity' 'br' 'identity'; do
  curl -s -D "$work/h" -o "$work/b" -H "Accept-Encoding: $refusal" "$big"
  check "Accept-Encoding: $refusal gets identity" '[[ -z "$(hdr "$work/h" Content-Encoding)" ]] && cmp -s "$work/b" "$work/id"'
done
curl -s -D "$work/h" -o /dev/null -H 'Accept-Encoding: gzip' "$small"
check "an answer under 1 KiB is not compressed" '[[ -z "$(hdr "$work/h" Content-Encoding)" ]]'
check "curl --compressed gets the same JSON" 'curl -s --compressed "$big" | cmp -s - "$work/id"'
# HEAD answers with GET's fields (RFC 9110 §9.3.2): a streamed answer (above 64 KiB, docs/operations.md#bounded-memory) is
# chunked on both, a whole one carries the gzip Content-Length on both.
# X-Request-Id is each answer's own (docs/operations.md#request-ids), so it is left out.
heads() { tr -d '\r' | grep -iv '^date:\|^x-request-id:' | sort; }
check "HEAD of a streamed gzip answer has GET's fields (chunked, gzip, ETag)" \
  '[[ "$(curl -s -I -H "Accept-Encoding: gzip" "$big" | heads)" == "$(heads <"$work/h1")" && "$(hdr "$work/h1" Transfer-Encoding)" == chunked ]]'
mid="$base/v1/paging?viewport.width=390&viewport.height=844&pageCount=20&include=all&offset=1000"
curl -s -D "$work/hm" -o "$work/gzm" -H 'Accept-Encoding: gzip' "$mid"
check "HEAD of a whole gzip answer has its Content-Length ($(wc -c <"$work/gzm" | tr -d " ") bytes)" \
  '[[ "$(hdr "$work/hm" Content-Encoding)" == gzip && "$(curl -s -I -H "Accept-Encoding: gzip" "$mid" | heads)" == "$(heads <"$work/hm")" && "$(hdr "$work/hm" Content-Length)" == "$(wc -c <"$work/gzm" | tr -d " ")" ]]'
curl -s -D "$work/h" -o /dev/null "$base/healthz"
check "/healthz is no-store, without ETag" '[[ "$(hdr "$work/h" Cache-Control)" == no-store && -z "$(hdr "$work/h" ETag)" ]]'

# A list of origins: echo with Vary: Origin, nothing for others, flag from the environment.
PARALLAX_CORS_ORIGINS="https://app.example, http://localhost:3000" PARALLAX_CACHE_MAX_AGE=60 \
  PARALLAX_CORS_ALLOW_HEADERS="Authorization, sentry-trace" start list
lbase=$base
curl -s -D "$work/h" -o /dev/null -H 'Origin: http://localhost:3000' -H 'Accept-Encoding: gzip' "$lbase/v1/paging?viewport.width=390&viewport.height=844&pageCount=200&include=all&offset=0"
check "a listed origin is echoed with Vary: Accept, Accept-Encoding, Origin" '[[ "$(hdr "$work/h" Access-Control-Allow-Origin)" == http://localhost:3000 && "$(hdr "$work/h" Vary)" == "Accept, Accept-Encoding, Origin" ]]'
check "PARALLAX_CACHE_MAX_AGE sets max-age" '[[ "$(hdr "$work/h" Cache-Control)" == "public, max-age=60" ]]'
curl -s -D "$work/h" -o /dev/null -H 'Origin: https://evil.example' "$lbase/v1/header?viewport.width=390&viewport.height=844&header.height=150&offset=0"
check "an unlisted origin gets no ACAO but Vary: Origin" '[[ -z "$(hdr "$work/h" Access-Control-Allow-Origin)" && "$(hdr "$work/h" Vary)" == *Origin* ]]'
code=$(curl -s -o /dev/null -D "$work/h" -w '%{http_code}' -X OPTIONS -H 'Origin: https://evil.example' -H 'Access-Control-Request-Method: POST' "$lbase/v1/scroll")
check "an unlisted origin's preflight has no Access-Control-Allow-*" '[[ $code == 204 && -z "$(hdr "$work/h" Access-Control-Allow-Origin)" && -z "$(hdr "$work/h" Access-Control-Allow-Methods)" ]]'

# The operator's headers (PARALLAX_CORS_ALLOW_HEADERS) join the list; one outside it is left out.
curl -s -D "$work/h" -o /dev/null -X OPTIONS -H 'Origin: https://app.example' -H 'Access-Control-Request-Method: POST' \
  -H 'Access-Control-Request-Headers: authorization, traceparent, x-other' "$lbase/v1/paging"
check "the operator's headers are allowed, one outside the list is not" \
  '[[ "$(hdr "$work/h" Access-Control-Allow-Headers)" == "$allowed, Authorization, sentry-trace" ]]'
check "a sane X-Request-Id is echoed" '[[ "$(curl -s -D - -o /dev/null -H "X-Request-Id: 0f8fad5b-d9cb-469f-a165-70867728950e" "$lbase/healthz" | hdr /dev/stdin X-Request-Id)" == 0f8fad5b-d9cb-469f-a165-70867728950e ]]'

echo "$failures failure(s)"
[[ "$failures" == 0 ]]
