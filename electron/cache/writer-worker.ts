// The cache writer's thread (electron/cache/writer.ts): runs each transaction it is sent on its
// own connection, answers, and only then, between transactions, checkpoints a WAL grown past
// 64 MB, so no page's commit pays for a checkpoint.
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { checkpointCache, openWriterConnection } from './index';
import { runCalls, type OpCall } from './writer-ops';

const CHECKPOINT_BYTES = 64 * 1024 * 1024;
const { file } = workerData as { file: string };
const db = openWriterConnection(file);
const port = parentPort!;

function walBytes(): number {
  try {
    return fs.statSync(`${file}-wal`).size;
  } catch {
    return 0;
  }
}

port.on('message', (m: { id: number; calls?: OpCall[]; close?: true }) => {
  if (m.close) {
    checkpointCache(db);
    db.close();
    port.postMessage({ id: m.id, results: [] });
    return;
  }
  try {
    port.postMessage({ id: m.id, results: runCalls(db, m.calls ?? []) });
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    port.postMessage({ id: m.id, error: { name: err.name, message: err.message } });
  }
  // The file size says how far the WAL reached, not how much is unwritten: after a checkpoint
  // the next transaction restarts it from the beginning, so this runs once per 64 MB.
  if (walBytes() > CHECKPOINT_BYTES) checkpointCache(db);
});
