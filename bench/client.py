#!/usr/bin/env python3
"""Sends exactly COUNT requests over one keep-alive connection and reads every answer in full.

bench/callgrind needs an exact request count (wrk only runs for a time). With --count 0 it only
connects and closes, the baseline that start-up and shut-down cost.
    bench/client.py --port 8080 --path /v1/paging --body bench/bodies/w1-paging.json --count 100
"""
import argparse
import socket
import sys
import time


def read_response(sock, buf):
    """Returns (status, rest of buffer) after one full response (Content-Length or chunked)."""
    while b"\r\n\r\n" not in buf:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("the server closed the connection mid-response")
        buf += chunk
    head, buf = buf.split(b"\r\n\r\n", 1)
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ")[1])
    headers = {k.strip().lower(): v.strip() for k, v in (l.split(":", 1) for l in lines[1:] if ":" in l)}
    if "content-length" in headers:
        need = int(headers["content-length"])
        while len(buf) < need:
            chunk = sock.recv(max(65536, need - len(buf)))
            if not chunk:
                raise ConnectionError("the server closed the connection mid-body")
            buf += chunk
        return status, buf[need:]
    if headers.get("transfer-encoding", "").lower() == "chunked":
        while True:
            while b"\r\n" not in buf:
                buf += sock.recv(65536)
            size_line, buf = buf.split(b"\r\n", 1)
            size = int(size_line.split(b";")[0], 16)
            while len(buf) < size + 2:
                buf += sock.recv(65536)
            buf = buf[size + 2:]
            if size == 0:
                return status, buf
    raise ValueError("response without Content-Length or chunked body")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--path", default="/healthz")
    ap.add_argument("--body", help="JSON file to POST; GET without it")
    ap.add_argument("--count", type=int, required=True)
    ap.add_argument("--connect-timeout", type=float, default=120, help="seconds to wait for the server to listen")
    args = ap.parse_args()

    body = open(args.body, "rb").read() if args.body else None
    if body is None:
        request = f"GET {args.path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
    else:
        request = (f"POST {args.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                   f"Content-Length: {len(body)}\r\n\r\n").encode() + body

    deadline = time.monotonic() + args.connect_timeout
    while True:
        try:
            sock = socket.create_connection(("127.0.0.1", args.port), timeout=300)
            break
        except OSError:
            if time.monotonic() > deadline:
                sys.exit(f"client: nothing listens on 127.0.0.1:{args.port} after {args.connect_timeout:.0f} s")
            time.sleep(0.2)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    statuses = {}
    buf = b""
    for _ in range(args.count):
        sock.sendall(request)
        status, buf = read_response(sock, buf)
        statuses[status] = statuses.get(status, 0) + 1
    sock.close()
    print("client: %d requests, statuses %s" % (args.count, statuses or "-"))
    if any(not 200 <= s < 300 for s in statuses):
        print("client: some answers were not 2xx", file=sys.stderr)
        sys.exit(3)


if __name__ == "__main__":
    main()
