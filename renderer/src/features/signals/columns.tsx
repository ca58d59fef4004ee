// The Signals table's columns. Unknowns sort last and read "unknown" or "—", never 0.
// A profile shows only the fields its records carry: the main profile's severity band and
// stage ladder; the alternate profile's 0–10 severity score and no stage (its records have
// none, which is not the same as the service not knowing them).
import {
  columnResizingFeature,
  columnSizingFeature,
  createColumnHelper,
  createSortedRowModel,
  metaHelper,
  rowSortingFeature,
  tableFeatures,
  type SortFn,
} from '@tanstack/react-table';
import { Band, MeasuredGlyph } from '../../ui/band';
import { formatUtc } from '../../ui/time';
import type { Profile } from '../../../../shared/contract';
import type { SignalRow } from '../../../../shared/contract';

/** The table's features: sorting (here for an answer of one page, else by the cache) and resizable columns. */
export const signalFeatures = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  columnSizingFeature,
  columnResizingFeature,
  columnMeta: metaHelper<{ right?: boolean }>(),
});
type Features = typeof signalFeatures;

const col = createColumnHelper<Features, SignalRow>();
const label = (v: string) => v.replace(/_/g, ' ');

const textSort: SortFn<Features, SignalRow> = (a, b, id) =>
  String(a.getValue(id) ?? '').localeCompare(String(b.getValue(id) ?? ''), undefined, {
    sensitivity: 'base',
  });

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The occurred time as given: a date alone (the alternate profile's event_date) gets no hour. */
export const occurredText = (iso: string): string =>
  DATE_ONLY.test(iso) ? iso : formatUtc(iso).replace(' UTC', '');

const time = col.accessor((r) => (r.occurredAt ? Date.parse(r.occurredAt) : undefined), {
  id: 'time',
  header: 'Time (UTC)',
  size: 136,
  sortUndefined: 'last',
  cell: (c) => {
    const iso = c.row.original.occurredAt;
    return iso ? <time dateTime={iso}>{occurredText(iso)}</time> : <span className="muted">unknown</span>;
  },
});

const band = col.accessor((r) => r.severityBand ?? undefined, {
  id: 'band',
  header: 'Band',
  size: 56,
  sortUndefined: 'last',
  cell: (c) => <Band band={c.row.original.severityBand} />,
});

/** The alternate profile's severity_score as the service gave it (0–10), never made a band. */
const score = col.accessor((r) => r.severityScore ?? undefined, {
  id: 'score',
  header: 'Severity',
  size: 68,
  sortUndefined: 'last',
  meta: { right: true },
  cell: (c) => {
    const v = c.row.original.severityScore;
    return v === null ? (
      <span className="muted">—</span>
    ) : (
      <span className="num" title="Severity score, 0–10 (alternate profile)">
        {v}
      </span>
    );
  },
});

const titleAndCategory = col.columns([
  col.accessor('title', {
    id: 'title',
    header: 'Title',
    size: 300,
    minSize: 160,
    sortFn: textSort,
    cell: (c) => (
      <span className={c.row.original.retracted ? 'retracted' : undefined} title={c.row.original.title}>
        {c.row.original.retracted && <span className="tag tag-danger">RETRACTED</span>}{' '}
        {c.getValue() || '(untitled)'}
      </span>
    ),
  }),
  col.accessor('category', {
    id: 'category',
    header: 'Category',
    size: 116,
    sortFn: textSort,
    cell: (c) => label(c.getValue()),
  }),
]);

const stage = col.accessor((r) => r.stage ?? undefined, {
  id: 'stage',
  header: 'Stage',
  size: 84,
  sortUndefined: 'last',
  sortFn: (a, b) => rank(a.original.stage) - rank(b.original.stage),
  cell: (c) => c.row.original.stage ?? <span className="muted">unknown</span>,
});

const placeAndAfter = col.columns([
  col.accessor((r) => r.location ?? undefined, {
    id: 'place',
    header: 'Place',
    size: 110,
    sortUndefined: 'last',
    sortFn: textSort,
    cell: (c) => c.row.original.location ?? <span className="muted">—</span>,
  }),
  col.accessor((r) => r.country ?? r.countryCode ?? undefined, {
    id: 'country',
    header: 'Country',
    size: 96,
    sortUndefined: 'last',
    sortFn: textSort,
    cell: (c) => c.row.original.country ?? c.row.original.countryCode ?? <span className="muted">—</span>,
  }),
  col.accessor((r) => r.publishers ?? undefined, {
    id: 'publishers',
    header: 'Publishers',
    size: 84,
    sortUndefined: 'last',
    meta: { right: true },
    cell: (c) => c.row.original.publishers ?? <span className="muted">—</span>,
  }),
  col.accessor((r) => r.measuredKind ?? undefined, {
    id: 'measured',
    header: 'Measured kind',
    size: 104,
    sortUndefined: 'last',
    sortFn: textSort,
    cell: (c) =>
      c.row.original.measured ? (
        <span>
          <MeasuredGlyph /> {label(c.row.original.measuredKind ?? 'measured')}
        </span>
      ) : null,
  }),
]);

const STAGE_RANK = { reported: 1, localized: 2, pinpointed: 3 } as const;
const rank = (s: SignalRow['stage']) => (s ? STAGE_RANK[s] : 0);

export const SIGNAL_COLUMNS = col.columns([time, band, ...titleAndCategory, stage, ...placeAndAfter]);
const ALTERNATE_COLUMNS = col.columns([time, score, ...titleAndCategory, ...placeAndAfter]);

/** The columns of a profile's records. */
export const signalColumns = (profile: Profile) =>
  profile === 'alternate' ? ALTERNATE_COLUMNS : SIGNAL_COLUMNS;

/** The column that orders by severity: the band (main) or the score (alternate). */
const severityColumn = (profile: Profile) => (profile === 'alternate' ? 'score' : 'band');

/**
 * The remembered sort as far as this profile's columns have it (a sort by a column the
 * profile does not show, e.g. Stage on the alternate profile, falls back to newest first).
 */
export function profileSort(
  sort: readonly { id: string; desc: boolean }[],
  profile: Profile,
): { id: string; desc: boolean }[] {
  const ids = new Set(signalColumns(profile).map((c) => c.id));
  const other = severityColumn(profile === 'alternate' ? 'main' : 'alternate');
  const kept = sort
    .map((s) => (s.id === other ? { ...s, id: severityColumn(profile) } : s))
    .filter((s) => ids.has(s.id));
  return kept.length ? kept : [{ id: 'time', desc: true }];
}

export type ServiceSort = 'latest' | 'oldest' | 'severity';

/**
 * The cache's own order for the table's sort, or null when it has none: past one page the
 * rows come in that order, page by page; an answer of one page is sorted here by any column.
 */
export function servedSort(sort: readonly { id: string; desc: boolean }[]): ServiceSort | null {
  const first = sort[0];
  if (first?.id === 'time') return first.desc ? 'latest' : 'oldest';
  if ((first?.id === 'band' || first?.id === 'score') && first.desc) return 'severity';
  return null;
}

/** The table's sort that a cache order is. */
export function sortOfServed(sort: ServiceSort, profile: Profile = 'main'): { id: string; desc: boolean }[] {
  if (sort === 'severity') return [{ id: severityColumn(profile), desc: true }];
  return [{ id: 'time', desc: sort === 'latest' }];
}

/** Columns that keep their width when the table is narrow: a time, a band and a score read whole or not at all. */
const KEPT_WIDTH = new Set(['time', 'band', 'score']);
/** The least a column is narrowed to when the table must fit its box. */
export const NARROWEST = 56;

/**
 * The columns' widths in a box `room` px wide. Those the analyst sized keep their size; while
 * the title takes the room left (it is not sized) and the rest would push the table past the
 * box, the text columns give up width in proportion to what they have above NARROWEST, so the
 * table fits without scrolling sideways. Wider than the box again only past the least widths,
 * or once the analyst sizes the title.
 */
export function fitColumnWidths(
  columns: readonly { id: string; size: number; sized: boolean }[],
  room: number,
  titleMin: number,
): Record<string, number> {
  const out: Record<string, number> = Object.fromEntries(columns.map((c) => [c.id, c.size]));
  const title = columns.find((c) => c.id === 'title');
  if (room <= 0 || !title || title.sized) return out;
  const over = columns.reduce((n, c) => n + (c === title ? titleMin : c.size), 0) - room;
  const flexible = columns.filter((c) => c !== title && !c.sized && !KEPT_WIDTH.has(c.id));
  const give = flexible.reduce((n, c) => n + Math.max(0, c.size - NARROWEST), 0);
  if (over <= 0 || give <= 0) return out;
  const k = Math.min(1, over / give);
  for (const c of flexible) out[c.id] = Math.floor(c.size - Math.max(0, c.size - NARROWEST) * k);
  return out;
}
