import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedbackTestId } from '../apps/web/src/features/feedback/testIds.js';
import { TestId } from '../apps/web/src/testids.js';
import { active, byId, openSignedIn, type Envelope } from './support/api.js';
import { launchBrowser, newContext } from './support/browser.js';
import { sharedServer } from './support/shared-server.js';

// Comments and feedback (docs/feedback.md) in Chromium: feedback sent with a screenshot (previewed before
// it is sent) opens its thread with the screenshot served back to the browser, and shows in My feedback.

/** A 4×3 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWN4sVgcjhhwcgCIFhOZdmsm5wAAAABJRU5ErkJggg==',
  'base64',
);

const server = sharedServer();
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, { viewport: { width: 1400, height: 900 } });
  page = await context.newPage();
}, 120_000);

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
});

describe('comments and feedback', () => {
  it('sends feedback with a screenshot and finds it in My feedback', async () => {
    const text = `The energy chart skips a day ${String(Date.now())}`;
    await openSignedIn(page, server, '/feedback');
    const view = active(page);
    await byId(view, FeedbackTestId.create).click();
    const form = byId(page, FeedbackTestId.form);
    await byId(form, FeedbackTestId.text).fill(text);
    // antd puts the test id on the picker's button; the form has this one file input.
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: PNG });
    // The picked screenshot is previewed before anything is sent.
    await form.locator('.ant-upload-list-item').first().waitFor();
    const [sent] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/feedback') && r.request().method() === 'POST'),
      byId(page, TestId.formSubmit).click(),
    ]);
    const body = (await sent.json()) as Envelope<{ id: number; messages: { screenshots: string[] }[] }>;
    expect(body.status).toBe(200);
    expect(body.data.messages[0]?.screenshots).toHaveLength(1);

    // Its thread opens, the screenshot served back to this session.
    const detail = byId(page, FeedbackTestId.detail);
    await byId(detail, FeedbackTestId.message).first().waitFor();
    expect(await byId(detail, FeedbackTestId.message).first().innerText()).toContain(text);
    const image = detail.locator('img').first();
    await expect
      .poll(() => image.evaluate((el) => (el instanceof HTMLImageElement ? el.naturalWidth : 0)))
      .toBeGreaterThan(0);
    await page.keyboard.press('Escape');

    const row = byId(view, FeedbackTestId.table).locator('tbody tr.ant-table-row', { hasText: text });
    await row.waitFor();
    expect(await byId(row, FeedbackTestId.rowState).getAttribute('data-state')).toBe('OPEN');
  });
});
