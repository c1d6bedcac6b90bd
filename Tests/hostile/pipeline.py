"""A client pipelines megabytes of requests and never reads. The engine stops reading once
--write-high-water-mark bytes of responses are unsent, so server RSS stays bounded; after
--idle-timeout without write progress the connection is closed. Others are served meanwhile."""
import select, socket, time
from server import Server, Check, timed_request, PAGING, request

RSS_GROWTH_BOUND_MB = 64
check = Check('pipeline-never-read')
with Server('--idle-timeout', '4') as server:
    for _ in range(20):                                     # warm up allocator and caches
        timed_request(server, 'POST', '/v1/paging', PAGING)
    before = server.rss_kb()
    fds_before = server.open_fds()
    one = request('POST', '/v1/paging', PAGING)             # ~1.2 KB of response each
    batch = one * 256
    clients = []
    for _ in range(4):
        s = server.connect()
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        s.setblocking(False)
        clients.append([s, 0])
    start = time.monotonic()
    peak = before
    stalled_at = {}
    while time.monotonic() - start < 8 and len(stalled_at) < len(clients):
        for i, c in enumerate(clients):
            if i in stalled_at:
                continue
            _, writable, _ = select.select([], [c[0]], [], 0.01)
            if not writable:
                if time.monotonic() - start > 1:
                    stalled_at[i] = time.monotonic() - start
                continue
            try:
                c[1] += c[0].send(batch)
            except BlockingIOError:
                pass
            except OSError:
                stalled_at[i] = time.monotonic() - start
        peak = max(peak, server.rss_kb())
    sent = sum(c[1] for c in clients)
    samples = [timed_request(server, 'POST', '/v1/paging', PAGING) for _ in range(5)]
    latency = sorted(t for _, t in samples)[2]
    status = 200 if all(st == 200 for st, _ in samples) else samples[0][0]
    time.sleep(1)
    peak = max(peak, server.rss_kb())
    growth_mb = (peak - before) / 1024
    check.that(sent > 2 * 1024 * 1024, 'clients wrote %.1f MB of pipelined requests (%d requests) before the server stopped reading'
               % (sent / 1048576, sent // len(one)))
    check.that(growth_mb < RSS_GROWTH_BOUND_MB, 'server RSS %.1f → peak %.1f MB: growth %.1f MB (bound %d MB)'
               % (before / 1024, peak / 1024, growth_mb, RSS_GROWTH_BOUND_MB))
    check.that(status == 200 and latency < 0.2, 'another client is answered meanwhile (5 requests: %s, median %.1f ms, bound 200 ms)' % (status, latency * 1000))
    # The writers are never drained: the server gives up on them after the idle timeout and
    # closes its sockets (the kernel may keep an orphan flushing the unread output for a while).
    fds_during = server.open_fds()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and server.open_fds() > fds_before:
        time.sleep(0.25)
    check.that(fds_during > fds_before and server.open_fds() <= fds_before,
               'the server closed all %d never-reading connections by %.1f s into the test (idle timeout 4 s; server fds %d → %d → %d)'
               % (len(clients), time.monotonic() - start,
                  fds_before, fds_during, server.open_fds()))
    for c in clients:
        c[0].close()
check.done()
