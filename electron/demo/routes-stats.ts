// The alternate profile's GET /signals/stats and GET /signals/hotspots (alternate document,
// "Stats record" and "Hotspot record") in the demo service.
import { pointInBBox } from '../../shared/bbox';
import type { Ctx } from './http';
import * as p from './params';
import { dateOf } from './world';

function alternateBase(ctx: Ctx) {
  const w = p.alternateWindow(ctx, 7);
  const bbox = p.bbox(ctx);
  const categories = p.list(ctx, 'categories');
  const from = `${w.start}T00:00:00.000Z`;
  const to = `${p.addDays(w.end, 1)}T00:00:00.000Z`;
  const rows = ctx.world
    .listed()
    .filter(
      (e) =>
        e.occurredAt >= from &&
        e.occurredAt < to &&
        (!bbox || pointInBBox(e.lng, e.lat, bbox)) &&
        (!categories || categories.includes(e.category)),
    );
  return { w, bbox, categories, rows };
}

export function alternateStats(ctx: Ctx) {
  const { w, bbox, categories, rows } = alternateBase(ctx);
  const byCat = new Map<string, number>();
  const byDay = new Map<string, number>();
  for (const e of rows) {
    byCat.set(e.category, (byCat.get(e.category) ?? 0) + 1);
    byDay.set(dateOf(e.occurredAt), (byDay.get(dateOf(e.occurredAt)) ?? 0) + 1);
  }
  return {
    meta: {
      start_date: w.start,
      end_date: w.end,
      bbox: bbox ?? null,
      categories: categories ?? [],
      total: rows.length,
    },
    stats: {
      by_category: [...byCat].sort((a, b) => b[1] - a[1]).map(([category, count]) => ({ category, count })),
      by_day: [...byDay].sort().map(([date, count]) => ({ date, count })),
    },
  };
}

export function alternateHotspots(ctx: Ctx) {
  const { w, bbox, rows } = alternateBase(ctx);
  const precision = p.num(ctx, 'precision', 0.1, 5) ?? 1;
  const minSeverity = p.num(ctx, 'min_severity', 0, 10) ?? 0;
  const sample = rows.filter((e) => e.severityScore >= minSeverity).slice(0, p.limit(ctx, 500, 500));
  const cells = new Map<
    string,
    { lat: number; lng: number; count: number; max_severity: number; categories: Set<string> }
  >();
  for (const e of sample) {
    const lat = Math.floor(e.lat / precision) * precision + precision / 2;
    const lng = Math.floor(e.lng / precision) * precision + precision / 2;
    const k = `${lat},${lng}`;
    const c = cells.get(k) ?? {
      lat: Number(lat.toFixed(4)),
      lng: Number(lng.toFixed(4)),
      count: 0,
      max_severity: 0,
      categories: new Set(),
    };
    c.count++;
    c.max_severity = Math.max(c.max_severity, e.severityScore);
    c.categories.add(e.category);
    cells.set(k, c);
  }
  return {
    meta: {
      start_date: w.start,
      end_date: w.end,
      bbox: bbox ?? null,
      precision,
      point_count: sample.length,
      min_severity: minSeverity,
    },
    hotspots: [...cells.values()]
      .sort((a, b) => b.count - a.count)
      .map((c) => ({ ...c, categories: [...c.categories] })),
  };
}
