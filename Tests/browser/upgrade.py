"""An upgrade is seen at once (docs/api.md#caching): a Chromium that holds an earlier build's
/v1/parallax.js and demo page in its HTTP cache runs the new build's on the next visit.

usage: upgrade.py BIN

The earlier build is a stand-in on the port the real server will take: it answers both documents
with the headers BIN itself sends for them (captured live from BIN first), only the bytes and their
tag being the earlier build's (`export const earlierBuild`, `<title>earlier build</title>`). A page
on another origin imports the module and the browser opens the demo; then the stand-in stops, BIN
starts on the same port, and the same browser context visits both again: it must revalidate and
run BIN's module (which exports `play`) and show BIN's demo. The control does the same with the
stand-in sending the earlier `Cache-Control: public, max-age=86400`: Chromium must keep the earlier
bytes there, which shows the check can tell the two apart (it is not passing by missing the cache).
"""
import http.server
import os
import re
import subprocess
import sys
import threading
import time
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from pagecheck import serve  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

BIN = sys.argv[1]
failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)


def start_bin(port):
    """BIN on 127.0.0.1:port (0: any free one); returns the process and its port."""
    proc = subprocess.Popen([BIN, "--host", "127.0.0.1", "--port", str(port), "--workers", "1"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    deadline = time.time() + 10
    while time.time() < deadline:
        line = proc.stdout.readline()
        m = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
        if m:
            # Drain the rest of its output so the pipe never fills.
            threading.Thread(target=proc.stdout.read, daemon=True).start()
            return proc, int(m.group(1))
    proc.kill()
    sys.exit(f"upgrade.py: {BIN} did not start on port {port}")


def stop_bin(proc):
    proc.terminate()
    proc.wait(timeout=10)


def captured(base, path):
    """The fields BIN sends with a document (cross-origin GET), less those of one exchange."""
    req = urllib.request.Request(base + path, headers={"Origin": "https://app.example"})
    with urllib.request.urlopen(req) as r:
        return [(k, v) for k, v in r.getheaders()
                if k.lower() not in ("date", "server", "content-length", "connection", "etag")]


EARLIER = {"/v1/parallax.js": b"export const earlierBuild = true;\n",
           "/": b"<!doctype html><title>earlier build</title>\n"}


def stand_in(port, fields, cache_control):
    """The earlier build on 127.0.0.1:port: BIN's fields, the earlier bytes and tag."""
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (http.server's name)
            path = self.path.split("?")[0]
            body = EARLIER.get(path)
            if body is None:
                self.send_response(404)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            if self.headers.get("If-None-Match") == '"00000000000e4f1e"':
                self.send_response(304)
                self.send_header("ETag", '"00000000000e4f1e"')
                self.end_headers()
                return
            self.send_response(200)
            for k, v in fields[path]:
                self.send_header(k, cache_control if k.lower() == "cache-control" and cache_control else v)
            self.send_header("ETag", '"00000000000e4f1e"')
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


proc, port = start_bin(0)
api = f"http://127.0.0.1:{port}"
fields = {path: captured(api, path) for path in EARLIER}
stop_bin(proc)
for path, f in fields.items():
    check(dict((k.lower(), v) for k, v in f).get("cache-control") == "no-cache", f"BIN sends {path} with Cache-Control: no-cache")

# A page on another origin that imports the module and lists what it exports.
page_html = """<!doctype html><meta charset="utf-8"><title>app</title><script type="module">
import * as m from "%s/v1/parallax.js";
window.seen = Object.keys(m).sort().join(",");
</script>""" % api
other, origin = serve(lambda path: page_html if path == "/" else None)


def visit(page):
    """What the page's import of the module ran, and the demo page's title."""
    page.goto(origin + "/")
    page.wait_for_function("() => window.seen !== undefined", timeout=15000)
    seen = page.evaluate("() => window.seen")
    page.goto(api + "/")
    return seen, page.title()


try:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        try:
            for name, cache_control, upgraded in [("BIN's fields", None, True),
                                                  ("control, the earlier max-age=86400", "public, max-age=86400", False)]:
                context = browser.new_context()  # an empty HTTP cache
                page = context.new_page()
                earlier = stand_in(port, fields, cache_control)
                try:
                    seen, title = visit(page)
                finally:
                    earlier.shutdown()
                    earlier.server_close()
                check(seen == "earlierBuild" and title == "earlier build",
                      f"{name}: the earlier build runs first (module exports {seen}, demo titled {title!r})")
                proc, _ = start_bin(port)
                try:
                    seen, title = visit(page)
                finally:
                    stop_bin(proc)
                now = "play" in seen.split(",") and title != "earlier build"
                check(now == upgraded,
                      f"{name}: after the upgrade the browser runs {'the new' if upgraded else 'its cached'} build "
                      f"(module exports {seen}, demo titled {title!r})")
                context.close()
        finally:
            browser.close()
finally:
    other.shutdown()

print(f"upgrade: {len(failures)} failed" if failures else "upgrade: all checks passed")
sys.exit(1 if failures else 0)
