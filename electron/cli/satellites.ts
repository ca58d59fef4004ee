// `watchfloor satellites [--json] [--tle FILE] [--db FILE]` (docs/cli.md "satellites"): the
// family catalog with the satellites of each family and the epoch of each element set; and
// `watchfloor elements import FILE` / `watchfloor elements refresh`, which fill the cache
// (import in one transaction, refresh from CelesTrak GP at most every two hours).
import path from 'node:path';
import type { Command } from 'commander';
import { openElementsCache } from '../passes/cache-file';
import { RefreshError, gpUrl, refreshElements, type RefreshOutcome } from '../passes/celestrak';
import { familyMatcher, loadFamilies } from '../passes/families';
import { catalogEntries, formatCatalog } from '../passes/format';
import { ElementsFileError, describeRejection, readElementsFile } from '../passes/parse';
import { importElements } from '../passes/store';
import { resolveDbPath } from '../paths';
import { CliError, usageError } from './errors';
import { cliNow, loadElements } from './passes';

const dbOption = [
  '--db <file>',
  'the local cache (default $WATCHFLOOR_DB, else watchfloor.db in the user data folder)',
] as const;

function registerCatalog(program: Command): void {
  program
    .command('satellites')
    .description('the satellite families, their off-nadir ranges and the satellites with element sets')
    .option('--json', 'print JSON')
    .option('--tle <file>', 'list the satellites of this TLE, 3LE or OMM JSON/CSV file instead of the cache')
    .option(...dbOption)
    .action((opts: { json?: boolean; tle?: string; db?: string }) => {
      const now = cliNow();
      const catalog = loadFamilies();
      const elements = loadElements(opts);
      const matcher = familyMatcher(catalog);
      const newest = new Map<number, (typeof elements.sets)[number]>();
      for (const s of elements.sets) {
        const have = newest.get(s.noradId);
        if (!have || s.epoch > have.epoch) newest.set(s.noradId, s);
      }
      const members = [...newest.values()].flatMap((s) => {
        const family = matcher.familyOf(s.noradId, s.name);
        const source = 'source' in s ? String(s.source) : elements.label;
        return family ? [{ noradId: s.noradId, name: s.name, epoch: s.epoch, source, family }] : [];
      });
      const entries = catalogEntries(catalog, members);
      if (opts.json)
        process.stdout.write(
          `${JSON.stringify({ elements: { source: elements.source, label: elements.label }, families: entries }, null, 2)}\n`,
        );
      else process.stdout.write(formatCatalog(entries, elements.label, now));
    });
}

function printOutcome(o: RefreshOutcome, json: boolean | undefined): void {
  if (json) {
    process.stdout.write(`${JSON.stringify(o, null, 2)}\n`);
    return;
  }
  if (o.status === 'too-soon')
    process.stdout.write(
      `not refreshed: ${o.url} was asked at ${o.checkedAt}; CelesTrak asks for at most one request ` +
        `per two hours, next at ${o.nextAllowedAt}\n`,
    );
  else if (o.status === 'not-modified')
    process.stdout.write(`elements unchanged since the last refresh (304 Not Modified from ${o.url})\n`);
  else
    process.stdout.write(
      `refreshed from ${o.url}: ${o.report.valid} sets received, ${o.kept} kept (members of the families), ` +
        `${o.imported.added} new, ${o.imported.known} already cached` +
        (o.report.rejected.length ? `, ${o.report.rejected.length} rejected` : '') +
        '\n',
    );
}

function registerElements(program: Command): void {
  const elements = program
    .command('elements')
    .description('the orbital elements in the local cache: import a file, refresh from CelesTrak');

  elements
    .command('import')
    .description(
      'import a TLE, 3LE or OMM JSON/CSV file into the cache (corrupt sets are reported and skipped)',
    )
    .argument('<file>', 'the element file')
    .option('--strict', 'import nothing when any set is rejected')
    .option('--json', 'print the import report as JSON')
    .option(...dbOption)
    .action((file: string, opts: { strict?: boolean; json?: boolean; db?: string }) => {
      let parsed;
      try {
        parsed = readElementsFile(file);
      } catch (err) {
        if (err instanceof ElementsFileError) throw new CliError(err.message);
        throw err;
      }
      const { report } = parsed;
      for (const r of report.rejected)
        process.stderr.write(`watchfloor: ${file}: skipped ${describeRejection(r)}\n`);
      if (parsed.sets.length === 0)
        throw new CliError(`${file} holds no usable element set (${report.read} read); nothing imported`);
      if (opts.strict && report.rejected.length)
        throw new CliError(`${report.rejected.length} set(s) rejected and --strict given; nothing imported`);
      const dbFile = resolveDbPath(opts.db);
      const db = openElementsCache(dbFile);
      try {
        const now = cliNow();
        const result = importElements(db, {
          sets: parsed.sets,
          source: `file:${path.resolve(file)}`,
          fetchedAt: now.toISOString(),
        });
        const summary = {
          file,
          db: dbFile,
          format: report.format,
          read: report.read,
          ...result,
          rejected: report.rejected,
        };
        process.stdout.write(
          opts.json
            ? `${JSON.stringify(summary, null, 2)}\n`
            : `imported ${parsed.sets.length} element sets from ${file} (${result.added} new, ${result.known} already cached)` +
                (report.rejected.length ? `; ${report.rejected.length} rejected` : '') +
                '\n',
        );
      } finally {
        db.close();
      }
    });

  elements
    .command('refresh')
    .description('fetch GP elements (OMM JSON) from CelesTrak, at most once per two hours per URL')
    .option(
      '--url <url>',
      'GP endpoint (default $WATCHFLOOR_CELESTRAK_URL, else https://celestrak.org/NORAD/elements/gp.php)',
    )
    .option('--group <name>', 'CelesTrak group (default active)')
    .option('--catnr <n>', 'one satellite by NORAD catalog number instead of a group')
    .option('--all', 'keep every set received, not only members of the families')
    .option('--json', 'print the outcome as JSON')
    .option(...dbOption)
    .action(
      async (opts: {
        url?: string;
        group?: string;
        catnr?: string;
        all?: boolean;
        json?: boolean;
        db?: string;
      }) => {
        if (opts.group !== undefined && opts.catnr !== undefined)
          throw usageError('give --group or --catnr, not both');
        if (opts.catnr !== undefined && !/^\d{1,9}$/.test(opts.catnr))
          throw usageError(`--catnr must be a catalog number, got "${opts.catnr}"`);
        let url: string;
        try {
          url = gpUrl({
            base: opts.url ?? process.env.WATCHFLOOR_CELESTRAK_URL,
            group: opts.group,
            catnr: opts.catnr === undefined ? undefined : Number(opts.catnr),
          });
        } catch {
          throw usageError(`not a URL: "${opts.url ?? process.env.WATCHFLOOR_CELESTRAK_URL}"`);
        }
        const db = openElementsCache(resolveDbPath(opts.db));
        try {
          const outcome = await refreshElements(db, {
            url,
            fetch: (u, init) => fetch(u, init),
            now: () => cliNow(),
            families: opts.all ? null : loadFamilies(),
          });
          printOutcome(outcome, opts.json);
        } catch (err) {
          if (err instanceof RefreshError) throw new CliError(err.message);
          throw err;
        } finally {
          db.close();
        }
      },
    );
}

/** Registers `satellites` and `elements` (both about the satellites the pass finder knows). */
export function registerSatellites(program: Command): void {
  registerCatalog(program);
  registerElements(program);
}
