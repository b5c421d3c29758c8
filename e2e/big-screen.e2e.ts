import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BigScreenData } from '@sunfleet/contracts';
import { BigScreenTestId as Id } from '../apps/web/src/features/bigscreen/testIds.js';
import { SHOWCASE_START } from '../apps/web/src/features/bigscreen/showcaseCounters.js';
import { apiAs, byId, holdSession, loginToken, type Api } from './support/api.js';
import { launchBrowser, newContext } from './support/browser.js';
import { sharedServer } from './support/shared-server.js';

// The big screen in Chromium against the demo fleet, at 1920×1080 and 1366×768: the world map and the
// power curve are drawn on their canvases, every panel is there, and the figures are those of the
// GET /api/bigScreen answer the page received (the fleet keeps reporting, so the page's own answer is the
// reference, not a second call). The showcase switch puts labelled demonstration figures in place of
// the counts, and nothing else.

const server = sharedServer();
let browser: Browser;
let api: Api;

beforeAll(async () => {
  browser = await launchBrowser();
  api = apiAs(server, await loginToken(server));
});

afterAll(async () => {
  await api('PUT', '/bigScreen/showcase', { showcase: false }).catch(() => undefined);
  await browser?.close();
});

/** Opens the big screen at `width` × `height` as the administrator; answers the page's first summary. */
async function openBigScreen(
  width: number,
  height: number,
): Promise<{ context: BrowserContext; page: Page; data: BigScreenData }> {
  const context = await newContext(browser, { viewport: { width, height } });
  const page = await context.newPage();
  await holdSession(page, server);
  const answered = page.waitForResponse((r) => r.url().includes('/api/bigScreen?zoneOffset='));
  await page.goto(`${server.baseUrl}/#/bigScreen`);
  const body = (await (await answered).json()) as { status: number; data: BigScreenData };
  expect(body.status).toBe(200);
  await byId(page, Id.stations).waitFor();
  return { context, page, data: body.data };
}

/** Pixels of the chart's canvas that something was drawn on. */
async function drawnPixels(page: Page, testId: string): Promise<number> {
  await page.locator(`[data-testid="${testId}"][data-drawn="true"]`).waitFor();
  return page
    .locator(`[data-testid="${testId}"] canvas`)
    .first()
    .evaluate((canvas: HTMLCanvasElement) => {
      const context = canvas.getContext('2d');
      if (context === null || canvas.width === 0) return 0;
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
      let drawn = 0;
      for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) drawn++;
      return drawn;
    });
}

const raw = async (page: Page, testId: string): Promise<number> =>
  Number(await byId(page, testId).getAttribute('data-raw'));

async function expectRealFigures(page: Page, data: BigScreenData): Promise<void> {
  const s = data.kpis.stationStatus;
  for (const key of ['online', 'abnormal', 'offline', 'other', 'total'] as const)
    expect([key, await raw(page, `${Id.stations}-${key}`)]).toEqual([key, s[key]]);
  const d = data.kpis.deviceStatus;
  const devices = { total: d.total, working: d.running, fault: d.fault, offline: d.offline, other: d.other };
  for (const [key, value] of Object.entries(devices))
    expect([key, await raw(page, `${Id.devices}-${key}`)]).toEqual([key, value]);
  expect(await raw(page, `${Id.impact}-coal`)).toBeCloseTo(data.kpis.impact.coalTons);
  expect(await raw(page, `${Id.income}-total`)).toBeCloseTo(data.kpis.income.total);
  for (const key of ['normal', 'fault', 'offline', 'other', 'total'] as const)
    expect([key, await raw(page, `${Id.gateways}-${key}`)]).toEqual([key, data.gateways[key]]);
  expect(await byId(page, `${Id.topGeneration}-row`).count()).toBe(data.topGeneration.length);
  expect(await byId(page, `${Id.topOnline}-row`).count()).toBe(data.topOnlineRate.length);
  expect(await raw(page, `${Id.totals}-stations`)).toBe(s.total);
  expect(await byId(page, Id.showcaseLabel).count()).toBe(0);
}

describe('big screen', () => {
  it('draws its map and panels at 1920×1080 with the figures of its summary', async () => {
    const { context, page, data } = await openBigScreen(1920, 1080);
    try {
      expect(data.showcase).toBe(false);
      expect(data.kpis.stationStatus.total).toBeGreaterThan(0);
      expect(Number(await byId(page, Id.stage).getAttribute('data-scale'))).toBe(1);
      expect(await drawnPixels(page, Id.map)).toBeGreaterThan(10_000);
      expect(await drawnPixels(page, Id.power)).toBeGreaterThan(0);
      for (const panel of [
        Id.stations,
        Id.devices,
        Id.impact,
        Id.income,
        Id.gateways,
        Id.topGeneration,
        Id.topOnline,
      ])
        await expect(byId(page, panel).isVisible()).resolves.toBe(true);
      await expectRealFigures(page, data);
    } finally {
      await context.close();
    }
  });

  it('scales the same stage into 1366×768', async () => {
    const { context, page, data } = await openBigScreen(1366, 768);
    try {
      expect(Number(await byId(page, Id.stage).getAttribute('data-scale'))).toBeCloseTo(768 / 1080);
      const box = await byId(page, Id.stage).boundingBox();
      expect(box!.width).toBeLessThanOrEqual(1366 + 1);
      expect(box!.height).toBeLessThanOrEqual(768 + 1);
      expect(await drawnPixels(page, Id.map)).toBeGreaterThan(5_000);
      // Every panel lies inside the viewport.
      for (const panel of [Id.stations, Id.impact, Id.income, Id.topOnline]) {
        const b = await byId(page, panel).boundingBox();
        expect([panel, b!.y + b!.height <= 768 + 1, b!.x + b!.width <= 1366 + 1]).toEqual([
          panel,
          true,
          true,
        ]);
      }
      await expectRealFigures(page, data);
    } finally {
      await context.close();
    }
  });

  it('shows labelled demonstration figures, and only them, when the showcase is on', async () => {
    const on = await api<{ showcase: boolean }>('PUT', '/bigScreen/showcase', { showcase: true });
    expect(on.data.showcase).toBe(true);
    const { context, page, data } = await openBigScreen(1920, 1080);
    try {
      expect(data.showcase).toBe(true);
      await byId(page, Id.showcaseLabel).waitFor();
      await page.locator('[data-mode="showcase"]').waitFor();
      expect(await raw(page, `${Id.stations}-total`)).toBeGreaterThanOrEqual(SHOWCASE_START.stations.total);
      expect(await raw(page, `${Id.devices}-total`)).toBeGreaterThanOrEqual(SHOWCASE_START.devices.total);
      expect(await raw(page, `${Id.impact}-trees`)).toBeGreaterThanOrEqual(SHOWCASE_START.impact.trees);
      // The real site count is not shown beside the demonstration ones.
      expect(await byId(page, `${Id.totals}-stations`).count()).toBe(0);
      // Kept in local storage.
      const stored = await page.evaluate(() => window.localStorage.getItem('bigScreenShowcase'));
      expect(stored).toContain('"stations"');
    } finally {
      await context.close();
      await api('PUT', '/bigScreen/showcase', { showcase: false });
    }
  });
});
