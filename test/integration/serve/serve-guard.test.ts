// `watchfloor serve` refuses what a local app server must refuse: no secret, another Host (DNS
// rebinding), another Origin, a body over the limit, a malformed path; and works with it. The
// secret travels in the URL's fragment and a header, never a cookie.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServeProcess, type ServeProcess } from '../../helpers/serve';

let serve: ServeProcess;
beforeAll(async () => {
  serve = await startServeProcess([], { ...process.env, WATCHFLOOR_BASE_URL: '' });
});
afterAll(() => serve?.stop());

/** Raw request, so the test controls the Host header (fetch does not allow it). */
function raw(
  pathName: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const { port } = new URL(serve.origin);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: pathName, method: opts.method ?? 'GET', headers: opts.headers },
      (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

const call = (channel: string, input: unknown, headers: Record<string, string> = {}) =>
  raw(`/api/contract/${channel}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Watchfloor-Token': serve.secret, ...headers },
    body: JSON.stringify(input),
  });

describe('watchfloor serve', () => {
  it('listens on 127.0.0.1 and prints one URL carrying a fresh secret', async () => {
    expect(serve.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(serve.secret.length).toBeGreaterThanOrEqual(32);
    const other = await startServeProcess();
    try {
      expect(other.secret).not.toBe(serve.secret);
    } finally {
      await other.stop();
    }
  });

  it('prints the secret in the fragment, which a browser never sends', () => {
    expect(serve.url).toBe(`${serve.origin}/#token=${serve.secret}`);
  });

  it('refuses every call and the event stream without the secret (401); the files are the app, not data', async () => {
    expect((await raw('/api/events')).status).toBe(401);
    expect((await raw('/api/events', { headers: { Cookie: `wf_token=${serve.secret}` } })).status).toBe(401);
    expect((await call('app.info', {}, { 'X-Watchfloor-Token': 'wrong' })).status).toBe(401);
    const noSecret = await raw('/api/contract/app.info', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(noSecret.status).toBe(401);
    // A secret in a cookie is no secret: browsers send a host's cookies to every port on it.
    const cookie = await raw('/api/contract/app.info', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: `wf_token=${serve.secret}` },
      body: '{}',
    });
    expect(cookie.status).toBe(401);
    const page = await raw('/');
    expect(page.status).toBe(200);
    expect(page.headers['set-cookie']).toBeUndefined();
  });

  it('refuses another Host even with the secret (DNS rebinding)', async () => {
    const res = await call('app.info', {}, { Host: 'evil.example:80' });
    expect(res.status).toBe(403);
  });

  it('refuses a call from another Origin and sends no CORS headers', async () => {
    const res = await call('app.info', {}, { Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    const ok = await call('app.info', {});
    expect(ok.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves the UI with a CSP, and sets no cookie', async () => {
    const page = await raw('/');
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.body).toContain('<div id="root">');
  });

  it('answers a window opened as localhost: as one opened as 127.0.0.1', async () => {
    const { port } = new URL(serve.origin);
    const res = await call('app.info', {}, { Host: `localhost:${port}`, Origin: `http://localhost:${port}` });
    expect(res.status).toBe(200);
  });

  it('answers bad requests with their own status, never a 500', async () => {
    const tooLarge = await raw('/api/contract/app.info', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Watchfloor-Token': serve.secret },
      body: JSON.stringify({ pad: 'x'.repeat(2 << 20) }),
    });
    expect(tooLarge.status).toBe(413);
    expect((await call('app%zz.info', {})).status).toBe(400);
    expect((await raw('/%E0%A4%A')).status).toBe(400);
    expect((await raw('/no-such-file.js')).status).toBe(404);
    expect((await raw('/api/no-such-path', { headers: { 'X-Watchfloor-Token': serve.secret } })).status).toBe(
      404,
    );
    // Understood but refused (no service is configured): said in words, 422.
    const refused = await call('signals.get', { id: '00000000-0000-4000-8000-000000000000' });
    expect(refused.status).toBe(422);
    expect(JSON.parse(refused.body)).toMatchObject({ ok: false, error: { message: /no service/ } });
  });

  it('answers the contract with the secret, and validates input', async () => {
    const info = await call('app.info', {});
    expect(info.status).toBe(200);
    expect(JSON.parse(info.body)).toMatchObject({
      ok: true,
      result: { transport: 'serve', mode: 'offline' },
    });
    const bad = await call('notifications.list', { limit: 'many' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect((await call('no.such.call', {})).status).toBe(404);
    const notJson = await raw('/api/contract/app.info', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Watchfloor-Token': serve.secret },
      body: '{not json',
    });
    expect(notJson.status).toBe(400);
  });

  it('streams push events over SSE', async () => {
    const res = await fetch(`${serve.origin}/api/events`, {
      headers: { 'X-Watchfloor-Token': serve.secret },
    });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('event: link.status'))
      text += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    // It opens by saying how many cache changes were pushed so far, then the link's state.
    expect(text).toMatch(
      /^event: hello\ndata: \{"changes":\d+\}\n\nevent: link\.status\ndata: \{"online":false/,
    );
  });

  it('says with each answer how many cache changes had been pushed when it was asked', async () => {
    const res = await fetch(`${serve.origin}/api/contract/app.info`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Watchfloor-Token': serve.secret },
      body: '{}',
    });
    expect(res.headers.get('x-watchfloor-changes')).toMatch(/^\d+$/);
  });
});
