// The app's life as Electron runs it: one instance, a second launch bringing the window
// forward, and a quit that ends the sync, the cache writer's thread and the cache connection
// before the process ends (Electron ends it as soon as the before-quit handlers return).
import { existsSync } from 'node:fs';
import type * as WorkerThreads from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startDemoService, type DemoService } from '../../electron/demo';
import { DEMO_NOW } from '../helpers/demo';
import { launchApp, until, type LaunchedApp } from './launch';

// Every cache connection main's thread opens and every worker thread it starts, to read their
// state at the instant the process ends.
const opened = vi.hoisted(() => ({
  dbs: [] as { name: string; readonly open: boolean }[],
  workers: [] as { exited: boolean }[],
}));
vi.mock('better-sqlite3', async (importOriginal) => {
  const real = (await importOriginal<{ default: new (...a: unknown[]) => object }>()).default;
  const Tracked = new Proxy(real, {
    construct(target, args, newTarget) {
      const db = Reflect.construct(target, args, newTarget) as { name: string; open: boolean };
      opened.dbs.push(db);
      return db;
    },
  });
  return { default: Tracked };
});
vi.mock('node:worker_threads', async (importOriginal) => {
  const real = await importOriginal<typeof WorkerThreads>();
  const Worker = new Proxy(real.Worker, {
    construct(target, args, newTarget) {
      const worker = Reflect.construct(target, args, newTarget) as InstanceType<typeof real.Worker>;
      const record = { exited: false };
      worker.once('exit', () => (record.exited = true));
      opened.workers.push(record);
      return worker;
    },
  });
  return { ...real, Worker, default: { ...real, Worker } };
});

let app: LaunchedApp | undefined;
let service: DemoService | undefined;
afterEach(async () => {
  await app?.close();
  await service?.close();
  app = undefined;
  service = undefined;
});

describe('a single instance', () => {
  it('quits at once, with no window and no cache, when another instance holds the lock', async () => {
    app = await launchApp({ singleInstanceLock: false });
    expect(await app.h.exited).toBe(0);
    expect(app.h.windows()).toEqual([]);
    expect(existsSync(app.dbPath)).toBe(false);
  });

  it('brings the window forward when the app is launched again: restored, shown, focused', async () => {
    app = await launchApp();
    const win = app.win();
    win.minimize();
    expect(win.isMinimized()).toBe(true);
    expect(win.isFocused()).toBe(false);
    app.h.secondInstance();
    expect(win.isMinimized()).toBe(false);
    expect(win.isVisible()).toBe(true);
    expect(win.isFocused()).toBe(true);
    // Still one window, still answering.
    expect(app.h.windows()).toHaveLength(1);
    await expect(app.bridge()['app.info']({})).resolves.toMatchObject({ transport: 'electron' });
  });

  it('opens a window again when activated with none (macOS dock)', async () => {
    app = await launchApp();
    // On macOS closing the last window keeps the app; elsewhere it quits (the next test).
    const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
    Object.defineProperty(process, 'platform', { value: 'darwin' });
    try {
      app.win().close();
      expect(app.h.windows()).toHaveLength(0);
      expect(app.h.exitCode()).toBeNull();
      app.h.activate();
      expect(app.h.windows()).toHaveLength(1);
      await until(
        'the new window to load',
        () => app!.h.mainWorld(app!.win().webContents.mainFrame).watchfloor,
      );
      await expect(app.bridge()['app.info']({})).resolves.toMatchObject({ transport: 'electron' });
    } finally {
      Object.defineProperty(process, 'platform', platform);
    }
  });
});

describe('quit', () => {
  async function syncing(): Promise<LaunchedApp> {
    // A slow link: the first sync is still running when the analyst quits.
    service = await startDemoService({
      profile: 'alternate',
      now: DEMO_NOW,
      signalsPerDay: 20,
      faults: { latencyMs: 150 },
    });
    opened.dbs.length = 0;
    opened.workers.length = 0;
    const launched = await launchApp({ service });
    await until('the sync’s writer thread to start', () => opened.workers.length > 0);
    return launched;
  }

  /** What is still open at the instant the process ends. */
  function atExit(a: LaunchedApp) {
    const seen: { openDbs: string[]; runningWorkers: number }[] = [];
    a.h.onExit(() =>
      seen.push({
        openDbs: opened.dbs.filter((d) => d.open).map((d) => d.name),
        runningWorkers: opened.workers.filter((w) => !w.exited).length,
      }),
    );
    return seen;
  }

  it('closes the cache and ends the writer thread before the process ends (File › Quit)', async () => {
    app = await syncing();
    expect(opened.dbs.some((d) => d.open)).toBe(true);
    const seen = atExit(app);
    expect(await app.quit()).toBe(0);
    expect(seen).toEqual([{ openDbs: [], runningWorkers: 0 }]);
    // The cache file is whole on disk: its last connection closed, so SQLite folded the WAL in.
    const cache = opened.dbs[0]!.name;
    expect(existsSync(cache)).toBe(true);
    expect(existsSync(`${cache}-wal`)).toBe(false);
  });

  it('does the same when the last window closes (Linux, Windows)', async () => {
    app = await syncing();
    const seen = atExit(app);
    app.win().close();
    expect(await app.h.exited).toBe(0);
    expect(seen).toEqual([{ openDbs: [], runningWorkers: 0 }]);
  });
});
