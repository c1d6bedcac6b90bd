"""10 000 idle keep-alive connections are held (each asked one request first) within a
documented RSS, and all of them still answer afterwards. RLIMIT_NOFILE is raised for this
process and the server; --max-connections is set above 10 000."""
import socket, time
from server import Server, Check, raise_nofile, read_response, request, timed_request

CONNECTIONS = 10_000
RSS_BOUND_MB = 100
check = Check('idle-10k')
limit = raise_nofile()
check.that(limit > CONNECTIONS + 100, 'RLIMIT_NOFILE raised to %d' % limit)
with Server('--max-connections', '12000', '--idle-timeout', '120', '--header-timeout', '60') as server:
    timed_request(server)
    before = server.rss_kb()
    socks = []
    start = time.monotonic()
    get = request('GET', '/healthz')
    for i in range(CONNECTIONS):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.settimeout(10)
        s.connect(('127.0.0.1', server.port))
        s.sendall(get)
        socks.append(s)
        if len(socks) % 500 == 0:                  # read answers in batches (keeps the backlog short)
            for t in socks[-500:]:
                read_response(t)
    for t in socks[len(socks) - len(socks) % 500:]:
        read_response(t)
    opened = time.monotonic() - start
    time.sleep(1)
    held = server.rss_kb()
    check.that(len(socks) == CONNECTIONS, '%d keep-alive connections opened and answered in %.1f s' % (len(socks), opened))
    check.that(held / 1024 < RSS_BOUND_MB, 'server RSS with %d idle connections: %.1f MB (%.1f MB before; bound %d MB, %.1f KB per connection)'
               % (CONNECTIONS, held / 1024, before / 1024, RSS_BOUND_MB, (held - before) / CONNECTIONS))
    # Every connection is still open and answers a second request.
    ok = 0
    for i in range(0, CONNECTIONS, 500):
        batch = socks[i:i + 500]
        for t in batch:
            t.sendall(get)
        for t in batch:
            try:
                r = read_response(t)
                ok += r is not None and r[0] == 200
            except OSError:
                pass
    check.that(ok == CONNECTIONS, '%d/%d held connections answered a second request' % (ok, CONNECTIONS))
    status, latency = timed_request(server)
    check.that(status == 200, 'a new client is answered (%.1f ms)' % (latency * 1000))
    for s in socks:
        s.close()
check.done()
