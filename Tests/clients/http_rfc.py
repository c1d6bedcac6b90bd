"""The HTTP rules of docs/api.md#errors that the engine and the app answer as RFC 9110 / 9112 say,
each on raw bytes over a socket to the release server, plus /metrics counting each by its status.

Usage: http_rfc.py HOST PORT. Prints `N passed, M failed`.
"""
import gzip
import json
import re
import socket
import sys

host, port = sys.argv[1], int(sys.argv[2])
passed, failed = 0, 0


def exchange(raw, wait_body=True, read_timeout=5.0):
    """Sends `raw` (bytes) and reads until the peer closes or the first answer is whole."""
    s = socket.create_connection((host, port), timeout=read_timeout)
    s.sendall(raw)
    data = b""
    try:
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
            head, sep, rest = data.partition(b"\r\n\r\n")
            if sep:
                m = re.search(rb"\r\ncontent-length: *(\d+)", head, re.I)
                if not wait_body or (m and len(rest) >= int(m.group(1))) or head.startswith(b"HTTP/1.1 1"):
                    break
    except socket.timeout:
        pass
    s.close()
    return data


def status_of(data):
    return int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/1.1 ") else None


def check(name, cond):
    global passed, failed
    if cond:
        passed += 1
        print("ok  ", name)
    else:
        failed += 1
        print("FAIL", name)


body = json.dumps({"viewport": {"width": 390, "height": 844}, "pageCount": 5, "offset": 100}).encode()

# RFC 9112 §3.2.2: the absolute-form is accepted and served by its path.
r = exchange(b"GET http://127.0.0.1/healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
check("absolute-form GET http://host/healthz is 200 {\"status\":\"ok\"}", status_of(r) == 200 and r.endswith(b'{"status":"ok"}'))
r = exchange(b"POST http://127.0.0.1:%d/v1/paging HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s" % (port, len(body), body))
check("absolute-form POST of a layout is 200 JSON", status_of(r) == 200 and b'"stride":390' in r)

# RFC 9112 §6.1: a transfer coding it does not know (chunked last) is 501.
chunk = gzip.compress(body)
r = exchange(b"POST /v1/paging HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: gzip, chunked\r\n\r\n%x\r\n%s\r\n0\r\n\r\n" % (len(chunk), chunk))
check("Transfer-Encoding: gzip, chunked is 501 problem+json", status_of(r) == 501 and b"application/problem+json" in r)

# RFC 9110 §15.5.16: a content-coded body is 415, saying what is accepted.
r = exchange(b"POST /v1/paging HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: %d\r\n\r\n%s" % (len(chunk), chunk))
check("Content-Encoding: gzip body is 415 with Accept-Encoding: identity", status_of(r) == 415 and b"\r\nAccept-Encoding: identity\r\n" in r)

# RFC 9110 §10.1.1: no 100 Continue for a request the head already refuses.
r = exchange(b"POST /v1/paging HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n")
check("Expect: 100-continue with text/plain is 415 at once, no 100", status_of(r) == 415 and b"100 Continue" not in r)
r = exchange(b"POST /v1/paging HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n")
check("Expect: 100-continue without Content-Type is 415 at once", status_of(r) == 415 and b"100 Continue" not in r)
r = exchange(b"POST /v1/paging HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: %d\r\n\r\n" % len(body), wait_body=False)
check("Expect: 100-continue with JSON gets 100 Continue", status_of(r) == 100)

# RFC 9110 §15.5.15: a target over the head limit (16 KiB) is 414.
r = exchange(b"GET /v1/paging?" + b"a" * 17000 + b" HTTP/1.1\r\nHost: x\r\n\r\n")
check("a 17 000-byte target is 414", status_of(r) == 414)
r = exchange(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Pad: " + b"p" * 17000 + b"\r\n\r\n")
check("17 000 bytes of fields is still 431", status_of(r) == 431)

# RFC 9110 §9.3.7: OPTIONS * is about the server.
r = exchange(b"OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
check("OPTIONS * is 204 with Allow", status_of(r) == 204 and b"\r\nAllow: GET, HEAD, POST, OPTIONS\r\n" in r)

# docs/api.md#errors: a POST without Content-Type is 415.
r = exchange(b"POST /v1/paging HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s" % (len(body), body))
check("POST without Content-Type is 415", status_of(r) == 415 and b"needs Content-Type: application/json" in r)

# Query arrays in OpenAPI's default style, beside the comma list; a repeated scalar reported once.
q = b"/v1/paging?viewport.width=390&viewport.height=844&pageCount=5"
a = exchange(b"GET " + q + b"&offsets=0&offsets=195&offsets=390 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
b = exchange(b"GET " + q + b"&offsets=0,195,390 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
c = exchange(b"GET " + q + b"&offsets=0,195&offsets=390 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
body_of = lambda d: d.partition(b"\r\n\r\n")[2]
check("offsets=0&offsets=195&offsets=390 answers as offsets=0,195,390 (and mixed)",
      status_of(a) == 200 and body_of(a) == body_of(b) == body_of(c) and body_of(a).count(b'"stride"') == 3)
r = exchange(b"GET " + q + b"&offset=1&offset=2&offset=3 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
check("offset three times is one issue", status_of(r) == 422 and b'"detail":"1 field is invalid"' in r and r.count(b"appears more than once") == 1)

# /metrics: every status sent has its own label.
r = exchange(b"GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
text = body_of(r).decode()
for code in (204, 414, 415, 501):
    label = 'status="%d"' % code
    check("/metrics counts %d by its own label" % code, label in text)
check("/metrics has no status=\"other\"", 'status="other"' not in text)

print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
