// A text cut short by its box (a table cell, a title or a line ending in an ellipsis) shows
// whole on hover: as the pointer comes over it, the clipped element (the one under the pointer
// or one of its near ancestors) that has no title of its own is given its text as its title,
// the browser's tooltip. One listener for the whole window, so every table and line has it.
import { useEffect } from 'react';

/** How far up from the element under the pointer a clipped box is looked for. */
const DEPTH = 4;
/** Marks a title this module gave (and may change as the text does), not the element's own. */
const GIVEN = 'data-full-text';

/** The element's text when its box cuts it short sideways, else null. */
export function clippedText(el: HTMLElement): string | null {
  if (el.scrollWidth <= el.clientWidth + 1) return null;
  const style = getComputedStyle(el);
  if (style.overflowX === 'visible' || style.overflowX === 'auto' || style.overflowX === 'scroll')
    return null;
  const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text || null;
}

/** Gives the clipped element under `target` (or near above it) its whole text as its title. */
export function titleClipped(target: EventTarget | null): void {
  let el = target instanceof HTMLElement ? target : null;
  for (let i = 0; el && i < DEPTH; i++, el = el.parentElement) {
    if (el.hasAttribute('title') && !el.hasAttribute(GIVEN)) return;
    const text = clippedText(el);
    if (text === null) continue;
    el.setAttribute('title', text);
    el.setAttribute(GIVEN, '');
    return;
  }
}

/** Listens, while mounted, for the pointer coming over a clipped text anywhere in the document. */
export function useFullTextOnHover(): void {
  useEffect(() => {
    const over = (e: MouseEvent) => titleClipped(e.target);
    document.addEventListener('mouseover', over, { passive: true });
    return () => document.removeEventListener('mouseover', over);
  }, []);
}
