#!/usr/bin/env python3
"""Checks that the docs and the code point at things that exist (docs/testing.md#examples).

1. Anchors: every `docs/<page>.md#<anchor>` written in Sources/, Tests/, Fuzz/, bench/, scripts/ and
   Package.swift, and every `[text](NAME.md#anchor)` link of README.md and docs/*.md, names a
   heading of that file (GitHub's slugs: lower case, punctuation dropped, spaces to hyphens). A
   comment may name more anchors of the same file after the first (`docs/model.md#paging,
   #timelines`); those are checked too.
2. The configuration table of docs/operations.md#configuration against `parallax-server --help`:
   the same options in the same order, each with the same placeholder, environment variable and
   default, nothing extra on either side.
3. Code fences of README.md and docs/*.md stand on lines of their own (a fence glued to text
   swallows the rest of the page).

  references.py --server BIN [ROOT]

Prints `references: N checked, M problems` and exits 1 on any problem. Standard library only.
"""
import argparse, os, re, subprocess, sys

SOURCE_DIRS = ('Sources', 'Tests', 'Fuzz', 'bench', 'scripts', 'Players')
SOURCE_EXTS = ('.swift', '.py', '.sh', '.lua', '.c', '.h', '.js', '.ts', '.kt', '.html', '.yaml', '')
SKIP_DIRS = {'.build', 'results', 'corpus', 'golden', '__pycache__', 'node_modules'}
# `docs/model.md#paging`, then optional `, #timelines` or ` and #layers` for the same file.
CITE = re.compile(r'\b(docs/[\w.-]+\.md)#([\w-]+)((?:(?:,\s*|\s+and\s+)#[\w-]+)*)')
MORE = re.compile(r'#([\w-]+)')
LINK = re.compile(r'\]\(((?:\.\./|docs/)?[\w./-]*?\.md)?#([\w-]+)\)')


def slug(heading):
    text = re.sub(r'[`*_]', lambda m: '_' if m.group(0) == '_' else '', heading.strip().lower())
    text = re.sub(r'[^\w\- ]', '', text)
    return text.replace(' ', '-')


def anchors_of(path, cache={}):
    if path not in cache:
        found, fenced = set(), False
        try:
            lines = open(path, encoding='utf-8').read().splitlines()
        except OSError:
            lines = None
        for line in lines or []:
            if line.startswith('```'):
                fenced = not fenced
            elif not fenced and line.startswith('#'):
                base = slug(line.lstrip('#'))
                name, n = base, 0
                while name in found:
                    n += 1
                    name = '%s-%d' % (base, n)
                found.add(name)
        cache[path] = None if lines is None else found
    return cache[path]


def source_files(root):
    yield os.path.join(root, 'Package.swift')
    for top in SOURCE_DIRS:
        for d, dirs, files in os.walk(os.path.join(root, top)):
            dirs[:] = [x for x in dirs if x not in SKIP_DIRS]
            for f in files:
                if os.path.splitext(f)[1] in SOURCE_EXTS and 'EmbeddedDocuments' not in d:
                    yield os.path.join(d, f)


def check_anchors(root, problem):
    checked = 0

    def check(where, target_path, anchor, shown):
        nonlocal checked
        checked += 1
        known = anchors_of(target_path)
        if known is None:
            problem(where, '%s: no such file' % shown)
        elif anchor not in known:
            problem(where, '%s: no heading with that anchor in %s' % (shown, os.path.relpath(target_path, root)))

    for path in source_files(root):
        try:
            text = open(path, encoding='utf-8').read()
        except (OSError, UnicodeDecodeError):
            continue
        for number, line in enumerate(text.splitlines(), 1):
            where = '%s:%d' % (os.path.relpath(path, root), number)
            for m in CITE.finditer(line):
                target = os.path.join(root, m.group(1))
                for anchor in [m.group(2)] + MORE.findall(m.group(3)):
                    check(where, target, anchor, '%s#%s' % (m.group(1), anchor))
    pages = [os.path.join(root, 'README.md')] + sorted(
        os.path.join(root, 'docs', f) for f in os.listdir(os.path.join(root, 'docs')) if f.endswith('.md'))
    for page in pages:
        fenced = False
        for number, line in enumerate(open(page, encoding='utf-8').read().splitlines(), 1):
            where = '%s:%d' % (os.path.relpath(page, root), number)
            if '```' in line and not re.match(r'^\s*```[\w+-]*\s*$', line):
                problem(where, 'a code fence with text on its line (a fence opens or closes on a line of its own)')
            if line.startswith('```'):
                fenced = not fenced
            if fenced:
                continue
            for m in LINK.finditer(line):
                target = os.path.normpath(os.path.join(os.path.dirname(page), m.group(1))) if m.group(1) else page
                check(where, target, m.group(2), '%s#%s' % (m.group(1) or '', m.group(2)))
    return checked


def help_options(binary):
    """`--help` as {flag: (placeholder, env, default, help text)}, in order."""
    text = subprocess.run([binary, '--help'], capture_output=True, text=True, timeout=30, check=True).stdout
    options, last = {}, None
    for line in text.splitlines():
        m = re.match(r'^  --([\w-]+)(?: (\S+))?\s+(.*)$', line)
        if m:
            last = m.group(1)
            options[last] = [m.group(2) or '', '', '', m.group(3)]
            continue
        m = re.match(r'^\s+env (\S+), default (.*)$', line)
        if m and last:
            options[last][1], options[last][2] = m.group(1), m.group(2)
    return options


def table_options(path):
    """operations.md's configuration table as {flag: (placeholder, env, default)}, in order."""
    lines = open(path, encoding='utf-8').read().splitlines()
    start = lines.index('## Configuration')
    rows = {}
    for line in lines[start + 1:]:
        if line.startswith('## '):
            break
        if not line.startswith('| `--'):
            continue
        cells = [c.strip() for c in re.split(r'(?<!\\)\|', line)[1:-1]]
        flag_cell = cells[0].strip('`').replace('\\|', '|')
        flag, _, placeholder = flag_cell[2:].partition(' ')
        rows[flag] = [placeholder, cells[1].strip('`'), cells[2].strip('`').replace('\\|', '|')]
    return rows


def check_configuration(root, binary, problem):
    where = 'docs/operations.md#configuration'
    helped, table = help_options(binary), table_options(os.path.join(root, 'docs', 'operations.md'))
    for flag in helped:
        if flag not in table:
            problem(where, '--%s is in --help but not in the table' % flag)
    for flag in table:
        if flag not in helped:
            problem(where, '--%s is in the table but not in --help' % flag)
    common = [f for f in helped if f in table]
    if common != [f for f in table if f in helped]:
        problem(where, 'the table lists the options in another order than --help: %s' % ', '.join(common))
    for flag in common:
        placeholder, env, default, text = helped[flag]
        t_placeholder, t_env, t_default = table[flag]
        if placeholder != t_placeholder:
            problem(where, '--%s: placeholder %r in --help, %r in the table' % (flag, placeholder, t_placeholder))
        if env != t_env:
            problem(where, '--%s: environment variable %r in --help, %r in the table' % (flag, env, t_env))
        # --workers defaults to this machine's cores; the table says so in words, and so must --help.
        if t_default == 'the number of cores':
            if 'CPU cores' not in text:
                problem(where, '--%s: the table says "the number of cores", --help does not' % flag)
        elif default != t_default:
            problem(where, '--%s: default %r in --help, %r in the table' % (flag, default, t_default))
    return len(helped) + len(table)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--server', required=True, help='the parallax-server binary')
    ap.add_argument('root', nargs='?', default=os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..')))
    args = ap.parse_args()
    problems = []

    def problem(where, what):
        problems.append(what)
        print('references: %s: %s' % (where, what), file=sys.stderr)

    checked = check_anchors(args.root, problem) + check_configuration(args.root, args.server, problem)
    print('references: %d checked, %d problems' % (checked, len(problems)))
    return 1 if problems or checked == 0 else 0


if __name__ == '__main__':
    sys.exit(main())
