// What the palette lists for what the analyst typed: commands, places, signals (by title),
// watches and orders, each group ranked by how well its names match (match-sorter: the whole
// name, then its start, a word's start, then a run of letters inside a name; never letters
// scattered through it, so "pass" finds Passes and not Terrain or Map), ties kept in the order
// given, so the same text always lists the same entries in the same order. Groups come in the
// order of their best match; a tie keeps the order of GROUPS.
import { matchSorter, rankings } from 'match-sorter';

export const GROUPS = ['Go to', 'Actions', 'Window', 'Places', 'Watches', 'Orders', 'Signals'] as const;
export type PaletteGroup = (typeof GROUPS)[number];

export interface PaletteEntry {
  /** Unique among the entries (cmdk's value). */
  id: string;
  group: PaletteGroup;
  title: string;
  /** A second line in words (a place's country and size, a signal's place and day). */
  detail?: string;
  /** Words the entry also answers to; they match from a word's start. */
  keywords?: readonly string[];
  keys?: readonly string[];
  disabled?: boolean;
  run: () => void;
}

const MATCH = {
  keys: [
    // A view is named by its own name: "pass" starts "Passes", as it starts "Passau".
    { key: (e: PaletteEntry) => e.title.replace(/^Go to /, ''), threshold: rankings.CONTAINS },
    // A keyword is a lesser match than the same words in the title.
    {
      key: (e: PaletteEntry) => [...(e.keywords ?? [])],
      threshold: rankings.WORD_STARTS_WITH,
      maxRanking: rankings.WORD_STARTS_WITH,
    },
  ],
  // Equal ranks keep the order given (views in the navigation's order, places largest first).
  baseSort: (a: { index: number }, b: { index: number }) => a.index - b.index,
};

/**
 * The entries to list, in order. Without text: every command, in its declared order. With
 * text: the matching entries, each group's best first, the groups by their best entry.
 * Entries found by their own search (places by prefix, signals by the service's `q` rules)
 * are kept when they come with `found: true` even if their title does not contain the text.
 */
export function rankPalette(
  text: string,
  entries: readonly PaletteEntry[],
  found: ReadonlySet<string> = new Set(),
): PaletteEntry[] {
  const q = text.trim();
  if (!q) return entries.filter((e) => !['Places', 'Watches', 'Orders', 'Signals'].includes(e.group));
  const ranked = matchSorter([...entries], q, MATCH);
  const matched = new Set(ranked.map((e) => e.id));
  // Found by their own search but not named alike (a signal whose summary holds the word):
  // after the named ones, in the order their search gave.
  const extra = entries.filter((e) => found.has(e.id) && !matched.has(e.id));
  const all = [...ranked, ...extra];
  const firstAt = (g: PaletteGroup) => {
    const i = all.findIndex((e) => e.group === g);
    return i < 0 ? Infinity : i;
  };
  const order = [...GROUPS].sort((a, b) => firstAt(a) - firstAt(b) || GROUPS.indexOf(a) - GROUPS.indexOf(b));
  return order.flatMap((g) => all.filter((e) => e.group === g));
}
