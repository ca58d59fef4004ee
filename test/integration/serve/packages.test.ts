// packages.revisions and packages.get through `watchfloor serve` on an alternate-profile cache:
// a sync stores the package the service answers for each watch; when the service publishes a
// new revision and the watch changes, the next sync stores it beside the old one (every
// revision fetched is kept, the older one unchanged); a sync with nothing new adds nothing;
// with the service gone, every revision still answers from the cache.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel, Input, Result } from '../../../shared/contract';
import { createClient, type AlternateClient } from '../../../electron/api';
import { startDemoService, type DemoService } from '../../../electron/demo';
import { DEMO_KEY, DEMO_NOW } from '../../helpers/demo';
import { startServeProcess, type ServeProcess } from '../../helpers/serve';

let demo: DemoService | null = null;
let serve: ServeProcess;
let direct: AlternateClient;

/** A package without the answer's envelope (`meta`: the tokens that call charged). */
const content = (p: unknown) => {
  const { meta: _meta, ...rest } = p as Record<string, unknown>;
  return rest;
};

async function post(channel: string, input: unknown) {
  const res = await fetch(`${serve.origin}/api/contract/${channel}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Watchfloor-Token': serve.secret },
    body: JSON.stringify(input),
  });
  return (await res.json()) as
    { ok: true; result: unknown } | { ok: false; error: { code: string; message: string } };
}

async function call<C extends Channel>(channel: C, input: Input<C>): Promise<Result<C>> {
  const body = await post(channel, input);
  if (!body.ok) throw new Error(`${channel}: ${body.error.message}`);
  return body.result as Result<C>;
}

beforeAll(async () => {
  demo = await startDemoService({ profile: 'alternate', now: DEMO_NOW, signalsPerDay: 4 });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wf-packages-'));
  serve = await startServeProcess(
    ['--base-url', demo.url, '--profile', 'alternate', '--db', path.join(dir, 'cache.db')],
    { ...process.env, HOME: dir, XDG_CONFIG_HOME: path.join(dir, '.config'), WATCHFLOOR_API_KEY: DEMO_KEY },
  );
  direct = createClient({ baseUrl: demo.url, profile: 'alternate', apiKey: DEMO_KEY }) as AlternateClient;
  expect((await call('sync.now', {})).lastOutcome?.complete).toBe(true);
});

afterAll(async () => {
  await serve?.stop();
  await demo?.close();
});

describe('decision packages through serve', () => {
  it('keeps each revision sync fetches, the older one unchanged, and answers offline', async () => {
    const world = demo!.world;
    const w = world.watches[0]!;
    const first = (await direct.decisionPackage({ watchId: w.id })).data;

    const before = await call('packages.revisions', { watchId: w.id });
    expect(before.revisions.map((r) => r.revision)).toEqual([first.revision]);
    expect(before.revisions[0]).toMatchObject({ schemaVersion: '1', packageId: first.package_id });
    expect(Date.parse(before.revisions[0]!.fetchedAt)).not.toBeNaN();
    expect(before.asOf).not.toBeNull();
    const latest = await call('packages.get', { watchId: w.id });
    // Tagged by the profile whose schema the package follows.
    expect(latest.profile).toBe('alternate');
    expect(latest.revision?.revision).toBe(first.revision);
    expect(content(latest.package)).toEqual(content(first));

    // The service publishes a new revision: a discriminator moves, a piece of evidence is added.
    world.advanceClock(60_000);
    const prev = w.packages.at(-1)!;
    w.packages.push({
      revision: 'r-next',
      at: world.now().toISOString(),
      discriminators: [{ observable: 'port AIS traffic', verdict: 'actionable', max_elimination: 2 }],
      negative: [
        ...prev.negative,
        {
          observable: 'oil slick',
          axis: 'sar',
          status: 'absent',
          reason: 'clear scene',
          source_status: 'ok',
        },
      ],
    });
    world.touchWatch(w);
    expect((await call('sync.now', {})).lastOutcome?.complete).toBe(true);

    const after = await call('packages.revisions', { watchId: w.id });
    expect(after.revisions.map((r) => r.revision)).toEqual([first.revision, 'r-next']);
    expect(after.revisions[1]!.fetchedAt >= after.revisions[0]!.fetchedAt).toBe(true);
    const newest = await call('packages.get', { watchId: w.id });
    expect(newest.revision?.revision).toBe('r-next');
    expect(newest.package?.discriminators).toEqual([
      { observable: 'port AIS traffic', verdict: 'actionable', max_elimination: 2 },
    ]);
    // The older revision is still there, as it was first stored.
    expect(
      content((await call('packages.get', { watchId: w.id, revision: first.revision })).package),
    ).toEqual(content(first));

    // Another sync with nothing new stores no duplicate.
    await call('sync.now', {});
    expect((await call('packages.revisions', { watchId: w.id })).revisions).toHaveLength(2);

    // Every other seeded watch has its one package; with the service gone they still answer.
    await demo!.close();
    demo = null;
    for (const other of world.watches.slice(1)) {
      const got = await call('packages.get', { watchId: other.id });
      expect(got.package?.revision, other.id).toBe(other.packages.at(-1)!.revision);
    }
    expect((await call('packages.revisions', { watchId: w.id })).revisions).toHaveLength(2);
  });

  it('answers "none cached" for an unknown watch or revision, and refuses a bad input', async () => {
    expect(await call('packages.revisions', { watchId: 'no-such-watch' })).toMatchObject({ revisions: [] });
    expect(await call('packages.get', { watchId: 'no-such-watch' })).toMatchObject({
      revision: null,
      package: null,
    });
    const w = (await call('watches.list', {})).rows[0]!;
    expect(await call('packages.get', { watchId: w.id, revision: 'r-never' })).toMatchObject({
      revision: null,
      package: null,
    });
    const bad = await post('packages.get', { watchId: '' });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error.code).toBe('invalid_input');
    const extra = await post('packages.revisions', { watchId: w.id, revision: 'r1' });
    expect(!extra.ok && extra.error.code).toBe('invalid_input');
  });
});
