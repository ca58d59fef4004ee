// `watchfloor sync (--base-url URL | --demo) [--profile main|alternate] [--max-tokens N] [--full]
// [--json]` (docs/cli.md "sync"). Progress on stderr, the summary on stdout; exit 0 done, 1 failed,
// 3 stopped early but resumable.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { ApiError, createClient } from '../api';
import { CacheInUseError, CacheMismatchError, holdCacheFile, openCache, workerWriter } from '../cache';
import { createKeychain, resolveApiKey } from '../keychain';
import { resolveDbPath } from '../paths';
import { DEMO_API_KEY, startDemo } from '../demo/session';
import type { DemoService } from '../demo';
import { runSync, type SyncProgress, type SyncSummary } from '../sync';
import { fmtBytes } from '../api';
import { tokensPer1000, type SyncLine } from '../../shared/sync-line';
import { clearDemoCache, resolveDemoCachePath } from './demo-cache';
import { BaseUrlError, checkBaseUrl } from '../../shared/base-url';
import { hideUrlCredentials } from '../../shared/url-credentials';
import { CliError, EXIT, usageError } from './errors';
import { streamWords } from '../../shared/contract-resources';
import { formatCount } from '../../shared/count';

interface SyncOpts {
  baseUrl?: string;
  profile: string;
  maxTokens?: string;
  full?: boolean;
  json?: boolean;
  db?: string;
  demo?: boolean;
  insecureHttp?: boolean;
}

interface Target {
  baseUrl: string;
  apiKey: string;
  dbPath: string;
  /** The in-process demo service, closed when the run ends. */
  demo?: DemoService;
  /** The hold on the demo cache (cache/lock.ts), let go when the run ends. */
  release?: () => Promise<void>;
}

async function accountTarget(opts: SyncOpts): Promise<Target> {
  const given = opts.baseUrl ?? process.env.WATCHFLOOR_BASE_URL;
  if (!given) throw usageError('--base-url is required (or set $WATCHFLOOR_BASE_URL), or use --demo');
  let baseUrl: string;
  try {
    // Before the keychain or the cache: a bad address binds nothing, and http:// to another
    // machine (the key in clear text) only when the analyst says so.
    baseUrl = checkBaseUrl(given, { insecureHttp: opts.insecureHttp }).url;
  } catch (e) {
    throw e instanceof BaseUrlError ? usageError(`--base-url: ${e.message}`) : e;
  }
  const found = await resolveApiKey(baseUrl, createKeychain());
  if (!found)
    throw new CliError(
      `no API key for ${baseUrl}: run \`watchfloor key set --base-url ${baseUrl}\` (or set $WATCHFLOOR_API_KEY)`,
    );
  return { baseUrl, apiKey: found.key, dbPath: resolveDbPath(opts.db) };
}

/** The built-in demo service, started in this process; its own key, never the keychain's. */
async function demoTarget(opts: SyncOpts, profile: 'main' | 'alternate'): Promise<Target> {
  const dbPath = resolveDemoCachePath(opts.db);
  // Never under a window that works from it: a running `serve --demo` holds its demo cache.
  let release: () => Promise<void>;
  try {
    release = await holdCacheFile(dbPath, 'watchfloor sync --demo');
  } catch (e) {
    throw e instanceof CacheInUseError ? new CliError(e.message) : e;
  }
  try {
    clearDemoCache(dbPath, opts.db !== undefined);
    const demo = await startDemo(profile);
    process.stderr.write(`sync: demo service at ${demo.url} (demo data) into ${dbPath}\n`);
    return { baseUrl: demo.url, apiKey: DEMO_API_KEY, dbPath, demo, release };
  } catch (e) {
    await release();
    throw e;
  }
}

/** The page in flight and a first sync's estimates, in a few words: " — 57.1 of ~180 kB at 15.8 kB/s; ~3100 left, ~4 min". */
function lineWords(l: SyncLine | undefined): string {
  if (!l) return '';
  const parts: string[] = [];
  if (l.page && l.page.bytes > 0)
    parts.push(
      `${fmtBytes(l.page.bytes)}${l.page.expectedBytes ? ` of ~${fmtBytes(l.page.expectedBytes)}` : ''}` +
        `${l.bytesPerSecond ? ` at ${fmtBytes(l.bytesPerSecond)}/s` : ''}`,
    );
  const f = l.firstSync;
  if (f?.signalsLeft)
    parts.push(
      `~${f.signalsLeft} left` +
        `${f.secondsLeft !== null ? `, ~${Math.max(1, Math.round(f.secondsLeft / 60))} min` : ''}` +
        `${f.tokensLeft !== null ? `, ~${f.tokensLeft} tokens` : ''}`,
    );
  return parts.length ? ` — ${parts.join('; ')}` : '';
}

function progressPrinter(): (p: SyncProgress) => void {
  // A terminal gets one line rewritten in place; a pipe or a log gets plain lines.
  const tty = process.stderr.isTTY;
  let last = '';
  return (p) => {
    if (p.finished || p.changed) return;
    const count =
      p.total !== undefined
        ? ` ${p.done ?? 0}/${p.total}`
        : p.done !== undefined
          ? ` (${p.done} so far)`
          : '';
    // A pipe gets the page's bytes only on a terminal's rewritten line (a log keeps one line a page).
    const line = `sync ${streamWords(p.stream)}: ${p.message}${count}${tty ? lineWords(p.line) : lineWords(p.line && { ...p.line, page: null })}`;
    if (line === last) return;
    last = line;
    process.stderr.write(
      tty ? `\r\x1b[2K${line.slice(0, (process.stderr.columns ?? 100) - 1)}` : `${line}\n`,
    );
  };
}

function humanSummary(s: SyncSummary): string {
  const lines = [
    `${s.complete ? 'Sync complete' : s.stopped ? 'Sync stopped early (resumable)' : 'Sync finished with errors'}: ${s.base_url} (${s.profile} profile)`,
  ];
  // Streams in words ("standing orders"), counts with separators; --json keeps the service's names.
  for (const [name, st] of Object.entries(s.streams))
    lines.push(
      `  ${streamWords(name).padEnd(22)} ${formatCount(st.requests)} requests, ${formatCount(st.received)} received, ${formatCount(st.stored)} stored`,
    );
  lines.push(
    `  tokens: ${formatCount(s.tokens.charged)} charged${s.tokens.remaining !== null ? `, ${formatCount(s.tokens.remaining)} remaining` : ''}`,
  );
  // A narrowed answer is never taken for the whole (docs/domain.md): every clamp is listed.
  for (const c of s.clamps)
    lines.push(
      `  narrowed by the plan (${c.kind}) on ${streamWords(c.stream)}${c.required_plans ? `; needs ${c.required_plans.join(' or ')}` : ''}`,
    );
  if (s.line) lines.push(`  ${lineSummary(s.line)}`);
  for (const e of s.errors) lines.push(`  error on ${streamWords(e.stream)}: ${e.message}`);
  // A 404 on re-read is "not found" (gone, or not this key's), never a retraction.
  if (s.gone?.length)
    lines.push(
      `  ${s.gone.length} cached event(s) no longer found by the service (404; kept as cached, not marked retracted): ${s.gone.slice(0, 5).join(', ')}${s.gone.length > 5 ? ', …' : ''}`,
    );
  if (s.stopped) lines.push(`  ${s.stopped.message}`);
  return `${lines.join('\n')}\n`;
}

/** "line: 15.8 kB/s, first byte 640 ms, uncompressed; slow link: pages of 127 (24 tokens per 1,000 signals; 6 at pages of 500)". */
function lineSummary(l: NonNullable<SyncSummary['line']>): string {
  const rate = l.bytes_per_second === null ? 'rate not measured' : `${fmtBytes(l.bytes_per_second)}/s`;
  const how =
    l.encoding === null
      ? 'uncompressed'
      : `${l.encoding}${l.compression_ratio !== null ? ` (${Math.round(l.compression_ratio * 100)}% of the size)` : ''}`;
  const pages = `${l.adapted ? 'slow link: ' : ''}pages of ${l.page_limit} (${l.tokens_per_1000_signals} tokens per 1,000 signals${l.page_limit < 500 ? `; ${tokensPer1000(500)} at pages of 500` : ''})`;
  const planned = l.planned.first_sync
    ? `; a first sync, planned at pages of ${l.planned.page_limit} (${l.planned.tokens_per_1000_signals} tokens per 1,000 signals)`
    : '';
  return `line: ${rate}${l.first_byte_ms !== null ? `, first byte ${l.first_byte_ms} ms` : ''}, ${how}; ${pages}${planned}`;
}

export function registerSync(program: Command): void {
  program
    .command('sync')
    .description('bring the local cache up to date with the service')
    .option('--base-url <url>', 'the service (default $WATCHFLOOR_BASE_URL)')
    .option(
      '--demo',
      'sync from the built-in demo service (no key needed) into a fresh demo cache (default: the one serve --demo uses)',
    )
    .option('--profile <profile>', 'main or alternate', 'main')
    .option('--max-tokens <n>', 'never spend more than this many tokens')
    .option('--full', 'also find events that left the lists (folded or retracted)')
    .option('--json', 'print the summary as one JSON object')
    .option('--db <file>', 'the local cache (default $WATCHFLOOR_DB or the per-user data folder)')
    .option(
      '--insecure-http',
      'allow an http:// service on another machine (the key crosses the network in clear text)',
    )
    .action(async (opts: SyncOpts) => {
      if (opts.demo && opts.baseUrl !== undefined)
        throw usageError('--demo and --base-url exclude each other');
      if (opts.profile !== 'main' && opts.profile !== 'alternate')
        throw usageError(`--profile must be main or alternate, got ${opts.profile}`);
      let maxTokens: number | undefined;
      if (opts.maxTokens !== undefined) {
        maxTokens = Number(opts.maxTokens);
        if (!Number.isFinite(maxTokens) || maxTokens < 0)
          throw usageError(`--max-tokens must be a number of tokens, got ${opts.maxTokens}`);
      }
      const profile = opts.profile;
      const target = opts.demo ? await demoTarget(opts, profile) : await accountTarget(opts);
      try {
        await syncInto(target, profile, maxTokens, opts);
      } finally {
        await target.demo?.close();
        await target.release?.();
      }
    });
}

async function syncInto(
  target: Target,
  profile: 'main' | 'alternate',
  maxTokens: number | undefined,
  opts: SyncOpts,
): Promise<void> {
  const { baseUrl, dbPath } = target;
  const client = createClient({ baseUrl, profile, apiKey: target.apiKey });
  if (!existsSync(dbPath)) {
    // A first run checks the key with a free call before creating anything on disk.
    try {
      await client.standingOrders({});
    } catch (e) {
      if (e instanceof ApiError && e.kind === 'unauthorized') throw new CliError(e.message);
      if (e instanceof ApiError && e.transient)
        throw new CliError(`${e.message}; nothing was stored`, EXIT.resumable);
      throw e;
    }
    mkdirSync(path.dirname(dbPath), { recursive: true });
  }
  let db;
  try {
    db = openCache(dbPath, { baseUrl, profile, demo: target.demo !== undefined });
  } catch (e) {
    if (e instanceof CacheMismatchError) throw new CliError(e.message);
    throw e;
  }
  let summary: SyncSummary;
  const writer = workerWriter(db);
  try {
    summary = await runSync({
      db,
      writer,
      client,
      baseUrl,
      maxTokens,
      full: opts.full ?? false,
      onProgress: progressPrinter(),
    });
  } catch (e) {
    if (e instanceof ApiError) throw new CliError(e.message);
    throw e;
  } finally {
    if (process.stderr.isTTY) process.stderr.write('\n');
    await writer.close();
    db.close();
  }
  // The summary names the base URL: never with its credentials (`http://user:secret@host`).
  process.stdout.write(
    hideUrlCredentials(opts.json ? `${JSON.stringify(summary)}\n` : humanSummary(summary)),
  );
  if (summary.stopped) {
    // The command line does not retry on its own (the app's scheduler does).
    const again =
      summary.stopped.reason === 'link'
        ? '; run sync again to continue (nothing retries on its own here)'
        : '';
    process.stderr.write(`watchfloor: ${hideUrlCredentials(summary.stopped.message)}${again}\n`);
    process.exitCode = EXIT.resumable;
  } else if (summary.errors.length && summary.complete) {
    for (const e of summary.errors)
      process.stderr.write(`watchfloor: note: ${streamWords(e.stream)}: ${hideUrlCredentials(e.message)}\n`);
  } else if (!summary.complete) {
    process.stderr.write(
      hideUrlCredentials(
        `watchfloor: sync finished with ${summary.errors.length} error(s): ${summary.errors.map((e) => e.message).join('; ')}\n`,
      ),
    );
    process.exitCode = EXIT.failed;
  }
  if (target.demo) {
    // The demo service lives only as long as this run: a rerun replaces, never continues.
    const read = opts.db === undefined ? '--demo' : `--db ${dbPath}`;
    process.stderr.write(
      `watchfloor: demo data is in ${dbPath}; read it with \`watchfloor signals ${read}\`` +
        `${summary.stopped ? '; the next `sync --demo` starts afresh' : ''}\n`,
    );
  }
}
