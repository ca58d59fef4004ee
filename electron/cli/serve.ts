// `watchfloor serve [--port N] [--demo]` (docs/cli.md "serve"): the workstation's interface in
// a browser on this machine. Prints one URL carrying a fresh secret; runs until interrupted.
import path from 'node:path';
import type { Command } from 'commander';
import { PROFILES, type Profile } from '../../shared/contract';
import { createAppServices } from '../contract/services';
import { packageRoot, resolveDbPath, userDataDir } from '../paths';
import { readSettings, settingsFileFor, settingsFileIn } from '../settings';
// The `serve` command is how the serve host is launched: the one import of serve/ from cli/.
import { readServePort, rememberServePort, servePortFileFor } from '../serve/port';
import { startServe, type ServeHandle } from '../serve/server';
import { createServeDownloads, type ServeDownloads } from '../serve/downloads';
import { BaseUrlError, checkBaseUrl } from '../../shared/base-url';
import { CliError, usageError } from './errors';

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('the user interface in a browser on this machine (127.0.0.1 only, secret URL)')
    .option('--port <n>', 'port to listen on (default: the last launch’s when free, else any free port)')
    .option('--demo', 'run against the built-in demo service, with clearly marked demo data')
    .option('--db <file>', 'the local cache (default $WATCHFLOOR_DB or the per-user data folder)')
    .option('--base-url <url>', 'the service (default $WATCHFLOOR_BASE_URL)')
    .option('--profile <profile>', 'main or alternate', 'main')
    .option(
      '--insecure-http',
      'allow an http:// service on another machine (the key crosses the network in clear text)',
    )
    .action(async (opts: ServeOpts) => {
      const port = opts.port === undefined ? 0 : Number(opts.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535)
        throw usageError(`--port must be 0-65535, got ${opts.port}`);
      const profile = opts.profile as Profile;
      if (!PROFILES.includes(profile))
        throw usageError(`--profile must be ${PROFILES.join(' or ')}, got ${opts.profile}`);
      const root = packageRoot(import.meta.dirname);
      const log = (line: string) => process.stderr.write(`${line}\n`);
      const dbPath = resolveDbPath(opts.db);
      // The service and schedule are remembered in the per-user folder, or beside a --db file
      // (so a test's cache never touches the analyst's settings).
      const settingsFile = opts.db ? settingsFileFor(dbPath) : settingsFileIn(userDataDir());
      const remembered = readSettings(settingsFile);
      const given = opts.baseUrl || process.env.WATCHFLOOR_BASE_URL || null;
      const baseUrl = given || remembered.baseUrl || null;
      const rememberedProfile = opts.baseUrl || !remembered.baseUrl ? profile : remembered.profile;
      // The allowance to use http:// goes with the address it was given for.
      const insecureHttp = opts.insecureHttp === true || (!given && remembered.insecureHttp);
      // Checked before anything is opened: a bad address is said in words, and binds no cache.
      if (baseUrl && !opts.demo) checkedBaseUrl(baseUrl, insecureHttp);
      // Export downloads in the browser (serve/downloads.ts), not into a folder of this machine.
      const downloads = createServeDownloads();
      const services = createAppServices({
        transport: 'serve',
        dbPath,
        settingsFile,
        log,
        reports: { browserDownloads: downloads },
      });
      let handle: ServeHandle;
      try {
        // No service and no --demo: the window offers the first-run choice (setup.*).
        if (opts.demo) await services.accounts.demo(profile);
        else if (baseUrl) await services.accounts.connect(baseUrl, rememberedProfile, { insecureHttp });
        handle = await listenOn(
          opts,
          port,
          settingsFile,
          services,
          path.join(root, 'dist', 'renderer'),
          downloads,
        );
      } catch (err) {
        // A failed start ends the process: what was opened is closed, and the reason said.
        await services.close();
        downloads.close();
        if (err instanceof BaseUrlError) throw usageError(err.message);
        throw err;
      }
      process.stdout.write(`${handle.url}\n`);
      process.stderr.write('Watchfloor is served on 127.0.0.1 only; open the URL above. Ctrl+C stops it.\n');
      await new Promise<void>((resolve) => {
        const stop = () => void Promise.all([handle.close(), services.close()]).then(() => resolve());
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });
}

interface ServeOpts {
  port?: string;
  demo?: boolean;
  db?: string;
  baseUrl?: string;
  profile: string;
  insecureHttp?: boolean;
}

function checkedBaseUrl(baseUrl: string, insecureHttp: boolean): string {
  try {
    return checkBaseUrl(baseUrl, { insecureHttp }).url;
  } catch (e) {
    throw e instanceof BaseUrlError ? usageError(e.message) : e;
  }
}

/**
 * Listens on --port, or without it on the last launch's port when it is free (the window's
 * remembered view lives in the browser's storage for that address: serve/port.ts), else any.
 */
async function listenOn(
  opts: ServeOpts,
  port: number,
  settingsFile: string,
  services: ReturnType<typeof createAppServices>,
  staticDir: string,
  downloads: ServeDownloads,
): Promise<ServeHandle> {
  const listen = (at: number) =>
    startServe({ dispatch: services.dispatch, bus: services.bus, staticDir, port: at, downloads });
  const portFile = servePortFileFor(settingsFile);
  const last = opts.port === undefined ? readServePort(portFile) : null;
  let handle: ServeHandle;
  try {
    handle = await listen(last ?? port);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // Taken by now (another launch, another program): any free port will do.
    if (last === null)
      throw new CliError(
        code === 'EADDRINUSE'
          ? `port ${port} on 127.0.0.1 is in use by another program: pick another --port, or leave it out for any free port`
          : `cannot listen on 127.0.0.1:${port} (${code ?? String(err)})`,
      );
    handle = await listen(0);
  }
  if (opts.port === undefined) rememberServePort(portFile, handle.port);
  return handle;
}
