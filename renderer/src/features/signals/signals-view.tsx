// Signals: what the search field and the filters find in the local cache, as a dense,
// sortable table; a row selects its signal for the inspector and the map. Every answer says
// where it comes from (DEMO, CACHED · as of …) and whether it was clamped.
import { useRef, useState } from 'react';
import { useSelection } from '../../state/selection';
import { useViewState } from '../../state/view-state';
import { AnswerMarks, ClampBanner } from '../../ui/answer-marks';
import { EmptyState } from '../../ui/empty-state';
import { useSignalsQuery } from '../read-hooks';
import type { SignalRow } from '../read-types';
import { serviceSort } from './columns';
import { signalsCsv } from './csv';
import { FilterBar } from './filter-bar';
import { useSignalFilter } from './filter';
import { SignalsTable } from './signals-table';

export const SIGNALS_LIMIT = 1000;

function useCopy(): [string | null, (what: string, text: string) => void] {
  const [done, setDone] = useState<string | null>(null);
  return [
    done,
    (what, text) => {
      navigator.clipboard.writeText(text).then(
        () => setDone(`Copied ${what} as CSV`),
        (e: unknown) => setDone(`Could not copy: ${e instanceof Error ? e.message : String(e)}`),
      );
    },
  ];
}

export function SignalsView() {
  const filter = useSignalFilter();
  const sort = serviceSort(useViewState((s) => s.signalSort));
  const answer = useSignalsQuery({ ...filter, sort, limit: SIGNALS_LIMIT });
  const selection = useSelection((s) => s.selection);
  const [copied, copy] = useCopy();
  // While a new answer is read, the last one stays (typing in the search never blanks the table).
  const last = useRef(answer.data);
  if (answer.data) last.current = answer.data;
  const data = answer.data ?? last.current;
  const rows: readonly SignalRow[] = data?.rows ?? [];
  const selectedRow = selection?.kind === 'signal' ? rows.find((r) => r.id === selection.id) : undefined;
  const categories = [...new Set(rows.map((r) => r.category))];

  return (
    <div className="signals-view" data-testid="signals-view">
      <FilterBar categories={categories} />
      <div className="view-line">
        {data && (
          <span className="count" data-testid="signals-count">
            <span className="num">{data.rows.length.toLocaleString('en')}</span>
            {data.total > data.rows.length && (
              <>
                {' '}
                of <span className="num">{data.total.toLocaleString('en')}</span>
              </>
            )}{' '}
            signals
          </span>
        )}
        {data && data.total > data.rows.length && (
          <span className="muted" title="The table holds the first rows by the service order of its sort">
            first {data.rows.length.toLocaleString('en')} by this sort: narrow the search for the rest
          </span>
        )}
        {data && <AnswerMarks demo={data.demo} asOf={data.asOf} />}
        {answer.isFetching && data && <span className="muted">updating…</span>}
        <span className="view-line-end">
          {copied && (
            <span role="status" className="muted">
              {copied}
            </span>
          )}
          <button
            type="button"
            disabled={!selectedRow}
            onClick={() => selectedRow && copy('the selected signal', signalsCsv([selectedRow]))}
          >
            Copy selected as CSV
          </button>
          <button
            type="button"
            disabled={rows.length === 0}
            onClick={() => copy(`${rows.length} signals`, signalsCsv(rows))}
          >
            Copy all rows as CSV
          </button>
        </span>
      </div>
      {data && <ClampBanner clamps={data.clamps} />}
      {answer.error ? (
        <EmptyState tone="error" title="The signals could not be read from the cache">
          <p>{answer.error.message}</p>
          <button type="button" onClick={() => void answer.refetch()}>
            Try again
          </button>
        </EmptyState>
      ) : !data ? (
        <EmptyState tone="loading" title="Reading signals from the cache…" />
      ) : rows.length === 0 ? (
        <EmptyState
          title={
            Object.keys(filter).length
              ? 'No signal matches this search and these filters'
              : 'No signals in the cache yet'
          }
        >
          {Object.keys(filter).length ? (
            <p>Loosen a filter or clear the search: the table updates as you type.</p>
          ) : (
            <p>The next sync fills the cache (see Status). Until then there is nothing to list.</p>
          )}
        </EmptyState>
      ) : (
        <SignalsTable rows={rows} />
      )}
    </div>
  );
}
