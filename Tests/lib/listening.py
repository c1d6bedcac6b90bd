"""The port of a parallax-server started on 127.0.0.1, port 0, by a Python suite (Tests/docs/examples.py,
Tests/hostile/server.py): the server prints it in its start-up line, "… listening on
127.0.0.1:PORT …". Each suite starts the process its own way (flags, limits) and decides what a
server that does not start means; this reads the line. (The shell scripts use Tests/lib/server.sh.)
"""
import re
import select
import time

# 127.0.0.1 unless the suite asked another host ([::1]:PORT for an IPv6 one).
LISTENING = re.compile(r'listening on (?:127\.0\.0\.1|\[[0-9a-fA-F:.]+\]|[0-9.]+):(\d+)')


def read_port(proc, seconds):
    """Reads the output of `proc` (stdout a pipe, stderr joined to it) line by line until the
    listening line, for `seconds` at most or until the output ends. Returns (PORT or None, the lines
    read, for a failure message)."""
    seen = []
    deadline = time.time() + seconds
    while time.time() < deadline:
        ready, _, _ = select.select([proc.stdout], [], [], 0.5)
        if not ready:
            continue
        line = proc.stdout.readline().decode(errors='replace')
        if not line:
            break
        seen.append(line)
        m = LISTENING.search(line)
        if m:
            return int(m.group(1)), seen
    return None, seen
