// The signal rows as a dense table: 28 px rows, virtualized (only the rows in sight are in the
// page), sortable by any column (the sort is remembered), and resizable. The scrollbar stands
// for every match (up to a million): past one page the rows are read a page at a time as they
// come into sight, in the cache's order, with placeholder rows until their page is in. A click
// or the keys (↑ ↓, Page Up/Down, Home, End) select into the window's one selection.
import { FlexRender, useTable, type Row, type SortingState } from '@tanstack/react-table';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useFetchSignalsPage, useSignalsPages } from '../../data';
import { useSelection } from '../../state/selection';
import { useViewState } from '../../state/view-state';
import { useSignal } from '../../data';
import type { Profile } from '../../../../shared/contract';
import type { SignalRow } from '../../../../shared/contract';
import { fitColumnWidths, profileSort, signalColumns, signalFeatures, sortOfServed } from './columns';
import { locateInTimeOrder } from './locate';
import { indexIn, MAX_ROWS, PAGE_ROWS, pageInput, pageOf, rowAt, type PagedQuery } from './pages';

const ROW_H = 28;
/** The title column's least width while it takes the room the others leave. */
const TITLE_MIN = 200;
const FALLBACK_RECT = { width: 1200, height: 800 };
const NO_PAGES: readonly number[] = [];
/** Rows drawn beyond each edge of the view: enough for a wheel step, few enough to draw each frame. */
const OVERSCAN = 6;
/** Rows beyond the view whose page is read already (some seconds of steady scrolling). */
const READ_AHEAD = 300;
/** After a fast move (a fling, the scrollbar dragged) pages are asked for once the table rests this long. */
const SETTLE_MS = 120;

/** Where the keys or a click put the selection in one order; id null: its page is being read. */
interface Place {
  order: string;
  index: number;
  id: string | null;
}

export function SignalsTable({
  query,
  total,
  first,
  onSelectedRow,
  profile = 'main',
}: {
  /** The profile whose fields the columns show (a field it never carries is no column). */
  profile?: Profile;
  /** The filter and the cache's order the rows answer. */
  query: PagedQuery;
  /** How many match in all. */
  total: number;
  /** The first page, already read (all of it when `total` fits one page). */
  first: readonly SignalRow[];
  /** The selected signal's row when the table has it (for copying), else null. */
  onSelectedRow?: (row: SignalRow | null) => void;
}) {
  const remembered = useViewState((s) => s.signalSort);
  const sorting = useMemo(() => profileSort(remembered, profile), [remembered, profile]);
  const signalCols = signalColumns(profile);
  const setSorting = useViewState((s) => s.setSignalSort);
  const selection = useSelection((s) => s.selection);
  const select = useSelection((s) => s.select);
  const sizing = useViewState((s) => s.signalColumns);
  const setSizing = useViewState((s) => s.setSignalColumns);
  // One page holds the whole answer: sorted here by any column. Past it: the cache's order.
  const paged = total > PAGE_ROWS;
  const count = paged ? Math.min(total, MAX_ROWS) : first.length;
  const order = JSON.stringify(paged ? query : [query, sorting]);

  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_H,
    overscan: OVERSCAN,
    initialRect: FALLBACK_RECT,
    // Before layout (or where there is none, as in a test's document) the scroller measures
    // 0 × 0: a screenful of rows is drawn rather than none.
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : FALLBACK_RECT)),
  });
  const items = virtual.getVirtualItems();
  const firstIndex = items[0]?.index ?? 0;
  const lastIndex = items.at(-1)?.index ?? 0;

  const [place, setPlace] = useState<Place | null>(null);
  const placed = place?.order === order ? place : null;

  // The pages in sight, and the selection's, stay read; the first is the view's own answer.
  const [restFirst, restLast] = useRestingRange(firstIndex, lastIndex);
  const wanted = useMemo(() => {
    if (!paged) return NO_PAGES;
    const pages = new Set<number>();
    // A little beyond the view too, so the next page is in before its rows come into sight.
    const from = pageOf(Math.max(0, restFirst - READ_AHEAD));
    const to = pageOf(Math.min(count - 1, restLast + READ_AHEAD));
    for (let p = from; p <= to; p++) if (p > 0) pages.add(p);
    if (placed && placed.index > 0 && pageOf(placed.index) > 0) pages.add(pageOf(placed.index));
    return [...pages];
  }, [paged, restFirst, restLast, placed, count]);
  const answers = useSignalsPages(wanted.map((p) => pageInput(query, p)));
  // The answers array is new each render; a page's answer changes only when it is read.
  const readAt = answers.map((a) => (a.data ? a.dataUpdatedAt : 0)).join();
  const pages = useMemo(() => {
    const m = new Map<number, readonly SignalRow[]>([[0, first]]);
    wanted.forEach((p, i) => {
      const rows = answers[i]?.data?.rows;
      if (rows) m.set(p, rows);
    });
    return m;
  }, [first, wanted, readAt]);

  // Paged, the table builds rows for those in sight only; in the cache's order already.
  const inSight = useMemo(
    () =>
      paged
        ? items.flatMap((v) => {
            const r = rowAt(pages, v.index);
            return r ? [r] : [];
          })
        : first,
    // The items change with every scroll; the rows only when the range or the pages do.
    [paged, first, pages, firstIndex, lastIndex],
  );
  const shownSorting = paged && query.sort ? sortOfServed(query.sort, profile) : sorting;
  const table = useTable({
    features: signalFeatures,
    data: inSight as SignalRow[],
    columns: signalCols,
    state: { sorting: shownSorting, columnSizing: sizing },
    manualSorting: paged,
    onSortingChange: (u) => setSorting(typeof u === 'function' ? u(shownSorting as SortingState) : u),
    onColumnSizingChange: (u) => setSizing(typeof u === 'function' ? u(sizing) : u),
    columnResizeMode: 'onChange',
    getRowId: (r) => r.id,
    enableSortingRemoval: false,
  });
  const modelRows = table.getRowModel().rows;
  const byId = useMemo(() => new Map(modelRows.map((r) => [r.id, r])), [modelRows]);
  const signalAt = (index: number): SignalRow | undefined =>
    paged ? rowAt(pages, index) : modelRows[index]?.original;

  const selectedId = selection?.kind === 'signal' ? selection.id : null;
  let selectedIndex = -1;
  if (placed && placed.id === null) selectedIndex = placed.index;
  else if (selectedId) {
    selectedIndex =
      placed?.id === selectedId && signalAt(placed.index)?.id === selectedId
        ? placed.index
        : paged
          ? indexIn(pages, selectedId)
          : modelRows.findIndex((r) => r.id === selectedId);
  }
  const selectedRow = selectedIndex >= 0 ? signalAt(selectedIndex) : undefined;
  const shownRow = selectedRow && selectedRow.id === selectedId ? selectedRow : null;
  useEffect(() => onSelectedRow?.(shownRow), [shownRow, onSelectedRow]);
  useEffect(() => () => onSelectedRow?.(null), [onSelectedRow]);

  const selectRow = (r: SignalRow) => select({ kind: 'signal', id: r.id, label: r.title, from: 'Signals' });
  /** Moves the selection to `index`: at once if its row is read, else when its page is in. */
  const moveTo = (index: number) => {
    const r = signalAt(index);
    setPlace({ order, index, id: r?.id ?? null });
    if (r) selectRow(r);
    virtual.scrollToIndex(index, { align: 'auto' });
  };

  // The keys reached a row whose page was being read: it is selected once the page is in.
  const waiting = placed && placed.id === null ? signalAt(placed.index) : undefined;
  useEffect(() => {
    if (!waiting || !placed) return;
    setPlace({ ...placed, id: waiting.id });
    select({ kind: 'signal', id: waiting.id, label: waiting.title, from: 'Signals' });
  }, [waiting, placed, select]);

  // A new order starts at its top; the selection is then followed into it, if it is there.
  const [follow, setFollow] = useState<string | null>(selectedId);
  const lastOrder = useRef(order);
  useEffect(() => {
    if (lastOrder.current === order) return;
    lastOrder.current = order;
    if (paged) virtual.scrollToOffset(0);
    setFollow(selectedId);
    // Only a new order starts this, not a new selection.
  }, [order]);
  // A signal selected elsewhere (the map, a notification) is scrolled into sight here.
  useEffect(() => {
    if (selection?.kind === 'signal' && selection.from !== 'Signals') {
      setPlace(null);
      setFollow(selection.id);
    }
  }, [selection]);
  useEffect(() => {
    if (follow === null || follow !== selectedId) return;
    if (selectedIndex >= 0) {
      virtual.scrollToIndex(selectedIndex, { align: 'auto' });
      setFollow(null);
    }
  }, [follow, selectedId, selectedIndex, virtual]);
  // Not among the pages read: found by its time, its page read, then followed as above.
  const locating = paged && follow !== null && follow === selectedId && selectedIndex < 0 ? follow : null;
  useLocate(locating, query, (index) => locating && setPlace({ order, index, id: locating }));

  const onKeyDown = (e: KeyboardEvent) => {
    const screen = Math.max(
      1,
      Math.floor((scroller.current?.clientHeight || FALLBACK_RECT.height) / ROW_H) - 1,
    );
    const steps: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: screen, PageUp: -screen };
    let next: number;
    if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = count - 1;
    else if (e.key in steps) next = selectedIndex < 0 ? 0 : selectedIndex + steps[e.key]!;
    else return;
    e.preventDefault();
    if (count > 0) moveTo(Math.min(count - 1, Math.max(0, next)));
  };

  // The box's width: the columns are narrowed to fit it (fitColumnWidths) until the analyst sizes them.
  const [room, setRoom] = useState(0);
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const seen = new ResizeObserver(() => setRoom(el.clientWidth));
    seen.observe(el);
    return () => seen.disconnect();
  }, []);

  const padTop = items[0]?.start ?? 0;
  const padBottom = virtual.getTotalSize() - (items.at(-1)?.end ?? 0);
  // The title takes whatever width the other columns leave (until the analyst sizes it).
  const titleSized = 'title' in sizing;
  const columns = table.getAllLeafColumns();
  const widths = fitColumnWidths(
    columns.map((c) => ({ id: c.id, size: c.getSize(), sized: c.id in sizing })),
    room,
    TITLE_MIN,
  );
  const width = columns.reduce((n, c) => n + widths[c.id]!, 0);
  // A row is drawn again only when its signal, place, selection or the column widths change.
  const widthsKey = JSON.stringify(widths);
  // One function for every row's click (so the memoized rows keep theirs), doing what this render would.
  const latestPick = useRef<(index: number, r: SignalRow) => void>(() => undefined);
  latestPick.current = (index, r) => {
    setPlace({ order, index, id: r.id });
    selectRow(r);
  };
  const [pick] = useState(() => (index: number, r: SignalRow) => latestPick.current(index, r));

  return (
    <div
      ref={scroller}
      className="table-scroll"
      tabIndex={0}
      onKeyDown={onKeyDown}
      aria-label="Signals — ↑ ↓, Page Up, Page Down, Home and End move the selection"
      role="region"
      // What changes inside as it scrolls is laid out and painted inside it alone.
      style={{ contain: 'strict' }}
    >
      <table
        className="dense signals-table"
        style={titleSized ? { width } : { width: '100%', minWidth: width - widths.title! + TITLE_MIN }}
        aria-rowcount={count + 1}
      >
        <colgroup>
          {columns.map((c) => (
            <col key={c.id} style={c.id === 'title' && !titleSized ? undefined : { width: widths[c.id] }} />
          ))}
        </colgroup>
        <thead>
          {table.getHeaderGroups().map((g) => (
            <tr key={g.id}>
              {g.headers.map((h) => {
                const dir = h.column.getIsSorted();
                return (
                  <th
                    key={h.id}
                    className={h.column.columnDef.meta?.right ? 'right' : undefined}
                    aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}
                  >
                    <button
                      type="button"
                      className="th-sort"
                      title={
                        typeof h.column.columnDef.header === 'string' ? h.column.columnDef.header : undefined
                      }
                      onClick={h.column.getToggleSortingHandler()}
                    >
                      <span className="th-label">
                        <table.FlexRender header={h} />
                      </span>
                      <span aria-hidden="true" className="sort-arrow">
                        {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : ''}
                      </span>
                    </button>
                    <span
                      aria-hidden="true"
                      className="col-resizer"
                      onMouseDown={h.getResizeHandler()}
                      onDoubleClick={() => h.column.resetSize()}
                    />
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {padTop > 0 && (
            <tr aria-hidden="true" style={{ height: padTop }}>
              <td colSpan={signalCols.length} />
            </tr>
          )}
          {items.map((v) => {
            const signal = signalAt(v.index);
            const row = signal && (paged ? byId.get(signal.id) : modelRows[v.index]);
            const selected = v.index === selectedIndex;
            if (!row)
              // Its page is being read: a row of the same height, said to be busy. Keyed by its
              // slot in the view, so racing past unread pages reuses these rows, not makes new ones.
              return (
                <tr
                  key={`slot-${v.index % items.length}`}
                  className={selected ? 'selected placeholder' : 'placeholder'}
                  aria-rowindex={v.index + 2}
                  aria-selected={selected}
                  aria-busy="true"
                  onClick={() => moveTo(v.index)}
                >
                  <td colSpan={columns.length}>
                    <span className="muted">…</span>
                  </td>
                </tr>
              );
            return (
              <SignalTr
                key={row.id}
                row={row}
                index={v.index}
                selected={selected}
                widths={widthsKey}
                onPick={pick}
              />
            );
          })}
          {padBottom > 0 && (
            <tr aria-hidden="true" style={{ height: padBottom }}>
              <td colSpan={signalCols.length} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

type TableRow = Row<typeof signalFeatures, SignalRow>;

/** One signal's row. Memoized: scrolling keeps most rows, and only the new ones are drawn. */
const SignalTr = memo(
  function SignalTr({
    row,
    index,
    selected,
    onPick,
  }: {
    row: TableRow;
    index: number;
    selected: boolean;
    /** The column widths, as a key: a change draws the row again. */
    widths: string;
    onPick: (index: number, r: SignalRow) => void;
  }) {
    return (
      <tr
        data-signal-id={row.id}
        data-plottable={row.original.plottable}
        aria-rowindex={index + 2}
        aria-selected={selected}
        className={selected ? 'selected' : undefined}
        onClick={() => onPick(index, row.original)}
      >
        {row.getAllCells().map((c) => (
          <td key={c.id} className={c.column.columnDef.meta?.right ? 'right num' : undefined}>
            <FlexRender cell={c} />
          </td>
        ))}
      </tr>
    );
  },
  // The TanStack row is new whenever the rows in sight change; the signal it shows is what counts.
  (a, b) =>
    a.row.original === b.row.original &&
    a.index === b.index &&
    a.selected === b.selected &&
    a.widths === b.widths,
);

/**
 * The range whose pages are asked for: the range in sight while the table moves a screenful or
 * less at a time (reading pace: a page is asked for as it comes into sight); after a faster
 * move (a fling, the scrollbar dragged) only once the table has rested, so racing across a
 * million rows does not ask for, parse and draw every page it passes over.
 */
function useRestingRange(first: number, last: number): [number, number] {
  const resting = useRef<[number, number]>([first, last]);
  const [, wake] = useState(0);
  if (Math.abs(first - resting.current[0]) <= last - first + 1) resting.current = [first, last];
  useEffect(() => {
    if (resting.current[0] === first && resting.current[1] === last) return;
    const timer = setTimeout(() => {
      resting.current = [first, last];
      wake((n) => n + 1);
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [first, last]);
  return resting.current;
}

/** Finds where `id` stands in a time order when its page is not read (locate.ts), once per id and order. */
function useLocate(id: string | null, query: PagedQuery, found: (index: number) => void): void {
  const fetchPage = useFetchSignalsPage();
  const signal = useSignal(id);
  const at: unknown = signal.data?.signal.occurred_at;
  const occurredAt = typeof at === 'string' ? at : null;
  const key = id && signal.data ? JSON.stringify([id, query]) : null;
  const done = useRef<string | null>(null);
  const latest = useRef({ fetchPage, found, query, occurredAt, id });
  latest.current = { fetchPage, found, query, occurredAt, id };
  useEffect(() => {
    if (!key || done.current === key) return;
    done.current = key;
    const { fetchPage: f, query: q, occurredAt: at, id: which } = latest.current;
    let live = true;
    void locateInTimeOrder(f, q, which!, at).then(
      (index) => live && index !== null && index < MAX_ROWS && latest.current.found(index),
      () => undefined, // not found this way: the row is followed once its page is read
    );
    return () => {
      live = false;
    };
  }, [key]);
}
