// Orbital elements in the local cache: each set with its epoch, where it came from and when it
// was fetched; plus one row per CelesTrak URL for conditional requests and the two-hour rule.
// The tables are the cache's migration 010 and their queries live with the cache's other SQL
// (electron/cache/elements.ts); this is the passes side's name for them.
export {
  HISTORY_PER_SATELLITE,
  elementHistory,
  getFetchRecord,
  hasElementsTables,
  importElements,
  listElements,
  recordFetch,
  type FetchRecord,
  type ImportResult,
  type StoredElementSet,
} from '../cache/elements';
