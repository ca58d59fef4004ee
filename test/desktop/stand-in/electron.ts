// A stand-in for the `electron` module, for tests only: the desktop project of vitest.config.ts
// aliases `electron` to this file, so the real electron/main.ts, preload.ts and adapters/ run
// against it. It is never shipped: the build keeps `electron` external and nothing outside
// test/ names this file. It gives the values Electron gives (docs/architecture.md, "The
// desktop app under test"):
//   - a frame's `url` in the canonical form Chromium gives it: a scheme registered `standard`
//     is parsed like http (lower-case host, a "/" path), so the app's own frame is
//     `app://watchfloor/index.html`; its `origin` is Chromium's (`app://watchfloor`), not Node's;
//   - IPC as Electron does it: `ipcRenderer.invoke` reaches `ipcMain.handle` with the frame the
//     preload runs in as `senderFrame`, arguments and answers structured-cloned, a handler's
//     error re-thrown as "Error invoking remote method …", a second handler refused;
//   - contextBridge copying across worlds: functions proxied, values copied, an Error crossing
//     keeps only its message (its custom properties are lost, as Electron's docs say);
//   - the app's lifecycle: `ready` after main's first tick (the harness emits it), `before-quit`
//     then the windows closing then `will-quit` and `quit`, after which the process is gone
//     (the harness runs its exit hooks there and then: nothing awaited later still runs);
//   - page loads through the custom protocol's handler and the session's webRequest, and
//     printToPDF printed by a real Chromium (./print.ts).
// Public shapes follow node_modules/electron/electron.d.ts (the types main.ts compiles against);
// `harness` is the only export Electron does not have: the test's side of the machine.
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { closePrinter, printPage } from './print';

type AnyFn = (...args: never[]) => unknown;

// ---------------------------------------------------------------- events and URLs

/** Electron's event object: `preventDefault` and `defaultPrevented`, plus the event's fields. */
export function makeEvent<P extends object>(params: P = {} as P): Electron.Event<P> {
  let prevented = false;
  const event = {
    ...params,
    preventDefault: () => {
      prevented = true;
    },
  };
  Object.defineProperty(event, 'defaultPrevented', { get: () => prevented, enumerable: true });
  return event as unknown as Electron.Event<P>;
}

const SPECIAL = new Set(['http:', 'https:', 'ws:', 'wss:', 'ftp:', 'file:']);
const privileged = new Map<string, Electron.Privileges>();
let schemesRegistered = false;

const isStandard = (scheme: string) => privileged.get(scheme)?.standard === true;

/** A standard scheme's URL parsed the way Chromium parses it: like http, keeping any port given. */
function standardParts(input: string) {
  const rest = input.slice(input.indexOf(':'));
  const asHttp = new URL(`http${rest}`);
  // http drops an explicit :80 and https :443; one of the two keeps any port that was given.
  const port = asHttp.port || new URL(`https${rest}`).port;
  const auth = asHttp.username ? `${asHttp.username}${asHttp.password ? `:${asHttp.password}` : ''}@` : '';
  return { host: `${asHttp.hostname}${port ? `:${port}` : ''}`, auth, asHttp };
}

/**
 * The URL as Chromium canonicalises it. A scheme registered `standard` is parsed like http:
 * lower-case host, dot segments resolved, an empty path made "/", an explicit port kept (such
 * a scheme has no default port). Node's URL parses it as an opaque non-special URL instead.
 */
export function chromiumUrl(input: string): string {
  const url = new URL(input);
  const scheme = url.protocol.slice(0, -1);
  if (SPECIAL.has(url.protocol) || !isStandard(scheme)) return url.href;
  const { host, auth, asHttp } = standardParts(input);
  return `${scheme}://${auth}${host}${asHttp.pathname}${asHttp.search}${asHttp.hash}`;
}

/** A frame's origin as Chromium serialises it (WebFrameMain.origin): "null" when opaque. */
export function chromiumOrigin(url: string): string {
  if (!url || !URL.canParse(url)) return 'null';
  const u = new URL(url);
  if (u.protocol === 'file:') return 'file://';
  if (SPECIAL.has(u.protocol)) return u.origin;
  if (!isStandard(u.protocol.slice(0, -1))) return 'null';
  return `${u.protocol}//${standardParts(url).host}`;
}

// ---------------------------------------------------------------- lifecycle state

const PRODUCT_NAME = 'Watchfloor';
let ready = false;
let resolveReady!: () => void;
const readyPromise = new Promise<void>((r) => (resolveReady = r));
let quitting = false;
let exitCode: number | null = null;
const exitHooks: ((code: number) => void)[] = [];
let resolveExited!: (code: number) => void;
const exitedPromise = new Promise<number>((r) => (resolveExited = r));
const config = { singleInstanceLock: true, notificationsSupported: true };

function assertAlive(what: string): void {
  if (exitCode !== null) throw new Error(`${what} after the app exited (the process would be gone)`);
}

function exitNow(code: number): void {
  if (exitCode !== null) return;
  exitCode = code;
  for (const hook of exitHooks) hook(code);
  resolveExited(code);
}

// ---------------------------------------------------------------- app

class App extends EventEmitter {
  readonly isPackaged = false;
  commandLine = { appendSwitch: () => {}, hasSwitch: () => false, getSwitchValue: () => '' };

  getName(): string {
    return PRODUCT_NAME;
  }
  getVersion(): string {
    return '0.1.0';
  }
  getAppPath(): string {
    return path.resolve(import.meta.dirname, '../../..');
  }
  isReady(): boolean {
    return ready;
  }
  whenReady(): Promise<void> {
    return readyPromise;
  }
  /** Linux's answers (Electron's `app.getPath` on Linux, from XDG and HOME as they are now). */
  getPath: Electron.App['getPath'] = (name) => {
    const home = process.env.HOME ?? os.homedir();
    const appData = process.env.XDG_CONFIG_HOME || path.join(home, '.config');
    const userData = path.join(appData, PRODUCT_NAME);
    const paths: Partial<Record<Parameters<Electron.App['getPath']>[0], string>> = {
      home,
      appData,
      userData,
      sessionData: userData,
      temp: os.tmpdir(),
      desktop: path.join(home, 'Desktop'),
      documents: path.join(home, 'Documents'),
      downloads: path.join(home, 'Downloads'),
      music: path.join(home, 'Music'),
      pictures: path.join(home, 'Pictures'),
      videos: path.join(home, 'Videos'),
      logs: path.join(userData, 'logs'),
      crashDumps: path.join(userData, 'Crashpad'),
      exe: process.execPath,
      module: process.execPath,
    };
    const found = paths[name];
    if (!found) throw new Error(`Failed to get '${name}' path`);
    return found;
  };
  requestSingleInstanceLock(): boolean {
    return config.singleInstanceLock;
  }
  setAppUserModelId(_id: string): void {}
  /**
   * Electron's quit: `before-quit` (a preventDefault stops it), every window closed (one that
   * refuses stops it), `will-quit` (likewise), `quit`, and the process ends. Nothing that
   * `before-quit` only started (a promise not awaited) runs after that.
   */
  quit(): void {
    if (exitCode !== null || quitting) return;
    const before = makeEvent();
    this.emit('before-quit', before);
    if (before.defaultPrevented) return;
    quitting = true;
    for (const win of [...windows]) {
      win.close();
      if (!win.isDestroyed()) {
        quitting = false;
        return;
      }
    }
    const will = makeEvent();
    this.emit('will-quit', will);
    if (will.defaultPrevented) {
      quitting = false;
      return;
    }
    this.emit('quit', makeEvent(), 0);
    exitNow(0);
  }
  exit(code = 0): void {
    for (const win of [...windows]) win.destroy();
    exitNow(code);
  }
  /** Called when the last window is destroyed. */
  allWindowsClosed(): void {
    if (quitting) return;
    if (this.listenerCount('window-all-closed') === 0) this.quit();
    else this.emit('window-all-closed', makeEvent());
  }
}

export const app = new App();

// ---------------------------------------------------------------- frames and IPC

let nextProcessId = 4100;
let nextRoutingId = 1;
let nextFrameTreeNodeId = 1;

/** The renderer side of one frame: its ipcRenderer and what its preload exposed. */
class RendererSide {
  readonly ipcRenderer: IpcRenderer;
  readonly mainWorld: Record<string, unknown> = {};
  constructor(readonly frame: WebFrameMain) {
    this.ipcRenderer = new IpcRenderer(frame);
  }
}

export class WebFrameMain extends EventEmitter {
  url = '';
  origin = 'null';
  name = '';
  detached = false;
  readonly frames: WebFrameMain[] = [];
  readonly processId: number;
  readonly routingId = nextRoutingId++;
  readonly frameTreeNodeId = nextFrameTreeNodeId++;
  readonly frameToken = `frame-${this.frameTreeNodeId}`;
  readonly visibilityState = 'visible';
  renderer: RendererSide;
  constructor(
    readonly contents: WebContents,
    readonly parent: WebFrameMain | null,
    processId: number,
  ) {
    super();
    this.processId = processId;
    this.renderer = new RendererSide(this);
  }
  get osProcessId(): number {
    return 90_000 + this.processId;
  }
  get top(): WebFrameMain {
    return this.parent ? this.parent.top : this;
  }
  get framesInSubtree(): WebFrameMain[] {
    return [this, ...this.frames.flatMap((f) => f.framesInSubtree)];
  }
  isDestroyed(): boolean {
    return this.detached || this.contents.isDestroyed();
  }
  /** A new document: new URL and origin, and a fresh renderer world (no listeners, no bridge). */
  commit(url: string): void {
    this.url = chromiumUrl(url);
    this.origin = chromiumOrigin(this.url);
    this.renderer = new RendererSide(this);
    for (const child of this.frames.splice(0)) child.detached = true;
  }
  /** webFrameMain.send: to this frame's renderer, asynchronously, structured-cloned. */
  send(channel: string, ...args: unknown[]): void {
    if (this.isDestroyed())
      throw new Error('Render frame was disposed before WebFrameMain could be accessed');
    const payload = structuredClone(args);
    const target = this.renderer;
    setImmediate(() => target.ipcRenderer.deliver(channel, payload));
  }
}

class IpcRenderer extends EventEmitter {
  constructor(private readonly frame: WebFrameMain) {
    super();
  }
  /** ipcRenderer.invoke: to ipcMain.handle, with this frame as the sender. */
  async invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    return ipcMain.invokeFrom(this.frame, channel, structuredClone(args));
  }
  send(channel: string, ...args: unknown[]): void {
    const payload = structuredClone(args);
    setImmediate(() => ipcMain.emit(channel, ipcMainEvent(this.frame), ...payload));
  }
  deliver(channel: string, args: unknown[]): void {
    const event: Electron.IpcRendererEvent = { sender: this as never, ports: [], senderId: 0 } as never;
    this.emit(channel, event, ...args);
  }
}

function ipcMainEvent(frame: WebFrameMain) {
  return makeEvent({
    type: 'frame' as const,
    sender: frame.contents,
    // Electron: null once the frame has navigated away or been destroyed.
    get senderFrame() {
      return frame.isDestroyed() ? null : frame;
    },
    frameId: frame.routingId,
    processId: frame.processId,
  });
}

class IpcMain extends EventEmitter {
  private readonly handlers = new Map<string, AnyFn>();
  handle(channel: string, listener: (event: Electron.IpcMainInvokeEvent, ...args: never[]) => unknown): void {
    if (this.handlers.has(channel))
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, listener as AnyFn);
  }
  handleOnce(
    channel: string,
    listener: (event: Electron.IpcMainInvokeEvent, ...args: never[]) => unknown,
  ): void {
    this.handle(channel, (event, ...args) => {
      this.removeHandler(channel);
      return (listener as AnyFn)(event as never, ...(args as never[]));
    });
  }
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }
  /** What Electron does with a frame's invoke: find the handler, call it, clone its answer. */
  async invokeFrom(frame: WebFrameMain, channel: string, args: unknown[]): Promise<unknown> {
    assertAlive('ipcRenderer.invoke');
    await new Promise((r) => setImmediate(r));
    const handler = this.handlers.get(channel);
    if (!handler)
      throw new Error(
        `Error invoking remote method '${channel}': Error: No handler registered for '${channel}'`,
      );
    try {
      return structuredClone(await handler(ipcMainEvent(frame) as never, ...(args as never[])));
    } catch (err) {
      // Electron sends only the text across; the cause stays here for the test's own reading.
      throw new Error(`Error invoking remote method '${channel}': ${String(err)}`, { cause: err });
    }
  }
}

export const ipcMain = new IpcMain();

/** Until a preload runs, the module's ipcRenderer belongs to no frame. */
const noRenderer = new Proxy({} as IpcRenderer, {
  get: () => {
    throw new Error('ipcRenderer is only available in a preload (a renderer)');
  },
});
// Reassigned while a preload runs (harness.runPreload): the preload's import binding is live,
// so each frame's preload captures that frame's ipcRenderer.
export let ipcRenderer: IpcRenderer = noRenderer;
let preloadFrame: WebFrameMain | null = null;

// ---------------------------------------------------------------- contextBridge

/** What crosses contextBridge (Electron's "Parameter / Error / Return Type support" table). */
function acrossWorlds(value: unknown, seen = new Map<object, unknown>()): unknown {
  if (typeof value === 'function')
    return (...args: unknown[]) => {
      const result = (value as (...a: unknown[]) => unknown)(...args.map((a) => acrossWorlds(a)));
      return acrossWorlds(result);
    };
  if (value instanceof Promise)
    return value.then(
      (v) => acrossWorlds(v),
      (e: unknown) => {
        throw acrossWorlds(e);
      },
    );
  // "Errors … any custom properties on the Error object will be lost".
  if (value instanceof Error) return new Error(value.message);
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return seen.get(value);
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    seen.set(value, out);
    for (const v of value) out.push(acrossWorlds(v, seen));
    return out;
  }
  if (value instanceof Date || value instanceof RegExp || ArrayBuffer.isView(value))
    return structuredClone(value);
  const out: Record<string, unknown> = {};
  seen.set(value, out);
  for (const [k, v] of Object.entries(value)) out[k] = acrossWorlds(v, seen);
  return out;
}

export const contextBridge = {
  exposeInMainWorld(apiKey: string, api: unknown): void {
    const frame = preloadFrame;
    if (!frame) throw new Error('contextBridge is only available in a preload');
    if (frame.contents.webPreferences.contextIsolation === false)
      throw new Error('contextBridge API can only be used when contextIsolation is enabled');
    if (Object.hasOwn(frame.renderer.mainWorld, apiKey))
      throw new Error(`Cannot bind an API on top of an existing property on the window object`);
    frame.renderer.mainWorld[apiKey] = acrossWorlds(api);
  },
};

// ---------------------------------------------------------------- sessions and protocols

type BeforeRequestListener = (
  details: Electron.OnBeforeRequestListenerDetails,
  callback: (response: Electron.CallbackResponse) => void,
) => void;

class WebRequest {
  beforeRequest: BeforeRequestListener | null = null;
  onBeforeRequest(a: unknown, b?: unknown): void {
    this.beforeRequest = (
      typeof a === 'function' || a === null ? a : (b ?? null)
    ) as BeforeRequestListener | null;
  }
}

let nextRequestId = 1;

class Session extends EventEmitter {
  readonly webRequest = new WebRequest();
  permissionRequestHandler: AnyFn | null = null;
  permissionCheckHandler: AnyFn | null = null;
  readonly protocolHandlers = new Map<string, (request: Request) => Response | Promise<Response>>();
  constructor(readonly partition: string) {
    super();
  }
  setPermissionRequestHandler(handler: Parameters<Electron.Session['setPermissionRequestHandler']>[0]): void {
    this.permissionRequestHandler = handler as AnyFn | null;
  }
  setPermissionCheckHandler(handler: Parameters<Electron.Session['setPermissionCheckHandler']>[0]): void {
    this.permissionCheckHandler = handler as AnyFn | null;
  }
  /** The session's webRequest decision for one request (no listener: let it through). */
  beforeRequest(
    details: Pick<Electron.OnBeforeRequestListenerDetails, 'url' | 'method' | 'resourceType'> & {
      webContents?: WebContents;
    },
  ): Promise<Electron.CallbackResponse> {
    const listener = this.webRequest.beforeRequest;
    if (!listener) return Promise.resolve({});
    return new Promise((resolve) =>
      listener(
        {
          id: nextRequestId++,
          referrer: '',
          timestamp: Date.now(),
          uploadData: [],
          ...(details.webContents
            ? { webContents: details.webContents as never, webContentsId: details.webContents.id }
            : {}),
          url: details.url,
          method: details.method,
          resourceType: details.resourceType,
        },
        resolve,
      ),
    );
  }
}

const partitions = new Map<string, Session>();
const defaultSession = new Session('');

export const session = {
  get defaultSession(): Session {
    if (!ready) throw new Error('session module can only be used when app is ready');
    return defaultSession;
  },
  /** The same Session for the same partition (Electron caches them). */
  fromPartition(partition: string, _options?: Electron.FromPartitionOptions): Session {
    if (!ready) throw new Error('session module can only be used when app is ready');
    if (partition === '') return defaultSession;
    let s = partitions.get(partition);
    if (!s) partitions.set(partition, (s = new Session(partition)));
    return s;
  },
};

export const protocol = {
  registerSchemesAsPrivileged(customSchemes: Electron.CustomScheme[]): void {
    if (ready) throw new Error('protocol.registerSchemesAsPrivileged should be called before app is ready');
    if (schemesRegistered) throw new Error('protocol.registerSchemesAsPrivileged can only be called once');
    schemesRegistered = true;
    for (const s of customSchemes) privileged.set(s.scheme, s.privileges ?? {});
  },
  handle(scheme: string, handler: (request: Request) => Response | Promise<Response>): void {
    if (!ready) throw new Error('protocol module can only be used when app is ready');
    if (defaultSession.protocolHandlers.has(scheme))
      throw new Error(`Failed to register protocol: ${scheme}`);
    defaultSession.protocolHandlers.set(scheme, handler);
  },
  unhandle(scheme: string): void {
    defaultSession.protocolHandlers.delete(scheme);
  },
  isProtocolHandled(scheme: string): boolean {
    return defaultSession.protocolHandlers.has(scheme);
  },
};

/** A request for `url` through the session's protocol handler, as Chromium makes it. */
async function throughProtocol(s: Session, url: string): Promise<Response | null> {
  const scheme = new URL(url).protocol.slice(0, -1);
  const handler = s.protocolHandlers.get(scheme);
  if (!handler) return null;
  let request: Request;
  try {
    // Electron hands the handler a fetch Request, which refuses some URLs (credentials in it).
    request = new Request(chromiumUrl(url));
  } catch (err) {
    throw new Error(`net::ERR_FAILED loading '${url}'`, { cause: err });
  }
  return handler(request);
}

// ---------------------------------------------------------------- web contents and windows

let nextContentsId = 1;

export class WebContents extends EventEmitter {
  readonly id = nextContentsId++;
  readonly mainFrame: WebFrameMain;
  readonly session: Session;
  windowOpenHandler: ((details: Electron.HandlerDetails) => Electron.WindowOpenHandlerResponse) | null = null;
  private destroyed = false;
  constructor(
    readonly webPreferences: Electron.WebPreferences,
    readonly owner: BrowserWindow | null,
  ) {
    super();
    this.session = (webPreferences.session as unknown as Session | undefined) ?? defaultSession;
    this.mainFrame = new WebFrameMain(this, null, nextProcessId++);
  }
  getURL(): string {
    return this.mainFrame.url;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.emit('destroyed');
  }
  /** webContents.send: to the main frame's renderer. */
  send(channel: string, ...args: unknown[]): void {
    if (this.destroyed) throw new Error('Object has been destroyed');
    this.mainFrame.send(channel, ...args);
  }
  setWindowOpenHandler(
    handler: (details: Electron.HandlerDetails) => Electron.WindowOpenHandlerResponse,
  ): void {
    this.windowOpenHandler = handler;
  }
  loadFile(filePath: string): Promise<void> {
    loadedFiles.push(path.resolve(filePath));
    return this.loadURL(pathToFileURL(path.resolve(filePath)).href);
  }
  /**
   * Loads a page (no will-navigate: Electron emits it only for navigations the page starts).
   * The request goes through the session's webRequest, then the scheme's protocol handler or
   * the file; on success the main frame commits the URL, the preload runs, and
   * dom-ready / did-finish-load follow.
   */
  async loadURL(url: string): Promise<void> {
    assertAlive('loadURL');
    if (this.destroyed) throw new Error('Object has been destroyed');
    const target = chromiumUrl(url);
    const decision = await this.session.beforeRequest({
      url: target,
      method: 'GET',
      resourceType: 'mainFrame',
      webContents: this,
    });
    if (decision.cancel) {
      this.emit('did-fail-load', makeEvent(), -20, 'ERR_BLOCKED_BY_CLIENT', target, true);
      throw new Error(`ERR_BLOCKED_BY_CLIENT (-20) loading '${url}'`);
    }
    const scheme = new URL(target).protocol;
    if (scheme === 'file:') {
      if (!existsSync(new URL(target))) {
        this.emit('did-fail-load', makeEvent(), -6, 'ERR_FILE_NOT_FOUND', target, true);
        throw new Error(`ERR_FILE_NOT_FOUND (-6) loading '${url}'`);
      }
    } else {
      const response = await throughProtocol(this.session, target);
      if (response) pageResponses.set(this, response);
    }
    this.mainFrame.commit(target);
    await runPreloadIn(this.mainFrame);
    this.emit('dom-ready', makeEvent());
    this.emit('did-finish-load', makeEvent());
    this.owner?.pageLoaded();
  }
  printToPDF(options: Electron.PrintToPDFOptions): Promise<Buffer> {
    printed.push({ contents: this, options });
    const s = this.session;
    return printPage({
      url: this.getURL(),
      javascript: this.webPreferences.javascript !== false,
      options,
      cancel: async (url, resourceType, method) =>
        (await s.beforeRequest({ url, method, resourceType: resourceType as never, webContents: this }))
          .cancel === true,
    });
  }
}

const windows: BrowserWindow[] = [];
let nextWindowId = 1;

export class BrowserWindow extends EventEmitter {
  static getAllWindows(): BrowserWindow[] {
    return [...windows];
  }
  static getFocusedWindow(): BrowserWindow | null {
    return windows.find((w) => w.isFocused()) ?? null;
  }
  static fromWebContents(contents: WebContents): BrowserWindow | null {
    return windows.find((w) => w.webContents === contents) ?? null;
  }
  readonly id = nextWindowId++;
  readonly webContents: WebContents;
  private minimized = false;
  private visible: boolean;
  private focused = false;
  private destroyed = false;
  private shownOnce = false;
  constructor(readonly options: Electron.BrowserWindowConstructorOptions = {}) {
    super();
    assertAlive('new BrowserWindow');
    if (!ready) throw new Error('Cannot create BrowserWindow before app is ready');
    this.visible = options.show !== false;
    this.webContents = new WebContents(options.webPreferences ?? {}, this);
    windows.push(this);
    app.emit('web-contents-created', makeEvent(), this.webContents);
    app.emit('browser-window-created', makeEvent(), this);
  }
  private alive(): void {
    if (this.destroyed) throw new TypeError('Object has been destroyed');
  }
  pageLoaded(): void {
    if (this.shownOnce) return;
    this.shownOnce = true;
    this.emit('ready-to-show', makeEvent());
  }
  isMinimized(): boolean {
    this.alive();
    return this.minimized;
  }
  minimize(): void {
    this.alive();
    this.minimized = true;
    this.focused = false;
    this.emit('minimize', makeEvent());
  }
  restore(): void {
    this.alive();
    this.minimized = false;
    this.visible = true;
    this.emit('restore', makeEvent());
  }
  focus(): void {
    this.alive();
    for (const w of windows) if (w !== this) w.focused = false;
    this.focused = true;
    this.emit('focus', makeEvent());
  }
  blur(): void {
    this.alive();
    this.focused = false;
  }
  isFocused(): boolean {
    return !this.destroyed && this.focused;
  }
  show(): void {
    this.alive();
    this.visible = true;
    this.minimized = false;
    this.focus();
    this.emit('show', makeEvent());
  }
  hide(): void {
    this.alive();
    this.visible = false;
  }
  isVisible(): boolean {
    return !this.destroyed && this.visible && !this.minimized;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  getTitle(): string {
    return this.options.title ?? PRODUCT_NAME;
  }
  loadURL(url: string): Promise<void> {
    this.alive();
    return this.webContents.loadURL(url);
  }
  loadFile(filePath: string): Promise<void> {
    this.alive();
    return this.webContents.loadFile(filePath);
  }
  /** Asks to close: `close` may be prevented; otherwise the window is destroyed. */
  close(): void {
    if (this.destroyed) return;
    const event = makeEvent();
    this.emit('close', event);
    if (!event.defaultPrevented) this.destroy();
  }
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    windows.splice(windows.indexOf(this), 1);
    this.webContents.destroy();
    this.emit('closed');
    if (windows.length === 0) app.allWindowsClosed();
  }
}

// ---------------------------------------------------------------- the rest of main's modules

export const shell = {
  openExternal(url: string, _options?: Electron.OpenExternalOptions): Promise<void> {
    openedExternally.push(url);
    return Promise.resolve();
  },
};

type SaveAnswer = (options: Electron.SaveDialogOptions) => Electron.SaveDialogReturnValue;
let saveAnswer: SaveAnswer = () => ({ canceled: true, filePath: '' });

export const dialog = {
  showSaveDialog(
    a: BrowserWindow | Electron.SaveDialogOptions,
    b?: Electron.SaveDialogOptions,
  ): Promise<Electron.SaveDialogReturnValue> {
    const window = a instanceof BrowserWindow ? a : null;
    const options = (a instanceof BrowserWindow ? b : a) ?? {};
    saveDialogs.push({ window, options });
    return Promise.resolve(saveAnswer(options));
  },
};

export class Notification extends EventEmitter {
  static isSupported(): boolean {
    return config.notificationsSupported;
  }
  readonly title: string;
  readonly body: string;
  readonly silent: boolean;
  constructor(readonly options: Electron.NotificationConstructorOptions = {}) {
    super();
    if (!ready) throw new Error('Notification cannot be used before the app is ready');
    this.title = options.title ?? '';
    this.body = options.body ?? '';
    this.silent = options.silent ?? false;
  }
  show(): void {
    notifications.push(this);
    this.emit('show', makeEvent());
  }
  close(): void {
    this.emit('close', makeEvent({ reason: 'unknown' as const }));
  }
}

interface MenuItemLike {
  role?: string;
  type?: string;
  label?: string;
  submenu?: MenuItemLike[] | Menu;
}

export class Menu {
  readonly items: MenuItemLike[];
  private constructor(items: MenuItemLike[]) {
    this.items = items;
  }
  static buildFromTemplate(template: Electron.MenuItemConstructorOptions[]): Menu {
    const check = (items: MenuItemLike[]): MenuItemLike[] =>
      items.map((item) => {
        if (!item.label && !item.role && !item.type && !item.submenu)
          throw new TypeError('Invalid template for MenuItem: must have at least one of label, role or type');
        return Array.isArray(item.submenu) ? { ...item, submenu: check(item.submenu) } : item;
      });
    return new Menu(check(template as MenuItemLike[]));
  }
  static setApplicationMenu(menu: Menu | null): void {
    applicationMenu.current = menu;
  }
  static getApplicationMenu(): Menu | null {
    return applicationMenu.current;
  }
}

export const powerMonitor = new EventEmitter();

// ---------------------------------------------------------------- the preload

/**
 * The source a preload path was built from: main names `<its folder>/preload.cjs`, which
 * scripts/build-node.mjs bundles from electron/preload.ts; run from source, that folder is
 * electron/ itself.
 */
function preloadSource(preload: string): string | null {
  if (!path.isAbsolute(preload)) return null;
  const besideIt = preload.replace(/\.cjs$/, '.ts');
  if (existsSync(besideIt)) return besideIt;
  const fromDist = path.join(app.getAppPath(), 'electron', path.basename(besideIt));
  return preload.startsWith(path.join(app.getAppPath(), 'dist', 'electron')) && existsSync(fromDist)
    ? fromDist
    : null;
}

let preloadQueue: Promise<unknown> = Promise.resolve();
let preloadRuns = 0;

/** Runs the window's preload in `frame` (a fresh instance of the module per frame). */
function runPreloadIn(frame: WebFrameMain): Promise<void> {
  const preload = frame.contents.webPreferences.preload;
  if (!preload) return Promise.resolve();
  const run = async () => {
    const source = preloadSource(preload);
    if (!source) {
      problems.push(`Unable to load preload script: ${preload}`);
      return;
    }
    preloadFrame = frame;
    ipcRenderer = frame.renderer.ipcRenderer;
    try {
      await import(/* @vite-ignore */ `${source}?frame=${++preloadRuns}`);
    } catch (err) {
      problems.push(`Unable to load preload script: ${preload} (${String(err)})`);
    } finally {
      preloadFrame = null;
      ipcRenderer = noRenderer;
    }
  };
  const next = preloadQueue.then(run);
  preloadQueue = next.catch(() => undefined);
  return next;
}

// ---------------------------------------------------------------- the harness (not Electron's)

const loadedFiles: string[] = [];
const printed: { contents: WebContents; options: Electron.PrintToPDFOptions }[] = [];
const pageResponses = new WeakMap<WebContents, Response>();
const openedExternally: string[] = [];
const saveDialogs: { window: BrowserWindow | null; options: Electron.SaveDialogOptions }[] = [];
const notifications: Notification[] = [];
const applicationMenu: { current: Menu | null } = { current: null };
const problems: string[] = [];

/** The test's side of the machine: what a user, the OS or Chromium would do, and what they saw. */
export const harness = {
  configure(opts: Partial<typeof config>): void {
    Object.assign(config, opts);
  },
  /** Electron's `ready`, after main's first tick; resolves once main's ready handlers ran. */
  async emitReady(): Promise<void> {
    ready = true;
    app.emit('ready', makeEvent(), {});
    resolveReady();
    await new Promise((r) => setImmediate(r));
  },
  windows: () => BrowserWindow.getAllWindows(),
  /** A frame inside `parent` showing `url` (an iframe: its own process, as site isolation gives it). */
  addSubframe(parent: WebFrameMain, url: string): WebFrameMain {
    const frame = new WebFrameMain(parent.contents, parent, nextProcessId++);
    frame.commit(url);
    parent.frames.push(frame);
    return frame;
  },
  /** What the frame's preload exposed (window.watchfloor and the like). */
  mainWorld: (frame: WebFrameMain): Record<string, unknown> => frame.renderer.mainWorld,
  /** `ipcRenderer.invoke` from `frame`, as a page there could send it. */
  invokeFrom: (frame: WebFrameMain, channel: string, ...args: unknown[]): Promise<unknown> =>
    frame.renderer.ipcRenderer.invoke(channel, ...args),
  /** Listens to what main sends to the frame (its ipcRenderer.on). */
  onRenderer(frame: WebFrameMain, channel: string, listener: (...args: unknown[]) => void): void {
    frame.renderer.ipcRenderer.on(channel, (_event, ...args) => listener(...args));
  },
  /**
   * The page starts a navigation (a link, `location = …`): `will-frame-navigate` and, for a main
   * frame, `will-navigate`; unless prevented, the frame loads the URL. Says whether it went.
   */
  async navigate(
    contents: WebContents,
    url: string,
    frame: WebFrameMain = contents.mainFrame,
  ): Promise<boolean> {
    const isMainFrame = frame === contents.mainFrame;
    const params = { url, isSameDocument: false, isMainFrame, frame, initiator: frame };
    const frameEvent = makeEvent(params);
    contents.emit('will-frame-navigate', frameEvent);
    let prevented = frameEvent.defaultPrevented;
    if (isMainFrame) {
      const event = makeEvent(params);
      contents.emit('will-navigate', event, url, false, true, frame.processId, frame.routingId);
      prevented ||= event.defaultPrevented;
    }
    if (prevented) return false;
    if (isMainFrame) await contents.loadURL(url);
    else frame.commit(url);
    return true;
  },
  /** A server redirect during a navigation of the main frame: `will-redirect`. Says whether it went. */
  redirect(contents: WebContents, url: string): boolean {
    const frame = contents.mainFrame;
    const event = makeEvent({ url, isSameDocument: false, isMainFrame: true, frame, initiator: frame });
    contents.emit('will-redirect', event, url, false, true, frame.processId, frame.routingId);
    return !event.defaultPrevented;
  },
  /** `window.open(url)` or a target=_blank link: the window-open handler's answer (none: allow). */
  openWindow(contents: WebContents, url: string): Electron.WindowOpenHandlerResponse {
    const details: Electron.HandlerDetails = {
      url,
      frameName: '',
      features: '',
      disposition: 'foreground-tab',
      referrer: { url: contents.getURL(), policy: 'strict-origin-when-cross-origin' },
    };
    return contents.windowOpenHandler?.(details) ?? { action: 'allow' };
  },
  /** A `<webview>` about to attach: says whether it may. */
  attachWebview(contents: WebContents): boolean {
    const event = makeEvent();
    contents.emit('will-attach-webview', event, {}, { src: 'https://example.com/', instanceId: '1' });
    return !event.defaultPrevented;
  },
  /** The page asks for a permission (geolocation, notifications…): the session's answer. */
  requestPermission(contents: WebContents, permission: string): Promise<boolean> {
    const handler = contents.session.permissionRequestHandler;
    if (!handler) return Promise.resolve(true);
    return new Promise((resolve) =>
      (handler as (...a: unknown[]) => void)(contents, permission, resolve, {
        requestingUrl: contents.getURL(),
        isMainFrame: true,
      }),
    );
  },
  checkPermission(contents: WebContents, permission: string): boolean {
    const handler = contents.session.permissionCheckHandler;
    if (!handler) return true;
    return (handler as (...a: unknown[]) => boolean)(contents, permission, contents.mainFrame.origin, {
      requestingUrl: contents.getURL(),
      isMainFrame: true,
    });
  },
  /** Chromium asking the default session's protocol handler for `url` (null: no handler for it). */
  requestApp: (url: string): Promise<Response | null> => throughProtocol(defaultSession, url),
  /** What registerSchemesAsPrivileged gave a scheme (undefined: not registered). */
  protocolPrivileges: (scheme: string): Electron.Privileges | undefined => privileged.get(scheme),
  /** The response the window's page was loaded from. */
  pageResponse: (contents: WebContents): Response | undefined => pageResponses.get(contents),
  /** The session of a partition, if main made one. */
  partition: (name: string): Session | undefined => partitions.get(name),
  /** How the next save dialogs answer (default: cancelled). */
  answerSaveDialog(answer: SaveAnswer): void {
    saveAnswer = answer;
  },
  /** Another launch of the app while this one holds the lock. */
  secondInstance(argv: string[] = [process.execPath], cwd = process.cwd()): void {
    app.emit('second-instance', makeEvent(), argv, cwd, {});
  },
  /** macOS: the dock icon clicked. */
  activate(): void {
    app.emit('activate', makeEvent(), windows.length > 0);
  },
  /** The analyst clicks a desktop notification. */
  click(n: Notification): void {
    n.emit('click', makeEvent());
  },
  /** Runs when the process would end (after `quit`), before anything else can run. */
  onExit(hook: (code: number) => void): void {
    exitHooks.push(hook);
  },
  exited: exitedPromise,
  exitCode: () => exitCode,
  isQuitting: () => quitting,
  loadedFiles,
  printed,
  openedExternally,
  saveDialogs,
  notifications,
  applicationMenu,
  problems,
  /** Closes what the stand-in itself started (the printing browser). */
  async dispose(): Promise<void> {
    await closePrinter();
  },
};
