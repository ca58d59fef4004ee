// The demo's GET /imagery uses event_point, event_aoi, event_timestamp and event_date as the
// main profile document writes them ("GET /api/v1/imagery", "Imagery scene"), through the
// typed client: per-scene target_relation, same-day scenes promoted by time, the window widened
// to the pre/post span, and bracketing only when there are scenes on both sides.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MainClient } from '../../../electron/api';
import type { DemoService } from '../../../electron/demo';
import { demoWithClient } from '../../helpers/demo';

let demo: DemoService;
let client: MainClient;
beforeAll(async () => ({ demo, client } = await demoWithClient('main')));
afterAll(() => demo.close());

type Box = [number, number, number, number];
interface Scene {
  id: string;
  datetime: string;
  bbox: Box;
  timing?: string;
  target_relation?: {
    covers_event_geometry: boolean;
    usable_for_analysis: boolean;
    intersects_event_aoi?: boolean;
    event_aoi_coverage_ratio?: number;
  };
}
const BBOX = '36,49.8,36.4,50.1';
const search = async (params: Omit<Parameters<MainClient['imagery']>[0], 'bbox'>) => {
  const r = await client.imagery({ bbox: BBOX, limit: 100, ...params });
  return { meta: r.data.meta as Record<string, unknown>, scenes: r.data.scenes as unknown as Scene[] };
};
const day = (s: Scene) => s.datetime.slice(0, 10);
const addDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A scene with scenes of other days before and after it within a week. */
async function middleScene(): Promise<Scene> {
  const { scenes } = await search({ start_date: '2026-11-01', end_date: '2026-11-19' });
  const s = scenes.find(
    (x) =>
      scenes.some((y) => day(y) < day(x) && day(y) >= addDays(day(x), -7)) &&
      scenes.some((y) => day(y) > day(x) && day(y) <= addDays(day(x), 7)),
  );
  expect(s, 'a scene with neighbours on both sides').toBeDefined();
  return s!;
}

describe('GET /imagery with event parameters', () => {
  it('event_point adds per-scene target_relation: covers_event_geometry is the footprint containing the point', async () => {
    const point: [number, number] = [36.2, 49.95];
    const { scenes } = await search({ start_date: '2026-11-01', end_date: '2026-11-19', event_point: point });
    expect(scenes.length).toBeGreaterThan(0);
    for (const s of scenes) {
      const inside =
        point[0] >= s.bbox[0] && point[0] <= s.bbox[2] && point[1] >= s.bbox[1] && point[1] <= s.bbox[3];
      expect(s.target_relation, s.id).toBeDefined();
      expect(s.target_relation!.covers_event_geometry, s.id).toBe(inside);
      if (s.target_relation!.usable_for_analysis) expect(s.target_relation!.covers_event_geometry).toBe(true);
    }
    expect(scenes.some((s) => s.target_relation!.covers_event_geometry)).toBe(true);
  });

  it('event_aoi adds intersects_event_aoi and event_aoi_coverage_ratio, measured on the footprint', async () => {
    const aoi: Box = [36.1, 49.9, 36.3, 50.0];
    const { scenes } = await search({ start_date: '2026-11-01', end_date: '2026-11-19', event_aoi: aoi });
    expect(scenes.length).toBeGreaterThan(0);
    for (const s of scenes) {
      const w = Math.max(0, Math.min(s.bbox[2], aoi[2]) - Math.max(s.bbox[0], aoi[0]));
      const h = Math.max(0, Math.min(s.bbox[3], aoi[3]) - Math.max(s.bbox[1], aoi[1]));
      const ratio = (w * h) / ((aoi[2] - aoi[0]) * (aoi[3] - aoi[1]));
      expect(s.target_relation!.event_aoi_coverage_ratio, s.id).toBeCloseTo(ratio, 2);
      expect(s.target_relation!.intersects_event_aoi, s.id).toBe(w > 0 && h > 0);
      expect(s.target_relation!.covers_event_geometry, s.id).toBe(ratio > 0.9995);
    }
  });

  it('event_timestamp promotes a same-day scene to pre or post by its time', async () => {
    const s = await middleScene();
    const t = Date.parse(s.datetime);
    const find = (scenes: Scene[]) => scenes.find((x) => x.id === s.id)!;
    const byDate = await search({ start_date: day(s), end_date: day(s), event_date: day(s) });
    expect(find(byDate.scenes).timing).toBe('same_day_unknown');
    for (const x of byDate.scenes)
      expect(x.timing, x.id).toBe(day(x) < day(s) ? 'pre' : day(x) > day(s) ? 'post' : 'same_day_unknown');

    const before = new Date(t - 60_000).toISOString();
    const after = new Date(t + 60_000).toISOString();
    expect(
      find(
        (await search({ event_date: day(s), event_timestamp: before, start_date: day(s), end_date: day(s) }))
          .scenes,
      ).timing,
    ).toBe('post');
    expect(
      find(
        (await search({ event_date: day(s), event_timestamp: after, start_date: day(s), end_date: day(s) }))
          .scenes,
      ).timing,
    ).toBe('pre');
  });

  it('event_date widens the window to the pre/post span around the event', async () => {
    const s = await middleScene();
    const { meta, scenes } = await search({ start_date: day(s), end_date: day(s), event_date: day(s) });
    expect(String(meta.start_date) < day(s)).toBe(true);
    expect(String(meta.end_date) > day(s)).toBe(true);
    expect(scenes.some((x) => x.timing === 'pre')).toBe(true);
    expect(scenes.some((x) => x.timing === 'post')).toBe(true);
    expect(meta).toMatchObject({ has_pre_baseline: true, has_post: true, bracketing_available: true });
  });

  it('bracketing_available is true only with scenes on both sides of the event', async () => {
    const today = demo.world.today();
    const { meta, scenes } = await search({
      start_date: addDays(today, -6),
      end_date: today,
      event_date: today,
    });
    expect(scenes.some((x) => x.timing === 'pre')).toBe(true);
    expect(scenes.some((x) => x.timing === 'post')).toBe(false);
    expect(meta).toMatchObject({ has_pre_baseline: true, has_post: false, bracketing_available: false });
  });

  it('a radar search with event_date also says whether a pre/post pair exists', async () => {
    const s = await middleScene();
    const r = await client.imagery({
      bbox: BBOX,
      collection: 'sentinel-1-grd',
      event_date: day(s),
      limit: 100,
    });
    expect(r.data.meta).toHaveProperty('sar_pair_status');
    expect(r.data.meta).toHaveProperty('orbit_note');
  });

  it('an event_timestamp on another day than event_date is refused, naming it', async () => {
    await expect(
      client.imagery({ bbox: BBOX, event_date: '2026-11-10', event_timestamp: '2026-11-11T10:00:00Z' }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringContaining('event_timestamp') });
  });
});

describe('GET /imagery acquisition times', () => {
  /** Local solar time (hours) of a scene at its footprint's centre. */
  const solarHours = (s: Scene) => {
    const t = new Date(s.datetime);
    const lng = (s.bbox[0] + s.bbox[2]) / 2;
    return (((t.getUTCHours() + t.getUTCMinutes() / 60 + lng / 15) % 24) + 24) % 24;
  };
  const off = (h: number, target: number) => Math.abs(((h - target + 36) % 24) - 12);

  it.each([
    // Sentinel-2 crosses the equator southbound at 10:30 local solar time; Sentinel-1 and NISAR
    // fly dawn-dusk orbits (about 06:00 descending, 18:00 ascending).
    ['sentinel-2-l2a', [10.5], '36,49.8,36.4,50.1'],
    ['sentinel-2-l2a', [10.5], '-99.2,19.3,-98.9,19.6'],
    ['sentinel-2-l2a', [10.5], '120.9,14.5,121.1,14.7'],
    ['sentinel-1-grd', [6, 18], '36,49.8,36.4,50.1'],
    ['nisar-l-band', [6, 18], '-99.2,19.3,-98.9,19.6'],
  ] as const)(
    '%s scenes fall near their satellite’s local solar time (%j h) over %s',
    async (collection, hours, bbox) => {
      const r = await client.imagery({
        bbox,
        collection,
        start_date: '2026-10-22',
        end_date: '2026-11-19',
        limit: 100,
      });
      const scenes = r.data.scenes as unknown as Scene[];
      expect(scenes.length).toBeGreaterThan(3);
      for (const s of scenes)
        expect(Math.min(...hours.map((h) => off(solarHours(s), h))), s.datetime).toBeLessThan(0.5);
    },
  );
});
