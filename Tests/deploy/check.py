"""The Kubernetes manifests of deploy/ hold together (docs/operations.md#kubernetes), checked
offline beside kubernetes-validate's schema check:
  - every docs/*.md#anchor their comments cite exists, and no comment points at a README section;
  - deploy/kustomization.yaml lists manifests that exist, and its `images` entry names the image of
    deploy/k8s.yaml, so `kubectl apply -k deploy/` sets it; the documented sed does the same;
  - metrics: the container serves /metrics on its own port (--metrics-address [::]:PORT), the pod's
    scrape annotations and the container's `metrics` port say that PORT, the Service carries it,
    and deploy/servicemonitor.yaml selects that Service's `metrics` port;
  - the access log is on, the server binds :: (both families), the probes are /readyz and /healthz
    on the `http` port.
Usage: python3 Tests/deploy/check.py   (PyYAML, from the checkout's .venv)"""
import os, re, subprocess, sys
import yaml

root = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
deploy = os.path.join(root, 'deploy')
failures = 0


def check(ok, message):
    global failures
    print('%s %s' % ('ok  ' if ok else 'FAIL', message))
    if not ok:
        failures += 1


def slug(heading):
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r'[^a-z0-9 _-]', '', heading.strip().lower()).replace(' ', '-')


def anchors(doc):
    with open(os.path.join(root, doc)) as f:
        return {slug(line.lstrip('#')) for line in f if line.startswith('#')}


def load(name):
    with open(os.path.join(deploy, name)) as f:
        return [d for d in yaml.safe_load_all(f) if d]


texts = {n: open(os.path.join(deploy, n)).read() for n in sorted(os.listdir(deploy)) if n.endswith('.yaml')}
for name, text in texts.items():
    for doc, anchor in re.findall(r'(docs/[a-z.A-Z]+\.md)(?:#([a-z0-9-]+))?', text):
        exists = os.path.exists(os.path.join(root, doc)) and (not anchor or anchor in anchors(doc))
        check(exists, '%s cites %s%s' % (name, doc, '#' + anchor if anchor else ''))
    check('README "' not in text and 'README.md#' not in text, '%s points at no README section' % name)

k8s = load('k8s.yaml')
deployment = next(d for d in k8s if d['kind'] == 'Deployment')
service = next(d for d in k8s if d['kind'] == 'Service')
pod = deployment['spec']['template']
container = pod['spec']['containers'][0]
image = container['image']

kustomization = load('kustomization.yaml')[0]
for resource in kustomization['resources']:
    check(os.path.exists(os.path.join(deploy, resource)), 'kustomization.yaml: resource %s exists' % resource)
names = [i['name'] for i in kustomization['images']]
check(image.rsplit(':', 1)[0] in names, 'kustomization.yaml images names the image of k8s.yaml (%s)' % image)
sed = re.search(r"#\s+(sed '[^']+') deploy/k8s\.yaml", texts['k8s.yaml'])
check(sed is not None, 'k8s.yaml documents a sed that sets the image')
if sed:
    out = subprocess.run(sed.group(1) + ' deploy/k8s.yaml', shell=True, cwd=root, capture_output=True, text=True).stdout
    new = [d for d in yaml.safe_load_all(out) if d and d['kind'] == 'Deployment'][0]['spec']['template']['spec']['containers'][0]['image']
    check(new != image and new.startswith('registry.example.com/'), 'the documented sed sets the image (%s)' % new)

args = container['args']
flag = lambda name: args[args.index(name) + 1] if name in args else None
check(flag('--host') == '::', 'the server binds :: (IPv4 and IPv6)')
check(flag('--access-log') == 'on', 'the access log is on')
metrics = flag('--metrics-address') or ''
m = re.fullmatch(r'\[::\]:(\d+)', metrics)
check(m is not None, '/metrics on its own address of both families (--metrics-address %s)' % metrics)
port = m.group(1) if m else None
annotations = pod['metadata'].get('annotations', {})
check(annotations.get('prometheus.io/scrape') == 'true' and annotations.get('prometheus.io/port') == port
      and annotations.get('prometheus.io/path') == '/metrics', 'the pod carries the scrape annotations for port %s' % port)
ports = {p['name']: p for p in container['ports']}
check(str(ports.get('metrics', {}).get('containerPort')) == port, "the container's metrics port is %s" % port)
check(any(p['name'] == 'metrics' and p['targetPort'] == 'metrics' for p in service['spec']['ports']),
      'the Service carries the metrics port')
monitor = load('servicemonitor.yaml')[0]
check(monitor['spec']['selector']['matchLabels'].items() <= service['metadata']['labels'].items(),
      'the ServiceMonitor selects the Service')
check([e['port'] for e in monitor['spec']['endpoints']] == ['metrics'] and monitor['spec']['endpoints'][0]['path'] == '/metrics',
      "the ServiceMonitor scrapes the Service's metrics port at /metrics")
check(service['spec']['selector'].items() <= pod['metadata']['labels'].items(), 'the Service selects the pods')
check(container['readinessProbe']['httpGet'] == {'path': '/readyz', 'port': 'http'}
      and container['livenessProbe']['httpGet'] == {'path': '/healthz', 'port': 'http'},
      'probes: readiness /readyz, liveness /healthz, on the http port')

print('deploy: %s' % ('all checks passed' if failures == 0 else '%d check(s) failed' % failures))
sys.exit(1 if failures else 0)
