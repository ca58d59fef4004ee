// `sync --full` re-reads the cached events the lists no longer carry, and reads the answer by
// the main document's "States and transitions" in both profiles (the alternate document says
// states and transitions are in the main document): meta.event_id / merged_from_request →
// alias to the survivor; meta.retracted_at → flagged retracted, left out of default lists.
// A 404 on re-read is "not found" (gone, or not this key's): never a retraction.
//
// The demo service answers every call except the alternate re-read, which a small proxy on
// 127.0.0.1 answers as the documents describe it, from the demo world's own truth.
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../../electron/api';
import { getSignal, getStreamClamps, openCache, querySignals } from '../../../electron/cache';
import { startDemoService, type DemoService } from '../../../electron/demo';
import { runSync } from '../../../electron/sync';
import { DEMO_KEY, DEMO_NOW } from '../../helpers/demo';

let demo: DemoService | undefined;
let proxy: http.Server | undefined;
afterEach(async () => {
  await new Promise<void>((r) => (proxy ? proxy.close(() => r()) : r()));
  await demo?.close();
  demo = proxy = undefined;
});

/**
 * Forwards to the demo, except GET /signals/{integer id}: that is answered per the documents
 * (the alternate re-read record, with the meta the main document's state table gives every
 * re-read), and ids in `notYours` answer 404 as for another account's event.
 */
async function documentedAlternate(d: DemoService, notYours: Set<number>): Promise<string> {
  proxy = http.createServer((req, res) => {
    const reread = /^\/api\/v1\/signals\/(\d+)$/.exec(new URL(req.url!, 'http://x').pathname);
    if (req.method === 'GET' && reread) {
      const id = Number(reread[1]);
      const asked = d.world.byInt(id);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (!asked || notYours.has(id))
        return send(404, { error: 'not found', code: 'NOT_FOUND', requestId: 'req_proxy' });
      const e = d.world.survivor(asked);
      return send(200, {
        signal: { id: e.intId, category: e.category, severity: e.severityScore },
        meta: {
          tokens: { charged: 1 },
          event_id: e.intId,
          merged_from_request: e !== asked,
          retracted_at: e.retractedAt ?? null,
        },
      });
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => !['host', 'connection', 'content-length'].includes(k)),
      ) as Record<string, string>;
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      fetch(`${d.url}${req.url}`, { method: req.method, headers, ...(body ? { body } : {}) })
        .then(async (up) => {
          const out: Record<string, string> = {};
          up.headers.forEach((v, k) => {
            if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(k))
              out[k] = v;
          });
          res.writeHead(up.status, out);
          res.end(Buffer.from(await up.arrayBuffer()));
        })
        .catch(() => res.destroy());
    });
  });
  await new Promise<void>((r) => proxy!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}

describe('sync --full, alternate profile: re-reads follow the state table', () => {
  it('retracted_at flags the event, a fold aliases it, a 404 is left alone (not retracted)', async () => {
    demo = await startDemoService({ profile: 'alternate', now: DEMO_NOW, signalsPerDay: 10 });
    const notYours = new Set<number>();
    const baseUrl = await documentedAlternate(demo, notYours);
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'wf-reread-')), 'cache.db');
    const db = openCache(file, { baseUrl, profile: 'alternate' });
    try {
      const client = createClient({ baseUrl, profile: 'alternate', apiKey: DEMO_KEY, backoffMs: 20 });
      const first = await runSync({ db, client, baseUrl, now: () => DEMO_NOW });
      expect(first.streams.signals!.stored).toBeGreaterThan(20);

      const listed = demo.world.listed();
      const [retracted, folded, survivor, gone] = [listed[3]!, listed[5]!, listed[6]!, listed[8]!];
      demo.world.retract(retracted);
      demo.world.fold(folded, survivor);
      // Left the lists, and its re-read answers 404 (another account's, or gone).
      demo.world.retract(gone);
      notYours.add(gone.intId);

      const full = await runSync({ db, client, baseUrl, full: true, now: () => DEMO_NOW });
      expect(full.streams.reconcile!.requests).toBeGreaterThan(0);
      expect(full.gone).toEqual([String(gone.intId)]);

      const ids = (rows: readonly Record<string, unknown>[]) => rows.map((s) => Number(s.id));
      const plain = ids(querySignals(db, { limit: 0 }));
      const all = querySignals(db, { limit: 0, includeRetracted: true });
      // Retracted: flagged, kept, left out of the default list.
      expect(all.find((s) => Number(s.id) === retracted.intId)).toMatchObject({ retracted: true });
      expect(plain).not.toContain(retracted.intId);
      // Folded: the old id resolves to its survivor and is not listed on its own.
      expect(plain).not.toContain(folded.intId);
      const shown = getSignal(db, folded.intId);
      expect(shown?.signal.id).toBe(survivor.intId);
      expect(shown?.resolvedFrom).toBe(String(folded.intId));
      // 404: not flagged retracted; the cached record is left as it was.
      expect(all.find((s) => Number(s.id) === gone.intId)).toMatchObject({ retracted: false });
      expect(plain).toContain(gone.intId);
    } finally {
      db.close();
    }
  });
});

describe('the event record start is not a plan clamp', () => {
  it('a plan that reads back to 2026-09-23 reports and records no window clamp for the record start', async () => {
    // The sync window starts where the record does ("an earlier range returns no events"):
    // nothing narrowed it, so nothing may say "the plan narrowed the time window".
    demo = await startDemoService({ profile: 'main', now: DEMO_NOW, signalsPerDay: 5, plan: 'pro' });
    const baseUrl = demo.url;
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'wf-reread-')), 'cache.db');
    const db = openCache(file, { baseUrl, profile: 'main' });
    try {
      const client = createClient({ baseUrl, profile: 'main', apiKey: DEMO_KEY, backoffMs: 20 });
      const run = await runSync({ db, client, baseUrl, full: true, now: () => DEMO_NOW });
      const asked = demo.requests.filter((r) => r.path === '/api/v1/signals');
      expect(asked.length).toBeGreaterThan(0);
      expect(asked.every((r) => r.query.start_date === undefined || r.query.start_date >= '2026-09-23')).toBe(
        true,
      );
      expect(run.clamps.filter((c) => c.kind === 'window_clamp')).toEqual([]);
      expect(getStreamClamps(db, ['signals', 'reconcile'])).toEqual([]);
    } finally {
      db.close();
    }
  });
});
