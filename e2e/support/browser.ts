import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
import { afterEach } from 'vitest';

/** Debian's Chromium; `.ci/run` installs it. Never a downloaded browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: run 'apt-get install -y chromium' (or set CHROMIUM_PATH)`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A browser context as the suites' user has it: the system asks for reduced motion, so the console turns its
 * animations off (`app/useReducedMotion.ts`) and menus and dialogs are clickable the moment they render — a
 * dropdown still sliding in under CI load made clicks time out ("element is not stable").
 */
export function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ reducedMotion: 'reduce', ...options });
}

/**
 * Closes the contexts a test opened when it ends (`contexts`: the file's list, which its page helper fills).
 * A console page left open keeps polling and drawing until its context closes — about 0.13 Chromium
 * CPU-seconds a second for an idle page (docs/testing.md "Lanes") —, and the files used to close theirs
 * only when the whole file ended. For files whose pages belong to one test each; call it at the top level.
 */
export function closeContextsAfterEach(contexts: BrowserContext[]): void {
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
  });
}
