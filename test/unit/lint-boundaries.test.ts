// The runtime boundaries hold by lint, not by memory (style doc: "Runtime boundaries you can see").
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('runtime boundaries', { timeout: 60_000 }, () => {
  it('keeps electron out of services, the CLI and tests', async () => {
    const code = "import { app } from 'electron';\nexport const x = app;\n";
    expect(await restrictedImports('electron/cli/x.ts', code)).toHaveLength(1);
    expect(await restrictedImports('electron/api/x.ts', code)).toHaveLength(1);
    expect(await restrictedImports('test/unit/x.ts', code)).toHaveLength(1);
    // The desktop's trust checks stay pure, so unit tests can load them without Electron.
    expect(await restrictedImports('electron/hosts-common/app-trust.ts', code)).toHaveLength(1);
    // The desktop tests reach Electron only through the stand-in the desktop project aliases.
    expect(await restrictedImports('test/desktop/x.test.ts', code)).toHaveLength(1);
    expect(await restrictedImports('electron/main.ts', code)).toHaveLength(0);
    expect(await restrictedImports('electron/adapters/notify.ts', code)).toHaveLength(0);
  });
  it('keeps Node and the other sides out of shared/', async () => {
    expect(
      await restrictedImports('shared/x.ts', "import fs from 'node:fs';\nexport const x = fs;\n"),
    ).toHaveLength(1);
    expect(
      await restrictedImports('shared/x.ts', "import { y } from '../electron/api/y';\nexport const x = y;\n"),
    ).toHaveLength(1);
    expect(
      await restrictedImports('shared/x.ts', "import { z } from 'zod';\nexport const x = z;\n"),
    ).toHaveLength(0);
  });
  it('keeps the renderer on its side of the contract', async () => {
    const fromMain = "import { y } from '../../electron/cache/y';\nexport const x = y;\n";
    expect(await restrictedImports('renderer/src/x.ts', fromMain)).toHaveLength(1);
    expect(
      await restrictedImports('renderer/src/x.ts', "import p from 'node:path';\nexport const x = p;\n"),
    ).toHaveLength(1);
    expect(
      await restrictedImports(
        'renderer/src/x.ts',
        "import { q } from '../../shared/q';\nexport const x = q;\n",
      ),
    ).toHaveLength(0);
  });
});

/** One import of `from` in a file at `file`: [file, from, how many restricted-import errors]. */
type Case = [file: string, from: string, errors: 0 | 1];
const snippet = (from: string) => `import { y } from '${from}';\nexport const x = y;\n`;

describe(
  'layers of the Node side (api → cache → sync/outbox/passes → runtime → account → contract → hosts)',
  { timeout: 60_000 },
  () => {
    const lowerImportsHigher: Case[] = [
      ['electron/api/x.ts', '../cache', 1],
      ['electron/cache/x.ts', '../sync/index', 1],
      ['electron/cache/migrations/x.ts', '../../outbox/outbox', 1],
      ['electron/cache/x.ts', '../passes/elements', 1],
      ['electron/outbox/x.ts', '../runtime/sync-runtime', 1],
      ['electron/runtime/x.ts', '../account', 1],
      ['electron/runtime/x.ts', '../contract/dispatch', 1],
      ['electron/account/x.ts', '../contract/services', 1],
      ['electron/contract/x.ts', '../hosts-common/renderer-files', 1],
      ['electron/contract/x.ts', '../serve/server', 1],
      ['electron/hosts-common/x.ts', '../cli/program', 1],
      ['electron/notify/x.ts', '../cache', 1],
      ['electron/scheduler/x.ts', '../runtime/link', 1],
      ['electron/settings.ts', './cache', 1],
      ['electron/paths.ts', './contract/services', 1],
    ];
    const peers: Case[] = [
      ['electron/sync/x.ts', '../outbox/outbox', 1],
      ['electron/passes/x.ts', '../sync', 1],
      ['electron/api/x.ts', '../keychain', 1],
      ['electron/keychain/x.ts', '../settings', 1],
    ];
    const demo: Case[] = [
      ['electron/demo/x.ts', '../api', 1],
      ['electron/demo/x.ts', '../cache/meta', 1],
      ['electron/api/x.ts', '../demo', 1],
      ['electron/runtime/x.ts', '../demo/session', 1],
      ['electron/demo/x.ts', '../../shared/bbox', 0],
      ['electron/account/x.ts', '../demo/session', 0],
    ];
    const hosts: Case[] = [
      ['electron/main.ts', './serve/server', 1],
      ['electron/main.ts', './cli/program', 1],
      ['electron/adapters/x.ts', '../cli/errors', 1],
      ['electron/serve/x.ts', '../cli/errors', 1],
      ['electron/serve/x.ts', '../main', 1],
      ['electron/serve/x.ts', '../adapters/notifier', 1],
      ['electron/cli/x.ts', '../serve/server', 1],
      ['electron/cli/x.ts', '../preload', 1],
      ['electron/cli.ts', './serve/server', 1],
      // `watchfloor serve` launches the serve host: the one allowed crossing.
      ['electron/cli/serve.ts', '../serve/server', 0],
      ['electron/cli/serve.ts', '../main', 1],
    ];
    const allowed: Case[] = [
      ['electron/cache/x.ts', '../api', 0],
      ['electron/sync/x.ts', '../cache', 0],
      ['electron/runtime/x.ts', '../scheduler/scheduler', 0],
      ['electron/runtime/x.ts', '../notify/diff', 0],
      ['electron/account/x.ts', '../runtime/sync-runtime', 0],
      ['electron/contract/x.ts', '../account', 0],
      ['electron/hosts-common/x.ts', '../contract/services', 0],
      ['electron/main.ts', './hosts-common/renderer-files', 0],
      ['electron/serve/x.ts', '../hosts-common/renderer-files', 0],
      ['electron/cli/x.ts', '../passes/store', 0],
      ['electron/cli/x.ts', '../paths', 0],
      // A folder of the same name inside a layer is that layer's own file, not the other layer.
      ['electron/cache/migrations/x.ts', '../outbox', 0],
      ['electron/sync/x.ts', './account', 0],
    ];

    it.each([...lowerImportsHigher, ...peers, ...demo, ...hosts, ...allowed])(
      '%s importing %s: %i error(s)',
      async (file, from, errors) => {
        const messages = await restrictedImports(file, snippet(from));
        expect(messages).toHaveLength(errors);
        if (errors) expect(messages[0]).toMatch(/may not import|imports only shared/);
      },
    );

    it('keeps electron out of every layer but the Electron host', async () => {
      const code = "import { app } from 'electron';\nexport const x = app;\n";
      for (const file of ['electron/account/x.ts', 'electron/hosts-common/x.ts', 'electron/serve/x.ts'])
        expect(await restrictedImports(file, code), file).toHaveLength(1);
      expect(await restrictedImports('electron/preload.ts', code)).toHaveLength(0);
    });
  },
);

describe(
  'floors of the renderer (data → state → ui → map → tools-common → features → app); a feature imports no other',
  { timeout: 60_000 },
  () => {
    const featureImportsFeature: Case[] = [
      ['renderer/src/features/watches/x.tsx', '../notes/watch-notes', 1],
      ['renderer/src/features/inspector/x.tsx', '../refine/refine-location', 1],
      ['renderer/src/features/orders/sub/x.tsx', '../order-lines', 0],
      ['renderer/src/features/orders/sub/x.tsx', '../../watches/buckets', 1],
      ['renderer/src/features/hotspots/x.tsx', '../export', 1],
      ['renderer/src/features/hotspots/x.tsx', '../../app/slots', 1],
      ['renderer/src/features/hotspots/x.tsx', '../../features/terrain/terrain-state', 1],
    ];
    const platformImportsFeature: Case[] = [
      ['renderer/src/map/x.tsx', '../features/hotspots/hotspots-on-map', 1],
      ['renderer/src/map/box-tool/x.tsx', '../../features/export/export-dialog', 1],
      ['renderer/src/map/x.tsx', '../app/slots', 1],
      ['renderer/src/map/x.tsx', '../tools-common/run-bar', 1],
      ['renderer/src/tools-common/x.tsx', '../features/claims/claims-view', 1],
      ['renderer/src/tools-common/x.tsx', '../app/slots', 1],
      ['renderer/src/ui/x.tsx', '../map/palette', 1],
      ['renderer/src/ui/x.tsx', '../features/inspector/thread-dialog', 1],
      ['renderer/src/state/x.ts', '../features/imagery/imagery-state', 1],
      ['renderer/src/state/x.ts', '../ui/fields', 1],
      ['renderer/src/data/x.ts', '../state/selection', 1],
    ];
    const allowed: Case[] = [
      ['renderer/src/features/hotspots/x.tsx', './hotspots-state', 0],
      ['renderer/src/features/hotspots/x.tsx', '../../map/slots', 0],
      ['renderer/src/features/hotspots/x.tsx', '../../tools-common/run-bar', 0],
      ['renderer/src/features/hotspots/x.tsx', '../../ui/slots', 0],
      ['renderer/src/features/hotspots/x.tsx', '../../state/selection', 0],
      ['renderer/src/features/hotspots/x.tsx', '../../data', 0],
      ['renderer/src/features/hotspots/x.tsx', '../../../../shared/contract', 0],
      ['renderer/src/map/x.tsx', '../ui/slots', 0],
      ['renderer/src/map/layers/x.ts', '../../state/view-state', 0],
      ['renderer/src/tools-common/x.tsx', '../data', 0],
      ['renderer/src/tools-common/x.tsx', '../map/view-area', 0],
      ['renderer/src/app/x.tsx', '../features/hotspots/hotspots-on-map', 0],
      ['renderer/src/app/x.tsx', '../map/map-view', 0],
    ];
    it.each([...featureImportsFeature, ...platformImportsFeature, ...allowed])(
      '%s importing %s: %i error(s)',
      async (file, from, errors) => {
        const messages = await restrictedImports(file, snippet(from));
        expect(messages).toHaveLength(errors);
        if (errors) expect(messages[0]).toMatch(/may not import/);
      },
    );

    it('still keeps Node and electron out of every floor', async () => {
      const code = "import p from 'node:path';\nexport const x = p;\n";
      for (const file of [
        'renderer/src/features/hotspots/x.ts',
        'renderer/src/map/x.ts',
        'renderer/src/ui/x.ts',
      ])
        expect(await restrictedImports(file, code), file).toHaveLength(1);
    });
  },
);
