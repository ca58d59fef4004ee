// What the desktop app trusts (electron/hosts-common/app-trust.ts), as tables of URL strings.
// The app's own page is `app://watchfloor/index.html` exactly as Chromium gives it for a scheme
// registered standard; every other spelling is refused on purpose.
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  APP_ENTRY_URL,
  appRequestPath,
  externalLink,
  isAllowedNavigation,
  isAppUrl,
  isThePrintedPage,
  isTrustedSender,
} from '../../../electron/hosts-common/app-trust';

const accepted = [
  APP_ENTRY_URL,
  'app://watchfloor/index.html',
  'app://watchfloor/',
  'app://watchfloor/assets/index-abc123.js',
  'app://watchfloor/index.html#/map',
  'app://watchfloor/index.html?view=signals',
];

const refused: [url: unknown, why: string][] = [
  ['app://evil/index.html', 'another host'],
  ['app://watchfloor.evil/index.html', 'a host that starts like ours'],
  ['app://evilwatchfloor/index.html', 'a host that ends like ours'],
  ['app://watchfloor.evil', 'a host that starts like ours, no path'],
  ['app://user@watchfloor/index.html', 'a user before the host'],
  ['app://user:pw@watchfloor/index.html', 'a user and password before the host'],
  ['app://watchfloor@evil/index.html', 'our name as the user of another host'],
  ['app://watchfloor:80/index.html', 'a port'],
  ['app://watchfloor:/index.html', 'an empty port'],
  ['APP://WATCHFLOOR/index.html', 'upper case: Chromium never gives a standard URL so'],
  ['app://WATCHFLOOR/index.html', 'an upper-case host'],
  ['App://watchfloor/index.html', 'a mixed-case scheme'],
  ['app://watchfloor', 'no path: Chromium always gives "/"'],
  ['app:watchfloor/index.html', 'no authority'],
  ['app:///watchfloor/index.html', 'an empty host'],
  ['app://watchfloor\\evil/', 'a backslash'],
  [' app://watchfloor/index.html', 'leading space'],
  ['http://127.0.0.1/index.html', 'loopback http'],
  ['http://127.0.0.1:5173/', 'a dev server'],
  ['https://watchfloor/index.html', 'https with our host name'],
  ['file:///index.html', 'a file'],
  ['file:///opt/Watchfloor/resources/app.asar/dist/renderer/index.html', 'the packaged files by file:'],
  ['devtools://devtools/bundled/devtools_app.html', 'devtools'],
  ['chrome-extension://abc/page.html', 'an extension'],
  ['about:blank', 'about:blank'],
  ['data:text/html,<p>hi</p>', 'a data URL'],
  [
    'blob:app://watchfloor/0b6b0f4e-7b2c-4c8b-9d6e-4f1b1b1b1b1b',
    'a blob URL of our origin (not a page of ours)',
  ],
  ['javascript:alert(1)', 'javascript:'],
  ['null', 'the string "null"'],
  ['', 'the empty string (a frame that has not loaded)'],
  [null, 'null'],
  [undefined, 'undefined'],
  [42, 'not a string'],
];

describe('isAppUrl / isAllowedNavigation: the app’s own files and nothing else', () => {
  it.each(accepted)('accepts %s', (url) => {
    expect(isAppUrl(url)).toBe(true);
    expect(isAllowedNavigation(url)).toBe(true);
  });
  it.each(refused)('refuses %j (%s)', (url) => {
    expect(isAppUrl(url)).toBe(false);
    expect(isAllowedNavigation(url)).toBe(false);
  });
  it('is not the origin comparison Node cannot make for app:', () => {
    // Node's URL gives a non-special scheme the opaque origin "null": comparing origins refuses
    // the app's own page (the bug this module replaces).
    expect(new URL(APP_ENTRY_URL).origin).toBe('null');
    expect(isAppUrl(APP_ENTRY_URL)).toBe(true);
  });
});

describe('isTrustedSender: the main frame of the app’s window, showing the app', () => {
  const main = { url: APP_ENTRY_URL, processId: 7, routingId: 1 };
  const cases: [
    name: string,
    sender: Parameters<typeof isTrustedSender>[0],
    app: typeof main | null,
    ok: boolean,
  ][] = [
    ['the window’s main frame', { ...main }, main, true],
    ['the same frame, another wrapper object', { url: main.url, processId: 7, routingId: 1 }, main, true],
    ['the same frame on another app page', { ...main, url: 'app://watchfloor/other.html' }, main, true],
    ['a subframe of the window (same process)', { ...main, routingId: 2 }, main, false],
    ['a frame of another window', { ...main, processId: 8 }, main, false],
    ['the main frame, navigated elsewhere', { ...main, url: 'https://evil.example/' }, main, false],
    ['the main frame, before its page loaded', { ...main, url: '' }, main, false],
    ['the main frame on devtools', { ...main, url: 'devtools://devtools/x' }, main, false],
    ['a frame from app://evil', { ...main, url: 'app://evil/index.html' }, main, false],
    ['no sender frame (destroyed or navigated)', null, main, false],
    ['no window', { ...main }, null, false],
  ];
  it.each(cases)('%s', (_name, sender, app, ok) => {
    expect(isTrustedSender(sender, app)).toBe(ok);
  });
});

describe('externalLink: what the system browser may open', () => {
  it.each([
    ['https://example.com/a?b=c#d', 'https://example.com/a?b=c#d'],
    ['http://example.com', 'http://example.com/'],
    ['HTTPS://Example.COM/x', 'https://example.com/x'],
  ])('opens %s as %s', (url, href) => {
    expect(externalLink(url)).toBe(href);
  });
  it.each([
    'file:///etc/passwd',
    'app://watchfloor/index.html',
    'javascript:alert(1)',
    'smb://host/share',
    'mailto:a@example.com',
    'data:text/html,x',
    'not a url',
    '',
    null,
  ])('refuses %j', (url) => {
    expect(externalLink(url)).toBeNull();
  });
});

describe('appRequestPath: what the app:// handler may serve', () => {
  it.each([
    ['app://watchfloor/index.html', '/index.html'],
    ['app://watchfloor/', '/'],
    ['app://watchfloor/assets/a.js?v=1', '/assets/a.js'],
    ['app://watchfloor/..%2F..%2Fpackage.json', '/..%2F..%2Fpackage.json'],
  ])('%s → %s', (url, path) => {
    expect(appRequestPath(url)).toBe(path);
  });
  it.each(['app://evil/index.html', 'app://watchfloor.evil/x', 'app://watchfloor:80/', 'file:///x'])(
    'refuses %s',
    (url) => {
      expect(appRequestPath(url)).toBeNull();
    },
  );
});

describe('isThePrintedPage: the report printer lets through its page only', () => {
  const file = '/tmp/watchfloor-report-Ab12/report.html';
  const page = pathToFileURL(file).href;
  it.each([
    [page, true],
    ['file:///tmp/watchfloor-report-Ab12/report.html', true],
    ['file:///tmp/watchfloor-report-Ab12/%72eport.html', true],
    ['file:///tmp/watchfloor-report-Ab12/other.html', false],
    ['file:///etc/passwd', false],
    ['file:///tmp/watchfloor-report-Ab12/report.html?x=1', false],
    ['file://evil.example/tmp/watchfloor-report-Ab12/report.html', false],
    ['https://tile.openstreetmap.org/0/0/0.png', false],
    ['http://127.0.0.1:8080/report.html', false],
    ['data:image/png;base64,AAAA', false],
    ['not a url', false],
  ])('%s → %s', (url, ok) => {
    expect(isThePrintedPage(url, page)).toBe(ok);
  });
  it('compares as files, whichever way the path was percent-encoded', () => {
    const spaced = pathToFileURL('/tmp/Report folder é/report.html').href;
    expect(isThePrintedPage('file:///tmp/Report%20folder%20%C3%A9/report.html', spaced)).toBe(true);
  });
});
