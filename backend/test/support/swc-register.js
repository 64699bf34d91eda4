/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS require hook */
// Lets `node --require ./test/support/swc-register.js src/main.ts` run the TypeScript sources
// directly (same swc options as jest), so tests can spawn the real entry points without a build.
const fs = require('node:fs');
const { transformSync } = require('@swc/core');

require.extensions['.ts'] = function compileTs(module, filename) {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    sourceMaps: 'inline',
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2023',
    },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
