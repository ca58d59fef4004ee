// The passes as a table the analyst can sort by any column (soonest first by default). The
// table starts at now: the passes of the window that already peaked (its first day starts at
// 00:00 UTC, as the service's windows do) are listed apart, below, under a heading that says
// why (past-passes.tsx). A pass whose element set is more than 3 days from its peak is marked
// stale on its row: its timing may be off by seconds or more. Choosing a row selects the pass
// everywhere (the map draws its ground track with the place).
import { useMemo, useState } from 'react';
import type { PassRow } from '../../../../shared/contract';
import { useSelection } from '../../state/selection';
import { formatUtc } from '../../ui/time';
import { PastPasses } from './past-passes';
import { passId, usePassesState } from './passes-state';

type Key =
  | 'peak'
  | 'satellite'
  | 'family_key'
  | 'sensor'
  | 'off_nadir_deg'
  | 'elevation_deg'
  | 'sunlit'
  | 'direction'
  | 'tle_age_days';

/** `spare`: a column left out when the table's box is narrow (passes.css); the row's title has it. */
const COLUMNS: { key: Key; label: string; right?: boolean; spare?: boolean }[] = [
  { key: 'peak', label: 'Peak (UTC)' },
  { key: 'satellite', label: 'Satellite' },
  { key: 'family_key', label: 'Family' },
  { key: 'sensor', label: 'Sensor', spare: true },
  { key: 'off_nadir_deg', label: 'Off-nadir °', right: true },
  { key: 'elevation_deg', label: 'Elevation °', right: true, spare: true },
  { key: 'sunlit', label: 'Light' },
  { key: 'direction', label: 'Direction', spare: true },
  { key: 'tle_age_days', label: 'Elements age (d)', right: true },
];

/** Rows drawn at once; the rest are counted and reached by sorting or by choosing a family. */
export const TABLE_ROWS = 300;

function compare(a: PassRow, b: PassRow, key: Key): number {
  const x = key === 'tle_age_days' ? Math.abs(a[key]) : a[key];
  const y = key === 'tle_age_days' ? Math.abs(b[key]) : b[key];
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  return String(x).localeCompare(String(y));
}

export function PassTable({
  passes,
  target,
  staleAfterDays,
  windowStart,
  asOf,
}: {
  passes: readonly PassRow[];
  target: { lat: number; lon: number };
  staleAfterDays: number;
  /** The window's first day (YYYY-MM-DD): its 00:00 UTC is where the past passes start. */
  windowStart: string;
  /** When main computed them (whether a pass is past is judged then). */
  asOf: string;
}) {
  const [sort, setSort] = useState<{ key: Key; dir: 1 | -1 }>({ key: 'peak', dir: 1 });
  const chosen = usePassesState((s) => s.chosen);
  const choose = usePassesState((s) => s.choose);
  const select = useSelection((s) => s.select);
  const sorted = useMemo(
    () =>
      [...passes].sort(
        (a, b) =>
          sort.dir * compare(a, b, sort.key) ||
          a.peak.localeCompare(b.peak) ||
          a.satellite.localeCompare(b.satellite),
      ),
    [passes, sort],
  );
  const upcoming = sorted.filter((p) => !p.is_past);
  const past = sorted.filter((p) => p.is_past);
  const pick = (p: PassRow) => {
    const id = passId(p);
    choose({ id, pass: p, target });
    select({ kind: 'pass', id, label: `${p.satellite} · ${formatUtc(p.peak)}`, from: 'Passes' });
  };
  const head = (
    <thead>
      <tr>
        {COLUMNS.map((c) => (
          <th
            key={c.key}
            className={[c.right && 'right', c.spare && 'spare'].filter(Boolean).join(' ') || undefined}
            aria-sort={sort.key === c.key ? (sort.dir === 1 ? 'ascending' : 'descending') : 'none'}
          >
            <button
              type="button"
              className="th-sort"
              onClick={() => setSort((s) => ({ key: c.key, dir: s.key === c.key ? (-s.dir as 1 | -1) : 1 }))}
            >
              {c.label}
              <span aria-hidden="true">{sort.key === c.key ? (sort.dir === 1 ? ' ▲' : ' ▼') : ''}</span>
            </button>
          </th>
        ))}
      </tr>
    </thead>
  );
  const row = (p: PassRow) => {
    const id = passId(p);
    const stale = Math.abs(p.tle_age_days) > staleAfterDays;
    return (
      <tr
        key={id}
        tabIndex={0}
        data-testid="pass-row"
        aria-selected={chosen?.id === id}
        onClick={() => pick(p)}
        onKeyDown={(e) => e.key === 'Enter' && pick(p)}
        title={`Select this pass: the map draws its ground track (${p.sensor === 'sar' ? 'SAR' : 'optical'}, elevation ${p.elevation_deg.toFixed(1)}°, ${p.direction})`}
      >
        <td className="num">{formatUtc(p.peak, true).replace(' UTC', '')}</td>
        <td>{p.satellite}</td>
        <td>{p.family_key}</td>
        <td className="spare">{p.sensor === 'sar' ? 'SAR' : 'optical'}</td>
        <td className="right num">{p.off_nadir_deg.toFixed(1)}</td>
        <td className="right num spare">{p.elevation_deg.toFixed(1)}</td>
        <td>{p.sunlit ? 'sunlit' : 'night'}</td>
        <td className="spare">{p.direction}</td>
        <td className="right num">
          {stale && (
            <span className="tag tag-warn" title={`Over ${staleAfterDays} days from the elements' epoch`}>
              STALE
            </span>
          )}{' '}
          {p.tle_age_days.toFixed(1)}
        </td>
      </tr>
    );
  };
  const shown = upcoming.slice(0, TABLE_ROWS);
  return (
    <>
      <div className="table-scroll passes-table-scroll">
        <table className="dense passes-table" aria-label="Passes">
          {head}
          <tbody>{shown.map(row)}</tbody>
        </table>
        {upcoming.length === 0 && (
          <p className="muted" data-testid="passes-none-to-come">
            No pass from now to the end of the window
            {past.length ? ': every pass listed is already past' : ''}.
          </p>
        )}
        {upcoming.length > shown.length && (
          <p className="muted">
            Showing the first <span className="num">{shown.length}</span> of{' '}
            <span className="num">{upcoming.length}</span> in this order: sort another way or choose a family
            in the timeline.
          </p>
        )}
      </div>
      <PastPasses count={past.length} windowStart={windowStart} asOf={asOf}>
        <div className="table-scroll passes-table-scroll">
          <table className="dense passes-table passes-past-table" aria-label="Already past">
            {head}
            <tbody>{past.slice(0, TABLE_ROWS).map(row)}</tbody>
          </table>
          {past.length > TABLE_ROWS && (
            <p className="muted" data-testid="passes-past-more">
              Showing the first <span className="num">{TABLE_ROWS}</span> of{' '}
              <span className="num">{past.length}</span> in this order: sort another way or choose a family in
              the timeline.
            </p>
          )}
        </div>
      </PastPasses>
    </>
  );
}
