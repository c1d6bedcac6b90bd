# shellcheck shell=bash
# The parallax-server under test, for the test scripts (Tests/*/run.sh, Tests/e2e/*.sh, …). Source it:
#
#   start_server [--log FILE] [--stderr FILE] [--port N] BIN [FLAGS…]
#
# runs `BIN --host 127.0.0.1 --port N FLAGS…` in the background (N is 0 unless given: the kernel
# picks a free port, and the server prints it in its start-up line "… listening on 127.0.0.1:PORT
# …"), with its stdout and stderr in FILE (default: a temporary file; --stderr puts stderr in a file
# of its own), and waits up to 10 s for that line. It sets `port`, `base` (http://127.0.0.1:PORT),
# `server_pid` and `server_log`. A server that has not printed the line by then fails the script,
# its output shown. Call it again for another server: each call sets the variables anew.
#
# Every server started is stopped (SIGTERM, then waited for) when the script exits, whatever the
# reason; `remove_on_exit PATH…` removes those files or directories then too (a work directory),
# and `stop_on_exit PID…` stops other background children the same way (a proxy in front).
#
# It also sets `python`: the checkout's .venv Python (Playwright, Marionette; scripts/setup makes
# it), or python3 where there is none.

# shellcheck disable=SC2034 # python is for the script that sources this
python="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/.venv/bin/python"
[[ -x "$python" ]] || python=python3

_servers=() _remove_at_exit=()

remove_on_exit() { _remove_at_exit+=("$@"); }
stop_on_exit() { _servers+=("$@"); }

_stop_servers() {
  local p
  for p in "${_servers[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
  [[ ${#_remove_at_exit[@]} -eq 0 ]] || rm -rf "${_remove_at_exit[@]}"
}
trap _stop_servers EXIT

start_server() {
  local log="" err="" want=0 bin
  while [[ $# -gt 0 ]]; do
    case $1 in
      --log) log=$2; shift 2 ;;
      --stderr) err=$2; shift 2 ;;
      --port) want=$2; shift 2 ;;
      *) break ;;
    esac
  done
  bin=$1; shift
  if [[ -z "$log" ]]; then
    log=$(mktemp)
    remove_on_exit "$log"
  fi
  if [[ -n "$err" ]]; then
    "$bin" --host 127.0.0.1 --port "$want" "$@" >"$log" 2>"$err" &
  else
    "$bin" --host 127.0.0.1 --port "$want" "$@" >"$log" 2>&1 &
  fi
  server_pid=$!
  _servers+=("$server_pid")
  # shellcheck disable=SC2034 # server_log, and base below, are for the script that sources this
  server_log=$log
  port=""
  for _ in $(seq 1 100); do
    # The host is 127.0.0.1 unless FLAGS give another --host ([::1]:PORT for an IPv6 one).
    port=$(cat "$log" ${err:+"$err"} 2>/dev/null | grep -o 'listening on [^ ]*:[0-9]*' | head -1 | sed 's/.*://' || true)
    [[ -n "$port" ]] && break
    sleep 0.1
  done
  if [[ -z "$port" ]]; then
    echo "$0: the server did not start ($bin --host 127.0.0.1 --port $want $*); its output:"
    cat "$log" ${err:+"$err"}
    exit 1
  fi
  # shellcheck disable=SC2034
  base="http://127.0.0.1:$port"
}
