// `watchfloor passes (--lat X --lon Y | --bbox W,S,E,N) [--start-date D] [--end-date D]
// [--satellites k1,k2] [--max-passes N] [--tle FILE] [--json] [--db FILE]` (docs/passes.md).
// Computed offline from cached elements or the file; the JSON is shaped as the service's
// /passes response. Results on stdout, warnings on stderr; bad input exits 2 (usage)
// or 1 (an unreadable file) and changes nothing: the cache is only ever read here.
import path from 'node:path';
import type { Command } from 'commander';
import type { ElementSet } from '../passes/elements';
import { readCachedElements } from '../passes/cache-file';
import { formatPassesTable } from '../passes/format';
import { ElementsFileError, describeRejection, readElementsFile } from '../passes/parse';
import { predictPasses, type PassesResponse } from '../passes/predict';
import { FAMILY_KEYS } from '../passes/families';
import { MAX_WINDOW_DAYS, PassRequestError, parsePassRequest, type PassRequest } from '../passes/request';
import { resolveDbPath } from '../paths';
import { CliError, usageError } from './errors';

export interface LoadedElements {
  sets: ElementSet[];
  /** For the attribution: "the local cache (FILE)" or the --tle file name. */
  label: string;
  source: 'file' | 'cache';
}

/** The clock, injectable for tests: WATCHFLOOR_NOW (ISO 8601) or the system time. */
export function cliNow(env: NodeJS.ProcessEnv = process.env): Date {
  const forced = env.WATCHFLOOR_NOW;
  if (!forced) return new Date();
  const d = new Date(forced);
  if (Number.isNaN(d.getTime())) throw usageError(`WATCHFLOOR_NOW is not a date: "${forced}"`);
  return d;
}

/**
 * Elements from --tle FILE (every rejected set reported by line on stderr and skipped) or the
 * cache. A file with no usable set at all is a failure (exit 1), never an empty answer.
 */
export function loadElements(opts: { tle?: string; db?: string }): LoadedElements {
  if (opts.tle !== undefined) {
    let parsed;
    try {
      parsed = readElementsFile(opts.tle);
    } catch (err) {
      if (err instanceof ElementsFileError) throw new CliError(err.message);
      throw err;
    }
    const { report } = parsed;
    for (const r of report.rejected.slice(0, 20))
      process.stderr.write(`watchfloor: ${opts.tle}: skipped ${describeRejection(r)}\n`);
    if (report.rejected.length > 20)
      process.stderr.write(`watchfloor: ${opts.tle}: ... and ${report.rejected.length - 20} more skipped\n`);
    if (parsed.sets.length === 0)
      throw new CliError(
        `${opts.tle} holds no usable element set (${report.read} read, ${report.rejected.length} rejected); ` +
          'give TLE, 3LE, OMM JSON or OMM CSV',
      );
    return { sets: parsed.sets, label: path.basename(opts.tle), source: 'file' };
  }
  const file = resolveDbPath(opts.db);
  let cached;
  try {
    cached = readCachedElements(file);
  } catch (err) {
    throw new CliError(`cannot read the cache ${file}: ${(err as Error).message}`);
  }
  if (!cached || cached.length === 0)
    process.stderr.write(
      `watchfloor: no orbital elements in ${file}; run \`watchfloor elements refresh\` ` +
        'or `watchfloor elements import FILE`, or give --tle FILE\n',
    );
  return { sets: cached ?? [], label: `the local cache (${file})`, source: 'cache' };
}

/** What the query itself narrowed, said in the answer as the service would say it. */
export type AnsweredPasses = PassesResponse & {
  meta: PassesResponse['meta'] & {
    window_clamp?: NonNullable<PassRequest['windowClamp']>;
    unknown_families?: string[];
  };
};

/**
 * The 7-day cap (meta.window_clamp, asked → searched) and the family keys the local catalog
 * does not know (meta.unknown_families): timing for those is unavailable, so retrieval_ok is
 * false for them as for a family without elements; it never reads as "no passes".
 */
export function withRequestNotes(response: PassesResponse, req: PassRequest): AnsweredPasses {
  const notes: string[] = [];
  if (req.windowClamp)
    notes.push(
      `The window was narrowed to ${req.windowClamp.applied.start_date}..${req.windowClamp.applied.end_date} ` +
        `(asked ${req.windowClamp.requested.start_date}..${req.windowClamp.requested.end_date}): ` +
        `end_date is capped to a ${MAX_WINDOW_DAYS}-day horizon.`,
    );
  if (req.unknownFamilies.length)
    notes.push(
      `The local family catalog does not know ${req.unknownFamilies.join(', ')}: their pass timing is unavailable offline (not "no passes").`,
    );
  if (!notes.length) return response;
  return {
    ...response,
    meta: {
      ...response.meta,
      ...(req.windowClamp ? { window_clamp: req.windowClamp } : {}),
      ...(req.unknownFamilies.length ? { unknown_families: req.unknownFamilies } : {}),
    },
    retrieval_ok: response.retrieval_ok && req.unknownFamilies.length === 0,
    note: [response.note, ...notes].join(' '),
  };
}

interface PassesOpts {
  lat?: string;
  lon?: string;
  bbox?: string;
  startDate?: string;
  endDate?: string;
  satellites?: string;
  maxPasses?: string;
  tle?: string;
  json?: boolean;
  db?: string;
}

export function registerPasses(program: Command): void {
  program
    .command('passes')
    .description('satellite passes over a place, computed offline from orbital elements (SGP4)')
    .option('--lat <deg>', 'target latitude, -90..90')
    .option('--lon <deg>', 'target longitude, -180..180')
    .option('--bbox <W,S,E,N>', 'target area; its centre is the target when --lat/--lon are not given')
    .option('--start-date <date>', 'first UTC day, YYYY-MM-DD (default today)')
    .option(
      '--end-date <date>',
      'last UTC day, included (default start + 2 days; capped to start + 7, as the service caps it)',
    )
    .option(
      '--satellites <keys>',
      'comma-separated family keys (default all 13; see `watchfloor satellites`)',
    )
    .option('--max-passes <n>', 'at most this many passes, soonest first (1-100, default 40)')
    .option('--tle <file>', 'use this TLE, 3LE or OMM JSON/CSV file instead of the cached elements')
    .option('--json', 'print the response as JSON (shaped as the service /passes response)')
    .option(
      '--db <file>',
      'the local cache (default $WATCHFLOOR_DB, else watchfloor.db in the user data folder)',
    )
    .action((opts: PassesOpts) => {
      const now = cliNow();
      let req;
      try {
        req = parsePassRequest(
          {
            lat: opts.lat,
            lon: opts.lon,
            bbox: opts.bbox,
            startDate: opts.startDate,
            endDate: opts.endDate,
            satellites: opts.satellites,
            maxPasses: opts.maxPasses,
          },
          now,
        );
      } catch (err) {
        if (err instanceof PassRequestError) throw usageError(err.message);
        throw err;
      }
      const elements = loadElements(opts);
      const predicted = predictPasses(elements.sets, req, { now, sourceLabel: elements.label });
      const response = withRequestNotes(predicted.response, req);
      for (const f of predicted.failures)
        process.stderr.write(`watchfloor: ${f.name} (NORAD ${f.noradId}): ${f.reason}\n`);
      if (req.windowClamp)
        process.stderr.write(
          `watchfloor: note: the window ${req.windowClamp.requested.start_date} to ${req.windowClamp.requested.end_date} ` +
            `is longer than the ${MAX_WINDOW_DAYS}-day horizon; searched ${req.windowClamp.applied.start_date} to ` +
            `${req.windowClamp.applied.end_date}, as the service caps it (meta.window_clamp)\n`,
        );
      if (req.unknownFamilies.length)
        process.stderr.write(
          `watchfloor: note: the local family catalog does not know ${req.unknownFamilies.join(', ')}; ` +
            `their timing is unavailable offline (meta.unknown_families; known: ${FAMILY_KEYS.join(', ')})\n`,
        );
      if (response.meta.families_without_elements.length)
        process.stderr.write(
          `watchfloor: no usable elements for ${response.meta.families_without_elements.join(', ')}: ` +
            'their timing is unavailable (not "no passes")\n',
        );
      process.stdout.write(
        opts.json ? `${JSON.stringify(response, null, 2)}\n` : formatPassesTable(response),
      );
    });
}
