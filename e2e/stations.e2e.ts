import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_STATION_COLUMNS,
  STATION_LIST_PAGE,
} from '../apps/web/src/features/station/list/columnChoice.js';
import { TestId } from '../apps/web/src/testids.js';
import { active, apiAs, byId, holdSession, loginToken, type Api, type Envelope } from './support/api.js';
import { closeContextsAfterEach, launchBrowser, newContext } from './support/browser.js';
import { pickOption } from './support/select.js';
import { sharedServer } from './support/shared-server.js';

// Step 3 in Chromium: Home shows the demo fleet on the map with the API's own figures; a station is
// created through the form, found in the list, renamed and deleted with confirmation; Home and the list
// fit a phone screen without sideways scrolling.

interface IndexStats {
  currency: string;
  capacityKwp: number;
  stationStatus: { total: number };
  deviceStatus: { total: number };
}
interface StationRow {
  id: number;
  name: string;
  capacityKwp: number;
  currency: string;
  price: number;
  latitude: number | null;
  longitude: number | null;
  timeZone: string;
}

const STATION = `E2E Barn Roof ${Date.now().toString(36)}`;
const RENAMED = `${STATION} renamed`;

const server = sharedServer();
let browser: Browser;
let admin: Api;
const contexts: BrowserContext[] = [];
closeContextsAfterEach(contexts);

/** The text box of a field, whether the test id sits on the input itself or on its wrapper. */
const input = (scope: Locator, id: string): Locator =>
  scope.locator(`input[data-testid="${id}"], [data-testid="${id}"] input`).first();

/** GET as the administrator: the data, or an error naming the refusal. */
async function api<T>(path: string): Promise<T> {
  const envelope = await admin<T>('GET', path);
  if (envelope.status !== 200) throw new Error(`${path}: ${envelope.enMsg}`);
  return envelope.data;
}

/** The administrator's station list columns back to the defaults. */
async function defaultColumns(): Promise<void> {
  const reset = await admin('POST', '/columnOption', {
    page: STATION_LIST_PAGE,
    columns: DEFAULT_STATION_COLUMNS,
  });
  expect(reset.status).toBe(200);
}

async function newPage(viewport = { width: 1440, height: 900 }): Promise<Page> {
  const context = await newContext(browser, { viewport, timezoneId: 'Europe/Berlin' });
  contexts.push(context);
  const page = await context.newPage();
  await holdSession(page, server);
  return page;
}

/** Opens an antd Select (found by its form field id) and picks the option containing `text`. */
const pick = (page: Page, fieldId: string, text: string): Promise<void> =>
  pickOption(page, page.locator(`.ant-select:has(#${fieldId})`), text);

function rows(page: Page, text: string): Locator {
  return byId(active(page), TestId.stationTable).locator('tbody tr.ant-table-row').filter({ hasText: text });
}

/** Opens the actions menu of the station's row (or card) and chooses the action with this test id. */
async function chooseAction(page: Page, row: Locator, actionId: string): Promise<void> {
  await byId(row, TestId.stationActions).click();
  await page.locator(`[data-testid="${actionId}"]:visible`).click();
}

async function search(page: Page, keyword: string): Promise<void> {
  const box = byId(active(page), TestId.listKeyword).locator('input');
  await box.fill(keyword);
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/station/list') && r.url().includes('name=')),
    box.press('Enter'),
  ]);
}

async function noSidewaysOverflow(page: Page): Promise<{ scroll: number; inner: number }> {
  return page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: document.documentElement.clientWidth,
  }));
}

/**
 * The header cells of the table that something else covers at their centre (a fixed column over a
 * scrolled one), or that lie outside the table's visible box.
 */
async function hiddenHeaders(table: Locator): Promise<string[]> {
  return table.evaluate((root) => {
    const box = root.querySelector('.ant-table')?.getBoundingClientRect();
    if (box === undefined) return ['(no table)'];
    const hidden: string[] = [];
    for (const th of root.querySelectorAll('thead th')) {
      const name = th.textContent?.trim() ?? '';
      if (name === '') continue;
      const r = th.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      const hit = document.elementFromPoint(x, y);
      if (x < box.left || x > box.right || hit === null || !th.contains(hit)) hidden.push(name);
    }
    return hidden;
  });
}

/** Whether the element's centre is on screen and not covered by anything else. */
async function inView(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (x < 0 || x > document.documentElement.clientWidth) return false;
    const hit = document.elementFromPoint(x, y);
    return hit !== null && (el === hit || el.contains(hit));
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = apiAs(server, await loginToken(server));
});

afterAll(async () => {
  // The columns are the administrator's, on a server the other files share: leave them as found.
  await defaultColumns();
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
});

describe('Home', () => {
  it("shows the demo fleet's stations on the map and the API's figures", async () => {
    const locations = await api<{ id: number }[]>('/station/locations');
    expect(locations.length).toBeGreaterThan(0);
    const page = await newPage();
    await page.goto(`${server.baseUrl}/#/index`);
    const home = byId(active(page), TestId.homePage);
    await home.waitFor();
    await expect
      .poll(() => home.locator('.station-marker').count(), { timeout: 15_000 })
      .toBe(locations.length);

    const stats = await api<IndexStats>('/station/stats/index');
    const capacity = byId(home, `${TestId.homeKpi}-capacity`);
    await expect.poll(() => capacity.getAttribute('data-raw')).toBe(String(stats.capacityKwp));
    expect(await capacity.innerText()).toMatch(/\d+\.\d{2}\s*[kMGT]Wp/);
    expect(await byId(home, `${TestId.homeStationStatus}-total`).getAttribute('data-raw')).toBe(
      String(stats.stationStatus.total),
    );
    expect(await byId(home, `${TestId.homeDeviceStatus}-total`).getAttribute('data-raw')).toBe(
      String(stats.deviceStatus.total),
    );
    expect(await byId(home, TestId.homeGreeting).innerText()).toContain(server.adminUsername);

    // Without a choice the income is in the currency the fleet is priced in (the server's default for the
    // caller); it follows the chosen currency, which survives a reload.
    expect(stats.currency).toBe('EUR');
    expect(await byId(home, TestId.homeCurrency).innerText()).toContain('EUR');
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/station/stats/index?currency=GBP')),
      pickOption(page, byId(home, TestId.homeCurrency), 'GBP'),
    ]);
    await expect.poll(() => byId(home, `${TestId.homeKpi}-incomeTotal`).innerText()).toContain('GBP');
    expect(await page.evaluate(() => window.localStorage.getItem('homeCurrency'))).toBe('GBP');
  });
});

describe('station list and form', () => {
  it('creates a station through the form, finds it, renames it and deletes it after confirming', async () => {
    const page = await newPage();
    await page.goto(`${server.baseUrl}/#/createStation`);
    const form = byId(active(page), TestId.stationForm);
    await form.waitFor();
    await input(form, TestId.stationFormName).fill(STATION);
    await pick(page, 'type', 'Residential PV with storage');
    await input(form, TestId.stationFormCapacity).fill('9.8');
    await pick(page, 'timeZone', 'Europe/Berlin');
    // Coordinates are typed: the picker works whether or not map tiles load. The currency is proposed
    // for the position; the price is the station's own.
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/station/defaults?')),
      (async () => {
        await input(form, TestId.stationFormLongitude).fill('11.5');
        await input(form, TestId.stationFormLatitude).fill('48.1');
      })(),
    ]);
    await expect.poll(() => form.locator('.location-picker-marker').count()).toBe(1);
    await expect.poll(() => byId(form, TestId.stationFormCurrency).innerText()).toContain('EUR');
    await input(form, TestId.stationFormPrice).fill('0.32');

    const [created] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/station') && r.request().method() === 'POST'),
      byId(form, TestId.stationFormSubmit).click(),
    ]);
    const id = ((await created.json()) as Envelope<{ id: number }>).data.id;
    const stored = await api<StationRow>(`/station/${String(id)}`);
    expect(stored).toMatchObject({
      name: STATION,
      capacityKwp: 9.8,
      longitude: 11.5,
      latitude: 48.1,
      currency: 'EUR',
      price: 0.32,
    });
    expect(stored.timeZone).toBe('Europe/Berlin');

    await byId(active(page), TestId.stationListPage).waitFor();
    await search(page, STATION.slice(4, 16));
    await expect.poll(() => rows(page, STATION).count()).toBe(1);

    // Follow: the star calls the API and "followed only" then lists the station.
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/api/station/${String(id)}/concern`)),
      rows(page, STATION).locator(`[data-testid="${TestId.stationFollow}"]`).click(),
    ]);
    await expect
      .poll(async () => (await api<{ concern: boolean }>(`/station/${String(id)}`)).concern)
      .toBe(true);
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/station/list') && r.url().includes('concern=true')),
      byId(active(page), TestId.stationFollowedOnly).click(),
    ]);
    await expect.poll(() => rows(page, STATION).count()).toBe(1);
    await byId(active(page), TestId.stationFollowedOnly).click();

    // Rename
    await chooseAction(page, rows(page, STATION), TestId.stationRename);
    const renameForm = page.locator(`[data-testid="${TestId.stationRenameForm}"]:visible`);
    await renameForm.locator(`[data-testid="${TestId.stationFormName}"]`).fill(RENAMED);
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/station/name') && r.request().method() === 'PUT'),
      page.locator(`[data-testid="${TestId.formSubmit}"]:visible`).click(),
    ]);
    await expect.poll(() => rows(page, RENAMED).count()).toBe(1);
    expect((await api<StationRow>(`/station/${String(id)}`)).name).toBe(RENAMED);

    // Delete: nothing happens until the confirmation is accepted.
    await chooseAction(page, rows(page, RENAMED), TestId.stationDelete);
    const ok = page.locator(`[data-testid="${TestId.confirmOk}"]:visible`);
    await ok.waitFor();
    expect((await api<StationRow>(`/station/${String(id)}`)).name).toBe(RENAMED);
    await Promise.all([
      page.waitForResponse(
        (r) => r.url().endsWith(`/api/station/${String(id)}`) && r.request().method() === 'DELETE',
      ),
      ok.click(),
    ]);
    await expect.poll(() => rows(page, RENAMED).count()).toBe(0);
    const list = await api<{ total: number }>(`/station/list?name=${encodeURIComponent(RENAMED)}`);
    expect(list.total).toBe(0);
  });

  it("proposes the time zone, currency and price of a new station's position, and no invented price", async () => {
    const page = await newPage();
    await page.goto(`${server.baseUrl}/#/createStation`);
    const form = byId(active(page), TestId.stationForm);
    await form.waitFor();
    const zone = byId(form, TestId.stationFormTimeZone);
    const currency = byId(form, TestId.stationFormCurrency);
    const price = input(form, TestId.stationFormPrice);
    expect(await price.inputValue()).toBe('');
    const name = `E2E Seville ${Date.now().toString(36)}`;
    await input(form, TestId.stationFormName).fill(name);
    await pick(page, 'type', 'Residential PV');
    await input(form, TestId.stationFormCapacity).fill('6.5');

    /** Types a position and waits for what the server proposes for it. */
    const typePosition = async (longitude: string, latitude: string): Promise<void> => {
      await Promise.all([
        page.waitForResponse(
          (r) =>
            r.url().includes('/api/station/defaults?') &&
            r.url().includes(`longitude=${longitude}`) &&
            r.url().includes(`latitude=${latitude}`),
        ),
        (async () => {
          await input(form, TestId.stationFormLongitude).fill(longitude);
          await input(form, TestId.stationFormLatitude).fill(latitude);
        })(),
      ]);
    };

    // Munich: the seeded region Germany gives the euro and its typical price.
    await typePosition('11.5', '48.1');
    await expect.poll(() => zone.innerText()).toContain('Europe/Berlin');
    await expect.poll(() => price.inputValue()).toBe('0.40');
    expect(await currency.innerText()).toContain('EUR');
    expect(await form.innerText()).toContain('Typical household price in Germany');

    // Seville: Spain's zone and currency; no region gives a price, so the one proposed for Germany goes.
    await typePosition('-5.9845', '37.3891');
    await expect.poll(() => zone.innerText()).toContain('Europe/Madrid');
    await expect.poll(() => price.inputValue()).toBe('');
    expect(await currency.innerText()).toContain('EUR');
    expect(await form.innerText()).toContain('No typical price is known for this place');

    // The price is required: nothing is sent until the user gives one.
    let posted = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/station') && r.method() === 'POST') posted = true;
    });
    await byId(form, TestId.stationFormSubmit).click();
    await form.locator('.ant-form-item-has-error:has(#price)').waitFor();
    expect(posted).toBe(false);

    await price.fill('0.21');
    const [created] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/station') && r.request().method() === 'POST'),
      byId(form, TestId.stationFormSubmit).click(),
    ]);
    const id = ((await created.json()) as Envelope<{ id: number }>).data.id;
    const stored = await api<StationRow>(`/station/${String(id)}`);
    expect(stored).toMatchObject({
      timeZone: 'Europe/Madrid',
      currency: 'EUR',
      price: 0.21,
      longitude: -5.9845,
    });
    expect((await admin('DELETE', `/station/${String(id)}`)).status).toBe(200);
  });

  it('saves the chosen columns for the account and shows them after a reload', async () => {
    const page = await newPage();
    await page.goto(`${server.baseUrl}/#/stationSystem`);
    const list = byId(active(page), TestId.stationListPage);
    await list.locator('tbody tr.ant-table-row').first().waitFor();
    const header = list.locator('thead');
    expect(await header.innerText()).not.toContain('Owner account');
    await byId(list, TestId.stationColumns).click();
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/columnOption')),
      page.locator('.station-column-options:visible').getByText('Owner account').click(),
    ]);
    expect(((await saved.json()) as Envelope).status).toBe(200);
    const info = await api<{ columnOption: Record<string, string[]> }>('/info');
    expect(info.columnOption['station/list']).toContain('owner');
    await page.reload();
    await byId(active(page), TestId.stationListPage).locator('tbody tr.ant-table-row').first().waitFor();
    expect(await byId(active(page), TestId.stationListPage).locator('thead').innerText()).toContain(
      'Owner account',
    );
  });

  it('at 1440×900 shows every default column without covering one, and keeps the name on the left', async () => {
    // The default columns (an earlier test chose one more for this account).
    await defaultColumns();
    const page = await newPage();
    await page.goto(`${server.baseUrl}/#/stationSystem`);
    const table = byId(active(page), TestId.stationTable);
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    const overflow = await noSidewaysOverflow(page);
    expect(overflow.scroll).toBeLessThanOrEqual(overflow.inner);
    const header = await table.locator('thead').innerText();
    for (const title of [
      'Station name',
      'Status',
      'Capacity',
      'Power now',
      'Energy today',
      'Total energy',
      'Company',
    ])
      expect(header).toContain(title);
    // The actions are one icon per row, not a wide fixed column over the figures.
    expect(await hiddenHeaders(table)).toEqual([]);
    const firstRow = table.locator('tbody tr.ant-table-row').first();
    await chooseAction(page, firstRow, TestId.stationRename);
    await page.locator(`[data-testid="${TestId.stationRenameForm}"]:visible`).waitFor();
    await page.keyboard.press('Escape');

    // Narrower (a tablet): the figures scroll inside the table, the page itself does not, and the name stays.
    await page.setViewportSize({ width: 1024, height: 768 });
    const scroller = table.locator('.ant-table-content, .ant-table-body').first();
    await expect.poll(() => scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    expect(await inView(byId(firstRow, TestId.stationRowName))).toBe(true);
    expect(await inView(table.locator('thead th').filter({ hasText: 'Company' }))).toBe(true);
    const narrow = await noSidewaysOverflow(page);
    expect(narrow.scroll).toBeLessThanOrEqual(narrow.inner);
  });

  it('on a phone (390×844) lists every station of the page by name as cards that open the station', async () => {
    const listed = await api<{ list: { id: number; name: string }[] }>('/station/list?pageNum=1&pageSize=20');
    expect(listed.list.length).toBeGreaterThan(0);
    const page = await newPage({ width: 390, height: 844 });
    await page.goto(`${server.baseUrl}/#/index`);
    await byId(active(page), TestId.homePage).waitFor();
    await byId(active(page), `${TestId.homeKpi}-capacity`).waitFor();
    const home = await noSidewaysOverflow(page);
    expect(home.scroll).toBeLessThanOrEqual(home.inner);

    await page.goto(`${server.baseUrl}/#/stationSystem`);
    const list = byId(active(page), TestId.stationTable);
    const cards = byId(list, TestId.stationCard);
    await expect.poll(() => cards.count()).toBe(listed.list.length);
    for (const station of listed.list) {
      const name = byId(cards.and(page.locator(`[data-id="${String(station.id)}"]`)), TestId.stationRowName);
      expect(await name.innerText()).toBe(station.name);
      await name.scrollIntoViewIfNeeded();
      expect(await inView(name)).toBe(true);
      // Whole, not cut with an ellipsis.
      expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    const overflow = await noSidewaysOverflow(page);
    expect(overflow.scroll).toBeLessThanOrEqual(overflow.inner);

    // The actions are still there, behind the card's menu.
    const first = cards.first();
    await first.scrollIntoViewIfNeeded();
    await byId(first, TestId.stationActions).click();
    await page.locator(`[data-testid="${TestId.stationEdit}"]:visible`).waitFor();
    await page.keyboard.press('Escape');
    await page.locator(`[data-testid="${TestId.stationEdit}"]:visible`).waitFor({ state: 'hidden' });

    // Tapping the card (not its name) opens the station.
    const firstId = await first.getAttribute('data-id');
    await first.locator('.station-card-figures').click();
    await page.waitForURL(new RegExp(`#/station/detail/${firstId ?? 'x'}`));
    await byId(active(page), TestId.stationDetail).waitFor();
  });
});
