// Readable tables for the terminal (the --json forms carry the same facts). Plain text, no
// colour: the output is often piped or pasted into a report.
import type { FamilyCatalog, FamilyKey } from './families';
import type { PassesResponse } from './predict';

function table(header: string[], rows: string[][], rightAligned: ReadonlySet<number> = new Set()): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (rightAligned.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

export function formatPassesTable(r: PassesResponse): string {
  const { meta } = r;
  const out = [
    `Passes over ${meta.target.lat.toFixed(4)}, ${meta.target.lon.toFixed(4)}, ` +
      `${meta.window.start} to ${meta.window.end} (UTC, end day included); ` +
      `${meta.satellites} satellites in ${meta.families.length} famil${meta.families.length === 1 ? 'y' : 'ies'}`,
    '',
  ];
  if (r.passes.length === 0)
    out.push(
      r.retrieval_ok
        ? 'No pass within the families’ off-nadir ranges in this window.'
        : 'No pass can be shown: timing is unavailable (see the note), which is not the same as no passes.',
    );
  else
    out.push(
      table(
        [
          'PEAK (UTC)',
          'SATELLITE',
          'FAMILY',
          'SENSOR',
          'MODE',
          'OFF-NADIR',
          'DIRECTION',
          'SUN',
          'TLE AGE',
          '',
        ],
        r.passes.map((p) => [
          p.peak.replace('T', ' ').replace('Z', ''),
          p.satellite,
          p.family_key,
          p.sensor,
          p.collection_mode,
          `${p.off_nadir_deg.toFixed(2)}°`,
          p.direction,
          p.sunlit ? 'day' : 'night',
          `${p.tle_age_days.toFixed(2)} d`,
          p.is_past ? 'past' : '',
        ]),
        new Set([5, 8]),
      ),
    );
  out.push('');
  out.push(
    `${r.passes.length} pass${r.passes.length === 1 ? '' : 'es'} shown of ${meta.passes_found} found. ` +
      `Elements: ${
        r.freshness.max_tle_age_days === null
          ? 'none'
          : `up to ${r.freshness.max_tle_age_days.toFixed(2)} days from the peaks (${r.freshness.stale ? 'STALE' : 'fresh'}, limit ${r.freshness.stale_after_days})`
      }.` +
      (r.retrieval_ok ? '' : ' Retrieval incomplete.'),
  );
  out.push(`Note: ${r.note}`);
  out.push(r.attribution);
  return `${out.join('\n')}\n`;
}

export interface CatalogSatellite {
  norad_id: number;
  name: string;
  epoch: string;
  source: string;
}

export interface CatalogEntry {
  key: FamilyKey;
  label: string;
  operator: string;
  sensor: 'optical' | 'sar';
  collection_mode: 'systematic' | 'taskable';
  off_nadir_deg: { min: number; max: number };
  source: string;
  members: { norad_ids: number[]; name_patterns: string[]; exclude_patterns: string[] };
  satellites: CatalogSatellite[];
  /** Listed NORAD ids with no element set in the cache or file. */
  missing_norad_ids: number[];
}

export function formatCatalog(entries: CatalogEntry[], elementsLabel: string, now: Date): string {
  const out = [`Satellite families (elements: ${elementsLabel})`, ''];
  for (const e of entries) {
    out.push(
      `${e.key}: ${e.label}`,
      `  ${e.sensor}, ${e.collection_mode}, off-nadir ${e.off_nadir_deg.min}–${e.off_nadir_deg.max}°; operator ${e.operator}`,
      `  members: ${e.members.norad_ids.length} listed NORAD id${e.members.norad_ids.length === 1 ? '' : 's'}; names ${e.members.name_patterns.join(', ')}` +
        (e.members.exclude_patterns.length ? ` (not ${e.members.exclude_patterns.join(', ')})` : ''),
    );
    if (e.satellites.length === 0) out.push('  no element sets: passes for this family cannot be computed');
    else
      out.push(
        table(
          ['  NORAD', 'NAME', 'EPOCH (UTC)', 'AGE'],
          e.satellites.map((s) => [
            `  ${s.norad_id}`,
            s.name,
            s.epoch.replace('T', ' ').replace(/\.\d{3}Z$/, ''),
            `${((now.getTime() - Date.parse(s.epoch)) / 86_400_000).toFixed(1)} d`,
          ]),
          new Set([3]),
        ),
      );
    if (e.missing_norad_ids.length) out.push(`  listed without elements: ${e.missing_norad_ids.join(', ')}`);
    out.push('');
  }
  return `${out.join('\n')}`;
}

export function catalogEntries(
  catalog: FamilyCatalog,
  members: { noradId: number; name: string; epoch: string; source: string; family: FamilyKey }[],
): CatalogEntry[] {
  return [...catalog.values()].map((f) => {
    const sats = members
      .filter((m) => m.family === f.key)
      .sort((a, b) => a.name.localeCompare(b.name) || a.noradId - b.noradId)
      .map((m) => ({ norad_id: m.noradId, name: m.name, epoch: m.epoch, source: m.source }));
    const present = new Set(sats.map((s) => s.norad_id));
    return {
      key: f.key,
      label: f.label,
      operator: f.operator,
      sensor: f.sensor,
      collection_mode: f.collection_mode,
      off_nadir_deg: f.off_nadir_deg,
      source: f.source,
      members: f.members,
      satellites: sats,
      missing_norad_ids: f.members.norad_ids.filter((id) => !present.has(id)),
    };
  });
}
