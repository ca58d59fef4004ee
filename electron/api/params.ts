// Parameters checked before sending (no request, no token spent on a mistake) and serialized
// the way the documents write them. Each endpoint lists the parameters its profile documents;
// anything else is refused rather than sent. Only a parameter's documented type, range, value
// list or length is checked: a window a document calls capped, a value list it leaves open
// (family keys, axes) and a length it does not give are the service's to judge.
import { BBoxError, bboxAreaKm2, checkBBox, parseBBox, type BBox } from '../../shared/bbox';
import { Q_MAX_LENGTH } from '../../shared/q';
import { InputError } from './errors';

/** Turns a caller's value into what goes on the wire, or refuses it; T is what callers may pass. */
export type Check<T = unknown> = ((value: unknown, name: string) => unknown) & { readonly __input?: T };
const check = <T>(f: (v: unknown, n: string) => unknown): Check<T> => f as Check<T>;
export class Refused extends Error {}
const refuse = (message: string): never => {
  throw new Refused(message);
};

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const P = {
  str: (max?: number, min?: number) =>
    check<string>((v, n) => {
      if (typeof v !== 'string') return refuse(`${n} must be text`);
      if (max !== undefined && v.length > max) refuse(`${n} is longer than ${max} characters (${v.length})`);
      if (min !== undefined && v.trim().length < min) refuse(`${n} needs at least ${min} characters`);
      return v;
    }),
  /** Text with no documented length limit: a length Watchfloor made up would refuse what the service takes. */
  text: (min?: number) => P.str(undefined, min),
  q: () => P.str(Q_MAX_LENGTH),
  date: () =>
    check<string>((v, n) => {
      if (typeof v !== 'string' || !DATE_RE.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`)))
        refuse(`${n} must be a date YYYY-MM-DD`);
      return v;
    }),
  timestamp: () =>
    check<string | Date>((v, n) => {
      const s = v instanceof Date ? v.toISOString() : v;
      if (typeof s !== 'string' || Number.isNaN(Date.parse(s))) refuse(`${n} must be an ISO 8601 timestamp`);
      return s;
    }),
  int: (min: number, max: number) =>
    check<number>((v, n) => {
      if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
        refuse(`${n} must be a whole number from ${min} to ${max}`);
      return v;
    }),
  num: (min: number, max: number) =>
    check<number>((v, n) => {
      if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max)
        refuse(`${n} must be a number from ${min} to ${max}`);
      return v;
    }),
  /** Any finite number, where the document gives no range. */
  number: () =>
    check<number>((v, n) => {
      if (typeof v !== 'number' || !Number.isFinite(v)) refuse(`${n} must be a number`);
      return v;
    }),
  oneOf: <T extends string | number>(values: readonly T[]) =>
    check<T>((v, n) => {
      if (!values.includes(v as T)) refuse(`${n} must be one of ${values.join(', ')}`);
      return v;
    }),
  bool: () =>
    check<boolean>((v, n) => {
      if (typeof v !== 'boolean') refuse(`${n} must be true or false`);
      return v;
    }),
  /** Comma-separated on the wire; optionally limited to documented values. */
  list: (allowed?: readonly string[]) =>
    check<string | readonly string[]>((v, n) => {
      const items = Array.isArray(v)
        ? v
        : typeof v === 'string'
          ? v.split(',')
          : refuse(`${n} must be a list`);
      const clean = items.map((x) => String(x).trim()).filter(Boolean);
      if (!clean.length) refuse(`${n} is empty`);
      const bad = allowed ? clean.filter((x) => !allowed.includes(x)) : [];
      if (bad.length) refuse(`${n}: ${bad.join(', ')} is not one of ${allowed!.join(', ')}`);
      return clean;
    }),
  /** minLon,minLat,maxLon,maxLat, in range and in order; an optional area limit. */
  bbox: (opts: { maxKm2?: number; underKm2?: number } = {}) =>
    check<string | readonly number[]>((v, n) => {
      let b: BBox;
      try {
        b =
          typeof v === 'string'
            ? parseBBox(v, n)
            : Array.isArray(v)
              ? checkBBox(v as number[], n)
              : refuse(`${n} must be W,S,E,N`);
      } catch (e) {
        if (e instanceof BBoxError) refuse(e.message);
        throw e;
      }
      const area = bboxAreaKm2(b);
      if (opts.maxKm2 !== undefined && area > opts.maxKm2)
        refuse(
          `${n} covers ${Math.round(area).toLocaleString('en')} km², more than the ${opts.maxKm2.toLocaleString('en')} km² allowed`,
        );
      if (opts.underKm2 !== undefined && area >= opts.underKm2)
        refuse(
          `${n} covers ${Math.round(area).toLocaleString('en')} km²; it must be under ${opts.underKm2.toLocaleString('en')} km²`,
        );
      return [...b];
    }),
  /** Two to eight statements separated by a vertical bar, each ≤ 500 characters. */
  hypotheses: () =>
    check<string | readonly string[]>((v, n) => {
      const parts = Array.isArray(v)
        ? v.map(String)
        : typeof v === 'string'
          ? v.split('|')
          : refuse(`${n} must be text`);
      const hs = parts.map((s) => s.trim()).filter(Boolean);
      if (hs.length < 2 || hs.length > 8)
        refuse(`${n}: give two to eight statements separated by | (got ${hs.length})`);
      if (hs.some((h) => h.includes('|'))) refuse(`${n}: a statement cannot contain |`);
      const long = hs.findIndex((h) => h.length > 500);
      if (long >= 0) refuse(`${n}: statement ${long + 1} is longer than 500 characters`);
      return hs.join('|');
    }),
  uuid: () =>
    check<string>((v, n) => {
      if (typeof v !== 'string' || !UUID_RE.test(v)) refuse(`${n} must be a uuid`);
      return v;
    }),
  intId: () =>
    check<number | string>((v, n) => {
      const x = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
      if (typeof x !== 'number' || !Number.isSafeInteger(x) || x < 0) refuse(`${n} must be an integer id`);
      return x;
    }),
  anyId: () =>
    check<string | number>((v, n) => {
      if ((typeof v !== 'string' || v === '') && typeof v !== 'number') refuse(`${n} is required`);
      return v;
    }),
  point: () =>
    check<string | readonly number[]>((v, n) => {
      const parts = typeof v === 'string' ? v.split(',').map(Number) : Array.isArray(v) ? v.map(Number) : [];
      if (parts.length !== 2 || !(Math.abs(parts[0]!) <= 180) || !(Math.abs(parts[1]!) <= 90))
        refuse(`${n} must be lon,lat`);
      return parts;
    }),
  json: <T = unknown>() => check<T>((v) => v),
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each entry keeps its own input type
export type Spec = Record<string, Check<any> | readonly [Check<any>, 'required']>;
export const req = <T>(c: Check<T>): readonly [Check<T>, 'required'] => [c, 'required'] as const;

type InputOf<E> = E extends readonly [Check<infer T>, 'required'] ? T : E extends Check<infer T> ? T : never;
type RequiredKeys<S> = { [K in keyof S]: S[K] extends readonly [unknown, 'required'] ? K : never }[keyof S];
/** The parameter object a spec accepts: required keys required, the rest optional. */
export type ParamsOf<S extends Spec> = { [K in RequiredKeys<S>]: InputOf<S[K]> } & {
  [K in Exclude<keyof S, RequiredKeys<S>>]?: InputOf<S[K]>;
};

/** Checks a parameter object against a spec; returns the checked values (JSON-ready). */
export function checkParams(
  endpoint: string,
  spec: Spec,
  params: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const given = params ?? {};
  for (const key of Object.keys(given))
    if (!(key in spec) && given[key] !== undefined)
      throw new InputError(endpoint, key, `${key} is not a parameter of ${endpoint} in this profile`);
  for (const [key, entry] of Object.entries(spec)) {
    const [checker, required] = Array.isArray(entry)
      ? (entry as [Check, 'required'])
      : [entry as Check, undefined];
    const v = given[key];
    if (v === undefined || v === null) {
      if (required) throw new InputError(endpoint, key, `${key} is required`);
      continue;
    }
    try {
      out[key] = checker(v, key);
    } catch (e) {
      if (e instanceof Refused) throw new InputError(endpoint, key, e.message);
      throw e;
    }
  }
  return out;
}

/** Query-string form: lists and boxes comma-joined, booleans and numbers as text. */
export function toQuery(values: Record<string, unknown>): Record<string, string> {
  const q: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) q[k] = Array.isArray(v) ? v.join(',') : String(v);
  return q;
}

// ---- cross-field rules -----------------------------------------------------------------

export type Rule = (values: Record<string, unknown>) => string | undefined;

export const bothOrNeither =
  (a: string, b: string): Rule =>
  (v) =>
    (v[a] === undefined) !== (v[b] === undefined) ? `give both ${a} and ${b}, or neither` : undefined;
export const ordered =
  (a: string, b: string): Rule =>
  (v) =>
    typeof v[a] === 'string' && typeof v[b] === 'string' && (v[a] as string) > (v[b] as string)
      ? `${a} is after ${b}`
      : undefined;
export const oneOfGroups =
  (groups: string[][]): Rule =>
  (v) =>
    groups.some((g) => g.every((k) => v[k] !== undefined))
      ? undefined
      : `give ${groups.map((g) => g.join(' and ')).join(', or ')}`;
export const pairs =
  (a: string, b: string): Rule =>
  (v) =>
    (v[a] === undefined) !== (v[b] === undefined) ? `${a} and ${b} go together` : undefined;
