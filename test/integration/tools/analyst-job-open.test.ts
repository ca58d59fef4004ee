// A running analyst job is followed again as soon as its account opens (after a restart), not
// at the window's first tools call: the account holder tells the tools handlers of each opened
// account, and main polls the job to its end with no call from the window at all.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedInput, StoredAnswer } from '../../../shared/contract';
import { createAccounts, type Accounts } from '../../../electron/account';
import { getToolAnswer } from '../../../electron/cache/tool-answers';
import { createToolsHandlers } from '../../../electron/contract/tools-handlers';
import { startDemoService, type DemoService } from '../../../electron/demo';
import type { Keychain } from '../../../electron/keychain';
import { createPushBus } from '../../../electron/runtime/push-bus';
import { DEMO_KEY, DEMO_NOW } from '../../helpers/demo';

const noKeychain: Keychain = { get: async () => null, set: async () => undefined, clear: async () => false };

let demo: DemoService;
let dbPath: string;
const polls = () => demo.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/api/v1/analyst/'));

/** One launch: the account holder and the tools handlers, wired as the hosts wire them. */
function launch(jobPollMs: number): { accounts: Accounts; tools: ReturnType<typeof createToolsHandlers> } {
  const accounts = createAccounts({
    bus: createPushBus(),
    keychain: noKeychain,
    env: { WATCHFLOOR_API_KEY: DEMO_KEY },
    dbPath,
    settingsFile: null,
  });
  const tools = createToolsHandlers({
    account: () => accounts.current()!,
    changed: () => undefined,
    jobPollMs,
    onAccountOpen: (listener) => accounts.onOpen(listener),
  });
  return { accounts, tools };
}

beforeAll(async () => {
  demo = await startDemoService({ profile: 'main', now: DEMO_NOW, signalsPerDay: 5 });
  dbPath = path.join(mkdtempSync(path.join(os.tmpdir(), 'wf-analyst-open-')), 'cache.db');
});
afterAll(async () => {
  await demo.close();
});

describe('a running analyst job after a restart', { timeout: 60_000 }, () => {
  it('is polled to its end as soon as the account opens, with no call from the window', async () => {
    // First launch: a deep run answered 202, closed before its first poll (a long interval).
    const first = launch(60_000);
    await first.accounts.connect(demo.url, 'main');
    demo.setTokens(1000);
    const input: ParsedInput<'tools.run'> = {
      tool: 'analyst',
      params: { question: 'What changed at the port?', mode: 'deep' },
      confirmed: true,
    };
    const row = (await first.tools['tools.run'](input)) as StoredAnswer;
    expect(row).toMatchObject({ status: 'running', job: { completed: 0, total: 3 } });
    await first.accounts.close();
    expect(polls()).toHaveLength(0);

    // Second launch: only the account is opened; no tools row is called.
    const second = launch(50);
    const account = await second.accounts.connect(demo.url, 'main');
    try {
      await expect.poll(() => getToolAnswer(account.db, row.id)?.status, { timeout: 15_000 }).toBe('done');
      expect(polls().length).toBe(3);
      const done = getToolAnswer(account.db, row.id)!;
      expect(done.job).toMatchObject({ completed: 3, total: 3 });
      expect(done.charged).toBeGreaterThan(0);
    } finally {
      await second.accounts.close();
    }
  });
});
