#!/usr/bin/env python3
"""Runs every example shown in README.md, docs/*.md and openapi.yaml against the real server and
compares what it answers with what the page shows (docs/testing.md#examples).

Markdown: every fenced block whose info string is `console`. Lines starting with `$ ` are commands
(a line ending in `\\` continues on the next); everything after a command up to the next `$ ` line
or the end of the block is its expected output. Each block gets a fresh server (so counters in
/metrics start at zero) and runs its commands in order with bash, from the repository root, with
`http://localhost:8080` (or `localhost:8080`) replaced by that server's address and TMPDIR set to a
fresh temporary directory. An HTML comment `<!-- server: FLAGS -->` on the line before a block adds
flags to that block's server.

Comparison: when the shown output starts with `HTTP/` it is a response head (curl -i or -D -): the
status line must match, every shown header line must be present with that value (the `Date` value
is not compared), and what follows the blank line must match exactly. Otherwise the whole output
must match exactly (trailing newlines aside).

openapi.yaml: every request example of an operation's JSON request body is sent to that operation
and the answer compared with the response example of the same name (JSON by value, text exactly);
a response example that no request example names must carry `x-request: {method, path, body,
headers}` saying how to ask for it. Media-type `example`s of operations without parameters (for
instance /healthz) are fetched with the operation's method; a text/plain one must appear line by
line in the answer.

  examples.py --server BIN [--update] [--only FILE] [ROOT]

--update rewrites every shown output (markdown blocks and openapi.yaml response examples) from
the real answers instead of comparing; run the whole suite afterwards to see the result.
Prints `examples: N passed, M failed` and exits 1 on any failure, or when it finds no examples.
Python standard library only, except PyYAML (from .venv) for openapi.yaml.
"""
import argparse, json, os, re, shutil, signal, subprocess, sys, tempfile
import urllib.error, urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'lib'))
from listening import read_port  # noqa: E402 (Tests/lib, put on the path above)

BASE = 'http://localhost:8080'


# ---------------------------------------------------------------- the server

class Server:
    """parallax-server on 127.0.0.1, port 0; the port is read from its "listening" log line."""

    def __init__(self, binary, flags=()):
        args = [binary, '--host', '127.0.0.1', '--port', '0', '--workers', '1',
                '--log-format', 'text', *flags]
        self.proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.port, seen = read_port(self.proc, 15)
        if self.port is None:
            self.stop()
            raise RuntimeError('server did not start: ' + ''.join(seen))
        self.url = 'http://127.0.0.1:%d' % self.port

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.proc.stdout:
            self.proc.stdout.close()


# ---------------------------------------------------------------- markdown

class Command:
    def __init__(self, text, shown, first_line, last_line):
        self.text, self.shown = text, shown          # shown: list of output lines
        self.first_line, self.last_line = first_line, last_line  # file lines of the output (0-based, end exclusive)


class Block:
    def __init__(self, path, line, commands, flags):
        self.path, self.line, self.commands, self.flags = path, line, commands, flags


FENCE = re.compile(r'^(\s*)(`{3,}|~{3,})\s*([^\s`]*)')


def parse_markdown(path, lines):
    blocks, i = [], 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        fence, info = m.group(2), m.group(3)
        j = i + 1
        while j < len(lines) and not lines[j].strip().startswith(fence):
            j += 1
        if info == 'console':
            flags = []
            if i > 0:
                c = re.match(r'^\s*<!--\s*server:(.*?)-->\s*$', lines[i - 1])
                if c:
                    flags = c.group(1).split()
            blocks.append(Block(path, i + 1, parse_console(lines, i + 1, j), flags))
        i = j + 1
    return blocks


def parse_console(lines, start, end):
    commands, k = [], start
    while k < end:
        if not lines[k].startswith('$ '):
            k += 1            # text before the first command (there should be none)
            continue
        text = lines[k][2:]
        while text.endswith('\\') and k + 1 < end:
            k += 1
            text = text[:-1] + '\n' + lines[k]
        k += 1
        out_start = k
        while k < end and not lines[k].startswith('$ '):
            k += 1
        commands.append(Command(text, lines[out_start:k], out_start, k))
    return commands


def localise(text, url):
    return text.replace(BASE, url).replace('localhost:8080', url[len('http://'):])


def delocalise(text, url):
    return text.replace(url, BASE).replace(url[len('http://'):], 'localhost:8080')


def run_command(text, server, env, root):
    proc = subprocess.run(['bash', '-c', localise(text, server.url)], cwd=root,
                          env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    out = proc.stdout.decode('utf-8', errors='replace').replace('\r\n', '\n')
    return proc.returncode, delocalise(out, server.url), proc.stderr.decode(errors='replace')


def strip_end(lines):
    lines = list(lines)
    while lines and lines[-1] == '':
        lines.pop()
    return lines


def compare(shown, actual):
    """None when `actual` (text) satisfies the `shown` lines, else a reason."""
    got = strip_end(actual.split('\n'))
    want = strip_end(shown)
    if want and want[0].startswith('HTTP/'):
        return compare_heads(want, got)
    if want == got:
        return None
    return first_difference(want, got)


def compare_heads(want, got):
    while want:
        if not got or not got[0].startswith('HTTP/'):
            return 'expected a response head %r, got %r' % (want[0], got[0] if got else 'nothing')
        if want[0] != got[0]:
            return 'status line: shown %r, got %r' % (want[0], got[0])
        wi, gi = want.index('') if '' in want else len(want), got.index('') if '' in got else len(got)
        headers = {}
        for line in got[1:gi]:
            name, _, value = line.partition(':')
            headers.setdefault(name.strip().lower(), []).append(value.strip())
        for line in want[1:wi]:
            name, _, value = line.partition(':')
            key, value = name.strip().lower(), value.strip()
            if key not in headers:
                return 'header %r is not in the answer' % line
            if key != 'date' and value not in headers[key]:
                return 'header %r: the answer has %r' % (line, ', '.join(headers[key]))
        want, got = want[wi + 1:], got[gi + 1:]
        if want and want[0].startswith('HTTP/'):
            continue            # a second response (e.g. a 304 after the 200)
        if want != got:
            return 'body: ' + first_difference(want, got)
        return None
    return None if not got else 'unexpected output after the shown responses: %r' % got[0][:120]


def first_difference(want, got):
    for n, (w, g) in enumerate(zip(want, got)):
        if w != g:
            c = next((k for k, (a, b) in enumerate(zip(w, g)) if a != b), min(len(w), len(g)))
            lo = max(0, c - 60)
            return 'output line %d, column %d: shown …%r, got …%r' % (n + 1, c + 1, w[lo:c + 100], g[lo:c + 100])
    if len(want) > len(got):
        return 'output is missing line %d: %r' % (len(got) + 1, want[len(got)][:300])
    return 'output has an extra line %d: %r' % (len(want) + 1, got[len(want)][:300])


def updated_lines(shown, actual):
    """The output to show after --update: the real answer; for a response head, the real head
    (Date kept as shown when it was shown, so an update does not churn it)."""
    got = strip_end(actual.split('\n'))
    old_date = next((l for l in shown if l.lower().startswith('date:')), None)
    if old_date:
        got = [old_date if l.lower().startswith('date:') else l for l in got]
    return got


def run_markdown(files, binary, root, update, report):
    blocks = []
    for path in files:
        with open(path, encoding='utf-8') as f:
            lines = f.read().split('\n')
        blocks.append((path, lines, parse_markdown(path, lines)))
    for path, lines, found in blocks:
        edits = []
        for block in found:
            tmp = tempfile.mkdtemp(prefix='examples-')
            env = dict(os.environ, TMPDIR=tmp)
            server = None
            try:
                server = Server(binary, block.flags)
                for cmd in block.commands:
                    where = '%s:%d' % (os.path.relpath(path, root), cmd.first_line)
                    try:
                        rc, out, err = run_command(cmd.text, server, env, root)
                    except subprocess.TimeoutExpired:
                        report(where, cmd.text, 'timed out')
                        continue
                    if rc != 0:
                        report(where, cmd.text, 'exit status %d: %s' % (rc, err.strip()[:300]))
                        continue
                    if update:
                        new = updated_lines(cmd.shown, out)
                        if new != strip_end(cmd.shown):
                            edits.append((cmd.first_line, cmd.first_line + len(strip_end(cmd.shown)), new))
                        report(where, cmd.text, None)
                    else:
                        report(where, cmd.text, compare(cmd.shown, out))
            except RuntimeError as e:
                report('%s:%d' % (os.path.relpath(path, root), block.line), 'start server', str(e))
            finally:
                if server:
                    server.stop()
                shutil.rmtree(tmp, ignore_errors=True)
        if edits:
            for start, end, new in sorted(edits, reverse=True):
                lines[start:end] = new
            with open(path, 'w', encoding='utf-8') as f:
                f.write('\n'.join(lines))
            print('updated %s (%d outputs)' % (os.path.relpath(path, root), len(edits)))
    return sum(len(b[2]) for b in blocks)


# ---------------------------------------------------------------- openapi.yaml

def http(url, method, body=None, headers=None):
    data = None
    headers = dict(headers or {})
    if body is not None:
        data = body if isinstance(body, bytes) else (
            body.encode() if isinstance(body, str) else json.dumps(body, separators=(',', ':')).encode())
        headers.setdefault('Content-Type', 'application/json')
    req = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, r.headers.get('Content-Type', ''), r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get('Content-Type', ''), e.read().decode()


def deref(doc, node):
    """Follows local $refs (#/components/...)."""
    seen = 0
    while isinstance(node, dict) and '$ref' in node and seen < 10:
        target = doc
        for part in node['$ref'].lstrip('#/').split('/'):
            target = target[part]
        node, seen = target, seen + 1
    return node


def same(shown, got_text, media):
    if media.endswith('json'):
        try:
            return shown == json.loads(got_text)
        except ValueError:
            return False
    return str(shown).rstrip('\n') == got_text.rstrip('\n')


def run_openapi(path, binary, update, report):
    import yaml   # PyYAML, in .venv (a dependency of openapi-spec-validator)
    with open(path, encoding='utf-8') as f:
        text = f.read()
    doc = yaml.safe_load(text)
    server = Server(binary)
    count, used, rewrites = 0, set(), {}
    try:
        # 1. Request examples → the same-named response example.
        for route, item in doc['paths'].items():
            for method, op in item.items():
                if method not in ('get', 'post', 'put', 'delete', 'options', 'head'):
                    continue
                body = (op.get('requestBody') or {}).get('content', {}).get('application/json', {})
                for name, ex in (body.get('examples') or {}).items():
                    count += 1
                    where = 'openapi.yaml %s %s, example %s' % (method.upper(), route, name)
                    status, ctype, answer = http(server.url + route, method.upper(), deref(doc, ex)['value'])
                    media = ctype.split(';')[0].strip()
                    resp = deref(doc, op['responses'].get(str(status), {}))
                    content = resp.get('content', {}).get(media, {})
                    shown_ex = (content.get('examples') or {}).get(name)
                    if shown_ex is None:
                        report(where, route, 'answered %d %s; the %d response has no %s example named %s'
                               % (status, media, status, media, name))
                        continue
                    used.add(id(shown_ex))
                    check_example(where, route, shown_ex, answer, media, update, rewrites, report)
        # 2. Response examples no request example names: they say how to ask (x-request).
        for rname, resp in doc['components']['responses'].items():
            for media, content in (resp.get('content') or {}).items():
                for name, ex in (content.get('examples') or {}).items():
                    if id(ex) in used:
                        continue
                    count += 1
                    where = 'openapi.yaml responses %s %s, example %s' % (rname, media, name)
                    req = ex.get('x-request')
                    if not req:
                        report(where, '-', 'no request example named %s and no x-request: nothing runs it' % name)
                        continue
                    status, ctype, answer = http(server.url + req['path'], req.get('method', 'GET'),
                                                 req.get('body'), req.get('headers'))
                    got_media = ctype.split(';')[0].strip()
                    if got_media != media:
                        report(where, req['path'], 'answered %d %s, not %s' % (status, got_media, media))
                        continue
                    check_example(where, req['path'], ex, answer, media, update, rewrites, report)
                if 'example' in content:
                    count += 1
                    report('openapi.yaml responses %s %s' % (rname, media), '-',
                           'a bare `example` cannot say how to ask for it: use examples with x-request')
        # 3. Bare media-type examples of parameterless GET operations (/healthz, /readyz, /metrics).
        for route, item in doc['paths'].items():
            op = item.get('get')
            if not op or op.get('parameters'):
                continue
            for status, resp in op['responses'].items():
                resp = deref(doc, resp)
                for media, content in (resp.get('content') or {}).items():
                    if 'example' not in content or '$ref' in op['responses'][status]:
                        continue
                    count += 1
                    where = 'openapi.yaml GET %s %s example' % (route, status)
                    got_status, ctype, answer = http(server.url + route, 'GET')
                    shown = content['example']
                    if str(got_status) != status:
                        report(where, route, 'answered %d' % got_status)
                    elif media == 'text/plain':
                        missing = [l for l in str(shown).splitlines() if l not in answer.splitlines()]
                        report(where, route, 'lines not in the answer: %r' % missing[:3] if missing else None)
                    else:
                        report(where, route, None if same(shown, answer, media) else
                               'shown %r, got %r' % (shown, answer[:300]))
    finally:
        server.stop()
    if update and rewrites:
        n = len(rewrites)
        with open(path, 'w', encoding='utf-8') as f:
            f.write(rewrite_yaml(text, rewrites))
        print('updated openapi.yaml (%d examples)' % n)
    return count


def check_example(where, target, ex, answer, media, update, rewrites, report):
    if same(ex.get('value'), answer, media):
        report(where, target, None)
    elif update:
        rewrites[json.dumps(ex.get('value'), ensure_ascii=False)] = (answer, media)
        report(where, target, None)
    else:
        shown = json.dumps(ex.get('value'), ensure_ascii=False) if media.endswith('json') else str(ex.get('value'))
        report(where, target, 'shown %s…, answered %s…' % (shown[:200], answer[:200]))


def rewrite_yaml(text, rewrites):
    """Replaces each stale example's `value:` in place: JSON answers are written as one-line flow
    JSON (valid YAML), text answers as a literal block. The value is found by re-parsing."""
    import yaml
    lines = text.split('\n')
    out, i = [], 0
    while i < len(lines):
        line = lines[i]
        m = re.match(r'^(\s*)value: (.*)$', line)
        if m and m.group(2) not in ('|', '|-'):
            try:
                key = json.dumps(yaml.safe_load(m.group(2)), ensure_ascii=False)
            except yaml.YAMLError:
                key = None
            if key in rewrites:
                answer, media = rewrites.pop(key)
                out.append(m.group(1) + 'value: ' + json.dumps(json.loads(answer), ensure_ascii=False,
                                                              separators=(',', ':')))
                i += 1
                continue
        if m and m.group(2) in ('|', '|-'):
            indent = len(m.group(1))
            j = i + 1
            while j < len(lines) and (not lines[j].strip() or len(lines[j]) - len(lines[j].lstrip()) > indent):
                j += 1
            block = '\n'.join(l[indent + 2:] for l in lines[i + 1:j]).rstrip('\n') + '\n'
            key = json.dumps(block, ensure_ascii=False)
            if key in rewrites:
                answer, media = rewrites.pop(key)
                out.append(line)
                out.extend(' ' * (indent + 2) + l if l else '' for l in answer.rstrip('\n').split('\n'))
                i = j
                continue
        out.append(line)
        i += 1
    if rewrites:
        raise SystemExit('examples: could not place %d rewritten examples in openapi.yaml' % len(rewrites))
    return '\n'.join(out)


# ---------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--server', required=True, help='the parallax-server binary')
    ap.add_argument('--update', action='store_true', help='rewrite the shown outputs from the real answers')
    ap.add_argument('--only', action='append', help='only this file (README.md, docs/api.md, openapi.yaml, …)')
    ap.add_argument('root', nargs='?', default=os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..')))
    args = ap.parse_args()
    root = os.path.abspath(args.root)
    files = [os.path.join(root, 'README.md')] + sorted(
        os.path.join(root, 'docs', f) for f in os.listdir(os.path.join(root, 'docs')) if f.endswith('.md'))
    if args.only:
        wanted = {os.path.normpath(os.path.join(root, f)) for f in args.only}
        files = [f for f in files if os.path.normpath(f) in wanted]
    results = {'passed': 0, 'failed': 0}

    def report(where, command, problem):
        if problem is None:
            results['passed'] += 1
            return
        results['failed'] += 1
        print('FAIL %s\n     $ %s\n     %s' % (where, command.replace('\n', '\n       ')[:400], problem))

    before = git_status(root)
    run_markdown(files, args.server, root, args.update, report)
    if not args.only or any(os.path.normpath(os.path.join(root, f)) == os.path.join(root, 'openapi.yaml')
                            for f in args.only):
        run_openapi(os.path.join(root, 'openapi.yaml'), args.server, args.update, report)
    after = git_status(root)
    if not args.update and before != after:
        results['failed'] += 1
        print('FAIL the examples changed the repository (they may write only to temporary files):')
        print('\n'.join(sorted(set(after.splitlines()) ^ set(before.splitlines()))))
    if results['passed'] + results['failed'] == 0:
        results['failed'] += 1
        print('FAIL no examples found')
    print('examples: %d passed, %d failed' % (results['passed'], results['failed']))
    return 1 if results['failed'] else 0


def git_status(root):
    try:
        return subprocess.run(['git', 'status', '--porcelain', '--untracked-files=all'], cwd=root,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout.decode()
    except OSError:
        return ''


if __name__ == '__main__':
    sys.exit(main())
