// The window's first questions, asked before its code is in. At launch the window's own bundle
// takes 0.3–0.4 s to arrive and evaluate (chromium, 200,000 cached points), and only then asked
// for the map's points, which main answers in ~0.2 s. A script of a few lines (renderer/src/
// early.ts, first in index.html) asks at once what the last window said it would ask first:
// the app's info and, opening on the map, its points for the filters it had (main.tsx keeps
// that list in localStorage; a window opened for the first time asks FIRST_OPENING's). The
// contract client takes each answer when the window asks the same, once; one not taken within
// FRESH_MS is dropped. Only the reads below may be asked so:
// a hand-edited list asks nothing else.
import type { Channel, WatchfloorApi } from '../../../shared/contract';
import { SECRET_HEADER } from '../../../shared/wire';

/** Where the window keeps what it would ask first (main.tsx writes it, early.ts reads it). */
export const OPENING_ASKS_KEY = 'watchfloor.opening-asks';
const EARLY_CHANNELS: ReadonlySet<string> = new Set<Channel>(['app.info', 'signals.points']);
/** An answer asked early and not taken within this is dropped (the window asked something else). */
const FRESH_MS = 20_000;
const SECRET_KEY = 'watchfloor.serve-secret';

export interface OpeningAsk {
  channel: 'app.info' | 'signals.points';
  input: object;
}

interface Early {
  channel: string;
  /** The input as JSON: the window's own ask matches it exactly. */
  input: string;
  /** The bridge's answer (desktop app), or serve's HTTP response, unread. */
  answer: Promise<unknown>;
  at: number;
}

let asked: Early[] = [];
let remembered: string | null = null;

/**
 * Under serve, the launch's secret: taken from the fragment (`#token=…`) when the window is
 * opened from the URL serve printed, then dropped from the address bar; kept for this tab
 * (sessionStorage belongs to this address only, so a reload keeps working and a second serve
 * on another port keeps its own).
 */
export function serveSecret(): string {
  const given = /(?:^#|&)token=([^&]+)/.exec(window.location.hash)?.[1];
  if (given) {
    window.sessionStorage.setItem(SECRET_KEY, given);
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    return given;
  }
  return window.sessionStorage.getItem(SECRET_KEY) ?? '';
}

/**
 * What a window opened for the first time asks first: it opens on the map with no filter
 * (state/view-state.ts DEFAULTS; test/renderer/early-answers.test.ts keeps the two in step).
 */
export const FIRST_OPENING: readonly OpeningAsk[] = [
  { channel: 'app.info', input: {} },
  { channel: 'signals.points', input: {} },
];

/** The list as stored (or the first opening's), each entry checked (anything else in it is ignored). */
function storedAsks(): { channel: string; input: object }[] {
  let list: unknown;
  try {
    const stored = window.localStorage.getItem(OPENING_ASKS_KEY);
    list = stored === null ? FIRST_OPENING : JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  return list.filter(
    (a): a is { channel: string; input: object } =>
      typeof a === 'object' &&
      a !== null &&
      typeof (a as { channel?: unknown }).channel === 'string' &&
      EARLY_CHANNELS.has((a as { channel: string }).channel) &&
      typeof (a as { input?: unknown }).input === 'object' &&
      (a as { input?: unknown }).input !== null,
  );
}

/** Asks now what the last window said it would ask first (early.ts, before the window's code). */
export function askEarly(): void {
  const bridge = window.watchfloor as Record<string, unknown> | undefined;
  const secret = bridge ? '' : serveSecret();
  const ask = (channel: string, input: object): Promise<unknown> =>
    bridge
      ? (bridge[channel] as (i: object) => Promise<unknown>)(input)
      : fetch(`/api/contract/${encodeURIComponent(channel)}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', [SECRET_HEADER]: secret },
          body: JSON.stringify(input),
          credentials: 'omit',
        });
  const keep = (channel: string, input: object, answer: Promise<unknown>) => {
    // Not taken, a failure is nobody's: the window's own ask says it again.
    answer.catch(() => undefined);
    asked.push({ channel, input: JSON.stringify(input), answer, at: performance.now() });
  };
  const info = ask('app.info', {});
  keep('app.info', {}, info);
  // The rest only once main says an account is open: a first run has none, and main would
  // refuse them (a refused call is an error in the window's console).
  const open = info.then(hasAccount).catch(() => false);
  for (const { channel, input } of storedAsks())
    if (channel !== 'app.info')
      keep(
        channel,
        input,
        open.then((yes) => (yes ? ask(channel, input) : Promise.reject(new Error('no account is open')))),
      );
}

/** Whether app.info's answer (the bridge's result, or serve's response) names an open account. */
async function hasAccount(answer: unknown): Promise<boolean> {
  const outcome =
    answer instanceof Response
      ? ((await answer.clone().json()) as { ok?: boolean; result?: { profile?: unknown } })
      : { ok: true, result: answer as { profile?: unknown } };
  return outcome.ok === true && outcome.result?.profile != null;
}

/** The early answer to exactly this ask, once; null if there is none (then ask as usual). */
export function takeEarly(channel: string, input: unknown): Promise<unknown> | null {
  if (!asked.length) return null;
  const now = performance.now();
  asked = asked.filter((e) => now - e.at < FRESH_MS);
  const key = JSON.stringify(input ?? {});
  const i = asked.findIndex((e) => e.channel === channel && e.input === key);
  if (i < 0) return null;
  const [found] = asked.splice(i, 1);
  return found!.answer;
}

/** Keeps what this window would ask first if it opened as it is now, for the next launch. */
export function rememberOpeningAsks(asks: readonly OpeningAsk[]): void {
  const json = JSON.stringify(asks);
  if (json === remembered) return;
  remembered = json;
  try {
    window.localStorage.setItem(OPENING_ASKS_KEY, json);
  } catch {
    // A full or refused storage only costs the next launch its head start.
  }
}

/** The bridge with the early answers taken first (the desktop app). */
export function withEarlyAnswers(api: WatchfloorApi): WatchfloorApi {
  const out: Record<string, unknown> = { ...api };
  for (const channel of EARLY_CHANNELS) {
    const call = (api as unknown as Record<string, (i: unknown) => Promise<unknown>>)[channel]!;
    // A failed early ask is asked again.
    out[channel] = (input: unknown) => takeEarly(channel, input)?.catch(() => call(input)) ?? call(input);
  }
  return out as unknown as WatchfloorApi;
}
