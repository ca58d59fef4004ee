// `watchfloor serve [--port N] [--demo]` (docs/cli.md "serve"): the workstation's interface in
// a browser on this machine. Prints one URL carrying a fresh secret; runs until interrupted.
import path from 'node:path';
import type { Command } from 'commander';
import { createAppServices } from '../app-context';
import { packageRoot, resolveDbPath, userDataDir } from '../paths';
import { createHost } from '../runtime/host';
import { readSettings } from '../settings';
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
        const dbPath = resolveDbPath(opts.db);
        // Choices are remembered in the per-user folder, unless a test points --db elsewhere.
        const settingsDir = opts.db ? null : userDataDir();
        const remembered = settingsDir ? readSettings(settingsDir) : null;
        const baseUrl = opts.baseUrl || process.env.WATCHFLOOR_BASE_URL || remembered?.baseUrl || null;
        const profile = opts.baseUrl || !remembered?.baseUrl ? opts.profile : remembered.profile;
        const services = createAppServices({ transport: 'serve', baseUrl: null, profile: null, dbPath, log });
        const host = createHost({ services, dbPath, settingsDir, log });
        // No service and no --demo: the window offers the first-run choice (setup.*).
        if (opts.demo) await host.demo(opts.profile);
        else if (baseUrl) await host.connect(baseUrl, profile);
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
          const stop = () => void Promise.all([handle.close(), host.close()]).then(() => resolve());
          process.once('SIGINT', stop);
          process.once('SIGTERM', stop);
        });
      },
    );
}
