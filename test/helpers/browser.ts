import { chromium, type Browser } from 'playwright-core';
import { findChromium } from '../setup/ensure-chromium.mjs';

// The browser tests drive Debian's Chromium through playwright-core. Chromium missing is a failure, not a skip
// (`npm test` installs it first: test/setup/ensure-chromium.mjs).

/** Headless, no sandbox (containers), nothing that reaches the network by itself. */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The Chromium on the PATH; throws with the command that installs it when there is none. */
export function chromiumPath(): string {
  const path = findChromium();
  if (!path) throw new Error('Chromium is not on the PATH; `npm test` installs it (or run `apt-get install -y chromium`).');
  return path;
}

/** Launches that Chromium, headless. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
}
