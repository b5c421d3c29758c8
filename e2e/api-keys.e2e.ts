import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyTestId } from '../apps/web/src/features/api-keys/testIds.js';
import { TestId } from '../apps/web/src/testids.js';
import { active, byId, openSignedIn, type Envelope } from './support/api.js';
import { launchBrowser, newContext } from './support/browser.js';
import { sharedServer } from './support/shared-server.js';

// Interface management (issue 19, docs/api-keys.md) in Chromium: an administrator creates an API key in the
// console and sees it once; a third-party system (this test, through fetch) reads stations with it, is
// refused key management, and is refused altogether once the key is revoked on the screen.

const server = sharedServer();
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** A call as a third-party system makes it: only the X-API-Key header, no session. */
async function withKey(key: string, path: string): Promise<Envelope> {
  const res = await fetch(`${server.baseUrl}/api${path}`, { headers: { 'X-API-Key': key } });
  return (await res.json()) as Envelope;
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, { viewport: { width: 1600, height: 1000 } });
  page = await context.newPage();
  await openSignedIn(page, server, '/deviceConfig/interface');
}, 120_000);

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
});

describe('API keys', () => {
  it('creates a key shown once, which then reads the API until it is revoked', async () => {
    const screen = byId(active(page), ApiKeyTestId.page);
    await byId(screen, ApiKeyTestId.howTo).waitFor();
    await byId(screen, TestId.listCreate).click();
    const name = `E2E monitoring ${String(Date.now())}`;
    await byId(page, ApiKeyTestId.name).fill(name);
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/apiKey') && r.request().method() === 'POST'),
      byId(page, TestId.formSubmit).click(),
    ]);
    const shown = byId(page, ApiKeyTestId.shownKey);
    await shown.waitFor();
    const key = (await shown.innerText()).trim();
    expect(key).toMatch(/^sfk_[A-Za-z0-9_-]{43}$/);
    await byId(page, ApiKeyTestId.shownKeyDone).click();
    await shown.waitFor({ state: 'detached' });

    const row = byId(screen, ApiKeyTestId.table).locator('tbody tr.ant-table-row', { hasText: name });
    await row.waitFor();
    expect(await byId(row, ApiKeyTestId.rowHint).innerText()).toBe(`sfk_…${key.slice(-4)}`);
    expect(await byId(row, ApiKeyTestId.rowState).getAttribute('data-state')).toBe('ACTIVE');
    // Once closed, the key is nowhere on the page.
    expect(await page.content()).not.toContain(key);

    expect((await withKey(key, '/station/list?pageNum=1&pageSize=5')).status).toBe(200);
    expect((await withKey(key, '/apiKey/page')).status).toBe(4003);

    await byId(row, ApiKeyTestId.rowRevoke).click();
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/apiKey/') && r.request().method() === 'DELETE'),
      byId(page, TestId.confirmOk).click(),
    ]);
    await expect
      .poll(async () => byId(row, ApiKeyTestId.rowState).getAttribute('data-state'))
      .toBe('REVOKED');
    expect((await withKey(key, '/station/list?pageNum=1&pageSize=5')).status).toBe(4001);
  });
});
