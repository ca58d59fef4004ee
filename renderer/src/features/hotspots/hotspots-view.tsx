// Hotspots (issue 14, alternate profile): counts of signals by category and by day (GET
// /signals/stats) and where they cluster (GET /signals/hotspots), drawn on the map as a grid.
// 1 token each, shown before the call; every answer stored and read again offline. The main
// profile's service has neither, and the view says so.
import type { StoredAnswerOf } from '../../../../shared/contract';
import { useBoxTool } from '../../state/box-tool';
import { useViewState } from '../../state/view-state';
import { mapSize, viewBBox } from '../../map/view-area';
import { defineToolView, toolRun } from '../../tools-common/define-tool';
import { Field, TableScroll } from '../../tools-common/tool-view';
import { buildHotspots, buildStats, formOf, summarizeHotspots, summarizeWindow } from './hotspots-params';
import { useHotspotsState } from './hotspots-state';

const words = (v: string) => v.replace(/_/g, ' ');

function HotspotsForm() {
  const form = useHotspotsState((s) => s.form);
  const set = useHotspotsState((s) => s.set);
  const drawn = useBoxTool((s) => s.box);
  const map = useViewState((s) => s.map);
  const drawnBox =
    drawn && drawn[2] >= drawn[0] ? drawn.map((x) => Math.round(x * 1e4) / 1e4).join(',') : null;
  return (
    <form className="tool-form" aria-label="Stats and hotspots" onSubmit={(e) => e.preventDefault()}>
      <fieldset>
        <legend>Where and when</legend>
        <Field
          label="Box (W,S,E,N)"
          value={form.bbox}
          placeholder="anywhere"
          onChange={(bbox) => set({ bbox, bboxFrom: 'Typed' })}
        />
        {form.bboxFrom && <p className="muted">From: {form.bboxFrom}</p>}
        <p>
          <button
            type="button"
            className="ghost"
            disabled={!drawnBox}
            onClick={() => drawnBox && set({ bbox: drawnBox, bboxFrom: 'The box drawn on the map' })}
          >
            Use the drawn box
          </button>{' '}
          <button
            type="button"
            className="ghost"
            onClick={() => {
              const { width, height } = mapSize();
              set({
                bbox: viewBBox(map.center, map.zoom, width, height).join(','),
                bboxFrom: 'The map’s view',
              });
            }}
          >
            Use the map’s view
          </button>
        </p>
        <Field label="Up to (UTC day)" type="date" value={form.date} onChange={(date) => set({ date })} />
        <Field label="Days" type="number" value={form.days} onChange={(days) => set({ days })} />
        <Field
          label="Categories"
          value={form.categories}
          placeholder="all (or comma-separated)"
          onChange={(categories) => set({ categories })}
        />
      </fieldset>
      <fieldset>
        <legend>Hotspots grid</legend>
        <Field
          label="Cell size (°)"
          type="number"
          value={form.precision}
          onChange={(precision) => set({ precision })}
        />
        <Field
          label="Lowest severity score"
          type="number"
          value={form.minSeverity}
          placeholder="any"
          onChange={(minSeverity) => set({ minSeverity })}
        />
        <Field
          label="At most (cells’ signals)"
          type="number"
          value={form.limit}
          placeholder="the service’s default"
          onChange={(limit) => set({ limit })}
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
        <table className="dense" aria-label="By category">
          <thead>
            <tr>
              <th scope="col">Category</th>
              <th scope="col" className="right">
                Signals
              </th>
            </tr>
          </thead>
          <tbody>
            {a.stats.by_category.map((c, i) => (
              <tr key={c.category ?? i}>
                <td>{c.category ? words(c.category) : '(none given)'}</td>
                <td className="right num">{c.count ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className="dense" aria-label="By day">
          <thead>
            <tr>
              <th scope="col">Day (UTC)</th>
              <th scope="col" className="right">
                Signals
              </th>
            </tr>
          </thead>
          <tbody>
            {a.stats.by_day.map((d, i) => (
              <tr key={d.date ?? i}>
                <td className="num">{d.date ?? '(none given)'}</td>
                <td className="right num">{d.count ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function HotspotsAnswer({ answer }: { answer: StoredAnswerOf<'hotspots'> }) {
  const setView = useViewState((s) => s.setView);
  const a = answer.answer;
  if (!a) return null;
  return (
    <div data-testid="hotspots-answer">
      <p>
        <strong data-testid="hotspots-count">{a.hotspots.length}</strong> cells of{' '}
        {a.meta.precision ?? answer.request.precision ?? '?'}° from {a.meta.point_count ?? '?'} signals
        {a.meta.min_severity ? ` with a severity score of at least ${a.meta.min_severity}` : ''}{' '}
        <button type="button" onClick={() => setView('map')}>
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
                <td className="right num">{h.count}</td>
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
