// Watches (list item and detail), decision packages (every revision) and notes (spec:
// alternate "Watch"; GET /watches, GET /watches/{id}, GET /watches/{id}/decision-package).
import type Database from 'better-sqlite3';
import { setListMeta } from './checkpoints';
import { merged, objects, removeUnlisted } from './list-store';
import { idOf, isObject, normTime, parseJson, stmt, str, type Json } from './sql';

export interface StoredWatch {
  id: string;
  item: Json;
  detail: Json | null;
  /** Written locally; the outbox has not yet sent it. */
  pending: boolean;
  updatedAt: string;
}

interface WatchRow {
  id: string;
  item: string;
  detail: string | null;
  pending: number;
  updated_at: string;
}

const toWatch = (r: WatchRow): StoredWatch => ({
  id: r.id,
  item: JSON.parse(r.item) as Json,
  detail: parseJson(r.detail),
  pending: r.pending === 1,
  updatedAt: r.updated_at,
});

function putWatch(db: Database.Database, item: Json, pending: boolean, merge: boolean): string {
  const id = idOf(item.id);
  if (id === null) throw new TypeError('a watch needs an id');
  const full = merge ? merged(db, 'watches', 'id', 'item', id, item) : item;
  const change = isObject(full.latest_change) ? normTime(full.latest_change.at) : null;
  stmt(
    db,
    `INSERT INTO watches (id, name, target_type, status, bucket, latest_change_at, pending, item, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET name = excluded.name, target_type = excluded.target_type,
       status = excluded.status, bucket = excluded.bucket, latest_change_at = excluded.latest_change_at,
       pending = excluded.pending, item = excluded.item, updated_at = excluded.updated_at`,
  ).run(
    id,
    str(full.name),
    str(full.target_type),
    str(full.status),
    str(full.bucket),
    change,
    pending ? 1 : 0,
    JSON.stringify(full),
    new Date().toISOString(),
  );
  return id;
}

/**
 * Upserts watch list items. `meta` keeps the envelope (buckets, limits); `replaceAll` after
 * a complete listing removes watches no longer listed; `merge` applies a partial answer
 * (PATCH) over the cached item; `pending` marks a local write the outbox will send.
 */
export function storeWatches(
  db: Database.Database,
  args: {
    watches: readonly unknown[];
    meta?: unknown;
    replaceAll?: boolean;
    pending?: boolean;
    merge?: boolean;
  },
): { stored: number; removed: number } {
  return db.transaction(() => {
    const ids = objects(args.watches, 'watch').map((w) =>
      putWatch(db, w, args.pending ?? false, args.merge ?? false),
    );
    if (args.meta !== undefined) setListMeta(db, 'watches', args.meta);
    const removed = args.replaceAll ? removeUnlisted(db, 'watches', 'id', ids) : 0;
    return { stored: ids.length, removed };
  })();
}

/** Stores a watch detail ({watch, thread}); its watch part also refreshes the list item. */
export function storeWatchDetail(db: Database.Database, args: { detail: unknown }): { id: string } {
  const detail = args.detail;
  if (!isObject(detail) || !isObject(detail.watch))
    throw new TypeError('a watch detail needs a watch object');
  const watch = detail.watch;
  return db.transaction(() => {
    const id = putWatch(db, watch, false, true);
    stmt(db, 'UPDATE watches SET detail = ? WHERE id = ?').run(JSON.stringify(detail), id);
    return { id };
  })();
}

export function listWatches(db: Database.Database, args: { bucket?: string } = {}): StoredWatch[] {
  const rows = (
    args.bucket === undefined
      ? stmt(db, 'SELECT * FROM watches ORDER BY latest_change_at DESC, id').all()
      : stmt(db, 'SELECT * FROM watches WHERE bucket = ? ORDER BY latest_change_at DESC, id').all(args.bucket)
  ) as WatchRow[];
  return rows.map(toWatch);
}

export function getWatch(db: Database.Database, id: string): StoredWatch | null {
  const row = stmt(db, 'SELECT * FROM watches WHERE id = ?').get(id) as WatchRow | undefined;
  return row ? toWatch(row) : null;
}

/** Removes a watch with its notes and decision packages (spec: alternate, DELETE /watches/{id}). */
export function deleteWatch(db: Database.Database, id: string): void {
  db.transaction(() => {
    stmt(db, 'DELETE FROM notes WHERE watch_id = ?').run(id);
    stmt(db, 'DELETE FROM decision_packages WHERE watch_id = ?').run(id);
    stmt(db, 'DELETE FROM watches WHERE id = ?').run(id);
  })();
}

/** Marks a watch as changed locally (a delete the outbox has not sent yet). */
export function markWatchPending(db: Database.Database, id: string): void {
  stmt(db, 'UPDATE watches SET pending = 1 WHERE id = ?').run(id);
}

/** Keeps every revision ("revision (string; diffable)"); returns whether it is new. */
export function storeDecisionPackage(
  db: Database.Database,
  args: { watchId: string; package: unknown },
): { revision: string; isNew: boolean } {
  const pkg = args.package;
  if (!isObject(pkg)) throw new TypeError('a decision package must be an object');
  const revision = str(pkg.revision);
  if (revision === null) throw new TypeError('a decision package needs a revision');
  const payload = JSON.stringify(pkg);
  const updated = stmt(
    db,
    'UPDATE decision_packages SET payload = ? WHERE watch_id = ? AND revision = ?',
  ).run(payload, args.watchId, revision).changes;
  if (!updated)
    stmt(
      db,
      `INSERT INTO decision_packages (watch_id, revision, package_id, schema_version, fetched_at, payload)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ).run(
      args.watchId,
      revision,
      str(pkg.package_id),
      str(pkg.schema_version),
      new Date().toISOString(),
      payload,
    );
  return { revision, isNew: updated === 0 };
}

export interface StoredPackage {
  revision: string;
  fetchedAt: string;
  package: Json;
}

/** Every cached revision of a watch's decision package, oldest first. */
export function listDecisionPackages(db: Database.Database, watchId: string): StoredPackage[] {
  const rows = stmt(
    db,
    'SELECT revision, fetched_at, payload FROM decision_packages WHERE watch_id = ? ORDER BY fetched_at, revision',
  ).all(watchId) as { revision: string; fetched_at: string; payload: string }[];
  return rows.map((r) => ({
    revision: r.revision,
    fetchedAt: r.fetched_at,
    package: JSON.parse(r.payload) as Json,
  }));
}

export interface StoredNote {
  id: string;
  watchId: string;
  note: Json;
  pending: boolean;
  /** When the service took the analyst's delete; the note is kept as a record of it. */
  deletedAt: string | null;
}

/** Where a kept deletion is marked in a note's stored payload (a key of ours, not the service's). */
const DELETED_AT = '$.watchfloor_deleted_at';

/**
 * Upserts a watch's notes (spec: alternate "Note"). `replaceAll` after a complete listing
 * removes notes no longer listed (a deleted note); pending local notes stay.
 */
export function storeNotes(
  db: Database.Database,
  args: { watchId: string; notes: readonly unknown[]; pending?: boolean; replaceAll?: boolean },
): { stored: number; removed: number } {
  const put = stmt(
    db,
    `INSERT INTO notes (id, watch_id, parent_id, supersedes_id, confidence, created_at, pending, payload)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET watch_id = excluded.watch_id, parent_id = excluded.parent_id,
       supersedes_id = excluded.supersedes_id, confidence = excluded.confidence,
       created_at = coalesce(excluded.created_at, created_at), pending = excluded.pending, payload = excluded.payload
     WHERE json_extract(notes.payload, '${DELETED_AT}') IS NULL`,
  );
  return db.transaction(() => {
    const ids = objects(args.notes, 'note').map((n) => {
      const id = idOf(n.id);
      if (id === null) throw new TypeError('a note needs an id');
      put.run(
        id,
        args.watchId,
        idOf(n.parent_id),
        idOf(n.supersedes_id),
        str(n.confidence),
        normTime(n.created_at),
        args.pending ? 1 : 0,
        JSON.stringify(n),
      );
      return id;
    });
    const removed = args.replaceAll
      ? stmt(
          db,
          `DELETE FROM notes WHERE watch_id = ? AND pending = 0 AND json_extract(payload, '${DELETED_AT}') IS NULL
             AND id NOT IN (SELECT value FROM json_each(?))`,
        ).run(args.watchId, JSON.stringify(ids)).changes
      : 0;
    return { stored: ids.length, removed };
  })();
}

export function listNotes(db: Database.Database, watchId: string): StoredNote[] {
  const rows = stmt(
    db,
    `SELECT id, watch_id, pending, json_extract(payload, '${DELETED_AT}') AS deleted_at, json_remove(payload, '${DELETED_AT}') AS payload
     FROM notes WHERE watch_id = ? ORDER BY created_at, rowid`,
  ).all(watchId) as {
    id: string;
    watch_id: string;
    pending: number;
    payload: string;
    deleted_at: string | null;
  }[];
  return rows.map((r) => ({
    id: r.id,
    watchId: r.watch_id,
    note: JSON.parse(r.payload) as Json,
    pending: r.pending === 1,
    deletedAt: r.deleted_at,
  }));
}

/**
 * The service took the analyst's delete: the note stays in the cache as the record of it
 * (its time; the service "still records" a deletion too), and a later listing that leaves the
 * note out, or still carries it, does not bring it back.
 */
export function recordNoteDeleted(db: Database.Database, id: string, at: string): boolean {
  return (
    stmt(
      db,
      `UPDATE notes SET pending = 0, payload = json_set(payload, '${DELETED_AT}', ?) WHERE id = ?`,
    ).run(at, id).changes > 0
  );
}

export function deleteNote(db: Database.Database, id: string): boolean {
  return stmt(db, 'DELETE FROM notes WHERE id = ?').run(id).changes > 0;
}

/** Marks a note as changed locally (a delete the outbox has not sent yet). */
export function markNotePending(db: Database.Database, id: string): void {
  stmt(db, 'UPDATE notes SET pending = 1 WHERE id = ?').run(id);
}

/** Undoes markNotePending: the analyst kept the note (the delete was discarded). */
export function markNoteSettled(db: Database.Database, id: string): void {
  stmt(db, 'UPDATE notes SET pending = 0 WHERE id = ?').run(id);
}
