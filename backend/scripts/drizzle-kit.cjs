/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS launcher */
// Runs drizzle-kit so that it finds drizzle-orm. npm nests drizzle-orm under backend/node_modules
// while drizzle-kit is hoisted to the root, where its `import('drizzle-orm/version')` fails with
// "Please install latest version of drizzle-orm". A synchronous resolve hook (Node >= 23.5)
// resolves drizzle-orm from this package, with CommonJS conditions for both require() and import()
// so there is one module instance. Usage: node scripts/drizzle-kit.cjs generate [...]
const { registerHooks } = require('node:module');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

const backendDir = path.join(__dirname, '..');
let resolving = false;
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (!resolving && (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/'))) {
      resolving = true;
      try {
        return {
          url: pathToFileURL(require.resolve(specifier, { paths: [backendDir] })).href,
          shortCircuit: true,
        };
      } finally {
        resolving = false;
      }
    }
    return nextResolve(specifier, context);
  },
});
process.chdir(backendDir);
const kitDir = path.dirname(require.resolve('drizzle-kit', { paths: [backendDir] }));
require(path.join(kitDir, 'bin.cjs'));
