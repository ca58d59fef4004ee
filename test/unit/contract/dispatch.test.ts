import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { capabilities, channels, pushEventNames } from '../../../shared/contract';
import { buildBridge, PUSH_PREFIX, type IpcLike } from '../../../electron/contract/bridge';
import { createAppServices, type AppServices } from '../../../electron/contract/services';
import type { Keychain } from '../../../electron/keychain';

const memoryKeychain = (): Keychain => {
  const store = new Map<string, string>();
  return {
    get: async (u) => store.get(u) ?? null,
    set: async (u, k) => void store.set(u, k),
    clear: async (u) => store.delete(u),
  };
};

const opened: AppServices[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});
// No network: a call that would leave the machine fails at once, as on a cut link.
const noNetwork: typeof fetch = () => Promise.reject(new TypeError('fetch failed: ECONNREFUSED'));
const services = () => {
  const s = createAppServices({
    transport: 'serve',
    keychain: memoryKeychain(),
    env: {},
    dbPath: path.join(mkdtempSync(path.join(os.tmpdir(), 'wf-dispatch-')), 'cache.db'),
    settingsFile: null,
    fetch: noNetwork,
  });
  opened.push(s);
  return s;
};

// Inputs no row accepts: wrong types, extra keys, prototype tricks, huge strings.
const malformed: unknown[] = [
  'text',
  42,
  [],
  { unexpected: true },
  { __proto__: { polluted: true }, x: 1 },
  { baseUrl: 'javascript:alert(1)', key: 'abcdefgh' },
  { url: 'file:///etc/passwd' },
  { limit: -1 },
  { limit: 'x'.repeat(100_000) },
];

describe('contract dispatcher', { timeout: 30_000 }, () => {
  it('answers every row of the table with a valid input', async () => {
    const { dispatch } = services();
    const valid: Record<string, unknown> = {
      'key.set': { baseUrl: 'https://svc.example', key: 'abcdefgh1234' },
      'external.open': { url: 'https://example.org/a' },
    };
    // Rows that need a configured service answer, before one is configured, with an error
    // that says so (the outbox and sync rows are exercised through serve in integration).
    // The cache reads too: with no service there is no cache to read.
    const needsService =
      /^(sync\.now|sync\.configure|events\.|notes\.|localNotes\.|watches\.|orders\.|monitoring\.|outbox\.|signals\.|developments\.|measured\.|transit\.|brief\.|packages\.|passes\.|elements\.|reports\.|tools\.)/;
    // Rows that connect somewhere (and so configure a service) are tested in accounts.test.ts.
    const connects = /^(setup\.|key\.set$|key\.clear$)/;
    Object.assign(valid, {
      'notes.add': { watchId: 'w-1', note: 'Smoke over the depot.' },
      'notes.edit': { localId: 'local:n-1', note: 'Smoke over the depot, seen twice.' },
      'notes.delete': { watchId: 'w-1', noteId: 'n-1' },
      'localNotes.list': { subjectId: 'sig-1' },
      'localNotes.add': { subjectId: 'sig-1', note: 'Smoke over the depot.', confidence: 'low' },
      'localNotes.delete': { noteId: 'local-note:1' },
      'watches.create': { target_type: 'area', bbox: [30, 46, 31, 47] },
      'watches.update': { watchId: 'w-1', status: 'paused' },
      'watches.delete': { watchId: 'w-1' },
      'orders.create': { bbox: [30, 46, 31, 47] },
      'orders.setActive': { orderId: 'o-1', active: false },
      'orders.delete': { orderId: 'o-1' },
      'monitoring.create': { bbox: [30.6, 46.4, 30.8, 46.5], metric: 'ships' },
      'outbox.retry': { localId: 'local:x' },
      'outbox.edit': { localId: 'local:x', payload: {} },
      'outbox.discard': { localId: 'local:x' },
      'setup.connect': { baseUrl: 'https://svc.example', profile: 'main', key: 'abcdefgh1234' },
      'setup.demo': { profile: 'alternate' },
      'events.thread': { eventId: 1000001 },
      'signals.get': { id: 'sig-1' },
      'measured.list': { kind: 'thermal' },
      'watches.get': { watchId: 'w-1' },
      'orders.fired': { orderId: 'o-1' },
      'monitoring.series': { areaId: 'a-1' },
      'packages.revisions': { watchId: 'w-1' },
      'packages.get': { watchId: 'w-1' },
      'passes.predict': { lat: 0, lon: 0 },
      'passes.track': { noradId: 1, peak: '2026-01-01T00:00:00Z' },
      'passes.soonest': { places: [] },
      'elements.import': {
        name: 's1a.tle',
        text: [
          'SENTINEL-1A',
          '1 39634U 14016A   25276.63618895  .00000517  00000+0  11940-3 0  9995',
          '2 39634  98.1825 282.8981 0001354  89.5901 270.5454 14.59199718612609',
        ].join('\n'),
      },
      'link.report': { online: true },
      'tools.run': {
        tool: 'imagery',
        params: {
          bbox: [30, 46, 31, 47],
          collection: 'sentinel-1-grd',
          start_date: '2026-11-01',
          end_date: '2026-11-20',
          event_date: '2026-11-10',
          event_point: [30.5, 46.5],
          cloud_cover_max: 30,
        },
      },
      'tools.history': { tool: 'imagery', limit: 20 },
      'tools.answer': { id: 'tool:1' },
      'tools.configure': { confirmAbove: 20 },
      'reports.export': {
        scope: { kind: 'view', bbox: [30, 46, 31, 47], filter: { categories: ['conflict'] } },
        format: 'geojson',
        startDate: '2026-01-01',
      },
    });
    for (const channel of channels) {
      if (connects.test(channel)) continue;
      const outcome = await dispatch(channel, valid[channel] ?? {});
      if (needsService.test(channel)) {
        expect(outcome, channel).toMatchObject({ ok: false, error: { code: 'failed' } });
        if (!outcome.ok) expect(outcome.error.message, channel).toMatch(/no service is configured/);
        continue;
      }
      expect(outcome, channel).toMatchObject({ ok: true });
    }
    // Before any service there is nothing synced: the status bar reads no streams, no error.
    expect(await dispatch('sync.streams', {})).toEqual({ ok: true, result: { streams: [] } });
  });

  it('refuses malformed input on every row with invalid_input, never a crash', async () => {
    const { dispatch } = services();
    for (const channel of channels) {
      for (const input of malformed) {
        // Skip inputs that happen to be valid for a row (e.g. {} for rows with optional fields).
        if (capabilities[channel].input.safeParse(input).success) continue;
        const outcome = await dispatch(channel, input);
        expect(outcome.ok, `${channel} ${JSON.stringify(input)?.slice(0, 40)}`).toBe(false);
        if (!outcome.ok) expect(outcome.error.code).toBe('invalid_input');
      }
    }
  });

  it('refuses channels that are not in the table', async () => {
    const { dispatch } = services();
    for (const c of ['constructor', '__proto__', 'toString', 'fs.read', '']) {
      expect(await dispatch(c, {})).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    }
  });

  it('never returns the key to the window: key.set answers with a masked hint only', async () => {
    const { dispatch } = services();
    const key = 'wf_live_SECRET_1234567890';
    const outcome = await dispatch('key.set', { baseUrl: 'https://svc.example', key });
    expect(outcome).toMatchObject({ ok: true, result: { set: true, hint: '••••7890', source: 'keychain' } });
    expect(JSON.stringify(outcome)).not.toContain(key);
  });
});

describe('preload bridge', () => {
  it('exposes exactly the table: one function per row, one subscriber per push event', () => {
    const calls: string[] = [];
    const ipc: IpcLike = {
      invoke: async (c) => (calls.push(c), { ok: true, result: c }),
      on: () => undefined,
      removeListener: () => undefined,
    };
    const bridge = buildBridge(ipc) as unknown as Record<string, unknown> & { on: Record<string, unknown> };
    expect(Object.keys(bridge).sort()).toEqual([...channels, 'on'].sort());
    expect(Object.keys(bridge.on).sort()).toEqual([...pushEventNames].sort());
    expect(Object.isFrozen(bridge)).toBe(true);
  });

  it('passes results and errors through, and hides the IPC event object from listeners', async () => {
    const listeners = new Map<string, (e: unknown, p: unknown) => void>();
    const ipc: IpcLike = {
      invoke: async (c) =>
        c === 'app.info'
          ? { ok: true, result: 'info' }
          : { ok: false, error: { code: 'failed', message: 'no' } },
      on: (c, l) => listeners.set(c, l),
      removeListener: (c) => listeners.delete(c),
    };
    const bridge = buildBridge(ipc);
    expect(await bridge['app.info']({})).toBe('info');
    await expect(bridge['key.status']({})).rejects.toThrow('no');
    const seen: unknown[] = [];
    const off = bridge.on['cache.changed']((p) => seen.push(p));
    listeners.get(PUSH_PREFIX + 'cache.changed')?.(
      { sender: 'ipc-event-object' },
      { resources: ['signals'] },
    );
    expect(seen).toEqual([{ resources: ['signals'] }]);
    off();
    expect(listeners.has(PUSH_PREFIX + 'cache.changed')).toBe(false);
  });
});
