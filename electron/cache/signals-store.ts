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

/** A signal's FTS row: the q fields and, for a drawable point, its cells (cells.ts). */
interface FtsRow {
  title: string | null;
  summary: string | null;
  place: string | null;
  country: string | null;
  category: string | null;
  cells: string | null;
}

/** FTS rows held for the end of the transaction running a batch (withFtsBatch), by time key. */
const heldFts = new WeakMap<Database.Database, Map<number, FtsRow>>();

/**
 * Runs `f` (inside a transaction) with the FTS rows storeSignalsPage makes held until `f` ends,
 * then inserts them all in time-key order: a group of pages makes one FTS segment, not one a
 * page. FTS5 writes its pending terms out as a segment whenever a rowid arrives below one
 * already pending and at every savepoint; pages of a sync overlap in time (a signal is updated
 * up to days after it happened), so each page's rows came in below the last page's, and each
 * page's own savepoint flushed too (measured in-process at 300k, groups of 16 pages: the
 * savepoints alone 8.3 µs a signal). Inside a batch a page also runs without a savepoint of its
 * own: the batch's transaction is all or nothing (runCalls). Nested batches join the outer one.
 */
export function withFtsBatch<T>(db: Database.Database, f: () => T): T {
  if (heldFts.has(db)) return f();
  const held = new Map<number, FtsRow>();
  heldFts.set(db, held);
  try {
    const out = f();
    insertFts(db, held);
    return out;
  } finally {
    heldFts.delete(db);
  }
}

/** FTS rows inserted in time-key order (see withFtsBatch). */
function insertFts(db: Database.Database, rows: ReadonlyMap<number, FtsRow>): void {
  const insert = stmt(
    db,
    'INSERT INTO signals_fts (rowid, title, summary, place, country, category, cells) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  for (const key of [...rows.keys()].sort((a, b) => a - b)) {
    const r = rows.get(key)!;
    insert.run(BigInt(key), r.title, r.summary, r.place, r.country, r.category, r.cells);
  }
}

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
  const ftsDeleteRow = stmt(db, 'DELETE FROM signals_fts WHERE rowid = ?');
  const rtreeInsert = stmt(db, 'INSERT INTO signals_rtree VALUES (?, ?, ?, ?, ?, ?, ?)');
  const rtreePut = stmt(db, 'INSERT OR REPLACE INTO signals_rtree VALUES (?, ?, ?, ?, ?, ?, ?)');
  const rtreeDelete = stmt(db, 'DELETE FROM signals_rtree WHERE id = ?');
  // Inside a batch (withFtsBatch) FTS rows wait for its end; a row still waiting is replaced
  // there rather than deleted from the index.
  const batch = heldFts.get(db);
  const ftsDelete = (key: number) => {
    if (!batch?.delete(key)) ftsDeleteRow.run(BigInt(key));
  };

  const body = () => {
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
    const indexed = new Map<number, FtsRow>();
    for (const r of rows) {
      const values: unknown[] = COLUMNS.map((c) => r[c]);
      const found = known.get(r.id);
      let key: number;
      // A key just allocated has no R*Tree row yet: a plain insert, no look-up first.
      let fresh = true;
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
          fresh = false;
          update.run(...values, found.seq);
        } else {
          key = allocate(r.second);
          move.run(BigInt(key), ...values, found.seq);
          rtreeDelete.run(BigInt(old));
        }
        ftsDelete(old);
        updated++;
        found.tkey = key;
      }
      const t = hoursOfSecond(r.second);
      // Only drawable points go in the R*Tree and carry cells in the FTS (cells.ts): with a
      // bbox, the main profile lists events with a point inside it and leaves country-level
      // ones (plottable false) out (spec: main, GET /signals, rule 5). Alternate records carry
      // no such flag: geo_validation.search_ready, then geo_verified, stand in for it
      // (signal-columns.ts), so a country-level record's country centre is never a point. A key
      // just allocated has no R*Tree row (R*Tree keys are keys of signals rows; a moved row's
      // old one is deleted above), so only an updated row may need its point removed.
      const drawable = r.lat !== null && r.lng !== null && r.plottable === 1;
      if (drawable) (fresh ? rtreeInsert : rtreePut).run(BigInt(key), r.lng, r.lng, r.lat, r.lat, t, t);
      else if (!fresh) rtreeDelete.run(BigInt(key));
      const fts: FtsRow = {
        title: r.title,
        summary: r.summary,
        place: r.place,
        country: r.country,
        category: r.category,
        cells: drawable ? cellTokens(r.lng!, r.lat!) : null,
      };
      (batch ?? indexed).set(key, fts);
    }
    // FTS5 flushes its pending terms whenever a rowid arrives below one already pending:
    // inserted in rowid (tkey) order, or every signal becomes a segment (measured: 700/s).
    insertFts(db, indexed);
    if (args.stream !== undefined && args.checkpoint !== undefined)
      setCheckpoint(db, args.stream, args.checkpoint);
    return { inserted, updated };
  };
  return batch ? body() : db.transaction(body)();
}

/**
 * After a long pass: when the signals it stored in groups are at least a quarter of those
 * cached (a first sync, a long catch-up), the words' index is merged into one segment. A sync
 * leaves it in the segments its groups made (FTS5 merges them four at a time), and every
 * term a query names is then looked up in each; merged, bbox + window + q at 1M p95 went from
 * 8.4–10.1 ms to 7.4–7.8 (p50 4.7–5.0 → 3.6), for 3.7 s of the writer's time (docs/cache.md,
 * "Writing"). A small pass into a large cache leaves it: the merge rewrites the whole index.
 * Returns whether it merged.
 */
export function tidySignalIndex(db: Database.Database, args: { stored: number }): boolean {
  const cached = (stmt(db, 'SELECT max(seq) FROM signals').pluck().get() as number | null) ?? 0;
  if (args.stored <= 0 || args.stored * 4 < cached) return false;
  stmt(db, "INSERT INTO signals_fts (signals_fts) VALUES ('optimize')").run();
  return true;
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
