// The Signals table reads its answer a page at a time: the rows in sight are asked for as
// the analyst scrolls, each page its own cached answer keyed by filter, order and page.
import type { SignalQueryInput, SignalRow } from '../../../../shared/contract';

/** Rows per page: the contract's largest page. An answer this size or less is sorted here, by any column. */
export const PAGE_ROWS = 1000;

/**
 * The most rows the table's scrollbar stands for: 28 px rows of a million make a 28,000,000 px
 * table, under the ~33,500,000 px a Chromium layout box can be.
 */
export const MAX_ROWS = 1_000_000;

/** One query of the table: the filter and the service order, without limit and offset. */
export type PagedQuery = Omit<SignalQueryInput, 'limit' | 'offset'>;

/** The input of page `page` (the first carries no offset, so it is the same answer as before). */
export function pageInput(query: PagedQuery, page: number): SignalQueryInput {
  return page === 0
    ? { ...query, limit: PAGE_ROWS }
    : { ...query, limit: PAGE_ROWS, offset: page * PAGE_ROWS };
}

export const pageOf = (index: number): number => Math.floor(index / PAGE_ROWS);

/** The row at `index` of the order, if its page has been read. */
export function rowAt(
  pages: ReadonlyMap<number, readonly SignalRow[]>,
  index: number,
): SignalRow | undefined {
  return pages.get(pageOf(index))?.[index % PAGE_ROWS];
}

/** Where a row is among the pages read, or -1. */
export function indexIn(pages: ReadonlyMap<number, readonly SignalRow[]>, id: string): number {
  for (const [page, rows] of pages) {
    const i = rows.findIndex((r) => r.id === id);
    if (i >= 0) return page * PAGE_ROWS + i;
  }
  return -1;
}
