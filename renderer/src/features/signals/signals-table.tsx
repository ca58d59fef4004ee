// The signal rows as a dense table: 28 px rows, virtualized (only the rows in sight are in the
// page, so thousands scroll smoothly), sortable by any column (the sort is remembered), and
// resizable. A click or ↑/↓ selects into the window's one selection.
import { useTable, type SortingState } from '@tanstack/react-table';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useSelection } from '../../state/selection';
import { useViewState } from '../../state/view-state';
import type { SignalRow } from '../read-types';
import { SIGNAL_COLUMNS, signalFeatures } from './columns';

const ROW_H = 28;
/** The title column's least width while it takes the room the others leave. */
const TITLE_MIN = 200;
const FALLBACK_RECT = { width: 1200, height: 800 };

export function SignalsTable({ rows }: { rows: readonly SignalRow[] }) {
  const sorting = useViewState((s) => s.signalSort);
  const setSorting = useViewState((s) => s.setSignalSort);
  const selection = useSelection((s) => s.selection);
  const select = useSelection((s) => s.select);
  const sizing = useViewState((s) => s.signalColumns);
  const setSizing = useViewState((s) => s.setSignalColumns);
  const table = useTable({
    features: signalFeatures,
    data: rows as SignalRow[],
    columns: SIGNAL_COLUMNS,
    state: { sorting, columnSizing: sizing },
    onSortingChange: (u) => setSorting(typeof u === 'function' ? u(sorting as SortingState) : u),
    onColumnSizingChange: (u) => setSizing(typeof u === 'function' ? u(sizing) : u),
    columnResizeMode: 'onChange',
    getRowId: (r) => r.id,
    enableSortingRemoval: false,
  });
  const sorted = table.getRowModel().rows;
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: sorted.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_H,
    overscan: 12,
    initialRect: FALLBACK_RECT,
    // Before layout (or where there is none, as in a test's document) the scroller measures
    // 0 × 0: a screenful of rows is drawn rather than none.
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : FALLBACK_RECT)),
  });
  const selectedId = selection?.kind === 'signal' ? selection.id : null;
  const selectedIndex = selectedId ? sorted.findIndex((r) => r.id === selectedId) : -1;

  // A signal selected elsewhere (the map, a notification) is scrolled into sight here.
  useEffect(() => {
    if (selectedIndex >= 0) virtual.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtual]);

  const selectRow = (r: SignalRow) => select({ kind: 'signal', id: r.id, label: r.title, from: 'Signals' });
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const next = Math.min(sorted.length - 1, Math.max(0, selectedIndex + (e.key === 'ArrowDown' ? 1 : -1)));
    const r = sorted[next];
    if (r) selectRow(r.original);
  };

  const items = virtual.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const padBottom = virtual.getTotalSize() - (items.at(-1)?.end ?? 0);
  // The title takes whatever width the other columns leave (until the analyst sizes it).
  const titleSized = 'title' in sizing;
  const width = table.getTotalSize();

  return (
    <div
      ref={scroller}
      className="table-scroll"
      tabIndex={0}
      onKeyDown={onKeyDown}
      aria-label="Signals — ↑ and ↓ move the selection"
      role="region"
    >
      <table
        className="dense signals-table"
        style={
          titleSized
            ? { width }
            : { width: '100%', minWidth: width - table.getColumn('title')!.getSize() + TITLE_MIN }
        }
        aria-rowcount={sorted.length + 1}
      >
        <colgroup>
          {table.getAllLeafColumns().map((c) => (
            <col key={c.id} style={c.id === 'title' && !titleSized ? undefined : { width: c.getSize() }} />
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
                    <button type="button" className="th-sort" onClick={h.column.getToggleSortingHandler()}>
                      <table.FlexRender header={h} />
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
              <td colSpan={SIGNAL_COLUMNS.length} />
            </tr>
          )}
          {items.map((v) => {
            const row = sorted[v.index]!;
            const selected = row.id === selectedId;
            return (
              <tr
                key={row.id}
                data-signal-id={row.id}
                data-plottable={row.original.plottable}
                aria-rowindex={v.index + 2}
                aria-selected={selected}
                className={selected ? 'selected' : undefined}
                onClick={() => selectRow(row.original)}
              >
                {row.getAllCells().map((c) => (
                  <td key={c.id} className={c.column.columnDef.meta?.right ? 'right num' : undefined}>
                    <table.FlexRender cell={c} />
                  </td>
                ))}
              </tr>
            );
          })}
          {padBottom > 0 && (
            <tr aria-hidden="true" style={{ height: padBottom }}>
              <td colSpan={SIGNAL_COLUMNS.length} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
