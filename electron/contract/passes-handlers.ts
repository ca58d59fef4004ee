// The Passes rows (shared/contract-passes.ts): passes predicted offline from the orbital
// elements in the current account's cache, with the very code of `watchfloor passes`
// (electron/passes/: request, predict, soonest, store, celestrak); the ground track of one
// pass; the elements' age; a CelesTrak refresh (at most once per two hours per URL) and a file
// import that stores every set of the file or none.
import type {
  ElementsImportResult,
  ElementsRefreshResult,
  ElementsStatus,
  PassFamily,
  PassesPredictResult,
  PassesSoonestResult,
  PassTrackResult,
} from '../../shared/contract';
import type { Account } from '../account';
import { toSatrec, type ElementSet } from '../passes/elements';
import { FAMILY_KEYS, loadFamilies, type FamilyCatalog, type FamilyKey } from '../passes/families';
import { describeRejection, parseElementsText } from '../passes/parse';
import { membersOf, predictPasses, STALE_AFTER_DAYS } from '../passes/predict';
import { PassRequestError, parsePassRequest } from '../passes/request';
import {
  RefreshError,
  MIN_REFRESH_INTERVAL_MS,
  gpUrl,
  refreshElements,
  refreshFailureInWords,
} from '../passes/celestrak';
import { soonestPasses } from '../passes/soonest';
import { getFetchRecord, importElements, listElements } from '../passes/store';
import { groundTrack } from '../passes/track';
import { ContractError, type Handlers } from './dispatch';

type PassesChannel =
  | 'passes.predict'
  | 'passes.track'
  | 'passes.soonest'
  | 'elements.status'
  | 'elements.import'
  | 'elements.refresh';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const DEFAULT_LIMIT = 2000;
const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** The families with how many satellites of each have elements in `sets`. */
function familiesOf(
  sets: readonly ElementSet[],
  catalog: FamilyCatalog,
  keys: readonly FamilyKey[],
): PassFamily[] {
  const counts = new Map<FamilyKey, number>();
  for (const m of membersOf(sets, keys, catalog)) counts.set(m.family, (counts.get(m.family) ?? 0) + 1);
  return keys.map((key) => {
    const f = catalog.get(key)!;
    return {
      key,
      label: f.label,
      sensor: f.sensor,
      collectionMode: f.collection_mode,
      offNadirDeg: { min: f.off_nadir_deg.min, max: f.off_nadir_deg.max },
      satellites: counts.get(key) ?? 0,
    };
  });
}

export interface PassesDeps {
  account: () => Account;
  env: NodeJS.ProcessEnv;
  now?: () => Date;
  fetch?: typeof fetch;
}

export function createPassesHandlers(deps: PassesDeps): Pick<Handlers, PassesChannel> {
  const now = deps.now ?? (() => new Date());
  const db = () => deps.account().db;
  const celestrakUrl = () => {
    try {
      return gpUrl({ base: deps.env.WATCHFLOOR_CELESTRAK_URL || undefined });
    } catch {
      throw new ContractError(
        `WATCHFLOOR_CELESTRAK_URL is not a URL: "${deps.env.WATCHFLOOR_CELESTRAK_URL}"`,
      );
    }
  };

  return {
    'passes.predict': ({ lat, lon, startDate, endDate, families, limit }) => {
      const at = now();
      let req;
      try {
        req = parsePassRequest({ lat, lon, startDate, endDate, satellites: families?.join(',') }, at);
      } catch (err) {
        if (err instanceof PassRequestError) throw new ContractError(err.message, 'invalid_input');
        throw err;
      }
      const catalog = loadFamilies();
      const sets = listElements(db());
      // The service caps max_passes at 100; the window's timeline wants every pass of the window.
      const max = limit ?? DEFAULT_LIMIT;
      const { response, failures } = predictPasses(
        sets,
        { ...req, maxPasses: max },
        {
          now: at,
          catalog,
          sourceLabel: 'the local cache',
        },
      );
      const unknown = req.unknownFamilies;
      return {
        target: response.meta.target,
        window: response.meta.window,
        windowClamp: req.windowClamp ?? null,
        families: familiesOf(sets, catalog, req.families),
        unknownFamilies: unknown,
        familiesWithoutElements: response.meta.families_without_elements,
        passes: response.passes,
        passesFound: response.meta.passes_found,
        limit: max,
        freshness: {
          maxTleAgeDays: response.freshness.max_tle_age_days,
          stale: response.freshness.stale,
          staleAfterDays: response.freshness.stale_after_days,
        },
        retrievalOk: response.retrieval_ok && unknown.length === 0,
        failures,
        note: response.note,
        attribution: response.attribution,
        generatedAt: response.meta.generated_at,
      } satisfies PassesPredictResult;
    },

    'passes.track': ({ noradId, peak, minutes = 10 }) => {
      const set = listElements(db(), { noradIds: [noradId] })[0];
      if (!set) throw new ContractError(`no orbital elements for NORAD ${noradId} in the cache`, 'not_found');
      let satrec;
      try {
        satrec = toSatrec(set);
      } catch (err) {
        throw new ContractError((err as Error).message);
      }
      const peakMs = Date.parse(peak);
      const startMs = peakMs - minutes * 60_000;
      const endMs = peakMs + minutes * 60_000;
      return {
        noradId,
        satellite: set.name,
        peak,
        epoch: set.epoch,
        points: groundTrack(satrec, startMs, endMs),
        start: new Date(startMs).toISOString(),
        end: new Date(endMs).toISOString(),
      } satisfies PassTrackResult;
    },

    'passes.soonest': ({ places, hours = 48 }) => {
      const at = now();
      const window = { startMs: at.getTime(), endMs: at.getTime() + hours * HOUR_MS };
      const catalog = loadFamilies();
      const sets = listElements(db());
      const found = places.length ? soonestPasses(sets, places, window, at, catalog) : [];
      // The oldest set searched, from the window's far edge: what "stale" means for this answer.
      let oldest: number | null = null;
      for (const { set } of membersOf(sets, FAMILY_KEYS, catalog)) {
        const epoch = Date.parse(set.epoch);
        const age = Math.max(Math.abs(window.startMs - epoch), Math.abs(window.endMs - epoch)) / DAY_MS;
        oldest = oldest === null ? age : Math.max(oldest, age);
      }
      return {
        window: { start: new Date(window.startMs).toISOString(), end: new Date(window.endMs).toISOString() },
        places: places.map((p, k) => ({
          ...p,
          optical: found[k]?.optical ?? null,
          sar: found[k]?.sar ?? null,
        })),
        familiesWithoutElements:
          found[0]?.familiesWithoutElements ??
          familiesOf(sets, catalog, FAMILY_KEYS)
            .filter((f) => !f.satellites)
            .map((f) => f.key),
        maxTleAgeDays: oldest === null ? null : round3(oldest),
        stale: oldest !== null && oldest > STALE_AFTER_DAYS,
      } satisfies PassesSoonestResult;
    },

    'elements.status': () => {
      const catalog = loadFamilies();
      const sets = listElements(db());
      const members = membersOf(sets, FAMILY_KEYS, catalog);
      const epochs = members.map((m) => m.set.epoch).sort();
      const sources = new Map<string, { source: string; sets: number; fetchedAt: string }>();
      for (const s of sets) {
        const have = sources.get(s.source);
        if (have) {
          have.sets++;
          if (s.fetchedAt > have.fetchedAt) have.fetchedAt = s.fetchedAt;
        } else sources.set(s.source, { source: s.source, sets: 1, fetchedAt: s.fetchedAt });
      }
      const url = celestrakUrl();
      const last = getFetchRecord(db(), { url });
      return {
        satellites: members.length,
        sets: sets.length,
        newestEpoch: epochs.at(-1) ?? null,
        oldestEpoch: epochs[0] ?? null,
        sources: [...sources.values()].sort((a, b) => b.fetchedAt.localeCompare(a.fetchedAt)),
        refresh: last
          ? {
              url,
              checkedAt: last.checkedAt,
              status: last.status,
              nextAllowedAt: new Date(Date.parse(last.checkedAt) + MIN_REFRESH_INTERVAL_MS).toISOString(),
            }
          : null,
        families: familiesOf(sets, catalog, FAMILY_KEYS),
      } satisfies ElementsStatus;
    },

    // All or nothing: a file with any corrupt set changes nothing, and says which set and why.
    'elements.import': ({ name, text }) => {
      const { sets, report } = parseElementsText(text);
      const first = report.rejected.slice(0, 3).map(describeRejection).join('; ');
      if (sets.length === 0 || report.format === 'empty')
        throw new ContractError(
          `${name} holds no usable element set (${report.read} read${first ? `: ${first}` : ''}); ` +
            'nothing was imported. Give a TLE, 3LE, OMM JSON or OMM CSV file.',
        );
      if (report.rejected.length)
        throw new ContractError(
          `${name}: ${report.rejected.length} of ${report.read} element sets are corrupt (${first}` +
            `${report.rejected.length > 3 ? '; …' : ''}); nothing was imported.`,
        );
      const result = importElements(db(), { sets, source: `file:${name}`, fetchedAt: now().toISOString() });
      return {
        name,
        format: report.format,
        read: report.read,
        imported: sets.length,
        added: result.added,
        known: result.known,
      } satisfies ElementsImportResult;
    },

    'elements.refresh': async () => {
      const url = celestrakUrl();
      let outcome;
      try {
        outcome = await refreshElements(db(), {
          url,
          fetch: deps.fetch ?? ((u, init) => fetch(u, init)),
          now,
          families: loadFamilies(),
        });
      } catch (err) {
        // In words for the window (the command line says the URL and the raw answer).
        if (err instanceof RefreshError) throw new ContractError(refreshFailureInWords(err));
        throw err;
      }
      if (outcome.status !== 'updated') return outcome satisfies ElementsRefreshResult;
      return {
        status: 'updated',
        url: outcome.url,
        checkedAt: outcome.checkedAt,
        received: outcome.report.valid,
        kept: outcome.kept,
        added: outcome.imported.added,
      } satisfies ElementsRefreshResult;
    },
  };
}
