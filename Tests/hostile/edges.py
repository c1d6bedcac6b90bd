"""The edges of the engine a hostile client reaches with a socket (docs/operations.md, docs/api.md#limits):

- chunk extensions: one endless extension, and many small ones on 1-byte chunks, are answered 413
  once they pass --max-chunk-extension-bytes (16 KiB), after that many bytes, not after gigabytes;
- trailers past --max-header-bytes: 431;
- an invalid Host value (`a b`): 400;
- SIGHUP drains like SIGTERM: requests sent just after it are all answered, exit 0;
- --metrics-address: /metrics on its own port, 404 on the public one (and `off`: 404).
Figures: bytes the server read before answering, requests answered after SIGHUP."""
import re, signal, socket, subprocess, time
from server import Server, Check, read_response, request, send_until_answer, timed_request, PAGING

check = Check('edges')


CHUNKED = b'POST /v1/paging HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n'
with Server() as server:
    line, sent = send_until_answer(server, CHUNKED + b'1;x=', b'a' * 4096, 64 << 20)
    check.that(line.startswith('HTTP/1.1 413'), 'one endless chunk extension: %r after %d KB sent (limit 16 KiB)' % (line, sent // 1024))
    line, sent = send_until_answer(server, CHUNKED, b'1;e=' + b'v' * 4000 + b'\r\n{\r\n', 64 << 20)
    check.that(line.startswith('HTTP/1.1 413'), '4 KB extensions on 1-byte chunks: %r after %d KB sent' % (line, sent // 1024))
    line, sent = send_until_answer(server, CHUNKED + b'1\r\n{\r\n0\r\n', b'X-T: ' + b't' * 1000 + b'\r\n', 64 << 20)
    check.that(line.startswith('HTTP/1.1 431'), 'endless trailer fields: %r after %d KB sent (limit 16 KiB with the head)' % (line, sent // 1024))
    with server.connect() as s:
        s.sendall(b'GET /healthz HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n')
        r = read_response(s)
    check.that(r is not None and r[0] == 400, 'Host: a b answered %s (RFC 9112 §3.2: 400)' % (r[0] if r else 'nothing'))
    st, _ = timed_request(server)
    check.that(st == 200, 'the server still answers /healthz after all of these: %s' % st)

# SIGHUP: 64 requests sent just after the signal on open keep-alive connections are answered.
with Server('--drain-timeout', '5') as server:
    conns = [server.connect(timeout=10) for _ in range(64)]
    for s in conns:                                   # each connection proven open and idle
        s.sendall(request('GET', '/healthz'))
        read_response(s)
    server.proc.send_signal(signal.SIGHUP)
    answered = 0
    for s in conns:
        try:
            s.sendall(request('POST', '/v1/paging', PAGING))
        except OSError:
            pass
    for s in conns:
        try:
            r = read_response(s)
            answered += 1 if r is not None and r[0] == 200 else 0
        except OSError:
            pass
        s.close()
    try:
        code = server.proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        code = None
    out = server.proc.stdout.read().decode(errors='replace')
    check.that(answered == 64, 'SIGHUP: %d of 64 requests sent just after it answered 200' % answered)
    check.that(code == 0 and 'SIGHUP' in out and 'draining' in out, 'SIGHUP: drained, logged, exit status %s' % code)

# --metrics-address: its own port answers /metrics, the public one 404.
with Server('--metrics-address', '127.0.0.1:0') as server:
    deadline, port = time.time() + 5, None
    text = ''.join(server.output)
    while port is None and time.time() < deadline:
        m = re.search(r'metrics: http://127\.0\.0\.1:(\d+)/metrics', text)
        if m:
            port = int(m.group(1))
        else:
            text += server.proc.stdout.readline().decode(errors='replace')
    st, _ = timed_request(server, target='/metrics')
    check.that(st == 404, '--metrics-address: /metrics on the public port answered %s (404)' % st)
    ok = False
    if port:
        with socket.create_connection(('127.0.0.1', port), timeout=5) as s:
            s.sendall(request('GET', '/metrics', close=True))
            r = read_response(s)
            ok = r is not None and r[0] == 200 and b'parallax_http_requests_total' in r[2]
            s2 = socket.create_connection(('127.0.0.1', port), timeout=5)
            s2.sendall(request('GET', '/healthz', close=True))
            r2 = read_response(s2)
            s2.close()
    check.that(ok and r2 is not None and r2[0] == 404,
               '--metrics-address: port %s answers /metrics (200) and nothing else (/healthz %s)' % (port, r2[0] if port and r2 else '-'))
with Server('--metrics-address', 'off') as server:
    st, _ = timed_request(server, target='/metrics')
    check.that(st == 404, '--metrics-address off: /metrics answered %s (404)' % st)
check.done()
