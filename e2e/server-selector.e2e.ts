import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestId } from '../apps/web/src/testids.js';
import { launchBrowser, newContext } from './support/browser.js';
import { EU_LOGIN } from './support/shared-env.js';
import { sharedServer } from './support/shared-server.js';

// The login header's server selector with regional servers on other hosts (SPEC §2, §4): the shared
// server's REGIONAL_SERVERS names a North American and a European server (support/shared-env.ts).

const server = sharedServer();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('server selector', () => {
  it('counts this unknown host as the Chinese server, then stores the chosen server and opens its login page', async () => {
    const context = await newContext(browser);
    try {
      // The other regions are not reachable from the test; answer for them instead.
      await context.route('http://eu.sunfleet.test/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>EU login</title>' }),
      );
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/#/login/index`);
      const select = page.locator(`[data-testid="${TestId.serverSelect}"]`);
      await select.waitFor();
      expect(await select.getAttribute('data-current')).toBe('ChineseServer');
      expect(await page.evaluate(() => localStorage.getItem('station'))).toBe('ChineseServer');

      await select.click();
      await page.locator(`[data-testid="${TestId.serverOption}"][data-key="EuropeanServer"]`).click();
      await page.waitForURL(EU_LOGIN);

      // Read the console origin's storage from a page that does not run the app.
      const check = await context.newPage();
      await check.goto(`${server.baseUrl}/manifest.webmanifest`);
      expect(await check.evaluate(() => localStorage.getItem('station'))).toBe('EuropeanServer');
    } finally {
      await context.close();
    }
  });
});
