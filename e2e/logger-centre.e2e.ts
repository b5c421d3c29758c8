import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VersionTestId } from '../apps/web/src/features/about/testIds.js';
import { RuntimeErrorTestId } from '../apps/web/src/features/system/runtimeErrorTestIds.js';
import { GatewayTestId } from '../apps/web/src/features/gateways/testIds.js';
import { TestId } from '../apps/web/src/testids.js';
import { active, apiAs, byId, holdSession, loginToken, type Api, type PageOf } from './support/api.js';
import { launchBrowser, newContext } from './support/browser.js';
import { pickOption } from './support/select.js';
import { sharedServer } from './support/shared-server.js';

// Step 5e in Chromium: the logger centre registers a logger and shows its MQTT secret once (gone from the
// page when the dialog closes, a rotation shows a different one), imports an XLSX and hands back the
// credentials sheet; Version information names the database's newest migration.

const server = sharedServer();
const STAMP = Date.now().toString(36).toUpperCase();
const MODEL = 'SF-LOGGER-4G';
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: Api;

beforeAll(async () => {
  browser = await launchBrowser();
  api = apiAs(server, await loginToken(server));
  context = await newContext(browser, { viewport: { width: 1600, height: 1000 } });
  page = await context.newPage();
  await holdSession(page, server);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** The shown password, once the credentials dialog is open. */
async function shownSecret(sn: string): Promise<string> {
  const dialog = byId(page, GatewayTestId.secret);
  await dialog.waitFor();
  expect(await byId(dialog, GatewayTestId.secretSn).innerText()).toBe(sn);
  const password = (await byId(dialog, GatewayTestId.secretPassword).innerText()).trim();
  expect(password.length).toBeGreaterThanOrEqual(16);
  return password;
}

/** Closes the credentials dialog through its only way out, and checks the secret left the page. */
async function closeSecret(password: string): Promise<void> {
  await byId(page, GatewayTestId.secretClose).click();
  await byId(page, GatewayTestId.secret).waitFor({ state: 'detached' });
  expect(await page.content()).not.toContain(password);
}

async function rowOf(screen: Locator, sn: string): Promise<Locator> {
  await byId(screen, TestId.listKeyword).locator('input').fill(sn);
  await byId(screen, TestId.listKeyword).locator('input').press('Enter');
  const row = byId(screen, GatewayTestId.table).locator('tr', { has: page.getByText(sn, { exact: true }) });
  await row.waitFor();
  return row;
}

describe('logger centre', () => {
  it('the logger centre registers a logger and shows its secret once', async () => {
    const sn = `E2ELC${STAMP}`;
    await page.goto(`${server.baseUrl}/#/gatewayCentre`);
    const screen = byId(active(page), GatewayTestId.page);
    await byId(screen, GatewayTestId.table).waitFor();

    await byId(screen, TestId.listCreate).click();
    const form = byId(page, GatewayTestId.registerForm);
    await byId(form, GatewayTestId.registerSn).fill(sn);
    await pickOption(page, byId(form, GatewayTestId.registerModel), MODEL);
    await byId(page, TestId.formSubmit).click();
    const first = await shownSecret(sn);
    await closeSecret(first);

    // Registered and listed, unbound, never seen, no packet-loss figure yet.
    const listed = await api<PageOf<{ sn: string; stationId: number | null; lossRate: number | null }>>(
      'GET',
      `/gateway/page?sn=${sn}`,
    );
    expect(listed.data.list).toEqual([expect.objectContaining({ sn, stationId: null, lossRate: null })]);
    const row = await rowOf(screen, sn);
    expect(await byId(row, GatewayTestId.rowLoss).innerText()).toBe('-');

    // A rotation asks first, then shows a new secret once.
    await byId(row, GatewayTestId.rowRotate).click();
    await byId(page, TestId.confirmOk).click();
    const second = await shownSecret(sn);
    expect(second).not.toBe(first);
    await closeSecret(second);
  });

  it('imports an XLSX and downloads the credentials sheet', async () => {
    const sns = [`E2EIMA${STAMP}`, `E2EIMB${STAMP}`];
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Loggers');
    sheet.addRow(['SN', 'MAC', 'Model']);
    for (const sn of sns) sheet.addRow([sn, '', MODEL]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());

    const screen = byId(active(page), GatewayTestId.page);
    await byId(screen, GatewayTestId.import).click();
    await page
      .locator(
        `[data-testid="${GatewayTestId.importFile}"] input[type="file"], input[type="file"][accept=".xlsx"]`,
      )
      .first()
      .setInputFiles({
        name: 'loggers.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: bytes,
      });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      byId(page, GatewayTestId.importSubmit).click(),
    ]);
    await byId(page, GatewayTestId.importDone).waitFor();
    const credentials = new ExcelJS.Workbook();
    await credentials.xlsx.readFile(await download.path());
    const rows = (credentials.worksheets[0]?.getSheetValues() ?? []).filter(Array.isArray) as unknown[][];
    const text = JSON.stringify(rows);
    for (const sn of sns) expect(text).toContain(sn);
    await byId(page, GatewayTestId.importSubmit).click();
    await byId(page, GatewayTestId.importDone).waitFor({ state: 'detached' });
  });

  it('version information names the newest migration of the database', async () => {
    const journal = JSON.parse(
      readFileSync(new URL('../apps/server/drizzle/meta/_journal.json', import.meta.url), 'utf8'),
    ) as { entries: { tag: string }[] };
    const newest = journal.entries[journal.entries.length - 1]?.tag ?? '';
    await page.goto(`${server.baseUrl}/#/softwareVersion`);
    const schema = byId(active(page), VersionTestId.schema);
    await expect.poll(() => schema.innerText()).toContain(newest);
    expect(await byId(active(page), VersionTestId.changelog).locator('li').count()).toBeGreaterThan(0);
  });

  it('runtime errors shows a reported error grouped, with its occurrence', async () => {
    const message = `E2E runtime error ${STAMP}`;
    // Reported as the login page would: no session.
    const res = await fetch(`${server.baseUrl}/api/clientError`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        kind: 'error',
        message,
        stack: `Error: ${message}\n    at e2e (http://localhost/assets/index.js:1:1)`,
        route: '/login/index',
        build: 'e2e',
      }),
    });
    expect(((await res.json()) as { status: number }).status).toBe(200);
    await page.goto(`${server.baseUrl}/#/system/errors`);
    const screen = byId(active(page), RuntimeErrorTestId.page);
    await byId(screen, TestId.listKeyword).locator('input').fill(message);
    await byId(screen, TestId.listKeyword).locator('input').press('Enter');
    const open = byId(screen, RuntimeErrorTestId.open).filter({ hasText: message });
    await open.click();
    const detail = byId(page, RuntimeErrorTestId.detail);
    await detail.waitFor();
    expect(await detail.innerText()).toContain('/login/index');
  });

  it('the console reports its own uncaught error with route, build and user', async () => {
    const message = `E2E thrown in the page ${STAMP}`;
    await page.evaluate((text) => {
      setTimeout(() => {
        throw new Error(text);
      });
    }, message);
    interface Group {
      message: string;
      lastRoute: string;
      lastUser: string | null;
      build: string;
      kind: string;
    }
    const found = async (): Promise<Group | undefined> =>
      (await api<PageOf<Group>>('GET', `/clientError/page?q=${encodeURIComponent(message)}`)).data.list.find(
        (g) => g.message === `Error: ${message}`,
      );
    await expect.poll(found, { timeout: 10_000 }).toBeDefined();
    expect(await found()).toMatchObject({
      kind: 'error',
      lastRoute: '/system/errors',
      lastUser: server.adminUsername,
    });
    expect((await found())?.build).not.toBe('dev');
  });
});
