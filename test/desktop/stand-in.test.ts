// The stand-in stays faithful to Electron where main, the preload and the adapters touch it:
// it exports every name they import from `electron`, its members have Electron's own types
// (checked by tsc against node_modules/electron/electron.d.ts below), it gives Chromium's URLs
// and origins for a standard scheme, and the preload that ships needs nothing a sandboxed
// preload cannot require.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/cli';
import { launchApp, type LaunchedApp } from './launch';

let app: LaunchedApp;
beforeAll(async () => {
  app = await launchApp();
});
afterAll(async () => app?.close());

/** The names a file imports from 'electron' (values and types). */
function electronImports(file: string): string[] {
  const source = readFileSync(path.join(repoRoot, file), 'utf8');
  const names: string[] = [];
  for (const m of source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'electron'/g))
    for (const part of m[1]!.split(',')) {
      const name = part.trim().replace(/^type\s+/, '');
      if (name) names.push(name);
    }
  return names;
}

const users = [
  'electron/main.ts',
  'electron/preload.ts',
  ...readdirSync(path.join(repoRoot, 'electron/adapters')).map((f) => `electron/adapters/${f}`),
];

describe('the stand-in for electron', () => {
  it.each(users)('exports every name %s imports from electron', (file) => {
    const exported = app.electron as unknown as Record<string, unknown>;
    for (const name of electronImports(file))
      expect(Object.hasOwn(exported, name), `${file}: ${name}`).toBe(true);
  });

  it('gives a standard scheme’s URL and origin as Chromium does, and Node’s "null" for others', () => {
    const { chromiumUrl, chromiumOrigin } = app.electron;
    expect(chromiumUrl('APP://WatchFloor/a/../index.html')).toBe('app://watchfloor/index.html');
    expect(chromiumUrl('app://watchfloor')).toBe('app://watchfloor/');
    expect(chromiumUrl('app://watchfloor:80/x')).toBe('app://watchfloor:80/x');
    expect(chromiumOrigin('app://watchfloor/index.html')).toBe('app://watchfloor');
    expect(chromiumOrigin('https://example.com/a')).toBe('https://example.com');
    expect(chromiumOrigin('file:///tmp/report.html')).toBe('file://');
    // A scheme nobody registered stays opaque, as it would in Chromium.
    expect(chromiumOrigin('other://watchfloor/index.html')).toBe('null');
    expect(chromiumOrigin('')).toBe('null');
  });

  it('clones what crosses IPC, and keeps only an error’s message across the context bridge', async () => {
    const frame = app.win().webContents.mainFrame;
    await expect(app.h.invokeFrom(frame, 'app.info', { f: () => 1 })).rejects.toThrow(/could not be cloned/);
    const bridge = app.bridge() as unknown as Record<string, (i: unknown) => Promise<unknown>>;
    const err = await bridge['key.set']!({}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(Object.keys(err as object)).toEqual([]); // the bridge's `code` did not cross
  });

  it('ships a preload that requires only electron (what a sandboxed preload may require)', () => {
    const bundle = readFileSync(path.join(repoRoot, 'dist/electron/preload.cjs'), 'utf8');
    const required = new Set([...bundle.matchAll(/\brequire\(["']([^"']+)["']\)/g)].map((m) => m[1]));
    expect([...required]).toEqual(['electron']);
  });
});

// Compile-time: the members main, the preload and the adapters use have Electron's own types.
// (tsc checks these assignments against node_modules/electron/electron.d.ts; nothing runs.)
export function typesMatchElectron(e: LaunchedApp['electron']): void {
  const win = new e.BrowserWindow();
  const checks: unknown[] = [
    e.app.getPath satisfies Electron.App['getPath'],
    e.app.whenReady satisfies Electron.App['whenReady'],
    e.app.requestSingleInstanceLock satisfies Electron.App['requestSingleInstanceLock'],
    e.app.quit satisfies Electron.App['quit'],
    e.app.setAppUserModelId satisfies Electron.App['setAppUserModelId'],
    e.app.isPackaged satisfies Electron.App['isPackaged'],
    win.isMinimized satisfies Electron.BrowserWindow['isMinimized'],
    win.restore satisfies Electron.BrowserWindow['restore'],
    win.focus satisfies Electron.BrowserWindow['focus'],
    win.show satisfies Electron.BrowserWindow['show'],
    win.isVisible satisfies Electron.BrowserWindow['isVisible'],
    win.destroy satisfies Electron.BrowserWindow['destroy'],
    win.loadURL satisfies Electron.BrowserWindow['loadURL'],
    win.loadFile satisfies Electron.BrowserWindow['loadFile'],
    e.BrowserWindow.getAllWindows satisfies () => { webContents: { send: Electron.WebContents['send'] } }[],
    win.webContents.send satisfies Electron.WebContents['send'],
    win.webContents.setWindowOpenHandler satisfies Electron.WebContents['setWindowOpenHandler'],
    win.webContents.printToPDF satisfies Electron.WebContents['printToPDF'],
    win.webContents.mainFrame.url satisfies Electron.WebFrameMain['url'],
    win.webContents.mainFrame.processId satisfies Electron.WebFrameMain['processId'],
    win.webContents.mainFrame.routingId satisfies Electron.WebFrameMain['routingId'],
    win.webContents.mainFrame.origin satisfies Electron.WebFrameMain['origin'],
    e.ipcMain.handle satisfies (
      channel: string,
      listener: (event: Electron.IpcMainInvokeEvent, input: unknown) => unknown,
    ) => void,
    e.contextBridge.exposeInMainWorld satisfies Electron.ContextBridge['exposeInMainWorld'],
    e.protocol.registerSchemesAsPrivileged satisfies Electron.Protocol['registerSchemesAsPrivileged'],
    e.protocol.handle satisfies Electron.Protocol['handle'],
    e.session.fromPartition satisfies (partition: string) => {
      webRequest: { onBeforeRequest: Electron.WebRequest['onBeforeRequest'] };
    },
    e.session.defaultSession
      .setPermissionRequestHandler satisfies Electron.Session['setPermissionRequestHandler'],
    e.session.defaultSession
      .setPermissionCheckHandler satisfies Electron.Session['setPermissionCheckHandler'],
    e.shell.openExternal satisfies Electron.Shell['openExternal'],
    e.dialog.showSaveDialog satisfies (
      window: Electron.BrowserWindow,
      options: Electron.SaveDialogOptions,
    ) => Promise<Electron.SaveDialogReturnValue>,
    e.Notification.isSupported satisfies typeof Electron.Notification.isSupported,
    e.Menu.buildFromTemplate satisfies (template: Electron.MenuItemConstructorOptions[]) => unknown,
  ];
  void checks;
}
