#!/usr/bin/env bash
# Who owns a port, and what the binary says about itself (docs/operations.md#ports):
#  - a server with several workers listens on ONE socket (ss shows one listener);
#  - a second server on that busy port fails at once: non-zero exit, "address already in use",
#    and the first keeps answering; it fails the same with --reuse-port on (the first did not ask);
#  - two servers that both run with --reuse-port on share the port;
#  - --version, the start-up lines and /metrics name the same version and commit, and that
#    commit is this checkout's, as the build scripts compute it (scripts/lib/common.sh: HEAD, with
#    "-dirty" when tracked files differ), or $PARALLAX_COMMIT when set;
#  - the start-up lines say "1 worker" / "N workers" and where the demo page is;
#  - a bad option is one line on stderr and exit status 2;
#  - IPv6 (docs/operations.md#ipv6): --host ::1 and [::1] serve over IPv6 alone, --host :: is one
#    dual-stack listener that IPv4 clients reach too (logged as IPv4), --metrics-address takes
#    [::1]:PORT, and --healthcheck finds each of them.
#
# Usage: Tests/e2e/ports.sh [path/to/parallax-server]   (default: debug build in .build)
# shellcheck disable=SC2016,SC2034 # check() evals its single-quoted condition later, on purpose
set -euo pipefail

# shellcheck source=../../scripts/lib/common.sh
source "$(dirname "$0")/../../scripts/lib/common.sh" # sets root and PARALLAX_COMMIT
bin=${1:-$root/.build/debug/parallax-server}
# shellcheck source=../lib/server.sh
source "$root/Tests/lib/server.sh" # start_server; stops every server on exit
work=$(mktemp -d)
remove_on_exit "$work"

failures=0
ok() { echo "ok   $1"; }
fail() { echo "FAIL $1"; failures=$((failures + 1)); }
check() { if eval "$2"; then ok "$1"; else fail "$1"; fi; }

# start NAME PORT ARGS…: runs a server in the background (output in $work/NAME.out), waits for its
# listening line, sets $port. (The second servers meant to fail on a busy port run below, in the
# foreground.)
start() {
  local name=$1 want=$2; shift 2
  start_server --log "$work/$name.out" --port "$want" "$bin" --log-format text "$@"
}
listeners() { ss -Hltn "sport = :$1" | wc -l; }
healthy() { [[ $(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "http://127.0.0.1:$1/healthz") == 200 ]]; }

# --version
version=$("$bin" --version)
echo "     $version"
commit=$(sed -n 's/^parallax-server [0-9][0-9.]* (commit \([0-9A-Za-z._-]*\))$/\1/p' <<<"$version")
check "--version prints 'parallax-server X.Y.Z (commit C)'" '[[ -n "$commit" ]]'
expected=${PARALLAX_COMMIT:-unknown}
check "--version names the commit of this checkout ($expected; a stale binary fails here: rebuild it)" '[[ "$commit" == "$expected" ]]'

# A bad option: one line on stderr naming it, nothing on stdout (the logs' stream), exit 2, no server.
rc=0
"$bin" --port not-a-port >"$work/bad.out" 2>"$work/bad.err" || rc=$?
echo "     $(head -c 200 "$work/bad.err")"
check "a bad option exits 2" '[[ $rc -eq 2 ]]'
check "a bad option is one line on stderr, 'parallax-server: …' naming --port" '[[ $(wc -l <"$work/bad.err") -eq 1 ]] && grep -q "^parallax-server: .*--port" "$work/bad.err"'
check "a bad option writes nothing to stdout" '[[ ! -s "$work/bad.out" ]]'

# One server, three workers.
start first 0 --workers 3
first=$port
check "3 workers listen on one socket" '[[ $(listeners "$first") -eq 1 ]]'
check "start-up line: version, address, '3 workers'" \
  'grep -qxF "info: $version listening on 127.0.0.1:$first with 3 workers" "$work/first.out"'
check "start-up line: where the demo page is" 'grep -qxF "info: demo page: http://127.0.0.1:$first/" "$work/first.out"'
check "/metrics: parallax_build_info with the same version and commit" \
  'grep -qxF "parallax_build_info{version=\"$(cut -d" " -f2 <<<"$version")\",commit=\"$commit\"} 1" <<<"$(curl -s "http://127.0.0.1:$first/metrics")"'

# A second server on the busy port, without and with --reuse-port on.
for extra in "" "--reuse-port on"; do
  t0=$(date +%s%N)
  set +e
  # shellcheck disable=SC2086 # $extra is two words or none
  timeout 10 "$bin" --host 127.0.0.1 --port "$first" --workers 1 --log-format text $extra >"$work/second.out" 2>&1
  rc=$?
  set -e
  ms=$((($(date +%s%N) - t0) / 1000000))
  check "second server on busy port ${extra:+($extra) }exits non-zero at once (status $rc, ${ms} ms)" '[[ $rc -ne 0 && $rc -ne 124 && $ms -lt 5000 ]]'
  check "… saying 'address already in use'" 'grep -q "address already in use" "$work/second.out"'
  check "… and the first still answers alone" 'healthy "$first" && [[ $(listeners "$first") -eq 1 ]]'
done

# One worker: the singular.
start single 0 --workers 1
check "start-up line says '1 worker'" 'grep -q "listening on 127.0.0.1:$port with 1 worker$" "$work/single.out"'

# Sharing only when both ask.
start shareA 0 --workers 2 --reuse-port on
shared=$port
check "--reuse-port on says so at start-up" 'grep -q "with 2 workers, port shared with other processes (--reuse-port on)$" "$work/shareA.out"'
start shareB "$shared" --workers 1 --reuse-port on
check "two servers with --reuse-port on share the port (3 sockets)" '[[ $port -eq $shared && $(listeners "$shared") -eq 3 ]] && healthy "$shared"'

# IPv6. The machine needs ::1 on its loopback (Linux has it unless IPv6 is disabled).
url6() { curl -s -o /dev/null -w '%{http_code}' --max-time 5 -g "http://[::1]:$1$2"; }
if grep -q '^0\{31\}1 ' /proc/net/if_inet6 2>/dev/null; then
  start six 0 --host ::1 --workers 2 --access-log on --log-format json
  six=$port
  check "--host ::1: the start-up line says [::1]:PORT" 'grep -q "listening on \[::1\]:$six with 2 workers\"" "$work/six.out"'
  check "--host ::1: the demo page is http://[::1]:PORT/" 'grep -qF "demo page: http://[::1]:$six/" "$work/six.out"'
  check "--host ::1 answers over IPv6" '[[ $(url6 "$six" /healthz) == 200 ]]'
  check "--host ::1 is not reached over IPv4" '! healthy "$six"'
  check "--host ::1: the access log names the client ::1" 'grep -q "\"client\":\"::1\",\"peer\":\"::1\"" "$work/six.out"'
  check "--healthcheck finds a server on ::1 (no --host given to the probe, as in the image)" \
    'PARALLAX_PORT=$six "$bin" --healthcheck'
  start bracket 0 --host '[::1]' --metrics-address '[::1]:0'
  check "--host [::1] (brackets) answers over IPv6" '[[ $(url6 "$port" /healthz) == 200 ]]'
  metrics6=$(sed -n 's|.*metrics: http://\[::1\]:\([0-9]*\)/metrics.*|\1|p' "$work/bracket.out")
  check "--metrics-address [::1]:0 serves /metrics over IPv6" '[[ -n "$metrics6" && $(url6 "$metrics6" /metrics) == 200 ]]'
  start dual 0 --host :: --workers 2 --access-log on
  dual=$port
  check "--host :: is one listener for 2 workers" '[[ $(listeners "$dual") -eq 1 ]]'
  check "--host :: answers over IPv6 and over IPv4 (dual stack)" '[[ $(url6 "$dual" /healthz) == 200 ]] && healthy "$dual"'
  check "--host ::: an IPv4 client is logged as 127.0.0.1, not ::ffff:127.0.0.1" \
    'grep -q " 127\.0\.0\.1 \"GET /healthz\"" "$work/dual.out" && ! grep -q "::ffff:" "$work/dual.out"'
  check "--healthcheck finds a server on :: (PARALLAX_HOST=::)" 'PARALLAX_HOST=:: PARALLAX_PORT=$dual "$bin" --healthcheck'
  rc=0; "$bin" --host ::g --port 0 --log-format text >"$work/badhost.out" 2>&1 || rc=$?
  check "--host ::g (not an address) stops the start, saying so" '[[ $rc -eq 1 ]] && grep -q "invalid host ::g" "$work/badhost.out"'
else
  fail "IPv6: this machine has no ::1 on its loopback (/proc/net/if_inet6), so the IPv6 checks cannot run"
fi

if [[ $failures -ne 0 ]]; then
  echo "ports.sh: $failures check(s) failed"
  for f in "$work"/*.out; do echo "--- $f"; cat "$f"; done
  exit 1
fi
echo "ports.sh: all checks passed"
