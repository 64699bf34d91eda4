// Flame-graph-like summary of a V8 CPU profile (.cpuprofile): self time per function and per package.

const packageOf = (url, name) => {
  if (!url) return name.startsWith('(') ? name : '(native / V8)';
  if (url.startsWith('node:')) return 'node internals';
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1];
  if (url.includes('/backend/dist/')) return 'backend (application code)';
  if (url.includes('/public-ui/build/')) return 'public-ui build (pages)';
  if (url.includes('/public-ui/server/')) return 'public-ui/server (gateway)';
  return url.split('/').slice(-2).join('/');
};

/**
 * @param {{ nodes: Array<{ id: number, callFrame: { functionName: string, url: string, lineNumber: number } }>,
 *   samples: number[], timeDeltas: number[] }} profile
 */
export function summariseProfile(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const functions = new Map();
  const packages = new Map();
  let total = 0;
  for (const [id, micros] of self) {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const name = functionName || '(anonymous)';
    // Idle time, and the probe's own calls into the inspector (starting and stopping the profiler).
    if (name === '(idle)' || url === 'node:inspector') continue;
    total += micros;
    const short = url
      ? `${url.replace(/^.*node_modules\//, '').replace(/^.*\/(backend|public-ui)\//, '$1/')}:${lineNumber + 1}`
      : '';
    const key = `${name}|${short}`;
    functions.set(key, (functions.get(key) ?? 0) + micros);
    const pkg = packageOf(url, name);
    packages.set(pkg, (packages.get(pkg) ?? 0) + micros);
  }
  const sorted = (map) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([key, micros]) => ({ key, ms: micros / 1000, percent: (100 * micros) / total }));
  return {
    totalMs: total / 1000,
    functions: sorted(functions).map(({ key, ms, percent }) => {
      const [name, where] = key.split('|');
      return { name, where, ms, percent };
    }),
    packages: sorted(packages).map(({ key, percent }) => ({ name: key, percent })),
  };
}
