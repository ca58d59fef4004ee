// `watchfloor report (--watch ID | --bbox W,S,E,N) [--start-date D] [--end-date D]
// --format html|pdf|geojson|csv|kml [--excel] --out FILE [--db FILE | --demo]` (docs/cli.md "report",
// docs/reports.md): a local report from the cache, never the network.
import { existsSync } from 'node:fs';
import { Option, type Command } from 'commander';
import { openCacheReadOnly } from '../cache';
import { resolveDbPath } from '../paths';
import { checkReportTarget, gatherReport, writeReport } from '../contract/report-job';
import { NoBrowserError, OutputError, REPORT_FORMATS, ReportInputError, type ReportFormat } from '../reports';
import { resolveDemoCachePath } from './demo-cache';
import { cliNow } from './passes';
import { CliError, usageError } from './errors';
import { buildQuery } from './signals';

interface ReportOpts {
  watch?: string;
  bbox?: string;
  startDate?: string;
  endDate?: string;
  includeRetracted?: boolean;
  format?: string;
  out?: string;
  db?: string;
  demo?: boolean;
  excel?: boolean;
}

function openCache(option: string | undefined, demo: boolean) {
  const file = demo ? resolveDemoCachePath(undefined) : resolveDbPath(option);
  if (!existsSync(file))
    throw new CliError(
      demo
        ? `no demo cache at ${file}: run \`watchfloor sync --demo\` first`
        : `no cache at ${file}: run \`watchfloor sync\` first (or name the cache with --db)`,
    );
  try {
    return openCacheReadOnly(file);
  } catch (e) {
    throw new CliError(e instanceof Error ? e.message : String(e));
  }
}

export function registerReport(program: Command): void {
  program
    .command('report')
    .description('a local report from the cache: html, pdf, geojson, csv or kml (never touches the network)')
    .addOption(
      new Option('--watch <id>', 'report on a cached watch (its area, decision package, notes)').conflicts(
        'bbox',
      ),
    )
    .option('--bbox <W,S,E,N>', 'report on an area')
    .option('--start-date <date>', 'occurred on or after (YYYY-MM-DD)')
    .option('--end-date <date>', 'occurred on or before (YYYY-MM-DD)')
    .option('--include-retracted', 'also list retracted events (flagged)')
    .option('--format <format>', REPORT_FORMATS.join(', '))
    .option('--out <file>', 'the report file (written whole or not at all)')
    .option('--excel', 'csv for spreadsheet programs: a UTF-8 byte-order mark first (CRLF line ends)')
    .option('--db <file>', 'the local cache (default $WATCHFLOOR_DB or the per-user data folder)')
    .addOption(new Option('--demo', 'read the demo cache that `sync --demo` writes').conflicts('db'))
    .action(async (o: ReportOpts) => {
      const stopOnSignal = exitCleanlyOnSignal(() => written);
      let written: string | null = null;
      try {
        await report(o, (file) => (written = file));
      } finally {
        stopOnSignal();
      }
    });
}

/**
 * Ctrl+C or a kill while a report is made: it says what became of the file, and exits as a
 * signalled process does (130, 143). The output is written whole or not at all, and the PDF's
 * browser folder goes with the process (reports/pdf.ts), so nothing is left behind.
 */
function exitCleanlyOnSignal(written: () => string | null): () => void {
  const on = (signal: NodeJS.Signals, code: number) => () => {
    const file = written();
    process.stderr.write(
      file
        ? `watchfloor: interrupted (${signal}) after the report was written to ${file}\n`
        : `watchfloor: report interrupted (${signal}); nothing was written\n`,
    );
    process.exit(code);
  };
  const int = on('SIGINT', 130);
  const term = on('SIGTERM', 143);
  process.once('SIGINT', int);
  process.once('SIGTERM', term);
  return () => {
    process.removeListener('SIGINT', int);
    process.removeListener('SIGTERM', term);
  };
}

async function report(o: ReportOpts, wrote: (file: string) => void): Promise<void> {
  if (o.watch === undefined && o.bbox === undefined)
    throw usageError('report needs --watch ID or --bbox W,S,E,N');
  if (o.format === undefined || !(REPORT_FORMATS as readonly string[]).includes(o.format))
    throw usageError(
      `--format must be one of ${REPORT_FORMATS.join(', ')}${o.format ? `, got ${o.format}` : ''}`,
    );
  if (o.out === undefined) throw usageError('report needs --out FILE');
  const format = o.format as ReportFormat;
  if (o.excel && format !== 'csv') throw usageError('--excel applies to --format csv only');
  const query = buildQuery({ bbox: o.bbox, startDate: o.startDate, endDate: o.endDate, format: 'json' });
  // Cheap checks first: a path that cannot be written, or no browser for a PDF, fails
  // before the cache is read.
  try {
    checkReportTarget(o.out, format);
  } catch (e) {
    if (e instanceof OutputError || e instanceof NoBrowserError) throw new CliError(e.message);
    throw e;
  }
  const db = openCache(o.db, o.demo ?? false);
  let data;
  try {
    data = gatherReport(
      db,
      {
        watchId: o.watch,
        bbox: query.bbox ? (query.bbox as [number, number, number, number]) : undefined,
        startDate: query.startDate,
        endDate: query.endDate,
        includeRetracted: o.includeRetracted,
        // The report's clock (and so its passes) follows WATCHFLOOR_NOW as `passes` does.
        now: cliNow(),
      },
      format,
    );
  } catch (e) {
    if (e instanceof ReportInputError) throw new CliError(e.message);
    throw e;
  } finally {
    db.close();
  }
  try {
    wrote((await writeReport(data, format, o.out, undefined, { excel: o.excel ?? false })).path);
  } catch (e) {
    if (e instanceof OutputError || e instanceof NoBrowserError) throw new CliError(e.message);
    throw e;
  }
  process.stderr.write(
    `watchfloor: wrote ${format} report to ${o.out} (${data.signals.length.toLocaleString('en-US')} signals${data.demo ? ', DEMO data' : ''})\n`,
  );
}
