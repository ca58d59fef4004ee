// Hotspots (issue 14, alternate profile): counts of signals by category and by day (GET
// /signals/stats) and where they cluster (GET /signals/hotspots), drawn on the map as a grid.
// 1 token each, shown before the call; every answer stored and read again offline. The main
// profile's service has neither, and the view says so.
import type { StoredAnswerOf } from '../../../../shared/contract';
import { showOnMap } from '../../state/map-request';
import { BoxField, useDrawnChoice, useMapViewChoice } from '../../tools-common/box-field';
import { defineToolView, toolRun } from '../../tools-common/define-tool';
import { CountTable, FieldList, TableScroll } from '../../tools-common/tool-view';
import { buildHotspots, buildStats, formOf, summarizeHotspots, summarizeWindow } from './hotspots-params';
import { hotspotsPlace, useHotspotsState } from './hotspots-state';
import { formatCount } from '../../../../shared/count';

const words = (v: string) => v.replace(/_/g, ' ');

function HotspotsForm() {
  const form = useHotspotsState((s) => s.form);
  const set = useHotspotsState((s) => s.set);
  const drawn = useDrawnChoice();
  const mapView = useMapViewChoice();
  return (
    <form className="tool-form" aria-label="Stats and hotspots" onSubmit={(e) => e.preventDefault()}>
      <fieldset>
        <legend>Where and when</legend>
        <BoxField
          value={form.bbox}
          from={form.bboxFrom}
          placeholder="anywhere"
          choices={[drawn, mapView]}
          onChange={(bbox, bboxFrom) => set({ bbox, bboxFrom })}
        />
        <FieldList
          form={form}
          set={set}
          fields={[
            { name: 'date', label: 'Up to (UTC day)', type: 'date' },
            { name: 'days', label: 'Days', type: 'number' },
            { name: 'categories', label: 'Categories', placeholder: 'all (or comma-separated)' },
          ]}
        />
      </fieldset>
      <fieldset>
        <legend>Hotspots grid</legend>
        <FieldList
          form={form}
          set={set}
          fields={[
            { name: 'precision', label: 'Cell size (°)', type: 'number' },
            { name: 'minSeverity', label: 'Lowest severity score', type: 'number', placeholder: 'any' },
            {
              name: 'limit',
              label: 'At most (cells’ signals)',
              type: 'number',
              placeholder: 'the service’s default',
            },
          ]}
        />
      </fieldset>
    </form>
  );
}

function StatsAnswer({ answer }: { answer: StoredAnswerOf<'stats'> }) {
  const a = answer.answer;
  if (!a) return null;
  return (
    <div data-testid="stats-answer">
      <p>
        <strong data-testid="stats-total">{a.meta.total ?? '—'}</strong> signals
        {a.meta.start_date ? ` from ${a.meta.start_date} to ${a.meta.end_date ?? '…'}` : ''}
      </p>
      <div className="tool-tables">
        <CountTable
          label="By category"
          head={['Category', 'Signals']}
          rows={a.stats.by_category.map((c, i) => ({
            key: c.category ?? String(i),
            name: c.category ? words(c.category) : '(none given)',
            count: c.count ?? '—',
          }))}
        />
        <CountTable
          label="By day"
          head={['Day (UTC)', 'Signals']}
          rows={a.stats.by_day.map((d, i) => ({
            key: d.date ?? String(i),
            name: <span className="num">{d.date ?? '(none given)'}</span>,
            count: d.count ?? '—',
          }))}
        />
      </div>
    </div>
  );
}

function HotspotsAnswer({ answer }: { answer: StoredAnswerOf<'hotspots'> }) {
  const a = answer.answer;
  if (!a) return null;
  return (
    <div data-testid="hotspots-answer">
      <p>
        <strong data-testid="hotspots-count">{formatCount(a.hotspots.length)}</strong> cells of{' '}
        {a.meta.precision ?? answer.request.precision ?? '?'}° from{' '}
        {a.meta.point_count === null || a.meta.point_count === undefined
          ? '?'
          : formatCount(a.meta.point_count)}{' '}
        signals
        {a.meta.min_severity ? ` with a severity score of at least ${a.meta.min_severity}` : ''}{' '}
        <button
          type="button"
          onClick={() => {
            const place = hotspotsPlace(answer);
            showOnMap(place?.target ?? null, place?.by);
          }}
        >
          Show the hotspots on the map
        </button>
      </p>
      <TableScroll label="Hotspots">
        <table className="dense" aria-label="Hotspots">
          <thead>
            <tr>
              <th scope="col">Centre (lat, lon)</th>
              <th scope="col" className="right">
                Signals
              </th>
              <th scope="col" className="right">
                Highest score
              </th>
              <th scope="col">Categories</th>
            </tr>
          </thead>
          <tbody>
            {a.hotspots.map((h, i) => (
              <tr key={`${h.lat},${h.lng},${i}`}>
                <td className="num">
                  {h.lat}, {h.lng}
                </td>
                <td className="right num">{formatCount(h.count)}</td>
                <td className="right num">{h.max_severity ?? '—'}</td>
                <td>{(h.categories ?? []).map(words).join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}

const state = () => useHotspotsState.getState();

export const HotspotsView = defineToolView({
  testId: 'hotspots-view',
  what: 'signal counts and hotspots',
  alternateOnly: {
    title: 'This service has no stats or hotspots',
    body: 'Counts by category and day, and hotspots, are endpoints of the alternate profile’s service. This service (the main profile) offers none, so there is nothing to ask here.',
  },
  runs: [
    toolRun({
      tool: 'stats',
      name: 'stats',
      title: 'Stats',
      empty: 'Ask for stats, or choose stored ones in their history below.',
      heading: 'Stats and hotspots',
      Form: HotspotsForm,
      useBuilt: () => buildStats(useHotspotsState((s) => s.form)),
      useChosen: () => useHotspotsState((s) => s.statsId),
      choose: (id) => state().chooseStats(id),
      summarize: summarizeWindow,
      refill: (request) => state().set(formOf(request)),
      Answer: StatsAnswer,
    }),
    toolRun({
      tool: 'hotspots',
      name: 'hotspots',
      title: 'Hotspots',
      empty: 'Ask for hotspots, or choose stored ones in the history below (stored answers read offline).',
      threshold: false,
      useBuilt: () => buildHotspots(useHotspotsState((s) => s.form)),
      useChosen: () => useHotspotsState((s) => s.hotspotsId),
      choose: (id) => state().chooseHotspots(id),
      summarize: summarizeHotspots,
      refill: (request) => state().set(formOf(request)),
      Answer: HotspotsAnswer,
    }),
  ],
  // The hotspots (what the map draws) first.
  answersOrder: [1, 0],
});
