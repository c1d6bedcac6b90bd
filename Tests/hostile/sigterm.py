"""SIGTERM under load: the server drains. Requests in flight when the signal lands (heads and
bodies partly sent) are all answered 200 with Connection: close, /readyz answers 503 during
the drain, the keep-alive load sees no failed request, and the process exits 0 within
--drain-timeout.

"Failed" for the load threads: a response cut short, a status other than 200, or a reset while
a response was being read. A keep-alive connection the server closes between two responses
(EOF before any byte of the next) is the normal end of a drain (RFC 9112 §9.6) and is counted
separately; the load threads then stop."""
import threading, time
from server import Server, Check, read_response, request, timed_request, PAGING

DRAIN_TIMEOUT = 5
LOAD_THREADS = 8
check = Check('sigterm-drain')


def load(server, stop, stats, lock):
    try:
        s = server.connect()
    except OSError:
        return
    body = request('POST', '/v1/paging', PAGING)
    while not stop.is_set():
        try:
            s.sendall(body)
        except OSError:
            with lock: stats['closed_between'] += 1
            break
        try:
            r = read_response(s)
        except OSError:
            with lock: stats['failed'] += 1
            break
        with lock:
            if r is None:
                stats['closed_between'] += 1
                break
            if r[0] != 200:
                stats['failed'] += 1
                break
            stats['ok'] += 1
            if r[1].get('connection') == 'close':
                stats['closed_by_response'] += 1
                break
    s.close()


with Server('--drain-timeout', str(DRAIN_TIMEOUT)) as server:
    stop, lock = threading.Event(), threading.Lock()
    stats = dict(ok=0, failed=0, closed_between=0, closed_by_response=0)
    threads = [threading.Thread(target=load, args=(server, stop, stats, lock)) for _ in range(LOAD_THREADS)]
    for t in threads:
        t.start()
    # In flight: a head without its last CRLF, and bodies partly sent.
    readyz = server.connect(timeout=10)
    readyz.sendall(b'GET /readyz HTTP/1.1\r\nHost: localhost\r\n')
    partial = []
    for _ in range(5):
        s = server.connect(timeout=10)
        whole = request('POST', '/v1/paging', PAGING)
        s.sendall(whole[:-20])
        partial.append((s, whole[-20:]))
    time.sleep(1.0)
    with lock:
        before_signal = stats['ok']
    signalled = time.monotonic()
    server.proc.send_signal(15)
    time.sleep(0.5)
    readyz.sendall(b'\r\n')
    r = read_response(readyz)
    check.that(r is not None and r[0] == 503, '/readyz during the drain answers %s' % (r and r[0]))
    check.that(r is not None and r[1].get('connection') == 'close', '/readyz during the drain closes')
    answered = 0
    for s, rest in partial:
        s.sendall(rest)
        r = read_response(s)
        answered += r is not None and r[0] == 200 and r[1].get('connection') == 'close'
    check.that(answered == len(partial), '%d/%d requests in flight at SIGTERM answered 200 + Connection: close'
               % (answered, len(partial)))
    try:
        code = server.proc.wait(timeout=DRAIN_TIMEOUT + 5)
    except Exception:
        code = None
    took = time.monotonic() - signalled
    stop.set()
    for t in threads:
        t.join(10)
    check.that(code == 0, 'exit status %s after %.2f s (drain timeout %d s)' % (code, took, DRAIN_TIMEOUT))
    check.that(took < DRAIN_TIMEOUT + 1, 'stopped within the drain timeout')
    check.that(stats['ok'] > before_signal > 100, 'load: %d requests answered (%d before SIGTERM)' % (stats['ok'], before_signal))
    check.that(stats['failed'] == 0, 'load: %d failed in-flight requests (%d keep-alive connections ended by Connection: close, %d closed between requests)'
               % (stats['failed'], stats['closed_by_response'], stats['closed_between']))
    refused = False
    try:
        timed_request(server)
    except OSError:
        refused = True
    check.that(refused, 'no new connections after exit')
check.done()
