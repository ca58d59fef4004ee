import { chromium, type Browser } from 'playwright-core';

/** Debian's chromium, headless, with the flags this closed network needs (a browser or a persistent profile). */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

export function launchChromium(): Promise<Browser> {
  return chromium.launch(CHROMIUM);
}
