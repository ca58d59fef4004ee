// The analyst's writes as the window makes them: each is stored in the cache as pending and
// queued in the outbox in one transaction (both or neither), then sent in order when the
// link allows. Local ids ("local:…") stand for the service's ids until the write is sent.
import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import {
  markNotePending,
  markStandingOrderPending,
  markWatchPending,
  storeMonitoringAreas,
  storeNotes,
  storeStandingOrders,
  storeWatches,
} from '../cache';
import type { Outbox, OutboxRow } from './outbox';

export const newLocalId = () => `local:${randomUUID()}`;

export interface NoteInput {
  watchId: string;
  note: string;
  title?: string;
  parentId?: string;
  /** How sure the analyst is about the evidence (low / moderate / high; docs/domain.md). */
  confidence?: string;
  /** How probable the thing is, ICD 203 scale; never merged with confidence. */
  likelihood?: string;
  gaps?: string[];
  nextCheck?: string;
}

/** The request body of a note as the service takes it (spec: alternate POST …/notes). */
function notePayload(input: NoteInput): Record<string, unknown> {
  return {
    watchId: input.watchId,
    note: input.note,
    // A reply cannot have a title (the service's rule): only a thread's first note carries one.
    ...(input.title && !input.parentId ? { title: input.title } : {}),
    ...(input.parentId ? { parent_id: input.parentId } : {}),
    ...(input.confidence ? { confidence: input.confidence } : {}),
    ...(input.likelihood ? { likelihood: input.likelihood } : {}),
    ...(input.gaps?.length ? { gaps: input.gaps } : {}),
    ...(input.nextCheck ? { next_check: input.nextCheck } : {}),
  };
}

/** The pending note the window shows until the service has it: the request, as the analyst's. */
const pendingNote =
  (localId: string, input: NoteInput, payload: Record<string, unknown>, createdAt: string) =>
  (db: Database.Database) =>
    storeNotes(db, {
      watchId: input.watchId,
      pending: true,
      notes: [
        {
          id: localId,
          ...payload,
          confidence: input.confidence ?? null,
          supersedes_id: null,
          created_by: 'user',
          created_at: createdAt,
        },
      ],
    });

export function addNote(outbox: Outbox, input: NoteInput, now = new Date()): OutboxRow {
  const localId = newLocalId();
  const payload = notePayload(input);
  // A reply to a note still in the outbox waits for it (and is sent with its service id).
  const dependsOn = input.parentId?.startsWith('local:')
    ? input.parentId
    : input.watchId.startsWith('local:')
      ? input.watchId
      : null;
  return outbox.enqueue('note.add', localId, payload, {
    dependsOn,
    applyLocal: pendingNote(localId, input, payload, now.toISOString()),
  });
}

/**
 * The analyst rewrites a note the service does not have yet (pending, or refused): the queued
 * request and the note shown change together. Its watch and thread stay as they were.
 */
export function editNote(
  outbox: Outbox,
  localId: string,
  input: Omit<NoteInput, 'watchId' | 'parentId'>,
): OutboxRow {
  const row = outbox.get(localId);
  if (!row || row.op !== 'note.add') throw new Error(`no unsent note ${localId} in the outbox`);
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const full: NoteInput = {
    ...input,
    watchId: str(row.payload.watchId) ?? '',
    parentId: str(row.payload.parent_id),
  };
  const payload = notePayload(full);
  return outbox.editWith(localId, payload, pendingNote(localId, full, payload, row.createdAt));
}

export function deleteNoteLater(outbox: Outbox, watchId: string, noteId: string): OutboxRow {
  return outbox.enqueue(
    'note.delete',
    newLocalId(),
    { watchId, noteId },
    {
      dependsOn: noteId.startsWith('local:') ? noteId : null,
      applyLocal: (db) => markNotePending(db, noteId),
    },
  );
}

export function createWatch(
  outbox: Outbox,
  input: { target_type: 'event' | 'area'; event_id?: number; bbox?: number[]; name?: string },
): OutboxRow {
  const localId = newLocalId();
  return outbox.enqueue('watch.create', localId, input, {
    applyLocal: (db) =>
      storeWatches(db, {
        pending: true,
        watches: [
          {
            id: localId,
            name: input.name ?? 'New watch',
            target_type: input.target_type,
            status: 'active',
            bucket: 'awaiting_data',
            area: input.bbox ? { bbox: input.bbox } : null,
          },
        ],
      }),
  });
}

export function updateWatch(
  outbox: Outbox,
  watchId: string,
  changes: {
    name?: string;
    status?: 'active' | 'paused' | 'saved';
    question?: string;
    notify_email?: boolean;
  },
): OutboxRow {
  return outbox.enqueue(
    'watch.update',
    newLocalId(),
    { watchId, ...changes },
    {
      dependsOn: watchId.startsWith('local:') ? watchId : null,
      applyLocal: (db) =>
        void storeWatches(db, { pending: true, merge: true, watches: [{ id: watchId, ...changes }] }),
    },
  );
}

export function deleteWatchLater(outbox: Outbox, watchId: string): OutboxRow {
  return outbox.enqueue(
    'watch.delete',
    newLocalId(),
    { watchId },
    {
      dependsOn: watchId.startsWith('local:') ? watchId : null,
      applyLocal: (db) => markWatchPending(db, watchId),
    },
  );
}

export function createOrder(outbox: Outbox, input: Record<string, unknown> & { bbox: number[] }): OutboxRow {
  const localId = newLocalId();
  return outbox.enqueue('order.create', localId, input, {
    applyLocal: (db) =>
      void storeStandingOrders(db, { pending: true, orders: [{ id: localId, ...input, active: true }] }),
  });
}

export function setOrderActive(outbox: Outbox, orderId: string, active: boolean): OutboxRow {
  return outbox.enqueue(
    'order.setActive',
    newLocalId(),
    { orderId, active },
    {
      dependsOn: orderId.startsWith('local:') ? orderId : null,
      applyLocal: (db) =>
        void storeStandingOrders(db, { pending: true, merge: true, orders: [{ id: orderId, active }] }),
    },
  );
}

export function deleteOrderLater(outbox: Outbox, orderId: string): OutboxRow {
  return outbox.enqueue(
    'order.delete',
    newLocalId(),
    { orderId },
    {
      dependsOn: orderId.startsWith('local:') ? orderId : null,
      applyLocal: (db) => markStandingOrderPending(db, orderId),
    },
  );
}

export function createMonitoringArea(
  outbox: Outbox,
  input: Record<string, unknown> & { bbox: number[]; metric: string },
): OutboxRow {
  const localId = newLocalId();
  return outbox.enqueue('monitoring.create', localId, input, {
    applyLocal: (db) =>
      void storeMonitoringAreas(db, {
        pending: true,
        areas: [{ area_id: localId, ...input, status: 'pending' }],
      }),
  });
}
