// Electron main process: windows, menus, lifecycle — kept thin. The services (contract
// handlers, keychain, cache, sync) live beside it and take Electron capabilities as
// arguments, so the CLI, `serve` and tests run the very same code. docs/security.md maps
// every item of Electron's security checklist to the lines below.
import {
  app,
  BrowserWindow,
  ipcMain,
  Menu,
  powerMonitor,
  protocol,
  session,
  shell,
  type WebContents,
} from 'electron';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { channels, type AppNotification } from '../shared/contract';
import { PUSH_PREFIX } from './contract/bridge';
import { createAppServices } from './contract/services';
import { createDesktopNotifier } from './adapters/notifier';
import { createSaveChooser, electronPdfPrinter } from './adapters/report-export';
import {
  APP_ENTRY_URL,
  APP_SCHEME,
  appRequestPath,
  externalLink,
  isAllowedNavigation,
  isTrustedSender,
} from './hosts-common/app-trust';
import { rendererFile, rendererHeaders } from './hosts-common/renderer-files';
import { createWindowDelivery } from './notify/delivery';
import { packageRoot, resolveDbPath, userDataDir } from './paths';
import { readSettings, settingsFileIn } from './settings';

/** How long a quit waits for the cache and the sync to close. */
const QUIT_WAIT_MS = 15_000;
const root = packageRoot(import.meta.dirname);
const rendererDir = path.join(root, 'dist', 'renderer');

// Checklist 18: a custom, standard, secure scheme instead of file://.
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let mainWindow: BrowserWindow | null = null;
  const dbPath = resolveDbPath(undefined);
  const settingsFile = settingsFileIn(userDataDir());
  const log = (line: string) => console.error(line);

  const sendToWindows = (event: string, payload: unknown) => {
    for (const win of BrowserWindow.getAllWindows()) win.webContents.send(PUSH_PREFIX + event, payload);
  };
  // Each notification reaches the window once: when it is raised, or (a coalesced summary the
  // window never got) when its desktop toast is clicked.
  const delivery = createWindowDelivery((n) => sendToWindows('notification', n));
  const bringForward = () => {
    if (!mainWindow) return false;
    if (mainWindow.isMinimized()) mainWindow.restore();
    if (!mainWindow.isVisible()) mainWindow.show();
    mainWindow.focus();
    return true;
  };
  const notify = createDesktopNotifier((n: AppNotification) => {
    if (bringForward()) delivery.clicked(n);
  });
  const services = createAppServices({
    transport: 'electron',
    dbPath,
    settingsFile,
    // Background sync's coalesced notifications go to the desktop.
    desktop: notify,
    // Export asks where to save, and prints a PDF with Electron's own Chromium.
    reports: { chooseSavePath: createSaveChooser(() => mainWindow), printPdf: electronPdfPrinter },
    log,
    // Checklist 15: only parsed http(s) URLs (the contract row validated it already).
    openExternal: async (url) => {
      const link = externalLink(url);
      if (!link) throw new Error('only http(s) links open');
      await shell.openExternal(link);
    },
  });
  const openExternal = async (url: string) => {
    await services.dispatch('external.open', { url });
  };

  // Push events to every window.
  services.bus.subscribe((event, payload) => {
    if (event === 'notification') delivery.pushed(payload as AppNotification);
    else sendToWindows(event, payload);
  });

  // Checklist 17: every IPC message comes from our own page in the main frame of our window
  // (hosts-common/app-trust.ts: not a subframe, not another window, not another page).
  for (const channel of channels) {
    ipcMain.handle(channel, (event, input: unknown) =>
      isTrustedSender(event.senderFrame, mainWindow?.webContents.mainFrame)
        ? services.dispatch(channel, input)
        : { ok: false, error: { code: 'forbidden', message: 'untrusted sender' } },
    );
  }

  // Checklist 13, 14, 11/12: no navigation away, no new windows, no webviews, for every WebContents.
  app.on('web-contents-created', (_e, contents: WebContents) => {
    contents.on('will-navigate', (event) => {
      if (!isAllowedNavigation(event.url)) event.preventDefault();
    });
    contents.on('will-redirect', (event) => {
      if (!isAllowedNavigation(event.url)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      // Source links in threads open in the system browser, through the same check.
      void openExternal(url).catch(() => undefined);
      return { action: 'deny' };
    });
  });

  const createWindow = () => {
    mainWindow = new BrowserWindow({
      width: 1440,
      height: 900,
      minWidth: 960,
      minHeight: 600,
      title: 'Watchfloor',
      show: false,
      webPreferences: {
        preload: path.join(import.meta.dirname, 'preload.cjs'),
        contextIsolation: true, // checklist 3
        sandbox: true, // checklist 4
        nodeIntegration: false, // checklist 2
        nodeIntegrationInWorker: false,
        webSecurity: true, // checklist 6
        allowRunningInsecureContent: false, // checklist 8
        experimentalFeatures: false, // checklist 9
        webviewTag: false,
        navigateOnDragDrop: false,
        spellcheck: false,
      },
    });
    mainWindow.once('ready-to-show', () => mainWindow?.show());
    // A window that loads after the link last changed starts from the current state (serve
    // sends it when the event stream opens; sync.status carries it too).
    mainWindow.webContents.on('did-finish-load', () => {
      const link = services.bus.latest('link.status');
      if (link) mainWindow?.webContents.send(PUSH_PREFIX + 'link.status', link);
    });
    mainWindow.on('closed', () => (mainWindow = null));
    void mainWindow.loadURL(APP_ENTRY_URL);
  };

  app.on('second-instance', () => void bringForward());

  void app.whenReady().then(() => {
    // Checklist 7: the CSP travels as a header on every renderer file.
    protocol.handle(APP_SCHEME, async (request) => {
      const pathname = appRequestPath(request.url);
      const file = pathname === null ? null : rendererFile(rendererDir, pathname);
      if (!file) return new Response('not found', { status: 404 });
      try {
        return new Response(await readFile(file), { headers: rendererHeaders(file) });
      } catch {
        return new Response('not found', { status: 404 });
      }
    });
    // Checklist 5: the window asks for nothing (camera, geolocation, notifications are main's).
    session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
    session.defaultSession.setPermissionCheckHandler(() => false);
    Menu.setApplicationMenu(buildMenu());
    createWindow();
    const settings = readSettings(settingsFile);
    const baseUrl = process.env.WATCHFLOOR_BASE_URL || settings.baseUrl;
    // No service yet: the window offers the first-run choice (a service and key, or demo).
    if (baseUrl)
      void services.accounts
        .connect(baseUrl, settings.profile, { insecureHttp: settings.insecureHttp })
        .catch((e: unknown) => log(String(e)));
    // Sync on resume from sleep (the scheduler also runs on start and on its interval).
    powerMonitor.on('resume', () => services.accounts.current()?.runtime.scheduler.resumed());
  });
  // Electron ends the process as soon as the before-quit handlers return, so the first quit is
  // held until the services have closed (the sync stopped, the cache writer's thread ended, the
  // cache closed), then made again. A close that hangs does not keep the app from quitting.
  let closed = false;
  let closing: Promise<void> | null = null;
  app.on('before-quit', (event) => {
    if (closed) return;
    event.preventDefault();
    closing ??= Promise.race([
      services.close(),
      new Promise<void>((_, reject) =>
        setTimeout(
          () => reject(new Error(`still closing after ${QUIT_WAIT_MS / 1000} s`)),
          QUIT_WAIT_MS,
        ).unref(),
      ),
    ])
      .catch((e: unknown) => log(`on quit: ${e instanceof Error ? e.message : String(e)}`))
      .finally(() => {
        closed = true;
        app.quit();
      });
  });

  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}

function buildMenu(): Menu {
  const isMac = process.platform === 'darwin';
  return Menu.buildFromTemplate([
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    { label: '&File', submenu: [isMac ? { role: 'close' as const } : { role: 'quit' as const }] },
    { role: 'editMenu' },
    {
      label: '&View',
      submenu: [
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
        ...(app.isPackaged ? [] : [{ role: 'toggleDevTools' as const }]),
      ],
    },
    { role: 'windowMenu' },
  ]);
}
