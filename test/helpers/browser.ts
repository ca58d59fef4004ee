import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../../electron/reports/pdf';

/** Debian's chromium, headless, with the flags this closed network needs (a browser or a persistent profile). */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [...CHROMIUM_FLAGS, '--disable-quic'],
};

export function launchChromium(): Promise<Browser> {
  return chromium.launch(CHROMIUM);
}
