// Group commit for a long (bulk) pass: each page, with its checkpoint, is staged on the cache
// writer as it arrives, and every few pages (up to GROUP_PAGES, or once the group is
// GROUP_MS old) the staged pages are committed in one transaction while the next pages are
// fetched. A page stays whole (its rows and its checkpoint are in the same transaction), so a
// killed run resumes after the last committed group; what it loses is the pages fetched since,
// fetched again (at most a group, the page being written and the next one, asked meanwhile).
// docs/sync.md, "Group commit".
import type { CacheWriter, OpCall } from '../cache';

/** Pages a group commit holds at most (8,000 signals). */
export const GROUP_PAGES = 16;
/** How old a group may get before it is committed, so a slow link never holds pages long. */
export const GROUP_MS = 1000;
/**
 * How long a group's transaction should hold the write lock: an analyst's own write (a note,
 * an order) waits behind it, at most the busy timeout (5 s). Groups that took longer are
 * followed by smaller ones (at 1M signals a group of 16 took 1.0 s at p50 and 2.1 s at p95 on
 * the shared VM, up to ~2.7 s at its busiest). 1 s was tried: under load the groups fell to
 * ~7 pages and still took 2.6 s at p95 (load 9–10).
 */
export const GROUP_TARGET_MS = 2000;
/**
 * A pass switches to group commits once it has stored this many pages one by one: a first
 * sync, or one after a long time offline. An incremental sync (a page or a few) keeps one
 * transaction per page, and a kill costs it at most the page in flight.
 */
export const BULK_AFTER_PAGES = 20;

export interface PageGroups {
  /** Stages one page's calls; commits the group when full or old (waiting for the one before). */
  add(calls: readonly OpCall[], stored: (results: unknown[]) => void): Promise<void>;
  /** Commits what is staged and waits for every commit: throws the first failure. */
  flush(): Promise<void>;
  /** Like flush, but returns the failure instead of throwing (on the way out of a failed pass). */
  settle(): Promise<Error | null>;
}

export function pageGroups(
  cache: CacheWriter,
  key: string,
  opts: { pages?: number; ms?: number; targetMs?: number; now?: () => number } = {},
): PageGroups {
  const maxPages = opts.pages ?? GROUP_PAGES;
  const targetMs = opts.targetMs ?? GROUP_TARGET_MS;
  // Pages the next group may hold: maxPages, less after a group that held the lock too long.
  let limit = maxPages;
  const maxMs = opts.ms ?? GROUP_MS;
  const now = opts.now ?? (() => performance.now());
  let staged: { calls: readonly OpCall[]; stored: (results: unknown[]) => void }[] = [];
  let startedAt = 0;
  // The group in the writer, if any. One at a time: a group is committed only once the one
  // before it is, so a failure never lets a later page's checkpoint pass the failed page.
  let inFlight: Promise<Error | null> = Promise.resolve(null);
  let failure: Error | null = null;

  const commit = async (): Promise<void> => {
    const previous = await inFlight;
    if (previous) {
      failure ??= previous;
      // The pages staged since must never be committed after the failed one.
      cache.dropStaged(key);
      staged = [];
    }
    if (failure) throw failure;
    const group = staged;
    staged = [];
    if (group.length === 0) return;
    const began = now();
    inFlight = cache.commitStaged(key).then(
      (results) => {
        const took = now() - began;
        limit = Math.max(2, Math.min(maxPages, Math.floor((group.length * targetMs) / Math.max(took, 1))));
        let at = 0;
        for (const page of group) {
          page.stored(results.slice(at, at + page.calls.length));
          at += page.calls.length;
        }
        return null;
      },
      // The whole group was rolled back: store its pages one by one, in order, so what came
      // before the page that fails is kept as a run without groups would have kept it.
      async () => {
        for (const page of group) {
          try {
            page.stored(await cache.tx(page.calls));
          } catch (e) {
            // Said at the next page rather than a group later: nothing more is fetched for it.
            failure ??= e instanceof Error ? e : new Error(String(e));
            return failure;
          }
        }
        return null;
      },
    );
  };

  return {
    async add(calls, stored) {
      if (failure) {
        // The pages staged since the failed one are never committed.
        cache.dropStaged(key);
        staged = [];
        throw failure;
      }
      if (staged.length === 0) startedAt = now();
      staged.push({ calls, stored });
      cache.stage(key, calls);
      if (staged.length >= limit || now() - startedAt >= maxMs) await commit();
    },
    async flush() {
      await commit();
      const last = await inFlight;
      inFlight = Promise.resolve(null);
      failure ??= last;
      if (failure) throw failure;
    },
    async settle() {
      try {
        await this.flush();
        return null;
      } catch (e) {
        return e instanceof Error ? e : new Error(String(e));
      }
    },
  };
}
