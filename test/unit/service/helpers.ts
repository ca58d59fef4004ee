// Checks every service schema test makes: a realistic record parses and keeps a field the
// documents do not name (records stay open); a documented field of the wrong type, or an enum
// value outside a complete documented set, is refused with the field's path in the message.
import { expect } from 'vitest';
import { z } from 'zod';

export type Path = readonly (string | number)[];

/** Formats a path the way zod's messages and the API client do: signals[0].stage. */
export const formatPath = (path: Path): string =>
  path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`))
    .join('')
    .replace(/^\./, '');

function setAt(obj: unknown, path: Path, value: unknown): void {
  let cur = obj as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) {
    const next = cur[key];
    if (typeof next !== 'object' || next === null)
      throw new Error(`fixture has no object at ${formatPath(path)} (stopped at ${String(key)})`);
    cur = next as Record<string | number, unknown>;
  }
  cur[path[path.length - 1]!] = value;
}

/**
 * Parses `record` with an undocumented field added at the top and at `nestedAt` (an object
 * inside the record): both must come back untouched, as must every documented field.
 */
export function parsesKeepingUnknown(schema: z.ZodType, record: object, nestedAt: Path = []): unknown {
  const input = structuredClone(record) as Record<string, unknown>;
  input.x_added_later = { kept: true, n: 1 };
  if (nestedAt.length) setAt(input, [...nestedAt, 'x_inner_added_later'], 'kept');
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(`realistic record refused:\n${z.prettifyError(result.error)}`);
  expect(result.data).toEqual(input);
  return result.data;
}

/**
 * Replaces the value at `path` and expects a refusal whose message names that path (or `at`:
 * an unknown key of a closed map is reported at the map, with the key in the message).
 */
export function refusesAt(
  schema: z.ZodType,
  record: object,
  path: Path,
  value: unknown,
  at: Path = path,
): string {
  const input = structuredClone(record);
  setAt(input, path, value);
  const result = schema.safeParse(input);
  expect(result.success, `${formatPath(path)} = ${JSON.stringify(value)} should be refused`).toBe(false);
  const message = z.prettifyError(result.error!);
  expect(message).toContain(`→ at ${formatPath(at)}`);
  return message;
}
