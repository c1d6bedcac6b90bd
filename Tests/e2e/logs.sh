#!/usr/bin/env bash
# The log lines (docs/operations.md#logs), from the release binary:
#  - with --log-format json every line on stdout parses as JSON and starts time, level, event;
#    the start-up, request and stop lines are there, a request line with method, route, status,
#    bytes, duration, client, peer and user agent, a hostile user agent escaped and cut;
#  - --log-format text: one line per event, a request line that a client's bytes cannot break;
#  - --trusted-proxies (docs/operations.md#client-addresses): X-Forwarded-For / Forwarded name the
#    client only from a trusted peer; spoofed from an untrusted one (here ::1 against a list of
#    127.0.0.1) they are ignored;
#  - request ids and traces (docs/operations.md#request-ids, #tracing): the answer's X-Request-Id
#    is its line's requestId (made, or the caller's sane one), a valid traceparent/tracestate is
#    logged; hostile ones (an overlong or quoted id, two ids, a malformed or repeated traceparent)
#    are replaced or ignored, never echoed raw, and the request is answered as usual.
#
# Usage: Tests/e2e/logs.sh [path/to/parallax-server]   (default: debug build in .build)
# shellcheck disable=SC2016 # check() evals its single-quoted condition later, on purpose
set -euo pipefail
# shellcheck source=../../scripts/lib/common.sh
source "$(dirname "$0")/../../scripts/lib/common.sh"
bin=${1:-$root/.build/debug/parallax-server}
# shellcheck source=../lib/server.sh
source "$root/Tests/lib/server.sh"
work=$(mktemp -d)
remove_on_exit "$work"

failures=0
check() { if eval "$2"; then echo "ok   $1"; else echo "FAIL $1"; failures=$((failures + 1)); fi; }

# JSON, dual stack, 127.0.0.1 trusted.
start_server --log "$work/json.out" "$bin" --host :: --workers 2 --log-format json --access-log on --trusted-proxies 127.0.0.1
json_pid=$server_pid
curl -s -o /dev/null -A 'probe/1.0' "http://127.0.0.1:$port/healthz"
curl -s -o /dev/null -H 'X-Forwarded-For: 6.6.6.6, 198.51.100.4' "http://127.0.0.1:$port/v1/paging?viewport.width=390&viewport.height=844&pageCount=3&offset=10"
curl -s -o /dev/null -H 'Forwarded: for="[2001:db8::17]:4711"' "http://127.0.0.1:$port/readyz"
curl -s -o /dev/null -g -H 'X-Forwarded-For: 6.6.6.6' -H 'Forwarded: for=6.6.6.6' "http://[::1]:$port/healthz"
curl -s -o /dev/null -A "$(printf 'evil","level":"forged\\ é%0600d' 0)" "http://127.0.0.1:$port/nowhere"
tp=00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01
curl -s -D "$work/made.h" -o /dev/null -A case-made -H "traceparent: $tp" -H 'tracestate: rojo=00f067aa0ba902b7' "http://127.0.0.1:$port/healthz"
curl -s -D "$work/caller.h" -o /dev/null -A case-caller -H 'X-Request-Id: 0f8fad5b-d9cb-469f-a165-70867728950e' "http://127.0.0.1:$port/healthz"
curl -s -D "$work/long.h" -o /dev/null -A case-long -H "X-Request-Id: $(printf 'x%0200d' 0)" -H "traceparent: ${tp^^}" "http://127.0.0.1:$port/healthz"
curl -s -D "$work/quoted.h" -o /dev/null -A case-quoted -H 'X-Request-Id: a","level":"forged' -H 'traceparent: 00-garbage' "http://127.0.0.1:$port/healthz"
curl -s -D "$work/twice.h" -o /dev/null -A case-twice -H 'X-Request-Id: a' -H 'X-Request-Id: b' -H "traceparent: $tp" -H "traceparent: $tp" "http://127.0.0.1:$port/healthz"
for c in made caller long quoted twice; do
  printf '%s %s\n' "$c" "$(tr -d '\r' <"$work/$c.h" | awk -F': ' 'tolower($1) == "x-request-id" { print $2 }')"
done >"$work/ids"
kill "$json_pid"; wait "$json_pid" 2>/dev/null || true
"$python" - "$work/json.out" "$work/ids" >"$work/json.check" <<'PY' || true
import json, sys
lines = open(sys.argv[1], encoding='utf-8').read().splitlines()
parsed = [json.loads(l) for l in lines]
print('lines', len(lines))
print('shape', all(list(p)[:3] == ['time', 'level', 'event'] and p['time'].endswith('Z') for p in parsed))
events = [p['event'] for p in parsed]
print('events', ' '.join(events))
req = [p for p in parsed if p['event'] == 'request']
keys = ['method', 'route', 'path', 'status', 'bytesIn', 'bytesOut', 'durationMs', 'client', 'peer', 'userAgent']
print('fields', all(all(k in p for k in keys) for p in req))
by = {(p['path'], p['peer']): p for p in req if not (p['userAgent'] or '').startswith('case-')}
print('ua', by[('/healthz', '127.0.0.1')]['userAgent'])
print('route', by[('/v1/paging', '127.0.0.1')]['route'], by[('/nowhere', '127.0.0.1')]['route'])
print('xff', by[('/v1/paging', '127.0.0.1')]['client'])
print('forwarded', by[('/readyz', '127.0.0.1')]['client'])
print('spoofed', by[('/healthz', '::1')]['client'])
evil = by[('/nowhere', '127.0.0.1')]['userAgent']
print('evil', evil.startswith('evil","level":"forged\\ é') and evil.endswith('…') and len(evil.encode()) <= 260
      and by[('/nowhere', '127.0.0.1')]['level'] == 'info')
import re
answered = dict(l.split(' ', 1) for l in open(sys.argv[2], encoding='utf-8').read().splitlines())
made = re.compile(r'^[0-9a-f]{12}-[0-9]+-[1-9][0-9]*$')
ua = {p['userAgent']: p for p in req}
line = {c: ua['case-' + c] for c in answered}
print('followed', all(line[c]['requestId'] == answered[c] and line[c]['status'] == 200 for c in answered))
print('made', all(made.match(answered[c]) for c in ['made', 'long', 'quoted', 'twice']))
print('caller', answered['caller'])
print('trace', line['made']['traceId'], line['made']['parentId'], line['made']['tracestate'])
print('untraced', [line[c]['traceId'] for c in ['caller', 'long', 'quoted', 'twice']])
print('distinct', len(set(answered.values())) == len(answered))
PY
cat "$work/json.check"
check "json: every line parses, time, level and event first" 'grep -qx "shape True" "$work/json.check"'
check "json: start-up lines, a line per request, the drain and the stop" \
  'grep -qx "events listening demo-page request request request request request request request request request request draining stopped" "$work/json.check"'
check "json: request lines carry method, route, path, status, bytes, duration, client, peer, user agent" 'grep -qx "fields True" "$work/json.check"'
check "json: the user agent" 'grep -qx "ua probe/1.0" "$work/json.check"'
check "json: the route pattern, unmatched for an unknown path" 'grep -qx "route /v1/paging unmatched" "$work/json.check"'
check "trusted peer: X-Forwarded-For names the client (the hop the proxy appended)" 'grep -qx "xff 198.51.100.4" "$work/json.check"'
check "trusted peer: Forwarded names the client" 'grep -qx "forwarded 2001:db8::17" "$work/json.check"'
check "untrusted peer (::1): spoofed X-Forwarded-For and Forwarded ignored" 'grep -qx "spoofed ::1" "$work/json.check"'
check "a user agent with quotes, a backslash and 600 bytes stays inside its field, cut" 'grep -qx "evil True" "$work/json.check"'
check "every answer's X-Request-Id is its line's requestId" 'grep -qx "followed True" "$work/json.check"'
check "no id, or an overlong, quoted or repeated one: a made id, never the raw value" 'grep -qx "made True" "$work/json.check"'
check "a sane caller id is echoed" 'grep -qx "caller 0f8fad5b-d9cb-469f-a165-70867728950e" "$work/json.check"'
check "made ids are distinct" 'grep -qx "distinct True" "$work/json.check"'
check "a valid traceparent and tracestate are logged" 'grep -qx "trace 4bf92f3577b34da6a3ce929d0e0e4736 00f067aa0ba902b7 rojo=00f067aa0ba902b7" "$work/json.check"'
check "an uppercase, garbage or repeated traceparent is ignored" 'grep -qx "untraced \[None, None, None, None\]" "$work/json.check"'

# Text: one line per event.
start_server --log "$work/text.out" "$bin" --log-format text --access-log on
curl -s -o /dev/null -A 'a"b' -H 'X-Request-Id: text-1' -H "traceparent: $tp" "http://127.0.0.1:$port/healthz"
kill "$server_pid"; wait "$server_pid" 2>/dev/null || true
check "text: five lines (start-up 2, request, drain, stop)" '[[ $(wc -l <"$work/text.out") -eq 5 ]]'
check "text: the request line, the user agent quoted" 'grep -qF " 127.0.0.1 \"GET /healthz\" 200 in=" "$work/text.out" && grep -qF "ms \"a\\\"b\"" "$work/text.out"'
check "text: the request id and the trace" 'grep -qF " id=text-1 trace=4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7" "$work/text.out"'

if [[ $failures -ne 0 ]]; then
  for f in "$work"/*.out; do echo "--- $f"; cat "$f"; done
  echo "logs.sh: $failures check(s) failed"
  exit 1
fi
echo "logs.sh: all checks passed"
