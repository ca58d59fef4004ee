// Writing signals: pages from the sync engine, aliases of folded events, retractions
// (spec: main "States and transitions": an event folded into another resolves to the
// survivor; a retracted event gets retracted_at and stays readable).
import type Database from 'better-sqlite3';
import { setCheckpoint } from './checkpoints';
import { cacheProfile, type Profile } from './meta';
import { SLOTS, tkeyAllocator } from './tkey';
import { payloadEncoder } from './payload';
import { signalRow } from './signal-columns';
import { idHash } from './id-hash';
import { cellTokens } from './cells';
import { idOf, normTime, stmt } from './sql';

export interface StoreSignalsArgs {
  profile: Profile;
  /** Signals exactly as the service sent them (either profile's shape). */
  signals: readonly unknown[];
  /** With `checkpoint`: the stream whose checkpoint this page advances. */
  stream?: string;
  checkpoint?: unknown;
}

const COLUMNS = [
  'id',
  'profile',
  'occurred_at',
  'last_updated_at',
  'severity_band',
  'severity_score',
  'stage',
  'category',
  'lat',
  'lng',
  'plottable',
  'retracted',
  'retracted_at',
  'country_code',
  'market_impact',
  'title',
  'place',
  'country',
  'measured',
  'measured_kind',
  'escalating',
  'publishers',
] as const;

const INSERT = `INSERT INTO signals (tkey, idh, ${COLUMNS.join(', ')}, folded_into)
  VALUES (?, ?, ${COLUMNS.map(() => '?').join(', ')}, (SELECT survivor_id FROM signal_aliases WHERE old_id = ?))`;

// A retraction is never undone by a list page that does not mention it (spec: main,
// "States and transitions": retracted events keep retracted_at).
const SET = COLUMNS.map((c) =>
  c === 'retracted'
    ? 'retracted = max(retracted, ?)'
    : c === 'retracted_at'
      ? 'retracted_at = coalesce(?, retracted_at)'
      : `${c} = ?`,
).join(', ');
const UPDATE = `UPDATE signals SET ${SET} WHERE seq = ?`;
// When the occurred time changes, the row takes a key in its new second.
const MOVE = `UPDATE signals SET tkey = ?, ${SET} WHERE seq = ?`;

// Keys are bound as BigInt: better-sqlite3 binds every JS number as REAL, and FTS5 ignores
// a REAL `rowid = ?` (measured: it matched every row) and scans for a REAL rowid range.

/** R*Tree time axis: hours since 1970 (float32 holds whole hours exactly until 3884). */
export const hoursOfSecond = (second: number): number => second / 3600;

/**
 * Upserts one page of signals by id (a boundary record sent again is updated, never
 * duplicated), keeps the FTS and R*Tree rows in step, and writes the stream's checkpoint
 * in the same transaction: a page is stored whole with its checkpoint, or not at all.
 */
export function storeSignalsPage(
  db: Database.Database,
  args: StoreSignalsArgs,
): { inserted: number; updated: number } {
  const recorded = cacheProfile(db);
  if (recorded && recorded !== args.profile)
    throw new Error(
      `this cache holds ${recorded}-profile signals; a ${args.profile}-profile page does not belong here`,
    );
  // Validated before anything is written; statements are positional (measured faster).
  // A signal sent twice in one page is stored once, as its last version.
  const rows = [
    ...new Map(
      args.signals.map((record, i) => {
        const row = signalRow(args.profile, record, i);
        return [row.id, row] as const;
      }),
    ).values(),
  ];
  const insert = stmt(db, INSERT);
  const update = stmt(db, UPDATE);
  const move = stmt(db, MOVE);
  const payloadInsert = stmt(db, 'INSERT INTO signal_payloads (seq, payload) VALUES (?, ?)');
  const payloadUpdate = stmt(db, 'UPDATE signal_payloads SET payload = ? WHERE seq = ?');
  const ftsDelete = stmt(db, 'DELETE FROM signals_fts WHERE rowid = ?');
  const ftsInsert = stmt(
    db,
    'INSERT INTO signals_fts (rowid, title, summary, place, country, category, cells) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const rtreePut = stmt(db, 'INSERT OR REPLACE INTO signals_rtree VALUES (?, ?, ?, ?, ?, ?, ?)');
  const rtreeDelete = stmt(db, 'DELETE FROM signals_rtree WHERE id = ?');

  return db.transaction(() => {
    const allocate = tkeyAllocator(db);
    const encode = payloadEncoder(db);
    // One lookup for the page's ids rather than one per signal, by their hashes (id-hash.ts);
    // a row of another id sharing a hash is left out by its id.
    const ids = new Set(rows.map((r) => r.id));
    const known = new Map(
      (
        stmt(db, 'SELECT id, tkey, seq FROM signals WHERE idh IN (SELECT value FROM json_each(?))')
          .raw()
          .all(JSON.stringify(rows.map((r) => idHash(r.id)))) as [string, number, number][]
      )
        .filter(([id]) => ids.has(id))
        .map(([id, tkey, seq]) => [id, { tkey, seq }]),
    );
    let inserted = 0;
    let updated = 0;
    const indexed: { key: number; r: (typeof rows)[number]; cells: string | null }[] = [];
    for (const r of rows) {
      const values: unknown[] = COLUMNS.map((c) => r[c]);
      const found = known.get(r.id);
      let key: number;
      if (found === undefined) {
        key = allocate(r.second);
        const seq = insert.run(BigInt(key), idHash(r.id), ...values, r.id).lastInsertRowid;
        payloadInsert.run(seq, encode(r.record, r));
        known.set(r.id, { tkey: key, seq: Number(seq) });
        inserted++;
      } else {
        const old = found.tkey;
        payloadUpdate.run(encode(r.record, r), found.seq);
        if (Math.floor(old / SLOTS) === r.second) {
          key = old;
          update.run(...values, found.seq);
        } else {
          key = allocate(r.second);
          move.run(BigInt(key), ...values, found.seq);
          rtreeDelete.run(BigInt(old));
        }
        ftsDelete.run(BigInt(old));
        updated++;
        found.tkey = key;
      }
      const t = hoursOfSecond(r.second);
      // Only drawable points go in the R*Tree and carry cells in the FTS (cells.ts): with a
      // bbox, the main profile lists events with a point inside it and leaves country-level
      // ones (plottable false) out (spec: main, GET /signals, rule 5). Alternate records carry
      // no such flag; their point decides. A key just allocated has no R*Tree row (R*Tree keys
      // are keys of signals rows; a moved row's old one is deleted above), so only an updated
      // row may need its point removed.
      const drawable = r.lat !== null && r.lng !== null && (r.profile === 'alternate' || r.plottable === 1);
      if (drawable) rtreePut.run(BigInt(key), r.lng, r.lng, r.lat, r.lat, t, t);
      else if (found !== undefined) rtreeDelete.run(BigInt(key));
      indexed.push({ key, r, cells: drawable ? cellTokens(r.lng!, r.lat!) : null });
    }
    // FTS5 flushes its pending terms whenever a rowid arrives below one already pending:
    // insert in rowid (tkey) order, or every signal becomes a segment (measured: 700/s).
    indexed.sort((a, b) => a.key - b.key);
    for (const { key, r, cells } of indexed)
      ftsInsert.run(BigInt(key), r.title, r.summary, r.place, r.country, r.category, cells);
    if (args.stream !== undefined && args.checkpoint !== undefined)
      setCheckpoint(db, args.stream, args.checkpoint);
    return { inserted, updated };
  })();
}

/** Follows aliases to the surviving id; `folded` says whether the id given was folded. */
export function resolveSignalId(db: Database.Database, id: string | number): { id: string; folded: boolean } {
  const start = idOf(id);
  if (start === null) throw new TypeError(`not a signal id: ${String(id)}`);
  const next = stmt(db, 'SELECT survivor_id FROM signal_aliases WHERE old_id = ?').pluck();
  let current = start;
  // Aliases are kept flat by recordAlias; the bound only guards against a damaged file.
  for (let step = 0; step < 32; step++) {
    const survivor = next.get(current) as string | undefined;
    if (survivor === undefined || survivor === current) break;
    current = survivor;
  }
  return { id: current, folded: current !== start };
}

/**
 * Records that `oldId` was folded into `survivorId`. Chains stay flat (ids folded into
 * oldId now point at the survivor), and the folded row stays cached but is never listed
 * on its own (docs/cli.md, "signals").
 */
export function recordAlias(
  db: Database.Database,
  args: { oldId: string | number; survivorId: string | number },
): void {
  const oldId = idOf(args.oldId);
  const survivorId = idOf(args.survivorId);
  if (oldId === null || survivorId === null) throw new TypeError('recordAlias needs two signal ids');
  if (oldId === survivorId) return;
  const at = new Date().toISOString();
  db.transaction(() => {
    stmt(db, 'DELETE FROM signal_aliases WHERE old_id = ?').run(survivorId);
    stmt(db, 'UPDATE signal_aliases SET survivor_id = ? WHERE survivor_id = ?').run(survivorId, oldId);
    stmt(
      db,
      `INSERT INTO signal_aliases (old_id, survivor_id, recorded_at) VALUES (?, ?, ?)
       ON CONFLICT(old_id) DO UPDATE SET survivor_id = excluded.survivor_id, recorded_at = excluded.recorded_at`,
    ).run(oldId, survivorId, at);
    stmt(
      db,
      'UPDATE signals SET folded_into = @survivorId WHERE (idh = @oldHash AND id = @oldId) OR folded_into = @oldId',
    ).run({ survivorId, oldId, oldHash: idHash(oldId) });
    stmt(db, 'UPDATE signals SET folded_into = NULL WHERE idh = ? AND id = ?').run(
      idHash(survivorId),
      survivorId,
    );
  })();
}

/**
 * Flags an event as retracted (kept, left out of lists unless asked). A folded id marks its
 * survivor. Returns false when the event is not cached (nothing to flag yet).
 */
export function markRetracted(
  db: Database.Database,
  args: { id: string | number; retractedAt?: string | null },
): boolean {
  const { id } = resolveSignalId(db, args.id);
  const changes = stmt(
    db,
    'UPDATE signals SET retracted = 1, retracted_at = coalesce(?, retracted_at) WHERE idh = ? AND id = ?',
  ).run(normTime(args.retractedAt ?? null), idHash(id), id).changes;
  return changes > 0;
}
