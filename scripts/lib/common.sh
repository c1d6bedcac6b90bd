# shellcheck shell=bash
# Shared by scripts/* and bench/*: where the repository and the build live, and small helpers.
# Source it; it sets `root` and `build`, exports PARALLAX_COMMIT, and changes nothing else.

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# The SwiftPM scratch path: .build by default, PARALLAX_BUILD_DIR to share a machine between checkouts.
build=${PARALLAX_BUILD_DIR:-$root/.build}

die() { echo "${0#"$root"/}: $*" >&2; exit 1; }

# The commit `parallax-server --version` reports (Package.swift reads $PARALLAX_COMMIT; a build
# without it says "unknown"): HEAD, with "-dirty" when tracked files differ from it.
if [ -z "${PARALLAX_COMMIT:-}" ]; then
  if PARALLAX_COMMIT=$(git -C "$root" rev-parse HEAD 2>/dev/null); then
    git -C "$root" diff --quiet HEAD -- 2>/dev/null || PARALLAX_COMMIT+=-dirty
    export PARALLAX_COMMIT
  else
    unset PARALLAX_COMMIT
  fi
fi

# The release build the container ships: the Swift runtime linked in.
release_flags=(-c release --static-swift-stdlib)

# Where that build puts parallax-server.
release_bin() {
  echo "$(cd "$root" && swift build "${release_flags[@]}" --scratch-path "$build" --show-bin-path)/parallax-server"
}

# Builds it (build output on stderr) and prints the binary's path.
build_release() {
  (cd "$root" && swift build "${release_flags[@]}" --scratch-path "$build" >&2) || die "release build failed"
  release_bin
}

# A TCP port on 127.0.0.1 that nothing listens on right now.
free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# wait_for_port PID PORT SECONDS: until something accepts on 127.0.0.1:PORT; fails if PID dies first.
wait_for_port() {
  local pid=$1 port=$2 secs=$3 i
  for ((i = 0; i < secs * 10; i++)); do
    kill -0 "$pid" 2>/dev/null || return 1
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && return 0
    sleep 0.1
  done
  return 1
}
