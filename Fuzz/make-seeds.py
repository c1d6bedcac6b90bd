#!/usr/bin/env python3
"""Writes the seed corpora Fuzz/corpus/{http,service}/ from Tests/golden/*.request and a list of
hand-made requests (the documented examples, pipelining, chunked bodies, smuggling shapes). Re-run after
adding golden files; the output is committed."""
import glob, os, hashlib, re

root = os.path.dirname(os.path.abspath(__file__))
golden = sorted(glob.glob(os.path.join(root, '..', 'Tests', 'golden', '*.request')))
ROUTES = {'/v1/paging': 0, '/v1/header': 1, '/v1/scroll': 2,
          '/v1/paging/keyframes': 6, '/v1/header/keyframes': 7, '/v1/scroll/keyframes': 8}

def write(target, name, data):
    d = os.path.join(root, 'corpus', target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), 'wb') as f:
        f.write(data)

def http_request(method, target, body=b'', extra=b''):
    head = b'%s %s HTTP/1.1\r\nHost: localhost\r\n' % (method, target)
    if body:
        head += b'Content-Type: application/json\r\nContent-Length: %d\r\n' % len(body)
    return head + extra + b'\r\n' + body

requests = {}
for path in golden:
    name = os.path.basename(path)[:-len('.request')]
    with open(path, 'rb') as f:
        first, _, rest = f.read().partition(b'\n')
    method, target = first.split(b' ', 1)
    # Header lines (`Name: value`) between the request line and the body (docs/api.md goldens).
    extra = b''
    while re.match(rb'^[A-Za-z-]+: ', rest):
        line, _, rest = rest.partition(b'\n')
        extra += line + b'\r\n'
    body = rest.strip()
    requests[name] = http_request(method, target.strip(), body, extra)
    # service: byte 0 picks the route (0–2 POST, 3–5 GET with the rest as query string).
    path_only, _, query = target.strip().partition(b'?')
    route = ROUTES.get(path_only.decode())
    if route is not None:
        write('service', name, bytes([route if method == b'POST' else route + 3]) + (body if method == b'POST' else query))

# service: the keyframes routes (docs/model.md#keyframes), byte 0 = 6–8 POST, 9–11 GET, one seed per format.
KEYFRAMES = {
    6: b'{"viewport":{"width":390,"height":844},"pageCount":5,"pageSpacing":16,"layers":[{"name":"background","travel":120,"fit":"cover","opacity":{"min":0.5}}],"domain":{"from":0,"to":1624}}',
    7: b'{"viewport":{"width":390,"height":844},"header":{"height":150,"minHeight":40},"mode":"center","content":{"width":600,"height":400},"format":"css"}',
    8: b'{"viewport":{"width":390,"height":844},"elements":[{"name":"a","frame":{"x":0,"y":900,"width":390,"height":300},"translate":[0,-120],"rotate":[0,30],"easing":{"cubicBezier":[0.1,0.9,0.2,1]}},{"name":"b","frame":{"x":0,"y":1400,"width":100,"height":100},"speed":-2}],"format":"waapi"}',
    9: b'viewport.width=390&viewport.height=844&pageCount=3&direction=rtl&infinite=true&domain.from=-500&domain.to=900&format=keytimes&properties=frame.x,opacity',
    10: b'viewport.width=390&viewport.height=844&header.height=150&stretch=false&domain.from=-40&domain.to=300&format=css',
    11: b'viewport.width=390&viewport.height=844&axis=horizontal&format=css&elements=%5B%7B%22name%22%3A%22a%22%2C%22frame%22%3A%7B%22x%22%3A500%2C%22y%22%3A0%2C%22width%22%3A100%2C%22height%22%3A100%7D%2C%22opacity%22%3A%5B0%2C1%5D%2C%22easing%22%3A%22easeInOut%22%7D%5D',
}
for selector, data in KEYFRAMES.items():
    write('service', 'keyframes-%d' % selector, bytes([selector]) + data)
# The apps' fields (docs/model.md#page-progress, #linearize, #fixtures).
APPS = {
    'keyframes-page-progress': bytes([6]) + b'{"viewport":{"width":400,"height":600},"pageCount":5,"pageSize":300,"pageSpacing":20,"align":"center","input":"pageProgress","linearize":{"length":0.5},"layers":[{"name":"bg","travel":60,"fit":"cover","opacity":{"min":0.5}}]}',
    'keyframes-fixtures': bytes([8]) + b'{"viewport":{"width":390,"height":844},"elements":[{"name":"a","frame":{"x":0,"y":900,"width":390,"height":300},"opacity":[0,1],"easing":"easeOut"}],"format":"fixtures","samples":3,"seed":9,"linearize":true}',
    'keyframes-progress-get': bytes([9]) + b'viewport.width=390&viewport.height=844&pageCount=4&input=pageProgress&format=fixtures&samples=2&linearize.ratio=0.01&properties=visibleFraction',
}
for name, data in APPS.items():
    write('service', name, data)
# Multi-stop effects (docs/model.md#effects): a jump, eased segments, an own range, a cross-axis
# translate and a per-axis scale, as a single answer and as keyframes.
EFFECTS = b'{"viewport":{"width":390,"height":844},"elements":[{"name":"a","frame":{"x":20,"y":900,"width":350,"height":400},"effects":[{"property":"translate.x","stops":[[0,-120],[0.5,0],[1,120]],"easings":["easeOut",{"cubicBezier":[0,0.55,0.45,1]}]},{"property":"opacity","stops":[[0,0],[0.3,0.2],[0.3,1],[1,1]],"range":{"startOffset":0,"endOffset":1200}},{"property":"scale.y","stops":[[0,0.5],[1,1.5]]}]}]'
write('service', 'effects', bytes([2]) + EFFECTS + b',"offset":500}')
write('service', 'keyframes-effects', bytes([8]) + EFFECTS + b',"format":"json"}')
# A far element of tiny size in a tiny viewport: its progress once divided by a range that
# rounded to 0 (a non-finite knot, found by the contract run).
write('service', 'keyframes-far-tiny-element', bytes([11]) + b'viewport.width=1e-06&viewport.height=1e-06&axis=horizontal&domain.from=0&domain.to=1&elements=%5B%7B%22frame%22%3A%7B%22height%22%3A1e-06%2C%22width%22%3A1e-06%2C%22x%22%3A999999999999999%2C%22y%22%3A0%7D%2C%22name%22%3A%22%22%7D%5D')

hand = {
    'get-healthz': b'GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n',
    'head': b'HEAD /v1/paging HTTP/1.1\r\nHost: a\r\n\r\n',
    'http10': b'GET / HTTP/1.0\r\n\r\n',
    'http10-keepalive': b'GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\nGET /x HTTP/1.0\r\n\r\n',
    'pipelined': b'GET /a HTTP/1.1\r\nHost: a\r\n\r\n' * 3 + b'POST /b HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\n{}',
    'connection-close': b'GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\nGET /after HTTP/1.1\r\nHost: a\r\n\r\n',
    'chunked': b'POST /c HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n{"a"\r\n3;ext=1\r\n:1}\r\n0\r\nTrailer: x\r\n\r\n',
    'expect-continue': b'POST /e HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\nabc',
    'expect-other': b'POST /e HTTP/1.1\r\nHost: a\r\nExpect: 200-ok\r\nContent-Length: 3\r\n\r\nabc',
    'big-response': b'GET /big HTTP/1.1\r\nHost: a\r\n\r\n' * 4,
    'close-route': b'GET /close HTTP/1.1\r\nHost: a\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n',
    # Smuggling shapes: each must be one error response and close (llhttp strict mode).
    'smuggle-cl-te': b'POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: a\r\n\r\n',
    'smuggle-te-cl': b'POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n1\r\nG\r\n0\r\n\r\n',
    'smuggle-dup-cl': b'POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab',
    'smuggle-te-obfuscated': b'POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: xchunked\r\n\r\n0\r\n\r\n',
    'smuggle-te-space': b'POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding : chunked\r\n\r\n0\r\n\r\n',
    'smuggle-obs-fold': b'GET / HTTP/1.1\r\nHost: a\r\nX: a\r\n b\r\n\r\n',
    'smuggle-bare-lf': b'GET / HTTP/1.1\nHost: a\n\n',
    'smuggle-chunk-size-overflow': b'POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFF1\r\nx\r\n0\r\n\r\n',
    'chunk-extensions-many': b'POST /c HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n' + b'1;e=vvvvvvvv;f\r\nx\r\n' * 40 + b'0\r\nX-A: 1\r\nX-B: 2\r\n\r\n',
    'host-ipv6-port': b'GET /healthz HTTP/1.1\r\nHost: [::1]:8080\r\n\r\nGET /healthz HTTP/1.1\r\nHost: a b\r\n\r\n',
    'smuggle-te-http10': b'POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    'no-host': b'GET / HTTP/1.1\r\n\r\n',
    'two-hosts': b'GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n',
    'http2-preface': b'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n',
    'version-2': b'GET / HTTP/2.0\r\nHost: a\r\n\r\n',
    'body-too-large': b'POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999\r\n\r\n',
    'many-headers': b'GET / HTTP/1.1\r\nHost: a\r\n' + b''.join(b'X-%d: v\r\n' % i for i in range(12)) + b'\r\n',
    'long-target': b'GET /' + b'a' * 400 + b' HTTP/1.1\r\nHost: a\r\n\r\n',
    'upgrade': b'GET / HTTP/1.1\r\nHost: a\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n',
    'garbage': b'\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03',
    # docs/api.md request headers: CORS, conditional requests, content codings.
    'options-preflight': b'OPTIONS /v1/paging HTTP/1.1\r\nHost: a\r\nOrigin: https://app.example\r\nAccess-Control-Request-Method: POST\r\nAccess-Control-Request-Headers: content-type, if-none-match\r\n\r\n',
    'options-star': b'OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n',
    'conditional-list': b'GET /v1/paging?pageCount=3 HTTP/1.1\r\nHost: a\r\nIf-None-Match: "a,b", W/"0123456789abcdef", *\r\nIf-None-Match: "x\r\n\r\n',
    'conditional-post': b'POST /v1/header HTTP/1.1\r\nHost: a\r\nIf-None-Match: *\r\nContent-Length: 2\r\n\r\n{}',
    'gzip-qvalues': b'GET /openapi.yaml HTTP/1.1\r\nHost: a\r\nAccept-Encoding: br;q=1.0, gzip;q=0.8, x-gzip;q=0, *;q=0.001, identity;Q=1.\r\n\r\n',
    'gzip-bad-q': b'GET /openapi.yaml HTTP/1.1\r\nHost: a\r\nAccept-Encoding: gzip;q=2, gzip;q=, ;q=1, ,,\r\n\r\n',
    'origin-odd': b'GET /healthz HTTP/1.1\r\nHost: a\r\nOrigin: null\r\nOrigin: https://A.example:8443/\r\n\r\n',
}
requests.update(hand)

# service, docs/api.md mode (byte 0 bit 0x40; 0x20 = a --cors-origins list): header lines, NUL, body.
paging = b'{"viewport":{"width":390,"height":844},"pageCount":40,"include":"all","offset":10}'
web_service = {
    'hdr-gzip-post': bytes([0x40]) + b'agzip, br;q=0.5\nohttps://x.example\n\x00' + paging,
    'hdr-gzip-get-list': bytes([0x60 | 3]) + b'agzip;q=0.8\nohttps://a.example\n\x00viewport.width=390&viewport.height=844&pageCount=40&include=all',
    'hdr-conditional-get': bytes([0x40 | 3]) + b'i"x", W/"0123456789abcdef", *\nh\n\x00viewport.width=9&viewport.height=9&pageCount=3',
    'hdr-conditional-post': bytes([0x40 | 1]) + b'i*\n\x00{"viewport":{"width":390,"height":844},"header":{"height":150},"offset":0}',
    'hdr-preflight': bytes([0x60 | 2]) + b'm\nohttps://b.example\nrcontent-type, if-none-match, x-y\n\x00',
    'hdr-refused': bytes([0x40]) + b'agzip;q=0, identity;q=1\n\x00' + paging,
}
for name, data in web_service.items():
    write('service', name, data)
for name, data in requests.items():
    # http: byte 0 flags, bytes 1–2 chunking seed (varied so splits differ between seeds).
    seed = hashlib.sha1(name.encode()).digest()
    # 0x30 / 0x27: the service answers (docs/api.md checks); 0x70: with a --cors-origins list.
    for flags in (0x10, 0x00, 0x07, 0x30, 0x27, 0x70):
        write('http', '%s-%02x' % (name, flags), bytes([flags, seed[0], seed[1]]) + data)
