// Developments: what changed on the events the cache holds, notable first then newest, with
// the counts by axis and by source to narrow on. World reports and instrument measurements
// are told apart in a word and a shape. A row jumps to its event: it is selected and the Map
// shows it.
import { useMemo, useState } from 'react';
import type { DevelopmentRow } from '../../../../shared/contract';
import { useSelection } from '../../state/selection';
import { useViewState } from '../../state/view-state';
import { AnswerMarks } from '../../ui/answer-marks';
import { EmptyState, Loaded } from '../../ui/empty-state';
import { PillChoices } from '../../ui/pills';
import { ChoosableRow } from '../../ui/row-table';
import { formatUtc } from '../../ui/time';
import { useAppInfo, useDevelopments } from '../../data';

type Source = 'world' | 'measurement';
const words = (v: string) => v.replace(/_/g, ' ');

/** Notable first, then newest; unknown times last. */
export function developmentOrder(a: DevelopmentRow, b: DevelopmentRow): number {
  if (a.notable !== b.notable) return a.notable ? -1 : 1;
  return (b.observedAt ?? '').localeCompare(a.observedAt ?? '');
}

function SourceWord({ source }: { source: Source }) {
  return source === 'measurement' ? (
    <span className="tl-source tl-measurement-key" title="What an instrument recorded">
      <span aria-hidden="true">◆</span> MEASUREMENT
    </span>
  ) : (
    <span className="tl-source tl-world-key" title="A report about the world">
      <span aria-hidden="true">●</span> WORLD
    </span>
  );
}

export function DevelopmentsView() {
  const [notableOnly, setNotableOnly] = useState(false);
  const [axes, setAxes] = useState<string[]>([]);
  const [sources, setSources] = useState<Source[]>([]);
  const answer = useDevelopments({
    limit: 500,
    ...(notableOnly ? { notableOnly } : {}),
    ...(axes.length ? { axes } : {}),
    ...(sources.length ? { sources } : {}),
  });
  // The counts to narrow on come from the unnarrowed answer, so a chip never vanishes once chosen.
  const all = useDevelopments({ limit: 1 });
  const demo = useAppInfo().data?.mode === 'demo';
  const select = useSelection((s) => s.select);
  const selection = useSelection((s) => s.selection);
  const setView = useViewState((s) => s.setView);
  const rows = useMemo(() => [...(answer.data?.rows ?? [])].sort(developmentOrder), [answer.data]);
  const byAxis = all.data?.byAxis ?? answer.data?.byAxis ?? {};
  const bySource = all.data?.bySource ?? answer.data?.bySource ?? {};

  const jump = (r: DevelopmentRow) => {
    select({ kind: 'signal', id: r.eventId, label: r.title ?? undefined, from: 'Developments' });
    setView('map');
  };

  return (
    <div className="list-view" data-testid="developments-view">
      <div className="filter-bar" role="group" aria-label="Development filters">
        <button
          type="button"
          className="pill"
          aria-pressed={notableOnly}
          onClick={() => setNotableOnly(!notableOnly)}
        >
          ★ Notable only
        </button>
        <PillChoices
          label="Source"
          options={(['world', 'measurement'] as const).map((s) => ({
            value: s,
            label: s,
            count: bySource[s],
          }))}
          chosen={sources}
          onChange={setSources}
        />
        <PillChoices
          label="Axis"
          className="dev-groups"
          options={Object.entries(byAxis)
            .sort((a, b) => b[1] - a[1])
            .map(([axis, n]) => ({ value: axis, label: words(axis), count: n }))}
          chosen={axes}
          onChange={setAxes}
        />
      </div>
      <div className="view-line">
        {answer.data && (
          <span className="count">
            <span className="num">{rows.length}</span>
            {answer.data.total > rows.length ? ` of ${answer.data.total}` : ''} developments
          </span>
        )}
        {answer.data && <AnswerMarks demo={demo} asOf={answer.data.asOf} />}
        <span className="view-line-end muted">A row selects its event and shows it on the map.</span>
      </div>
      <Loaded
        query={answer}
        failed="The developments could not be read from the cache"
        reading="Reading developments…"
      >
        {() =>
          rows.length === 0 ? (
            <EmptyState
              title={
                notableOnly || axes.length || sources.length
                  ? 'No development matches these filters'
                  : 'No developments in the cache yet'
              }
            >
              <p>The next sync brings what changed (see Status).</p>
            </EmptyState>
          ) : (
            <div className="table-scroll">
              <table className="dense dev-table">
                <colgroup>
                  <col style={{ width: 32 }} />
                  <col style={{ width: 124 }} />
                  <col style={{ width: 104 }} />
                  <col style={{ width: 120 }} />
                  <col />
                  <col style={{ width: 160 }} />
                  <col style={{ width: 112 }} />
                </colgroup>
                <thead>
                  <tr>
                    <th aria-label="Notable" />
                    <th>Observed (UTC)</th>
                    <th>Source</th>
                    <th>Axis</th>
                    <th>Event</th>
                    <th>Change</th>
                    <th>Basis</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r, i) => (
                    <ChoosableRow
                      key={`${r.eventId}-${r.axis}-${r.observedAt}-${i}`}
                      selected={selection?.kind === 'signal' && selection.id === r.eventId}
                      onChoose={() => jump(r)}
                      title="Show this event on the map"
                    >
                      <td>
                        {r.notable && (
                          <span className="notable-star" title="Notable">
                            ★
                          </span>
                        )}
                      </td>
                      <td className="num">
                        {r.observedAt ? (
                          formatUtc(r.observedAt).replace(' UTC', '')
                        ) : (
                          <span className="unknown">unknown</span>
                        )}
                      </td>
                      <td>
                        <SourceWord source={r.source} />
                      </td>
                      <td>{words(r.axis)}</td>
                      <td>{r.title ?? <span className="mono">{r.eventId}</span>}</td>
                      <td>
                        {r.previousState ? (
                          words(r.previousState)
                        ) : (
                          <span className="unknown">unknown before</span>
                        )}{' '}
                        → {r.currentState ? words(r.currentState) : <span className="unknown">unknown</span>}
                      </td>
                      <td>{r.basis ? words(r.basis) : <span className="unknown">not given</span>}</td>
                    </ChoosableRow>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </Loaded>
    </div>
  );
}
