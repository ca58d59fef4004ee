// The satellite families the pass finder knows (resources/families.json): the four
// public systematic missions and the nine commercial operators the service's /passes names
// (spec: main profile, "GET /api/v1/passes": "omit for all thirteen"). Validated with zod at
// load, so a bad edit to the file fails loudly instead of silently dropping a family.
import { z } from 'zod';
import familiesJson from '../../resources/families.json';

import { FAMILY_KEYS, type FamilyKey } from '../../shared/service/values';

export { FAMILY_KEYS, type FamilyKey };

const range = z
  .object({ min: z.number().min(0).max(90), max: z.number().min(0).max(90) })
  .refine((r) => r.min <= r.max, { message: 'min must not exceed max' });

// A name pattern: letters, digits, space, '-', '.', '/', '(', ')' and the wildcards * and ?.
const pattern = z.string().regex(/^[A-Z0-9 ./()*?-]+$/, 'upper-case name pattern with * and ? wildcards');

const family = z.object({
  label: z.string().min(1),
  operator: z.string().min(1),
  sensor: z.enum(['optical', 'sar']),
  collection_mode: z.enum(['systematic', 'taskable']),
  off_nadir_deg: range,
  basis: z.object({ kind: z.enum(['incidence', 'swath_half_angle', 'agility', 'look_angle']) }).loose(),
  source: z.string().min(1),
  members: z.object({
    norad_ids: z.array(z.number().int().positive()),
    name_patterns: z.array(pattern),
    exclude_patterns: z.array(pattern),
  }),
});

const catalogSchema = z
  .record(z.enum(FAMILY_KEYS), family)
  .refine((c) => FAMILY_KEYS.every((k) => k in c), { message: `all of ${FAMILY_KEYS.join(', ')} are needed` })
  .superRefine((c, ctx) => {
    // One satellite, one family: a NORAD id listed twice would make counts and passes ambiguous.
    const seen = new Map<number, string>();
    for (const [key, f] of Object.entries(c))
      for (const id of f.members.norad_ids) {
        const other = seen.get(id);
        if (other) ctx.addIssue({ code: 'custom', message: `NORAD ${id} is in both ${other} and ${key}` });
        seen.set(id, key);
      }
  });

export type Family = z.infer<typeof family> & { key: FamilyKey };
export type FamilyCatalog = ReadonlyMap<FamilyKey, Family>;

export class FamilyFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FamilyFileError';
  }
}

/** Validates a parsed families file; throws FamilyFileError naming the first problems. */
export function parseFamilies(json: unknown): FamilyCatalog {
  const parsed = catalogSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 5)
      .map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`)
      .join('; ');
    throw new FamilyFileError(`resources/families.json is not valid: ${issues}`);
  }
  const out = new Map<FamilyKey, Family>();
  for (const key of FAMILY_KEYS) out.set(key, { key, ...parsed.data[key]! });
  return out;
}

let bundled: FamilyCatalog | undefined;
/** The catalog shipped with Watchfloor (bundled into the build; validated once). */
export function loadFamilies(): FamilyCatalog {
  bundled ??= parseFamilies(familiesJson);
  return bundled;
}

/** "ICEYE-*" → /^ICEYE-.*$/i; '*' is any run of characters, '?' exactly one. */
export function globToRegExp(glob: string): RegExp {
  const body = glob
    .split('')
    .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}$`, 'i');
}

export interface FamilyMatcher {
  /** The family a satellite belongs to: by NORAD id first, then by name pattern. */
  familyOf(noradId: number, name: string): FamilyKey | undefined;
}

export function familyMatcher(catalog: FamilyCatalog): FamilyMatcher {
  const byId = new Map<number, FamilyKey>();
  const byName: { key: FamilyKey; include: RegExp[]; exclude: RegExp[] }[] = [];
  for (const f of catalog.values()) {
    for (const id of f.members.norad_ids) byId.set(id, f.key);
    byName.push({
      key: f.key,
      include: f.members.name_patterns.map(globToRegExp),
      exclude: f.members.exclude_patterns.map(globToRegExp),
    });
  }
  return {
    familyOf(noradId, name) {
      const listed = byId.get(noradId);
      if (listed) return listed;
      const n = name.trim();
      for (const f of byName)
        if (f.include.some((r) => r.test(n)) && !f.exclude.some((r) => r.test(n))) return f.key;
      return undefined;
    },
  };
}

/** Parses "k1,k2" (the --satellites option); throws with the unknown keys named. */
export function parseFamilyList(text: string | undefined): FamilyKey[] {
  if (text === undefined) return [...FAMILY_KEYS];
  const keys = text
    .split(',')
    .map((k) => k.trim().toLowerCase())
    .filter(Boolean);
  if (keys.length === 0) throw new FamilyFileError('--satellites needs at least one family key');
  const unknown = keys.filter((k) => !(FAMILY_KEYS as readonly string[]).includes(k));
  if (unknown.length)
    throw new FamilyFileError(
      `unknown famil${unknown.length > 1 ? 'ies' : 'y'} ${unknown.join(', ')}; known: ${FAMILY_KEYS.join(', ')}`,
    );
  return [...new Set(keys)] as FamilyKey[];
}
