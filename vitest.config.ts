import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Test runs keep their HOME / TMPDIR caches inside the checkout's ignored .tmp/.
export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    reporters: ['default', './test/summary-reporter.ts'],
    // Both cores (the default leaves one idle on a two-core machine): unit, integration,
    // renderer and desktop files two at a time; the e2e files still one at a time (below).
    maxWorkers: 2,
    projects: [
      {
        // Some unit tests build thousands of rows or propagate whole catalogues: seconds on a quiet
        // machine, more on a loaded one; a timeout is a limit on a hang, not a speed target.
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node', testTimeout: 30_000 },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          // The built-in demo these tests start through the command line (`--demo`) is the same
          // world on any day: seed 1 from the instant the in-process demos use
          // (test/helpers/demo.ts DEMO_NOW; electron/demo/session.ts).
          // The world stands still (WATCHFLOOR_DEMO_PACE 0): a test moves it when it means to.
          env: {
            WATCHFLOOR_DEMO_SEED: '1',
            WATCHFLOOR_DEMO_NOW: '2026-11-20T12:00:00Z',
            WATCHFLOOR_DEMO_PACE: '0',
          },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          // The world runs on the machine's clock but stands still unless a test asks it to move
          // (test/e2e/demo-first-minutes.test.ts sets its own WATCHFLOOR_DEMO_PACE).
          env: { WATCHFLOOR_DEMO_PACE: '0' },
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        // The real electron/main.ts and preload.ts against a stand-in for the `electron` module
        // (test/desktop/stand-in/electron.ts): an alias of this project only, never shipped.
        resolve: {
          alias: [
            {
              find: /^electron$/,
              replacement: fileURLToPath(new URL('./test/desktop/stand-in/electron.ts', import.meta.url)),
            },
          ],
        },
        test: {
          name: 'desktop',
          include: ['test/desktop/**/*.test.ts'],
          environment: 'node',
          env: { WATCHFLOOR_DEMO_PACE: '0' },
          globalSetup: ['test/desktop/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The window's components against a fake of the typed contract client.
        test: {
          name: 'renderer',
          include: ['test/renderer/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['test/renderer/setup.tsx'],
          // Above Testing Library's 5 s wait (setup.tsx), so a slow find fails as itself.
          testTimeout: 15_000,
        },
      },
      {
        // Only under scripts/with-keyring.sh (a real gnome-keyring in a private D-Bus session).
        test: {
          name: 'keychain',
          include: ['test/keychain/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
    ],
  },
});
