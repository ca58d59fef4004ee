// The serve side of bench/window.ts, in its own process as under `watchfloor serve` (the
// window is another process): the signals.points row over a cache file, on loopback HTTP.
// Prints one line of JSON {origin, secret} when listening.
import { openCacheReadOnly, querySignalPoints } from '../electron/cache/index';
import { createDispatcher, type Handlers } from '../electron/contract/dispatch';
import { createPushBus } from '../electron/runtime/push-bus';
import { startServe } from '../electron/serve/server';

const [file, staticDir] = process.argv.slice(2);
if (!file || !staticDir) throw new Error('usage: window-serve.ts CACHE_FILE STATIC_DIR');
const db = openCacheReadOnly(file);
// The points row alone: the rest of the contract is not needed to measure it.
const handlers = {
  'signals.points': (f: Parameters<typeof querySignalPoints>[1]) => ({
    ...querySignalPoints(db, f),
    asOf: null,
  }),
} as unknown as Handlers;
const serve = await startServe({ dispatch: createDispatcher(handlers), bus: createPushBus(), staticDir });
process.stdout.write(`${JSON.stringify({ origin: serve.origin, secret: serve.secret })}\n`);
process.once('SIGTERM', () => void serve.close().then(() => (db.close(), process.exit(0))));
