// One endpoint = method, path, documented parameters, cross-field rules, response schema.
// Checking happens before anything is sent: an InputError costs no request and no token.
import type { z } from 'zod';
import { InputError } from './errors';
import { checkParams, toQuery, type ParamsOf, type Rule, type Spec } from './params';
import type { ApiResult, BodyProgress, Clamp, Transport } from './transport';

export interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Called as the answer's body streams (a sync page's progress). */
  onBody?: (p: BodyProgress) => void;
}

export interface EndpointDef<S extends z.ZodType, PP extends Spec, Q extends Spec, B extends Spec> {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path under /api/v1 with {name} placeholders filled from `path` parameters. */
  path: string;
  pathParams?: PP;
  query?: Q;
  body?: B;
  rules?: Rule[];
  schema: S;
  /** The least per-attempt timeout of this call (see RequestSpec.minTimeoutMs). */
  minTimeoutMs?: number;
  /**
   * A narrowing the service states in its answer's own fields rather than in
   * meta.window_clamp (GET /passes caps the window and reports the window it applied).
   */
  narrowed?: (sent: Record<string, unknown>, data: z.output<S>) => Clamp | undefined;
}

export type Params<PP extends Spec, Q extends Spec, B extends Spec> = ParamsOf<PP> &
  ParamsOf<Q> &
  ParamsOf<B>;
export type Endpoint<S extends z.ZodType, P> = ((
  params: P,
  opts?: CallOptions,
) => Promise<ApiResult<z.output<S>>>) & {
  readonly method: string;
  readonly path: string;
};

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an endpoint without parameters
type Empty = {};

export function define(transport: Transport) {
  return function endpoint<
    S extends z.ZodType,
    PP extends Spec = Empty,
    Q extends Spec = Empty,
    B extends Spec = Empty,
  >(def: EndpointDef<S, PP, Q, B>): Endpoint<S, Params<PP, Q, B>> {
    const name = `${def.method} ${def.path.replace(/\{(\w+)\}/g, '{$1}')}`;
    const pathSpec: Spec = def.pathParams ?? {};
    const querySpec: Spec = def.query ?? {};
    const bodySpec: Spec = def.body ?? {};
    const call = async (params: Params<PP, Q, B>, opts: CallOptions = {}) => {
      const all = (params ?? {}) as Record<string, unknown>;
      const pick = (spec: Spec) => Object.fromEntries(Object.entries(all).filter(([k]) => k in spec));
      const unknown = Object.keys(all).filter(
        (k) => !(k in pathSpec) && !(k in querySpec) && !(k in bodySpec) && all[k] !== undefined,
      );
      if (unknown.length)
        throw new InputError(
          name,
          unknown[0]!,
          `${unknown.join(', ')} is not a parameter of ${name} in this profile`,
        );
      const pathValues = checkParams(name, pathSpec, pick(pathSpec));
      const queryValues = checkParams(name, querySpec, pick(querySpec));
      const bodyValues = checkParams(name, bodySpec, pick(bodySpec));
      const merged = { ...queryValues, ...bodyValues };
      for (const rule of def.rules ?? []) {
        const problem = rule(merged);
        if (problem) throw new InputError(name, '', problem);
      }
      const path = def.path.replace(/\{(\w+)\}/g, (_, k: string) =>
        encodeURIComponent(String(pathValues[k])),
      );
      const headers = opts.headers ?? {};
      const res = await transport.request({
        method: def.method,
        path,
        endpoint: name,
        query: toQuery(queryValues),
        ...(def.body ? { body: bodyValues } : {}),
        headers,
        schema: def.schema,
        // Reads are safe to repeat; a POST only with an Idempotency-Key.
        idempotent: def.method === 'GET' || 'Idempotency-Key' in headers,
        ...(opts.signal ? { signal: opts.signal } : {}),
        ...(opts.onBody ? { onBody: opts.onBody } : {}),
        ...(def.minTimeoutMs !== undefined ? { minTimeoutMs: def.minTimeoutMs } : {}),
      });
      // The service's own window_clamp wins; a narrowing read from other fields only fills in.
      const derived = def.narrowed?.(queryValues, res.data);
      if (derived && !res.clamps.some((c) => c.kind === derived.kind))
        return { ...res, clamps: [...res.clamps, derived] };
      return res;
    };
    return Object.assign(call, { method: def.method, path: def.path });
  };
}
