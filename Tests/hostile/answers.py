"""The largest valid answer of each route and format, asked by 20 clients that never read, while
another client probes GET /healthz (docs/operations.md#bounded-memory): RSS stays under the output
budget + 64 MiB, /healthz p99 stays under 100 ms, and one client that does read gets each answer
whole (0 truncated: a chunked answer ends with its last chunk, a Content-Length one is complete).
Names are at the --max-name-bytes limit (256 bytes), 32 layers, 10 000 pages or 1 024 elements;
stylesheets (css and waapi, fixed and fluid) at 300 pages × 32 layers, the most boxes a
stylesheet may hold (--max-pages-per-response 10 000 animated boxes).

By default (run.sh, CI) every case runs: the stylesheets, fixed and fluid, each written as its
socket drains a unit at a time (a fluid one's size check a step at a time before its first byte,
see FLUID below), and the JSON and timeline answers (paging include all, a 4 096-offset paging
timeline, paging keyframes json and keytimes at 1 000 pages, a 128-offset scroll timeline, scroll
keyframes json of 1 024 elements, paging include all gzip-coded: /healthz p99 5–25 ms, slowest
probe 11–95 ms, peak RSS 18–41 MB on a shared 2-core machine at load 3–5). The SVG picture (drawn a
piece at a time as its socket drains) runs by default.

Figures are printed for each case: the answer's size, the reader's time to first byte and to
the end, peak RSS, and the /healthz latencies (p50, p99, max).

`python3 answers.py measure` prints, for the four stylesheets at 300 pages × 32 layers with
63-byte names on a fresh `--workers 1` server, one reader's time to first byte and to the end,
the server's CPU for the request, its peak RSS (VmHWM), and the longest /healthz answer while
the reader reads (a bound on the longest turn of the loop spent on the stylesheet)."""
import json, os, socket, subprocess, threading, time
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
STYLED = [
    ('paging keyframes css', '/v1/paging/keyframes', {"viewport": V, "pageCount": 300, "layers": layers, "format": "css"}),
    ('paging keyframes waapi', '/v1/paging/keyframes', {"viewport": V, "pageCount": 300, "layers": layers, "format": "waapi"}),
]
# A fluid stylesheet is checked at five sizes on its probe (a 5-page pager; a scroll request is its
# own) before its first byte, a unit at a time, one step per slice of the loop (FluidCheck.swift),
# so twenty of them share the loop with /healthz like the fixed ones.
FLUID = [
    ('paging keyframes css, fluid', '/v1/paging/keyframes', {"pageCount": 300, "layers": layers, "format": "css"}),
    ('paging keyframes waapi, fluid', '/v1/paging/keyframes', {"pageCount": 300, "layers": layers, "format": "waapi"}),
    ('scroll keyframes css, fluid', '/v1/scroll/keyframes', {"elements": [dict(e, center=True) for e in elements],
                                                              "format": "css"}),
]
CASES = STYLED + FLUID
# The JSON answers and timelines, 50–130 MB each (2.3 MB for scroll keyframes): their bodies are
# made only in the loop's slices, 2 ms a turn for all streams together (Connection.swift), so
# twenty arriving at once cost one turn their requests' checks, not their first 512 KiB each.
CASES += [
    ('paging json, include all', '/v1/paging', {"viewport": V, "pageCount": 10000, "include": "all", "layers": layers}),
    ('paging timeline, 4096 offsets', '/v1/paging', {"viewport": V, "pageCount": 10000, "layers": layers,
                                                     "offsets": [i * 97.5 for i in range(4096)]}),
    ('paging keyframes json', '/v1/paging/keyframes', {"viewport": V, "pageCount": 1000, "layers": layers}),
    ('paging keyframes keytimes', '/v1/paging/keyframes', {"viewport": V, "pageCount": 1000, "layers": layers,
                                                           "format": "keytimes"}),
    ('scroll timeline, 128 offsets', '/v1/scroll', {"viewport": V, "elements": elements,
                                                    "offsets": [i * 480.0 for i in range(128)]}),
    ('scroll keyframes json', '/v1/scroll/keyframes', {"viewport": V, "elements": elements}),
    # gzip-coded (Accept-Encoding): each call codes 64 KiB of JSON, ~20:1 here.
    ('paging json, include all, gzip', '/v1/paging', {"viewport": V, "pageCount": 10000, "include": "all",
                                                      "layers": layers}, 'gzip'),
]
# The largest picture: 24 pages of 32 layers (~0.5 MB), drawn a layer, a label at a time as its
# socket drains (Output/SVG/SVGPicture.swift).
CASES.append(('paging svg, include all', '/v1/paging', {"viewport": V, "pageCount": 10000, "include": "all",
                                                        "layers": layers, "format": "svg"}))


def ask(path, body, coding=None, close=False):
    """A case's POST, with `Accept-Encoding: coding` when the case names one."""
    r = request('POST', path, body, close=close)
    return r.replace(b'\r\n', b'\r\nAccept-Encoding: ' + coding.encode() + b'\r\n', 1) if coding else r


def read_whole(server, body_path, body, coding=None):
    """Reads one answer to the end; returns (status, bytes of body, seconds to first byte, seconds, complete)."""
    start = time.monotonic()
    with server.connect(timeout=60) as s:
        s.sendall(ask(body_path, body, coding, close=True))
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
    if coding:  # and coded as asked, not silently identity
        complete = complete and b'content-encoding: ' + coding.encode() in head.lower()
    return status, len(rest), first, time.monotonic() - start, complete


def never_read():
    check = Check('answers-never-read')
    for name, path, payload, *coding in CASES:
        body = json.dumps(payload).encode()
        coding = coding[0] if coding else None
        with Server('--max-output-bytes', str(BUDGET_MB * 1048576)) as server:
            status, size, first, total, complete = read_whole(server, path, body, coding)
            before = server.rss_kb()
            sockets = []
            for _ in range(CLIENTS):
                s = socket.socket()
                s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
                s.connect(('127.0.0.1', server.port))
                s.sendall(ask(path, body, coding))
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
                time.sleep(0.005)  # ~400 probes in 3 s: p99 is a percentile, not the one slowest
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


def cpu_seconds(pid):
    """utime + stime of `pid` (/proc/<pid>/stat, clock ticks)."""
    with open('/proc/%d/stat' % pid) as f:
        fields = f.read().rsplit(')', 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf('SC_CLK_TCK')


def vm_hwm_kb(pid):
    with open('/proc/%d/status' % pid) as f:
        for line in f:
            if line.startswith('VmHWM:'):
                return int(line.split()[1])
    return 0


def measure():
    """The figures of docs/operations.md#bounded-memory for the four stylesheets (see the top)."""
    names = [{"name": chr(65 + i) * 63, "travel": 10 + i, "opacity": {"min": 0.5}, "scale": {"min": 0.8}} for i in range(32)]
    for name, fmt, fluid in [('css', 'css', False), ('css fluid', 'css', True),
                             ('waapi', 'waapi', False), ('waapi fluid', 'waapi', True)]:
        payload = {"pageCount": 300, "format": fmt, "layers": names}
        if not fluid:
            payload["viewport"] = V
        body = json.dumps(payload).encode()
        with Server(workers=1) as server:
            timed_request(server)
            # The reader is curl (its own process, reading as fast as the socket gives); this
            # process only probes /healthz, one request after another, until curl is done.
            cpu0 = cpu_seconds(server.proc.pid)
            reader = subprocess.Popen(['curl', '-s', '-o', '/dev/null', '-w', '%{http_code} %{time_starttransfer} %{time_total} %{size_download}',
                                       '-X', 'POST', '-H', 'Content-Type: application/json', '--data-binary', '@-',
                                       'http://127.0.0.1:%d/v1/paging/keyframes' % server.port],
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE)
            reader.stdin.write(body)
            reader.stdin.close()
            probes = []
            while reader.poll() is None:
                start = time.monotonic()
                try:
                    st, t = timed_request(server)
                    probes.append(t if st == 200 else 9.9)
                except OSError:  # no answer in 5 s: counted as the time it waited
                    probes.append(time.monotonic() - start)
            status, first, total, size = reader.stdout.read().decode().split()
            cpu = cpu_seconds(server.proc.pid) - cpu0
            probes.sort()
            print('%-12s %s %.1f MB: first byte %.0f ms, all %.2f s, server CPU %.2f s, peak RSS %.0f MB, '
                  '/healthz while read: %d probes, p50 %.1f ms, p99 %.1f ms, max %.1f ms'
                  % (name, status, int(size) / 1048576, float(first) * 1000, float(total), cpu,
                     vm_hwm_kb(server.proc.pid) / 1024, len(probes),
                     probes[len(probes) // 2] * 1000 if probes else 0,
                     probes[min(len(probes) - 1, int(0.99 * len(probes)))] * 1000 if probes else 0,
                     probes[-1] * 1000 if probes else 0), flush=True)


if __name__ == '__main__':
    import sys
    measure() if sys.argv[1:] == ['measure'] else never_read()
