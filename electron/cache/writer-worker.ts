// The cache writer's thread (electron/cache/writer.ts): runs each transaction it is sent on its
// own connection and answers. Checkpoints are never paid on its path: once the WAL has grown
// past its bound (half the cache, 4 to 64 MB: wal-bound.ts) it asks a checkpointing thread of its own (the same script, role "checkpointer",
// with a connection of its own) for a PASSIVE checkpoint and goes on writing. A checkpoint that
// ends while the writer is between transactions lets the next one restart the WAL; one that
// ends mid-transaction is asked for again after the next page. On close the writer waits for
// the checkpointer, then checkpoints what is left itself.
import fs from 'node:fs';
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { checkpointCache, openWriterConnection } from './index';
import { runCalls, type OpCall } from './writer-ops';
import { diskFullMessage, isDiskFull, walBound } from './wal-bound';

const { file, role, checkpointBytes } = workerData as {
  file: string;
  role?: 'checkpointer';
  checkpointBytes: number;
};
const port = parentPort!;

if (role === 'checkpointer') {
  const db = openWriterConnection(file);
  port.on('message', (m: 'checkpoint' | 'close') => {
    if (m === 'close') {
      db.close();
      port.postMessage('closed');
      return;
    }
    try {
      checkpointCache(db);
    } catch {
      // Busy or interrupted: the writer asks again once the WAL has grown further.
    }
    port.postMessage('done');
  });
} else {
  const db = openWriterConnection(file);
  const walBytes = (): number => {
    try {
      return fs.statSync(`${file}-wal`).size;
    } catch {
      return 0;
    }
  };
  const fromSource = import.meta.url.endsWith('.ts');
  let checkpointer: Worker | null = null;
  let busy = false;
  let idle: (() => void) | null = null;
  const startCheckpointer = (): Worker => {
    const w = new Worker(new URL(import.meta.url), {
      workerData: { file, role: 'checkpointer' },
      execArgv: fromSource ? ['--import', 'tsx'] : [],
    });
    w.on('message', (m: string) => {
      if (m !== 'done') return;
      busy = false;
      idle?.();
    });
    // A checkpointer that fails leaves the writer to checkpoint as it did before.
    w.on('error', () => ((checkpointer = null), (busy = false), idle?.()));
    return w;
  };
  const askCheckpoint = () => {
    if (busy) return;
    try {
      checkpointer ??= startCheckpointer();
    } catch {
      checkpointCache(db);
      return;
    }
    busy = true;
    checkpointer.postMessage('checkpoint');
  };
  const checkpointerIdle = () =>
    busy ? new Promise<void>((resolve) => (idle = () => ((idle = null), resolve()))) : Promise.resolve();

  // Calls held for a group commit (CacheWriter.stage), by key, run only when committed.
  const staged = new Map<string, OpCall[]>();
  port.on(
    'message',
    (m: { id: number; calls?: OpCall[]; stage?: string; commit?: string; drop?: string; close?: true }) => {
      if (m.stage !== undefined) {
        const held = staged.get(m.stage);
        if (held) held.push(...(m.calls ?? []));
        else staged.set(m.stage, [...(m.calls ?? [])]);
        return;
      }
      if (m.drop !== undefined) {
        staged.delete(m.drop);
        return;
      }
      if (m.close) {
        void checkpointerIdle().then(async () => {
          if (checkpointer) await checkpointer.terminate();
          checkpointCache(db);
          db.close();
          port.postMessage({ id: m.id, results: [] });
        });
        return;
      }
      let calls = m.calls ?? [];
      if (m.commit !== undefined) {
        calls = staged.get(m.commit) ?? [];
        staged.delete(m.commit);
      }
      try {
        port.postMessage({ id: m.id, results: runCalls(db, calls) });
      } catch (e) {
        const err = e instanceof Error ? e : new Error(String(e));
        // A full disk is said with what the sync needs, so the analyst knows what to free.
        const error = isDiskFull(e)
          ? { name: 'DiskFullError', message: diskFullMessage(file, checkpointBytes) }
          : { name: err.name, message: err.message };
        port.postMessage({ id: m.id, error });
      }
      // The file size says how far the WAL reached, not how much is unwritten: after a complete
      // checkpoint the next transaction restarts it from the beginning.
      const bound = walBound(file, checkpointBytes);
      const wal = walBytes();
      if (wal > 2 * bound) {
        // Writes outran the checkpointing thread (many small pages in a row): the writer
        // checkpoints itself, so the WAL stays within twice its bound and a transaction.
        try {
          checkpointCache(db);
        } catch {
          // Busy (the checkpointer is at it): asked again after the next transaction.
        }
      } else if (wal > bound) askCheckpoint();
    },
  );
}
