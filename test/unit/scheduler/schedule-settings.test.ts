// What the analyst sets for background sync (minutes between runs, tokens per day) outlives
// the launch, and the next launch's scheduler runs on it — not on the defaults.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SyncStatusResult } from '../../../shared/contract';
import { createAppServices, type AppServices } from '../../../electron/contract/services';
import { startDemoService, type DemoService } from '../../../electron/demo';
import { readSettings } from '../../../electron/settings';
import { DEMO_KEY, DEMO_NOW } from '../../helpers/demo';

let demo: DemoService;
let dir: string;
const launched: AppServices[] = [];

/** One launch of a host: its services, then the remembered service connected (as hosts do). */
async function launch(): Promise<AppServices> {
  const settingsFile = path.join(dir, 'settings.json');
  const services = createAppServices({
    transport: 'serve',
    dbPath: path.join(dir, 'watchfloor.db'),
    settingsFile,
    env: { WATCHFLOOR_API_KEY: DEMO_KEY },
  });
  launched.push(services);
  const remembered = readSettings(settingsFile);
  await services.accounts.connect(remembered.baseUrl ?? demo.url, remembered.profile);
  return services;
}

async function call<T>(services: AppServices, channel: string, input: unknown = {}): Promise<T> {
  const outcome = await services.dispatch(channel, input);
  if (!outcome.ok) throw new Error(`${channel}: ${outcome.error.message}`);
  return outcome.result as T;
}

const minutesBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 60_000;

beforeAll(async () => {
  demo = await startDemoService({ profile: 'main', now: DEMO_NOW, signalsPerDay: 3 });
  dir = mkdtempSync(path.join(os.tmpdir(), 'wf-schedule-'));
}, 60_000);
afterAll(async () => {
  await Promise.all(launched.map((s) => s.close()));
  await demo?.close();
}, 60_000);

describe('the sync schedule', { timeout: 60_000 }, () => {
  it('sync.configure is remembered, and the next launch schedules by it', async () => {
    const first = await launch();
    await call(first, 'sync.now');
    await call(first, 'sync.configure', { intervalMinutes: 90, dailyTokenBudget: 0 });
    await first.close();
    expect(readSettings(path.join(dir, 'settings.json'))).toMatchObject({
      baseUrl: demo.url,
      intervalMinutes: 90,
      dailyTokenBudget: 0,
    });

    // A budget of 0: the new launch spends nothing, and waits for the next UTC day.
    const requestsBefore = demo.requests.length;
    const second = await launch();
    const waiting = await call<SyncStatusResult>(second, 'sync.status');
    expect(waiting.lastRunAt).toBeNull();
    const nextDay = new Date();
    nextDay.setUTCHours(24, 0, 1, 0);
    expect(Math.abs(Date.parse(waiting.nextRunAt!) - nextDay.getTime())).toBeLessThan(5_000);
    expect((await call<SyncStatusResult>(second, 'sync.now')).lastRunAt).toBeNull();
    expect(demo.requests.length).toBe(requestsBefore);

    // With tokens to spend, a run happens and the next one is 90 minutes later, not 15.
    await call(second, 'sync.configure', { dailyTokenBudget: 100_000 });
    const ran = await call<SyncStatusResult>(second, 'sync.now');
    expect(ran.lastOutcome?.complete).toBe(true);
    expect(minutesBetween(ran.lastRunAt!, ran.nextRunAt!)).toBeCloseTo(90, 1);
    expect(demo.requests.length).toBeGreaterThan(requestsBefore);
  });

  /** The last launch's account swapped to the demo at a pace, and its status after a run. */
  async function demoRunAt(pace: string): Promise<{ services: AppServices; status: SyncStatusResult }> {
    const services = launched.at(-1)!;
    vi.stubEnv('WATCHFLOOR_DEMO_PACE', pace);
    try {
      await services.accounts.demo('main');
    } finally {
      vi.unstubAllEnvs();
    }
    return { services, status: await call<SyncStatusResult>(services, 'sync.now') };
  }

  it('a swap to another account keeps the schedule', async () => {
    const { status } = await demoRunAt('0'); // a demo world that stands still
    expect(minutesBetween(status.lastRunAt!, status.nextRunAt!)).toBeCloseTo(90, 1);
  });

  it('a demo whose world moves syncs as often as it moves (every 2 minutes), the analyst’s schedule kept', async () => {
    const { services, status } = await demoRunAt('120');
    expect(minutesBetween(status.lastRunAt!, status.nextRunAt!)).toBeCloseTo(2, 1);
    expect(services.accounts.schedule().intervalMinutes).toBe(90);
  });

  it('a demo world quicker than a minute (tests’ WATCHFLOOR_DEMO_PACE=5) syncs at its pace, not a minute later', async () => {
    const { services, status } = await demoRunAt('5');
    const seconds = minutesBetween(status.lastRunAt!, status.nextRunAt!) * 60;
    expect(seconds).toBeGreaterThanOrEqual(5);
    expect(seconds).toBeLessThan(30);
    expect(services.accounts.schedule().intervalMinutes).toBe(90);
  });
});
