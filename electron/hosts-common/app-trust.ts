// What the desktop app trusts, as pure functions over URL strings (no `electron` here, so they
// are table-tested: test/unit/hosts-common/app-trust.test.ts). electron/main.ts and
// electron/adapters/ ask these for the IPC sender, navigation, new windows, the app:// handler
// and the report printer's requests (docs/security.md, checklist 13, 14, 17, 18).
//
// Node's URL (which Electron's main process uses) gives "null" as the origin of a non-special
// scheme such as app:, so an origin comparison refuses the app's own page. What decides here is
// the URL as Chromium gives it for a scheme registered `standard` (main registers app: so):
// lower-case scheme and host, no user, no port, a path from "/" — `app://watchfloor/index.html`.
// Any other spelling (`APP://WATCHFLOOR/`, `app://user@watchfloor/`, `app://watchfloor:80/`,
// `app://watchfloor.evil/`) never comes from a page the app loaded, and is refused.
import { fileURLToPath } from 'node:url';

export const APP_SCHEME = 'app';
export const APP_HOST = 'watchfloor';
const APP_PREFIX = `${APP_SCHEME}://${APP_HOST}/`;
/** What the window loads. */
export const APP_ENTRY_URL = `${APP_PREFIX}index.html`;

const parse = (url: unknown): URL | null =>
  typeof url === 'string' && URL.canParse(url) ? new URL(url) : null;

/** A URL of the app's own files (`app://watchfloor/…`), in the only form Chromium gives it. */
export function isAppUrl(url: unknown): boolean {
  if (typeof url !== 'string' || !url.startsWith(APP_PREFIX)) return false;
  const u = parse(url);
  return (
    u !== null &&
    u.protocol === `${APP_SCHEME}:` &&
    u.host === APP_HOST &&
    u.username === '' &&
    u.password === '' &&
    u.pathname.startsWith('/')
  );
}

/** What of a frame decides trust (Electron's WebFrameMain has these). */
export interface FrameRef {
  readonly url: string;
  readonly processId: number;
  readonly routingId: number;
}

/**
 * An IPC message is trusted when it comes from the app's window's main frame (not a subframe,
 * not another window) while that frame shows the app's own page. Frames are compared by
 * processId + routingId: Electron documents that two WebFrameMain objects may stand for one
 * frame, and that those two numbers identify it.
 */
export function isTrustedSender(
  sender: FrameRef | null | undefined,
  appFrame: FrameRef | null | undefined,
): boolean {
  if (!sender || !appFrame) return false;
  return (
    sender.processId === appFrame.processId && sender.routingId === appFrame.routingId && isAppUrl(sender.url)
  );
}

/** The window may navigate (or be redirected) only within the app's own files. */
export const isAllowedNavigation = (url: unknown): boolean => isAppUrl(url);

/** A link the system browser may open: http(s) only, as its canonical href; else null. */
export function externalLink(url: unknown): string | null {
  const u = parse(url);
  return u && (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname !== '' ? u.href : null;
}

/** The app:// request's path inside the renderer folder, or null when it is not the app's. */
export function appRequestPath(url: unknown): string | null {
  return isAppUrl(url) ? (parse(url) as URL).pathname : null;
}

/**
 * The report printer's session lets through one request: its own page (a file: URL). The two
 * spellings are compared as files, so Chromium's and Node's percent-encoding may differ.
 */
export function isThePrintedPage(requestUrl: unknown, pageUrl: string): boolean {
  const req = parse(requestUrl);
  const page = parse(pageUrl);
  if (!req || !page || req.protocol !== 'file:' || page.protocol !== 'file:') return false;
  if (req.search !== page.search || req.host !== page.host) return false;
  try {
    return fileURLToPath(req) === fileURLToPath(page);
  } catch {
    return false;
  }
}
