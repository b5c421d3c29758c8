import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppReleaseTestId } from '../apps/web/src/features/app-release/testIds.js';
import { DocumentsTestId } from '../apps/web/src/features/documents/testIds.js';
import { TestId } from '../apps/web/src/testids.js';
import { active, apiAs, byId, holdSession, loginToken, type Api, type Envelope } from './support/api.js';
import { closeContextsAfterEach, launchBrowser, newContext } from './support/browser.js';
import { sharedServer } from './support/shared-server.js';

// Step 5e back office in Chromium: a platform document uploaded through the form (with its progress) and
// downloaded back as the same file; an app release published from the App release screen, after which the
// login page's app download panel links to it (and falls back once it is deleted).

const STAMP = Date.now().toString(36);
const server = sharedServer();
let browser: Browser;
let api: Api;
const contexts: BrowserContext[] = [];
closeContextsAfterEach(contexts);

const submitModal = (p: Page): Promise<void> =>
  p.locator(`[data-testid="${TestId.formSubmit}"]:visible`).click();

async function newPage(signedIn: boolean): Promise<Page> {
  const context = await newContext(browser, {
    viewport: { width: 1600, height: 1000 },
    acceptDownloads: true,
  });
  contexts.push(context);
  const page = await context.newPage();
  if (signedIn) await holdSession(page, server);
  return page;
}

beforeAll(async () => {
  browser = await launchBrowser();
  api = apiAs(server, await loginToken(server));
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
});

describe('platform documents', () => {
  it('uploads a document through the form and downloads the same file back', async () => {
    const page = await newPage(true);
    const title = `E2E manual ${STAMP}`;
    const bytes = Buffer.from(`%PDF-1.7\n% E2E ${STAMP}\n%%EOF\n`);
    await page.goto(`${server.baseUrl}/#/system/documents`);
    await byId(active(page), DocumentsTestId.page).waitFor();
    await byId(active(page), TestId.listCreate).click();
    const form = byId(page, DocumentsTestId.uploadForm);
    await form.waitFor();
    await byId(form, DocumentsTestId.title).fill(title);
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: 'manual.pdf', mimeType: 'application/pdf', buffer: bytes });
    const uploaded = page.waitForResponse(
      (r) => r.url().endsWith('/api/document') && r.request().method() === 'POST',
    );
    await submitModal(page);
    expect(((await (await uploaded).json()) as Envelope).status).toBe(200);
    await form.waitFor({ state: 'detached' });

    const row = byId(active(page), DocumentsTestId.table)
      .locator('tbody tr.ant-table-row')
      .filter({ hasText: title });
    await row.waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      byId(row, DocumentsTestId.rowDownload).click(),
    ]);
    expect(download.suggestedFilename()).toBe('manual.pdf');
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    expect((await readFile(path)).equals(bytes)).toBe(true);

    await byId(row, DocumentsTestId.rowDelete).click();
    const deleted = page.waitForResponse(
      (r) => r.url().includes('/api/document/') && r.request().method() === 'DELETE',
    );
    await page.locator(`[data-testid="${TestId.confirmOk}"]:visible`).click();
    expect(((await (await deleted).json()) as Envelope).status).toBe(200);
    await row.waitFor({ state: 'detached' });
  });
});

describe('app release', () => {
  it("publishes a store link and the login page's app download follows it", async () => {
    const page = await newPage(true);
    const version = `99.${Number.parseInt(STAMP.slice(-5), 36) % 100000}`;
    const storeUrl = `https://play.google.com/store/apps/details?id=e2e.sunfleet.${STAMP}`;
    await page.goto(`${server.baseUrl}/#/operation/appRelease`);
    await byId(active(page), AppReleaseTestId.page).waitFor();
    await byId(active(page), TestId.listCreate).click();
    const form = byId(page, AppReleaseTestId.createForm);
    await form.waitFor();
    await byId(form, AppReleaseTestId.version).fill(version);
    await byId(form, AppReleaseTestId.storeUrl).fill(storeUrl);
    await byId(form, AppReleaseTestId.publishNow).check();
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/appRelease') && r.request().method() === 'POST',
    );
    await submitModal(page);
    const answer = (await (await created).json()) as Envelope<{ id: string; current: boolean }>;
    expect(answer.data.current).toBe(true);
    const row = byId(active(page), AppReleaseTestId.table)
      .locator('tbody tr.ant-table-row')
      .filter({ hasText: version });
    await byId(row, AppReleaseTestId.rowCurrent).waitFor();

    try {
      const visitor = await newPage(false);
      await visitor.goto(`${server.baseUrl}/#/login/index`);
      await byId(visitor, TestId.appDownloadButton).click();
      const panel = byId(visitor, TestId.appDownloadPanel);
      await panel.waitFor();
      expect(await panel.locator('a.store-badge').first().getAttribute('href')).toBe(storeUrl);
    } finally {
      expect((await api('DELETE', `/appRelease/${answer.data.id}`)).status).toBe(200);
    }
  });
});
