"""A request body that dribbles in (one byte every 0.5 s of a declared 1000) is answered 408
and closed once --request-timeout passes; a slow header likewise within --header-timeout."""
import time
from server import Server, Check, read_response

REQUEST_TIMEOUT = 2
check = Check('dribble')
with Server('--request-timeout', str(REQUEST_TIMEOUT), '--header-timeout', '1') as server:
    s = server.connect(timeout=10)
    s.sendall(b'POST /v1/paging HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n'
              b'Content-Length: 1000\r\n\r\n{')
    start = time.monotonic()
    s.settimeout(0.5)
    response = None
    while time.monotonic() - start < REQUEST_TIMEOUT + 4:
        try:
            s.send(b' ')
        except OSError:
            pass
        try:
            s.settimeout(0.5)
            response = read_response(s)
            break
        except (TimeoutError, OSError):
            continue
    elapsed = time.monotonic() - start
    check.that(response is not None and response[0] == 408,
               'dribbled body answered %s after %.1f s (request timeout %d s)'
               % (response and response[0], elapsed, REQUEST_TIMEOUT))
    check.that(REQUEST_TIMEOUT - 0.5 <= elapsed <= REQUEST_TIMEOUT + 2, 'the timeout took %.1f s' % elapsed)
    check.that(response is not None and response[1].get('connection') == 'close', '408 closes the connection')
    try:
        s.settimeout(2)
        rest = s.recv(100)
    except OSError:
        rest = b''
    check.that(rest == b'', 'the server closed the connection')
    s.close()
check.done()
