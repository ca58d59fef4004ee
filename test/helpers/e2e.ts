// The end-to-end harness: every suite in test/e2e/ opens the window through it. It starts
// `watchfloor serve` (its built-in demo, a service of the test's own behind --base-url, or nothing
// configured: the first run) with a fresh HOME, and Debian's chromium headless
// (test/helpers/browser.ts); opens the window at one viewport and waits until the shell is
// ready; keeps each page's console errors and page errors; and gives the contract typed by
// channel, axe (test/helpers/axe.ts) and screenshots into .tmp/artifacts/.
//
//   const w = useWindow({ tag: 'orders', service: 'demo', profile: 'alternate', shots: 'orders-' });
//   it('…', async () => { const { page } = await w.open(); …; expect(w.problems).toEqual([]); });
//
// useWindow registers its beforeAll/afterAll in the scope it is called in (the file, or one
// describe); a file with several services shares one browser through useBrowser().
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { Channel, Profile, Result } from '../../shared/contract';
import { CHROMIUM, launchChromium } from './browser';
import { DEMO_KEY } from './demo';
import { startDemoService, type DemoOptions, type DemoService } from '../../electron/demo';
import { contractCall, startServeProcess, type InputArg, type ServeProcess } from './serve';
import { artifacts, freshHome } from './window';

export { seriousBothThemes, seriousViolations, stillFrame, switchTheme } from './axe';
export { artifacts, freshHome, goTo } from './window';
import { goTo } from './window';

/** The window's size in every suite, unless a test asks for another. */
export const VIEWPORT = { width: 1440, height: 900 } as const;
/** The shell once it is ready: its bridge answered and its first view is shown. */
export const READY = '[data-testid="app-shell"][data-ready="true"]';

/** Waits until the window's shell is ready (`timeout` in ms; Playwright's 30 s by default). */
export function waitReady(page: Page, timeout?: number): Promise<void> {
  return page.locator(READY).waitFor(timeout === undefined ? {} : { timeout });
}

/** What went wrong in a page: console errors and page errors (`problems`), page errors alone (`pageErrors`). */
export interface Problems {
  problems: string[];
  pageErrors: string[];
}

/** Keeps a page's console errors and uncaught page errors from now on, in `into`. */
export function watchProblems(page: Page, ...into: Problems[]): Problems {
  const kept = into[0] ?? { problems: [], pageErrors: [] };
  const all = into.length ? into : [kept];
  page.on('console', (m) => {
    if (m.type() === 'error') for (const p of all) p.problems.push(m.text());
  });
  page.on('pageerror', (e) => {
    for (const p of all) {
      p.problems.push(e.message);
      p.pageErrors.push(e.message);
    }
  });
  return kept;
}

// What an analyst does the same way in several suites.

/** The Watches view's buckets: the service's name of each, and the heading the view gives it. */
export const WATCH_BUCKETS = [
  ['needs_attention', 'Needs attention'],
  ['changed_today', 'Changed today'],
  ['awaiting_data', 'Awaiting data'],
  ['stable', 'Stable'],
] as const;

/** Goes to the Map, waits for its first complete render and for some signals drawn; gives the map. */
export async function mapWithSignals(page: Page, timeout = 30_000): Promise<Locator> {
  await goTo(page, 'Map');
  const map = page.getByTestId('map');
  await page.locator('[data-testid="map"][data-rendered="true"]').waitFor({ timeout });
  await expect
    .poll(async () => Number(await map.getAttribute('data-signal-features')), { timeout })
    .toBeGreaterThan(0);
  return map;
}

/** With the box tool armed, drags a square of `size` px around the map's middle. */
export async function dragBoxOnMap(page: Page, size: number): Promise<void> {
  const b = (await page.getByTestId('map').boundingBox())!;
  const x = b.x + b.width / 2 - size / 2;
  const y = b.y + b.height / 2 - size / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + size, y + size, { steps: 12 });
  await page.mouse.up();
}

/** Fills a watch's "New note" form (title, text, the two judgments by their radio names) and adds it. */
export async function addWatchNote(
  detail: Locator,
  note: { title: string; text: string; confidence: string | RegExp; likelihood: string | RegExp },
): Promise<void> {
  const form = detail.getByRole('form', { name: 'New note' });
  await form.getByRole('textbox', { name: 'Title' }).fill(note.title);
  await form.getByRole('textbox', { name: 'Note' }).fill(note.text);
  await form
    .getByRole('group', { name: /Confidence/ })
    .getByRole('radio', { name: note.confidence })
    .check();
  await form
    .getByRole('group', { name: /Likelihood/ })
    .getByRole('radio', { name: note.likelihood })
    .check();
  await form.getByRole('button', { name: 'Add note' }).click();
}

/** Saves a screenshot of the page as .tmp/artifacts/<name>.png, for a person to look at. */
export function screenshot(page: Page, name: string): Promise<Buffer> {
  return page.screenshot({ path: path.join(artifacts, `${name}.png`) });
}

/**
 * The analyst's own browser: a profile on disk that outlives the browser (the same chromium and
 * flags), opened on `url` until the window is ready; its errors go to `into`.
 */
export async function openPersistentWindow(
  profileDir: string,
  url: string,
  into: Problems,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(profileDir, { ...CHROMIUM, viewport: VIEWPORT });
  const page = context.pages()[0] ?? (await context.newPage());
  watchProblems(page, into);
  await page.goto(url);
  await waitReady(page);
  return { context, page };
}

/** The one Debian chromium of a file (or a describe): launched before its tests, closed after them. */
export interface BrowserHandle {
  readonly browser: Browser;
}

export function useBrowser(): BrowserHandle {
  let browser: Browser | undefined;
  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get browser() {
      return defined(browser, 'the browser');
    },
  };
}

export interface ServeSpec {
  /** Names the fresh HOME (`wf-<tag>-…`), which holds the per-user folder and the cache. */
  tag: string;
  /**
   * `demo`: `serve --demo`; `first-run`: `serve` with no service configured (the first-run
   * screen); `{ baseUrl }`: `serve --base-url` to a service of the test's own (a demo service
   * it started), with the demo's key and the cache in HOME.
   */
  service: 'demo' | 'first-run' | { baseUrl: string };
  profile?: Profile;
  /** More of serve's environment (a key set to undefined is left out). */
  env?: NodeJS.ProcessEnv;
}

export interface StartedServe {
  serve: ServeProcess;
  /** The environment serve runs in (the command line, run beside it, reads the same cache with it). */
  env: NodeJS.ProcessEnv;
  home: ReturnType<typeof freshHome>;
}

/** Starts `watchfloor serve` as the spec says, in a fresh HOME unless one is given. */
export async function startServe(spec: ServeSpec, home = freshHome(spec.tag)): Promise<StartedServe> {
  const { service, profile } = spec;
  const args =
    service === 'demo'
      ? ['--demo', ...(profile ? ['--profile', profile] : [])]
      : service === 'first-run'
        ? []
        : [
            '--base-url',
            service.baseUrl,
            '--profile',
            profile ?? 'main',
            '--db',
            path.join(home.HOME, 'cache.db'),
          ];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...(typeof service === 'object'
      ? { WATCHFLOOR_API_KEY: DEMO_KEY }
      : { WATCHFLOOR_BASE_URL: '', WATCHFLOOR_API_KEY: '' }),
    ...home,
    ...spec.env,
  };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  return { serve: await startServeProcess(args, env), env, home };
}

export interface OpenOptions {
  viewport?: { width: number; height: number };
  /** The view state the window finds at its first load, as if the analyst had left it so. */
  viewState?: object;
  /** Called with the new context before the page opens (permissions, request listeners). */
  setup?: (context: BrowserContext) => unknown;
  /** The address to open (serve's URL with its secret by default). */
  url?: string;
  /** false: do not wait for the ready shell; a number: wait that long (ms). */
  ready?: boolean | number;
}

/** A window opened in its own browser context, and what went wrong in it. */
export interface OpenWindow extends Problems {
  context: BrowserContext;
  page: Page;
}

export interface E2EWindow extends Problems {
  readonly serve: ServeProcess;
  readonly browser: Browser;
  readonly env: NodeJS.ProcessEnv;
  readonly home: ReturnType<typeof freshHome>;
  /** The spec's own demo service (`service: { demoService }`). */
  readonly demo: DemoService;
  /** The window the spec's `open` opened before the tests. */
  readonly page: Page;
  readonly context: BrowserContext;
  /** Opens the window on serve; its console and page errors also go to this handle's `problems`. */
  open(opts?: OpenOptions): Promise<OpenWindow>;
  /** A contract row over serve's loopback HTTP, typed by its channel (test/helpers/serve.ts). */
  call<C extends Channel>(channel: C, ...input: InputArg<C>): Promise<Result<C>>;
  /** A screenshot named `<shots><name>` in .tmp/artifacts/. */
  shot(page: Page, name: string): Promise<Buffer>;
  /** Stops serve; `restartServe` starts it again on the same HOME (the same cache and settings). */
  stopServe(): Promise<void>;
  restartServe(): Promise<void>;
}

export interface WindowSpec extends Omit<ServeSpec, 'service'> {
  /**
   * As ServeSpec's, or `{ demoService }`: a demo service of the test's own, started in this
   * process before serve (`w.demo`: the test can read its requests, spend its tokens, stop it)
   * and reached by `serve --base-url` on its profile.
   */
  service: ServeSpec['service'] | { demoService: DemoOptions };
  /** The screenshots' prefix (`orders-`). */
  shots?: string;
  /** Open one window before the tests (`w.page`), with these options. */
  open?: OpenOptions | true;
}

/**
 * A serve and the window on it, for the tests of the scope it is called in. The spec may be a
 * function, read when the scope starts (a base URL known only once an earlier beforeAll ran).
 * Without a browser handle it launches its own, beside serve.
 */
export function useWindow(spec: WindowSpec | (() => WindowSpec), shared?: BrowserHandle): E2EWindow {
  let started: StartedServe | undefined;
  let demo: DemoService | undefined;
  let ownBrowser: Browser | undefined;
  let first: OpenWindow | undefined;
  let shots = '';
  const contexts: BrowserContext[] = [];
  const all: Problems = { problems: [], pageErrors: [] };
  const browser = () => shared?.browser ?? defined(ownBrowser, 'the browser');
  const serve = () => defined(started, 'serve').serve;

  const open = async (opts: OpenOptions = {}): Promise<OpenWindow> => {
    const context = await browser().newContext({ viewport: opts.viewport ?? VIEWPORT });
    contexts.push(context);
    if (opts.viewState)
      await context.addInitScript((state) => {
        if (!localStorage.getItem('watchfloor.view-state'))
          localStorage.setItem('watchfloor.view-state', JSON.stringify({ state, version: 1 }));
      }, opts.viewState);
    await opts.setup?.(context);
    const page = await context.newPage();
    const own = watchProblems(page, { problems: [], pageErrors: [] }, all);
    await page.goto(opts.url ?? serve().url);
    if (opts.ready !== false) await waitReady(page, typeof opts.ready === 'number' ? opts.ready : undefined);
    return { context, page, ...own };
  };

  /** The spec as serve takes it (a demo service of its own reached by its URL). */
  const serveSpec = (): ServeSpec => {
    const s = typeof spec === 'function' ? spec() : spec;
    if (typeof s.service !== 'object' || !('demoService' in s.service)) return s as ServeSpec;
    return {
      ...s,
      service: { baseUrl: defined(demo, 'the demo service').url },
      profile: s.service.demoService.profile,
    };
  };

  beforeAll(async () => {
    const s = typeof spec === 'function' ? spec() : spec;
    shots = s.shots ?? '';
    mkdirSync(artifacts, { recursive: true });
    if (typeof s.service === 'object' && 'demoService' in s.service)
      demo = await startDemoService(s.service.demoService);
    [started, ownBrowser] = await Promise.all([
      startServe(serveSpec()),
      shared ? undefined : launchChromium(),
    ]);
    if (s.open) first = await open(s.open === true ? {} : s.open);
  });
  // A failed test shows what serve said (its log: sync failures, retried calls), the end of it.
  beforeEach(({ onTestFailed }) => {
    onTestFailed(() => {
      const said = started?.serve.stderr() ?? '';
      if (said) console.error(`serve's log, its last 4,000 characters:\n${said.slice(-4000)}`);
    });
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await ownBrowser?.close();
    await started?.serve.stop();
    await demo?.close();
  });

  return {
    problems: all.problems,
    pageErrors: all.pageErrors,
    get serve() {
      return serve();
    },
    get browser() {
      return browser();
    },
    get env() {
      return defined(started, 'serve').env;
    },
    get home() {
      return defined(started, 'serve').home;
    },
    get demo() {
      return defined(demo, 'the demo service (spec.service.demoService)');
    },
    get page() {
      return defined(first, 'the window (spec.open)').page;
    },
    get context() {
      return defined(first, 'the window (spec.open)').context;
    },
    open,
    call: (channel, ...input) => contractCall(serve(), channel, ...input),
    shot: (page, name) => screenshot(page, `${shots}${name}`),
    stopServe: async () => {
      await started?.serve.stop();
    },
    restartServe: async () => {
      await started?.serve.stop();
      started = await startServe(serveSpec(), defined(started, 'serve').home);
    },
  };
}

function defined<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is not started yet (used outside a test or beforeAll?)`);
  return value;
}
