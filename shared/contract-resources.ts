// The cache's resources as a `cache.changed` push names them (shared/contract.ts, pushEvents):
// one typed list, so an emitter in main and a hook in the window that reads a resource name the
// same thing, and a misspelt name is a type error on either side. The push is checked against
// the list where it crosses into the window (renderer/src/data/provider.tsx).
import { MEASURED_LIST_KINDS, type MeasuredListKind } from './contract-values';

/**
 * The sync streams (electron/sync/index.ts): each is named in a push once what it stored is
 * committed. The watches stream fetches the decision packages too, counted as
 * 'decision_packages'; 'reconcile' is the re-read of `sync --full`.
 */
export const SYNC_STREAMS = [
  'standing_orders',
  'signals',
  'watches',
  'decision_packages',
  'developments',
  'monitoring',
  'brief',
  'transit',
  'measured',
  'threads',
  'reconcile',
] as const;

/** The measured stream also names each list it read, `measured.<kind>`. */
export type MeasuredStream = `measured.${MeasuredListKind}`;
export const measuredStream = (kind: MeasuredListKind): MeasuredStream => `measured.${kind}`;

export type SyncStream = (typeof SYNC_STREAMS)[number] | MeasuredStream;

/**
 * What main's own handlers write and push: the outbox (a write queued or sent), the local-only
 * notes, the online tools' stored answers.
 */
export const MAIN_RESOURCES = ['outbox', 'local_notes', 'tool_answers'] as const;

/**
 * Changed only by the window's own calls, never pushed: the orbital elements (an import or a
 * refresh refetches what reads them, renderer/src/data/mutations.ts).
 */
export const WINDOW_RESOURCES = ['elements'] as const;

export type PushedResource = SyncStream | (typeof MAIN_RESOURCES)[number];
export type WindowResource = (typeof WINDOW_RESOURCES)[number];
/** Every resource a hook may read (shared/row-reads.ts). */
export type CacheResource = PushedResource | WindowResource;

/** Every name a `cache.changed` push may carry (besides ANY_RESOURCE). */
export const PUSHED_RESOURCES: readonly PushedResource[] = [
  ...SYNC_STREAMS,
  ...MEASURED_LIST_KINDS.map(measuredStream),
  ...MAIN_RESOURCES,
];

export const CACHE_RESOURCES: readonly CacheResource[] = [...PUSHED_RESOURCES, ...WINDOW_RESOURCES];

/**
 * In a `cache.changed` push: any resource may have changed (a sync that failed part way, after
 * some pages were stored; a push stream that has just opened, so earlier pushes went unheard).
 */
export const ANY_RESOURCE = '*';

const pushed: ReadonlySet<string> = new Set(PUSHED_RESOURCES);

/** A sync stream's name as a push names it (a name outside the list: false). */
export const isSyncStream = (name: string): name is SyncStream =>
  pushed.has(name) && !(MAIN_RESOURCES as readonly string[]).includes(name);

/** A name a push may carry: one of the list, or ANY_RESOURCE. */
export const isPushedName = (name: string): name is PushedResource | typeof ANY_RESOURCE =>
  name === ANY_RESOURCE || pushed.has(name);

const STREAM_WORDS: Record<(typeof SYNC_STREAMS)[number], string> = {
  standing_orders: 'standing orders',
  signals: 'signals',
  watches: 'watches',
  decision_packages: 'decision packages',
  developments: 'developments',
  monitoring: 'monitoring areas',
  brief: 'brief',
  transit: 'transit chokepoints',
  measured: 'measured readings',
  threads: 'event threads',
  reconcile: 'full re-read',
};

/**
 * A stream as the analyst reads it in the window ("standing orders", "measured: quake"); a name
 * outside the list keeps its words, underscores spaced.
 */
export function streamWords(name: string): string {
  if (name in STREAM_WORDS) return STREAM_WORDS[name as keyof typeof STREAM_WORDS];
  const measured = /^measured\.(.+)$/.exec(name);
  if (measured) return `measured: ${measured[1]!.replace(/_/g, ' ')}`;
  return name.replace(/_/g, ' ');
}
