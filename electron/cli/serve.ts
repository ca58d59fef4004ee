// `watchfloor serve [--port N] [--demo]` (docs/cli.md "serve"): the workstation's interface in
// a browser on this machine. Prints one URL carrying a fresh secret; runs until interrupted.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { createAppServices } from '../app-context';
import type { DemoService } from '../demo';
import { DEMO_API_KEY, demoDbPath, startDemo } from '../demo/session';
import { createSyncRuntime } from '../runtime/sync-runtime';
import { packageRoot, resolveDbPath } from '../paths';
import { startServe } from '../serve/server';
import { usageError } from './errors';

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('the user interface in a browser on this machine (127.0.0.1 only, secret URL)')
    .option('--port <n>', 'port to listen on (default: any free port)')
    .option('--demo', 'run against the built-in demo service, with clearly marked demo data')
    .option('--db <file>', 'the local cache (default $WATCHFLOOR_DB or the per-user data folder)')
    .option('--base-url <url>', 'the service (default $WATCHFLOOR_BASE_URL)')
    .option('--profile <profile>', 'main or alternate', 'main')
    .action(
      async (opts: { port?: string; demo?: boolean; db?: string; baseUrl?: string; profile: string }) => {
        const port = opts.port === undefined ? 0 : Number(opts.port);
        if (!Number.isInteger(port) || port < 0 || port > 65535)
          throw usageError(`--port must be 0-65535, got ${opts.port}`);
        if (opts.profile !== 'main' && opts.profile !== 'alternate')
          throw usageError(`--profile must be main or alternate, got ${opts.profile}`);
        const root = packageRoot(import.meta.dirname);
        const log = (line: string) => process.stderr.write(`${line}\n`);
        let dbPath = resolveDbPath(opts.db);
        let baseUrl = opts.baseUrl || process.env.WATCHFLOOR_BASE_URL || null;
        let demo: DemoService | null = null;
        if (opts.demo) {
          // Demo data lives in its own file, fresh each launch, never in the account's cache.
          dbPath = opts.db ? dbPath : demoDbPath(dbPath);
          rmSync(dbPath, { force: true });
          rmSync(`${dbPath}-wal`, { force: true });
          rmSync(`${dbPath}-shm`, { force: true });
          mkdirSync(path.dirname(dbPath), { recursive: true });
        }
        const services = createAppServices({
          transport: 'serve',
          ...(opts.demo ? { mode: 'demo' as const } : {}),
          baseUrl,
          profile: opts.profile,
          dbPath,
          log,
        });
        if (opts.demo) {
          demo = await startDemo(opts.profile);
          baseUrl = demo.url;
          services.ctx.baseUrl = baseUrl;
          log(`demo service at ${baseUrl} (demo data, clearly marked)`);
        }
        if (baseUrl) {
          services.ctx.sync = createSyncRuntime({
            baseUrl,
            profile: opts.profile,
            dbPath,
            keychain: services.ctx.keychain,
            env: services.ctx.env,
            bus: services.bus,
            ...(demo ? { apiKey: DEMO_API_KEY } : {}),
            log,
          });
          services.ctx.sync.scheduler.start();
        }
        const handle = await startServe({
          dispatch: services.dispatch,
          bus: services.bus,
          staticDir: path.join(root, 'dist', 'renderer'),
          port,
        });
        process.stdout.write(`${handle.url}\n`);
        process.stderr.write(
          'Watchfloor is served on 127.0.0.1 only; open the URL above. Ctrl+C stops it.\n',
        );
        await new Promise<void>((resolve) => {
          const stop = () =>
            void Promise.all([handle.close(), services.ctx.sync?.stop(), demo?.close()]).then(() =>
              resolve(),
            );
          process.once('SIGINT', stop);
          process.once('SIGTERM', stop);
        });
      },
    );
}
