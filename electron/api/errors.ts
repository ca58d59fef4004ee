// One typed error for everything the service answered badly, and one for input refused before
// sending. Messages are written for the analyst ("the service rejected the API key (401)")
// and never carry the key (spec: main profile, Authentication 2: never exposed).
import { hideUrlCredentials } from '../../shared/url-credentials';

export type ApiErrorKind =
  | 'invalid' // 400
  | 'unauthorized' // 401
  | 'insufficient_tokens' // 402
  | 'forbidden' // 403
  | 'not_found' // 404
  | 'retired' // 410
  | 'rate_limited' // 429 after the bounded retries
  | 'server' // 5xx
  | 'network' // connection refused, reset, cut mid-body
  | 'timeout'
  | 'malformed'; // a payload that does not match the documented shape

export interface ApiErrorInit {
  kind: ApiErrorKind;
  endpoint: string;
  status?: number | undefined;
  code?: string | undefined;
  message: string;
  requestId?: string | undefined;
  retryAfter?: number | undefined;
  replacement?: string | undefined;
  requiredPlans?: string[] | undefined;
  field?: string | undefined;
  body?: unknown;
  /** A network failure before any connection (refused, name not found): nothing reached the service. */
  neverConnected?: boolean | undefined;
}

const ADVICE: Record<ApiErrorKind, string> = {
  invalid: 'the service refused the parameters (400)',
  unauthorized: 'the service rejected the API key (401): set a valid key with `watchfloor key set`',
  insufficient_tokens:
    'not enough tokens left for this call (402): top up the balance or wait for the next period',
  forbidden: 'your plan does not include this endpoint (403)',
  not_found: 'not found (404)',
  retired: 'this endpoint has been retired (410)',
  rate_limited: 'the service kept answering "rate limit exceeded" (429); try again later',
  server: 'the service failed (5xx); try again later',
  network: 'the link to the service failed',
  timeout: 'the service did not answer in time',
  malformed: 'the service sent a payload Watchfloor cannot read',
};

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly endpoint: string;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly requestId: string | undefined;
  readonly retryAfter: number | undefined;
  readonly replacement: string | undefined;
  readonly requiredPlans: string[] | undefined;
  readonly field: string | undefined;
  readonly body: unknown;
  readonly neverConnected: boolean;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.endpoint = init.endpoint;
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.retryAfter = init.retryAfter;
    this.replacement = init.replacement;
    this.requiredPlans = init.requiredPlans;
    this.field = init.field;
    this.body = init.body;
    this.neverConnected = init.neverConnected ?? false;
  }

  /** The first words of a message for a user: what happened and what to do. */
  static advice(kind: ApiErrorKind): string {
    return ADVICE[kind];
  }

  /** Worth retrying later without changing anything (link, limits, the service's own failure). */
  get transient(): boolean {
    return ['rate_limited', 'server', 'network', 'timeout'].includes(this.kind);
  }
}

/** Input refused locally: nothing was sent and no token was spent. */
export class InputError extends Error {
  constructor(
    readonly endpoint: string,
    readonly parameter: string,
    message: string,
  ) {
    super(`${endpoint}: ${message}`);
    this.name = 'InputError';
  }
}

/**
 * Replaces every occurrence of the key in a text, and the credentials of any URL in it
 * (`http://user:secret@host`), so no message can leak either.
 */
export function redact(text: string, secret: string | undefined): string {
  const safe = hideUrlCredentials(text);
  if (!secret || secret.length < 4) return safe;
  return safe.split(secret).join('[redacted]');
}
