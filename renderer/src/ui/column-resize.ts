// Every dense table's columns are resized by dragging a head's right edge (the line drawn there,
// controls.css), as the Signals table's are; a double click on the edge gives the table back its
// own widths. The first drag fixes each column at the width it has then, and the table becomes
// as wide as its columns: wider than its box only when the analyst makes it so (its box scrolls
// sideways then, by the analyst's own choice). One listener for the whole window, so a table
// needs nothing of its own. The Signals table sizes its columns with TanStack Table (it keeps
// the widths with the view) and is left to it.
import { useEffect } from 'react';

/** How near a head's right edge (px) a press starts a resize. */
export const EDGE = 6;
/** The least a column is made. */
export const NARROWEST = 40;
const OWN = '.signals-table';

/** The head whose right edge is under the pointer, in a table this module sizes, or null. */
export function edgeHead(target: EventTarget | null, clientX: number): HTMLTableCellElement | null {
  if (!(target instanceof Element)) return null;
  const th = target.closest<HTMLTableCellElement>('table.dense > thead > tr > th');
  if (!th || th.closest(OWN)) return null;
  const r = th.getBoundingClientRect();
  return clientX >= r.right - EDGE && clientX <= r.right + 1 ? th : null;
}

/** Fixes every column of the head's table at its width now; the table takes their sum. */
function freeze(table: HTMLTableElement, heads: HTMLTableCellElement[]): void {
  if (table.dataset.sized) return;
  const widths = heads.map((h) => h.getBoundingClientRect().width);
  heads.forEach((h, i) => (h.style.width = `${widths[i]}px`));
  table.style.tableLayout = 'fixed';
  table.style.width = `${widths.reduce((a, b) => a + b, 0)}px`;
  table.dataset.sized = 'true';
}

/** Gives the table back its own widths. */
export function resetColumns(table: HTMLTableElement): void {
  for (const h of table.querySelectorAll<HTMLTableCellElement>(':scope > thead > tr > th'))
    h.style.width = '';
  table.style.tableLayout = '';
  table.style.width = '';
  delete table.dataset.sized;
}

/** Sets one column's width (the table's grows or shrinks by as much). */
export function sizeColumn(th: HTMLTableCellElement, width: number): void {
  const table = th.closest('table')!;
  const heads = [...th.parentElement!.children] as HTMLTableCellElement[];
  freeze(table, heads);
  const w = Math.max(NARROWEST, Math.round(width));
  th.style.width = `${w}px`;
  table.style.width = `${heads.reduce((n, h) => n + parseFloat(h.style.width), 0)}px`;
}

/** Listens, while mounted, for drags and double clicks on the dense tables' head edges. */
export function useColumnResize(): void {
  useEffect(() => {
    let drag: { th: HTMLTableCellElement; x: number; width: number } | null = null;
    let swallowClick = false;
    const down = (e: PointerEvent) => {
      const th = e.button === 0 ? edgeHead(e.target, e.clientX) : null;
      if (!th) return;
      e.preventDefault();
      drag = { th, x: e.clientX, width: th.getBoundingClientRect().width };
      document.documentElement.dataset.resizing = 'columns';
    };
    const move = (e: PointerEvent) => {
      if (drag) sizeColumn(drag.th, drag.width + e.clientX - drag.x);
    };
    const up = () => {
      if (!drag) return;
      drag = null;
      // The press was on a head's sort button, maybe: the click it makes is the drag's, not a sort.
      swallowClick = true;
      setTimeout(() => (swallowClick = false), 0);
      delete document.documentElement.dataset.resizing;
    };
    const click = (e: MouseEvent) => {
      if (swallowClick) {
        e.stopPropagation();
        e.preventDefault();
      }
    };
    const dblclick = (e: MouseEvent) => {
      const th = edgeHead(e.target, e.clientX);
      if (th) resetColumns(th.closest('table')!);
    };
    document.addEventListener('pointerdown', down);
    document.addEventListener('pointermove', move);
    document.addEventListener('pointerup', up);
    document.addEventListener('click', click, true);
    document.addEventListener('dblclick', dblclick);
    return () => {
      document.removeEventListener('pointerdown', down);
      document.removeEventListener('pointermove', move);
      document.removeEventListener('pointerup', up);
      document.removeEventListener('click', click, true);
      document.removeEventListener('dblclick', dblclick);
    };
  }, []);
}
