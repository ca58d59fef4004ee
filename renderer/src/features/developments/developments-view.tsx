// Developments: what changed on the events the cache holds, notable first then newest (the
// cache's order, so the pages follow each other), with the counts by axis and by source to
// narrow on. The list reads a page of 500 at a time as it is scrolled to its end (or "Show more"
// is pressed), up to the last row. World reports and instrument measurements are told apart in
// a word and a shape. A row jumps to its event: it is selected and the Map shows it.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { DevelopmentRow, Input } from '../../../../shared/contract';
import { useSelection } from '../../state/selection';
import { useViewState } from '../../state/view-state';
import { AnswerMarks } from '../../ui/answer-marks';
import { EmptyState, Loaded } from '../../ui/empty-state';
import { PillChoices } from '../../ui/pills';
import { ChoosableRow } from '../../ui/row-table';
import { formatUtc } from '../../ui/time';
import { useAppInfo, useDevelopments, useDevelopmentsPages } from '../../data';

type Source = 'world' | 'measurement';
const words = (v: string) => v.replace(/_/g, ' ');

/** Rows per page read: the contract's largest. */
export const DEVELOPMENT_PAGE = 500;

/** The inputs of the first `pages` pages of one filter, in the cache's notable-first order. */
export function developmentPages(
  filter: Omit<Input<'developments.list'>, 'limit' | 'offset' | 'order'>,
  pages: number,
): Input<'developments.list'>[] {
  return Array.from({ length: pages }, (_, p) => ({
    ...filter,
    order: 'notable' as const,
    limit: DEVELOPMENT_PAGE,
    ...(p > 0 ? { offset: p * DEVELOPMENT_PAGE } : {}),
  }));
}

/**
 * Asks for the next page when the end of the list comes into sight (a sentinel after the last
 * row, watched inside the list's scroller).
 */
function useAtEnd(onEnd: () => void, active: boolean) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onEnd);
  latest.current = onEnd;
  useEffect(() => {
    const el = sentinel.current;
    if (!active || !el || typeof IntersectionObserver === 'undefined') return;
    const seen = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latest.current();
      },
      { root: el.closest('.table-scroll'), rootMargin: '0px 0px 400px 0px' },
    );
    seen.observe(el);
    return () => seen.disconnect();
  }, [active]);
  return sentinel;
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
  const filter = useMemo(
    () => ({
      ...(notableOnly ? { notableOnly } : {}),
      ...(axes.length ? { axes } : {}),
      ...(sources.length ? { sources } : {}),
    }),
    [notableOnly, axes, sources],
  );
  // How many pages are read, for this filter (a new filter starts again at one).
  const [read, setRead] = useState({ filter, pages: 1 });
  const pages = read.filter === filter ? read.pages : 1;
  const answers = useDevelopmentsPages(useMemo(() => developmentPages(filter, pages), [filter, pages]));
  const answer = answers[0]!;
  // The counts to narrow on come from the unnarrowed answer, so a chip never vanishes once chosen.
  const all = useDevelopments({ limit: 1 });
  const demo = useAppInfo().data?.mode === 'demo';
  const select = useSelection((s) => s.select);
  const selection = useSelection((s) => s.selection);
  const setView = useViewState((s) => s.setView);
  // The pages in order, up to the first not read yet.
  const loaded = answers.findIndex((a) => !a.data);
  const inPages = loaded < 0 ? answers : answers.slice(0, loaded);
  const rows = inPages.flatMap((a) => a.data!.rows);
  const total = answer.data?.total ?? 0;
  const more = rows.length < total;
  // A page past the first on its way.
  const reading = loaded > 0;
  const readMore = () => {
    if (!more || reading) return;
    setRead({ filter, pages: pages + 1 });
  };
  const sentinel = useAtEnd(readMore, more && !reading);
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
            <span className="num">{rows.length.toLocaleString('en')}</span>
            {total > rows.length ? ` of ${total.toLocaleString('en')}` : ''} developments
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
              <div ref={sentinel} className="list-end" data-testid="developments-end">
                {more ? (
                  <button type="button" onClick={readMore} disabled={reading}>
                    {reading
                      ? 'Reading more…'
                      : `Show ${Math.min(DEVELOPMENT_PAGE, total - rows.length).toLocaleString('en')} more of ${(
                          total - rows.length
                        ).toLocaleString('en')}`}
                  </button>
                ) : (
                  total > DEVELOPMENT_PAGE && (
                    <span className="muted">All {total.toLocaleString('en')} developments listed.</span>
                  )
                )}
              </div>
            </div>
          )
        }
      </Loaded>
    </div>
  );
}
