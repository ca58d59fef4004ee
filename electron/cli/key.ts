// `watchfloor key set|status|clear` (contract: docs/cli.md "key"). The key is read from
// stdin, never from an argument, and is never printed: status shows a masked hint.
import type { Command } from 'commander';
import { createKeychain, keychainAccount, keyStatus, KeychainUnavailableError } from '../keychain';
import { CliError, usageError } from './errors';
import { readSecretFromStdin } from './stdin';

function baseUrlOf(opts: { baseUrl?: string }): string {
  const baseUrl = opts.baseUrl ?? process.env.WATCHFLOOR_BASE_URL;
  if (!baseUrl)
    throw usageError('say which service the key is for: --base-url URL (or set WATCHFLOOR_BASE_URL)');
  try {
    return keychainAccount(baseUrl);
  } catch (err) {
    throw usageError((err as Error).message);
  }
}

async function keychainCall<T>(f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (err) {
    if (err instanceof KeychainUnavailableError) throw new CliError(err.message);
    throw err;
  }
}

export function registerKey(program: Command): void {
  const key = program
    .command('key')
    .description('the API key in the OS keychain (service "Watchfloor", account = base URL)');
  const baseUrlOption = [
    '--base-url <url>',
    'the service the key is for (default $WATCHFLOOR_BASE_URL)',
  ] as const;

  key
    .command('set')
    .description('store the API key read from stdin (never from an argument)')
    .option(...baseUrlOption)
    .action(async (opts: { baseUrl?: string }) => {
      const baseUrl = baseUrlOf(opts);
      const secret = await readSecretFromStdin('API key: ');
      if (!secret)
        throw usageError('no key on stdin: pipe it in, e.g. `watchfloor key set --base-url URL < keyfile`');
      if (/\s/.test(secret)) throw usageError('the key on stdin contains white space; give the key alone');
      await keychainCall(() => createKeychain().set(baseUrl, secret));
      process.stderr.write(`key stored in the OS keychain for ${baseUrl}\n`);
    });

  key
    .command('status')
    .description('whether a key is set for the service (masked; WATCHFLOOR_API_KEY wins when set)')
    .option(...baseUrlOption)
    .option('--json', 'print a JSON object')
    .action(async (opts: { baseUrl?: string; json?: boolean }) => {
      const baseUrl = baseUrlOf(opts);
      const status = await keychainCall(() => keyStatus(baseUrl, createKeychain()));
      if (opts.json) process.stdout.write(JSON.stringify({ base_url: baseUrl, ...status }) + '\n');
      else
        process.stdout.write(
          status.set
            ? `key set for ${baseUrl} (${status.hint}, from ${status.source})\n`
            : `no key set for ${baseUrl}\n`,
        );
    });

  key
    .command('clear')
    .description('remove the stored key for the service from the OS keychain')
    .option(...baseUrlOption)
    .action(async (opts: { baseUrl?: string }) => {
      const baseUrl = baseUrlOf(opts);
      const removed = await keychainCall(() => createKeychain().clear(baseUrl));
      process.stderr.write(removed ? `key removed for ${baseUrl}\n` : `no key was stored for ${baseUrl}\n`);
    });
}
