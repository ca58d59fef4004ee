// Issue 26, defect 1: an alternate-profile country-level signal (not geo_verified; the service
// gives it its country's centre) is never a point. A box or watch report lists the country-level
// signals of every country the area meets, wherever that country's centre is; `signals --bbox`
// never lists one because its country's centre happens to be in the box.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runWatchfloor } from '../../helpers/cli';
import { HAIFA_AREA, LEBANON_CENTRE, altSignal, handCache } from './hand-cache';
import { env, report, tmpDir } from './helpers';

let dir: string;
let db: string;
const ISRAEL_CENTRE = { lat: 31.4, lng: 35.05 };
const EGYPT_CENTRE = { lat: 26.85, lng: 30.8 };

beforeAll(() => {
  dir = tmpDir();
  db = handCache(dir, 'alt', {
    signals: [
      altSignal(1, { lat: 32.79, lng: 34.99, country_code: 'IL', placed: true }),
      ...[2, 3, 4].map((id) => altSignal(id, { ...LEBANON_CENTRE, country_code: 'LB', placed: false })),
      ...[5, 6].map((id) => altSignal(id, { ...ISRAEL_CENTRE, country_code: 'IL', placed: false })),
      altSignal(7, { ...EGYPT_CENTRE, country_code: 'EG', placed: false }),
    ],
    watches: [
      {
        id: 'w-haifa',
        name: 'Area around Haifa',
        target_type: 'area',
        status: 'active',
        area: { bbox: [...HAIFA_AREA], area_status: 'ok' },
      },
    ],
  });
});

async function listed(args: string[], name: string): Promise<{ id: string; placed: boolean }[]> {
  const out = path.join(dir, name);
  const run = await report(dir, [...args, '--format', 'geojson', '--out', out, '--db', db]);
  expect(run.code, run.stderr).toBe(0);
  const fc = JSON.parse(readFileSync(out, 'utf8')) as {
    features: { id: string; geometry: unknown }[];
  };
  return fc.features.map((f) => ({ id: f.id, placed: f.geometry !== null }));
}

describe('alternate country-level signals in an area', () => {
  it('a watch report lists those of every country its area meets, as the box report does', async () => {
    const watch = await listed(['--watch', 'w-haifa'], 'watch.geojson');
    const box = await listed(['--bbox', HAIFA_AREA.join(',')], 'box.geojson');
    // The Haifa box meets Israel and southern Lebanon; neither centre is in it. Egypt is far.
    expect(watch.map((s) => s.id).sort()).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(watch.filter((s) => s.placed).map((s) => s.id)).toEqual(['1']);
    expect(box.map((s) => s.id).sort()).toEqual(watch.map((s) => s.id).sort());
  });

  it('`signals --bbox` around a country centre lists no country-level signal there', async () => {
    // (A cache written before the fix is mended by migration 020: test/unit/cache/migrations.test.ts.)
    const b = 0.05;
    const box = [
      LEBANON_CENTRE.lng - b,
      LEBANON_CENTRE.lat - b,
      LEBANON_CENTRE.lng + b,
      LEBANON_CENTRE.lat + b,
    ];
    const run = await runWatchfloor(['signals', '--db', db, '--bbox', box.join(',')], { env: env(dir) });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([]);
    // Without a box they are all listed, country-level ones included.
    const all = await runWatchfloor(['signals', '--db', db], { env: env(dir) });
    expect((JSON.parse(all.stdout) as unknown[]).length).toBe(7);
  });
});
