import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_DEFINITIONS, BUILT_IN_MODELS } from '@sunfleet/contracts';
import { TestId } from '../apps/web/src/testids.js';
import {
  active,
  apiAs,
  byId,
  loginToken,
  holdSession,
  type Api,
  type Envelope,
  type PageOf,
} from './support/api.js';
import { launchBrowser, newContext } from './support/browser.js';
import { english } from './support/fleet.js';
import { pickOption } from './support/select.js';
import { sharedServer } from './support/shared-server.js';

// Devices console in Chromium against the demo fleet: find an inverter by SN, read its summary (decoded
// operating state, station-zone time), its strings in use live, export its history to XLSX and compare the
// file with the history API, open a battery from the device list and from its station's Devices tab, see a
// storage plant's derived grid flow, then open the inverter's logger, see the devices behind it and rename it.
// The shared server's demo fleet uploads every 30 s (support/shared-env.ts), so readings arrive within a minute.

interface DeviceItem {
  id: number;
  sn: string;
  gatewayId: number;
  gatewaySn: string;
  stationId: number | null;
  lastSeenAt: string | null;
  socPct: number | null;
  timeZone: string;
}
interface Detail {
  id: number;
  sn: string;
  model: string;
  timeZone: string;
  mpptCount: number;
  mpptInUse: number[];
  gatewayId: number;
  gatewaySn: string;
}
interface Latest {
  ts: number | null;
  values: Record<string, number | string | null>;
}
interface History {
  rows: { ts: number; values: Record<string, number | null> }[];
}

const server = sharedServer();
const STAMP = Date.now().toString(36).toUpperCase();
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: Api;
/**
 * Figures appear once the device's latest values have loaded, a request of its own after the page: on a
 * busy CI machine that takes longer than expect.poll's default second.
 */
const FIGURES_ARRIVE = { timeout: 15_000 };
let inverter: Detail;

/**
 * An inverter of the demo fleet whose MPPT channels have reported; one in daylight (a string voltage above
 * zero) when the fleet has one within a minute — the fleet spans the globe, so it nearly always has.
 */
async function reportingInverter(): Promise<Detail> {
  const start = Date.now();
  for (;;) {
    const page = await api<PageOf<DeviceItem>>(
      'GET',
      '/station/gateway/inverterPage?deviceType=INVERTER&pageNum=1&pageSize=50',
    );
    expect(page.status).toBe(200);
    const settle = Date.now() - start > 60_000;
    for (const item of page.data.list.filter((d) => d.lastSeenAt !== null)) {
      const detail = await api<Detail>('GET', `/device/${String(item.id)}`);
      const latest = await api<Latest>('GET', `/device/${String(item.id)}/latest`);
      const v = latest.data.values.DCV_1;
      if (detail.data.mpptCount > 0 && typeof v === 'number' && (v > 0 || settle)) return detail.data;
    }
    if (Date.now() - start > 150_000) throw new Error('no inverter of the demo fleet reported MPPT values');
    await new Promise((r) => setTimeout(r, 2_000));
  }
}

/** A battery of the demo fleet that has reported its state of charge and work mode. */
async function reportingBattery(): Promise<DeviceItem> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const page = await api<PageOf<DeviceItem>>(
      'GET',
      '/station/gateway/inverterPage?deviceType=BATTERY&pageSize=50',
    );
    expect(page.status).toBe(200);
    for (const item of page.data.list.filter((d) => d.socPct !== null && d.stationId !== null)) {
      const latest = await api<Latest>('GET', `/device/${String(item.id)}/latest`);
      if (typeof latest.data.values.WorkMode === 'number') return item;
    }
    if (Date.now() > deadline) throw new Error('no battery of the demo fleet reported');
    await new Promise((r) => setTimeout(r, 2_000));
  }
}

/** The strings (MPPT inputs) the inverter page should show now: in use lately, or reporting now. */
async function stringsInUse(id: number): Promise<number[]> {
  const [detail, latest] = await Promise.all([
    api<Detail>('GET', `/device/${String(id)}`),
    api<Latest>('GET', `/device/${String(id)}/latest`),
  ]);
  const live = (key: string): boolean => {
    const v = latest.data.values[key];
    return typeof v === 'number' && v > 0;
  };
  return Array.from({ length: detail.data.mpptCount }, (_, i) => i + 1).filter(
    (n) => detail.data.mpptInUse.includes(n) || live(`DCV_${String(n)}`) || live(`DCA_${String(n)}`),
  );
}

/** `YYYY-MM-DD HH:mm:ss` in a time zone, as the export writes reading times. */
function localTime(timeZone: string, ms: number): string {
  const parts: Record<string, string> = {};
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  for (const p of format.formatToParts(new Date(ms))) parts[p.type] = p.value;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** Register key → telemetry column of a built-in model. */
function columnOf(model: string, key: string): string {
  const code = BUILT_IN_MODELS.find((m) => m.model === model)?.definitionCode;
  const column = BUILT_IN_DEFINITIONS.find((d) => d.code === code)?.registers.find(
    (r) => r.key === key,
  )?.column;
  if (column === undefined || column === null) throw new Error(`${key} of ${model} has no column`);
  return column;
}

beforeAll(async () => {
  browser = await launchBrowser();
  api = apiAs(server, await loginToken(server));
  inverter = await reportingInverter();

  context = await newContext(browser, { viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  page = await context.newPage();
  await holdSession(page, server);
}, 240_000);

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await browser?.close();
});

describe('devices console', () => {
  it('finds a demo inverter by SN: summary, decoded state, station-zone time, strings in use, live values', async () => {
    await page.goto(`${server.baseUrl}/#/deviceAll`);
    const table = byId(active(page), TestId.deviceInverterTable);
    await table.locator('tbody tr.ant-table-row').first().waitFor();

    const input = byId(table, TestId.listKeyword).locator('input');
    await input.fill(inverter.sn);
    await Promise.all([
      page.waitForResponse(
        (r) => r.url().includes('/api/station/gateway/inverterPage') && r.url().includes(`sn=${inverter.sn}`),
      ),
      input.press('Enter'),
    ]);
    const rows = table.locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await byId(rows.first(), TestId.deviceStatus).count()).toBe(1);

    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/api/device/${String(inverter.id)}/latest`)),
      byId(rows.first(), TestId.deviceRowLink).click(),
    ]);
    const detail = byId(active(page), TestId.deviceDetailPage);
    expect(await byId(detail, TestId.deviceSn).innerText()).toBe(inverter.sn);
    // The tab is titled with the serial (SPEC §2).
    await expect.poll(() => page.url()).toContain(`tagTitleSuffix=${inverter.sn}`);

    // The page opens with what the inverter does now.
    const summary = byId(detail, TestId.deviceSummary);
    const figure = (key: string): Locator =>
      summary.locator(`[data-testid="${TestId.deviceFigure}"][data-figure="${key}"]`);
    for (const key of ['power', 'today', 'total', 'yield', 'temperature', 'alarms'])
      expect(await figure(key).count(), key).toBe(1);
    await expect
      .poll(async () => (await figure('power').innerText()).split('\n').pop(), FIGURES_ARRIVE)
      .toMatch(/^-?[\d.]+ (kW|MW)$/);
    expect(await figure('alarms').innerText()).toMatch(/\n\d+$/);
    // The operating state reads as a word from the protocol definition, never as "4".
    const stateText = async (): Promise<[string, string]> => {
      const latest = await api<Latest>('GET', `/device/${String(inverter.id)}/latest`);
      const word = english('registry', `registerValue.St.${String(latest.data.values.St)}`);
      return [(await byId(summary, TestId.deviceState).innerText()).trim(), word];
    };
    await expect
      .poll(async () => {
        const [shown, word] = await stateText();
        return shown === word;
      })
      .toBe(true);
    // The newest reading's time is the station's, and says so.
    const lastSeen = byId(summary, TestId.deviceLastSeen);
    const zoned = new RegExp(`^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} \\(${inverter.timeZone}\\)$`);
    await expect.poll(() => lastSeen.innerText()).toMatch(zoned);
    await expect
      .poll(async () => {
        const latest = await api<Latest>('GET', `/device/${String(inverter.id)}/latest`);
        return (
          (await lastSeen.innerText()) ===
          `${localTime(inverter.timeZone, latest.data.ts ?? 0)} (${inverter.timeZone})`
        );
      })
      .toBe(true);

    // Only the strings in use, each with a voltage, current and power.
    const mppt = byId(detail, TestId.deviceMpptTable).locator('tbody tr.ant-table-row');
    await expect
      .poll(async () => {
        const shown = await mppt.evaluateAll((rows) =>
          rows.map((r) => Number(r.getAttribute('data-channel'))),
        );
        return JSON.stringify(shown) === JSON.stringify(await stringsInUse(inverter.id));
      })
      .toBe(true);
    if ((await mppt.count()) > 0)
      await expect
        .poll(async () => (await mppt.first().locator('td').nth(1).innerText()).trim())
        .toMatch(/^[\d.]+ V$/);

    // One unit rule: apparent power scaled like active power, the power factor a plain ratio.
    const live = (key: string): Locator =>
      byId(detail, TestId.deviceLiveValue).and(page.locator(`[data-measure="${key}"]`));
    await expect.poll(() => live('VA').innerText(), FIGURES_ARRIVE).toMatch(/^-?[\d.]+ (kVA|MVA)$/);
    await expect.poll(() => live('PF').innerText(), FIGURES_ARRIVE).toMatch(/^-?[01]\.\d{2}$/);
    await expect.poll(() => live('St').innerText(), FIGURES_ARRIVE).not.toMatch(/^\d+$/);
    // The chart says whose clock it runs on.
    expect(await byId(detail, TestId.deviceZone).innerText()).toContain(inverter.timeZone);

    // A new reading shows up without a reload (live stream, or polling while it is not connected).
    const before = await lastSeen.innerText();
    await expect.poll(() => lastSeen.innerText(), { timeout: 90_000 }).not.toBe(before);
  }, 150_000);

  it('exports a range to XLSX whose rows match the history API', async () => {
    const detail = byId(active(page), TestId.deviceDetailPage);
    const history = byId(detail, TestId.deviceHistory);
    // Several readings of today are stored, so the comparison covers more than one row.
    const now = Date.now();
    const stored = async (): Promise<number> =>
      (
        await api<History>(
          'GET',
          `/device/${String(inverter.id)}/history?from=${String(now - 3_600_000)}&to=${String(Date.now())}&columns=power_w`,
        )
      ).data.rows.length;
    await expect.poll(stored, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
    await expect.poll(() => history.getAttribute('data-state')).toBe('ready');

    const [download, request] = await Promise.all([
      page.waitForEvent('download'),
      page.waitForRequest((r) => r.url().includes(`/api/device/${String(inverter.id)}/history/export`)),
      byId(history, TestId.deviceExport).click(),
    ]);
    const sentAt = Date.now();
    const url = new URL(request.url());
    const from = Number(url.searchParams.get('from'));
    const to = Number(url.searchParams.get('to'));
    const measures = (url.searchParams.get('measures') ?? '').split(',');
    expect(measures.length).toBeGreaterThan(0);
    expect(measures).toContain('W');
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${inverter.sn}-\\d{8}-\\d{8}\\.xlsx$`));

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0]!;
    const sheetRows: unknown[][] = [];
    sheet.eachRow((row) => sheetRows.push((row.values as unknown[]).slice(1)));
    const [header, ...data] = sheetRows;
    expect(header).toHaveLength(1 + measures.length);
    expect(String(header![0])).toContain(inverter.timeZone);
    expect(data.length).toBeGreaterThan(0);

    const columns = measures.map((key) => columnOf(inverter.model, key));
    const api_ = await api<History>(
      'GET',
      `/device/${String(inverter.id)}/history?from=${String(from)}&to=${String(to)}&columns=${columns.join(',')}`,
    );
    expect(api_.status).toBe(200);
    const rows = api_.data.rows;
    // The fleet keeps reporting: the history may have readings newer than the export, never fewer.
    expect(rows.length).toBeGreaterThanOrEqual(data.length);
    for (const extra of rows.slice(data.length)) expect(extra.ts).toBeGreaterThan(sentAt - 10 * 60_000);
    data.forEach((cells, i) => {
      const reading = rows[i]!;
      expect(cells[0]).toBe(localTime(inverter.timeZone, reading.ts));
      columns.forEach((column, c) => {
        const value = reading.values[column] ?? null;
        expect(cells[c + 1] ?? null, `${String(i)} ${column}`).toBe(value);
      });
    });
  });

  it('lists batteries and opens one: charge, power direction, work mode, station-zone time', async () => {
    const battery = await reportingBattery();
    await page.goto(`${server.baseUrl}/#/deviceAll?tab=batteries&sn=${battery.sn}`);
    const table = byId(active(page), TestId.deviceBatteryTable);
    const rows = table.locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(1);
    // The list's time is the battery's station's, named after it.
    expect(await rows.first().innerText()).toContain(`(${battery.timeZone})`);
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/api/device/${String(battery.id)}/latest`)),
      byId(rows.first(), TestId.deviceRowLink).click(),
    ]);
    await expect.poll(() => page.url()).toContain(`/battery/detail/${String(battery.id)}`);
    const detail = byId(active(page), TestId.batteryDetailPage);
    const summary = byId(detail, TestId.deviceSummary);
    const figure = (key: string): Locator =>
      summary.locator(`[data-testid="${TestId.deviceFigure}"][data-figure="${key}"]`);
    await expect
      .poll(async () => {
        const latest = await api<Latest>('GET', `/device/${String(battery.id)}/latest`);
        const soc = latest.data.values.ChaState;
        const mode = english('registry', `registerValue.WorkMode.${String(latest.data.values.WorkMode)}`);
        const bat = Number(latest.data.values.BatW);
        const direction = Math.abs(bat) < 5 ? 'Idle' : bat > 0 ? 'Discharging' : 'Charging';
        const [socText, modeText, powerText] = await Promise.all([
          figure('soc').innerText(),
          figure('mode').innerText(),
          figure('power').innerText(),
        ]);
        return (
          typeof soc === 'number' &&
          socText.includes(`${soc.toFixed(1)} %`) &&
          modeText.endsWith(mode) &&
          powerText.endsWith(direction)
        );
      })
      .toBe(true);
    for (const key of ['chargeToday', 'dischargeToday', 'chargeTotal', 'dischargeTotal', 'temperature'])
      expect(await figure(key).count(), key).toBe(1);
    await expect.poll(() => figure('chargeTotal').innerText()).toMatch(/[\d.]+ (kWh|MWh)$/);
    // The charge status reads as a word, the time in the station's zone.
    expect(await byId(summary, TestId.deviceState).innerText()).not.toMatch(/^\d+$/);
    expect(await byId(summary, TestId.deviceLastSeen).innerText()).toMatch(
      new RegExp(`^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} \\(${battery.timeZone}\\)$`),
    );
    expect(await byId(detail, TestId.deviceSn).innerText()).toBe(battery.sn);
  }, 120_000);

  it("shows a station's batteries in its Devices tab, times in the station's zone", async () => {
    const battery = await reportingBattery();
    await page.goto(`${server.baseUrl}/#/station/detail/${String(battery.stationId)}?tab=devices`);
    const tab = active(page);
    const batteries = byId(tab, TestId.stationDetailBatteries);
    const row = batteries.locator('tbody tr.ant-table-row').filter({ hasText: battery.sn });
    await row.waitFor();
    await expect.poll(() => row.innerText()).toMatch(/\d+\.\d %/);
    for (const table of [
      TestId.stationDetailGateways,
      TestId.stationDetailInverters,
      TestId.stationDetailBatteries,
    ])
      expect(await byId(tab, table).locator('thead').innerText()).toContain(`(${battery.timeZone})`);
    await row.getByRole('link', { name: battery.sn }).click();
    await expect.poll(() => page.url()).toContain(`/battery/detail/${String(battery.id)}`);
  });

  it("draws a storage plant's grid exchange as derived instead of sending its PV nowhere", async () => {
    const plants = await api<PageOf<{ id: number }>>('GET', '/station/list?type=GROUND_STORAGE_STATION');
    const plant = plants.data.list[0];
    if (plant === undefined) throw new Error('the demo fleet has no ground storage plant');
    // Once its inverters and battery have reported, the balance gives the grid.
    await expect
      .poll(
        async () =>
          (await api<{ flow: { derived: string[] } }>('GET', `/station/stats?stationId=${String(plant.id)}`))
            .data.flow.derived,
        { timeout: 90_000 },
      )
      .toEqual(['grid']);
    await page.goto(`${server.baseUrl}/#/station/detail/${String(plant.id)}?tab=overview`);
    const flow = byId(active(page), TestId.stationDetailFlow);
    const grid = byId(flow, TestId.stationDetailFlowNode).and(page.locator('[data-kind="grid"]'));
    await grid.waitFor();
    expect(await grid.getAttribute('data-derived')).toBe('true');
    expect(await grid.innerText()).toContain('derived');
    expect(await grid.evaluate((el) => getComputedStyle(el).borderStyle)).toBe('dashed');
    // A plant has no consumers: no load node going "-", the flows meet at a junction.
    expect(
      await byId(flow, TestId.stationDetailFlowNode).and(page.locator('[data-kind="load"]')).count(),
    ).toBe(0);
    expect(await byId(flow, TestId.stationDetailFlowJunction).count()).toBe(1);
  }, 120_000);

  it('adds a logger to a station by SN with the SPEC §5 rules', async () => {
    const sn = `SFLG9${Date.now().toString().slice(-9)}`;
    const registered = await api<{ id: number }>('POST', '/gateway/register', { sn, model: 'SF-LOGGER-4G' });
    expect(registered.status).toBe(200);
    // The logger goes to a station of this suite's own: the server is shared, so the first station offered
    // could be one of the demo fleet or of another suite, which would then have a logger it never had.
    const stationName = `E2E Devices ${STAMP}`;
    const station = await api<{ id: number }>('POST', '/station', {
      name: stationName,
      type: 'HOUSEHOLD_PV',
      address: 'Calle Sierpes 1, Sevilla',
      capacityKwp: 5,
      price: 0.25,
      currency: 'EUR',
      timeZone: 'Europe/Madrid',
    });
    expect(station.status, station.enMsg).toBe(200);

    await page.goto(`${server.baseUrl}/#/deviceAll`);
    const list = byId(active(page), TestId.deviceListPage);
    await list.getByRole('tab', { name: 'Loggers' }).click();
    const loggers = byId(list, TestId.deviceLoggerTable);
    await loggers.locator('tbody tr.ant-table-row').first().waitFor();
    await byId(loggers, TestId.listCreate).click();

    const form = byId(page, TestId.deviceBindForm);
    await pickOption(page, byId(form, TestId.deviceBindStation), stationName);
    const submit = page.locator(`[data-testid="${TestId.formSubmit}"]:visible`);
    const snInput = byId(form, TestId.deviceBindSn);
    const fieldError = form.locator('.ant-form-item-explain-error');

    // A malformed SN never leaves the browser.
    await snInput.fill('a b');
    await submit.click();
    await expect.poll(() => fieldError.allInnerTexts()).toContain('Wrong Logger SN');

    // A well-formed SN nobody registered: the server's one answer for unknown and bound loggers.
    await snInput.fill('SFLG0000000000');
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/gateway/bind')),
      submit.click(),
    ]);
    expect(((await refused.json()) as Envelope).enMsg).toBe('GatewayNotExistOrBound');
    await expect
      .poll(() => fieldError.allInnerTexts())
      .toContain('Logger does not exist or has been bound to site');

    await snInput.fill(sn);
    const [bound] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/gateway/bind')),
      submit.click(),
    ]);
    expect(((await bound.json()) as Envelope).status).toBe(200);
    await page.locator('.ant-message').getByText('Binding succeeded').waitFor();
    const detail = await api<{ station: { name: string } | null }>(
      'GET',
      `/gateway/${String(registered.data.id)}`,
    );
    expect(detail.data.station?.name).toBe(stationName);
  });

  it.each([
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ])(
    "writes an inverter's figures in the UI language: German decimal commas at $width×$height",
    async (viewport) => {
      const german = await newContext(browser, { viewport });
      try {
        // The language choice is the SettingLanguage cookie (SPEC §9), read when the console boots.
        await german.addCookies([{ name: 'SettingLanguage', value: 'DE', url: server.baseUrl }]);
        const p = await german.newPage();
        await holdSession(p, server);
        await p.goto(
          `${server.baseUrl}/#/device/detail/${String(inverter.id)}?tagTitleSuffix=${inverter.sn}`,
        );
        const detail = byId(active(p), TestId.deviceDetailPage);
        const figure = (key: string): Locator =>
          byId(detail, TestId.deviceSummary).locator(
            `[data-testid="${TestId.deviceFigure}"][data-figure="${key}"]`,
          );
        await expect
          .poll(async () => (await figure('power').innerText()).split('\n').pop(), FIGURES_ARRIVE)
          .toMatch(/^-?\d+,\d{2} (kW|MW)$/);
        await expect
          .poll(async () => (await figure('total').innerText()).split('\n').pop(), FIGURES_ARRIVE)
          .toMatch(/^\d+,\d{2} (kWh|MWh|GWh)$/);
        const live = (key: string): Locator =>
          byId(detail, TestId.deviceLiveValue).and(p.locator(`[data-measure="${key}"]`));
        await expect.poll(() => live('VA').innerText(), FIGURES_ARRIVE).toMatch(/^-?\d+,\d{2} (kVA|MVA)$/);
        await expect.poll(() => live('PF').innerText(), FIGURES_ARRIVE).toMatch(/^-?[01],\d{2}$/);
        expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
      } finally {
        await german.close();
      }
    },
  );

  it('works on a phone (390 × 844) without sideways scrolling', async () => {
    const phone = await newContext(browser, { viewport: { width: 390, height: 844 } });
    try {
      const p = await phone.newPage();
      await holdSession(p, server);
      await p.goto(`${server.baseUrl}/#/device/detail/${String(inverter.id)}?tagTitleSuffix=${inverter.sn}`);
      const detail = byId(active(p), TestId.deviceDetailPage);
      await byId(detail, TestId.deviceSummary).waitFor();
      expect(await byId(detail, TestId.deviceSummary).isVisible()).toBe(true);
      await byId(detail, TestId.deviceMpptTable).waitFor();
      await byId(detail, TestId.deviceChart).waitFor();
      expect(await byId(detail, TestId.deviceLastSeen).innerText()).toContain(`(${inverter.timeZone})`);
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const battery = await reportingBattery();
      await p.goto(`${server.baseUrl}/#/battery/detail/${String(battery.id)}?tagTitleSuffix=${battery.sn}`);
      const storage = byId(active(p), TestId.batteryDetailPage);
      await byId(storage, TestId.deviceSummary).waitFor();
      await byId(storage, TestId.deviceChart).waitFor();
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await p.goto(`${server.baseUrl}/#/deviceAll`);
      await byId(active(p), TestId.deviceInverterTable).locator('tbody tr.ant-table-row').first().waitFor();
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await phone.close();
    }
  });

  it("opens the inverter's logger, lists its devices and renames it", async () => {
    const gateway = inverter.gatewayId;
    // From the inverter's header to its logger.
    await page.goto(`${server.baseUrl}/#/device/detail/${String(inverter.id)}?tagTitleSuffix=${inverter.sn}`);
    const header = byId(byId(active(page), TestId.deviceDetailPage), TestId.deviceHeader);
    await header.getByRole('link', { name: inverter.gatewaySn }).click();
    await expect.poll(() => page.url()).toContain(`/gateway/detail/${String(gateway)}`);
    const detail = byId(active(page), TestId.gatewayDetailPage);
    const devices = byId(detail, TestId.gatewayDevices).locator('tbody tr.ant-table-row');
    await devices.filter({ hasText: inverter.sn }).waitFor();
    // The logger's own loss counter, as its last reading of itself reported it, in the station's zone.
    const reported = await api<{ bufferDropped: { count: number; at: string } | null }>(
      'GET',
      `/gateway/${String(gateway)}`,
    );
    const dropped = reported.data.bufferDropped;
    expect(dropped).not.toBeNull();
    expect(await byId(detail, TestId.gatewayBufferDropped).innerText()).toMatch(
      new RegExp(`^${String(dropped?.count)} \\(as of .*\\(${inverter.timeZone}\\)\\)$`),
    );

    const name = `E2E logger ${Date.now().toString(36)}`;
    await byId(detail, TestId.gatewayRename).click();
    const input = byId(page, TestId.gatewayNameInput);
    await input.waitFor();
    await input.fill(name);
    const [renamed] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/gateway/name') && r.request().method() === 'PUT'),
      page.locator(`[data-testid="${TestId.formSubmit}"]:visible`).click(),
    ]);
    expect(((await renamed.json()) as Envelope).status).toBe(200);
    await expect.poll(() => byId(detail, TestId.gatewayName).innerText()).toBe(name);
    const stored = await api<{ name: string | null }>('GET', `/gateway/${String(gateway)}`);
    expect(stored.data.name).toBe(name);
  });
});
