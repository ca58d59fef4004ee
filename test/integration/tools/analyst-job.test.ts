// A 202 analyst run through tools.run against the demo service: stored at once as 'running'
// with its job id and the Idempotency-Key it was sent with; main polls the job (free) and
// writes its progress; the account closing stops the polling with the job unfinished, and
// the account opened again on the same cache follows it to its end, with the charge the
// service states on completion; the window is told of each change.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedInput, StoredAnswer } from '../../../shared/contract';
import { openAccount, type Account } from '../../../electron/account/account';
import { createToolsHandlers } from '../../../electron/contract/tools-handlers';
import { startDemoService, type DemoService } from '../../../electron/demo';
import type { Keychain } from '../../../electron/keychain';
import { createPushBus } from '../../../electron/runtime/push-bus';
import { DEMO_KEY, DEMO_NOW } from '../../helpers/demo';

const noKeychain: Keychain = { get: async () => null, set: async () => undefined, clear: async () => false };

let demo: DemoService;
let dbPath: string;
const open = () =>
  openAccount(
    { mode: 'live', baseUrl: demo.url, profile: 'main', dbPath },
    {
      bus: createPushBus(),
      keychain: noKeychain,
      env: { WATCHFLOOR_API_KEY: DEMO_KEY },
      schedule: { intervalMinutes: 60, dailyTokenBudget: 0 },
    },
  );
const polls = () => demo.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/api/v1/analyst/'));

beforeAll(async () => {
  demo = await startDemoService({ profile: 'main', now: DEMO_NOW, signalsPerDay: 5 });
  dbPath = path.join(mkdtempSync(path.join(os.tmpdir(), 'wf-analyst-job-')), 'cache.db');
});
afterAll(async () => {
  await demo.close();
});

describe('a 202 analyst job', { timeout: 60_000 }, () => {
  let id: string;

  it('is stored running with its job and key, and its progress is written as it is polled', async () => {
    const account: Account = open();
    const changes: string[][] = [];
    const tools = createToolsHandlers({
      account: () => account,
      changed: (r) => changes.push(r),
      // Slow enough that the account closes between the first and the second poll.
      jobPollMs: 400,
    });
    demo.setTokens(1000);
    // "why" outlasts the synchronous wait in the demo: three steps, advanced one per poll.
    const input: ParsedInput<'tools.run'> = {
      tool: 'analyst',
      params: { question: 'Why did the port close?', mode: 'fast' },
      confirmed: true,
    };
    const row = (await tools['tools.run'](input)) as StoredAnswer;
    const post = demo.requests.find(
      (r) => r.method === 'POST' && r.path === '/api/v1/analyst' && r.status === 202,
    );
    id = row.id;
    expect(row).toMatchObject({ status: 'running', answeredAt: null });
    // Nothing is charged until the run completes.
    expect(row.charged ?? 0).toBe(0);
    expect(row.job).toMatchObject({
      jobId: expect.any(String),
      idempotencyKey: expect.any(String),
      completed: 0,
      total: 3,
    });
    expect(post).toBeDefined();

    // One poll advances it one step: stop after the first progress is written.
    await expect
      .poll(() => (tools['tools.answer']({ id }) as StoredAnswer).job?.completed, { timeout: 10_000 })
      .toBe(1);
    await account.close();
    const stopped = polls().length;
    // Two intervals later: no poll went out for the closed account.
    await new Promise((r) => setTimeout(r, 1000));
    expect(polls().length).toBe(stopped);
    expect(changes.length).toBeGreaterThanOrEqual(2);
  });

  it('is followed to its end by the account opened again on the same cache', async () => {
    const account = open();
    try {
      const tools = createToolsHandlers({ account: () => account, changed: () => undefined, jobPollMs: 50 });
      const tokens = demo.tokens();
      // Reading the history (the window opening a tool view) picks the running job up again.
      const [again] = (tools['tools.history']({ tool: 'analyst' }) as { answers: StoredAnswer[] }).answers;
      expect(again).toMatchObject({ id, status: 'running' });
      await expect
        .poll(() => (tools['tools.answer']({ id }) as StoredAnswer).status, { timeout: 10_000 })
        .toBe('done');
      const done = tools['tools.answer']({ id }) as StoredAnswer;
      if (done.tool !== 'analyst') throw new Error('not the analyst row');
      expect(done.answer).toMatchObject({ status: 'done', brief: expect.any(Object) });
      expect(done.job).toMatchObject({ completed: 3, total: 3 });
      // Charged once, on completion, as the service stated it.
      expect(done.charged).toBe(tokens - demo.tokens());
      expect(done.charged).toBeGreaterThan(0);
      expect(done.answeredAt).not.toBeNull();
    } finally {
      await account.close();
    }
  });
});
