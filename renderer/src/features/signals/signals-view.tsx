// Signals: what the search field and the filters find in the local cache, as a dense,
// sortable table; a row selects its signal for the inspector and the map. Every answer says
// where it comes from (DEMO, CACHED · as of …) and whether it was clamped.
import { useCallback, useMemo, useRef, useState } from 'react';
import { useAppInfo, useFetchSignalsPage, useSignalsPages } from '../../data';
import { useViewState } from '../../state/view-state';
import { AnswerMarks, ClampBanner } from '../../ui/answer-marks';
import { EmptyState } from '../../ui/empty-state';
import type { SignalRow, SignalsQueryResult } from '../../../../shared/contract';
import { profileSort, servedSort, signalColumns } from './columns';
import { signalsCsv } from './csv';
import { FilterBar } from './filter-bar';
import { useSignalFilter } from '../../state/signal-filter';
import { MAX_ROWS, PAGE_ROWS, pageInput, type PagedQuery } from './pages';
import { SignalsTable } from './signals-table';

/** "Copy all rows" reads at most this many (ten pages); past it the search is to be narrowed. */
export const COPY_ALL_MAX = 10_000;

function useCopy(): [string | null, (what: string, text: string | Promise<string>) => void] {
  const [done, setDone] = useState<string | null>(null);
  const failed = (e: unknown) => setDone(`Could not copy: ${e instanceof Error ? e.message : String(e)}`);
  return [
    done,
    (what, text) => {
      Promise.resolve(text)
        .then((t) => navigator.clipboard.writeText(t))
        .then(() => setDone(`Copied ${what} as CSV`), failed);
    },
  ];
}

export function SignalsView() {
  const info = useAppInfo().data;
  const filter = useSignalFilter();
  const remembered = useViewState((s) => s.signalSort);
  // The cache's order for the sort (latest first when it has none: one page is sorted here).
  // Band and score both ask the cache's severity order, so the profile is not needed here.
  const sort = servedSort(remembered) ?? 'latest';
  const query: PagedQuery = useMemo(() => ({ ...filter, sort }), [filter, sort]);
  const [answer] = useSignalsPages([pageInput(query, 0)]);
  const fetchPage = useFetchSignalsPage();
  const [copied, copy] = useCopy();
  const [selectedRow, setSelectedRow] = useState<SignalRow | null>(null);
  // While a new answer is read, the last one stays (typing in the search never blanks the table).
  const last = useRef<{ query: PagedQuery; data: SignalsQueryResult } | undefined>(undefined);
  if (answer?.data) last.current = { query, data: answer.data };
  const shown = answer?.data ? { query, data: answer.data } : last.current;
  const data = shown?.data;
  // The app's profile; until it is read, the profile the cache's answer says.
  const profile = info?.profile ?? data?.profile ?? 'main';
  const sorting = profileSort(remembered, profile);
  const rows: readonly SignalRow[] = data?.rows ?? [];
  const total = data?.total ?? 0;
  const unserved = total > PAGE_ROWS && servedSort(sorting) === null;
  const header = signalColumns(profile).find((c) => c.id === sorting[0]?.id)?.header;
  const unservedName = typeof header === 'string' ? header : 'this column';
  const onSelectedRow = useCallback((r: SignalRow | null) => setSelectedRow(r), []);

  // Every page of the answer (those read already come from memory), in the cache's order.
  const copyAll = () => {
    if (!shown) return;
    const { query: asked } = shown;
    const pages = Array.from({ length: Math.ceil(total / PAGE_ROWS) }, (_, p) =>
      fetchPage(pageInput(asked, p)),
    );
    copy(
      `${total.toLocaleString('en')} signals`,
      Promise.all(pages).then((read) => signalsCsv(read.flatMap((p) => p.rows))),
    );
  };

  return (
    <div className="signals-view" data-testid="signals-view">
      <FilterBar profile={profile} />
      <div className="view-line">
        {data && (
          <span className="count" data-testid="signals-count">
            <span className="num">{total.toLocaleString('en')}</span> signals
          </span>
        )}
        {total > MAX_ROWS && (
          <span className="muted">
            the table lists the first {MAX_ROWS.toLocaleString('en')} by this sort: narrow the search for the
            rest
          </span>
        )}
        {unserved && (
          <span className="muted" role="note">
            Newest first: sorting by {unservedName} takes {PAGE_ROWS.toLocaleString('en')} signals or fewer
            (narrow the search); Time and {profile === 'alternate' ? 'Severity' : 'Band'} (highest first) sort
            any number
          </span>
        )}
        {data && <AnswerMarks demo={data.demo} asOf={data.asOf} />}
        {answer?.isFetching && data && <span className="muted">updating…</span>}
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
            disabled={total === 0 || total > COPY_ALL_MAX}
            title={
              total > COPY_ALL_MAX
                ? `Copies up to ${COPY_ALL_MAX.toLocaleString('en')} signals: narrow the search`
                : undefined
            }
            onClick={copyAll}
          >
            Copy all rows as CSV
          </button>
        </span>
      </div>
      {data && <ClampBanner clamps={data.clamps} />}
      {answer?.error ? (
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
        <SignalsTable
          profile={profile}
          query={shown!.query}
          total={total}
          first={rows}
          onSelectedRow={onSelectedRow}
        />
      )}
    </div>
  );
}
