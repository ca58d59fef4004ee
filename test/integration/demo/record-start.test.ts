// The event record's start (2026-09-23: "an earlier range returns no events") is not a plan
// clamp: a window reaching before it is answered with no window_clamp on a plan whose history
// goes back to the record, while a plan with a shorter history does report its own floor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MainClient } from '../../../electron/api';
import type { DemoService } from '../../../electron/demo';
import { demoWithClient } from '../../helpers/demo';

let main: { demo: DemoService; client: MainClient };
beforeAll(async () => {
  main = await demoWithClient('main');
});
afterAll(async () => {
  await main.demo.close();
});

describe('the event record start is not a plan clamp', () => {
  it('a full-history plan answers a window starting before 2026-09-23 without window_clamp', async () => {
    main.demo.setPlan('pro');
    const r = await main.client.signals({ start_date: '2026-08-01', end_date: '2026-10-01', limit: 500 });
    expect(r.data.meta.window_clamp ?? null).toBeNull();
    expect(r.clamps.filter((c) => c.kind === 'window_clamp')).toEqual([]);
    // Nothing exists before the record: every event listed is on or after its start.
    for (const s of r.data.signals) expect((s.occurred_at ?? '') >= '2026-09-23').toBe(true);
    const d = await main.client.developments({ start_date: '2026-08-01', end_date: '2026-10-01' });
    expect(d.data.meta.window_clamp ?? null).toBeNull();
  });

  it('a plan with a shorter history still reports its own floor as a window_clamp', async () => {
    main.demo.setPlan('free');
    const r = await main.client.signals({ start_date: '2026-09-01', end_date: '2026-11-19', limit: 10 });
    const clamp = r.data.meta.window_clamp as { reason?: string; applied?: { start_date?: string } };
    expect(clamp.reason).toBe('plan_history_floor');
    expect((clamp.applied?.start_date ?? '') > '2026-09-23').toBe(true);
    main.demo.setPlan('pro');
  });
});
