#!/usr/bin/env node
/**
 * Renders deploy/k8s/overlays/* (and the base) with a small kustomize resolver, then checks:
 *  1. every object against the Kubernetes schemas (kubernetes-models);
 *  2. every variable the backend requires at boot (backend/dist/src/config/env.schema.js, built first)
 *     is given to api, worker and the migration Job's needs by the ConfigMap or a Secret reference;
 *     every literal ConfigMap value the schema knows passes the schema;
 *  3. secrets never appear as values (no Secret objects, no literal value for a secret variable);
 *  4. probes, resources and securityContext are set on every long-running container (worker and clamd too);
 *  5. one --max-old-space-size per process, below its memory limit;
 *  6. a configured dependency has a workload (CLAMAV_ADDRESS when ANTIVIRUS=clamav, the gateway's API_URL);
 *  7. NetworkPolicies: default-deny ingress, every Deployment's pods selected, the API reached by the gateway only;
 *  8. the backup CronJob exists.
 * Exits non-zero on any problem. Usage: node deploy/k8s/validate.mjs [kustomization dir...]
 *
 * The resolver handles what our kustomizations use: resources (files and directories), namespace,
 * labels (pairs), images (name/newName/newTag) and patches by path (strategic merge by kind+name:
 * maps merged, lists of named items merged by name, other lists replaced). Anything else is refused,
 * so a kustomization this script cannot read fails here instead of rendering differently.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const require = createRequire(import.meta.url);

const SUPPORTED_KEYS = new Set([
  'apiVersion',
  'kind',
  'namespace',
  'labels',
  'resources',
  'images',
  'patches',
]);
/** Variables whose value is a credential or carries one: only ever from a Secret. */
const SECRET_VARIABLES = new Set([
  'DATABASE_URL',
  'DATABASE_READ_URL',
  'REDIS_URL',
  'REDIS_SENTINEL_PASSWORD',
  'JWT_SECRET',
  'SMTP_URL',
  'TWILIO_ACCOUNT_SID',
  'TWILIO_AUTH_TOKEN',
  'TWILIO_VERIFY_SERVICE_SID',
  'CALENDAR_ENCRYPTION_KEYS',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
]);
const TWILIO_VARIABLES = [
  'TWILIO_ACCOUNT_SID',
  'TWILIO_AUTH_TOKEN',
  'TWILIO_VERIFY_SERVICE_SID',
  'TWILIO_SMS_FROM',
];
const BACKEND_DEPLOYMENTS = ['rdv-api', 'rdv-worker'];
const SERVED_DEPLOYMENTS = ['rdv-api', 'rdv-web'];

function readYamlDocuments(file) {
  const documents = parseAllDocuments(readFileSync(file, 'utf8'));
  for (const document of documents) {
    if (document.errors.length) throw new Error(`${file}: ${document.errors[0].message}`);
  }
  return documents.map((document) => document.toJS()).filter((object) => object != null);
}

const isPlainObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
const isNamedList = (list) => list.length > 0 && list.every((item) => isPlainObject(item) && 'name' in item);

/** Strategic-merge subset: maps merge, lists of named items merge by name, anything else replaces. */
function strategicMerge(target, patch) {
  if (isPlainObject(target) && isPlainObject(patch)) {
    const merged = { ...target };
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) delete merged[key];
      else merged[key] = key in target ? strategicMerge(target[key], value) : value;
    }
    return merged;
  }
  if (Array.isArray(target) && Array.isArray(patch) && isNamedList(target) && isNamedList(patch)) {
    const merged = target.map((item) => {
      const patchItem = patch.find((candidate) => candidate.name === item.name);
      return patchItem ? strategicMerge(item, patchItem) : item;
    });
    for (const item of patch) if (!target.some((existing) => existing.name === item.name)) merged.push(item);
    return merged;
  }
  return patch;
}

function podSpecOf(object) {
  if (object.kind === 'Deployment' || object.kind === 'Job') return object.spec?.template?.spec;
  if (object.kind === 'CronJob') return object.spec?.jobTemplate?.spec?.template?.spec;
  return undefined;
}

function podLabelsOf(object) {
  if (object.kind === 'CronJob') return object.spec?.jobTemplate?.spec?.template?.metadata?.labels ?? {};
  return object.spec?.template?.metadata?.labels ?? {};
}

const matches = (selector, labels) =>
  Object.entries(selector?.matchLabels ?? {}).every(([key, value]) => labels[key] === value) &&
  (selector?.matchExpressions ?? []).every(({ key, operator, values }) =>
    operator === 'In' ? values.includes(labels[key]) : operator === 'Exists' ? key in labels : false,
  );

/** Every heap-size flag a container's process gets: its command line and NODE_OPTIONS. */
function heapFlags(container) {
  const words = [
    ...(container.command ?? []),
    ...(container.args ?? []),
    ...(container.env ?? [])
      .filter((v) => v.name === 'NODE_OPTIONS')
      .flatMap((v) => String(v.value ?? '').split(/\s+/)),
  ];
  return words.filter((word) => word.startsWith('--max-old-space-size'));
}

const MEBIBYTES = { Mi: 1, Gi: 1024, M: 1e6 / 1048576, G: 1e9 / 1048576 };
function mebibytes(quantity) {
  const match = /^(\d+(?:\.\d+)?)(Mi|Gi|M|G)$/.exec(String(quantity ?? ''));
  return match ? Number(match[1]) * MEBIBYTES[match[2]] : undefined;
}

/** Renders one kustomization directory into a list of objects, or throws naming the problem. */
export function render(directory) {
  const file = path.join(directory, 'kustomization.yaml');
  if (!existsSync(file)) throw new Error(`${directory}: no kustomization.yaml`);
  const [kustomization] = readYamlDocuments(file);
  for (const key of Object.keys(kustomization)) {
    if (!SUPPORTED_KEYS.has(key)) throw new Error(`${file}: "${key}" is not supported by this resolver`);
  }
  let objects = [];
  for (const resource of kustomization.resources ?? []) {
    const resourcePath = path.resolve(directory, resource);
    if (!existsSync(resourcePath)) throw new Error(`${file}: resource ${resource} does not exist`);
    objects.push(
      ...(statSync(resourcePath).isDirectory() ? render(resourcePath) : readYamlDocuments(resourcePath)),
    );
  }
  for (const patchEntry of kustomization.patches ?? []) {
    if (!patchEntry.path || Object.keys(patchEntry).some((key) => key !== 'path'))
      throw new Error(`${file}: only "patches: - path: <file>" is supported`);
    for (const patch of readYamlDocuments(path.resolve(directory, patchEntry.path))) {
      const index = objects.findIndex(
        (object) => object.kind === patch.kind && object.metadata?.name === patch.metadata?.name,
      );
      if (index < 0)
        throw new Error(
          `${file}: patch ${patchEntry.path} targets ${patch.kind}/${patch.metadata?.name}, not in the resources`,
        );
      objects[index] = strategicMerge(objects[index], patch);
    }
  }
  for (const { pairs } of kustomization.labels ?? []) {
    objects = objects.map((object) => ({
      ...object,
      metadata: { ...object.metadata, labels: { ...object.metadata?.labels, ...pairs } },
    }));
  }
  for (const image of kustomization.images ?? []) {
    for (const object of objects) {
      const podSpec = podSpecOf(object);
      for (const container of [...(podSpec?.containers ?? []), ...(podSpec?.initContainers ?? [])]) {
        const [name, tag] = container.image.split(':');
        if (name !== image.name) continue;
        container.image = `${image.newName ?? name}:${image.newTag ?? tag ?? 'latest'}`;
      }
    }
  }
  if (kustomization.namespace) {
    objects = objects.map((object) => ({
      ...object,
      metadata: { ...object.metadata, namespace: kustomization.namespace },
    }));
  }
  return objects;
}

/** kubernetes-models class of an object: apps/v1 Deployment -> kubernetes-models/apps/v1 Deployment. */
async function modelClass(object) {
  const modulePath = `kubernetes-models/${object.apiVersion}`;
  let models;
  try {
    models = await import(modulePath);
  } catch {
    return undefined;
  }
  return models[object.kind];
}

function loadEnvSchema() {
  const built = path.join(repoRoot, 'backend/dist/src/config/env.schema.js');
  if (!existsSync(built)) throw new Error(`${built} is missing: run "npm run build -w backend" first`);
  const { envSchema } = require(built);
  // The schema is object -> superRefine -> transform: the object's shape is at the pipe's input.
  let schema = envSchema;
  while (schema && !schema.shape) schema = schema._zod?.def?.in ?? schema._zod?.def?.innerType;
  if (!schema?.shape) throw new Error('backend env schema: cannot find the object of variables');
  return schema.shape;
}

/** What a container's environment provides: names, and the literal values we can see. */
function providedEnvironment(container, configMaps) {
  const names = new Map(); // name -> { source, value? }
  for (const source of container.envFrom ?? []) {
    const configMap = source.configMapRef && configMaps.get(source.configMapRef.name);
    if (source.configMapRef && !configMap)
      throw new Error(`${container.name}: envFrom ConfigMap ${source.configMapRef.name} is not rendered`);
    if (source.secretRef)
      throw new Error(`${container.name}: envFrom secretRef hides which keys exist; use secretKeyRef`);
    for (const [key, value] of Object.entries(configMap?.data ?? {}))
      names.set(key, { source: `ConfigMap ${configMap.metadata.name}`, value });
  }
  for (const variable of container.env ?? []) {
    if ('value' in variable) names.set(variable.name, { source: 'literal', value: variable.value });
    else if (variable.valueFrom?.secretKeyRef)
      names.set(variable.name, {
        source: 'Secret',
        optional: variable.valueFrom.secretKeyRef.optional === true,
      });
    else if (variable.valueFrom?.configMapKeyRef) {
      const { name, key } = variable.valueFrom.configMapKeyRef;
      const value = configMaps.get(name)?.data?.[key];
      if (value === undefined)
        throw new Error(`${container.name}: ${variable.name} refers to missing ${name}/${key}`);
      names.set(variable.name, { source: `ConfigMap ${name}`, value });
    }
  }
  return names;
}

export async function validate(directory, envShape) {
  const problems = [];
  const where = path.relative(repoRoot, directory);
  let objects;
  try {
    objects = render(directory);
  } catch (error) {
    return [`${where}: ${error.message}`];
  }
  for (const object of objects) {
    const id = `${where}: ${object.kind}/${object.metadata?.name}`;
    const Model = await modelClass(object);
    if (!Model) {
      problems.push(`${id}: unknown apiVersion/kind ${object.apiVersion} ${object.kind}`);
      continue;
    }
    try {
      new Model(object).validate();
    } catch (error) {
      problems.push(`${id}: ${error.message}`);
    }
    if (object.kind === 'Secret') problems.push(`${id}: secrets are created out of band, never committed`);
    for (const key of Object.keys(object.kind === 'ConfigMap' ? (object.data ?? {}) : {}))
      if (SECRET_VARIABLES.has(key))
        problems.push(`${id}: ${key} is a secret: put it in the Secret, not the ConfigMap`);
  }

  const configMaps = new Map(
    objects.filter((object) => object.kind === 'ConfigMap').map((object) => [object.metadata.name, object]),
  );
  const byName = (kind, name) =>
    objects.find((object) => object.kind === kind && object.metadata?.name === name);
  const required = Object.entries(envShape)
    .filter(([, field]) => !field.safeParse(undefined).success)
    .map(([name]) => name);

  for (const name of BACKEND_DEPLOYMENTS) {
    const deployment = byName('Deployment', name);
    if (!deployment) {
      problems.push(`${where}: Deployment/${name} is missing`);
      continue;
    }
    for (const container of deployment.spec.template.spec.containers) {
      const id = `${where}: Deployment/${name} container ${container.name}`;
      let provided;
      try {
        provided = providedEnvironment(container, configMaps);
      } catch (error) {
        problems.push(`${id}: ${error.message}`);
        continue;
      }
      for (const variable of required) {
        const entry = provided.get(variable);
        if (!entry) problems.push(`${id}: ${variable} is required by the backend at boot and not provided`);
        else if (entry.optional)
          problems.push(`${id}: ${variable} is required at boot but its secretKeyRef is optional`);
      }
      for (const [variable, entry] of provided) {
        if (SECRET_VARIABLES.has(variable) && entry.source !== 'Secret')
          problems.push(
            `${id}: ${variable} is a secret and must come from a secretKeyRef, not ${entry.source}`,
          );
        if ('value' in entry && envShape[variable]) {
          const result = envShape[variable].safeParse(entry.value);
          if (!result.success)
            problems.push(
              `${id}: ${variable}=${JSON.stringify(entry.value)} ${result.error.issues[0].message}`,
            );
        }
      }
      if (provided.get('STORAGE')?.value === 's3') {
        for (const variable of ['S3_BUCKET', 'S3_REGION'])
          if (!provided.has(variable)) problems.push(`${id}: ${variable} is needed with STORAGE=s3`);
      }
      if (provided.get('SMS_PROVIDER')?.value === 'twilio') {
        for (const variable of TWILIO_VARIABLES)
          if (!provided.has(variable)) problems.push(`${id}: ${variable} is needed with SMS_PROVIDER=twilio`);
      }
    }
  }

  const migrate = objects.find((object) => object.kind === 'Job');
  if (!migrate) problems.push(`${where}: the migration Job is missing`);
  else {
    const container = migrate.spec.template.spec.containers[0];
    if (!container.command?.join(' ').includes('backend/dist/scripts/migrate.js'))
      problems.push(`${where}: Job/${migrate.metadata.name} does not run backend/dist/scripts/migrate.js`);
    if (!container.env?.some((v) => v.name === 'DATABASE_URL' && v.valueFrom?.secretKeyRef))
      problems.push(`${where}: Job/${migrate.metadata.name} needs DATABASE_URL from a secretKeyRef`);
  }

  for (const object of objects) {
    const podSpec = podSpecOf(object);
    if (!podSpec) continue;
    const id = `${where}: ${object.kind}/${object.metadata.name}`;
    if (podSpec.securityContext?.runAsNonRoot !== true)
      problems.push(`${id}: pod must set runAsNonRoot: true`);
    for (const container of [...podSpec.containers, ...(podSpec.initContainers ?? [])]) {
      const security = container.securityContext ?? {};
      if (security.allowPrivilegeEscalation !== false)
        problems.push(`${id} ${container.name}: allowPrivilegeEscalation must be false`);
      if (!security.capabilities?.drop?.includes('ALL'))
        problems.push(`${id} ${container.name}: capabilities must drop ALL`);
      if (security.readOnlyRootFilesystem !== true)
        problems.push(`${id} ${container.name}: readOnlyRootFilesystem must be true`);
      for (const kind of ['requests', 'limits'])
        for (const resource of ['cpu', 'memory'])
          if (!container.resources?.[kind]?.[resource])
            problems.push(`${id} ${container.name}: resources.${kind}.${resource} is missing`);
    }
  }

  for (const name of SERVED_DEPLOYMENTS) {
    const deployment = byName('Deployment', name);
    const container = deployment?.spec.template.spec.containers[0];
    if (container && (!container.readinessProbe || !container.livenessProbe))
      problems.push(`${where}: Deployment/${name} needs a readiness and a liveness probe`);
    if (deployment && !byName('Service', name)) problems.push(`${where}: Service/${name} is missing`);
    const autoscaler = objects.find(
      (object) => object.kind === 'HorizontalPodAutoscaler' && object.spec.scaleTargetRef.name === name,
    );
    if (!autoscaler) problems.push(`${where}: no HorizontalPodAutoscaler scales Deployment/${name}`);
  }
  const api = byName('Deployment', 'rdv-api')?.spec.template.spec.containers[0];
  if (api && api.readinessProbe?.httpGet?.path !== '/api/v1/health/ready')
    problems.push(`${where}: rdv-api readiness probe must be /api/v1/health/ready`);
  if (api && api.livenessProbe?.httpGet?.path !== '/api/v1/health')
    problems.push(`${where}: rdv-api liveness probe must be /api/v1/health`);
  for (const deployment of objects.filter((object) => object.kind === 'Deployment')) {
    const labels = deployment.spec.selector.matchLabels;
    const covered = objects.some(
      (object) =>
        object.kind === 'PodDisruptionBudget' &&
        Object.entries(object.spec.selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value),
    );
    if (!covered)
      problems.push(`${where}: no PodDisruptionBudget covers Deployment/${deployment.metadata.name}`);
  }
  if (!objects.some((object) => object.kind === 'Ingress')) problems.push(`${where}: the Ingress is missing`);

  // Every long-running process has both probes (the worker and clamd included: a wedged one is restarted or
  // taken out of its Service).
  for (const deployment of objects.filter((object) => object.kind === 'Deployment')) {
    for (const container of deployment.spec.template.spec.containers) {
      if (!container.readinessProbe || !container.livenessProbe)
        problems.push(
          `${where}: Deployment/${deployment.metadata.name} container ${container.name} needs a readiness and a liveness probe`,
        );
    }
  }
  const worker = byName('Deployment', 'rdv-worker')?.spec.template.spec.containers[0];
  if (worker && worker.readinessProbe?.httpGet?.path !== '/health/ready')
    problems.push(`${where}: rdv-worker readiness probe must be /health/ready on its side port`);

  // One source of truth for the V8 heap: one --max-old-space-size per process, below its memory limit.
  for (const object of objects) {
    const podSpec = podSpecOf(object);
    for (const container of podSpec?.containers ?? []) {
      const flags = heapFlags(container);
      const id = `${where}: ${object.kind}/${object.metadata.name} container ${container.name}`;
      if (flags.length > 1)
        problems.push(`${id}: heap size set ${flags.length} times (${flags.join(', ')}): keep one`);
      const heap = Number(flags[0]?.split('=')[1]);
      const limit = mebibytes(container.resources?.limits?.memory);
      if (flags.length && limit !== undefined && !(heap < limit))
        problems.push(
          `${id}: --max-old-space-size=${heap} is not below the ${container.resources.limits.memory} limit`,
        );
    }
  }

  // A dependency the configuration points at has a workload: a Service of that name and port, selecting the pods
  // of a Deployment of these manifests (clamd when the antivirus is on; the API behind the gateway).
  const served = (host, port) => {
    const service = byName('Service', host);
    if (!service) return `no Service/${host}`;
    if (!service.spec.ports?.some((entry) => entry.port === Number(port)))
      return `Service/${host} has no port ${port}`;
    const workload = objects.find(
      (object) =>
        object.kind === 'Deployment' && matches({ matchLabels: service.spec.selector }, podLabelsOf(object)),
    );
    return workload ? undefined : `Service/${host} selects no Deployment`;
  };
  const rdvConfig = configMaps.get('rdv-config')?.data ?? {};
  const antivirus = rdvConfig.ANTIVIRUS ?? (rdvConfig.NODE_ENV === 'production' ? 'clamav' : 'none');
  if (antivirus === 'clamav') {
    const address = /^tcp:\/\/([^:/]+):(\d+)$/.exec(rdvConfig.CLAMAV_ADDRESS ?? '');
    if (!address)
      problems.push(
        `${where}: ANTIVIRUS=clamav needs CLAMAV_ADDRESS=tcp://<service>:<port> (a unix socket is not shared across pods)`,
      );
    else {
      const missing = served(address[1], address[2]);
      if (missing)
        problems.push(`${where}: ANTIVIRUS=clamav but CLAMAV_ADDRESS points at nothing: ${missing}`);
    }
  }
  const web = byName('Deployment', 'rdv-web')?.spec.template.spec.containers[0];
  for (const url of String(web?.env?.find((v) => v.name === 'API_URL')?.value ?? '')
    .split(',')
    .filter(Boolean)) {
    const target = new URL(url);
    const missing = served(target.hostname, target.port || 80);
    if (missing) problems.push(`${where}: rdv-web API_URL ${url} points at nothing: ${missing}`);
  }

  // NetworkPolicies: ingress denied by default, every workload's pods selected by a policy, and the API reachable
  // only from the gateway's pods (and the monitoring namespace, on its metrics port).
  const policies = objects.filter((object) => object.kind === 'NetworkPolicy');
  if (
    !policies.some(
      (policy) => Object.keys(policy.spec.podSelector ?? {}).length === 0 && !policy.spec.ingress,
    )
  )
    problems.push(`${where}: no default-deny ingress NetworkPolicy`);
  for (const object of objects.filter((candidate) => candidate.kind === 'Deployment')) {
    const labels = podLabelsOf(object);
    const own = policies.filter(
      (policy) =>
        Object.keys(policy.spec.podSelector ?? {}).length > 0 && matches(policy.spec.podSelector, labels),
    );
    if (!own.length)
      problems.push(`${where}: no NetworkPolicy selects the pods of Deployment/${object.metadata.name}`);
  }
  const apiPolicies = policies.filter((policy) =>
    matches(policy.spec.podSelector, { 'app.kubernetes.io/name': 'rdv-api' }),
  );
  for (const policy of apiPolicies)
    for (const rule of policy.spec.ingress ?? [])
      for (const peer of rule.from ?? [{}]) {
        const fromWeb =
          peer.podSelector?.matchLabels?.['app.kubernetes.io/name'] === 'rdv-web' && !peer.namespaceSelector;
        const fromMonitoring =
          peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === 'monitoring' &&
          (rule.ports ?? []).every((port) => port.port === 'metrics');
        if (!fromWeb && !fromMonitoring)
          problems.push(
            `${where}: NetworkPolicy/${policy.metadata.name} lets more than the gateway reach the API`,
          );
      }

  // Backups: a CronJob dumping the database.
  const backup = objects.find((object) => object.kind === 'CronJob' && object.metadata.name === 'rdv-backup');
  const backupSpec = backup && podSpecOf(backup);
  if (!backupSpec?.initContainers?.some((container) => container.command?.join(' ').includes('pg_dump')))
    problems.push(`${where}: the backup CronJob (pg_dump to object storage) is missing`);
  return problems;
}

async function main() {
  const directories = process.argv.slice(2).length
    ? process.argv.slice(2).map((directory) => path.resolve(directory))
    : [path.join(here, 'base'), path.join(here, 'overlays/production')];
  let envShape;
  try {
    envShape = loadEnvSchema();
  } catch (error) {
    console.error(`k8s manifests: ${error.message}`);
    process.exit(1);
  }
  let failed = false;
  for (const directory of directories) {
    const problems = await validate(directory, envShape);
    const where = path.relative(repoRoot, directory);
    if (problems.length) {
      failed = true;
      for (const problem of problems) console.error(`✗ ${problem}`);
    } else {
      console.log(`✓ ${where}: ${render(directory).length} objects valid`);
    }
  }
  process.exit(failed ? 1 : 0);
}

await main();
