// Runtime boundaries (docs/architecture.md, "Layers"): shared/ imports neither Node, the DOM
// nor electron; renderer/ never imports from electron/; only main.ts, preload.ts and the
// small adapters under electron/adapters/ import `electron` (it downloads its binary on
// first require, so nothing the CLI, serve or tests load may reach it).
//
// Layers inside the Node side (electron/), lowest first. A module imports only modules of
// a LOWER rank (and shared/): never a higher one, never a peer of its own rank.
//   0 leaves    api/ (the service's client), keychain/, scheduler/ (pure timing), notify/ (pure
//               before/after diff), settings.ts, paths.ts, gazetteer.ts (the places' file read
//               for shared/gazetteer.ts): they need nothing else of ours
//   1 cache/    SQL and migrations (may use the client's types)
//   2 sync/ outbox/ passes/   the three writers/readers of the cache, independent of each other
//   3 runtime/  the scheduler + sync + outbox + notify for one service, the push bus, link state
//   4 demo/     a stand-in for the SERVICE, not a layer of the client: it imports nothing of
//               ours but shared/, and only the account layer (demo mode) and hosts start it
//   5 account/  one object per connected service (cache connection, runtime, outbox), swapped whole
//   6 contract/ the handlers of the contract table, the dispatcher, the services a host builds
//   7 hosts-common/  what two hosts share (renderer CSP, MIME types), so no host imports another
//   8 hosts     Electron (main.ts, preload.ts, adapters/), CLI (cli.ts, cli/), serve (serve/):
//               peers, so no host imports another — except cli/serve.ts, which launches serve.
//
// Floors inside the renderer (renderer/src/), lowest first; a floor imports only floors below:
//   data/ (the contract's hooks) → state/ (the window's stores) → ui/ (widgets, slots) →
//   map/ (the map platform) → tools-common/ (the tool kit) → features/<x>/ → app/ (the shell).
// A feature imports only data/, state/, ui/, map/, tools-common/ (and styles/): never another
// feature, never app/. The shell composes features, through slots (ui/slots.tsx, map/slots.ts).
import { readdirSync } from 'node:fs';
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

const layers = [
  { rank: 0, name: 'api', folders: ['api'] },
  { rank: 0, name: 'keychain', folders: ['keychain'] },
  { rank: 0, name: 'scheduler', folders: ['scheduler'] },
  { rank: 0, name: 'notify', folders: ['notify'] },
  { rank: 0, name: 'settings', files: ['settings'] },
  { rank: 0, name: 'paths', files: ['paths'] },
  { rank: 0, name: 'gazetteer', files: ['gazetteer'] },
  { rank: 1, name: 'cache', folders: ['cache'] },
  { rank: 2, name: 'sync', folders: ['sync'] },
  { rank: 2, name: 'outbox', folders: ['outbox'] },
  { rank: 2, name: 'passes', folders: ['passes'] },
  { rank: 2, name: 'reports', folders: ['reports'] },
  { rank: 3, name: 'runtime', folders: ['runtime'] },
  { rank: 4, name: 'demo', folders: ['demo'], importsNothing: true },
  { rank: 5, name: 'account', folders: ['account'] },
  { rank: 6, name: 'contract', folders: ['contract'] },
  { rank: 7, name: 'hosts-common', folders: ['hosts-common'] },
  { rank: 8, name: 'the Electron host', folders: ['adapters'], files: ['main', 'preload'], electron: true },
  { rank: 8, name: 'the CLI host', folders: ['cli'], files: ['cli'] },
  { rank: 8, name: 'the serve host', folders: ['serve'] },
];
const LAYER_ORDER = 'api → cache → sync/outbox/passes → runtime → account → contract → hosts-common → hosts';

// An import names a module of electron/ by a relative path whose depth depends on where the
// importing file sits: electron/x/y.ts reaches electron/sync as '../sync', electron/x/y/z.ts
// as '../../sync', electron/main.ts as './sync'. Patterns are built per depth so that
// electron/cache/migrations/a.ts importing '../outbox' (electron/cache/outbox.ts) is not
// taken for electron/outbox/.
const MAX_DEPTH = 4;
const escape = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const prefix = (depth) => (depth === 0 ? '\\./' : '(\\.\\./){' + depth + '}');
function targetRegex(layer, depth) {
  const names = [...(layer.folders ?? []), ...(layer.files ?? [])].map(escape).join('|');
  // A folder or a file module, with or without an extension or a path inside it.
  return `^${prefix(depth)}(${names})(\\.[cm]?[jt]s|/.*)?$`;
}
function filesAt(layer, depth) {
  const globs = [];
  for (const folder of layer.folders ?? [])
    if (depth > 0) globs.push(`electron/${folder}/${'*/'.repeat(depth - 1)}*.ts`);
  if (depth === 0) for (const file of layer.files ?? []) globs.push(`electron/${file}.ts`);
  return globs;
}
function forbiddenFor(layer) {
  return layers.filter((other) => other !== layer && (layer.importsNothing || other.rank >= layer.rank));
}
function layerPatterns(layer, depth, allow = []) {
  return forbiddenFor(layer)
    .filter((other) => !allow.includes(other.name))
    .map((other) => ({
      regex: targetRegex(other, depth),
      message: layer.importsNothing
        ? `${layer.name}/ stands in for the service: it imports only shared/, not ${other.name}.`
        : `${layer.name} (rank ${layer.rank}) may not import ${other.name} (rank ${other.rank}): ` +
          `a lower layer never imports a higher one, no peer another, no host another (${LAYER_ORDER}).`,
    }));
}
// The renderer's floors (see the head of this file).
const RENDERER = 'renderer/src';
const FEATURES = readdirSync(`${RENDERER}/features`, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const rendererBase = [
  { group: nodeBuiltins, message: 'The renderer is sandboxed: no Node modules.' },
  {
    group: ['**/electron/**'],
    message: 'The renderer talks to main only through the contract client (window.watchfloor).',
  },
];
const rendererFloors = [
  { folder: 'data', above: ['state', 'ui', 'map', 'tools-common', 'features', 'app'] },
  { folder: 'state', above: ['ui', 'map', 'tools-common', 'features', 'app'] },
  { folder: 'ui', above: ['map', 'tools-common', 'features', 'app'] },
  { folder: 'map', above: ['tools-common', 'features', 'app'] },
  { folder: 'tools-common', above: ['features', 'app'] },
];
const RENDERER_FLOORS = 'data → state → ui → map → tools-common → features → app';
/** Files at `depth` folders below renderer/src/<folder>/ reach renderer/src/ by depth + 1 `../`. */
const up = (depth) => '(\\.\\./){' + (depth + 1) + '}';
const rendererFloorConfigs = rendererFloors.flatMap(({ folder, above }) =>
  Array.from({ length: MAX_DEPTH }, (_, depth) => ({
    files: [`${RENDERER}/${folder}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronBan],
          patterns: [
            ...rendererBase,
            {
              regex: `^${up(depth)}(${above.map(escape).join('|')})(/|$)`,
              message: `renderer/src/${folder}/ may not import a higher floor (${RENDERER_FLOORS}).`,
            },
          ],
        },
      ],
    },
  })),
);
// renderer/src/features/<x>/ at `depth` folders below it: another feature is `../` × (depth + 1)
// then its name; app/ is one more `../` up.
const featureConfigs = FEATURES.flatMap((feature) =>
  Array.from({ length: MAX_DEPTH }, (_, depth) => ({
    files: [`${RENDERER}/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronBan],
          patterns: [
            ...rendererBase,
            {
              regex: `^${up(depth)}(${FEATURES.filter((f) => f !== feature)
                .map(escape)
                .join('|')})(/|$)`,
              message:
                `features/${feature}/ may not import another feature: a feature imports only data/, state/, ` +
                'ui/, map/ and tools-common/; app/ composes features through slots.',
            },
            {
              regex: `^${up(depth + 1)}(features|app)(/|$)`,
              message: `features/${feature}/ may not import app/ or reach another feature through features/.`,
            },
          ],
        },
      ],
    },
  })),
);

const rendererBan = { group: ['**/renderer/**'], message: 'Node code does not import the renderer.' };
function layerRule(layer, depth, allow) {
  return [
    'error',
    {
      paths: layer.electron ? [] : [electronBan],
      patterns: [rendererBan, ...layerPatterns(layer, depth, allow)],
    },
  ];
}
const layerConfigs = layers.flatMap((layer) =>
  Array.from({ length: MAX_DEPTH + 1 }, (_, depth) => depth)
    .filter((depth) => filesAt(layer, depth).length > 0)
    .map((depth) => ({
      files: filesAt(layer, depth),
      rules: { 'no-restricted-imports': layerRule(layer, depth) },
    })),
);
const cliHost = layers.find((l) => l.name === 'the CLI host');
// `watchfloor serve` is the serve host's launcher: the one file of one host that imports another.
const serveLauncher = {
  files: ['electron/cli/serve.ts'],
  rules: { 'no-restricted-imports': layerRule(cliHost, 1, ['the serve host']) },
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
      // `import { type A } from 'x'` still runs x (its schemas, in the window's first bundle).
      '@typescript-eslint/no-import-type-side-effects': 'error',
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
          patterns: [rendererBan],
        },
      ],
    },
  },
  // Per layer (after the general rule, which they replace for their files).
  ...layerConfigs,
  serveLauncher,
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
          patterns: rendererBase,
        },
      ],
    },
  },
  // Per floor of the renderer, and per feature (after the general renderer rule, which they replace).
  ...rendererFloorConfigs,
  ...featureConfigs,
);
