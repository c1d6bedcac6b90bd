"""The largest valid answer of each route and format, asked by 20 clients that never read, while
another client probes GET /healthz (docs/operations.md#bounded-memory): RSS stays under the output
budget + 64 MiB, /healthz p99 stays under 100 ms, and one client that does read gets each answer
whole (0 truncated: a chunked answer ends with its last chunk, a Content-Length one is complete).
Names are at the --max-name-bytes limit (256 bytes), 32 layers, 10 000 pages or 1 024 elements.

The css and waapi answers are still built whole on the loop (the fluid-stylesheet work replaces
them with streamed writers): their case runs only with HOSTILE_STYLESHEETS=1 (then the same
figures must hold). The coordinator enables it once those writers are merged. The SVG picture
(drawn a piece at a time as its socket drains, Output/SVG/SVGPicture.swift) is one of the cases.

Figures are printed for each case: the answer's size, the reader's time to first byte and to
the end, peak RSS, and the /healthz latencies (p50, p99, max)."""
import json, os, socket, threading, time
from server import Server, Check, request, timed_request

BUDGET_MB = 64
BOUND_MB = BUDGET_MB + 64
CLIENTS = 20
NAME = 256
layers = [{"name": chr(65 + i) * NAME, "travel": 10 + i, "opacity": {"min": 0.5}, "scale": {"min": 0.8}}
          for i in range(32)]
elements = [{"name": ("e%04d" % i) + "x" * (NAME - 5), "frame": {"x": 0, "y": i * 60, "width": 50, "height": 50},
             "speed": 1, "opacity": [0, 1], "scale": [1, 2], "rotate": [0, 90]} for i in range(1024)]
V = {"width": 390, "height": 844}
CASES = [
    ('paging json, include all', '/v1/paging', {"viewport": V, "pageCount": 10000, "include": "all", "layers": layers}),
    ('paging timeline, 4096 offsets', '/v1/paging', {"viewport": V, "pageCount": 10000, "layers": layers,
                                                     "offsets": [i * 97.5 for i in range(4096)]}),
    ('paging keyframes json', '/v1/paging/keyframes', {"viewport": V, "pageCount": 1000, "layers": layers}),
    ('paging keyframes keytimes', '/v1/paging/keyframes', {"viewport": V, "pageCount": 1000, "layers": layers,
                                                           "format": "keytimes"}),
    ('scroll timeline, 128 offsets', '/v1/scroll', {"viewport": V, "elements": elements,
                                                    "offsets": [i * 480.0 for i in range(128)]}),
    ('scroll keyframes json', '/v1/scroll/keyframes', {"viewport": V, "elements": elements}),
]
# The largest picture: 24 pages of 32 layers (~0.5 MB), drawn a layer, a label at a time.
CASES.append(('paging svg, include all', '/v1/paging', {"viewport": V, "pageCount": 10000, "include": "all",
                                                        "layers": layers, "format": "svg"}))
if os.environ.get('HOSTILE_STYLESHEETS') == '1':
    css_layers = layers[:32]
    CASES += [
        ('paging keyframes css', '/v1/paging/keyframes', {"viewport": V, "pageCount": 300, "layers": css_layers, "format": "css"}),
        ('paging keyframes waapi', '/v1/paging/keyframes', {"viewport": V, "pageCount": 300, "layers": css_layers, "format": "waapi"}),
    ]


def read_whole(server, body_path, body):
    """Reads one answer to the end; returns (status, bytes of body, seconds to first byte, seconds, complete)."""
    start = time.monotonic()
    with server.connect(timeout=60) as s:
        s.sendall(request('POST', body_path, body, close=True))
        data = bytearray()
        first = None
        while True:
            chunk = s.recv(1 << 20)
            if first is None:
                first = time.monotonic() - start
            if not chunk:
                break
            data += chunk
    head, _, rest = bytes(data).partition(b'\r\n\r\n')
    status = int(head.split(b' ')[1]) if head else None
    chunked = b'transfer-encoding: chunked' in head.lower()
    if chunked:
        complete = rest.endswith(b'\r\n0\r\n\r\n') or rest == b'0\r\n\r\n'
    else:
        length = [int(l.split(b':')[1]) for l in head.lower().split(b'\r\n') if l.startswith(b'content-length:')]
        complete = bool(length) and len(rest) == length[0]
    return status, len(rest), first, time.monotonic() - start, complete


check = Check('answers-never-read')
for name, path, payload in CASES:
    body = json.dumps(payload).encode()
    with Server('--max-output-bytes', str(BUDGET_MB * 1048576)) as server:
        status, size, first, total, complete = read_whole(server, path, body)
        before = server.rss_kb()
        sockets = []
        for _ in range(CLIENTS):
            s = socket.socket()
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            s.connect(('127.0.0.1', server.port))
            s.sendall(request('POST', path, body))
            sockets.append(s)
        latencies, peak = [], before
        end = time.monotonic() + 3
        while time.monotonic() < end:
            try:
                st, t = timed_request(server)
                latencies.append(t if st == 200 else 9.9)
            except OSError:
                latencies.append(9.9)
            peak = max(peak, server.rss_kb())
            time.sleep(0.02)
        latencies.sort()
        p = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000
        check.that(status == 200 and complete,
                   '%s: %d, %.1f MB whole (first byte %.0f ms, all %.2f s), request %d bytes'
                   % (name, status or 0, size / 1048576, first * 1000, total, len(body)))
        check.that(peak < BOUND_MB * 1024,
                   '%s: RSS %.1f → peak %.1f MB with %d clients not reading (bound %d MB)'
                   % (name, before / 1024, peak / 1024, CLIENTS, BOUND_MB))
        check.that(len(latencies) >= 20 and p(0.99) < 100,
                   '%s: GET /healthz meanwhile: %d probes, p50 %.1f ms, p99 %.1f ms, max %.1f ms (bound p99 100 ms)'
                   % (name, len(latencies), p(0.5), p(0.99), latencies[-1] * 1000))
        for s in sockets:
            s.close()
check.done()
