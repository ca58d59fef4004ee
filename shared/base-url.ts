// The service's address as the analyst gives it (the first-run form, --base-url,
// $WATCHFLOOR_BASE_URL, settings), checked once before anything is opened or sent: a string
// that is not a URL is refused in words (it used to bind a new cache to "not a url"), and
// http:// to another machine is refused unless the analyst says so, since every call carries
// the API key in a header (docs/security.md). Loopback is this machine: a tunnel, the demo.
// The WHATWG URL both runtimes have (shared/ declares neither Node's nor the DOM's types).
interface ParsedUrl {
  protocol: string;
  host: string;
  hostname: string;
  pathname: string;
}
const { URL: Url } = globalThis as unknown as { URL: new (text: string) => ParsedUrl };

export class BaseUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BaseUrlError';
  }
}

/** localhost, 127.0.0.0/8 or ::1: the link never leaves this machine. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return h === 'localhost' || h === '[::1]' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

export interface CheckedBaseUrl {
  /** The address as the cache and keychain key it: scheme, host, port and path, no trailing slash. */
  url: string;
  /** http:// to another machine, allowed because the analyst said so: the window shows it. */
  insecure: boolean;
}

export function checkBaseUrl(raw: string, opts: { insecureHttp?: boolean } = {}): CheckedBaseUrl {
  let u: ParsedUrl;
  try {
    u = new Url(raw.trim());
  } catch {
    throw new BaseUrlError('the service address is not a URL: give it as https://host[:port][/path]');
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:')
    throw new BaseUrlError(`the service address must start with https:// (it starts with ${u.protocol}//)`);
  const insecure = u.protocol === 'http:' && !isLoopbackHost(u.hostname);
  if (insecure && !opts.insecureHttp)
    throw new BaseUrlError(
      `http://${u.host} would send the API key across the network in clear text: use https://, ` +
        'or allow unencrypted http (--insecure-http; in the window, "Allow unencrypted http") for a link you trust',
    );
  return { url: `${u.protocol}//${u.host}${u.pathname}`.replace(/\/+$/, ''), insecure };
}
