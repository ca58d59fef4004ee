// Runtime boundaries (docs/style.md of the brief): shared/ imports neither Node, the DOM
// nor electron; renderer/ never imports from electron/; only main.ts, preload.ts and the
// small adapters under electron/adapters/ import `electron` (it downloads its binary on
// first require, so nothing the CLI, serve or tests load may reach it).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const nodeBuiltins = [
  'node:*',
  'fs',
  'fs/*',
  'path',
  'os',
  'http',
  'https',
  'net',
  'crypto',
  'child_process',
  'url',
  'stream',
  'events',
  'worker_threads',
];
const electronBan = {
  name: 'electron',
  message: 'Only electron/main.ts, electron/preload.ts and electron/adapters/* may import electron.',
};

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'out/**',
      'release/**',
      '.cache/**',
      '.tmp/**',
      'coverage/**',
      'resources/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: [
      'electron/**/*.ts',
      'test/**/*.ts',
      'bench/**/*.ts',
      'scripts/**/*.ts',
      'renderer/vite.config.ts',
    ],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronBan],
          patterns: [{ group: ['**/renderer/**'], message: 'Node code does not import the renderer.' }],
        },
      ],
    },
  },
  {
    files: ['electron/main.ts', 'electron/preload.ts', 'electron/adapters/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronBan, 'react', 'ol'],
          patterns: [
            { group: nodeBuiltins, message: 'shared/ touches neither Node nor the DOM.' },
            { group: ['**/electron/**', '**/renderer/**'], message: 'shared/ imports only shared/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/src/**/*.ts', 'renderer/src/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronBan],
          patterns: [
            { group: nodeBuiltins, message: 'The renderer is sandboxed: no Node modules.' },
            {
              group: ['**/electron/**'],
              message: 'The renderer talks to main only through the contract client (window.watchfloor).',
            },
          ],
        },
      ],
    },
  },
);
