"""Out of file descriptors (docs/operations.md#descriptors): the server runs under
`prlimit --nofile=200:200`, below what --max-connections 10 000 needs. It says so at start (a
warning with the limit and what fits), and when 400 clients connect, those past what fits are
answered 503 (not a bare close), counted in /metrics as parallax_connections_refused_total
{reason="descriptors"}, while GET /healthz from another client is still answered 200 and the
connections already open keep working. Figures: connections held, refused with 503, closed bare."""
import os, socket, subprocess, sys, time
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'lib'))
from listening import read_port  # noqa: E402
from server import Check, read_response, request, BINARY  # noqa: E402

LIMIT = 200
check = Check('descriptors')
proc = subprocess.Popen(['prlimit', '--nofile=%d:%d' % (LIMIT, LIMIT), BINARY, '--host', '127.0.0.1', '--port', '0',
                         '--workers', '2', '--log-format', 'text'], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
try:
    port, lines = read_port(proc, 10)
    if port is None:
        raise SystemExit('server did not start: ' + ''.join(lines))
    deadline, text = time.time() + 3, ''.join(lines)
    while 'RLIMIT_NOFILE' not in text and time.time() < deadline:
        text += proc.stdout.readline().decode(errors='replace')
    check.that('warning: RLIMIT_NOFILE is %d' % LIMIT in text,
               'start-up warns: %s' % next((l for l in text.splitlines() if 'RLIMIT_NOFILE' in l), 'no warning'))
    held, refused, bare = [], 0, 0
    for _ in range(400):
        s = socket.create_connection(('127.0.0.1', port), timeout=5)
        s.sendall(request('GET', '/readyz'))        # keep-alive: an admitted connection stays open
        try:
            r = read_response(s)
        except OSError:
            r = None
        if r is None:
            bare += 1
            s.close()
        elif r[0] == 503:
            refused += 1
            s.close()
        else:
            held.append(s)
    check.that(refused > 0 and bare == 0,
               '400 clients: %d held, %d answered 503, %d closed without an answer (limit %d descriptors)'
               % (len(held), refused, bare, LIMIT))
    ok = 0
    for _ in range(20):                              # liveness from another client meanwhile
        with socket.create_connection(('127.0.0.1', port), timeout=5) as s:
            s.sendall(request('GET', '/healthz', close=True))
            r = read_response(s)
            ok += 1 if r and r[0] == 200 else 0
    check.that(ok == 20, 'GET /healthz on a new connection while full: %d of 20 answered 200' % ok)
    s = held[0]
    s.sendall(request('GET', '/metrics'))
    r = read_response(s)
    line = next((l for l in r[2].decode().splitlines() if l.startswith('parallax_connections_refused_total{reason="descriptors"}')), '')
    check.that(line and int(line.split()[-1]) >= refused,
               'an open connection still works; /metrics: %s' % line)
    for s in held:
        s.close()
finally:
    proc.kill()
    proc.wait()
check.done()
