// Builds the Node side (CLI, Electron main, preload) with esbuild. Runs on `npm install`
// (prepare) so that `npx watchfloor` works in a fresh clone. Native modules and electron
// stay external; the preload is CommonJS because sandboxed preloads cannot be ESM.
import { build } from 'esbuild';

const external = ['electron', 'better-sqlite3', 'keytar', 'playwright-core'];
const common = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  sourcemap: true,
  external,
  logLevel: 'warning',
};
const esmBanner = {
  js: "import { createRequire as __wfCreateRequire } from 'node:module'; const require = __wfCreateRequire(import.meta.url);",
};

await Promise.all([
  build({
    ...common,
    entryPoints: {
      cli: 'electron/cli.ts',
      main: 'electron/main.ts',
      // The cache writer's thread (electron/cache/writer.ts looks for it beside cli.js and main.js).
      'cache-writer': 'electron/cache/writer-worker.ts',
    },
    outdir: 'dist/electron',
    format: 'esm',
    banner: esmBanner,
  }),
  build({
    ...common,
    entryPoints: { preload: 'electron/preload.ts' },
    outdir: 'dist/electron',
    format: 'cjs',
    outExtension: { '.js': '.cjs' },
  }),
]);
