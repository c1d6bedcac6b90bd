"""Bytes that are not a request yet, each bounded (docs/operations.md#bounded-memory, issue
"Hardening 2"): empty lines before a request are timed by the header timeout and at most four are
taken; a chunk-size line's leading zeros and empty chunk extensions count against their limits;
trailer fields against --max-header-count. Each case measures, from outside, the status, the
seconds to the answer and the bytes the server took before it. Then RFC 9112's legal whitespace
and versions are answered, not refused."""
import socket, time
from server import Server, Check, read_response, send_until_answer, timed_request

HEADER_TIMEOUT = 2


def received(server):
    """The server's parallax_http_bytes_received_total: the request bytes it has parsed."""
    with server.connect() as s:
        s.sendall(b'GET /metrics HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n')
        r = read_response(s)
    for line in r[2].decode().splitlines():
        if line.startswith('parallax_http_bytes_received_total '):
            return int(line.split()[1])
    raise SystemExit('no parallax_http_bytes_received_total in /metrics')


def blast(server, head, filler, limit=64 << 20):
    """Sends `head`, then `filler` as fast as the server takes it, until it answers (or `limit`
    bytes pass); returns (status line, seconds, bytes the server parsed before it answered: its
    received-bytes counter (the refused read included), less the head and the /metrics request it
    was read by)."""
    before, start = received(server), time.monotonic()
    line, _ = send_until_answer(server, head, filler * (65536 // len(filler)), limit)
    took = time.monotonic() - start
    return line or '(no answer)', took, received(server) - before - len(head)


def exchange(server, raw, timeout=5):
    with server.connect(timeout=timeout) as s:
        s.sendall(raw)
        r = read_response(s)
    return r[0] if r else None


check = Check('framing')
with Server('--header-timeout', str(HEADER_TIMEOUT), '--max-connections', '200') as server:
    # Empty lines at full speed: a 400 after the fifth, not a core busy for ever.
    status, took, taken = blast(server, b'', b'\r\n')
    check.that(status.startswith('HTTP/1.1 400') and taken <= 2 * 65536 + 200,
               'CRLF at full speed: %s after %.3f s, %d bytes taken (bound: the read refused and one before it)'
               % (status, took, taken))
    # Empty lines dribbled: four are taken, and the header timeout runs from the first.
    start = time.monotonic()
    with server.connect(timeout=HEADER_TIMEOUT + 5) as s:
        for _ in range(4):
            s.sendall(b'\r\n')
            time.sleep(0.4)
        r = read_response(s)
    took = time.monotonic() - start
    check.that(r is not None and r[0] == 408 and HEADER_TIMEOUT - 0.1 <= took <= HEADER_TIMEOUT + 1,
               'four empty lines, 0.4 s apart: %s after %.2f s (header timeout %d s)'
               % (r and r[0], took, HEADER_TIMEOUT))
    # 190 such sockets (max-connections 200) do not keep /healthz out past the header timeout.
    crowd = []
    for _ in range(190):
        s = server.connect()
        s.sendall(b'\r\n')
        crowd.append(s)
    start = time.monotonic()
    for _ in range(3):
        time.sleep(0.5)
        for s in crowd:
            try:
                s.sendall(b'\r\n')
            except OSError:
                pass
    closed = 0
    for s in crowd:
        s.settimeout(HEADER_TIMEOUT + 3)
        r = read_response(s)
        closed += r is not None and r[0] == 408
        s.close()
    took = time.monotonic() - start
    status, probe = timed_request(server)
    check.that(closed == 190 and took < HEADER_TIMEOUT + 2 and status == 200,
               '190 sockets sending an empty line every 0.5 s: %d got 408 within %.1f s; /healthz then %s in %.1f ms'
               % (closed, took, status, probe * 1000))

    chunked = b'POST /v1/paging HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n'
    # Leading zeros in a chunk size (issue: 4 GiB in 17 s, 408 only at 30 s).
    status, took, taken = blast(server, chunked + b'1\r\n{\r\n', b'0')
    check.that(status.startswith('HTTP/1.1 400') and took < 2 and taken <= 2 * 65536 + 200,
               'leading zeros in a chunk size: %s after %.3f s, %d bytes taken' % (status, took, taken))
    # Empty chunk extensions (issue: 2.5 GB in 30 s): each `;` counts against the 16 KiB limit.
    status, took, taken = blast(server, chunked + b'1', b';')
    check.that(status.startswith('HTTP/1.1 413') and took < 2 and taken <= 2 * 65536 + 200,
               'empty chunk extensions: %s after %.3f s, %d bytes taken' % (status, took, taken))
    # Trailer fields count against --max-header-count (100) with the head's (4 here).
    trailers = b''.join(b'X-T%d: t\r\n' % i for i in range(200))
    st = exchange(server, chunked + b'2\r\n{}\r\n0\r\n' + trailers + b'\r\n')
    check.that(st == 431, '200 trailer fields: %s' % st)
    fine = b''.join(b'X-T%d: t\r\n' % i for i in range(90))
    st = exchange(server, chunked + b'2\r\n{}\r\n0\r\n' + fine + b'\r\n')
    check.that(st == 422, '90 trailer fields (94 fields in all) are read: %s' % st)

    # RFC 9112's whitespace and versions.
    st = exchange(server, chunked + b'2 ;a=b\r\n{}\r\n0 \r\n\r\n')
    check.that(st == 422, 'BWS before a chunk extension (`2 ;a=b`) is read: %s' % st)
    st = exchange(server, b'POST /v1/paging HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n'
                          b'Content-Length: 2\t\r\n\r\n{}')
    check.that(st == 422, 'a tab after the Content-Length value (OWS) is read: %s' % st)
    st = exchange(server, chunked.replace(b'chunked\r\n', b'chunked\t\r\n') + b'2\r\n{}\r\n0\r\n\r\n')
    check.that(st == 422, 'a tab after Transfer-Encoding: chunked (OWS) is read: %s' % st)
    st = exchange(server, b'GET /healthz HTTP/1.2\r\nHost: a\r\n\r\n')
    check.that(st == 200, 'HTTP/1.2 is answered as HTTP/1.1: %s' % st)
    st = exchange(server, b'GET /healthz#top HTTP/1.1\r\nHost: a\r\n\r\n')
    check.that(st == 400, 'a fragment in the target (RFC 9112 §3.2 sends none): %s' % st)
    st = exchange(server, b'GET /healthz HTTP/2.0\r\nHost: a\r\n\r\n')
    check.that(st == 505, 'HTTP/2.0 in an HTTP/1 request line: %s' % st)
    check.that(server.proc.poll() is None, 'still alive')
check.done()
