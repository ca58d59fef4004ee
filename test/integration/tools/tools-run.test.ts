// The online tools against the demo service (issue 14): a call made now stores its request,
// time, answer, charge and clamps; the history lists it newest first; a stored answer is read
// back with the service stopped; the service's refusals (402: tokens ran out, 403: the plan
// lacks it, a lost link) are stored in its own words; a call refused here before sending (a
// parameter the profile lacks, a price above the threshold not confirmed) reaches no one.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedInput, StoredAnswer } from '../../../shared/contract';
import { openAccount, type Account } from '../../../electron/account/account';
import { createToolsHandlers } from '../../../electron/contract/tools-handlers';
import { ContractError } from '../../../electron/contract/dispatch';
import { startDemoService, type DemoService } from '../../../electron/demo';
import type { Keychain } from '../../../electron/keychain';
import { createPushBus } from '../../../electron/runtime/push-bus';
import { DEMO_KEY, DEMO_NOW } from '../../helpers/demo';

const noKeychain: Keychain = {
  get: async () => null,
  set: async () => undefined,
  clear: async () => false,
};

let demo: DemoService;
let account: Account;
const changes: string[][] = [];
const tools = createToolsHandlers({
  account: () => account,
  changed: (r) => changes.push(r),
  now: () => new Date(),
});
const run = (input: ParsedInput<'tools.run'>) => tools['tools.run'](input) as Promise<StoredAnswer>;
const history = (tool?: ParsedInput<'tools.history'>['tool']) =>
  (tools['tools.history']({ ...(tool ? { tool } : {}) }) as { answers: StoredAnswer[] }).answers;

const BOX: [number, number, number, number] = [30.2, 46.2, 31.2, 46.9];

beforeAll(async () => {
  demo = await startDemoService({ profile: 'main', now: DEMO_NOW, signalsPerDay: 5 });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wf-tools-'));
  account = openAccount(
    { mode: 'live', baseUrl: demo.url, profile: 'main', dbPath: path.join(dir, 'cache.db') },
    {
      bus: createPushBus(),
      keychain: noKeychain,
      env: { WATCHFLOOR_API_KEY: DEMO_KEY },
      schedule: { intervalMinutes: 60, dailyTokenBudget: 0 },
    },
  );
});
afterAll(async () => {
  await account.close();
  await demo.close();
});

describe('online tools against the demo service', { timeout: 60_000 }, () => {
  let first: StoredAnswer;

  it('runs imagery now and stores request, time, answer and charge; the window is told', async () => {
    demo.setTokens(100);
    const before = Date.now();
    first = await run({
      tool: 'imagery',
      params: {
        bbox: BOX,
        collection: 'sentinel-1-grd',
        start_date: '2026-11-01',
        end_date: '2026-11-20',
        event_date: '2026-11-10',
        event_point: [30.7, 46.5],
      },
    });
    expect(first).toMatchObject({
      tool: 'imagery',
      profile: 'main',
      status: 'done',
      request: { bbox: BOX, collection: 'sentinel-1-grd', event_date: '2026-11-10' },
      charged: 2,
      remaining: 98,
      error: null,
    });
    expect(Date.parse(first.askedAt)).toBeGreaterThanOrEqual(before - 1000);
    if (first.tool !== 'imagery' || !first.answer) throw new Error('no imagery answer');
    expect(first.answer.meta.collection).toBe('sentinel-1-grd');
    expect(first.answer.scenes.length).toBeGreaterThan(0);
    // event_* went through unchanged: each scene says which side of the event it is.
    expect(first.answer.scenes.every((s) => ['pre', 'post', 'same_day_unknown'].includes(s.timing!))).toBe(
      true,
    );
    expect(demo.requests.at(-1)).toMatchObject({
      path: '/api/v1/imagery',
      query: { event_date: '2026-11-10', event_point: '30.7,46.5' },
    });
    expect(changes.at(-1)).toEqual(['tool_answers']);
    // The call went through the link monitor: the link is known up.
    expect(account.link.online).toBe(true);
    expect(tools['tools.wallet']({})).toMatchObject({ remaining: 98, toolsSpentToday: 2 });
  });

  it('keeps the clamps the service reported with the answer', async () => {
    demo.setPlan('free');
    try {
      const a = await run({
        tool: 'collection.priority',
        params: { start_date: '2026-11-19', end_date: '2026-11-20' },
      });
      expect(a.status).toBe('done');
      expect(a.clamps).toHaveLength(1);
      expect(a.clamps[0]).toMatchObject({
        kind: 'window_clamp',
        stream: 'collection.priority',
        detail: { applied: { start_date: '2026-11-19', end_date: '2026-11-19' } },
      });
      expect(a.clamps[0]!.wording).toMatch(/narrowed the time window/);
    } finally {
      demo.setPlan('pro');
    }
  });

  it('stores a 402 in the service’s words when the tokens run out, and charges nothing', async () => {
    demo.setTokens(1);
    const a = await run({ tool: 'imagery', params: { bbox: BOX } });
    expect(a).toMatchObject({
      status: 'failed',
      answer: null,
      charged: null,
      error: { code: 'insufficient_tokens', status: 402 },
    });
    expect(a.error!.message).toMatch(/this call costs 2 tokens; 1 left/);
    expect(demo.tokens()).toBe(1);
    expect(history('imagery')[0]).toEqual(a);
  });

  it('stores a 403 in the service’s words when the plan lacks the endpoint', async () => {
    demo.setTokens(100);
    demo.forbid(['/api/v1/imagery']);
    try {
      const a = await run({ tool: 'imagery', params: { bbox: BOX } });
      expect(a).toMatchObject({ status: 'failed', error: { code: 'forbidden', status: 403 } });
      expect(a.error!.message).toMatch(/your plan does not include this endpoint/);
    } finally {
      demo.forbid([]);
    }
  });

  it('refuses before sending what the profile does not document, or a price not confirmed', async () => {
    const stored = history().length;
    const sent = demo.requests.length;
    // days is the alternate profile's window.
    await expect(run({ tool: 'imagery', params: { bbox: BOX, days: 7 } })).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/days is not a parameter/),
    });
    await expect(run({ tool: 'claims', params: {} })).rejects.toThrow(/main profile's service has no claims/);
    // A deep analyst run may cost up to 415 tokens, above the default threshold.
    await expect(
      run({ tool: 'analyst', params: { question: 'What changed?', mode: 'deep' } }),
    ).rejects.toBeInstanceOf(ContractError);
    expect(history()).toHaveLength(stored);
    expect(demo.requests.length).toBe(sent);
  });

  it('remembers the confirmation threshold in the cache', () => {
    expect(tools['tools.wallet']({})).toMatchObject({ confirmAbove: 10 });
    expect(tools['tools.configure']({ confirmAbove: 500 })).toMatchObject({ confirmAbove: 500 });
    expect(tools['tools.wallet']({})).toMatchObject({ confirmAbove: 500 });
  });

  it('lists the history newest first and reads a stored answer with the service stopped', async () => {
    const all = history();
    expect(all.map((a) => a.askedAt)).toEqual([...all.map((a) => a.askedAt)].sort().reverse());
    expect(history('imagery').every((a) => a.tool === 'imagery')).toBe(true);
    await demo.close();
    // Offline: the history and the stored answer come from the cache, whole.
    expect(tools['tools.answer']({ id: first.id })).toEqual(first);
    expect(history('imagery').map((a) => a.id)).toContain(first.id);
    // A run now meets the lost link: stored as failed, and the link is known down.
    const lost = await run({ tool: 'imagery', params: { bbox: BOX } });
    expect(lost).toMatchObject({ status: 'failed', error: { code: 'network' } });
    expect(account.link.online).toBe(false);
    expect(() => tools['tools.answer']({ id: 'tool:missing' })).toThrow(/no stored answer/);
  });
});
