import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FirmwareTestId, UpgradeTestId } from '../apps/web/src/features/firmware/testIds.js';
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
import { closeContextsAfterEach, launchBrowser, newContext } from './support/browser.js';
import { pickOption } from './support/select.js';
import { sharedServer } from './support/shared-server.js';

// Step 2b back office in Chromium: the device protocol editor (built-in definitions read-only, copy,
// inline register checks that keep a bad map from being sent), display groups and device rules; Step 5d's
// firmware library (upload with the form's rules, the image signed by the platform key, delete) and an
// upgrade task created on Firmware update and followed on Upgrade management to the demo inverter's install.

const STAMP = Date.now().toString(36);
const BUILT_IN_CODE = 'sunspec-inverter-3p';
const COPY_CODE = `e2e-inverter-${STAMP}`;
const GROUP_KEY = `e2e_group_${STAMP}`;
const RULE_PREFIX = `E2E${STAMP}`.slice(0, 32);

interface Register {
  key: string;
  address: number;
  min: number | null;
  max: number | null;
}

const server = sharedServer();
let browser: Browser;
let api: Api;
const contexts: BrowserContext[] = [];
closeContextsAfterEach(contexts);
/** The page of the running test; each test logs in on its own, so one failure does not block the next. */
let page: Page;

const submitModal = (p: Page): Promise<void> =>
  p.locator(`[data-testid="${TestId.formSubmit}"]:visible`).click();

function rows(tableId: string, text: string): Locator {
  return byId(active(page), tableId).locator('tbody tr.ant-table-row').filter({ hasText: text });
}

/** A register row of the open editor, by measure key. */
function registerRow(editor: Locator, key: string): Locator {
  return byId(editor, TestId.registerTable).locator(`tr[data-register-key="${key}"]`);
}

/** The input of one register cell (text inputs and number inputs alike). */
function cellInput(row: Locator, field: string): Locator {
  return byId(row, `${TestId.registerCell}-${field}`).locator('input');
}

async function openPage(path: string, testId: string): Promise<void> {
  await page.goto(`${server.baseUrl}/#${path}`);
  await byId(active(page), testId).waitFor();
}

async function search(text: string, urlPart: string): Promise<void> {
  const input = byId(active(page), TestId.listKeyword).locator('input');
  await input.fill(text);
  const answered = page.waitForResponse((r) => r.url().includes(urlPart) && r.url().includes('keyword='));
  await input.press('Enter');
  await answered;
}

async function loginAsAdmin(): Promise<void> {
  const context = await newContext(browser, { viewport: { width: 1600, height: 1000 } });
  contexts.push(context);
  page = await context.newPage();
  page.on('dialog', (dialog) => {
    throw new Error(`unexpected dialog: ${dialog.message()}`);
  });
  await holdSession(page, server);
}

beforeAll(async () => {
  browser = await launchBrowser();
  api = apiAs(server, await loginToken(server));
});

beforeEach(loginAsAdmin);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
});

describe('device protocol', () => {
  it('shows the built-in SunSpec inverter read-only; a copy with a changed range is saved', async () => {
    await openPage('/deviceConfig/protocol', TestId.protocolPage);
    await search(BUILT_IN_CODE, '/api/deviceProtocol/page');
    const builtIn = rows(TestId.protocolTable, BUILT_IN_CODE);
    await builtIn.waitFor();
    expect(await builtIn.innerText()).toMatch(/Built-in/);
    // Built-in definitions offer no delete.
    expect(await byId(builtIn, TestId.protocolDelete).count()).toBe(0);

    await byId(builtIn, TestId.protocolOpen).click();
    const editor = byId(page, TestId.protocolEditor);
    await byId(editor, TestId.protocolReadOnly).waitFor();
    expect(await editor.getAttribute('data-readonly')).toBe('true');
    await registerRow(editor, 'WMaxLimPct').waitFor();
    expect(await byId(page, TestId.protocolSave).count()).toBe(0);
    expect(await registerRow(editor, 'W').locator('input').count()).toBe(0);

    // Copy opens an editable form with a new code and the same registers.
    await byId(page, TestId.protocolEditorCopy).click();
    await expect.poll(() => editor.getAttribute('data-readonly')).toBe('false');
    const code = byId(editor, TestId.protocolCode);
    expect(await code.inputValue()).toBe(`${BUILT_IN_CODE}-copy`);
    await code.fill(COPY_CODE);
    const limit = registerRow(editor, 'WMaxLimPct');
    expect(await cellInput(limit, 'max').inputValue()).toBe('100');
    await cellInput(limit, 'max').fill('90');

    // An overlapping address is marked on both rows and nothing is sent.
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/deviceProtocol')) posts.push(r.url());
    });
    const hz = registerRow(editor, 'Hz');
    const hzAddress = await cellInput(hz, 'address').inputValue();
    const wAddress = await cellInput(registerRow(editor, 'W'), 'address').inputValue();
    await cellInput(hz, 'address').fill(wAddress);
    await cellInput(hz, 'address').blur();
    await expect.poll(() => hz.getAttribute('data-overlap')).toBe('true');
    expect(await registerRow(editor, 'W').getAttribute('data-overlap')).toBe('true');
    expect(await byId(hz, TestId.registerError).innerText()).toContain('W');
    await byId(page, TestId.protocolSave).click();
    await byId(editor, TestId.protocolProblems).waitFor();
    expect(posts).toEqual([]);

    // Put the address back: the marks go, and the copy saves.
    await cellInput(hz, 'address').fill(hzAddress);
    await cellInput(hz, 'address').blur();
    await expect.poll(() => hz.getAttribute('data-overlap')).toBeNull();
    await expect.poll(() => byId(editor, TestId.protocolProblems).count()).toBe(0);
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/deviceProtocol') && r.request().method() === 'POST',
    );
    await byId(page, TestId.protocolSave).click();
    expect(((await (await created).json()) as Envelope).status).toBe(200);
    await editor.waitFor({ state: 'detached' });

    await search(COPY_CODE, '/api/deviceProtocol/page');
    const copy = rows(TestId.protocolTable, COPY_CODE);
    await copy.waitFor();
    expect(await copy.innerText()).not.toMatch(/Built-in/);

    // The server stored the changed range.
    const list = await api<PageOf<{ id: number; code: string }>>(
      'GET',
      `/deviceProtocol/page?keyword=${encodeURIComponent(COPY_CODE)}`,
    );
    const id = list.data.list.find((d) => d.code === COPY_CODE)?.id;
    const detail = await api<{ builtIn: boolean; registers: Register[] }>(
      'GET',
      `/deviceProtocol/${String(id)}`,
    );
    expect(detail.data.builtIn).toBe(false);
    const stored = detail.data.registers.find((r) => r.key === 'WMaxLimPct');
    expect(stored).toMatchObject({ min: 0, max: 90 });
    expect(detail.data.registers.find((r) => r.key === 'Hz')?.address).toBe(Number(hzAddress));
  });
});

describe('display groups and device rules', () => {
  it('creates a display group', async () => {
    await openPage('/deviceConfig/displayGroup', TestId.displayGroupPage);
    await rows(TestId.displayGroupTable, 'settings').first().waitFor();
    await byId(active(page), TestId.listCreate).click();
    const form = byId(page, TestId.displayGroupForm);
    await form.waitFor();
    await byId(form, TestId.displayGroupKey).fill(GROUP_KEY);
    await byId(form, TestId.displayGroupNameKey).fill('E2E group');
    await byId(form, TestId.displayGroupSort).fill('900');
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/displayGroup') && r.request().method() === 'POST',
    );
    await submitModal(page);
    expect(((await (await created).json()) as Envelope).status).toBe(200);
    await rows(TestId.displayGroupTable, GROUP_KEY).waitFor();
    expect(await rows(TestId.displayGroupTable, GROUP_KEY).innerText()).toContain('E2E group');
  });

  it('creates a device rule and deletes it after confirming', async () => {
    await openPage('/deviceConfig/rule', TestId.deviceRulePage);
    await byId(active(page), TestId.listCreate).click();
    const form = byId(page, TestId.deviceRuleForm);
    await form.waitFor();
    await byId(form, TestId.deviceRulePrefix).fill(RULE_PREFIX);
    const models = page.waitForResponse((r) => r.url().includes('/api/deviceModel/list?deviceType=INVERTER'));
    await pickOption(page, byId(form, TestId.deviceRuleDeviceType), 'Inverter');
    await models;
    await pickOption(page, byId(form, TestId.deviceRuleModel), 'SF-INV-3P-10K');
    await byId(form, TestId.deviceRuleRemark).fill('E2E rule');
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/deviceRule') && r.request().method() === 'POST',
    );
    await submitModal(page);
    expect(((await (await created).json()) as Envelope).status).toBe(200);

    await search(RULE_PREFIX, '/api/deviceRule/page');
    const rule = rows(TestId.deviceRuleTable, RULE_PREFIX);
    await rule.waitFor();
    expect(await rule.innerText()).toContain('SF-INV-3P-10K');

    await byId(rule, TestId.deviceRuleDelete).click();
    const confirm = page.locator(`[data-testid="${TestId.confirmOk}"]:visible`);
    await page.locator('.ant-popover:visible').filter({ hasText: 'Confirm deletion' }).waitFor();
    const deleted = page.waitForResponse(
      (r) => r.url().includes('/api/deviceRule/') && r.request().method() === 'DELETE',
    );
    await confirm.click();
    expect(((await (await deleted).json()) as Envelope).status).toBe(200);
    await rule.waitFor({ state: 'detached' });

    const left = await api<PageOf<{ snPrefix: string }>>(
      'GET',
      `/deviceRule/page?keyword=${encodeURIComponent(RULE_PREFIX)}`,
    );
    expect(left.data.total).toBe(0);
  });
});

describe('firmware release', () => {
  it('uploads an image, shows it signed by the platform key on the page, refuses a bad version and a wrong file, and deletes it', async () => {
    const version = `V9.${Number.parseInt(STAMP.slice(-4), 36) % 100000}`;
    await openPage('/operation/firmware', FirmwareTestId.page);
    // The public key loggers must trust, as the server publishes it.
    const key = await api<{ fingerprint: string; pem: string }>('GET', '/firmware/publicKey');
    expect(await byId(active(page), FirmwareTestId.keyFingerprint).innerText()).toBe(key.data.fingerprint);

    await byId(active(page), TestId.listCreate).click();
    const form = byId(page, FirmwareTestId.uploadForm);
    await form.waitFor();
    const models = page.waitForResponse((r) => r.url().includes('/api/deviceModel/list?deviceType=GATEWAY'));
    await pickOption(page, byId(form, FirmwareTestId.deviceType), 'Logger');
    await models;
    await pickOption(page, byId(form, FirmwareTestId.model), 'SF-LOGGER-4G');
    await byId(form, FirmwareTestId.notes).fill('E2E release');
    const file = form.locator('input[type="file"]');

    // The form's own rules: nothing is sent for a bad version or a file that is not .bin or .mbt.
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/firmware')) posts.push(r.url());
    });
    await byId(form, FirmwareTestId.version).fill('V1.');
    await file.setInputFiles({
      name: 'tool.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('x'),
    });
    await submitModal(page);
    await form.locator('.ant-form-item-explain-error').filter({ hasText: 'version format' }).waitFor();
    await form.locator('.ant-form-item-explain-error').filter({ hasText: '.bin or .mbt' }).waitFor();
    expect(posts).toEqual([]);

    const bytes = Buffer.from(`E2E image ${STAMP}`.repeat(2_000));
    await byId(form, FirmwareTestId.version).fill(version);
    await file.setInputFiles({ name: 'logger.bin', mimeType: 'application/octet-stream', buffer: bytes });
    const uploaded = page.waitForResponse(
      (r) => r.url().endsWith('/api/firmware') && r.request().method() === 'POST',
    );
    await submitModal(page);
    const answer = (await (await uploaded).json()) as Envelope<{ sha256: string; signedBy: string }>;
    expect(answer.data).toMatchObject({ signedBy: 'PLATFORM' });
    await form.waitFor({ state: 'detached' });

    const row = rows(FirmwareTestId.table, version);
    await row.waitFor();
    expect(await byId(row, FirmwareTestId.rowSigner).getAttribute('data-signer')).toBe('PLATFORM');
    expect(await row.innerText()).toContain('E2E release');
    expect(await byId(row, FirmwareTestId.rowSha).innerText()).toBe(answer.data.sha256.slice(0, 12));

    await byId(row, FirmwareTestId.rowDelete).click();
    await page.locator('.ant-popover:visible').filter({ hasText: 'Confirm deletion' }).waitFor();
    const deleted = page.waitForResponse(
      (r) => r.url().includes('/api/firmware/') && r.request().method() === 'DELETE',
    );
    await page.locator(`[data-testid="${TestId.confirmOk}"]:visible`).click();
    expect(((await (await deleted).json()) as Envelope).status).toBe(200);
    await row.waitFor({ state: 'detached' });
  });
});

describe('firmware update and upgrade management', () => {
  it('creates a task for a demo inverter on the Firmware update screen and watches it install on Upgrade management', async () => {
    // The demo fleet's São Paulo inverter runs 1.0.0; its logger trusts the platform key (the sim service).
    const version = `1.${(Number.parseInt(STAMP.slice(-4), 36) % 90000) + 1}`;
    const form = new FormData();
    for (const [name, value] of Object.entries({ deviceType: 'INVERTER', model: 'SF-INV-1P-5K', version }))
      form.append(name, value);
    form.append('file', new Blob([`E2E inverter image ${STAMP}`.repeat(50)]), 'inverter.bin');
    const uploaded = (await (
      await fetch(`${server.baseUrl}/api/firmware`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await loginToken(server)}` },
        body: form,
      })
    ).json()) as Envelope<{ id: string }>;
    expect(uploaded.status).toBe(200);

    await openPage('/operation/upgrade', UpgradeTestId.newPage);
    const newForm = byId(active(page), UpgradeTestId.newForm);
    await pickOption(page, byId(newForm, UpgradeTestId.image), `SF-INV-1P-5K ${version}`);
    await pickOption(page, byId(newForm, UpgradeTestId.station), 'São Paulo');
    await pickOption(page, byId(newForm, UpgradeTestId.deviceIds), 'SFI12606000002');
    await byId(newForm, UpgradeTestId.broadcast).click();
    await byId(newForm, UpgradeTestId.healthWatch).fill('0');
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/upgrade/task') && r.request().method() === 'POST',
    );
    await byId(newForm, UpgradeTestId.submit).click();
    const task = ((await (await created).json()) as Envelope<{ id: string; state: string }>).data;
    expect(task.state).toBe('RUNNING');

    // Upgrade management opens with the task: the device goes through the install to DONE.
    const detail = byId(page, UpgradeTestId.task);
    await detail.waitFor();
    await expect
      .poll(() => byId(detail, UpgradeTestId.taskState).getAttribute('data-state'), { timeout: 45_000 })
      .toBe('COMPLETE');
    expect(await byId(detail, UpgradeTestId.deviceState).getAttribute('data-state')).toBe('DONE');
    expect(await byId(detail, UpgradeTestId.devices).innerText()).toContain(`1.0.0 → ${version}`);
    expect(await byId(detail, UpgradeTestId.progress).getAttribute('data-done')).toBe('1');

    // The inverter's page lists the upgrade in its firmware history.
    const done = await api<{ devices: { deviceId: number }[] }>('GET', `/upgrade/task/${task.id}`);
    await page.goto(`${server.baseUrl}/#/device/detail/${String(done.data.devices[0]?.deviceId)}`);
    const history = byId(active(page), TestId.firmwareHistory);
    await history.locator('[data-state="DONE"]').waitFor();
    expect(await history.innerText()).toContain(`1.0.0 → ${version}`);
  });
});
