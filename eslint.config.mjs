// One flat config for the whole workspace: typescript-eslint's recommended rules,
// React hooks rules for the three UIs, Node globals for the backend and scripts.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
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
    files: ['public-ui/**/*.{ts,tsx}', 'user-ui/**/*.{ts,tsx}', 'admin-ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
