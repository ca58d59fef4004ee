// The contract's read rows (shared/contract-read.ts): each reads the current account's one
// cache connection through the cache's read functions, so every one answers offline.
import type * as A from '../../shared/service/alternate';
import type * as M from '../../shared/service/main';
import type {
  BriefResult,
  DevelopmentsListResult,
  MeasuredListResult,
  MonitoringListResult,
  OrdersListResult,
  PackageGetResult,
  PackagesRevisionsResult,
  SyncStreamState,
  TransitResult,
  WatchDetailResult,
  WatchesListResult,
} from '../../shared/contract';
import { byProfile } from '../../shared/contract-read';
import {
  clampNotes,
  queryCountryCounts,
  queryDevelopments,
  queryMeasured,
  querySignalCategories,
  querySignalPoints,
  querySignalRows,
  readBrief,
  signalPointsWarming,
  readSignal,
  readTransit,
  SIGNAL_CLAMP_STREAMS,
  streamAsOf,
  streamTimes,
  threadFetchedAt,
} from '../cache';
import { readOwnAreas, readOwnOrders, readOwnWatches } from '../cache/read/own';
import { readMonitoringSeries, readOrderFired } from '../cache/read/order-detail';
import { readPackage, readPackageRevisions } from '../cache/read/packages';
import { readWatchDetail } from '../cache/read/watch-detail';
import type { Account } from '../account';
import { countryOverlaps } from '../reports/basemap';
import { ContractError, type Handlers } from './dispatch';

type ReadChannel =
  | 'signals.query'
  | 'signals.points'
  | 'signals.countryCounts'
  | 'signals.categories'
  | 'signals.get'
  | 'developments.list'
  | 'measured.list'
  | 'transit.get'
  | 'watches.list'
  | 'watches.get'
  | 'orders.list'
  | 'monitoring.list'
  | 'orders.fired'
  | 'monitoring.series'
  | 'packages.revisions'
  | 'packages.get'
  | 'brief.get'
  | 'sync.streams'
  | 'events.thread';

/** A cache error (a bad q, a damaged row) is the analyst's to read, not a crash. */
function reading<T>(what: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof ContractError) throw e;
    throw new ContractError(`${what}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

export function createReadHandlers(
  account: () => Account,
  current: () => Account | null,
): Pick<Handlers, ReadChannel> {
  return {
    'signals.query': ({ sort, limit, offset, ...filter }) => {
      const a = account();
      return reading('signals.query', () => {
        const { rows, total } = querySignalRows(a.db, filter, {
          ...(sort ? { sort } : {}),
          ...(limit !== undefined ? { limit } : {}),
          ...(offset !== undefined ? { offset } : {}),
        });
        return {
          rows,
          total,
          clamps: clampNotes(a.db, SIGNAL_CLAMP_STREAMS),
          asOf: streamAsOf(a.db, 'signals'),
          profile: a.profile,
          demo: a.mode === 'demo',
        };
      });
    },
    'signals.points': async (filter) => {
      // The columns being read as the account opened: this answer waits for them, not reads
      // them a second time.
      await signalPointsWarming(account().db);
      const a = account();
      return reading('signals.points', () => ({
        ...querySignalPoints(a.db, filter),
        asOf: streamAsOf(a.db, 'signals'),
      }));
    },
    'signals.countryCounts': (filter) => {
      const a = account();
      return reading('signals.countryCounts', () => ({
        countries: queryCountryCounts(a.db, filter, countryOverlaps),
      }));
    },
    'signals.categories': () => {
      const a = account();
      return reading('signals.categories', () => ({ categories: querySignalCategories(a.db) }));
    },
    'signals.get': ({ id }) => {
      const a = account();
      const found = reading('signals.get', () => readSignal(a.db, id));
      if (!found)
        throw new ContractError(`event ${id} is not in the cache (sync, or check the id)`, 'not_found');
      const { signal, ...rest } = found;
      return {
        ...rest,
        ...byProfile<'signal', M.Signal, A.Signal>(a.profile, 'signal', signal),
        asOf: streamAsOf(a.db, 'signals'),
      };
    },
    'developments.list': (input) => {
      const a = account();
      return reading('developments.list', (): DevelopmentsListResult => ({
        ...queryDevelopments(a.db, input),
        asOf: streamAsOf(a.db, 'developments'),
      }));
    },
    'measured.list': ({ kind, ...rest }) => {
      const a = account();
      return reading('measured.list', () => {
        const { rows, total } = queryMeasured(a.db, { kind, ...rest });
        // The cache holds each kind's records as its list sent them (validated by the client).
        return { kind, rows, total, asOf: streamAsOf(a.db, `measured.${kind}`) } as MeasuredListResult;
      });
    },
    'transit.get': () => {
      const a = account();
      return reading('transit.get', (): TransitResult => ({
        record: readTransit(a.db) as TransitResult['record'],
        asOf: streamAsOf(a.db, 'transit'),
      }));
    },
    // The analyst's own records: what the service listed (checked by the client when synced) or
    // what the outbox wrote from a contract input, so each fits the service's record shape.
    'watches.list': () => {
      const a = account();
      return reading('watches.list', () => readOwnWatches(a.db) as WatchesListResult);
    },
    'watches.get': ({ watchId }) => {
      const a = account();
      return reading('watches.get', () => readWatchDetail(a.db, watchId) as WatchDetailResult);
    },
    'orders.list': () => {
      const a = account();
      return reading('orders.list', () => readOwnOrders(a.db) as OrdersListResult);
    },
    'monitoring.list': () => {
      const a = account();
      return reading('monitoring.list', () => readOwnAreas(a.db) as MonitoringListResult);
    },
    'orders.fired': ({ orderId }) => {
      const a = account();
      const found = reading('orders.fired', () => readOrderFired(a.db, orderId));
      if (!found) throw new ContractError(`standing order ${orderId} is not in the cache`, 'not_found');
      return { ...found, asOf: streamAsOf(a.db, 'signals') };
    },
    'monitoring.series': ({ areaId }) => {
      const a = account();
      const found = reading('monitoring.series', () => readMonitoringSeries(a.db, areaId));
      if (!found) throw new ContractError(`monitoring area ${areaId} is not in the cache`, 'not_found');
      return found;
    },
    // A watch's decision packages: the watches stream fetches them, so its time is their as-of.
    'packages.revisions': ({ watchId }) => {
      const a = account();
      return reading('packages.revisions', (): PackagesRevisionsResult => ({
        watchId,
        revisions: readPackageRevisions(a.db, watchId),
        asOf: streamAsOf(a.db, 'watches'),
      }));
    },
    'packages.get': ({ watchId, revision }) => {
      const a = account();
      return reading('packages.get', (): PackageGetResult => {
        const found = readPackage(a.db, watchId, revision);
        return {
          // Stored as the service sent it, after the client checked it (A.decisionPackage); the
          // main service has no packages.
          ...byProfile<'package', null, A.DecisionPackage | null>(
            a.profile,
            'package',
            a.profile === 'alternate' ? (found?.package ?? null) : null,
          ),
          watchId,
          revision: found?.revision ?? null,
          asOf: streamAsOf(a.db, 'watches'),
        };
      });
    },
    'brief.get': ({ period = 'daily', date }) => {
      const a = account();
      return reading('brief.get', (): BriefResult => {
        const found = readBrief(a.db, { period, ...(date ? { date } : {}) });
        return {
          ...byProfile<'brief', M.Brief | null, A.Brief | null>(a.profile, 'brief', found?.brief ?? null),
          period,
          asOf: found?.fetchedAt ?? null,
        };
      });
    },
    'sync.streams': () => {
      // Before any service is set up there is nothing synced yet: no streams, not an error
      // (the status bar asks from the first frame, the first-run screen included).
      if (!current()) return { streams: [] };
      const a = account();
      const errors = new Map<string, string>();
      for (const e of a.runtime.lastSummary()?.errors ?? []) errors.set(e.stream, e.message);
      return reading('sync.streams', () => {
        const streams: SyncStreamState[] = streamTimes(a.db).map((t) => ({
          ...t,
          clamps: clampNotes(a.db, [t.name]),
          error: errors.get(t.name) ?? null,
        }));
        // A stream that failed before it ever stored anything still says so.
        for (const [name, error] of errors)
          if (!streams.some((s) => s.name === name))
            streams.push({ name, lastSyncAt: null, asOf: null, clamps: [], error });
        return { streams };
      });
    },
    'events.thread': async ({ eventId }) => {
      const a = account();
      const got = await a.runtime.thread(String(eventId));
      const { thread, ...rest } = got;
      return {
        ...rest,
        // The runtime returns the service's thread record (checked by the client) or the cached one.
        ...byProfile<'thread', M.Thread, A.Thread>(a.profile, 'thread', thread),
        asOf: threadFetchedAt(a.db, eventId),
      };
    },
  };
}
