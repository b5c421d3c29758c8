import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestId } from '../apps/web/src/testids.js';
import { active, apiAs, byId, holdSession, loginToken, type Api, type Envelope } from './support/api.js';
import { launchBrowser, newContext } from './support/browser.js';
import { demoLoggerSns } from './support/shared-env.js';
import { sharedServer } from './support/shared-server.js';

// Step 3 share links and global search in Chromium against the demo fleet: a link made on the station
// page opens in a fresh browser without login (its calls carry no Authorization header) and stops
// working once revoked; the top-bar search finds a device by SN and opens its detail page.

interface GatewayItem {
  id: number;
  sn: string;
  stationId: number | null;
  stationName: string | null;
}
interface GatewayDetail {
  devices: { id: number; sn: string; type: string }[];
}
interface ShareLink {
  id: number;
  url: string;
  token: string;
}

const server = sharedServer();
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: Api;
let station: { id: number; name: string };
let device: { id: number; sn: string };
let logger: { id: number; sn: string };

/**
 * A logger of the demo fleet bound to a station, with an inverter behind it (not one another file of the
 * shared server added).
 */
async function demoStationAndInverter(): Promise<void> {
  const demo = new Set(demoLoggerSns());
  const deadline = Date.now() + 120_000;
  for (;;) {
    const loggers = await api<{ list: GatewayItem[] }>('GET', '/gateway/page?pageNum=1&pageSize=50');
    for (const found of loggers.data.list) {
      if (!demo.has(found.sn) || found.stationId === null || found.stationName === null) continue;
      const detail = await api<GatewayDetail>('GET', `/gateway/${String(found.id)}`);
      const inverter = detail.data.devices.find((d) => d.type === 'INVERTER');
      if (inverter !== undefined) {
        station = { id: found.stationId, name: found.stationName };
        device = { id: inverter.id, sn: inverter.sn };
        logger = { id: found.id, sn: found.sn };
        return;
      }
    }
    if (Date.now() > deadline) throw new Error('no demo logger with an inverter');
    await new Promise((r) => setTimeout(r, 2_000));
  }
}

/** A fresh browser context (no session) at phone size; its page records the /api requests it makes. */
async function openAnonymously(): Promise<{ ctx: BrowserContext; p: Page; apiRequests: Request[] }> {
  const ctx = await newContext(browser, { viewport: { width: 390, height: 844 } });
  const p = await ctx.newPage();
  const apiRequests: Request[] = [];
  p.on('request', (r) => {
    if (r.url().includes('/api/')) apiRequests.push(r);
  });
  return { ctx, p, apiRequests };
}

beforeAll(async () => {
  browser = await launchBrowser();
  api = apiAs(server, await loginToken(server));
  await demoStationAndInverter();

  context = await newContext(browser, { viewport: { width: 1600, height: 1000 } });
  page = await context.newPage();
  await holdSession(page, server);
}, 240_000);

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
});

describe('share links', () => {
  it('opens a new link in a fresh browser without login, and a revoked one no more', async () => {
    await page.goto(`${server.baseUrl}/#/station/detail/${String(station.id)}?tab=share`);
    const panel = byId(active(page), TestId.shareLinksPanel);
    await byId(panel, TestId.shareLinkCreate).click();
    await byId(page, TestId.shareLinkTitle).fill('For the e2e neighbours');
    const [created] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/shareLink') && r.request().method() === 'POST'),
      byId(page, TestId.shareLinkSubmit).click(),
    ]);
    const link = ((await created.json()) as Envelope<ShareLink>).data;
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.url).toBe(`${server.baseUrl}/#/station/share?token=${link.token}`);
    const row = byId(panel, TestId.shareLinksTable).locator('tbody tr.ant-table-row', {
      hasText: 'For the e2e neighbours',
    });
    await row.waitFor();

    const viewer = await openAnonymously();
    const [view, power] = await Promise.all([
      viewer.p.waitForResponse((r) => r.url().includes('/api/station/share?')),
      viewer.p.waitForResponse((r) => r.url().includes('/api/station/powerChartData/share?')),
      viewer.p.goto(link.url),
    ]);
    expect(((await view.json()) as Envelope).status).toBe(200);
    expect(((await power.json()) as Envelope).status).toBe(200);
    const shared = byId(viewer.p, TestId.sharedStation);
    await shared.waitFor();
    expect(await byId(shared, TestId.pageTitle).innerText()).toBe(station.name);
    expect(await byId(shared, TestId.sharedKpi).count()).toBe(8);
    // Every call of the public page ends in /share and goes without a token (SPEC §6).
    const shareCalls = viewer.apiRequests.filter((r) => new URL(r.url()).pathname.endsWith('/share'));
    expect(shareCalls.length).toBeGreaterThanOrEqual(2);
    for (const r of shareCalls) expect((await r.allHeaders()).authorization).toBeUndefined();
    await viewer.ctx.close();

    await byId(row, TestId.shareLinkRevoke).click();
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/shareLink') && r.request().method() === 'PUT'),
      byId(page, TestId.confirmOk).click(),
    ]);
    await expect
      .poll(async () => byId(row, TestId.shareLinkState).getAttribute('data-state'))
      .toBe('REVOKED');

    const late = await openAnonymously();
    const [refused] = await Promise.all([
      late.p.waitForResponse((r) => r.url().includes('/api/station/share?')),
      late.p.goto(link.url),
    ]);
    expect(((await refused.json()) as Envelope).status).toBe(4004);
    await byId(late.p, TestId.shareUnavailable).waitFor();
    expect(await byId(late.p, TestId.sharedStation).count()).toBe(0);
    await late.ctx.close();
  });
});

describe('global search', () => {
  it('finds a demo device by SN, opens its detail page and remembers the search', async () => {
    await page.goto(`${server.baseUrl}/#/index`);
    await byId(page, TestId.topbarSearch).click();
    const dialog = byId(page, TestId.searchDialog);
    await byId(dialog, TestId.searchHistory).waitFor();
    await Promise.all([
      page.waitForResponse(
        (r) => r.url().includes('/api/indexSearch?') && r.url().includes(`keywords=${device.sn}`),
      ),
      byId(dialog, TestId.searchInput).fill(`  ${device.sn} `),
    ]);
    const devices = dialog.locator(`[data-testid="${TestId.searchSection}"][data-type="INVERTER"]`);
    const hit = byId(devices, TestId.searchResult).filter({ hasText: device.sn });
    await hit.waitFor();
    await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/queryHistory') && r.method() === 'POST'),
      hit.click(),
    ]);
    await expect
      .poll(() => page.url())
      .toContain(`/device/detail/${String(device.id)}?tagTitleSuffix=${device.sn}`);

    await byId(page, TestId.topbarSearch).click();
    const entry = byId(byId(page, TestId.searchHistory), TestId.searchHistoryEntry).filter({
      hasText: device.sn,
    });
    await entry.waitFor();
    expect(await byId(page, TestId.searchClearHistory).isDisabled()).toBe(false);
  });

  it('shows the status and the linked station of a found logger and device (1440×900 and 390×844)', async () => {
    interface Placed {
      id: number;
      status: string;
      stationId: number | null;
      stationName: string | null;
    }
    interface Answer {
      devices: (Placed & { deviceSn: string })[];
      gateways: (Placed & { gatewaySn: string })[];
    }
    const dialog = byId(page, TestId.searchDialog);
    /** Types the keywords and answers the row of the hit in that list, with what the server said of it. */
    const find = async (type: 'INVERTER' | 'GATEWAY', sn: string): Promise<{ row: Locator; hit: Placed }> => {
      const [answer] = await Promise.all([
        page.waitForResponse(
          (r) => r.url().includes('/api/indexSearch?') && r.url().includes(`keywords=${sn}`),
        ),
        byId(dialog, TestId.searchInput).fill(sn),
      ]);
      const data = ((await answer.json()) as Envelope<Answer>).data;
      const hit =
        type === 'INVERTER'
          ? data.devices.find((d) => d.deviceSn === sn)
          : data.gateways.find((g) => g.gatewaySn === sn);
      if (hit === undefined) throw new Error(`${sn} not found`);
      const row = dialog
        .locator(`[data-testid="${TestId.searchSection}"][data-type="${type}"]`)
        .locator(`[data-testid="${TestId.searchResultRow}"]`)
        .filter({ hasText: sn });
      await row.waitFor();
      return { row, hit };
    };
    /** The status tag shows the server's status; the station is a link within the dialog's width. */
    const expectPlaced = async (row: Locator, kind: string, hit: Placed): Promise<Locator> => {
      expect(hit).toMatchObject({ stationId: station.id, stationName: station.name });
      const tag = row.locator(`.ant-tag[data-kind="${kind}"]`);
      expect(await tag.getAttribute('data-status')).toBe(hit.status);
      expect(await tag.isVisible()).toBe(true);
      const link = byId(row, TestId.searchResultStation);
      expect(await link.innerText()).toContain(station.name);
      expect(await link.getAttribute('href')).toContain(`#/station/detail/${String(station.id)}`);
      const box = await link.boundingBox();
      const width = page.viewportSize()?.width ?? 0;
      expect(box !== null && box.x >= 0 && box.x + box.width <= width).toBe(true);
      expect(await row.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      return link;
    };

    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(`${server.baseUrl}/#/index`);
      // The test before leaves the dialog open.
      if ((await byId(page, TestId.searchInput).count()) > 0) await page.keyboard.press('Escape');
      await byId(page, TestId.searchInput).waitFor({ state: 'detached' });
      // The box as it shows (on a phone only its icon; the text field inside has no width).
      await page.locator('.topbar-search').click();
      await byId(dialog, TestId.searchHistory).waitFor();

      const gatewayHit = await find('GATEWAY', logger.sn);
      await expectPlaced(gatewayHit.row, 'gateway', gatewayHit.hit);
      const deviceHit = await find('INVERTER', device.sn);
      const link = await expectPlaced(deviceHit.row, 'device', deviceHit.hit);

      // The station link closes the dialog and opens the station.
      await link.click();
      await page.waitForURL(new RegExp(`#/station/detail/${String(station.id)}\\?`));
      await byId(active(page), TestId.stationDetail).waitFor();
      expect(await byId(page, TestId.searchInput).count()).toBe(0);
    }
    await page.setViewportSize({ width: 1600, height: 1000 });
  });
});
