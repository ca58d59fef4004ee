// The cache writer: the sync engine's database work runs on a worker thread (node:worker_threads,
// so the Electron main process, `serve` and the CLI share it) on the writer's own connection.
// The thread that answers the window keeps the account's connection for reads, which in WAL mode
// never wait behind the writer's transaction; and no page's commit pays for a checkpoint (a
// checkpointing thread of the writer's own runs them while the writer goes on). docs/cache.md,
// "The writer".
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { runCalls, type OpArgs, type OpCall, type OpName, type OpResult } from './writer-ops';

export type { OpCall } from './writer-ops';

export interface CacheWriter {
  /** Runs the calls in one transaction; resolves with each call's result once committed. */
  tx(calls: readonly OpCall[]): Promise<unknown[]>;
  /** One call in its own transaction (a read sees what the writer has committed). */
  one<K extends OpName>(name: K, ...args: OpArgs<K>): Promise<OpResult<K>>;
  /**
   * Hands calls to the writer to hold, not yet run, under `key` (a group commit: a bulk sync
   * sends each page as it arrives, so no one message carries many pages' structured clone).
   */
  stage(key: string, calls: readonly OpCall[]): void;
  /**
   * Runs every call staged under `key`, in order, in one transaction; resolves with each
   * call's result once committed. If one fails, none of them is stored.
   */
  commitStaged(key: string): Promise<unknown[]>;
  /** Forgets what is staged under `key`, unrun. */
  dropStaged(key: string): void;
  /** Finishes the calls sent, checkpoints and ends the thread. Idempotent. */
  close(): Promise<void>;
}

/** The same calls run on the caller's connection (an in-memory cache, or a test's db). */
export function inlineWriter(db: Database.Database): CacheWriter {
  const tx = (calls: readonly OpCall[]) => {
    try {
      return Promise.resolve(runCalls(db, calls));
    } catch (e) {
      return Promise.reject(e as Error);
    }
  };
  const staged = new Map<string, OpCall[]>();
  return {
    tx,
    one: async (name, ...args) => (await tx([[name, ...args] as unknown as OpCall]))[0] as never,
    stage: (key, calls) => void staged.set(key, [...(staged.get(key) ?? []), ...calls]),
    commitStaged: (key) => {
      const calls = staged.get(key) ?? [];
      staged.delete(key);
      return tx(calls);
    },
    dropStaged: (key) => void staged.delete(key),
    close: () => Promise.resolve(),
  };
}

interface Reply {
  id: number;
  results?: unknown[];
  error?: { name: string; message: string };
}

/**
 * Where the worker's entry is: beside this module when run from source (tsx, vitest), or the
 * bundle `cache-writer.js` beside the built CLI and main (scripts/build-node.mjs).
 */
function workerEntry(): { url: URL; execArgv: string[] } {
  if (import.meta.url.endsWith('.ts'))
    return { url: new URL('./writer-worker.ts', import.meta.url), execArgv: ['--import', 'tsx'] };
  // Packaged, the script is unpacked beside the archive (electron-builder.yml, asarUnpack).
  const url = new URL('./cache-writer.js', import.meta.url).href.replace('/app.asar/', '/app.asar.unpacked/');
  return { url: new URL(url), execArgv: [] };
}

/**
 * A writer on a worker thread for the cache file `db` is open on (already migrated and
 * claimed by openCache). The account's connection hands its checkpoints over to the writer,
 * so a commit on the window's thread never runs one either.
 */
export function workerWriter(
  db: Database.Database,
  opts: {
    /** The most the WAL may reach before the writer checkpoints (64 MB; less for a smaller cache: wal-bound.ts). */
    checkpointBytes?: number;
  } = {},
): CacheWriter {
  if (db.memory) return inlineWriter(db);
  db.pragma('wal_autocheckpoint = 0');
  const { url, execArgv } = workerEntry();
  const worker = new Worker(url, {
    workerData: { file: db.name, checkpointBytes: opts.checkpointBytes ?? 64 * 1024 * 1024 },
    execArgv,
  });
  const pending = new Map<number, { resolve: (r: unknown[]) => void; reject: (e: Error) => void }>();
  let next = 0;
  let failed: Error | null = null;
  // Referenced only while calls are in flight: an idle writer never keeps a process alive.
  worker.unref();
  const settle = (id: number) => {
    const p = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    return p;
  };
  worker.on('message', (m: Reply) => {
    const p = settle(m.id);
    if (!p) return;
    if (m.error) p.reject(Object.assign(new Error(m.error.message), { name: m.error.name }));
    else p.resolve(m.results ?? []);
  });
  const fail = (e: Error) => {
    failed = e;
    for (const [id, p] of [...pending]) {
      settle(id);
      p.reject(e);
    }
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the cache writer stopped (exit ${code})`)));
  const send = (msg: { calls?: readonly OpCall[]; commit?: string; close?: true }) =>
    new Promise<unknown[]>((resolve, reject) => {
      if (failed) return reject(failed);
      const id = next++;
      pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, ...msg });
    });
  let closing: Promise<void> | null = null;
  return {
    tx: (calls) => send({ calls }),
    one: async (name, ...args) => (await send({ calls: [[name, ...args] as unknown as OpCall] }))[0] as never,
    // Staging needs no answer: the commit that follows it in the same queue says how it went.
    stage: (key, calls) => {
      if (!failed) worker.postMessage({ stage: key, calls });
    },
    commitStaged: (key) => send({ commit: key }),
    dropStaged: (key) => {
      if (!failed) worker.postMessage({ drop: key });
    },
    close: () =>
      (closing ??= (async () => {
        if (!failed) await send({ close: true }).catch(() => {});
        await worker.terminate();
        db.pragma('wal_autocheckpoint = 1000');
      })()),
  };
}
