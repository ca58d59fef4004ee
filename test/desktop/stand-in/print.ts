// printToPDF for the stand-in: Electron prints with its own Chromium; here Debian's chromium
// prints the same page through playwright-core (the same DevTools Page.printToPDF underneath),
// so the PDF a test reads is a real one. Electron's options are in inches; Playwright's margins
// take CSS lengths, so they are passed as "Nin".
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../helpers/browser';

const PAGE_SIZES = ['A0', 'A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'Legal', 'Letter', 'Tabloid', 'Ledger'];

export interface PrintJob {
  url: string;
  javascript: boolean;
  options: Electron.PrintToPDFOptions;
  /** Every request the page makes, asked as the window's session would (true: cancel it). */
  cancel(url: string, resourceType: string, method: string): Promise<boolean>;
}

/** Electron's own checks of the options (lib/browser/api/web-contents.ts rejects these). */
export function checkPdfOptions(o: Electron.PrintToPDFOptions): void {
  const bool = ['landscape', 'displayHeaderFooter', 'printBackground', 'preferCSSPageSize'] as const;
  for (const k of bool)
    if (o[k] !== undefined && typeof o[k] !== 'boolean') throw new TypeError(`${k} must be a Boolean`);
  if (o.scale !== undefined && (typeof o.scale !== 'number' || o.scale < 0.1 || o.scale > 2))
    throw new RangeError('scale must be a Number between 0.1 and 2');
  for (const k of ['headerTemplate', 'footerTemplate', 'pageRanges'] as const)
    if (o[k] !== undefined && typeof o[k] !== 'string') throw new TypeError(`${k} must be a String`);
  if (o.margins !== undefined)
    for (const [side, v] of Object.entries(o.margins))
      if (typeof v !== 'number' || v < 0)
        throw new TypeError(`margins.${side} must be a non-negative Number (inches)`);
  const size = o.pageSize;
  if (typeof size === 'string' && !PAGE_SIZES.includes(size)) throw new Error(`Invalid pageSize ${size}`);
  if (typeof size === 'object' && !(size.width > 0 && size.height > 0))
    throw new Error('height and width properties are required for pageSize');
}

let browser: Promise<Browser> | null = null;

/** One browser for the stand-in's prints (test/helpers/browser.ts: Debian's chromium, headless). */
function launch(): Promise<Browser> {
  browser ??= launchChromium();
  return browser;
}

/** Closes the browser the prints used (the harness's dispose). */
export async function closePrinter(): Promise<void> {
  const b = browser;
  browser = null;
  await (await b?.catch(() => null))?.close();
}

export async function printPage(job: PrintJob): Promise<Buffer> {
  checkPdfOptions(job.options);
  const context = await (await launch()).newContext({ javaScriptEnabled: job.javascript });
  try {
    // Sub-resources go through the window's session as they would in Electron (the page itself
    // already went through it when the window loaded it).
    await context.route('**/*', async (route) => {
      const req = route.request();
      if (req.url() === job.url) return route.continue();
      const cancel = await job.cancel(req.url(), req.resourceType(), req.method());
      return cancel ? route.abort('blockedbyclient') : route.continue();
    });
    const page = await context.newPage();
    await page.goto(job.url, { waitUntil: 'load' });
    const o = job.options;
    const inches = (n: number | undefined, fallback: number) => `${n ?? fallback}in`;
    const size = o.pageSize ?? 'Letter';
    const pdf = await page.pdf({
      ...(typeof size === 'string'
        ? { format: size }
        : { width: `${size.width}in`, height: `${size.height}in` }),
      landscape: o.landscape ?? false,
      printBackground: o.printBackground ?? false,
      displayHeaderFooter: o.displayHeaderFooter ?? false,
      ...(o.headerTemplate !== undefined ? { headerTemplate: o.headerTemplate } : {}),
      ...(o.footerTemplate !== undefined ? { footerTemplate: o.footerTemplate } : {}),
      scale: o.scale ?? 1,
      pageRanges: o.pageRanges ?? '',
      preferCSSPageSize: o.preferCSSPageSize ?? false,
      tagged: o.generateTaggedPDF ?? false,
      outline: o.generateDocumentOutline ?? false,
      // Electron's default margins are 1 cm on every side.
      margin: {
        top: inches(o.margins?.top, 0.3937),
        bottom: inches(o.margins?.bottom, 0.3937),
        left: inches(o.margins?.left, 0.3937),
        right: inches(o.margins?.right, 0.3937),
      },
    });
    return Buffer.from(pdf);
  } finally {
    await context.close();
  }
}
