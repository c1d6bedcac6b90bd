"""Slowloris: 200 connections each send one header byte per second. Every one gets 408 and is
closed once --header-timeout passes, while a normal client keeps getting answers promptly."""
import socket, time
from server import Server, Check, timed_request, raise_nofile, PAGING

CONNECTIONS = 200
HEADER_TIMEOUT = 3          # seconds (--header-timeout)
LATENCY_BOUND = 0.200       # seconds, worst normal request while the attack runs

check = Check('slowloris')
raise_nofile()
with Server('--header-timeout', str(HEADER_TIMEOUT), '--max-connections', '1000') as server:
    head = b'GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ' + b'a' * 64
    socks = []
    for _ in range(CONNECTIONS):
        s = server.connect()
        s.setblocking(False)
        socks.append(s)
    answers, sent, latencies, statuses = {}, 0, [], []
    start = time.monotonic()
    while time.monotonic() - start < HEADER_TIMEOUT + 3 and len(answers) < CONNECTIONS:
        for i, s in enumerate(socks):                      # one byte per connection per second
            if i in answers or sent >= len(head):
                continue
            try:
                s.send(head[sent:sent + 1])
            except OSError:
                pass
        sent += 1
        tick = time.monotonic()
        while time.monotonic() - tick < 1.0:
            status, seconds = timed_request(server, 'POST', '/v1/paging', PAGING)
            statuses.append(status)
            latencies.append(seconds)
            for i, s in enumerate(socks):
                if i in answers:
                    continue
                try:
                    data = s.recv(4096)
                    answers[i] = data
                except BlockingIOError:
                    pass
                except OSError as e:
                    answers[i] = repr(e).encode()
            time.sleep(0.05)
    elapsed = time.monotonic() - start
    got408 = sum(1 for d in answers.values() if d.startswith(b'HTTP/1.1 408'))
    check.that(got408 == CONNECTIONS, '%d/%d slow connections answered 408 within %.1f s (header timeout %d s)'
               % (got408, CONNECTIONS, elapsed, HEADER_TIMEOUT))
    closing = sum(1 for d in answers.values() if b'connection: close' in d.lower())
    check.that(closing == CONNECTIONS, '%d/%d 408 responses say Connection: close' % (closing, CONNECTIONS))
    check.that(all(s == 200 for s in statuses), 'normal client: %d requests, all 200' % len(statuses))
    worst = max(latencies) if latencies else 99
    latencies.sort()
    check.that(worst < LATENCY_BOUND, 'normal client latency p50 %.1f ms, max %.1f ms (bound %d ms)'
               % (latencies[len(latencies) // 2] * 1000, worst * 1000, LATENCY_BOUND * 1000))
    for s in socks:
        s.close()
check.done()
