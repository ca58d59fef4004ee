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
import { clearDemoCache, resolveDemoCachePath } from './demo-cache';
import { BaseUrlError, checkBaseUrl } from '../../shared/base-url';
import { hideUrlCredentials } from '../../shared/url-credentials';
import { CliError, EXIT, usageError } from './errors';

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

function progressPrinter(): (p: SyncProgress) => void {
  // A terminal gets one line rewritten in place; a pipe or a log gets plain lines.
  const tty = process.stderr.isTTY;
  let last = '';
  return (p) => {
    const count =
      p.total !== undefined
        ? ` ${p.done ?? 0}/${p.total}`
        : p.done !== undefined
          ? ` (${p.done} so far)`
          : '';
    const line = `sync ${p.stream}: ${p.message}${count}`;
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
  for (const [name, st] of Object.entries(s.streams))
    lines.push(`  ${name.padEnd(20)} ${st.requests} requests, ${st.received} received, ${st.stored} stored`);
  lines.push(
    `  tokens: ${s.tokens.charged} charged${s.tokens.remaining !== null ? `, ${s.tokens.remaining} remaining` : ''}`,
  );
  // A narrowed answer is never taken for the whole (docs/domain.md): every clamp is listed.
  for (const c of s.clamps)
    lines.push(
      `  narrowed by the plan (${c.kind}) on ${c.stream}${c.required_plans ? `; needs ${c.required_plans.join(' or ')}` : ''}`,
    );
  for (const e of s.errors) lines.push(`  error on ${e.stream}: ${e.message}`);
  // A 404 on re-read is "not found" (gone, or not this key's), never a retraction.
  if (s.gone?.length)
    lines.push(
      `  ${s.gone.length} cached event(s) no longer found by the service (404; kept as cached, not marked retracted): ${s.gone.slice(0, 5).join(', ')}${s.gone.length > 5 ? ', …' : ''}`,
    );
  if (s.stopped) lines.push(`  ${s.stopped.message}`);
  return `${lines.join('\n')}\n`;
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
    process.stderr.write(`watchfloor: ${hideUrlCredentials(summary.stopped.message)}\n`);
    process.exitCode = EXIT.resumable;
  } else if (summary.errors.length && summary.complete) {
    for (const e of summary.errors)
      process.stderr.write(`watchfloor: note: ${e.stream}: ${hideUrlCredentials(e.message)}\n`);
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
