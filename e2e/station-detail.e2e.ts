import mqtt, { type MqttClient } from 'mqtt';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestId } from '../apps/web/src/testids.js';
import { active, apiAs, byId, holdSession, loginToken, type Api, type Envelope } from './support/api.js';
import { closeContextsAfterEach, launchBrowser, newContext } from './support/browser.js';
import { sharedServer } from './support/shared-server.js';

// Step 3 station detail in Chromium: a station and a logger made through the API, the logger bound in the
// UI, then real telemetry over MQTT with the logger's own credentials: live values reach the overview
// without a reload, a day with an offline hour shows a gap in the day chart, the month chart renders, and
// the page works on a phone (390×844).

const STAMP = Date.now().toString(36).toUpperCase();
const LOGGER_SN = `E2EL${STAMP}`.slice(0, 32);
const INVERTER_SN = `E2EI${STAMP}`;
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

const server = sharedServer();
let browser: Browser;
let api: Api;
let stationId: number;
let secret: string;
let logger: MqttClient | undefined;
let seq = 0;
/** Start of the lifetime counter: the day before yesterday, so every reading's counter follows its time. */
const COUNTER_ORIGIN = Date.now() - 3 * DAY;
const contexts: BrowserContext[] = [];
closeContextsAfterEach(contexts);

async function login(viewport: { width: number; height: number }, language?: 'DE'): Promise<Page> {
  const context = await newContext(browser, { viewport });
  contexts.push(context);
  // The language choice is the SettingLanguage cookie (SPEC §9), read when the console boots.
  if (language !== undefined)
    await context.addCookies([{ name: 'SettingLanguage', value: language, url: server.baseUrl }]);
  const page = await context.newPage();
  await holdSession(page, server);
  return page;
}

async function openDetail(page: Page, tab: string): Promise<Locator> {
  await page.goto(`${server.baseUrl}/#/station/detail/${stationId}?tab=${tab}`);
  const detail = byId(active(page), TestId.stationDetail);
  await detail.and(page.locator('[data-state="ready"]')).waitFor();
  return detail;
}

async function publish(topic: 'hello' | 'telemetry', payload: unknown): Promise<void> {
  if (logger === undefined) throw new Error('logger not connected');
  await logger.publishAsync(`sf/v1/${LOGGER_SN}/up/${topic}`, JSON.stringify(payload), { qos: 1 });
}

/**
 * One inverter reading. The lifetime counter is a function of the time (300 Wh per 5 minutes), so it never
 * runs backwards however the readings are sent (live first, the backlog of yesterday later).
 */
function reading(ts: number, watts: number): { dev: string; ts: number; values: Record<string, number> } {
  const wh = 5_000_000 + Math.floor((ts - COUNTER_ORIGIN) / (5 * MIN)) * 300;
  return { dev: INVERTER_SN, ts, values: { W: watts, WH: wh } };
}

const utcDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

beforeAll(async () => {
  browser = await launchBrowser();
  api = apiAs(server, await loginToken(server));

  const created = await api<{ id: number }>('POST', '/station', {
    name: `E2E Detail ${STAMP}`,
    type: 'HOUSEHOLD_PV',
    address: 'Teststraße 1, München',
    capacityKwp: 8,
    price: 0.3,
    currency: 'EUR',
    timeZone: 'UTC',
  });
  expect(created.status, created.enMsg).toBe(200);
  stationId = created.data.id;

  const registered = await api<{ sn: string; password: string }>('POST', '/gateway/register', {
    sn: LOGGER_SN,
    model: 'SF-LOGGER-4G',
  });
  expect(registered.status, registered.enMsg).toBe(200);
  secret = registered.data.password;
});

afterAll(async () => {
  logger?.end(true);
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('station detail', () => {
  it('binds the registered logger by its SN in the devices tab', async () => {
    const page = await login({ width: 1600, height: 1000 });
    const detail = await openDetail(page, 'devices');
    await byId(detail, TestId.stationDetailAddLogger).click();
    const form = byId(page, TestId.stationDetailAddLoggerForm);
    await form.locator('input').fill(LOGGER_SN);
    const [bound] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/gateway/bind')),
      page.locator(`[data-testid="${TestId.formSubmit}"]:visible`).click(),
    ]);
    expect(((await bound.json()) as Envelope).status).toBe(200);
    await byId(detail, TestId.stationDetailGateways).getByText(LOGGER_SN).waitFor();
    const link = byId(detail, TestId.stationDetailGateways).getByRole('link', { name: LOGGER_SN });
    expect(await link.getAttribute('href')).toContain('/gateway/detail/');
  });

  it('titles the tab with the station name, follows it and keeps event subscriptions', async () => {
    const page = await login({ width: 1600, height: 1000 });
    const detail = await openDetail(page, 'subscription');
    await expect.poll(() => page.title()).toContain(`E2E Detail ${STAMP}`);

    const star = byId(detail, TestId.stationDetailFollow);
    expect(await star.getAttribute('data-followed')).toBe('false');
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/api/station/${stationId}/concern`)),
      star.click(),
    ]);
    await detail.locator(`[data-testid="${TestId.stationDetailFollow}"][data-followed="true"]`).waitFor();
    const station = await api<{ concern: boolean }>('GET', `/station/${stationId}`);
    expect(station.data.concern).toBe(true);

    const table = byId(detail, TestId.stationDetailSubscriptions);
    await byId(detail, TestId.listCreate).click();
    const form = byId(page, TestId.stationDetailSubscriptionForm);
    await form.locator('#subject').fill('Daily report');
    await form.getByRole('radio').nth(1).check();
    await form.locator('#notifyTime').fill('25:00');
    await form.locator('#email').fill('owner@example.com');
    const submit = page.locator(`[data-testid="${TestId.formSubmit}"]:visible`);
    await submit.click();
    await form.locator('.ant-form-item-explain-error').first().waitFor();
    await form.locator('#notifyTime').fill('07:30');
    const [created] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().endsWith(`/api/station/${stationId}/subscription`) && r.request().method() === 'POST',
      ),
      submit.click(),
    ]);
    expect(((await created.json()) as Envelope).status).toBe(200);
    const row = table.locator('tbody tr.ant-table-row').filter({ hasText: 'Daily report' });
    await row.filter({ hasText: '07:30' }).waitFor();
    const stored = await api<{ notifyType: string; notifyTime: string; email: string }[]>(
      'GET',
      `/station/${stationId}/subscription`,
    );
    expect(stored.data).toMatchObject([
      { notifyType: 'FIXED_TIME', notifyTime: '07:30', email: 'owner@example.com' },
    ]);

    await byId(row, TestId.stationDetailSubscriptionDelete).click();
    await Promise.all([
      page.waitForResponse(
        (r) => r.url().includes('/api/station/subscription/') && r.request().method() === 'DELETE',
      ),
      page.locator(`[data-testid="${TestId.confirmOk}"]:visible`).click(),
    ]);
    await row.waitFor({ state: 'detached' });
    expect((await api<unknown[]>('GET', `/station/${stationId}/subscription`)).data).toEqual([]);
  });

  it('shows telemetry published over MQTT live on the overview without a reload', async () => {
    logger = await mqtt.connectAsync(`mqtt://127.0.0.1:${server.mqttPort}`, {
      clientId: LOGGER_SN,
      username: LOGGER_SN,
      password: secret,
      reconnectPeriod: 0,
      connectTimeout: 10_000,
    });
    await publish('hello', {
      v: 1,
      model: 'SF-LOGGER-4G',
      firmware: '2.4.1',
      mac: '02:1A:2B:3C:4D:5E',
      signal: -60,
      // The longest interval (an hour): the server is shared, and a logger left silent after this file
      // would otherwise raise LOGGER_OFFLINE three intervals later, during another file (the bell).
      uploadInterval: 3600,
      devices: [{ sn: INVERTER_SN, type: 'INVERTER', model: 'SF-INV-1P-5K', unitId: 1 }],
    });
    await publish('telemetry', { v: 1, seq: ++seq, readings: [reading(Date.now() - MIN, 3210)] });

    const page = await login({ width: 1600, height: 1000 });
    const detail = await openDetail(page, 'overview');
    const pv = byId(detail, TestId.stationDetailFlowNode).and(page.locator('[data-kind="pv"]'));
    const pvKw = async (): Promise<number> => Number(await pv.getAttribute('data-value'));
    await pv.waitFor();
    await expect.poll(pvKw, { timeout: 15_000 }).toBeCloseTo(3.21, 2);
    await page.evaluate(() => {
      (window as unknown as { e2eMarker: string }).e2eMarker = 'still here';
    });

    await publish('telemetry', { v: 1, seq: ++seq, readings: [reading(Date.now(), 4321)] });
    await expect.poll(pvKw, { timeout: 30_000 }).toBeCloseTo(4.321, 2);
    const power = byId(detail, TestId.stationDetailKpi).and(page.locator('[data-kpi="power"]'));
    await expect.poll(() => power.innerText(), { timeout: 15_000 }).toContain('4.32');
    expect(await page.evaluate(() => (window as unknown as { e2eMarker?: string }).e2eMarker)).toBe(
      'still here',
    );
  });

  it('draws an offline hour of a day as a gap and renders the month', async () => {
    const yesterday = Date.parse(`${utcDate(Date.now() - DAY)}T00:00:00Z`);
    const readings = [];
    for (let t = yesterday; t < yesterday + DAY; t += 5 * MIN) {
      const hour = new Date(t).getUTCHours();
      if (hour === 10) continue; // the logger was offline from 10:00 to 11:00
      const daylight = hour >= 6 && hour < 20 ? Math.sin(((hour - 6) / 14) * Math.PI) : 0;
      readings.push(reading(t, Math.round(4000 * daylight)));
    }
    await publish('telemetry', { v: 1, seq: ++seq, backlog: true, readings });

    const page = await login({ width: 1600, height: 1000 });
    const detail = await openDetail(page, 'generation');
    const date = utcDate(yesterday);
    const picker = byId(detail, TestId.stationDetailDate).locator('input');
    await picker.click();
    await picker.fill(date);
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/station/powerChartData') && r.url().includes(date)),
      picker.press('Enter'),
    ]);
    const body = (await answer.json()) as Envelope<{ gaps: { from: number; to: number }[] }>;
    expect(body.status).toBe(200);
    expect(
      body.data.gaps.some((g) => g.from <= yesterday + 10 * 60 * MIN && g.to >= yesterday + 11 * 60 * MIN),
    ).toBe(true);

    const chart = byId(detail, TestId.stationDetailPowerChart).and(page.locator(`[data-date="${date}"]`));
    await chart.and(page.locator('[data-state="ready"]')).waitFor();
    expect(await chart.getAttribute('data-series')).toContain('pvKw');
    expect(Number(await chart.getAttribute('data-null-points'))).toBeGreaterThanOrEqual(12);
    expect(Number(await chart.getAttribute('data-no-data-areas'))).toBeGreaterThanOrEqual(1);
    expect(await chart.locator('canvas').count()).toBeGreaterThan(0);

    const [month] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().includes('/api/station/electricityChartData') && r.url().includes('dimension=MONTH'),
      ),
      byId(detail, TestId.stationDetailDimension).locator('.ant-segmented-item').nth(1).click(),
    ]);
    expect(((await month.json()) as Envelope).status).toBe(200);
    const bars = byId(detail, TestId.stationDetailEnergyChart);
    await bars.and(page.locator('[data-dimension="MONTH"][data-state="ready"]')).waitFor();
    expect(Number(await bars.getAttribute('data-points'))).toBeGreaterThanOrEqual(28);
    expect(await bars.locator('canvas').count()).toBeGreaterThan(0);
  });

  it.each([
    ['desktop', { width: 1440, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ])(
    'shows the inverter asleep at night in a calm colour, and German figures with a comma (%s)',
    async (_, viewport) => {
      // Night: no power, SunSpec operating state SLEEPING (2) in the inverter's St register.
      const night = reading(Date.now(), 0);
      await publish('telemetry', {
        v: 1,
        seq: ++seq,
        readings: [{ ...night, values: { ...night.values, St: 2 } }],
      });
      // The API has it once the ingest committed the reading; then the page is opened.
      await expect
        .poll(
          async () =>
            (
              await api<{ list: { rest: string | null }[] }>(
                'GET',
                `/station/gateway/inverterPage?stationId=${stationId}`,
              )
            ).data.list[0]?.rest,
          { timeout: 15_000 },
        )
        .toBe('SLEEPING');
      const page = await login(viewport, 'DE');
      const detail = await openDetail(page, 'devices');
      const tag = byId(detail, TestId.stationDetailInverters).locator(`[data-kind="device"]`).first();
      await tag.waitFor();
      expect(await tag.getAttribute('data-rest')).toBe('SLEEPING');
      // The SPEC code stays OTHER; the word and colour say it rests.
      expect(await tag.getAttribute('data-status')).toBe('OTHER');
      expect(await tag.innerText()).toBe('Schlafmodus');
      expect(await tag.getAttribute('data-tone')).toBe('resting');
      expect(await tag.evaluate((el) => el.classList.contains('ant-tag-cyan'))).toBe(true);

      // German numbers: 8 kWp reads "8,00 kWp"; the station type is the list's word.
      expect(await byId(detail, TestId.stationDetailCapacity).innerText()).toBe('8,00 kWp');
      expect(await byId(detail, TestId.stationDetailType).innerText()).toBe('Privat-PV');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    },
  );

  it('works on a phone (390×844)', async () => {
    const page = await login({ width: 390, height: 844 });
    const detail = await openDetail(page, 'overview');
    await byId(detail, TestId.stationDetailName).waitFor();
    await byId(detail, TestId.stationDetailFlowNode).first().waitFor();
    await byId(detail, TestId.stationDetailPowerChart).and(page.locator('[data-state="ready"]')).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await byId(detail, TestId.stationDetailPowerChart).boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(200);
    expect(box?.width ?? 999).toBeLessThanOrEqual(390);
  });
});
