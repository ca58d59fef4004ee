// Tables that fit (issue 25, item 6): the Signals table narrows its text columns to its box
// until the analyst sizes them; every other dense table resizes by a head's right edge; a text
// cut short by its box shows whole on hover (its title). Layout is the browser's
// (test/e2e/day-layout.test.ts measures it); here the widths a browser would give are stubbed.
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fitColumnWidths, NARROWEST } from '../../renderer/src/features/signals/columns';
import { edgeHead, resetColumns, sizeColumn, useColumnResize } from '../../renderer/src/ui/column-resize';
import { titleClipped, useFullTextOnHover } from '../../renderer/src/ui/full-text';

const MAIN = [
  { id: 'time', size: 136, sized: false },
  { id: 'band', size: 56, sized: false },
  { id: 'title', size: 300, sized: false },
  { id: 'category', size: 116, sized: false },
  { id: 'place', size: 110, sized: false },
  { id: 'publishers', size: 84, sized: false },
];
const sum = (w: Record<string, number>, title: number) =>
  Object.entries(w).reduce((n, [id, v]) => n + (id === 'title' ? title : v), 0);

describe('fitColumnWidths (the Signals table in a narrow box)', () => {
  it('keeps every width when the columns fit the box', () => {
    const w = fitColumnWidths(MAIN, 1200, 200);
    expect(w).toEqual(Object.fromEntries(MAIN.map((c) => [c.id, c.size])));
  });

  it('narrows the text columns to fit, keeping the time and the band whole', () => {
    const w = fitColumnWidths(MAIN, 600, 200);
    expect(w.time).toBe(136);
    expect(w.band).toBe(56);
    expect(sum(w, 200)).toBeLessThanOrEqual(600);
    for (const id of ['category', 'place', 'publishers'])
      expect(w[id]).toBeLessThan(MAIN.find((c) => c.id === id)!.size);
  });

  it('narrows no column below the least width, and leaves a column the analyst sized as it is', () => {
    const sized = MAIN.map((c) => (c.id === 'place' ? { ...c, sized: true } : c));
    const w = fitColumnWidths(sized, 300, 200);
    expect(w.place).toBe(110);
    expect(Math.min(w.category!, w.publishers!)).toBe(NARROWEST);
  });

  it('leaves the widths to the analyst once the title is sized', () => {
    const sized = MAIN.map((c) => (c.id === 'title' ? { ...c, sized: true } : c));
    expect(fitColumnWidths(sized, 300, 200)).toEqual(Object.fromEntries(MAIN.map((c) => [c.id, c.size])));
  });
});

/** Gives an element the widths a browser would lay out. */
function widths(el: HTMLElement, scroll: number, client: number): void {
  Object.defineProperty(el, 'scrollWidth', { configurable: true, value: scroll });
  Object.defineProperty(el, 'clientWidth', { configurable: true, value: client });
}

function Hovered({ children }: { children: React.ReactNode }) {
  useFullTextOnHover();
  return <>{children}</>;
}

describe('a text cut short shows whole on hover', () => {
  it('gives a clipped cell its text as its title, and leaves whole ones and own titles alone', () => {
    render(
      <Hovered>
        <table>
          <tbody>
            <tr>
              <td data-testid="cut" style={{ overflow: 'hidden' }}>
                <span>Flooding displaces residents of ‘Amrān</span>
              </td>
              <td data-testid="whole" style={{ overflow: 'hidden' }}>
                short
              </td>
              <td data-testid="own" style={{ overflow: 'hidden' }} title="its own words">
                a long text of its own
              </td>
            </tr>
          </tbody>
        </table>
      </Hovered>,
    );
    widths(screen.getByTestId('cut'), 300, 120);
    widths(screen.getByTestId('whole'), 40, 120);
    widths(screen.getByTestId('own'), 300, 120);
    fireEvent.mouseOver(screen.getByText(/Flooding/));
    fireEvent.mouseOver(screen.getByTestId('whole'));
    fireEvent.mouseOver(screen.getByTestId('own'));
    expect(screen.getByTestId('cut').getAttribute('title')).toBe('Flooding displaces residents of ‘Amrān');
    expect(screen.getByTestId('whole').hasAttribute('title')).toBe(false);
    expect(screen.getByTestId('own').getAttribute('title')).toBe('its own words');
  });

  it('gives no title to a box that scrolls (its text is reached by scrolling)', () => {
    const div = document.createElement('div');
    div.style.overflowX = 'auto';
    div.textContent = 'a wide table';
    document.body.append(div);
    widths(div, 900, 300);
    titleClipped(div);
    expect(div.hasAttribute('title')).toBe(false);
    div.remove();
  });
});

/** A dense table whose heads a browser laid out 100 px wide each, from x = 0. */
function ResizableTable({ onSort }: { onSort: () => void }) {
  useColumnResize();
  return (
    <table className="dense" data-testid="table">
      <thead>
        <tr>
          <th>
            <button type="button" onClick={onSort}>
              Name
            </button>
          </th>
          <th>State</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <td>a</td>
          <td>b</td>
        </tr>
      </tbody>
    </table>
  );
}

function layOut(ths: HTMLElement[]): void {
  ths.forEach((th, i) => {
    th.getBoundingClientRect = () => {
      const width = parseFloat(th.style.width) || 100;
      const left = i * 100;
      return { x: left, left, right: left + width, width, y: 0, top: 0, bottom: 28, height: 28 } as DOMRect;
    };
  });
}

describe('a dense table’s columns resize by a head’s right edge', () => {
  it('finds the head only at its right edge, and never in the Signals table (it sizes its own)', () => {
    render(<ResizableTable onSort={() => undefined} />);
    const [name] = screen.getAllByRole('columnheader');
    layOut(screen.getAllByRole('columnheader'));
    expect(edgeHead(name!, 98)).toBe(name);
    expect(edgeHead(name!, 50)).toBeNull();
    screen.getByTestId('table').classList.add('signals-table');
    expect(edgeHead(name!, 98)).toBeNull();
  });

  it('a drag on the edge sizes the column, fixes the others, swallows the sort click; a double click resets', async () => {
    const onSort = vi.fn();
    render(<ResizableTable onSort={onSort} />);
    const table = screen.getByTestId('table') as HTMLTableElement;
    const heads = screen.getAllByRole('columnheader');
    layOut(heads);
    const button = screen.getByRole('button', { name: 'Name' });
    fireEvent.pointerDown(button, { clientX: 98, button: 0 });
    fireEvent.pointerMove(document, { clientX: 138 });
    fireEvent.pointerUp(document, { clientX: 138 });
    fireEvent.click(button);
    expect(onSort).not.toHaveBeenCalled();
    expect(heads[0]!.style.width).toBe('140px');
    expect(heads[1]!.style.width).toBe('100px');
    expect(table.style.tableLayout).toBe('fixed');
    expect(table.style.width).toBe('240px');

    // Not narrower than the least width.
    sizeColumn(heads[0] as HTMLTableCellElement, 3);
    expect(heads[0]!.style.width).toBe('40px');

    fireEvent.doubleClick(heads[0]!, { clientX: 38 });
    expect(heads[0]!.style.width).toBe('');
    expect(table.style.tableLayout).toBe('');
    // A click that was no drag (once the drag's own click has passed) sorts.
    await new Promise((r) => setTimeout(r, 0));
    fireEvent.click(button);
    expect(onSort).toHaveBeenCalledTimes(1);
    resetColumns(table);
  });
});
