// The key in a real OS keychain (gnome-keyring over a private D-Bus), through the CLI as a
// user types it. Run by `npm run test:keychain` (scripts/with-keyring.sh).
import { describe, expect, it } from 'vitest';
import { createKeychain, KeychainUnavailableError, resolveApiKey } from '../../electron/keychain';
import { runWatchfloor } from '../helpers/cli';

const BASE = 'https://service.example.test';
const KEY = 'wf_live_7Hq2mXc9RtPz41KeyChainTest';

function envWithout(...names: string[]): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const n of names) delete env[n];
  return env;
}

describe('watchfloor key (real Secret Service)', () => {
  it('stores the key from stdin, shows only a masked hint, and clears it', async () => {
    const env = envWithout('WATCHFLOOR_API_KEY');
    const set = await runWatchfloor(['key', 'set', '--base-url', BASE + '/'], { env, input: KEY + '\n' });
    expect(set.code).toBe(0);

    // The app and the CLI read the same entry: service "Watchfloor", account = base URL.
    expect(await createKeychain().get(BASE)).toBe(KEY);

    const status = await runWatchfloor(['key', 'status', '--base-url', BASE, '--json'], { env });
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toEqual({
      base_url: BASE,
      set: true,
      hint: '••••Test',
      source: 'keychain',
    });

    const clear = await runWatchfloor(['key', 'clear', '--base-url', BASE], { env });
    expect(clear.code).toBe(0);
    expect(await createKeychain().get(BASE)).toBeNull();
    const after = await runWatchfloor(['key', 'status', '--base-url', BASE], { env });
    expect(after.stdout).toMatch(/no key set/);

    for (const run of [set, status, clear, after]) expect(run.stdout + run.stderr).not.toContain(KEY);
  });

  it('refuses a key given as an argument (it would land in shell history and ps)', async () => {
    const run = await runWatchfloor(['key', 'set', '--base-url', BASE, KEY], {
      env: envWithout('WATCHFLOOR_API_KEY'),
    });
    expect(run.code).toBe(2);
    expect(await createKeychain().get(BASE)).toBeNull();
  });

  it('lets WATCHFLOOR_API_KEY win over the keychain (headless machines)', async () => {
    await createKeychain().set(BASE, KEY);
    try {
      expect(await resolveApiKey(BASE, createKeychain(), { WATCHFLOOR_API_KEY: 'from-env-key' })).toEqual({
        key: 'from-env-key',
        source: 'env',
      });
      expect(await resolveApiKey(BASE, createKeychain(), {})).toEqual({ key: KEY, source: 'keychain' });
    } finally {
      await createKeychain().clear(BASE);
    }
  });

  it('says what is missing when no Secret Service answers, and writes nothing', async () => {
    const env = envWithout('WATCHFLOOR_API_KEY', 'DBUS_SESSION_BUS_ADDRESS', 'DISPLAY');
    const run = await runWatchfloor(['key', 'set', '--base-url', BASE], { env, input: KEY });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/keychain is not available/);
    expect(run.stderr).toMatch(/Secret Service/);
    expect(run.stderr).toMatch(/WATCHFLOOR_API_KEY/);
    expect(run.stderr + run.stdout).not.toContain(KEY);
    expect(await createKeychain().get(BASE)).toBeNull();
  });

  it('reports an unusable keychain as KeychainUnavailableError', async () => {
    const broken = createKeychain(() =>
      Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')),
    );
    await expect(broken.get(BASE)).rejects.toBeInstanceOf(KeychainUnavailableError);
  });
});
