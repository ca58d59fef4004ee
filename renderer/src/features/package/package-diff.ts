// What changed between two revisions of a watch's decision package ("revision (string;
// diffable)"): discriminators and negative evidence added, removed and changed, limitations
// added and removed, and the schema version when it moved. Pure: the Package view and its
// tests give it two packages and read the answer.
import type { DecisionPackage, NegativeEvidence, PackageDiscriminator } from '../../data/records';

export interface FieldChange {
  field: string;
  /** The field's values as the service sent them (an unnamed field of its loose record may hold anything). */
  before: unknown;
  after: unknown;
}

export interface Changed<T> {
  /** What identifies the item across revisions (its observable, and axis for evidence). */
  key: string;
  before: T;
  after: T;
  fields: FieldChange[];
}

export interface ItemsDiff<T> {
  added: T[];
  removed: T[];
  changed: Changed<T>[];
  unchanged: number;
}

export interface PackageDiff {
  from: string;
  to: string;
  discriminators: ItemsDiff<PackageDiscriminator>;
  evidence: ItemsDiff<NegativeEvidence>;
  limitations: { added: string[]; removed: string[] };
  schemaVersion: { before: string | null; after: string | null } | null;
  /** Nothing at all differs between the two revisions. */
  same: boolean;
}

/** An item of a package: a discriminator or a piece of negative evidence. */
type PackageItem = PackageDiscriminator | NegativeEvidence;

/**
 * The fields compared, in the order a change lists them (the schema's, so a misspelt one is a
 * type error); other fields the service sends (its records are loose) are compared after.
 */
const DISCRIMINATOR_FIELDS: readonly (keyof PackageDiscriminator & string)[] = [
  'observable',
  'verdict',
  'max_elimination',
  'refutes_if_absent',
];
const EVIDENCE_FIELDS: readonly (keyof NegativeEvidence & string)[] = [
  'observable',
  'axis',
  'status',
  'reason',
  'source_status',
  'detail',
];

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/**
 * Keys items by what they are about; a second item with the same key in one revision is told
 * apart by its place among its namesakes (`#2`), so nothing is lost or paired twice.
 */
function keyed<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T> {
  const out = new Map<string, T>();
  const seen = new Map<string, number>();
  for (const item of items) {
    const base = keyOf(item);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    out.set(n === 1 ? base : `${base} #${n}`, item);
  }
  return out;
}

// Absent, null and undefined all mean "not given": a field gaining a null is not a change.
const norm = (v: unknown): unknown => (v === undefined ? null : v);
const same = (a: unknown, b: unknown) => JSON.stringify(norm(a)) === JSON.stringify(norm(b));

/** Two versions of one item, compared field by field. */
function fieldChanges<T extends PackageItem>(
  b: T,
  a: T,
  order: readonly (keyof T & string)[],
): FieldChange[] {
  const fields = [...new Set<string>([...order, ...Object.keys(b), ...Object.keys(a)])];
  return fields
    .filter((f) => !same(b[f], a[f]))
    .map((field) => ({ field, before: norm(b[field]), after: norm(a[field]) }));
}

function diffItems<T extends PackageItem>(
  before: readonly T[],
  after: readonly T[],
  keyOf: (item: T) => string,
  order: readonly (keyof T & string)[],
): ItemsDiff<T> {
  const b = keyed(before, keyOf);
  const a = keyed(after, keyOf);
  const out: ItemsDiff<T> = { added: [], removed: [], changed: [], unchanged: 0 };
  for (const [key, item] of b) if (!a.has(key)) out.removed.push(item);
  for (const [key, item] of a) {
    const old = b.get(key);
    if (old === undefined) {
      out.added.push(item);
      continue;
    }
    const fields = fieldChanges(old, item, order);
    if (fields.length) out.changed.push({ key, before: old, after: item, fields });
    else out.unchanged++;
  }
  return out;
}

export const discriminatorKey = (d: PackageDiscriminator): string => text(d.observable) || '(no observable)';
export const evidenceKey = (e: NegativeEvidence): string =>
  `${text(e.observable) || '(no observable)'}${e.axis ? ` · ${e.axis}` : ''}`;

export function diffPackages(before: DecisionPackage, after: DecisionPackage): PackageDiff {
  const discriminators = diffItems(
    before.discriminators ?? [],
    after.discriminators ?? [],
    discriminatorKey,
    DISCRIMINATOR_FIELDS,
  );
  const evidence = diffItems(
    before.negative_evidence ?? [],
    after.negative_evidence ?? [],
    evidenceKey,
    EVIDENCE_FIELDS,
  );
  const limBefore = before.limitations ?? [];
  const limAfter = after.limitations ?? [];
  const limitations = {
    added: limAfter.filter((l) => !limBefore.includes(l)),
    removed: limBefore.filter((l) => !limAfter.includes(l)),
  };
  const sv = { before: before.schema_version ?? null, after: after.schema_version ?? null };
  const schemaVersion = sv.before === sv.after ? null : sv;
  const parts = [discriminators, evidence];
  return {
    from: before.revision,
    to: after.revision,
    discriminators,
    evidence,
    limitations,
    schemaVersion,
    same:
      parts.every((p) => !p.added.length && !p.removed.length && !p.changed.length) &&
      !limitations.added.length &&
      !limitations.removed.length &&
      schemaVersion === null,
  };
}

/** A field's value as the diff shows it: lists joined, nothing given said so. */
export function showValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return 'not given';
  if (Array.isArray(v)) return v.length ? v.map(String).join(', ') : 'none';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}
