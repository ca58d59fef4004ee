// A small cache written by hand for report tests that must not depend on the demo's day: a
// few signals placed exactly where a test needs them, and watches.
import path from 'node:path';
import { openCache, setCheckpoint, storeSignalsPage, storeWatches } from '../../../electron/cache';

export const HAIFA_AREA = [34.565, 32.364, 35.565, 33.364] as const;
/** Where the alternate service puts a Lebanon-level record: the country's centre. */
export const LEBANON_CENTRE = { lat: 33.875, lng: 35.85 };

/** An alternate-profile record (spec: alternate "Signal"): country-level when not geo_verified. */
export function altSignal(
  id: number,
  over: { lat: number; lng: number; country_code: string; placed: boolean; day?: string; title?: string },
): Record<string, unknown> {
  return {
    id,
    event_date: over.day ?? '2026-11-20',
    category: 'armed_conflict',
    title: over.title ?? `Event ${id}`,
    summary: 'hand-made',
    location: over.placed ? 'Haifa' : '',
    country_code: over.country_code,
    lat: over.lat,
    lng: over.lng,
    geo_verified: over.placed,
    geo_validation: { search_ready: over.placed },
    severity_score: 5,
    last_updated_at: `${over.day ?? '2026-11-20'}T12:00:00Z`,
  };
}

/** An alternate cache (a non-loopback service, so not demo) holding these signals and watches. */
export function handCache(
  dir: string,
  name: string,
  content: { signals: Record<string, unknown>[]; watches?: Record<string, unknown>[] },
): string {
  const file = path.join(dir, `${name}.db`);
  const db = openCache(file, { baseUrl: 'https://service.example/api/v1', profile: 'alternate' });
  storeSignalsPage(db, { profile: 'alternate', signals: content.signals });
  if (content.watches) storeWatches(db, { watches: content.watches });
  setCheckpoint(db, 'signals', { done: true });
  db.close();
  return file;
}
