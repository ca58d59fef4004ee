// Refresh from CelesTrak GP (OMM JSON, by group or catalog number), politely: CelesTrak
// updates GP data every two hours and asks clients not to fetch the same data more often
// (https://celestrak.org/NORAD/documentation/gp-data-formats.php, "Usage"), so one URL is
// asked at most once per two hours, with If-None-Match / If-Modified-Since (RFC 9110 §13.1).
// `fetch` is an argument: tests answer from a local 127.0.0.1 server.
import type Database from 'better-sqlite3';
import type { ElementSet, ParseReport } from './elements';
import { familyMatcher, loadFamilies, type FamilyCatalog } from './families';
import { parseOmmJson } from './omm';
import { getFetchRecord, importElements, recordFetch, type ImportResult } from './store';
import { fetchText } from '../api/line-fetch';

export const CELESTRAK_GP_URL = 'https://celestrak.org/NORAD/elements/gp.php';
export const MIN_REFRESH_INTERVAL_MS = 2 * 3600_000;
export const DEFAULT_GROUP = 'active';

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** The GP URL for a group or a catalog number; a full URL with FORMAT given is used as is. */
export function gpUrl(args: { base?: string; group?: string; catnr?: number }): string {
  const url = new URL(args.base ?? CELESTRAK_GP_URL);
  if (args.catnr !== undefined) url.searchParams.set('CATNR', String(args.catnr));
  else if (args.group !== undefined || (!url.searchParams.has('GROUP') && !url.searchParams.has('CATNR')))
    url.searchParams.set('GROUP', args.group ?? DEFAULT_GROUP);
  if (!url.searchParams.has('FORMAT')) url.searchParams.set('FORMAT', 'json');
  return url.toString();
}

/** Why a refresh failed: nothing answered, an answer refused, or an answer with no usable set. */
export type RefreshFailure =
  { kind: 'unreachable'; cause: string } | { kind: 'refused'; status: number } | { kind: 'empty' };

export class RefreshError extends Error {
  constructor(
    message: string,
    readonly url: string,
    readonly failure: RefreshFailure,
  ) {
    super(message);
    this.name = 'RefreshError';
  }
}

/** A socket's error code in words; anything else as the error says it. */
const CAUSE_WORDS: Record<string, string> = {
  ECONNREFUSED: 'nothing answered there (connection refused)',
  ENOTFOUND: 'its name was not found (no DNS answer: offline?)',
  EAI_AGAIN: 'its name could not be looked up (no DNS answer: offline?)',
  ENETUNREACH: 'the network is unreachable',
  EHOSTUNREACH: 'the host is unreachable',
  ECONNRESET: 'the connection was cut',
  ETIMEDOUT: 'the connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  CERT_HAS_EXPIRED: 'its certificate has expired',
};

/** What went wrong under a failed fetch, in words (Node's fetch says "fetch failed" and keeps the cause). */
function causeInWords(err: unknown): string {
  let e: unknown = err;
  let deepest = err instanceof Error ? err.message : String(err);
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && CAUSE_WORDS[code]) return CAUSE_WORDS[code];
    if (e instanceof Error && e.name === 'TimeoutError') return `it gave up: ${e.message}`;
    if (e instanceof Error && e.message) deepest = e.message;
    e = (e as { cause?: unknown }).cause;
  }
  // The fetch standard's blocked ports (9, 25, 6000…): refused before any connection.
  if (deepest === 'bad port') return 'its port is one that fetch refuses to use (a blocked port)';
  return deepest;
}

/**
 * A failed refresh in the analyst's words, for the window: what happened and that the elements
 * in the cache are unchanged, naming the host asked (the whole URL is in elements.status).
 */
export function refreshFailureInWords(err: RefreshError): string {
  let host: string;
  try {
    host = new URL(err.url).host;
  } catch {
    host = 'the elements source';
  }
  const kept = 'The elements in the cache are unchanged.';
  const f = err.failure;
  if (f.kind === 'unreachable') return `CelesTrak (${host}) could not be reached: ${f.cause}. ${kept}`;
  if (f.kind === 'refused')
    return f.status === 403
      ? `CelesTrak (${host}) refused the request (HTTP 403): it refuses clients that ask too often, so wait before retrying. ${kept}`
      : `CelesTrak (${host}) refused the request (HTTP ${f.status}). ${kept}`;
  return `CelesTrak (${host}) answered, but with no usable element sets. ${kept}`;
}

export type RefreshOutcome =
  | { status: 'too-soon'; url: string; checkedAt: string; nextAllowedAt: string }
  | { status: 'not-modified'; url: string; checkedAt: string }
  | {
      status: 'updated';
      url: string;
      checkedAt: string;
      report: ParseReport;
      kept: number;
      imported: ImportResult;
    };

export interface RefreshArgs {
  url: string;
  fetch: FetchLike;
  now?: () => Date;
  /** Keep only members of these families (the active group holds some 16,000 sets). */
  families?: FamilyCatalog | null;
  /** Given up when no byte has come for this long (default 60 s); a file that still flows is read whole. */
  timeoutMs?: number;
}

/** One conditional GP request; the sets and the fetch record are written in one transaction. */
export async function refreshElements(db: Database.Database, args: RefreshArgs): Promise<RefreshOutcome> {
  const now = args.now ?? (() => new Date());
  const started = now();
  const before = getFetchRecord(db, { url: args.url });
  if (before) {
    const next = Date.parse(before.checkedAt) + MIN_REFRESH_INTERVAL_MS;
    if (started.getTime() < next)
      return {
        status: 'too-soon',
        url: args.url,
        checkedAt: before.checkedAt,
        nextAllowedAt: new Date(next).toISOString(),
      };
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  if (before?.etag) headers['if-none-match'] = before.etag;
  if (before?.lastModified) headers['if-modified-since'] = before.lastModified;

  let res: Response;
  let body: string;
  try {
    // Given up when no byte has come for the limit, never while the file still flows (a slow link).
    ({ res, text: body } = await fetchText(
      args.fetch,
      args.url,
      { headers },
      { idleMs: args.timeoutMs ?? 60_000 },
    ));
  } catch (err) {
    // Nothing answered: no record, so the next try is not held back two hours.
    throw new RefreshError(`could not reach ${args.url}: ${(err as Error).message}`, args.url, {
      kind: 'unreachable',
      cause: causeInWords(err),
    });
  }
  const checkedAt = now().toISOString();
  const validators = { etag: res.headers.get('etag'), lastModified: res.headers.get('last-modified') };

  if (res.status === 304) {
    recordFetch(db, {
      url: args.url,
      ...validators,
      checkedAt,
      changedAt: null,
      status: 304,
      sets: before?.sets ?? 0,
    });
    return { status: 'not-modified', url: args.url, checkedAt };
  }
  // A refused or empty answer is recorded (when it was checked, what it said), nothing else.
  const recordFailure = () =>
    recordFetch(db, {
      url: args.url,
      etag: null,
      lastModified: null,
      checkedAt,
      changedAt: null,
      status: res.status,
      sets: 0,
    });
  if (!res.ok) {
    recordFailure();
    const hint =
      res.status === 403 ? ' (CelesTrak refuses clients that ask too often; wait before retrying)' : '';
    throw new RefreshError(
      `${args.url} answered ${res.status}${hint}: ${body.slice(0, 200).trim()}`,
      args.url,
      {
        kind: 'refused',
        status: res.status,
      },
    );
  }
  const parsed = parseOmmJson(body);
  if (parsed.sets.length === 0) {
    recordFailure();
    // CelesTrak answers an unknown group with 200 and the text "No GP data found".
    const why = parsed.report.rejected[0]?.reason ?? 'no element sets';
    throw new RefreshError(
      `${args.url} gave no usable element sets (${body.slice(0, 80).trim() || why})`,
      args.url,
      { kind: 'empty' },
    );
  }
  const families = args.families === undefined ? loadFamilies() : args.families;
  let kept: ElementSet[] = parsed.sets;
  if (families) {
    const matcher = familyMatcher(families);
    kept = parsed.sets.filter((s) => matcher.familyOf(s.noradId, s.name) !== undefined);
  }
  const imported = db.transaction(() => {
    const result = importElements(db, { sets: kept, source: args.url, fetchedAt: checkedAt });
    recordFetch(db, {
      url: args.url,
      ...validators,
      checkedAt,
      changedAt: checkedAt,
      status: res.status,
      sets: kept.length,
    });
    return result;
  })();
  return { status: 'updated', url: args.url, checkedAt, report: parsed.report, kept: kept.length, imported };
}
