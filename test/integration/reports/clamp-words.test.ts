// Issue 26, defect 2: a clamp recorded by the last sync is said in words in every format (what
// was asked, what was given, why, what lifts it), and once, however many streams recorded it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openCacheReadOnly, openCache, readCacheMeta, setStreamClamps } from '../../../electron/cache';
import { altSignal, handCache } from './hand-cache';
import { report, tmpDir } from './helpers';

let dir: string;
let db: string;
const BOX = '34,32,36,34';
const WINDOW = {
  requested: { start_date: '2026-08-01', end_date: '2026-11-27' },
  applied: { start_date: '2026-09-23', end_date: '2026-11-26' },
  reason: 'plan_without_real_time',
};

beforeAll(() => {
  dir = tmpDir();
  db = handCache(dir, 'clamped', {
    signals: [altSignal(1, { lat: 32.79, lng: 34.99, country_code: 'IL', placed: true })],
  });
  const ro = openCacheReadOnly(db);
  const meta = readCacheMeta(ro)!;
  ro.close();
  const w = openCache(db, { baseUrl: meta.baseUrl, profile: meta.profile });
  // The same narrowing, as the demo's free plan reports it, recorded by three streams.
  for (const stream of ['signals', 'reconcile', 'threads'])
    setStreamClamps(
      w,
      stream,
      [{ stream, kind: 'window_clamp', detail: WINDOW }],
      '2026-11-27T06:00:00.000Z',
    );
  setStreamClamps(
    w,
    'signals',
    [
      { stream: 'signals', kind: 'window_clamp', detail: WINDOW },
      {
        stream: 'signals',
        kind: 'filter_clamp',
        detail: { recency: { requested: '1h', applied: '24h' }, required_plans: ['analyst', 'pro'] },
        required_plans: ['analyst', 'pro'],
      },
    ],
    '2026-11-27T06:00:00.000Z',
  );
  w.close();
});

async function caveatsOf(format: 'html' | 'geojson' | 'kml'): Promise<string> {
  const out = path.join(dir, `r.${format}`);
  const run = await report(dir, ['--bbox', BOX, '--format', format, '--out', out, '--db', db]);
  expect(run.code, run.stderr).toBe(0);
  const text = readFileSync(out, 'utf8');
  if (format === 'geojson')
    return (JSON.parse(text) as { report: { caveats: string[] } }).report.caveats.join('\n');
  if (format === 'kml') return text.slice(text.indexOf('Caveats:'), text.indexOf('</description>'));
  const list = text.slice(
    text.indexOf('<ul class="caveats">'),
    text.indexOf('</ul>', text.indexOf('<ul class="caveats">')),
  );
  return list
    .replace(/<\/li>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&#39;/g, "'");
}

describe('clamp caveats', () => {
  it.each(['html', 'geojson', 'kml'] as const)('%s: in words, once each', async (format) => {
    const text = await caveatsOf(format);
    expect(text).not.toMatch(/[{}]|"requested"|plan_without_real_time/);
    const windowLines = text.split('\n').filter((l) => /narrowed the time window/i.test(l));
    expect(windowLines).toHaveLength(1);
    const line = windowLines[0]!;
    expect(line).toContain('signals, reconcile and threads streams');
    expect(line).toContain('asked for 2026-08-01 to 2026-11-27, given 2026-09-23 to 2026-11-26');
    expect(line).toContain('because the plan has no real-time data');
    expect(line).toContain('lifted by a plan with real-time data');
    const filter = text.split('\n').find((l) => /dropped or replaced a filter/i.test(l))!;
    expect(filter).toContain('recency: asked for 1h, given 24h');
    expect(filter).toContain('lifted by the analyst or the pro plans');
  });
});
