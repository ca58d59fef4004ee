// The demo's alternate GET /claims honours `since` and `downgraded_only`, and counts.downgraded
// is a real count (alternate document, GET /api/v1/claims and "Claim"), through the typed client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlternateClient } from '../../../electron/api';
import type { DemoService } from '../../../electron/demo';
import { DEMO_NOW, demoWithClient } from '../../helpers/demo';

let demo: DemoService;
let client: AlternateClient;
beforeAll(async () => ({ demo, client } = await demoWithClient('alternate')));
afterAll(() => demo.close());

interface Claim {
  claim_id: string;
  evidence_class?: string | null;
  restated_by?: { evidence_class: string };
}
const ids = (claims: readonly Claim[]) => claims.map((c) => c.claim_id);
const list = async (params: Parameters<AlternateClient['claims']>[0]) =>
  (await client.claims({ limit: 200, ...params })).data.claims as Claim[];

describe('GET /claims (alternate)', () => {
  it('since keeps the claims asserted on or after it, as a date or a timestamp', async () => {
    const all = await list({});
    expect(all.length).toBeGreaterThan(20);
    expect(await list({ since: '2030-01-01' })).toEqual([]);
    expect(ids(await list({ since: '2026-09-23' }))).toEqual(ids(all));

    const halfDay = new Date(DEMO_NOW.getTime() - 12 * 3_600_000).toISOString();
    const recent = ids(await list({ since: halfDay }));
    const today = ids(await list({ since: '2026-11-20' }));
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.length).toBeLessThan(all.length);
    // A later since is a narrower list, inside the wider one.
    expect(today.length).toBeLessThanOrEqual(recent.length);
    for (const id of recent) expect(ids(all)).toContain(id);
    for (const id of today) expect(recent).toContain(id);
  });

  it('a since that is neither a date nor a timestamp is refused with its name', async () => {
    await expect(client.claims({ since: 'last week' })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('since'),
    });
  });

  it('downgraded_only keeps the claims a later answer restated with weaker evidence; counts.downgraded counts them', async () => {
    const r = await client.claims({ limit: 200 });
    const all = r.data.claims as Claim[];
    const restated = all.filter((c) => c.restated_by);
    // The document's two classes: CONFIRMED is stronger evidence than REPORTED.
    const weaker = restated.filter(
      (c) => c.evidence_class === 'CONFIRMED' && c.restated_by!.evidence_class === 'REPORTED',
    );
    expect(weaker.length).toBeGreaterThan(0);
    expect(restated.length).toBeGreaterThan(weaker.length); // an upgrade is a restatement, not a downgrade
    expect(r.data.counts).toMatchObject({ restated: restated.length, downgraded: weaker.length });

    const only = await client.claims({ limit: 200, downgraded_only: true });
    expect(ids(only.data.claims as Claim[])).toEqual(ids(weaker));
    expect(only.data.counts).toMatchObject({ total: weaker.length, downgraded: weaker.length });
  });
});
