// The report as KML 2.2 (docs/reports.md): one Placemark per plotted signal, styled by
// severity band, with a TimeStamp and its key fields in the description, in one Folder per
// category. Country-level signals are listed in a document-level Folder's description and
// get no Placemark: their coordinates are their country's centre, not a place.
// Written here rather than through a GeoJSON-to-KML library: none of the maintained ones
// writes shared Styles or TimeStamps.
import type { CachedSignal } from '../cache';
import type { ReportData, ReportLocalNote } from './model';
import {
  SEVERITY_BANDS,
  bandOf,
  categoryWords,
  count,
  fieldText,
  placeOf,
  pointOf,
  severityOf,
  whenOf,
} from './signal-fields';

// XML 1.0 forbids most C0 controls even as references; they are dropped, the rest escaped.
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const esc = (v: unknown): string =>
  fieldText(v)
    .replace(INVALID_XML, '')
    .replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
    );

/** KML colours are aabbggrr. */
const kmlColour = (hex: string) => `ff${hex.slice(5, 7)}${hex.slice(3, 5)}${hex.slice(1, 3)}`;

/** The analyst's local-only notes on a signal, in its description (never sent to the service). */
const notesText = (notes: ReportLocalNote[] | undefined) =>
  (notes ?? []).map(
    (n) =>
      `LOCAL-ONLY note (${n.createdAt}${n.parentId ? ', reply' : ''}): ${n.title ? `${n.title}: ` : ''}${n.note}` +
      ` [confidence: ${n.confidence ?? 'not stated'}; likelihood: ${n.likelihood ?? 'not stated'}]`,
  );

function keyFields(s: CachedSignal, notes?: ReportLocalNote[]): string {
  return [
    `When: ${whenOf(s)}`,
    `Category: ${categoryWords(s.category)}`,
    `Place: ${placeOf(s)}`,
    `Stage: ${fieldText(s.stage)}`,
    `Severity: ${severityOf(s)}`,
    `Id: ${fieldText(s.id)}`,
    s.retracted ? 'RETRACTED by the service' : '',
    s.merged_ids?.length ? `Folded in: ${s.merged_ids.join(', ')}` : '',
    fieldText(s.summary),
    ...notesText(notes),
  ]
    .filter(Boolean)
    .join('\n');
}

function placemark(s: CachedSignal, [lng, lat]: [number, number], notes?: ReportLocalNote[]): string {
  const when = whenOf(s);
  return (
    `<Placemark id="${esc(`signal-${fieldText(s.id)}`)}"><name>${esc(s.title)}</name>` +
    `<description>${esc(keyFields(s, notes))}</description>` +
    (when ? `<TimeStamp><when>${esc(when)}</when></TimeStamp>` : '') +
    `<styleUrl>#band-${bandOf(s).key}</styleUrl>` +
    `<ExtendedData><Data name="id"><value>${esc(s.id)}</value></Data><Data name="category"><value>${esc(s.category)}</value></Data>` +
    `<Data name="severity_band"><value>${esc(s.severity_band)}</value></Data><Data name="severity_score"><value>${esc(s.severity_score)}</value></Data></ExtendedData>` +
    `<Point><coordinates>${lng},${lat}</coordinates></Point></Placemark>`
  );
}

export function renderKml(d: ReportData): string {
  const byCategory = new Map<string, string[]>();
  const notPlaced: CachedSignal[] = [];
  const notes = new Map<string, ReportLocalNote[]>();
  for (const n of d.localNotes) notes.set(n.signalId, [...(notes.get(n.signalId) ?? []), n]);
  for (const s of d.signals) {
    const p = pointOf(s);
    if (!p) {
      notPlaced.push(s);
      continue;
    }
    const cat = categoryWords(s.category) || 'uncategorised';
    byCategory.set(cat, [...(byCategory.get(cat) ?? []), placemark(s, p, notes.get(String(s.id)))]);
  }
  const styles = SEVERITY_BANDS.map(
    (b) =>
      `<Style id="band-${b.key}"><IconStyle><color>${kmlColour(b.colour)}</color><scale>${b.key === 'critical' ? 1.2 : 0.9}</scale></IconStyle><LabelStyle><scale>0</scale></LabelStyle></Style>`,
  ).join('\n');
  const folders = [...byCategory]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([cat, marks]) =>
        `<Folder><name>${esc(cat)} (${count(marks.length)})</name>\n${marks.join('\n')}\n</Folder>`,
    )
    .join('\n');
  const countryLevel = notPlaced.length
    ? `<Folder id="not-placed"><name>Country-level signals, not placed (${count(notPlaced.length)})</name><description>${esc(
        "Known only to country level: the coordinates the service gives them are their country's centre, not a place, so they have no Placemark.\n\n" +
          notPlaced
            .map(
              (s) =>
                `${whenOf(s)} | ${fieldText(s.title)} | ${placeOf(s)} | ${severityOf(s)} | id ${fieldText(s.id)}`,
            )
            .join('\n'),
      )}</description></Folder>`
    : '';
  const about = [
    `Scope: ${d.scope}`,
    `Generated at: ${d.generatedAt}`,
    `Data as of: ${d.dataAsOf ?? 'never synced'} (signals stream's last sync)`,
    `Service: ${d.baseUrl} (${d.profile} profile)`,
    '',
    'Caveats:',
    ...d.caveats.map((c) => `- ${c}`),
  ].join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>${esc(d.title)}</name>
<description>${esc(about)}</description>
${styles}
${countryLevel}
${folders}
</Document></kml>
`;
}
