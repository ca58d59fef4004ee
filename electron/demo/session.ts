// Demo mode (`serve --demo`, and the desktop app's first-run choice): the built-in demo
// service on 127.0.0.1 with its own cache file, so demo data never mixes with an account's.
// Everything shown is marked as demo (app.info mode 'demo'). The demo key is the demo
// service's own, not an analyst's secret.
import path from 'node:path';
import { startDemoService, type DemoService, type Profile } from './index';

export const DEMO_API_KEY = 'demo-key';

/** The demo cache sits beside the real one: watchfloor.db → watchfloor-demo.db. */
export const demoDbPath = (dbPath: string) =>
  path.join(path.dirname(dbPath), `${path.basename(dbPath, '.db')}-demo.db`);

/**
 * The demo world is a function of a seed and a clock (electron/demo/world.ts). By default it
 * is seed 1 on the machine's clock, as a live service would be. For reproducible demos and
 * tests, `$WATCHFLOOR_DEMO_SEED` picks the seed and `$WATCHFLOOR_DEMO_NOW` (ISO 8601) the
 * instant the world's clock starts from; it then runs on in real time, so the world still
 * advances while the window is open. A value that does not parse is refused, not ignored.
 */
export function demoWorldOptions(env: NodeJS.ProcessEnv = process.env): { seed: number; now?: () => Date } {
  const seedText = env.WATCHFLOOR_DEMO_SEED;
  const seed = seedText ? Number(seedText) : 1;
  if (!Number.isInteger(seed) || seed < 1)
    throw new Error(`WATCHFLOOR_DEMO_SEED must be a whole number from 1, got "${seedText}"`);
  const nowText = env.WATCHFLOOR_DEMO_NOW;
  if (!nowText) return { seed };
  const start = Date.parse(nowText);
  if (Number.isNaN(start)) throw new Error(`WATCHFLOOR_DEMO_NOW is not a date: "${nowText}"`);
  const began = Date.now();
  return { seed, now: () => new Date(start + (Date.now() - began)) };
}

/** Seconds between the live world's steps by default: a revision in 4 minutes, a fired order in 6. */
export const DEMO_PACE_SECONDS = 120;

/**
 * How fast the demo world moves while it runs (electron/demo/live.ts): a step every
 * `$WATCHFLOOR_DEMO_PACE` seconds (default 120; smaller for tests, 0 for a world that stands
 * still). Returns the step in ms, or null for a still world.
 */
export function demoPaceMs(env: NodeJS.ProcessEnv = process.env): number | null {
  const text = env.WATCHFLOOR_DEMO_PACE;
  const seconds = text === undefined || text === '' ? DEMO_PACE_SECONDS : Number(text);
  if (!Number.isFinite(seconds) || seconds < 0)
    throw new Error(`WATCHFLOOR_DEMO_PACE must be a number of seconds (0 for a still world), got "${text}"`);
  return seconds === 0 ? null : Math.round(seconds * 1000);
}

export function startDemo(profile: Profile, env: NodeJS.ProcessEnv = process.env): Promise<DemoService> {
  const everyMs = demoPaceMs(env);
  return startDemoService({
    profile,
    signalsPerDay: 40,
    ...demoWorldOptions(env),
    ...(everyMs ? { live: { everyMs } } : {}),
  });
}
