"""1 000 clients each pipeline four of the largest answers (POST /v1/paging, pageCount 10 000,
include "all", four layers with opacity, scale and content: ~3–5 MB each) and never read.
The process-wide output budget (--max-output-bytes, 64 MiB by default) stops new work on
connections holding unsent output, and streamed answers stop producing while it is spent, so
the server's RSS stays under budget + 64 MiB; another client's GET /healthz is answered within
100 ms meanwhile (docs/operations.md#bounded-memory). A guard kills the server past 1 GiB so a regression
cannot take the machine down."""
import json, os, socket, time
from server import Server, Check, timed_request, request

CONNECTIONS = int(os.environ.get('BUDGET_CONNECTIONS', '1000'))
BUDGET_MB = 64
BOUND_MB = BUDGET_MB + 64
GUARD_MB = 1024
layers = [
    {"name": "sky", "rate": 0.15, "fit": "cover", "opacity": {"min": 0.6}, "scale": {"min": 0.9},
     "content": {"width": 1600, "height": 1200}, "contentMode": "aspectFill"},
    {"name": "mountains", "rate": 0.3, "fit": "cover", "opacity": {"min": 0.5}, "scale": {"min": 0.85},
     "content": {"width": 1400, "height": 900}, "contentMode": "aspectFill"},
    {"name": "trees", "travel": 160, "fit": "page", "opacity": {"min": 0.3}, "scale": {"min": 0.8},
     "content": {"width": 1170, "height": 2532}, "contentMode": "aspectFill"},
    {"name": "caption", "travel": -60, "fit": "page", "opacity": {"min": 0}, "scale": {"min": 0.95},
     "content": {"width": 780, "height": 400}, "contentMode": "aspectFill"},
]
BIG = json.dumps({"viewport": {"width": 390, "height": 844}, "pageCount": 10000, "pageSpacing": 16,
                  "offset": 1234.5, "include": "all", "layers": layers, "pixelScale": 3}).encode()

check = Check('budget-never-read')
with Server('--max-output-bytes', str(BUDGET_MB * 1048576), '--idle-timeout', '30') as server:
    with server.connect(timeout=30) as s:                   # one answer read in full: its size
        s.sendall(request('POST', '/v1/paging', BIG, close=True))
        size = 0
        while True:
            chunk = s.recv(1 << 20)
            if not chunk:
                break
            size += len(chunk)
    for _ in range(20):
        timed_request(server)
    before = server.rss_kb()
    batch = request('POST', '/v1/paging', BIG) * 4
    clients = []
    for _ in range(CONNECTIONS):
        s = socket.socket()
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        s.connect(('127.0.0.1', server.port))
        s.setblocking(False)
        try:
            s.send(batch)
        except (BlockingIOError, OSError):
            pass
        clients.append(s)
    start = time.monotonic()
    peak = before
    killed = False
    while time.monotonic() - start < 10:
        rss = server.rss_kb()
        peak = max(peak, rss)
        if rss > GUARD_MB * 1024:
            server.proc.kill()
            killed = True
            break
        time.sleep(0.1)
    latencies = []
    for _ in range(0 if killed else 5):
        try:
            st, t = timed_request(server)
        except OSError:                                     # no answer within the socket timeout
            continue
        if st == 200:
            latencies.append(t)
    latencies.sort()
    if not killed:
        peak = max(peak, server.rss_kb())
    check.that(size > 3_000_000, 'one answer is %.1f MB' % (size / 1048576))
    check.that(not killed and peak < BOUND_MB * 1024,
               'server RSS %.1f → peak %.1f MB with %d connections × 4 answers unread (bound %d MB = budget + 64)%s'
               % (before / 1024, peak / 1024, CONNECTIONS, BOUND_MB, ' — killed by the 1 GiB guard' if killed else ''))
    check.that(len(latencies) == 5 and latencies[2] < 0.1,
               'GET /healthz from another client meanwhile: %s' % ('median %.1f ms (bound 100 ms)' % (latencies[2] * 1000)
                                                                 if len(latencies) == 5 else 'not answered'))
    for s in clients:
        s.close()
check.done()
