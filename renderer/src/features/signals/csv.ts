// Signal rows as CSV for the clipboard: one header line, UTC ISO times, empty cells for
// unknowns (never 0). A cell a spreadsheet would run as a formula is quoted with a leading '.
import type { SignalRow } from '../../../../shared/contract';

const COLUMNS: [string, (r: SignalRow) => string | number | null][] = [
  ['id', (r) => r.id],
  ['occurred_at_utc', (r) => r.occurredAt],
  ['severity_band', (r) => r.severityBand],
  ['title', (r) => r.title],
  ['category', (r) => r.category],
  ['stage', (r) => r.stage],
  ['place', (r) => r.location],
  ['country', (r) => r.country],
  ['country_code', (r) => r.countryCode],
  ['publishers', (r) => r.publishers],
  ['measured_kind', (r) => r.measuredKind],
  ['lat', (r) => (r.plottable ? r.lat : null)],
  ['lng', (r) => (r.plottable ? r.lng : null)],
  ['retracted', (r) => (r.retracted ? 'true' : 'false')],
  ['markets', (r) => r.markets.join(';')],
];

function cell(v: string | number | null): string {
  if (v === null) return '';
  let s = String(v);
  if (/^[=+\-@\t\r]/.test(s) && typeof v === 'string') s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function signalsCsv(rows: readonly SignalRow[]): string {
  const lines = [COLUMNS.map(([h]) => h).join(',')];
  for (const r of rows) lines.push(COLUMNS.map(([, get]) => cell(get(r))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
