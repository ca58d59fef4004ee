// How each of the analyst's writes reaches the service.
// The pending local record is replaced by the service's answer when it is sent. Where the
// service offers no idempotency key, `verify` looks before a resend after an unknown outcome.
import type Database from 'better-sqlite3';
import { ApiError, type AlternateClient, type Client } from '../api';
import {
  deleteMonitoringArea,
  deleteNote,
  deleteStandingOrder,
  deleteWatch,
  markNoteSettled,
  recordNoteDeleted,
  storeMonitoringAreas,
  storeNotes,
  storeStandingOrders,
  storeWatches,
} from '../cache';
import type { OutboxExecutor, OutboxRow, SendFailure } from './outbox';

type P = Record<string, unknown>;
const s = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** 400/402/403/404/410 are the service's answer (the analyst decides); the rest is the link. */
export function classifySendError(err: unknown): SendFailure {
  if (err instanceof ApiError && !err.transient && err.kind !== 'unauthorized' && err.kind !== 'malformed')
    return { kind: 'rejected', status: err.status ?? 0, message: err.message };
  return {
    kind: 'link',
    message: err instanceof Error ? err.message : String(err),
    unsent: err instanceof ApiError && err.neverConnected,
  };
}

/** A field that may name an earlier write's local id ("local:…") or a service id. */
const ref = (v: unknown, resolve: (localId: string) => string) => {
  const id = s(v);
  return id?.startsWith('local:') ? resolve(id) : id;
};

function noteMatches(n: P, payload: P, parentId: string | undefined): boolean {
  return (
    n.note === payload.note &&
    (s(n.parent_id) ?? undefined) === parentId &&
    (s(n.title) ?? undefined) === s(payload.title)
  );
}

function alternateExecutors(client: AlternateClient): Record<string, OutboxExecutor> {
  const noteBody = (p: P, resolve: (id: string) => string) => {
    const parent = ref(p.parent_id, resolve);
    return {
      watchId: ref(p.watchId, resolve)!,
      note: s(p.note)!,
      ...(s(p.title) ? { title: s(p.title)! } : {}),
      ...(parent ? { parent_id: parent } : {}),
      ...(s(p.confidence) ? { confidence: s(p.confidence)! } : {}),
      ...(s(p.likelihood) ? { likelihood: s(p.likelihood)! } : {}),
      ...(Array.isArray(p.gaps) ? { gaps: p.gaps.map(String) } : {}),
      ...(s(p.next_check) ? { next_check: s(p.next_check)! } : {}),
    };
  };
  return {
    'note.add': {
      send: async (p, resolve) => (await client.addNote(noteBody(p, resolve))).data.note,
      // No idempotency key on notes: re-read the watch and look for this very note.
      async verify(p, resolve) {
        const body = noteBody(p, resolve);
        const detail = (await client.watch({ watchId: body.watchId })).data as {
          watch: { notes?: unknown };
          notes?: unknown;
        };
        const notes = (
          Array.isArray(detail.watch.notes)
            ? detail.watch.notes
            : Array.isArray(detail.notes)
              ? detail.notes
              : []
        ) as P[];
        return notes.find((n) => noteMatches(n, p, body.parent_id)) ?? null;
      },
      remoteId: (r) => s((r as P).id) ?? null,
      apply(db, row, r) {
        deleteNote(db, row.localId);
        storeNotes(db, { watchId: ref(row.payload.watchId, () => '') ?? '', notes: [r] });
      },
      revert: (db, row) => void deleteNote(db, row.localId),
    },
    'note.delete': {
      send: async (p, resolve) =>
        (await client.deleteNote({ watchId: ref(p.watchId, resolve)!, noteId: ref(p.noteId, resolve)! }))
          .data,
      // The note stays as the record of its deletion (the service records it too).
      apply: (db, row) => void recordNoteDeleted(db, s(row.payload.noteId)!, new Date().toISOString()),
      revert: (db, row) => markNoteSettled(db, s(row.payload.noteId)!),
    },
    'watch.create': {
      send: async (p) =>
        (await client.createWatch(p as Parameters<AlternateClient['createWatch']>[0])).data.watch,
      remoteId: (r) => s((r as P).id) ?? null,
      apply(db, row, r) {
        deleteWatch(db, row.localId);
        storeWatches(db, { watches: [r] });
      },
      revert: (db, row) => deleteWatch(db, row.localId),
    },
    'watch.update': {
      send: async (p, resolve) => {
        const { watchId, ...body } = p;
        return (await client.updateWatch({ watchId: ref(watchId, resolve)!, ...(body as object) })).data
          .watch;
      },
      apply: (db, _row, r) => void storeWatches(db, { watches: [r], merge: true }),
    },
    'watch.delete': {
      send: async (p, resolve) => (await client.deleteWatch({ watchId: ref(p.watchId, resolve)! })).data,
      apply: (db, row) => deleteWatch(db, s(row.payload.watchId)!),
    },
    'order.setActive': {
      send: async (p, resolve) =>
        (
          await client.setStandingOrderActive({
            orderId: ref(p.orderId, resolve)!,
            active: p.active === true,
          })
        ).data.order,
      apply: (db, _row, r) => void storeStandingOrders(db, { orders: [r], merge: true }),
    },
    'order.delete': {
      send: async (p, resolve) =>
        (await client.deleteStandingOrder({ orderId: ref(p.orderId, resolve)! })).data,
      apply: (db, row) => void deleteStandingOrder(db, s(row.payload.orderId)!),
    },
  };
}

export function createExecutors(client: Client): Record<string, OutboxExecutor> {
  const common: Record<string, OutboxExecutor> = {
    'order.create': {
      // The alternate service states its projected monthly tokens only in the create answer:
      // they are kept on the cached order (as the service named them) so the window can show them.
      send: async (p) => {
        const { data } = await (
          client.createStandingOrder as unknown as (x: P) => Promise<{ data: { order: P } & P }>
        )(p);
        const projected: P = {};
        for (const k of ['projected_monthly_tokens_typical', 'projected_monthly_tokens_max'])
          if (typeof data[k] === 'number') projected[k] = data[k];
        return { ...data.order, ...projected };
      },
      remoteId: (r) => s((r as P).id) ?? null,
      apply(db, row, r) {
        deleteStandingOrder(db, row.localId);
        storeStandingOrders(db, { orders: [{ ...row.payload, ...(r as P) }] });
      },
      revert: (db, row) => void deleteStandingOrder(db, row.localId),
    },
    'monitoring.create': {
      // The metering the service states when it accepts the area is kept on the cached area
      // (as an order keeps its projection), so the window shows it after the area exists.
      send: async (p) => {
        const { data } = await (
          client.createMonitoringArea as unknown as (
            x: P,
          ) => Promise<{ data: { area: P; metering?: unknown } }>
        )(p);
        return data.metering ? { ...data.area, metering: data.metering } : data.area;
      },
      remoteId: (r) => s((r as P).area_id) ?? null,
      apply(db, row, r) {
        deleteMonitoringArea(db, row.localId);
        storeMonitoringAreas(db, { areas: [r] });
      },
      revert: (db, row) => void deleteMonitoringArea(db, row.localId),
    },
  };
  return client.profile === 'alternate' ? { ...common, ...alternateExecutors(client) } : common;
}

export type { Database, OutboxRow };
