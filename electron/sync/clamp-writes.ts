// A stream's clamps go into the cache with the data they came with. An answer's clamps
// (meta.window_clamp, filter_clamp, plan_lock) are held until that answer's data is written:
// the transaction that stores a page and its checkpoint also merges them into the stream's
// recorded clamps. Before, they were written only at the run's end, so a sync killed after a
// stream had stored its data kept the data and lost the note that it was narrowed.
import type { CacheWriter, OpCall } from '../cache';

export interface HeldClamp {
  stream: string;
  kind: string;
  detail: unknown;
  required_plans?: string[];
}

/** Writes that store a stream's answer: its checkpoint names the stream. */
function streamsWritten(calls: readonly OpCall[]): string[] {
  const streams: string[] = [];
  for (const call of calls) {
    if (call[0] === 'setCheckpoint') streams.push(call[1] as string);
    else if (call[0] === 'storeSignalsPage') streams.push((call[1] as { stream: string }).stream);
  }
  return streams;
}

const isWrite = (name: string) => /^(store|set|record|mark)/.test(name);

/**
 * The writer the streams use: `hold` keeps an answer's clamps; every later write of that
 * stream's data carries them in its transaction. A one-call write with no checkpoint (a
 * stream stored in one answer: the brief, standing orders) carries those of the stream that
 * was last asked.
 */
export function clampKeepingWriter(
  cache: CacheWriter,
  now: () => Date,
): { cache: CacheWriter; hold(clamps: HeldClamp[]): void } {
  const held = new Map<string, HeldClamp[]>();
  let lastAsked: string | null = null;
  /** The merges of the clamps held for these streams (taken out of `held`). */
  const merges = (streams: Iterable<string>): OpCall[] => {
    const out: OpCall[] = [];
    for (const stream of new Set(streams)) {
      const clamps = held.get(stream);
      if (!clamps?.length) continue;
      held.delete(stream);
      out.push(['mergeStreamClamps', stream, clamps, now().toISOString()]);
    }
    return out;
  };
  const writesOf = (calls: readonly OpCall[], fallback: string | null): string[] => {
    const streams = streamsWritten(calls);
    if (streams.length === 0 && fallback && calls.some((c) => isWrite(c[0]))) streams.push(fallback);
    return streams;
  };
  // A group commit (page-groups.ts) reads each page's results by position from the start:
  // the merges go after every staged page, when the group is committed.
  const stagedStreams = new Map<string, string[]>();
  return {
    hold(clamps) {
      for (const c of clamps) {
        lastAsked = c.stream;
        held.set(c.stream, [...(held.get(c.stream) ?? []), c]);
      }
    },
    cache: {
      ...cache,
      // Extra results (the merges') come after the caller's and are not returned.
      tx: async (calls) =>
        (await cache.tx([...calls, ...merges(writesOf(calls, null))])).slice(0, calls.length),
      one: async (name, ...args) => {
        const call = [name, ...args] as unknown as OpCall;
        const extra = merges(writesOf([call], lastAsked));
        if (extra.length === 0) return cache.one(name, ...args);
        return (await cache.tx([call, ...extra]))[0] as Awaited<ReturnType<typeof cache.one<typeof name>>>;
      },
      stage: (key, calls) => {
        stagedStreams.set(key, [...(stagedStreams.get(key) ?? []), ...streamsWritten(calls)]);
        cache.stage(key, calls);
      },
      commitStaged: async (key) => {
        const streams = stagedStreams.get(key) ?? [];
        stagedStreams.delete(key);
        const taken = streams.flatMap((s) => (held.get(s) ?? []).map((c) => c));
        const extra = merges(streams);
        if (extra.length) cache.stage(key, extra);
        try {
          return await cache.commitStaged(key);
        } catch (err) {
          // Rolled back: the clamps wait for the pages' next write.
          for (const c of taken) held.set(c.stream, [...(held.get(c.stream) ?? []), c]);
          throw err;
        }
      },
      dropStaged: (key) => {
        stagedStreams.delete(key);
        cache.dropStaged(key);
      },
      close: () => cache.close(),
    },
  };
}
