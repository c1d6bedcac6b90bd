"""IPv6 (docs/operations.md#ipv6): a dual-stack server (--host ::) under the hostile clients of
the other tests, over both families at once: 100 slow-header connections on ::1 and 100 on
127.0.0.1 all get 408 and close, a pipelined burst over IPv6 is answered in order, garbage over
IPv6 is a 400 and a close, and IPv6 clients keep being answered promptly meanwhile; afterwards
the open connections are back to the prober's own. Then a server on ::1 alone refuses IPv4."""
import re, socket, time
from server import Server, Check, request, read_response, raise_nofile, PAGING

SLOW = 100                  # slow connections per family
HEADER_TIMEOUT = 2          # seconds (--header-timeout)
LATENCY_BOUND = 0.200       # seconds, worst normal IPv6 request while the attack runs

check = Check('ipv6')
raise_nofile()
with Server('--header-timeout', str(HEADER_TIMEOUT), '--max-connections', '1000', host='::') as server:
    slow = [server.connect(family=f) for f in (socket.AF_INET6, socket.AF_INET) for _ in range(SLOW)]
    for s in slow:
        s.sendall(b'GET /healthz HTTP/1.1\r\nHost: [::1]\r\nX-Slow: a')
        s.setblocking(False)
    # A pipelined burst over IPv6, answered in order.
    with server.connect(family=socket.AF_INET6) as s:
        s.sendall(b''.join(request('GET', '/healthz') for _ in range(63)) + request('POST', '/v1/paging', PAGING, close=True))
        data = b''
        while chunk := s.recv(65536):
            data += chunk
    statuses = re.findall(rb'HTTP/1\.1 (\d{3}) ', data)
    check.that(statuses == [b'200'] * 64 and data.rstrip().endswith(b'}'),
               '64 pipelined requests over IPv6: %d answers, all 200, the last the layout' % len(statuses))
    # Garbage over IPv6: 400 and close.
    with server.connect(family=socket.AF_INET6) as s:
        s.sendall(b'\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03 not http\r\n\r\n')
        r = read_response(s)
        check.that(r is not None and r[0] == 400, 'bytes that are not HTTP over IPv6: 400 (got %s)' % (r and r[0]))
        check.that(s.recv(1) == b'', '… and the connection is closed')
    # Normal IPv6 clients while the slow ones wait for their 408.
    latencies, statuses, got = [], [], {}
    start = time.monotonic()
    while time.monotonic() - start < HEADER_TIMEOUT + 3 and len(got) < len(slow):
        t0 = time.monotonic()
        with server.connect(family=socket.AF_INET6) as s:
            s.sendall(request('POST', '/v1/paging', PAGING, close=True))
            r = read_response(s)
        latencies.append(time.monotonic() - t0)
        statuses.append(r[0] if r else None)
        for i, s in enumerate(slow):
            if i in got:
                continue
            try:
                got[i] = s.recv(4096)
            except BlockingIOError:
                pass
            except OSError as e:
                got[i] = repr(e).encode()
        time.sleep(0.05)
    for family, part in (('IPv6', range(0, SLOW)), ('IPv4', range(SLOW, 2 * SLOW))):
        n = sum(1 for i in part if got.get(i, b'').startswith(b'HTTP/1.1 408'))
        check.that(n == SLOW, '%s: %d/%d slow connections answered 408 (header timeout %d s)' % (family, n, SLOW, HEADER_TIMEOUT))
    check.that(statuses and all(s == 200 for s in statuses), 'normal IPv6 client: %d requests, all 200' % len(statuses))
    latencies.sort()
    check.that(latencies and latencies[-1] < LATENCY_BOUND, 'normal IPv6 client latency p50 %.1f ms, max %.1f ms (bound %d ms)'
               % (latencies[len(latencies) // 2] * 1000, latencies[-1] * 1000, LATENCY_BOUND * 1000))
    for s in slow:
        s.close()
    time.sleep(0.3)
    with server.connect(family=socket.AF_INET6) as s:
        s.sendall(request('GET', '/metrics', close=True))
        r = read_response(s)
    open_now = [l for l in r[2].decode().splitlines() if l.startswith('parallax_open_connections ')]
    check.that(open_now == ['parallax_open_connections 1'], 'afterwards only the prober is open: %s' % open_now)

with Server(host='::1', workers=1) as server:
    with server.connect(family=socket.AF_INET6) as s:
        s.sendall(request('GET', '/healthz', close=True))
        r = read_response(s)
    check.that(r is not None and r[0] == 200, '--host ::1 answers over IPv6')
    try:
        server.connect(family=socket.AF_INET, timeout=1).close()
        refused = False
    except OSError:
        refused = True
    check.that(refused, '--host ::1 refuses an IPv4 connection')
check.done()
