// Every row of the contract, called as the window calls it: through the real preload's bridge
// (window.watchfloor, exposed by contextBridge), over ipcRenderer.invoke to main's ipcMain
// handlers, with the app's own frame as the sender. Each must be answered by the dispatcher,
// never "untrusted sender".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoService, type DemoService } from '../../electron/demo';
import { channels, pushEventNames, type Channel } from '../../shared/contract';
import { DEMO_NOW } from '../helpers/demo';
import { launchApp, type LaunchedApp } from './launch';

let service: DemoService;
let app: LaunchedApp;
beforeAll(async () => {
  service = await startDemoService({ profile: 'alternate', now: DEMO_NOW, signalsPerDay: 5 });
  app = await launchApp({ service });
  // The first sync, so the reads below read a cache with the service's records in it.
  await call('sync.now', {});
});
afterAll(async () => {
  await app?.close();
  await service?.close();
});

type Call = (input: unknown) => Promise<unknown>;
const call = (channel: Channel, input: unknown): Promise<unknown> =>
  (app.bridge() as unknown as Record<Channel, Call>)[channel](input);

/** Outcome of one call: its result, or the message of its error (codes do not cross the bridge). */
async function settle(
  channel: Channel,
  input: unknown,
): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    await call(channel, input);
    return { ok: true };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}

describe('the preload bridge in the app’s window', () => {
  it('exposes exactly the table: one function per row, one subscriber per push event', () => {
    const api = app.bridge() as unknown as Record<string, unknown> & { on: Record<string, unknown> };
    expect(Object.keys(api).sort()).toEqual([...channels, 'on'].sort());
    expect(Object.keys(api.on).sort()).toEqual([...pushEventNames].sort());
    for (const channel of channels) expect(typeof api[channel], channel).toBe('function');
  });

  // An input no row accepts (every row's schema is strict): the dispatcher's validation answers,
  // naming the row, and nothing is done. Main's refusal would say "untrusted sender" instead.
  it.each([...channels])('%s is answered by the dispatcher', async (channel) => {
    const outcome = await settle(channel, { __probe: true });
    expect(outcome).toEqual({
      ok: false,
      message: expect.stringMatching(new RegExp(`^${channel.replace('.', '\\.')}: `)),
    });
    expect(outcome.ok === false && outcome.message).not.toContain('untrusted sender');
  });

  // Rows that read and change nothing, with a valid input: answered with a result.
  const reads: [Channel, unknown][] = [
    ['app.info', {}],
    ['sync.status', {}],
    ['notifications.list', {}],
    ['outbox.list', {}],
    ['elements.status', {}],
    ['tools.wallet', {}],
    ['tools.history', {}],
    ['signals.query', {}],
    ['watches.list', {}],
    ['localNotes.list', {}],
  ];
  it.each(reads)('%s answers a valid read with its result', async (channel, input) => {
    expect(await settle(channel, input)).toEqual({ ok: true });
  });

  it('carries the answers themselves back to the window', async () => {
    expect(await call('app.info', {})).toMatchObject({ transport: 'electron', profile: 'alternate' });
    const watches = (await call('watches.list', {})) as { rows: unknown[] };
    expect(watches.rows.length).toBeGreaterThan(0);
  });
});
