import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { startServer, type RunningTestServer } from './support/server.js';

// Proves the harness itself: the built server serves the console and Chromium loads it.
describe('e2e harness', () => {
  let server: RunningTestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  it('serves the built console that Chromium renders, and the API beside it', async () => {
    const health = (await (await fetch(`${server.baseUrl}/api/health`)).json()) as { status: number };
    expect(health.status).toBe(200);
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const res = await page.goto(`${server.baseUrl}/`);
      expect(res?.status()).toBe(200);
      expect(await page.locator('#root').count()).toBe(1);
    } finally {
      await browser.close();
    }
  });
});
