// The bench's stand-in for the service: builds each page of synthetic signals on its own
// thread and sends it as JSON text, so the main thread does what it does in a sync (parse a
// response, hand the page to the writer) and nothing the bench alone needs.
import { parentPort, workerData } from 'node:worker_threads';
import { makeSignal, makeWorld } from './cache';

const { n, page } = workerData as { n: number; page: number };
const world = makeWorld();
let done = 0;
parentPort!.on('message', () => {
  const size = Math.min(page, n - done);
  const signals = Array.from({ length: size }, (_, i) => makeSignal(world, (done + i) / n));
  done += size;
  parentPort!.postMessage(JSON.stringify(signals));
});
