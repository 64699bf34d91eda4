// One flat config for the whole workspace: typescript-eslint's recommended rules,
// React hooks rules for the three UIs, Node globals for the backend and scripts.
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';

/**
 * Layers of the backend's feature modules, lowest first. A module may import modules of its own layer or below,
 * never above: the foundation knows nothing of features, features nothing of the console. A new module must be
 * placed here (lint fails until it is). Cycles inside a layer are caught by import-x/no-cycle.
 */
const MODULE_LAYERS = [
  ['identity', 'outbox', 'audit', 'idempotency', 'appointments', 'seo'],
  ['notifications', 'reference', 'site-config', 'geocoding'],
  ['accounts', 'visio', 'unsubscribe'],
  [
    'auth',
    'availability',
    'billing',
    'booking',
    'calendar-sync',
    'client-folders',
    'content',
    'directory',
    'fee-notes',
    'fee-agreements',
    'geo',
    'media',
    'next-free-slots',
    'offices',
    'payments',
    'phone-verification',
    'privacy',
    'reviews',
    'slot-alerts',
    'sponsorship',
  ],
  // On top: the console drives every feature; readiness checks what the features depend on (clamd for uploads).
  ['admin-console', 'health'],
];
const LAYER_OF = new Map(MODULE_LAYERS.flatMap((names, level) => names.map((name) => [name, level])));
const MODULE_DIR = /backend\/src\/modules\/([a-z-]+)(?:\/|$)/;
const layerName = (level) => MODULE_LAYERS[level].join(', ');

const moduleLayers = {
  meta: {
    type: 'problem',
    docs: { description: 'A backend module imports only modules of its layer or below (MODULE_LAYERS).' },
    schema: [],
    messages: {
      upward:
        "Module '{{from}}' (layer {{fromLevel}}) imports '{{to}}' (layer {{toLevel}}): a lower layer never depends on a higher one. Move the shared part down, or turn the call around (an event through the outbox, a port implemented above).",
      unplaced: "Module '{{name}}' has no layer: add it to MODULE_LAYERS in eslint.config.mjs.",
    },
  },
  create(context) {
    const file = context.filename.split(path.sep).join('/');
    const from = MODULE_DIR.exec(file)?.[1];
    if (!from) return {};
    const fromLevel = LAYER_OF.get(from);
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), source).split(path.sep).join('/');
      const to = MODULE_DIR.exec(target)?.[1];
      if (!to || to === from) return;
      const toLevel = LAYER_OF.get(to);
      if (fromLevel === undefined) context.report({ node, messageId: 'unplaced', data: { name: from } });
      else if (toLevel === undefined) context.report({ node, messageId: 'unplaced', data: { name: to } });
      else if (toLevel > fromLevel)
        context.report({
          node,
          messageId: 'upward',
          data: { from, to, fromLevel: layerName(fromLevel), toLevel: layerName(toLevel) },
        });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      // Run-time files of the local stacks and the image build's root file system (never committed).
      'var/**',
      '**/dist/**',
      '**/build/**',
      // public-ui's builds of the other sectors (build-notary...)
      'public-ui/build-*/**',
      '**/.react-router/**',
      '**/coverage/**',
      '**/drizzle/**',
      // Generated from backend/openapi.json (npm run openapi -w backend).
      'shared/api-client/src/schema.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    // Module boundaries of the backend: a feature module reaches another only through its public surface, the
    // module's index.ts (`import { AccountsService } from '../accounts'`), never its repositories or inner files.
    files: ['backend/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./[a-z-]+/|(\\.\\./)+modules/[a-z-]+/)',
              message:
                "Another module's inner file: import from the module's index ('../<module>') and export what you need there (only services, module classes, DTOs and types).",
            },
          ],
        },
      ],
    },
  },
  {
    // No import cycles in the backend (between modules or files), and the layer order of modules above. The
    // drizzle tables reference each other's columns through lazy callbacks (`references(() => t.id)`), so the
    // schema folder is the one place where files may import each other both ways.
    files: ['backend/src/**/*.ts'],
    ignores: ['backend/src/database/schema/**'],
    plugins: { 'import-x': importX, rdv: { rules: { 'module-layers': moduleLayers } } },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json', '.node'] })],
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'rdv/module-layers': 'error',
    },
  },
  {
    // One way to validate a path id: the `Uuid` pipe (or a param DTO) on every id parameter, so a malformed id is a
    // 400 "Identifiant invalide" before any service runs, whatever the route. One way to open a transaction:
    // `Transactions.run` (it joins the request's idempotent unit of work); the outbox relay, the idempotency
    // machinery and the session-revocation check (built by the guards, outside DI) are that machinery themselves.
    files: ['backend/src/modules/**/*.ts'],
    ignores: [
      'backend/src/modules/outbox/outbox.relay.ts',
      'backend/src/modules/idempotency/**',
      'backend/src/modules/identity/session-revocations.repository.ts',
      'backend/src/modules/**/*.seed.ts',
      'backend/src/modules/**/*.spec.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "Decorator > CallExpression[callee.name='Param'][arguments.length=1] > Literal[value=/^(id|id_.+|.+Id)$/]",
          message: "Validate path ids: `@Param('id', Uuid)` (common/route-params) or a param DTO.",
        },
        {
          selector: "CallExpression[callee.property.name='transaction'][callee.object.property.name='db']",
          message:
            'Open transactions with `Transactions.run` (database/database.module), not `db.transaction`.',
        },
      ],
    },
  },
  {
    files: [
      'public-ui/**/*.{ts,tsx}',
      'user-ui/**/*.{ts,tsx}',
      'admin-ui/**/*.{ts,tsx}',
      'shared/ui/**/*.{ts,tsx}',
    ],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
