import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestId } from '../apps/web/src/testids.js';
import { active, apiAs, byId, holdSession, loginToken, type Api, type Envelope } from './support/api.js';
import { closeContextsAfterEach, launchBrowser, newContext } from './support/browser.js';
import { pickOption } from './support/select.js';
import { sharedServer } from './support/shared-server.js';

// Step 5a alarm list in Chromium: a logger of a new station reports telemetry and alarm records over MQTT
// with its own credentials (docs/protocol.md §5.3). The list is filtered by station and level, a row opens
// the drawer (which marks it read: the bell's count falls), the alarm is acknowledged with a note and
// cleared with a reason; an alarm raised while the list is open appears without a reload (the alarm
// stream) and the bell's count rises; on a phone the rows are cards and a bulk acknowledge works from a card's check box.
// The webhooks screen creates a webhook to a local receiver (node:http), sends a test call and shows it in
// the delivery log; the station's subscription form sets a language and the escalation list.
// The station's Alarm settings tab gets a weekly maintenance window and a station rule (and fits a phone);
// the drawer snoozes an alarm by a quick choice.

const STAMP = Date.now().toString(36).toUpperCase();
const LOGGER_SN = `E2EA${STAMP}`.slice(0, 32);
const INVERTER_SN = `E2EAI${STAMP}`;
const STATION = `E2E Alarms ${STAMP}`;
const HOOK = `E2E hook ${STAMP}`;
const MIN = 60_000;

interface AlarmRow {
  id: number;
  code: number;
  level: string;
  state: string;
  read: boolean;
}

const server = sharedServer();
let browser: Browser;
let api: Api;
let stationId: number;
let logger: MqttClient | undefined;
const publish = (topic: string, payload: unknown) =>
  logger!.publishAsync(`sf/v1/${LOGGER_SN}/up/${topic}`, JSON.stringify(payload), { qos: 1 });
let receiver: Server | undefined;
/** What the local webhook receiver got: headers and the raw body. */
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
const contexts: BrowserContext[] = [];
closeContextsAfterEach(contexts);
/** Start of the open urgent alarm: ten minutes ago. */
const START = Date.now() - 10 * MIN;

async function stationAlarms(): Promise<AlarmRow[]> {
  const page = await api<{ list: AlarmRow[] }>('GET', `/alarm/page?stationId=${stationId}&pageSize=50`);
  return page.data.list;
}

async function login(viewport: { width: number; height: number }): Promise<Page> {
  const context = await newContext(browser, { viewport, timezoneId: 'Europe/Berlin' });
  contexts.push(context);
  const page = await context.newPage();
  await holdSession(page, server);
  return page;
}

/** Opens the alarm list filtered to the test's station (the demo fleet reports alarms of its own). */
async function openList(page: Page): Promise<Locator> {
  await page.goto(`${server.baseUrl}/#/alarm`);
  const list = byId(active(page), TestId.alarmListPage);
  await byId(list, TestId.alarmTable).and(page.locator('[data-state="ready"]')).waitFor();
  await pickOption(page, byId(list, TestId.alarmStationFilter), STATION);
  return list;
}

const bellCount = async (page: Page): Promise<number> =>
  Number(await byId(page, TestId.alarmBell).getAttribute('data-count'));

beforeAll(async () => {
  // The webhook receiver runs on loopback, which the shared server allows (WEBHOOK_ALLOW_PRIVATE).
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver!.listen(0, '127.0.0.1', resolve));
  browser = await launchBrowser();
  api = apiAs(server, await loginToken(server));
  const created = await api<{ id: number }>('POST', '/station', {
    name: STATION,
    type: 'HOUSEHOLD_PV',
    address: 'Via Roma 1, Bolzano',
    capacityKwp: 8,
    price: 0.3,
    currency: 'EUR',
    timeZone: 'Europe/Rome',
  });
  expect(created.status, created.enMsg).toBe(200);
  stationId = created.data.id;
  const registered = await api<{ sn: string; password: string }>('POST', '/gateway/register', {
    sn: LOGGER_SN,
    model: 'SF-LOGGER-4G',
  });
  expect(registered.status, registered.enMsg).toBe(200);
  const bound = await api('POST', '/gateway/bind', { stationId, sn: LOGGER_SN });
  expect(bound.status, bound.enMsg).toBe(200);

  logger = await mqtt.connectAsync(`mqtt://127.0.0.1:${server.mqttPort}`, {
    clientId: LOGGER_SN,
    username: LOGGER_SN,
    password: registered.data.password,
    reconnectPeriod: 0,
    connectTimeout: 10_000,
  });
  await publish('hello', {
    v: 1,
    model: 'SF-LOGGER-4G',
    firmware: '2.4.1',
    mac: '02:1A:2B:3C:4D:6E',
    signal: -60,
    // The longest interval (an hour): the server is shared, and a logger left silent after this file
    // would otherwise raise LOGGER_OFFLINE three intervals later, during another file (the bell).
    uploadInterval: 3600,
    devices: [{ sn: INVERTER_SN, type: 'INVERTER', model: 'SF-INV-1P-5K', unitId: 1 }],
  });
  const readings = [];
  for (let i = 0; i < 8; i++) {
    const ts = START - 20 * MIN + i * 5 * MIN;
    readings.push({ dev: INVERTER_SN, ts, values: { W: 3000 + i * 100, WH: 5_000_000 + i * 250 } });
  }
  await publish('telemetry', { v: 1, seq: 1, readings });
  const record = (id: string, code: number, level: string, start: number, end: number | null) => ({
    id,
    dev: INVERTER_SN,
    kind: 'ALARM',
    code,
    level,
    start,
    end,
    message: `E2E fault ${code}`,
  });
  await publish('alarm', {
    v: 1,
    alarms: [
      // The same fault once before, over by now: the drawer lists it as an earlier occurrence.
      record(`EARLY-${STAMP}`, 2031, 'URGENT', START - 3 * 60 * MIN, START - 2 * 60 * MIN),
      record(`NOW-${STAMP}`, 2031, 'URGENT', START, null),
      record(`NOTE-${STAMP}`, 3100, 'PROMPT', START + MIN, null),
    ],
  });
  // The ingest stores them asynchronously: ask until all three are there (20 s at most).
  for (const deadline = Date.now() + 20_000; (await stationAlarms()).length < 3;) {
    if (Date.now() > deadline) throw new Error('the alarm records did not arrive');
    await new Promise((r) => setTimeout(r, 200));
  }
  // Everything else the demo fleet raised is read, so the bell counts this suite's alarms only.
  const all = await api<{ list: { id: number; read: boolean }[] }>('GET', '/alarm/page?pageSize=100');
  const others = all.data.list.filter((a) => !a.read).map((a) => a.id);
  const mine = new Set((await stationAlarms()).map((a) => a.id));
  const toRead = others.filter((id) => !mine.has(id));
  if (toRead.length > 0) expect((await api('POST', '/alarm/read', { ids: toRead })).status).toBe(200);
}, 120_000);

afterAll(async () => {
  logger?.end(true);
  // The server is shared: its webhook would go on posting every alarm of the run to a receiver that is gone.
  const admin = apiAs(server, await loginToken(server));
  const hooks = await admin<{ id: number; name: string }[]>('GET', '/webhook');
  for (const hook of hooks.data.filter((h) => h.name === HOOK))
    expect((await admin('DELETE', `/webhook/${hook.id}`)).status).toBe(200);
  await new Promise((resolve) => (receiver === undefined ? resolve(null) : receiver.close(resolve)));
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('alarm list', () => {
  it('filters by level, opens the drawer, acknowledges with a note and clears with a reason', async () => {
    const page = await login({ width: 1440, height: 900 });
    const list = await openList(page);
    const table = byId(list, TestId.alarmTable);
    const rows = table.locator('tbody tr[data-row-key]');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3);
    // Unread rows are marked.
    expect(await table.locator('tr.alarm-row-unread').count()).toBe(3);

    await byId(list, TestId.alarmLevelFilter).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Urgent"]').click();
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    expect(await rows.locator('[data-level="PROMPT"]').count()).toBe(0);

    const open = (await stationAlarms()).find(
      (a) => a.code === 2031 && a.state === 'OPEN' && a.level === 'URGENT',
    );
    expect(open).toBeDefined();
    const before = await bellCount(page);
    // The bell counts unread alarms still open: the two of this suite.
    expect(before).toBeGreaterThanOrEqual(2);

    // The drawer: opening it marks the alarm read, and the bell's count falls.
    await table.locator(`tr[data-row-key="${open!.id}"] td`).nth(3).click();
    const drawer = page.locator(`[data-testid="${TestId.alarmDrawer}"][data-alarm="${open!.id}"]`);
    await drawer.and(page.locator('[data-state="OPEN"]')).waitFor();
    await expect.poll(() => bellCount(page), { timeout: 15_000 }).toBe(before - 1);
    expect(await byId(drawer, TestId.alarmDrawerFacts).innerText()).toContain(INVERTER_SN);
    expect(await byId(drawer, TestId.alarmDrawerFacts).innerText()).toMatch(/\(Europe\/Rome\)/);
    await byId(drawer, TestId.alarmDrawerEvents).locator('[data-event="RAISED"]').waitFor();
    await expect
      .poll(() => byId(drawer, TestId.alarmDrawerEarlier).locator('.ant-list-item').count())
      .toBe(1);
    await expect
      .poll(async () => Number(await byId(drawer, TestId.alarmDrawerChart).getAttribute('data-points')), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);

    // Acknowledge with a note.
    await page.locator(`[data-testid="${TestId.alarmDrawerAck}"]:visible`).click();
    const ackForm = byId(page, TestId.alarmAckForm);
    await ackForm.locator('textarea').fill('Technician on the way');
    await page.locator(`[data-testid="${TestId.formSubmit}"]:visible`).click();
    await drawer.and(page.locator('[data-state="ACKNOWLEDGED"]')).waitFor();
    expect(await byId(drawer, TestId.alarmDrawerFacts).innerText()).toContain('Technician on the way');

    // Clearing needs a reason: an empty one is refused in the form and nothing changes.
    await page.locator(`[data-testid="${TestId.alarmDrawerClear}"]:visible`).click();
    const clearForm = byId(page, TestId.alarmClearForm);
    await clearForm.waitFor();
    // The note typed for the acknowledge is gone: the reason starts empty and is required.
    expect(await clearForm.locator('textarea').inputValue()).toBe('');
    await page.locator(`[data-testid="${TestId.formSubmit}"]:visible`).click();
    await clearForm.locator('.ant-form-item-explain-error').waitFor();
    expect((await stationAlarms()).find((a) => a.id === open!.id)?.state).toBe('ACKNOWLEDGED');
    await clearForm.locator('textarea').fill('Grid operator fixed the feeder');
    await page.locator(`[data-testid="${TestId.formSubmit}"]:visible`).click();
    await drawer.and(page.locator('[data-state="CLEARED"]')).waitFor();
    expect(await byId(drawer, TestId.alarmDrawerFacts).innerText()).toContain(
      'Grid operator fixed the feeder',
    );
    await byId(drawer, TestId.alarmDrawerEvents).locator('[data-event="CLEARED"]').waitFor();
    expect((await stationAlarms()).find((a) => a.id === open!.id)?.state).toBe('CLEARED');

    // The list behind shows the new state.
    await page.keyboard.press('Escape');
    await table.locator(`tr[data-row-key="${open!.id}"] [data-state="CLEARED"]`).waitFor();
  });

  it('shows an alarm raised over MQTT while the list is open, without a reload, and the bell rises', async () => {
    const page = await login({ width: 1440, height: 900 });
    const list = await openList(page);
    const table = byId(list, TestId.alarmTable);
    await table.locator('tbody tr[data-row-key]').first().waitFor();
    // The tab's alarm stream is open (the bell says so): from here on nothing polls.
    const bell = byId(page, TestId.alarmBell);
    await bell.and(page.locator('[data-live="true"]')).waitFor();
    const before = await bellCount(page);
    await publish('alarm', {
      v: 1,
      alarms: [
        {
          id: `LIVE-${STAMP}`,
          dev: INVERTER_SN,
          kind: 'ALARM',
          code: 4100,
          level: 'IMPORTANT',
          start: Date.now(),
          end: null,
          message: 'E2E fault 4100',
        },
      ],
    });
    // The row is found by its id (its title is the catalogue's description of the code where known).
    await expect
      .poll(async () => (await stationAlarms()).some((a) => a.code === 4100 && a.state === 'OPEN'), {
        timeout: 15_000,
      })
      .toBe(true);
    const raised = (await stationAlarms()).find((a) => a.code === 4100 && a.state === 'OPEN')!;
    await table.locator(`tbody tr[data-row-key="${raised.id}"]`).waitFor({ timeout: 15_000 });
    await bell.and(page.locator(`[data-count="${before + 1}"]`)).waitFor({ timeout: 15_000 });
  });

  it('works on a phone: cards, a bulk acknowledge from a check box, no sideways scrolling', async () => {
    const page = await login({ width: 390, height: 844 });
    const list = await openList(page);
    const prompt = (await stationAlarms()).find((a) => a.code === 3100);
    expect(prompt?.state).toBe('OPEN');
    const card = byId(list, TestId.alarmCard).and(page.locator(`[data-id="${prompt!.id}"]`));
    await card.waitFor();
    await card.locator('.ant-checkbox-input').check();
    await byId(list, TestId.alarmBulkAck).click();
    await byId(page, TestId.alarmAckForm).waitFor();
    await page.locator(`[data-testid="${TestId.formSubmit}"]:visible`).click();
    await card.locator('[data-state="ACKNOWLEDGED"]').waitFor();
    expect((await stationAlarms()).find((a) => a.id === prompt!.id)?.state).toBe('ACKNOWLEDGED');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // The bell sits in the top bar on a phone too and leads to the list.
    await byId(page, TestId.alarmBell).click();
    await page.waitForURL(/#\/alarm$/);
  });
});

describe('webhooks and subscriptions', () => {
  it('creates a webhook to a local receiver, sends a test call and shows it in the delivery log', async () => {
    const page = await login({ width: 1440, height: 900 });
    const list = await openList(page);
    await byId(list, TestId.alarmWebhooks).click();
    await page.waitForURL(/#\/alarm\/webhook$/);
    const screen = byId(active(page), TestId.webhooksPage);
    await byId(screen, TestId.webhookTable).and(page.locator('[data-state="ready"]')).waitFor();

    await byId(screen, TestId.listCreate).click();
    const form = byId(page, TestId.webhookForm);
    await form.locator('#name').fill(HOOK);
    await form.locator('#url').fill('ftp://nowhere');
    const submit = page.locator(`[data-testid="${TestId.formSubmit}"]:visible`);
    await submit.click();
    await form.locator('.ant-form-item-explain-error').first().waitFor();
    const port = (receiver!.address() as AddressInfo).port;
    await form.locator('#url').fill(`http://127.0.0.1:${port}/hook`);
    // The secret is generated in the browser and shown once: the receiver is given it now.
    const secret = await byId(form, TestId.webhookSecret).inputValue();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [created] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/webhook') && r.request().method() === 'POST'),
      submit.click(),
    ]);
    expect(((await created.json()) as Envelope).status).toBe(200);
    const row = byId(screen, TestId.webhookTable).locator('tbody tr.ant-table-row').filter({ hasText: HOOK });
    await row.locator('[data-state="ON"]').waitFor();

    await byId(row, TestId.webhookTest).click();
    const result = byId(page, TestId.webhookTestResult);
    await result.and(page.locator('[data-state="SENT"]')).waitFor();
    // The hook receives the run's alarms too (the server is shared): the test call is the one of type test.
    const call = received.find((c) => (JSON.parse(c.body) as { type?: unknown }).type === 'test');
    expect(call, 'the test call reached the receiver').toBeDefined();
    expect(call!.headers['x-sunfleet-signature']).toBe(
      `sha256=${createHmac('sha256', secret).update(call!.body).digest('hex')}`,
    );
    await page.keyboard.press('Escape');
    await result.waitFor({ state: 'detached' });

    await byId(row, TestId.webhookLog).click();
    const log = byId(page, TestId.webhookDeliveries);
    const entry = byId(log, TestId.webhookDeliveryTable).locator('tbody tr.ant-table-row').first();
    await entry.locator('[data-state="SENT"]').waitFor();
    expect(await entry.textContent()).toContain('HTTP 204');
  });

  it('shows the webhooks as cards on a phone without sideways scrolling', async () => {
    const page = await login({ width: 390, height: 844 });
    await page.goto(`${server.baseUrl}/#/alarm/webhook`);
    const screen = byId(active(page), TestId.webhooksPage);
    const card = byId(screen, TestId.webhookCard).filter({ hasText: HOOK });
    await card.locator('[data-state="ON"]').waitFor();
    await byId(card, TestId.webhookTest).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it("sets a subscription's mail language and makes it the escalation list", async () => {
    const page = await login({ width: 1440, height: 900 });
    await page.goto(`${server.baseUrl}/#/station/detail/${stationId}?tab=subscription`);
    const detail = byId(active(page), TestId.stationDetail);
    await detail.and(page.locator('[data-state="ready"]')).waitFor();
    await byId(detail, TestId.listCreate).click();
    const form = byId(page, TestId.stationDetailSubscriptionForm);
    await form.locator('#subject').fill('Stand-by');
    await form.getByRole('radio').nth(2).check();
    await form.locator('#email').fill('chief@example.com');
    await byId(form, TestId.subscriptionLanguage).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Deutsch' })
      .click();
    const [created] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().endsWith(`/api/station/${stationId}/subscription`) && r.request().method() === 'POST',
      ),
      page.locator(`[data-testid="${TestId.formSubmit}"]:visible`).click(),
    ]);
    expect(((await created.json()) as Envelope).status).toBe(200);
    const row = byId(detail, TestId.stationDetailSubscriptions)
      .locator('tbody tr.ant-table-row')
      .filter({ hasText: 'chief@example.com' });
    await row.filter({ hasText: 'Deutsch' }).locator('[data-enabled="true"]').waitFor();
    const stored = await api<{ email: string; notifyType: string; language: string; enabled: boolean }[]>(
      'GET',
      `/station/${stationId}/subscription`,
    );
    expect(stored.data).toContainEqual(
      expect.objectContaining({
        email: 'chief@example.com',
        notifyType: 'ESCALATION',
        language: 'DE',
        enabled: true,
      }),
    );
  });
});

describe('alarm settings and snooze', () => {
  /** The station detail's Alarm settings tab, loaded. */
  async function openSettings(page: Page): Promise<Locator> {
    await page.goto(`${server.baseUrl}/#/station/detail/${stationId}?tab=alarmSettings`);
    const tab = byId(active(page), TestId.alarmSettings);
    await byId(tab, TestId.alarmRules).and(page.locator('[data-state="ready"]')).waitFor();
    await byId(tab, TestId.maintenanceWindows).and(page.locator('[data-state="ready"]')).waitFor();
    return tab;
  }
  const pick = async (page: Page, select: Locator, text: string): Promise<void> => {
    await select.click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: text })
      .click();
  };
  const submit = (page: Page): Promise<void> =>
    page.locator(`[data-testid="${TestId.formSubmit}"]:visible`).click();

  it('creates a weekly maintenance window and a station rule on the Alarm settings tab', async () => {
    const page = await login({ width: 1440, height: 900 });
    const tab = await openSettings(page);
    // The global defaults show, marked as such, before the station has rules of its own.
    await byId(tab, TestId.alarmRules).locator('[data-reach="GLOBAL"]').first().waitFor();

    // A weekly window: Wednesday 08:00–10:00 station time; an end before the start is refused first.
    await byId(tab, TestId.maintenanceWindowCreate).click();
    const windowForm = byId(page, TestId.maintenanceWindowForm);
    expect(await windowForm.innerText()).toContain('Europe/Rome');
    await pick(page, byId(windowForm, TestId.maintenanceWindowWeekday), 'Wednesday');
    await windowForm.locator('#startTime').fill('10:00');
    await windowForm.locator('#endTime').fill('08:00');
    await submit(page);
    await windowForm.locator('.ant-form-item-explain-error').filter({ hasText: 'after the start' }).waitFor();
    await windowForm.locator('#startTime').fill('08:00');
    await windowForm.locator('#endTime').fill('10:00');
    await windowForm.locator('#note').fill('Panel cleaning');
    await submit(page);
    await byId(tab, TestId.maintenanceWindows)
      .locator('tbody tr.ant-table-row')
      .filter({ hasText: 'Panel cleaning' })
      .filter({ hasText: 'Wednesday 08:00–10:00' })
      .waitFor();
    const windows = await api<{ list: Record<string, unknown>[] }>(
      'GET',
      `/maintenanceWindow/page?stationId=${stationId}`,
    );
    expect(windows.data.list).toContainEqual(
      expect.objectContaining({
        stationId,
        deviceId: null,
        weekday: 3,
        startTime: '08:00',
        endTime: '10:00',
        startsAt: null,
        note: 'Panel cleaning',
      }),
    );

    // A station rule: the form shows the kind's fields only, with the contract's limits.
    await byId(tab, TestId.alarmRuleCreate).click();
    const ruleForm = byId(page, TestId.alarmRuleForm);
    await ruleForm.locator('#intervals').fill('5000');
    await submit(page);
    await ruleForm
      .locator('.ant-form-item-explain-error')
      .filter({ hasText: 'Between 1 and 1000' })
      .waitFor();
    await pick(page, byId(ruleForm, TestId.alarmRuleKind), 'Battery temperature high');
    await expect.poll(() => ruleForm.locator('#intervals').count()).toBe(0);
    expect(await ruleForm.locator('#minIrradiance').count()).toBe(0);
    expect(await ruleForm.locator('#code').inputValue()).toBe('9006');
    await ruleForm.locator('#threshold').fill('45');
    await ruleForm.locator('#hysteresis').fill('3');
    await submit(page);
    await byId(tab, TestId.alarmRules)
      .locator('tbody tr.ant-table-row')
      .filter({ has: page.locator('[data-reach="STATION"]') })
      .filter({ hasText: 'Battery temperature high' })
      .waitFor();
    const rules = await api<{ list: Record<string, unknown>[] }>(
      'GET',
      `/alarmRule/page?stationId=${stationId}`,
    );
    expect(rules.data.list).toContainEqual(
      expect.objectContaining({
        kind: 'BATTERY_TEMP',
        stationId,
        code: 9006,
        threshold: 45,
        hysteresis: 3,
        intervals: null,
        enabled: true,
      }),
    );
  });

  it('shows the Alarm settings tab on a phone without sideways scrolling', async () => {
    const page = await login({ width: 390, height: 844 });
    const tab = await openSettings(page);
    await byId(tab, TestId.maintenanceWindows)
      .locator('tbody tr.ant-table-row')
      .filter({ hasText: 'Panel cleaning' })
      .waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it("opens the global rules from the alarm list's button for the platform's admin", async () => {
    const page = await login({ width: 1440, height: 900 });
    const list = await openList(page);
    await byId(list, TestId.alarmRulesOpen).click();
    await page.waitForURL(/#\/alarm\/rule/);
    const rules = byId(active(page), TestId.alarmRulesPage);
    const table = byId(rules, TestId.alarmRules);
    await table.and(page.locator('[data-state="ready"]')).waitFor();
    // The seeded global offline rules, editable here; no station rule is listed.
    await table.locator('tbody tr.ant-table-row').filter({ hasText: 'Logger offline' }).waitFor();
    expect(await table.locator('[data-reach="GLOBAL"]').count()).toBeGreaterThanOrEqual(2);
    expect(await table.locator('[data-reach="STATION"]').count()).toBe(0);
    expect(await byId(rules, TestId.alarmRuleCreate).count()).toBe(1);
  });

  it('snoozes an alarm from the drawer until a quick choice and shows the snooze', async () => {
    const page = await login({ width: 1440, height: 900 });
    const list = await openList(page);
    const prompt = (await stationAlarms()).find((a) => a.code === 3100);
    expect(prompt).toBeDefined();
    await byId(list, TestId.alarmTable).locator(`tr[data-row-key="${prompt!.id}"] td`).nth(3).click();
    const drawer = page.locator(`[data-testid="${TestId.alarmDrawer}"][data-alarm="${prompt!.id}"]`);
    await drawer.waitFor();
    await page.locator(`[data-testid="${TestId.alarmDrawerSnooze}"]:visible`).click();
    const form = byId(page, TestId.alarmSnoozeForm);
    // A time in the past is refused in the form.
    await byId(form, TestId.alarmSnoozeUntil).fill('2020-01-01 08:00');
    await submit(page);
    await form.locator('.ant-form-item-explain-error').filter({ hasText: 'future' }).waitFor();
    const before = Date.now();
    await form.locator(`[data-testid="${TestId.alarmSnoozeChoice}"][data-choice="4h"]`).click();
    expect(await byId(form, TestId.alarmSnoozeUntil).inputValue()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await submit(page);
    await byId(drawer, TestId.alarmDrawerFacts).locator('[data-fact="snoozedUntil"]').waitFor();
    expect(await byId(drawer, TestId.alarmDrawerFacts).innerText()).toMatch(/\(Europe\/Rome\)/);
    const stored = await api<{ snoozedUntil: number | null }>('GET', `/alarm/${prompt!.id}`);
    // The box holds whole minutes of the station clock: within a minute of four hours from the click.
    expect(stored.data.snoozedUntil).toBeGreaterThan(before + 4 * 3600_000 - 61_000);
    expect(stored.data.snoozedUntil).toBeLessThan(Date.now() + 4 * 3600_000 + 1000);
    // Opened again, the dialog shows the current snooze.
    await page.locator(`[data-testid="${TestId.alarmDrawerSnooze}"]:visible`).click();
    await byId(page, TestId.alarmSnoozeState).waitFor();
  });
});
