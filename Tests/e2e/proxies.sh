#!/usr/bin/env bash
# The service behind reverse proxies, as deployments run it: Debian's nginx (proxy_cache, HTTP/1.1
# keep-alive upstream) and HAProxy (http-reuse), each on a free port of 127.0.0.1 with its config in
# a temporary directory, in the foreground, stopped on exit. Through each proxy, byte for byte
# against the direct answer: GET and POST layouts, keyframes CSS (fixed and fluid) and JSON, HEAD,
# a CORS preflight, If-None-Match → 304, gzip, a 422 problem+json, a 404, keep-alive reuse, and a
# CL.TE smuggling attempt (RFC 9112 §6.3) that must not poison the next request on a pooled
# upstream connection. nginx's cache: a HIT keeps the ETag and body, and an expired entry is
# revalidated upstream with If-None-Match (RFC 9111 §4.3), answered 304 there.
#
# Usage: Tests/e2e/proxies.sh [path/to/parallax-server]   (default: debug build in .build)
# shellcheck disable=SC2016,SC2034 # check() evals its single-quoted condition later, on purpose
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
bin=${1:-$root/.build/debug/parallax-server}
# shellcheck source=../lib/server.sh
source "$root/Tests/lib/server.sh" # start_server, stop_on_exit; stops every server on exit
work=$(mktemp -d)
remove_on_exit "$work"
for tool in nginx haproxy; do
  command -v "$tool" >/dev/null || PATH=$PATH:/usr/sbin
  command -v "$tool" >/dev/null || { echo "FAIL $tool is not installed (scripts/setup test installs it)"; exit 1; }
done

failures=0 checks=0
check() {
  checks=$((checks + 1))
  if eval "$2"; then echo "ok   $1"; else echo "FAIL $1"; failures=$((failures + 1)); fi
}
# hdr FILE NAME: the value of header NAME in a curl -D dump (case-insensitive), CR stripped.
hdr() { tr -d '\r' <"$1" | awk -v n="$(tr '[:upper:]' '[:lower:]' <<<"$2")" -F': ' 'tolower($1) == n { print $2; exit }'; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
# wait_port PID PORT: until something accepts on 127.0.0.1:PORT (5 s at most); fails if PID dies.
wait_port() {
  local i
  for ((i = 0; i < 50; i++)); do
    kill -0 "$1" 2>/dev/null || return 1
    (exec 3<>"/dev/tcp/127.0.0.1/$2") 2>/dev/null && return 0
    sleep 0.1
  done
  return 1
}

# A max-age of 2 s, so that nginx's cached entries expire within the run and are revalidated.
PARALLAX_CACHE_MAX_AGE=2 start_server --log "$work/server.out" "$bin" --workers 1 --access-log off
direct=$base up=$port

# nginx: one worker, a cache keyed by URI (and Vary), a keep-alive pool of upstream connections.
nport=$(free_port)
mkdir -p "$work/nginx"
cat >"$work/nginx/nginx.conf" <<CONF
daemon off;
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
user $(id -un) $(id -gn);
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path $work/nginx/body;
  proxy_temp_path $work/nginx/proxy;
  fastcgi_temp_path $work/nginx/fastcgi;
  uwsgi_temp_path $work/nginx/uwsgi;
  scgi_temp_path $work/nginx/scgi;
  proxy_cache_path $work/nginx/cache keys_zone=parallax:1m;
  upstream parallax { server 127.0.0.1:$up; keepalive 4; }
  server {
    listen 127.0.0.1:$nport;
    location / {
      proxy_pass http://parallax;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_cache parallax;
      proxy_cache_revalidate on;
      add_header X-Cache-Status \$upstream_cache_status always;
      add_header X-Upstream-Status \$upstream_status always;
    }
  }
}
CONF
nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" -e "$work/nginx/error.log" &
stop_on_exit $!
wait_port $! "$nport" || { echo "FAIL nginx did not start:"; cat "$work/nginx/error.log"; exit 1; }

# HAProxy: HTTP mode, keep-alive on both sides, idle upstream connections shared between clients.
hport=$(free_port)
cat >"$work/haproxy.cfg" <<CONF
global
  pidfile $work/haproxy.pid
defaults
  mode http
  timeout connect 2s
  timeout client 10s
  timeout server 10s
  timeout http-keep-alive 5s
frontend parallax
  bind 127.0.0.1:$hport
  default_backend parallax
backend parallax
  http-reuse always
  server s1 127.0.0.1:$up
CONF
haproxy -db -f "$work/haproxy.cfg" >"$work/haproxy.out" 2>&1 &
stop_on_exit $!
wait_port $! "$hport" || { echo "FAIL haproxy did not start:"; cat "$work/haproxy.out"; exit 1; }

# fetch OUT URL CURLARGS…: the body in OUT.b, the head in OUT.h; prints the status.
fetch() { local out=$1 url=$2; shift 2; rm -f "$out.b"; curl -s -o "$out.b" -D "$out.h" -w '%{http_code}' "$@" "$url"; }
# fields_of HEAD [chunked]: the fields a proxy must pass on unchanged, one a line ("name: value",
# empty when absent), in one pass. nginx and HAProxy may re-frame a body (chunked ↔ Content-Length),
# so for a chunked direct answer ("chunked") Content-Length is left out: its body bytes are compared.
fields_of() {
  tr -d '\r' <"$1" | awk -F': ' -v chunked="${2:-}" '
    BEGIN { n = split("content-type content-length content-encoding etag cache-control vary access-control-allow-origin access-control-allow-methods access-control-allow-headers access-control-expose-headers allow", want, " ") }
    { got[tolower($1)] = $2 }
    END { for (i = 1; i <= n; i++) if (!(chunked && want[i] == "content-length")) print want[i] ": " got[want[i]] }'
}
# same PROXY NAME PATH CURLARGS…: the answer through PROXY has the direct answer's status, fields
# and body bytes.
same() {
  local proxy=$1 name=$2 path=$3 a b d=$work/direct p=$work/proxied chunked fd fp body
  shift 3
  a=$(fetch "$d" "$direct$path" "$@")
  b=$(fetch "$p" "$proxy$path" "$@")
  chunked="" body='&& cmp -s "$d.b" "$p.b"'
  if grep -qi '^transfer-encoding: chunked' "$d.h"; then chunked=1; fi
  # curl -I writes the head where the body would go: a HEAD is compared on its status and fields.
  if [[ " $* " == *" -I "* ]]; then body=""; fi
  fd=$(fields_of "$d.h" "$chunked") fp=$(fields_of "$p.h" "$chunked")
  check "$pname: $name ($a, $(wc -c <"$d.b") bytes)" '[[ $a == "$b" && $fd == "$fp" ]] '"$body"
  [[ $fd == "$fp" ]] || diff <(echo "$fd") <(echo "$fp") | sed 's/^/     /' || true
}

json=(-H 'Content-Type: application/json')
paging_get='/v1/paging?viewport.width=390&viewport.height=844&pageCount=3&offsets=0,195,390'
paging_post='{"viewport":{"width":390,"height":844},"pageCount":5,"pageSpacing":16,"layers":[{"name":"background","travel":120}],"offset":203}'
header_get='/v1/header?viewport.width=390&viewport.height=844&header.height=150&header.minHeight=60&offset=120'
scroll_get='/v1/scroll?viewport.width=390&viewport.height=844&offset=300&elements=%5B%7B%22name%22%3A%22logo%22%2C%22frame%22%3A%7B%22x%22%3A0%2C%22y%22%3A600%2C%22width%22%3A100%2C%22height%22%3A100%7D%2C%22speed%22%3A1%7D%5D'
fixed_css='/v1/paging/keyframes?viewport.width=390&viewport.height=844&pageCount=3&snapStop=always&format=css'
fluid_css='/v1/paging/keyframes?pageCount=3&pageSpacing=16&format=css'
kf_json='/v1/header/keyframes?viewport.width=390&viewport.height=844&header.height=150&domain.from=0&domain.to=300'
kf_post='{"viewport":{"width":390,"height":844},"pageCount":3,"pageSpacing":16,"layers":[{"name":"background","travel":120}],"properties":["frame.x"]}'
big='/v1/paging?viewport.width=390&viewport.height=844&pageCount=40&include=all&offset=1000'

smuggle=$'POST /v1/paging HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nContent-Length: 43\r\n\r\n0\r\n\r\nGET /v9/smuggled HTTP/1.1\r\nHost: x\r\n\r\n'
# The server alone: both framings is a 400 that closes the connection (RFC 9112 §6.3), so nothing
# after it is read as a request.
python3 "$root/Tests/lib/rawhttp.py" "127.0.0.1:$up" "$smuggle" >"$work/smuggled"
check "direct: CL.TE is one 400 with Connection: close ($(head -1 "$work/smuggled"))" \
  '[[ "$(grep -c "^HTTP/1" "$work/smuggled")" == 1 && "$(head -1 "$work/smuggled")" == "HTTP/1.1 400 Bad Request" && "$(hdr "$work/smuggled" Connection)" == close ]]'

for pname in nginx haproxy; do
  if [[ $pname == nginx ]]; then proxy=http://127.0.0.1:$nport; else proxy=http://127.0.0.1:$hport; fi
  same "$proxy" "GET paging layout" "$paging_get"
  same "$proxy" "GET header layout" "$header_get"
  same "$proxy" "GET scroll layout" "$scroll_get"
  same "$proxy" "POST paging layout" /v1/paging "${json[@]}" -d "$paging_post"
  same "$proxy" "POST with Expect: 100-continue" /v1/paging "${json[@]}" -H 'Expect: 100-continue' -d "$paging_post"
  same "$proxy" "POST scroll layout as SVG" /v1/scroll "${json[@]}" -H 'Accept: image/svg+xml' \
    -d '{"viewport":{"width":390,"height":844},"offset":300,"elements":[{"name":"logo","frame":{"x":0,"y":600,"width":100,"height":100},"speed":1}]}'
  same "$proxy" "GET fixed keyframes CSS" "$fixed_css"
  same "$proxy" "GET fluid keyframes CSS (no viewport)" "$fluid_css"
  same "$proxy" "GET keyframes JSON" "$kf_json"
  same "$proxy" "POST keyframes JSON" /v1/paging/keyframes "${json[@]}" -d "$kf_post"
  same "$proxy" "HEAD of a layout" "$paging_get" -I
  same "$proxy" "HEAD of fluid keyframes CSS" "$fluid_css" -I
  same "$proxy" "OPTIONS preflight" /v1/scroll -X OPTIONS -H 'Origin: https://app.example' \
    -H 'Access-Control-Request-Method: POST' -H 'Access-Control-Request-Headers: content-type'
  same "$proxy" "GET with Origin" "$header_get" -H 'Origin: https://app.example'
  same "$proxy" "gzip with Accept-Encoding" "$big" -H 'Accept-Encoding: gzip'
  same "$proxy" "identity without Accept-Encoding" "$big"
  same "$proxy" "422 problem+json (GET)" '/v1/paging?viewport.width=-1&viewport.height=tall'
  same "$proxy" "422 problem+json (POST)" /v1/paging "${json[@]}" -d '{"viewport":{"width":-1,"height":"tall"},"pageCount":2}'
  same "$proxy" "400 malformed JSON" /v1/paging "${json[@]}" -d '{"viewport": {"width": 390 "height": 844}}'
  same "$proxy" "404 unknown path" /v9/none
  same "$proxy" "405 DELETE" /v1/scroll -X DELETE

  # If-None-Match → 304, for the plain and the gzip representation.
  curl -s -o /dev/null -D "$work/h" "$direct$fixed_css"
  etag=$(hdr "$work/h" ETag)
  code=$(fetch "$work/c" "$proxy$fixed_css" -H "If-None-Match: \"0000000000000000\", $etag")
  check "$pname: If-None-Match with the ETag is a 304 without a body, ETag kept ($code)" \
    '[[ $code == 304 && ! -s $work/c.b && "$(hdr "$work/c.h" ETag)" == "$etag" ]]'
  code=$(fetch "$work/c" "$proxy$fixed_css" -H 'If-None-Match: "0000000000000000"')
  check "$pname: a stale If-None-Match is a 200 with the body" '[[ $code == 200 && -s $work/c.b ]]'
  curl -s -o /dev/null -D "$work/h" -H 'Accept-Encoding: gzip' "$direct$big"
  gz_etag=$(hdr "$work/h" ETag)
  code=$(fetch "$work/c" "$proxy$big" -H 'Accept-Encoding: gzip' -H "If-None-Match: $gz_etag")
  check "$pname: the gzip ETag revalidates with a 304 ($code, $gz_etag)" '[[ $code == 304 && ! -s $work/c.b ]]'

  # Keep-alive: several requests on one client connection, each answer whole.
  reuse=$(curl -s -o /dev/null -o /dev/null -o /dev/null -o /dev/null -w '%{http_code}:%{num_connects}\n' \
    "$proxy$paging_get" "$proxy/v9/none" "$proxy/healthz" -X GET "$proxy$fluid_css" | paste -sd' ')
  check "$pname: keep-alive over 4 requests, one connection ($reuse)" '[[ $reuse == "200:1 404:0 200:0 200:0" ]]'

  # CL.TE (RFC 9112 §6.3, §11.2): Content-Length covers a second request that the chunked framing
  # ends before. Whatever the proxy makes of it, the requests that follow on fresh connections,
  # over the proxy's pooled upstream connections, get their own answers, never the smuggled 404.
  python3 "$root/Tests/lib/rawhttp.py" "${proxy#http://}" "$smuggle" >"$work/smuggled"
  first=$(head -1 "$work/smuggled")
  check "$pname: the CL.TE request is refused or answered alone ($first from $(hdr "$work/smuggled" Server))" \
    '[[ $first =~ ^HTTP/1\.1\ (400|411|422|501) ]] && ! grep -q /v9/smuggled "$work/smuggled"'
  curl -s -o "$work/want" "$direct/healthz"
  victims=""
  for _ in 1 2 3 4; do victims+=$(curl -s -o "$work/got" -w '%{http_code}' "$proxy/healthz")$(cmp -s "$work/got" "$work/want" && echo '=' || echo '!')" "; done
  check "$pname: the next requests are not poisoned ($victims)" '[[ $victims == "200= 200= 200= 200= " ]]'
done

# nginx's proxy_cache: a MISS, then a HIT with the same ETag and body (the direct answer's), a
# 304 from the cache, gzip and identity kept apart by Vary, and once the 2 s max-age has passed a
# REVALIDATED answer: nginx asked upstream with If-None-Match and got a 304 (RFC 9111 §4.3.1).
proxy=http://127.0.0.1:$nport
fresh='/v1/header?viewport.width=390&viewport.height=844&header.height=150&offset=77&content.width=1170&content.height=4500'
fetch "$work/d" "$direct$fresh" >/dev/null
big2='/v1/paging?viewport.width=390&viewport.height=844&pageCount=40&include=all&offset=2000'
fetch "$work/dz" "$direct$big2" -H 'Accept-Encoding: gzip' >/dev/null
fetch "$work/m" "$proxy$fresh" >/dev/null
fetch "$work/h1" "$proxy$fresh" >/dev/null
check "nginx cache: MISS then HIT" '[[ "$(hdr "$work/m.h" X-Cache-Status)" == MISS && "$(hdr "$work/h1.h" X-Cache-Status)" == HIT ]]'
check "nginx cache: the HIT has the direct ETag and body" '[[ "$(hdr "$work/h1.h" ETag)" == "$(hdr "$work/d.h" ETag)" && -n "$(hdr "$work/d.h" ETag)" ]] && cmp -s "$work/h1.b" "$work/d.b"'
code=$(fetch "$work/c" "$proxy$fresh" -H "If-None-Match: $(hdr "$work/d.h" ETag)")
check "nginx cache: If-None-Match on a HIT is a 304 ($code, $(hdr "$work/c.h" X-Cache-Status))" '[[ $code == 304 && ! -s $work/c.b && "$(hdr "$work/c.h" ETag)" == "$(hdr "$work/d.h" ETag)" ]]'
fetch "$work/gz" "$proxy$big2" -H 'Accept-Encoding: gzip' >/dev/null
fetch "$work/id" "$proxy$big2" >/dev/null
fetch "$work/gz" "$proxy$big2" -H 'Accept-Encoding: gzip' >/dev/null
check "nginx cache: a gzip HIT is the direct gzip answer ($(hdr "$work/gz.h" X-Cache-Status))" '[[ "$(hdr "$work/gz.h" X-Cache-Status)" == HIT && "$(hdr "$work/gz.h" ETag)" == "$(hdr "$work/dz.h" ETag)" ]] && cmp -s "$work/gz.b" "$work/dz.b"'
check "nginx cache: Vary keeps identity apart ($(hdr "$work/id.h" X-Cache-Status))" '[[ -z "$(hdr "$work/id.h" Content-Encoding)" && "$(hdr "$work/id.h" ETag)" != "$(hdr "$work/dz.h" ETag)" ]] && gzip -dc <"$work/gz.b" | cmp -s - "$work/id.b"'
# nginx counts whole seconds (an entry is stale once now > its time + max-age), so 3.1 s is past any
# 2 s max-age whatever the fraction of the second the MISS fell in.
sleep 3.1
fetch "$work/r" "$proxy$fresh" >/dev/null
check "nginx cache: an expired entry is REVALIDATED by a 304 upstream ($(hdr "$work/r.h" X-Cache-Status), $(hdr "$work/r.h" X-Upstream-Status))" \
  '[[ "$(hdr "$work/r.h" X-Cache-Status)" == REVALIDATED && "$(hdr "$work/r.h" X-Upstream-Status)" == 304 && "$(hdr "$work/r.h" ETag)" == "$(hdr "$work/d.h" ETag)" ]] && cmp -s "$work/r.b" "$work/d.b"'
fetch "$work/h2" "$proxy$fresh" >/dev/null
check "nginx cache: a HIT again after revalidation" '[[ "$(hdr "$work/h2.h" X-Cache-Status)" == HIT ]] && cmp -s "$work/h2.b" "$work/d.b"'
# nginx's keepalive pool: the upstream connections of all the requests above stay open for reuse,
# at most its 4 idle ones (a proxy that opened one per request would leave none).
pool=$(ss -Htn state established "( dport = :$up )" | wc -l)
check "the proxies keep upstream connections open for reuse ($pool, at most 4 + HAProxy's)" '((pool >= 1 && pool <= 8))'
echo "proxies: $checks checks, $failures failure(s)"
[[ "$failures" == 0 ]]
