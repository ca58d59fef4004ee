// The demo ships orbital elements and imports them on first run (issue 23): a new user's Passes
// view predicts passes without importing anything. Nothing is re-dated: each set keeps its
// CelesTrak epoch and the snapshot's fetch time, so a pass is stale by the set's true age.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ElementsStatus, PassesPredictResult } from '../../../shared/contract';
import { createAppServices, type AppServices } from '../../../electron/contract/services';
import type { Keychain } from '../../../electron/keychain';
import { DEMO_ELEMENTS_FETCHED_AT, DEMO_ELEMENTS_SOURCE } from '../../../electron/passes/demo-elements';

const noKeychain: Keychain = { get: async () => null, set: async () => undefined, clear: async () => false };

let services: AppServices;
beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wf-demo-elements-'));
  services = createAppServices({
    transport: 'serve',
    dbPath: path.join(dir, 'watchfloor.db'),
    settingsFile: path.join(dir, 'settings.json'),
    keychain: noKeychain,
    env: {},
  });
  const started = await services.dispatch('setup.demo', { profile: 'main' });
  expect(started.ok).toBe(true);
}, 60_000);
afterAll(() => services?.close(), 60_000);

async function call<T>(channel: string, input: unknown = {}): Promise<T> {
  const outcome = await services.dispatch(channel, input);
  if (!outcome.ok) throw new Error(`${channel}: ${outcome.error.message}`);
  return outcome.result as T;
}

describe('the demo’s orbital elements', () => {
  it('are in the demo cache from the start, with their CelesTrak epochs and fetch time', async () => {
    const status = await call<ElementsStatus>('elements.status');
    expect(status.satellites).toBeGreaterThan(200);
    expect(status.newestEpoch).toBe('2026-08-22T17:10:17.056Z');
    expect(status.sources).toEqual([
      { source: DEMO_ELEMENTS_SOURCE, sets: status.sets, fetchedAt: DEMO_ELEMENTS_FETCHED_AT },
    ]);
    const sentinel2 = status.families.find((f) => f.key === 'sentinel-2')!;
    expect(sentinel2.satellites).toBeGreaterThan(0);
  });

  it('predict passes marked stale by the sets’ true age', async () => {
    const r = await call<PassesPredictResult>('passes.predict', {
      lat: 46.48,
      lon: 30.73,
      startDate: '2026-11-20',
      endDate: '2026-11-21',
    });
    expect(r.passes.length).toBeGreaterThan(20);
    // Three months after the epochs: every pass says so, none is made to look fresh.
    for (const pass of r.passes) expect(pass.tle_age_days).toBeGreaterThan(85);
    expect(r.freshness.stale).toBe(true);
  });
});
