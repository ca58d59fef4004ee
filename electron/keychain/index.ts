// The API key lives in the OS keychain only (service "Watchfloor", account = base URL),
// read by the desktop app and the CLI alike. Never written anywhere else, never logged.
// keytar is loaded lazily so commands that need no key never touch the Secret Service.

export const KEYCHAIN_SERVICE = 'Watchfloor';
const KEYCHAIN_TIMEOUT_MS = 10_000;

interface Keytar {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/** The keychain cannot be used: says what is missing and how to fix it. */
export class KeychainUnavailableError extends Error {
  constructor(detail: string) {
    super(
      'the OS keychain is not available: ' +
        explain(detail) +
        ' For a headless machine, set WATCHFLOOR_API_KEY instead; the key is never stored in plain text.',
    );
    this.name = 'KeychainUnavailableError';
  }
}

function explain(detail: string): string {
  if (/locked|prompt|dismissed/i.test(detail))
    return 'the keyring is locked; unlock it (log in to your desktop session or open your keyring app) and try again.';
  if (/timed out/i.test(detail))
    return 'the keyring did not answer (it may be locked and waiting for a password).';
  if (/D-?Bus|org\.freedesktop\.secrets|secret service|DISPLAY/i.test(detail))
    return 'no Secret Service (gnome-keyring or KWallet) answers on the D-Bus session bus; start your desktop keyring.';
  if (/libsecret|cannot open shared object|keytar/i.test(detail))
    return 'the keychain library could not be loaded (install libsecret on Linux).';
  return `the keychain refused the request (${detail}).`;
}

export interface KeyStatus {
  set: boolean;
  /** Last four characters only, for the analyst to recognise which key is stored. */
  hint: string | null;
  source: 'env' | 'keychain' | null;
}

export interface Keychain {
  get(baseUrl: string): Promise<string | null>;
  set(baseUrl: string, key: string): Promise<void>;
  clear(baseUrl: string): Promise<boolean>;
}

export const maskKey = (key: string): string => (key.length <= 8 ? '••••' : `••••${key.slice(-4)}`);

/** Normalises the account name so "https://x/" and "https://x" are one entry. */
export function keychainAccount(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Error(`not a valid base URL: "${baseUrl}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`base URL must be http(s): "${baseUrl}"`);
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
}

async function withTimeout<T>(p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('keychain request timed out')), KEYCHAIN_TIMEOUT_MS);
  });
  try {
    return await Promise.race([p, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function createKeychain(load: () => Promise<Keytar> = loadKeytar): Keychain {
  let keytar: Promise<Keytar> | undefined;
  const call = async <T>(f: (k: Keytar) => Promise<T>): Promise<T> => {
    try {
      keytar ??= load();
      return await withTimeout(f(await keytar));
    } catch (err) {
      keytar = undefined;
      throw new KeychainUnavailableError(err instanceof Error ? err.message : String(err));
    }
  };
  return {
    get: (baseUrl) => call((k) => k.getPassword(KEYCHAIN_SERVICE, keychainAccount(baseUrl))),
    set: (baseUrl, key) => {
      if (!key.trim()) return Promise.reject(new Error('the API key is empty'));
      return call((k) => k.setPassword(KEYCHAIN_SERVICE, keychainAccount(baseUrl), key.trim()));
    },
    clear: (baseUrl) => call((k) => k.deletePassword(KEYCHAIN_SERVICE, keychainAccount(baseUrl))),
  };
}

async function loadKeytar(): Promise<Keytar> {
  const mod = (await import('keytar')) as unknown as Keytar & { default?: Keytar };
  return mod.default ?? mod;
}

/** `WATCHFLOOR_API_KEY`, when set, wins (headless machines); else the keychain entry. */
export async function resolveApiKey(
  baseUrl: string,
  keychain: Keychain,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ key: string; source: 'env' | 'keychain' } | null> {
  const fromEnv = env.WATCHFLOOR_API_KEY?.trim();
  if (fromEnv) return { key: fromEnv, source: 'env' };
  const stored = await keychain.get(baseUrl);
  return stored ? { key: stored, source: 'keychain' } : null;
}

export async function keyStatus(
  baseUrl: string,
  keychain: Keychain,
  env: NodeJS.ProcessEnv = process.env,
): Promise<KeyStatus> {
  const found = await resolveApiKey(baseUrl, keychain, env);
  return found
    ? { set: true, hint: maskKey(found.key), source: found.source }
    : { set: false, hint: null, source: null };
}
