"""Sends raw bytes to HOST:PORT and prints what comes back within a second (for the HTTP framing tests).

Usage: python3 Tests/lib/rawhttp.py HOST:PORT BYTES
BYTES is sent as given (Latin-1); the answer is printed with CR removed.
"""
import socket
import sys
import time

host, port = sys.argv[1].rsplit(":", 1)
with socket.create_connection((host, int(port)), timeout=2) as s:
    s.sendall(sys.argv[2].encode("latin-1"))
    s.settimeout(0.3)
    got, end = b"", time.monotonic() + 1.0
    while time.monotonic() < end:
        try:
            chunk = s.recv(65536)
        except socket.timeout:
            continue
        if not chunk:
            break
        got += chunk
sys.stdout.write(got.decode("latin-1").replace("\r", ""))
