import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RemoteTestId } from '../apps/web/src/components/remote/testIds.js';
import { active, apiAs, byId, holdSession, loginToken, type Api, type Envelope } from './support/api.js';
import { launchBrowser, newContext } from './support/browser.js';
import { announced, english, type AnnouncedDevice } from './support/fleet.js';
import { sharedServer } from './support/shared-server.js';

// Step 5b remote operations in Chromium against the demo fleet's Munich home (an inverter and a battery
// behind one simulated logger): read the inverter's settings registers, refuse an out-of-range edit on the spot,
// write a new active-power limit and see it read back; the battery's time-slot editor refuses an overlap
// with the spec's message; the command centre lists the write just sent, done.

const INVERTER_SN = 'SFI3A2606000001';
const BATTERY_SN = 'SFB12606000001';
const REGISTER = 'WMaxLimPct';

const server = sharedServer();
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: Api;
let inverter: AnnouncedDevice;
let battery: AnnouncedDevice;

async function openRemote(device: AnnouncedDevice, section: string): Promise<Locator> {
  await page.goto(
    `${server.baseUrl}/#/station/detail/${String(device.stationId)}?tab=remote&target=d${String(device.id)}&section=${section}`,
  );
  const tab = byId(active(page), RemoteTestId.remoteTab);
  await tab.and(page.locator('[data-state="ready"]')).waitFor();
  return tab;
}

beforeAll(async () => {
  browser = await launchBrowser();
  api = apiAs(server, await loginToken(server));
  [inverter, battery] = await Promise.all([announced(api, INVERTER_SN), announced(api, BATTERY_SN)]);

  context = await newContext(browser, { viewport: { width: 1600, height: 1000 } });
  page = await context.newPage();
  await holdSession(page, server);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('remote settings', () => {
  let written = '';

  it('reads the registers, refuses an out-of-range value on the spot, writes and reads back', async () => {
    const tab = await openRemote(inverter, 'registers');
    const registers = byId(tab, RemoteTestId.registers);
    const settings = registers.locator(
      `[data-testid="${RemoteTestId.registerGroup}"][data-group="settings"]`,
    );
    const [read] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/remote/register/read')),
      byId(settings, RemoteTestId.registerGroupRead).click(),
    ]);
    expect(((await read.json()) as Envelope<{ state: string }>).data.state).toBe('DONE');
    const row = registers.locator(`tr[data-row-key="${REGISTER}"]`);
    const current = byId(row, RemoteTestId.registerCurrent);
    await expect.poll(() => current.textContent()).toMatch(/^\d+$/);
    const before = Number(await current.textContent());
    written = String(before === 73 ? 64 : 73);

    await byId(row, RemoteTestId.registerEdit).click();
    const input = byId(row, RemoteTestId.registerInput);
    await input.fill('150');
    await expect
      .poll(() => byId(row, RemoteTestId.registerError).textContent())
      .toBe(english('rules', 'rule.valueOutOfRange'));
    expect(await byId(row, RemoteTestId.registerSave).isDisabled()).toBe(true);
    // Writing while a row is still being edited asks to save it first.
    await byId(registers, RemoteTestId.registersWrite).click();
    await expect
      .poll(() => byId(registers, RemoteTestId.registersSaveFirst).textContent())
      .toBe(english('rules', 'rule.saveFirst'));

    await input.fill(written);
    await byId(row, RemoteTestId.registerSave).click();
    await expect.poll(() => byId(row, RemoteTestId.registerModified).textContent()).toBe(written);
    await byId(registers, RemoteTestId.registersWrite).click();
    const dialog = byId(page, RemoteTestId.writeDialog);
    const change = dialog.locator(`[data-testid="${RemoteTestId.writeChange}"][data-key="${REGISTER}"]`);
    expect(await change.textContent()).toContain(String(before));
    expect(await change.textContent()).toContain(written);
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/remote/register/write')),
      byId(dialog, RemoteTestId.writeConfirm).click(),
    ]);
    expect(((await answer.json()) as Envelope<{ applied: boolean }>).data.applied).toBe(true);
    await dialog.locator(`[data-testid="${RemoteTestId.writeResult}"][data-applied="true"]`).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => current.textContent()).toBe(written);
  });

  it('refuses overlapping storage periods with the spec message', async () => {
    const tab = await openRemote(battery, 'storage');
    const storage = byId(tab, RemoteTestId.storage);
    await storage.waitFor();
    await byId(storage, RemoteTestId.storageMode)
      .locator('label')
      .filter({ hasText: english('web-remote', 'remoteSettings.storage.mode.TIME_SHARED') })
      .click();
    const rows = byId(storage, RemoteTestId.storagePeriodRow);
    while ((await rows.count()) > 0) await byId(rows.first(), RemoteTestId.storagePeriodRemove).click();
    await byId(storage, RemoteTestId.storagePeriodAdd).click();
    await byId(storage, RemoteTestId.storagePeriodAdd).click();
    expect(await rows.count()).toBe(2);
    expect(await byId(storage, RemoteTestId.storageProblem).count()).toBe(0);

    // 00:00–01:00 and 00:30–01:00 overlap: refused before anything is sent.
    await byId(rows.nth(1), RemoteTestId.storagePeriodStart).fill('00:30');
    await expect
      .poll(() => byId(storage, RemoteTestId.storageProblem).textContent())
      .toBe(english('rules', 'rule.timePeriodDuplicate'));
    expect(await rows.nth(0).getAttribute('data-overlapping')).toBe('true');
    expect(await byId(storage, RemoteTestId.storageSave).isDisabled()).toBe(true);
    expect(
      await byId(storage, RemoteTestId.storageTimeline).locator('[data-overlapping="true"]').count(),
    ).toBe(2);

    await byId(rows.nth(1), RemoteTestId.storagePeriodStart).fill('01:00');
    await byId(rows.nth(1), RemoteTestId.storagePeriodEnd).fill('03:00');
    await expect.poll(() => byId(storage, RemoteTestId.storageProblem).count()).toBe(0);
    expect(await byId(storage, RemoteTestId.storageSave).isDisabled()).toBe(false);
  });

  it('lists the write just sent in the command centre, done', async () => {
    expect(written).not.toBe('');
    await page.goto(`${server.baseUrl}/#/operation/command`);
    const table = byId(active(page), RemoteTestId.commandTable);
    const writeName = english('web-remote', 'commandCentre.name.register.write');
    await Promise.all([
      page.waitForResponse(
        (r) => r.url().includes('/api/command/page') && r.url().includes('register.write'),
      ),
      (async () => {
        await byId(active(page), RemoteTestId.commandNameFilter).click();
        await page.locator('.ant-select-item-option').filter({ hasText: writeName }).click();
      })(),
    ]);
    const row = table
      .locator('tbody tr')
      .filter({ hasText: INVERTER_SN })
      .filter({ hasText: writeName })
      .first();
    await row.waitFor();
    expect(await byId(row, RemoteTestId.commandState).getAttribute('data-state')).toBe('DONE');
    expect(await row.textContent()).toContain(server.adminUsername);
    await row.click();
    const drawer = byId(page, RemoteTestId.commandDrawer);
    await byId(drawer, RemoteTestId.commandTimeline).waitFor();
    expect(await byId(drawer, RemoteTestId.commandTimeline).textContent()).toContain(
      english('web-remote', 'commandCentre.stage.DONE'),
    );
  });
});
