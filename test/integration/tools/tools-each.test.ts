// Every online tool through tools.run against the demo service, in each profile it exists in:
// the call reaches its endpoint with the analyst's parameters, the answer is stored whole with
// what the service charged (the documented price where it is fixed), and the alternate-only
// tools are refused on the main profile before anything is sent.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedInput, Profile, StoredAnswer, ToolName } from '../../../shared/contract';
import { ALTERNATE_ONLY_TOOLS, MAIN_ONLY_TOOLS, TOOL_NAMES, toolInProfile } from '../../../shared/contract';
import { TOOL_PRICES } from '../../../shared/tool-prices';
import { openAccount, type Account } from '../../../electron/account/account';
import { createToolsHandlers } from '../../../electron/contract/tools-handlers';
import { startDemoService, type DemoService } from '../../../electron/demo';
import type { Keychain } from '../../../electron/keychain';
import { createPushBus } from '../../../electron/runtime/push-bus';
import { DEMO_KEY, DEMO_NOW } from '../../helpers/demo';

const noKeychain: Keychain = { get: async () => null, set: async () => undefined, clear: async () => false };
const BOX: [number, number, number, number] = [36, 50, 36.1, 50.1];

/** Valid params per tool; ids come from the demo world of that profile. */
function paramsFor(
  profile: Profile,
  ids: { event: string | number; entity: string },
): Partial<Record<ToolName, ParsedInput<'tools.run'>['params']>> {
  const main = profile === 'main';
  return {
    imagery: main
      ? { bbox: BOX, start_date: '2026-11-10', end_date: '2026-11-20' }
      : { bbox: BOX, date: '2026-11-20', days: 10 },
    'collection.plan': { event_id: ids.event, analysis_goal: 'damage_assessment' },
    'collection.priority': { start_date: '2026-11-15', end_date: '2026-11-20', top_n: 5 },
    'collection.observability': { sensor: 'sentinel-1', start_date: '2026-11-15', end_date: '2026-11-20' },
    assess: { eventId: ids.event, kind: 'quick' },
    analyst: { question: 'What changed near the port?', mode: 'fast' },
    elevation: { lat: 50, lon: 36.2 },
    terrain: { operation: 'sar_geometry', bbox: BOX, incidence_deg: 35 },
    brief: main ? { period: 'weekly' } : {},
    'entities.search': { q: 'port' },
    'entities.detail': { entityId: ids.entity },
    'index.series': { bbox: BOX, index: 'ndvi', start: '2026-01-01', end: '2026-06-01', estimate_only: true },
    ships: { collection: 'sentinel-1-grd', item_id: 'S1A_IW_GRDH_X', bbox: [30.6, 46.3, 30.9, 46.6] },
    stats: { days: 7 },
    hotspots: { days: 7, precision: 1 },
    'refine.location': { id: Number(ids.event) },
    claims: { limit: 5 },
    discriminators: { hypotheses: ['The depot burned', 'The depot was emptied before'] },
    'signals.linked': { linked_to: `facility:${ids.entity}` },
    // Ten days asked: the service searches seven and says so (a window_clamp on the answer).
    passes: { lat: 50.45, lon: 30.52, start_date: '2026-11-20', end_date: '2026-11-29', max_passes: 10 },
  };
}

describe.each(['main', 'alternate'] as const)('every tool, %s profile', { timeout: 60_000 }, (profile) => {
  let demo: DemoService;
  let account: Account;
  const tools = createToolsHandlers({ account: () => account, changed: () => undefined });
  const run = (input: ParsedInput<'tools.run'>) => tools['tools.run'](input) as Promise<StoredAnswer>;
  let params: ReturnType<typeof paramsFor>;

  beforeAll(async () => {
    demo = await startDemoService({ profile, now: DEMO_NOW, signalsPerDay: 5 });
    account = openAccount(
      {
        mode: 'demo',
        baseUrl: demo.url,
        profile,
        dbPath: path.join(mkdtempSync(path.join(os.tmpdir(), 'wf-tools-each-')), 'cache.db'),
      },
      {
        bus: createPushBus(),
        keychain: noKeychain,
        env: { WATCHFLOOR_API_KEY: DEMO_KEY },
        schedule: { intervalMinutes: 60, dailyTokenBudget: 0 },
      },
    );
    // Deep and per-unit prices may exceed the default threshold: this test confirms nothing.
    tools['tools.configure']({ confirmAbove: 1000 });
    const event = demo.world.listed()[0]!;
    const found = await run({ tool: 'entities.search', params: { q: 'port' } });
    const entity = found.tool === 'entities.search' ? String(found.answer!.entities[0]!.id) : '';
    params = paramsFor(profile, { event: profile === 'main' ? event.uuid : event.intId, entity });
  });
  afterAll(async () => {
    await account.close();
    await demo.close();
  });

  const inProfile = TOOL_NAMES.filter((t) => toolInProfile(t, profile));
  it.each(inProfile)('%s: asked, stored whole, charged as documented', async (tool) => {
    const before = demo.requests.length;
    // Ships are priced per detection, with no bound known before: always confirmed first.
    const a = await run({
      tool,
      params: params[tool],
      ...(tool === 'ships' ? { confirmed: true } : {}),
    } as ParsedInput<'tools.run'>);
    expect(a.error, `${tool}: ${a.error?.message}`).toBeNull();
    expect(['done', 'running']).toContain(a.status);
    expect(a).toMatchObject({ tool, profile, demo: true, request: params[tool] });
    expect(a.answer).toBeTruthy();
    const sent = demo.requests.slice(before);
    expect(sent.length).toBeGreaterThan(0);
    const price = TOOL_PRICES[tool];
    if (price.kind === 'fixed') expect(a.charged).toBe(price.tokens);
    if (price.kind === 'free') expect(a.charged ?? 0).toBe(0);
    expect(tools['tools.answer']({ id: a.id })).toEqual(a);
  });

  it('passes: the ten days asked are searched as seven, and the answer says so', async () => {
    const a = await run({ tool: 'passes', params: params.passes! } as ParsedInput<'tools.run'>);
    expect(a.tool === 'passes' && a.answer?.meta.window).toMatchObject({
      start: '2026-11-20',
      end: '2026-11-27',
    });
    expect(a.clamps).toEqual([
      expect.objectContaining({
        kind: 'window_clamp',
        detail: expect.objectContaining({
          requested: { start_date: '2026-11-20', end_date: '2026-11-29' },
          applied: { start_date: '2026-11-20', end_date: '2026-11-27' },
        }),
      }),
    ]);
    expect(tools['tools.answer']({ id: a.id })).toEqual(a);
  });

  if (profile === 'alternate')
    it.each(MAIN_ONLY_TOOLS)('%s: refused on the alternate profile, nothing sent', async (tool) => {
      const before = demo.requests.length;
      await expect(
        run({ tool, params: { linked_to: 'facility:x' } } as ParsedInput<'tools.run'>),
      ).rejects.toThrow(/alternate profile's service has no/);
      expect(demo.requests.length).toBe(before);
    });
  if (profile === 'main')
    it.each(ALTERNATE_ONLY_TOOLS)('%s: refused on the main profile, nothing sent', async (tool) => {
      const before = demo.requests.length;
      await expect(run({ tool, params: {} } as ParsedInput<'tools.run'>)).rejects.toThrow(
        /main profile's service has no/,
      );
      expect(demo.requests.length).toBe(before);
    });
});
