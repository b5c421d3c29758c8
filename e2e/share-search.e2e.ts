import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestId } from '../apps/web/src/testids.js';
import { launchBrowser, newContext } from './support/browser.js';
import { startServer, type RunningTestServer } from './support/server.js';

// Step 3 share links and global search in Chromium against the demo fleet: a link made on the station
// page opens in a fresh browser without login (its calls carry no Authorization header) and stops
// working once revoked; the top-bar search finds a device by SN and opens its detail page.

interface Envelope<T = unknown> {
  status: number;
  enMsg: string;
  data: T;
}
interface GatewayItem {
  id: number;
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

let server: RunningTestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;
let station: { id: number; name: string };
let device: { id: number; sn: string };

const byId = (scope: Page | Locator, id: string): Locator => scope.locator(`[data-testid="${id}"]`);
const active = (p: Page): Locator => byId(p, TestId.activeView);

async function api<T>(method: string, path: string): Promise<Envelope<T>> {
  const res = await fetch(`${server.baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
  });
  return (await res.json()) as Envelope<T>;
}

/** A logger of the demo fleet bound to a station, with an inverter behind it. */
async function demoStationAndInverter(): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const loggers = await api<{ list: GatewayItem[] }>('GET', '/gateway/page?pageNum=1&pageSize=20');
    for (const logger of loggers.data.list) {
      if (logger.stationId === null || logger.stationName === null) continue;
      const detail = await api<GatewayDetail>('GET', `/gateway/${String(logger.id)}`);
      const inverter = detail.data.devices.find((d) => d.type === 'INVERTER');
      if (inverter !== undefined) {
        station = { id: logger.stationId, name: logger.stationName };
        device = { id: inverter.id, sn: inverter.sn };
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
  server = await startServer();
  browser = await launchBrowser();
  const login = await fetch(`${server.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: server.adminUsername, password: server.adminPassword }),
  });
  token = ((await login.json()) as Envelope<{ token: string }>).data.token;
  await demoStationAndInverter();

  context = await newContext(browser, { viewport: { width: 1600, height: 1000 } });
  page = await context.newPage();
  await page.goto(`${server.baseUrl}/#/login/index`);
  await byId(page, TestId.loginUsername).fill(server.adminUsername);
  await byId(page, TestId.loginPassword).fill(server.adminPassword);
  await byId(page, TestId.loginSubmit).click();
  await byId(page, TestId.shell).waitFor();
}, 240_000);

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
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
});
