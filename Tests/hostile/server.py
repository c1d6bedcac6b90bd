"""Starts the real parallax-server binary for one hostile-client test and measures it.

Python 3 standard library only. The binary comes from $PARALLAX_SERVER (set by run.sh)."""
import os, resource, signal, socket, subprocess, sys, time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'lib'))
from listening import read_port  # noqa: E402 (Tests/lib, put on the path above)

BINARY = os.environ.get('PARALLAX_SERVER', '')


def raise_nofile():
    """Soft RLIMIT_NOFILE up to the hard limit (for this process and, via preexec, the server)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard < 20000 and os.geteuid() == 0:       # root may raise the hard limit too
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (20000, 20000))
            return 20000
        except (ValueError, OSError):
            pass
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


class Server:
    def __init__(self, *flags, workers=2, host='127.0.0.1', preexec=raise_nofile):
        """`host` is what the server binds (`::` dual stack, `::1`); `connect` reaches it over
        IPv4 or, given `family=socket.AF_INET6`, over ::1."""
        if not BINARY or not os.access(BINARY, os.X_OK):
            raise SystemExit('PARALLAX_SERVER must name the built binary (use Tests/hostile/run.sh)')
        self.host = host
        args = [BINARY, '--host', host, '--port', '0', '--workers', str(workers),
                '--access-log', 'off', '--log-format', 'text', *flags]
        self.proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     preexec_fn=preexec)
        self.port, self.output = read_port(self.proc, 10)
        if self.port is None:
            self.proc.kill()
            raise SystemExit('server did not start: ' + ''.join(self.output))

    def rss_kb(self):
        """VmRSS of the server process, in KiB (/proc/<pid>/status)."""
        with open('/proc/%d/status' % self.proc.pid) as f:
            for line in f:
                if line.startswith('VmRSS:'):
                    return int(line.split()[1])
        return 0

    def open_fds(self):
        """File descriptors the server holds (sockets it has closed are gone from here, even when
        the kernel still keeps an orphaned socket's unsent data)."""
        return len(os.listdir('/proc/%d/fd' % self.proc.pid))

    def connect(self, timeout=5.0, family=None):
        if family is None:
            family = socket.AF_INET6 if ':' in self.host else socket.AF_INET
        address = '::1' if family == socket.AF_INET6 else '127.0.0.1'
        s = socket.create_connection((address, self.port), timeout=timeout)
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return s

    def terminate(self, timeout=15):
        """SIGTERM, then wait; returns the exit status (kills after `timeout` seconds)."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            return None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def request(method, target, body=b'', close=False):
    head = '%s %s HTTP/1.1\r\nHost: localhost\r\n' % (method, target)
    if body:
        head += 'Content-Type: application/json\r\nContent-Length: %d\r\n' % len(body)
    if close:
        head += 'Connection: close\r\n'
    return head.encode() + b'\r\n' + body


def read_response(sock):
    """Reads one Content-Length-framed response; returns (status, headers dict, body) or None on EOF."""
    data = b''
    while b'\r\n\r\n' not in data:
        chunk = sock.recv(65536)
        if not chunk:
            return None if not data else ('truncated', {}, data)
        data += chunk
    head, _, rest = data.partition(b'\r\n\r\n')
    lines = head.decode('latin-1').split('\r\n')
    status = int(lines[0].split(' ')[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(':')
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get('content-length', '0'))
    while len(rest) < length:
        chunk = sock.recv(65536)
        if not chunk:
            return ('truncated', headers, rest)
        rest += chunk
    return status, headers, rest[:length]


PAGING = (b'{"viewport":{"width":390,"height":844},"pageCount":5,"pageSpacing":16,'
          b'"layers":[{"name":"background","travel":120}],"offset":203}')


def timed_request(server, method='GET', target='/healthz', body=b''):
    """One request on a fresh connection; returns (status, seconds)."""
    start = time.monotonic()
    with server.connect() as s:
        s.sendall(request(method, target, body, close=True))
        r = read_response(s)
    return (r[0] if r else None), time.monotonic() - start


class Check:
    """Collects named assertions; a test file exits non-zero when any failed."""
    def __init__(self, name):
        self.name = name
        self.failures = 0

    def that(self, condition, message):
        print('  %s %s' % ('ok  ' if condition else 'FAIL', message), flush=True)
        if not condition:
            self.failures += 1

    def done(self):
        print('%s: %s' % (self.name, 'passed' if self.failures == 0 else '%d checks failed' % self.failures), flush=True)
        sys.exit(1 if self.failures else 0)


def send_until_answer(server, head, piece, limit_bytes):
    """Sends `head`, then `piece` repeatedly until the server answers (or `limit_bytes` are sent);
    returns (status line, bytes sent)."""
    with server.connect(timeout=10) as s:
        s.sendall(head)
        sent = len(head)
        s.setblocking(False)
        answer = b''
        while sent < limit_bytes and b'\r\n' not in answer:
            try:
                sent += s.send(piece)
            except BlockingIOError:
                time.sleep(0.001)
            except OSError:
                break
            try:
                answer += s.recv(4096)
            except BlockingIOError:
                pass
            except OSError:
                break
        s.setblocking(True)
        s.settimeout(5)
        try:
            while b'\r\n' not in answer:
                more = s.recv(4096)
                if not more:
                    break
                answer += more
        except OSError:
            pass
        return answer.split(b'\r\n')[0].decode(errors='replace'), sent
