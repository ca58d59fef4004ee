// Who main listens to, where the window may go, what may open: the real electron/main.ts
// against the stand-in. The app's own frame is answered; a frame from elsewhere, a subframe,
// another window and devtools are refused before the dispatcher; navigation leaves
// app://watchfloor never; a new window never opens (an http(s) link goes to the system
// browser, a file: link nowhere); no webview attaches; no permission is granted.
import { afterEach, describe, expect, it } from 'vitest';
import { APP_ENTRY_URL } from '../../electron/hosts-common/app-trust';
import { launchApp, until, type LaunchedApp } from './launch';

let app: LaunchedApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const REFUSED = { ok: false, error: { code: 'forbidden', message: 'untrusted sender' } };

/** A contract call from a frame that has no bridge (what a page there could send). */
const externalOpenFrom = (a: LaunchedApp, frame: Parameters<LaunchedApp['h']['invokeFrom']>[0]) =>
  a.h.invokeFrom(frame, 'external.open', { url: 'https://evil.example/from-an-untrusted-frame' });

describe('the IPC sender', () => {
  it('answers the app’s own frame: app://watchfloor/index.html in the main window', async () => {
    app = await launchApp();
    const frame = app.win().webContents.mainFrame;
    // What Electron gives for the app's page (a scheme registered standard).
    expect(frame.url).toBe('app://watchfloor/index.html');
    expect(frame.origin).toBe('app://watchfloor');
    await expect(app.bridge()['app.info']({})).resolves.toMatchObject({ transport: 'electron' });
    // And through the same door a page of elsewhere would use.
    await expect(app.h.invokeFrom(frame, 'app.info', {})).resolves.toMatchObject({ ok: true });
  });

  it('refuses the main frame when it shows a page from elsewhere, and the call reaches no handler', async () => {
    app = await launchApp();
    const frame = app.win().webContents.mainFrame;
    for (const url of [
      'app://evil/index.html',
      'app://watchfloor.evil/index.html',
      'http://127.0.0.1:8080/index.html',
      'file:///tmp/index.html',
    ]) {
      frame.commit(url);
      expect(await externalOpenFrom(app, frame), url).toEqual(REFUSED);
    }
    // external.open would have reached shell.openExternal had the dispatcher run.
    expect(app.h.openedExternally).toEqual([]);
  });

  it('refuses a subframe of the window, even one showing the app’s own page', async () => {
    app = await launchApp();
    const main = app.win().webContents.mainFrame;
    const ours = app.h.addSubframe(main, APP_ENTRY_URL);
    const theirs = app.h.addSubframe(main, 'https://evil.example/frame.html');
    expect(await externalOpenFrom(app, ours)).toEqual(REFUSED);
    expect(await externalOpenFrom(app, theirs)).toEqual(REFUSED);
    expect(app.h.openedExternally).toEqual([]);
  });

  it('refuses another window on the app’s page, and a devtools page', async () => {
    app = await launchApp();
    const { BrowserWindow } = app.electron;
    const other = new BrowserWindow({ show: false, webPreferences: app.win().webContents.webPreferences });
    await other.loadURL(APP_ENTRY_URL);
    expect(other.webContents.mainFrame.url).toBe(APP_ENTRY_URL);
    expect(await externalOpenFrom(app, other.webContents.mainFrame)).toEqual(REFUSED);
    // Its preload's bridge is the same table, and still refused.
    const otherBridge = app.h.mainWorld(other.webContents.mainFrame).watchfloor as {
      'app.info': (i: object) => Promise<unknown>;
    };
    await expect(otherBridge['app.info']({})).rejects.toThrow('untrusted sender');

    const devtools = new BrowserWindow({ show: false });
    devtools.webContents.mainFrame.commit('devtools://devtools/bundled/devtools_app.html');
    expect(await externalOpenFrom(app, devtools.webContents.mainFrame)).toEqual(REFUSED);
    expect(app.h.openedExternally).toEqual([]);
    other.destroy();
    devtools.destroy();
  });
});

describe('navigation', () => {
  it('prevents https:, file: and other app hosts; lets the window move within app://watchfloor', async () => {
    app = await launchApp();
    const contents = app.win().webContents;
    for (const url of [
      'https://evil.example/',
      'http://127.0.0.1:5173/',
      'file:///etc/passwd',
      'app://evil/index.html',
      'app://watchfloor.evil/index.html',
      'devtools://devtools/bundled/devtools_app.html',
    ]) {
      expect(await app.h.navigate(contents, url), url).toBe(false);
      expect(app.h.redirect(contents, url), url).toBe(false);
    }
    expect(contents.getURL()).toBe(APP_ENTRY_URL);
    expect(app.h.redirect(contents, 'app://watchfloor/index.html?view=map')).toBe(true);
    expect(await app.h.navigate(contents, 'app://watchfloor/index.html?view=map')).toBe(true);
    expect(contents.getURL()).toBe('app://watchfloor/index.html?view=map');
    // The page that loaded there is still the app's: the bridge answers.
    await expect(app.bridge()['app.info']({})).resolves.toMatchObject({ transport: 'electron' });
  });

  it('guards every WebContents main creates, not only the first window', async () => {
    app = await launchApp();
    const other = new app.electron.BrowserWindow({ show: false });
    expect(await app.h.navigate(other.webContents, 'https://evil.example/')).toBe(false);
    expect(app.h.openWindow(other.webContents, 'https://example.com/')).toEqual({ action: 'deny' });
    expect(app.h.attachWebview(other.webContents)).toBe(false);
    other.destroy();
  });
});

describe('new windows, webviews, permissions', () => {
  it('denies every window-open; an http(s) link opens in the system browser, a file: link nowhere', async () => {
    app = await launchApp();
    const contents = app.win().webContents;
    for (const url of [
      'https://example.com/source?id=1',
      'http://example.org/',
      'file:///etc/passwd',
      'app://watchfloor/index.html',
      'javascript:alert(1)',
      'smb://fileserver/share',
    ])
      expect(app.h.openWindow(contents, url), url).toEqual({ action: 'deny' });
    await until('the two links to open', () => app!.h.openedExternally.length === 2);
    // Give any wrong third call the same time to arrive.
    await new Promise((r) => setTimeout(r, 100));
    expect(app.h.openedExternally).toEqual(['https://example.com/source?id=1', 'http://example.org/']);
    expect(app.h.windows()).toHaveLength(1);
  });

  it('opens an http(s) link the window asks for (external.open), and refuses a file: one', async () => {
    app = await launchApp();
    await expect(app.bridge()['external.open']({ url: 'https://example.com/a' })).resolves.toEqual({
      opened: true,
    });
    await expect(app.bridge()['external.open']({ url: 'file:///etc/passwd' })).rejects.toThrow(
      /external\.open: url/,
    );
    expect(app.h.openedExternally).toEqual(['https://example.com/a']);
  });

  it('attaches no webview and grants no permission', async () => {
    app = await launchApp();
    const contents = app.win().webContents;
    expect(app.h.attachWebview(contents)).toBe(false);
    for (const permission of ['geolocation', 'notifications', 'media', 'clipboard-read', 'openExternal']) {
      expect(await app.h.requestPermission(contents, permission), permission).toBe(false);
      expect(app.h.checkPermission(contents, permission), permission).toBe(false);
    }
  });
});
