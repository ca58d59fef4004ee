// First run with no service configured: connect with a base URL and key (checked with a free
// call before it is kept; a refused key says so), or try the built-in demo (marked as demo).
import { useState, type FormEvent } from 'react';
import { isLoopbackHost } from '../../../shared/base-url';
import type { AppInfo, Profile } from '../../../shared/contract';
import { useSetupConnect, useSetupDemo } from '../data';

/** http:// to another machine: allowed only when the analyst ticks the box (shared/base-url.ts). */
function plainHttp(address: string): boolean {
  try {
    const u = new URL(address.trim());
    return u.protocol === 'http:' && !isLoopbackHost(u.hostname);
  } catch {
    return false;
  }
}

export function FirstRun({ onReady }: { onReady: (info: AppInfo) => void }) {
  const [baseUrl, setBaseUrl] = useState('');
  const [profile, setProfile] = useState<Profile>('main');
  const [key, setKey] = useState('');
  const [insecureHttp, setInsecureHttp] = useState(false);
  const [busy, setBusy] = useState<'connect' | 'demo' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const setupConnect = useSetupConnect();
  const setupDemo = useSetupDemo();

  const run = async (kind: 'connect' | 'demo', call: () => Promise<AppInfo>) => {
    setBusy(kind);
    setError(null);
    try {
      onReady(await call());
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
      // The key field is cleared either way: it is not kept in the window.
      setKey('');
    }
  };

  const connect = (e: FormEvent) => {
    e.preventDefault();
    void run('connect', () =>
      setupConnect.mutateAsync({
        baseUrl: baseUrl.trim(),
        profile,
        key: key.trim(),
        ...(plainHttp(baseUrl) ? { insecureHttp } : {}),
      }),
    );
  };

  return (
    <section data-testid="first-run" aria-labelledby="first-run-title" className="first-run">
      <h2 id="first-run-title">Connect Watchfloor</h2>
      <p>
        Enter your service address and API key. The key goes to your system keychain, never to this window
        again.
      </p>
      <form onSubmit={connect}>
        <label>
          Service address
          <input
            name="baseUrl"
            type="url"
            required
            placeholder="https://service.example"
            value={baseUrl}
            onChange={(e) => setBaseUrl(e.target.value)}
          />
        </label>
        <label>
          Profile
          <select name="profile" value={profile} onChange={(e) => setProfile(e.target.value as Profile)}>
            <option value="main">main (uuid ids, start/end dates)</option>
            <option value="alternate">alternate (integer ids, date + days, watches)</option>
          </select>
        </label>
        <label>
          API key
          <input
            name="key"
            type="password"
            autoComplete="off"
            required
            minLength={8}
            value={key}
            onChange={(e) => setKey(e.target.value)}
          />
        </label>
        {plainHttp(baseUrl) && (
          // Every call carries the key: over http:// to another machine anyone on the path reads it.
          <label className="first-run-insecure">
            <input
              name="insecureHttp"
              type="checkbox"
              checked={insecureHttp}
              onChange={(e) => setInsecureHttp(e.target.checked)}
            />
            Allow unencrypted http: the API key crosses the network in clear text (only for a link you trust)
          </label>
        )}
        <button type="submit" disabled={busy !== null}>
          {busy === 'connect' ? 'Checking the key…' : 'Connect'}
        </button>
      </form>
      <p>
        No key yet?{' '}
        <button
          type="button"
          disabled={busy !== null}
          onClick={() => void run('demo', () => setupDemo.mutateAsync({ profile }))}
        >
          {busy === 'demo' ? 'Starting the demo…' : 'Try the demo'}
        </button>{' '}
        (clearly marked demo data, nothing from the live service).
      </p>
      {error && (
        <p role="alert" data-testid="first-run-error">
          {error}
        </p>
      )}
    </section>
  );
}
