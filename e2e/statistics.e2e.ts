import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatisticsCompareResult } from '@sunfleet/contracts';
import { recentMonths } from '../apps/web/src/features/statistics/model.js';
import { StatisticsTestId } from '../apps/web/src/features/statistics/testIds.js';
import { active, apiAs, byId, holdSession, loginToken, type Api } from './support/api.js';
import { launchBrowser, newContext } from './support/browser.js';
import { pickOption } from './support/select.js';
import { sharedServer } from './support/shared-server.js';

// Income and yield statistics in Chromium (docs/statistics.md): two demo stations compared over six custom
// months, the ranking table in the order the server ranked them, the seventh month refused by the picker
// ("select up to six items") and by the server (4000 rule.selectUpToSix).

const server = sharedServer();
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: Api;
let stations: { id: number; name: string }[];

beforeAll(async () => {
  browser = await launchBrowser();
  api = apiAs(server, await loginToken(server));
  stations = (await api<{ id: number; name: string }[]>('GET', '/station/simple/list')).data.slice(0, 2);
  expect(stations).toHaveLength(2);
  context = await newContext(browser, { viewport: { width: 1600, height: 1000 } });
  page = await context.newPage();
  await holdSession(page, server);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('statistics', () => {
  it('compares two demo stations over six custom months and refuses a seventh', async () => {
    await page.goto(`${server.baseUrl}/#/statistics`);
    const screen = byId(active(page), StatisticsTestId.page);
    await byId(screen, StatisticsTestId.empty).waitFor();
    // A multiple select stays open after a pick: close it before the next one.
    const pick = async (field: string, text: string): Promise<void> => {
      await pickOption(page, byId(screen, field), text);
      await page.keyboard.press('Escape');
      await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
    };
    for (const s of stations) await pick(StatisticsTestId.stations, s.name);

    const today = new Date().toISOString().slice(0, 10);
    const months = recentMonths(today, 7);
    for (const m of months.slice(0, 6)) await pick(StatisticsTestId.months, m);
    await expect
      .poll(() => byId(screen, StatisticsTestId.monthsLimit).textContent())
      .toBe('select up to six items');
    // The picker holds six: the seventh month cannot be chosen.
    await byId(screen, StatisticsTestId.months).click();
    const seventh = page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: months[6]! });
    await seventh.waitFor();
    expect(await seventh.getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');

    const query =
      `stationIds=${stations.map((s) => s.id).join(',')}&granularity=MONTH&currency=USD&rankBy=YIELD` +
      `&months=${[...months.slice(0, 6)].sort().join(',')}`;
    const expected = await api<StatisticsCompareResult>('GET', `/statistics/compare?${query}`);
    expect(expected.status, expected.enMsg).toBe(200);
    const table = byId(screen, StatisticsTestId.table);
    await expect
      .poll(() => table.locator('tbody tr.ant-table-row').allInnerTexts(), { timeout: 15_000 })
      .toHaveLength(2);
    const names = await table.locator('tbody tr.ant-table-row td:nth-child(2)').allInnerTexts();
    expect(names).toEqual(expected.data.stations.map((s) => s.name));
    const header = await table.locator('thead th').allInnerTexts();
    expect(header.slice(-6)).toEqual([...months.slice(0, 6)].sort());

    const refused = await api('GET', `/statistics/compare?${query},${months[6]!}`);
    expect([refused.status, refused.enMsg]).toEqual([4000, 'rule.selectUpToSix']);
  });
});
