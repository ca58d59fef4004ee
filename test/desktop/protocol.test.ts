// The app:// handler main registers: dist/renderer's files, each with the CSP as a header
// (Electron security checklist 7), and nothing else — another host, a path leaving the folder,
// a file that is not there: 404. Requests arrive as Chromium makes them for a scheme registered
// standard (the stand-in canonicalises them so: lower-case host, dot segments resolved).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDERER_CSP } from '../../electron/hosts-common/renderer-files';
import { repoRoot } from '../helpers/cli';
import { launchApp, type LaunchedApp } from './launch';

let app: LaunchedApp;
beforeAll(async () => {
  app = await launchApp();
});
afterAll(async () => app?.close());

const get = async (url: string) => {
  const res = await app.h.requestApp(url);
  if (!res) throw new Error(`no handler answered ${url}`);
  return res;
};

describe('the app:// protocol handler', () => {
  it('registers app: as a standard, secure scheme before ready', () => {
    expect(app.h.protocolPrivileges('app')).toMatchObject({ standard: true, secure: true });
  });

  it('loaded the window’s page from dist/renderer with the CSP header', async () => {
    const page = app.h.pageResponse(app.win().webContents);
    expect(page?.status).toBe(200);
    expect(page?.headers.get('content-security-policy')).toBe(RENDERER_CSP);
    expect(page?.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('serves index.html and its assets, each with the CSP, its type and nosniff', async () => {
    const html = readFileSync(path.join(repoRoot, 'dist/renderer/index.html'), 'utf8');
    const index = await get('app://watchfloor/index.html');
    expect(index.status).toBe(200);
    expect(await index.text()).toBe(html);
    const assets = [...html.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
    for (const asset of assets) {
      const res = await get(`app://watchfloor/${asset}`);
      expect(res.status, asset).toBe(200);
      expect(res.headers.get('content-security-policy'), asset).toBe(RENDERER_CSP);
      expect(res.headers.get('x-content-type-options'), asset).toBe('nosniff');
      if (asset.endsWith('.js'))
        expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      if (asset.endsWith('.css')) expect(res.headers.get('content-type')).toBe('text/css; charset=utf-8');
    }
    // "/" is the index.
    expect(await (await get('app://watchfloor/')).text()).toBe(html);
  });

  it.each([
    ['app://evil/index.html', 'another host'],
    ['app://watchfloor.evil/index.html', 'a host that starts like ours'],
    ['app://watchfloor:80/index.html', 'a port'],
    ['app://watchfloor/..%2F..%2Fpackage.json', 'an encoded path out of the folder'],
    ['app://watchfloor/assets/..%2F..%2F..%2Fpackage.json', 'an encoded path out from a subfolder'],
    ['app://watchfloor/%2e%2e/%2e%2e/package.json', 'dot segments (resolved to /package.json, not there)'],
    ['app://watchfloor/../../electron/main.ts', 'plain dot segments'],
    ['app://watchfloor/missing.js', 'a file that is not there'],
    ['app://watchfloor/assets/', 'a folder'],
    ['app://watchfloor/%E0%A4%A', 'a path that cannot be decoded'],
  ])('answers 404 for %s (%s)', async (url) => {
    const res = await get(url);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('not found');
  });

  it('never serves a URL with a user before the host (the request fails before any handler)', async () => {
    await expect(app.h.requestApp('app://user@watchfloor/index.html')).rejects.toThrow('net::ERR_FAILED');
  });

  it('serves an upper-case host as Chromium asks for it: lower-cased', async () => {
    expect((await get('APP://WATCHFLOOR/index.html')).status).toBe(200);
  });
});
