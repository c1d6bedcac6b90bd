"""1 000 connections each send the head of a 1 MiB POST and all but the last byte of its body,
then hold (issue: 9 MB → 1 019 MB in 1.4 s, and an abort under `prlimit --as=1GiB`). Bodies over
16 KiB reserve their buffer in the process-wide input budget (--max-input-bytes, 64 MiB by
default) at their head: the first 64 fit and wait for their last byte, every other one is answered
503 with Retry-After before its body is read. The server runs under RLIMIT_AS = 1 GiB (as
`prlimit --as=1GiB`) and must stay alive, its RSS under the budget + 64 MiB, and another client's
GET /healthz answered within 100 ms (p99) meanwhile (docs/operations.md#bounded-memory). Once the
holders close, their reservations are back: a 1 MiB POST is answered."""
import multiprocessing, os, resource, select, socket, time
import server as hostile
from server import Server, Check, timed_request

CONNECTIONS = int(os.environ.get('BODIES_CONNECTIONS', '1000'))
BODY = 1 << 20
BUDGET_MB = 64
BOUND_MB = BUDGET_MB + 64
HEAD = ('POST /v1/paging HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n'
        'Content-Length: %d\r\n\r\n' % BODY).encode()
PARTIAL = b' ' * (BODY - 1)


def limited():
    """The server's limits: descriptors raised as every hostile test does, and 1 GiB of address
    space (`prlimit --as=1GiB`)."""
    hostile.raise_nofile()
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


check = Check('bodies-under-a-budget')
with Server('--max-connections', str(CONNECTIONS + 100), '--request-timeout', '60', preexec=limited) as server:
    for _ in range(20):
        timed_request(server)
    before = server.rss_kb()
    # The prober is a process of its own: a thread would wait for this one's interpreter lock
    # while it pushes bodies, and measure that.
    stop, results = multiprocessing.Event(), multiprocessing.Queue()

    def probe():
        times = []
        while not stop.is_set():
            try:
                st, t = timed_request(server)
                times.append(t if st == 200 else float('inf'))
            except OSError:
                times.append(float('inf'))
            time.sleep(0.02)
        results.put(times)

    prober = multiprocessing.Process(target=probe)
    prober.start()
    clients, peak, start = [], before, time.monotonic()
    for i in range(CONNECTIONS):
        s = socket.socket()
        s.connect(('127.0.0.1', server.port))
        s.setblocking(False)
        try:
            s.send(HEAD)
        except OSError:
            pass
        clients.append([s, 0])
        if i % 50 == 0:
            peak = max(peak, server.rss_kb())
    # Every client pushes its body (all but the last byte) as fast as the server takes it.
    while time.monotonic() - start < 20:
        busy = [c for c in clients if c[1] < len(PARTIAL)]
        if not busy:
            break
        _, writable, _ = select.select([], [c[0] for c in busy[:500]], [], 0.5)
        for c in busy[:500]:
            if c[0] in writable:
                try:
                    c[1] += c[0].send(PARTIAL[c[1]:c[1] + 262144])
                except OSError:
                    c[1] = len(PARTIAL)  # refused and closed: nothing more to send
        peak = max(peak, server.rss_kb())
    sent = time.monotonic() - start
    for _ in range(30):  # then hold, as the attack does (until the request timeout)
        time.sleep(0.1)
        peak = max(peak, server.rss_kb())
    statuses = {}
    for s, _ in clients:
        try:
            data = s.recv(4096)
        except BlockingIOError:
            data = b'(held)'
        except OSError:
            data = b'(reset)'
        key = data.split(b'\r\n', 1)[0].decode('latin-1') if data else '(closed)'
        if key.startswith('HTTP/1.1 503') and b'\r\nRetry-After: 1\r\n' not in data:
            key += ' without Retry-After'
        statuses[key] = statuses.get(key, 0) + 1
    stop.set()
    probes = results.get(timeout=30)
    prober.join()
    alive = server.proc.poll() is None
    latencies = sorted(probes)
    p99 = latencies[int(len(latencies) * 0.99) - 1] if latencies else float('inf')
    check.that(alive, 'alive under RLIMIT_AS = 1 GiB with %d connections × a 1 MiB body but its last byte' % CONNECTIONS)
    check.that(peak < BOUND_MB * 1024, 'server RSS %.1f → peak %.1f MB (bound %d MB = budget + 64), bodies pushed in %.1f s'
               % (before / 1024, peak / 1024, BOUND_MB, sent))
    held, refused = statuses.get('(held)', 0), statuses.get('HTTP/1.1 503 Service Unavailable', 0)
    check.that(held == BUDGET_MB and refused == CONNECTIONS - BUDGET_MB,
               'held waiting for their last byte: %d (the budget holds %d); 503 with Retry-After: %d; all: %s'
               % (held, BUDGET_MB, refused, statuses))
    check.that(len(latencies) >= 100 and p99 < 0.1,
               'GET /healthz meanwhile: %d probes, p50 %.1f ms, p99 %.1f ms, max %.1f ms (bound p99 100 ms)'
               % (len(latencies), latencies[len(latencies) // 2] * 1000, p99 * 1000, latencies[-1] * 1000))
    for s, _ in clients:
        s.close()
    time.sleep(0.5)
    with server.connect(timeout=10) as s:
        s.sendall(HEAD + PARTIAL + b' ')
        reply = s.recv(4096).split(b'\r\n', 1)[0]
    check.that(reply.startswith(b'HTTP/1.1 422') or reply.startswith(b'HTTP/1.1 400'),
               'once the holders closed, a 1 MiB POST is read and answered: %s' % reply.decode('latin-1'))
    check.that(server.proc.poll() is None, 'still alive')
check.done()
