// Validates the Kubernetes manifests under deploy/kubernetes against the Kubernetes API schemas bundled in the
// `kubernetes-models` package (no network): every document's apiVersion and kind must be a known resource and its
// body must match the schema. Also checks what issue 18 asks of them (probes, requests, a non-root pod).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { ROOT } from './build-stamp.mjs';

const DIR = join(ROOT, 'deploy/kubernetes');
const failures = [];
let checked = 0;

async function modelOf(apiVersion, kind) {
  const path = apiVersion.includes('/') ? apiVersion : `v1`;
  try {
    return (await import(`kubernetes-models/${path}/${kind}`))[kind];
  } catch {
    return null;
  }
}

const documents = [];
for (const file of readdirSync(DIR).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml')) {
  for (const doc of parseAllDocuments(readFileSync(join(DIR, file), 'utf8'))) {
    if (doc.errors.length) failures.push(`${file}: ${doc.errors[0].message}`);
    else if (doc.contents) documents.push({ file, body: doc.toJS() });
  }
}

for (const { file, body } of documents) {
  const name = `${file} ${body.kind}/${body.metadata?.name}`;
  const Model = await modelOf(String(body.apiVersion), String(body.kind));
  if (!Model) {
    failures.push(`${name}: unknown apiVersion/kind ${body.apiVersion} ${body.kind}`);
    continue;
  }
  try {
    new Model(body).validate();
    checked++;
  } catch (error) {
    failures.push(`${name}: ${error.message}`);
  }
}

// What the deployment must have beyond a valid shape.
const find = (kind) => documents.find((d) => d.body.kind === kind)?.body;
const deployment = find('Deployment');
const container = deployment?.spec.template.spec.containers[0];
const expectations = [
  ['a Deployment', deployment],
  ['a readiness probe on /readyz', container?.readinessProbe?.httpGet?.path === '/readyz'],
  ['a liveness probe on /healthz', container?.livenessProbe?.httpGet?.path === '/healthz'],
  ['resource requests', container?.resources?.requests?.cpu && container?.resources?.requests?.memory],
  ['a non-root pod', deployment?.spec.template.spec.securityContext?.runAsNonRoot === true],
  ['a Service', find('Service')],
  ['an Ingress', find('Ingress')],
  ['a migration Job', find('Job')?.spec.template.spec.containers[0].command.join(' ').includes('migrate.js')],
  ['a PodDisruptionBudget', find('PodDisruptionBudget')],
  ['a HorizontalPodAutoscaler', find('HorizontalPodAutoscaler')],
  [
    'a Secret with DATABASE_URL, SMTP_URL and PORTICO_SECRET_KEY',
    ['DATABASE_URL', 'SMTP_URL', 'PORTICO_SECRET_KEY'].every((k) => k in (find('Secret')?.stringData ?? {})),
  ],
];
for (const [what, ok] of expectations) if (!ok) failures.push(`deploy/kubernetes lacks ${what}`);

// Every file the kustomization lists exists and was checked.
const kustomization = parseAllDocuments(readFileSync(join(DIR, 'kustomization.yaml'), 'utf8'))[0].toJS();
for (const resource of kustomization.resources) {
  if (!documents.some((d) => d.file === resource)) failures.push(`kustomization.yaml lists ${resource}, which has no resource`);
}

for (const failure of failures) console.error(`FAIL: ${failure}`);
console.log(`Kubernetes manifests: ${checked} resources valid against the bundled schemas`);
console.log(`${checked + expectations.length - failures.length} passed, ${failures.length} failed`);
process.exit(failures.length ? 1 : 0);
