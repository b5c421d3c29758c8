import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestId } from '../apps/web/src/testids.js';
import {
  active,
  apiAs,
  byId,
  loginToken,
  holdSession,
  signIn,
  type Api,
  type Envelope,
  type PageOf,
} from './support/api.js';
import { closeContextsAfterEach, launchBrowser, newContext } from './support/browser.js';
import { pickOption } from './support/select.js';
import { sharedServer } from './support/shared-server.js';

// Step 2a in Chromium: an administrator builds part of the tree in the console, the people in it see
// exactly their part, and the permission directive hides what a role may not do.

const DEMO_DISTRIBUTOR = 'Sunfleet Demo (simulated)';
const INSTALLER = `E2E Solar Installer ${Date.now().toString(36)}`;
const MANAGER = { username: 'e2e.manager', password: 'E2e#Manager1' };
const VIEWER = { username: 'e2e.viewer', password: 'E2e#Viewer12' };
const VIEWER_ROLE = 'E2E account viewer';

const server = sharedServer();
let browser: Browser;
const contexts: BrowserContext[] = [];
closeContextsAfterEach(contexts);

/** Modal OK buttons; only the open modal's button is visible. */
const submitModal = (page: Page): Promise<void> =>
  page.locator(`[data-testid="${TestId.formSubmit}"]:visible`).click();

async function newPage(): Promise<Page> {
  const context = await newContext(browser, { viewport: { width: 1440, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  page.on('dialog', (dialog) => {
    throw new Error(`unexpected dialog: ${dialog.message()}`);
  });
  return page;
}

async function logout(page: Page): Promise<void> {
  await byId(page, TestId.userDropdown).click();
  await byId(page, TestId.userMenuLogout).click();
  await byId(page, TestId.loginForm).waitFor();
}

/** The API as this user (through a login of its own). */
async function apiOf(username: string, password: string): Promise<Api> {
  return apiAs(server, await loginToken(server, username, password));
}

/** Table rows of a list screen that contain `text`. */
function rows(page: Page, tableId: string, text: string): Locator {
  return byId(active(page), tableId).locator('tbody tr.ant-table-row').filter({ hasText: text });
}

async function openPage(page: Page, path: string, testId: string): Promise<void> {
  await page.goto(`${server.baseUrl}/#${path}`);
  await byId(active(page), testId).waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
});

describe('organisation tree built in the console', () => {
  it('admin creates an installer under the demo distributor, and a manager account in it', async () => {
    const page = await newPage();
    await holdSession(page, server);

    await openPage(page, '/organization/manufacturer', TestId.companyManage);
    await byId(active(page), TestId.listCreate).click();
    const form = byId(page, TestId.companyForm);
    await form.waitFor();
    // The type starts as installer; the superior company comes from the admin's tree.
    await pickOption(page, byId(form, TestId.companyParent), DEMO_DISTRIBUTOR);
    await byId(form, TestId.companyName).fill(INSTALLER);
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/company') && r.request().method() === 'POST',
    );
    await submitModal(page);
    expect(((await (await created).json()) as Envelope).status).toBe(200);
    await rows(page, TestId.companyTable, INSTALLER).waitFor();
    expect(await rows(page, TestId.companyTable, INSTALLER).innerText()).toContain(DEMO_DISTRIBUTOR);

    await openPage(page, '/organization/account', TestId.accountList);
    await byId(active(page), TestId.listCreate).click();
    const userForm = byId(page, TestId.userForm);
    await userForm.waitFor();
    await byId(userForm, TestId.userUsername).fill(MANAGER.username);
    await byId(userForm, TestId.userPassword).fill(MANAGER.password);
    await byId(userForm, TestId.userConfirmPassword).fill(MANAGER.password);
    // The roles offered depend on the company: listen before picking it, or a fast answer is missed.
    const rolesLoaded = page.waitForResponse((r) => r.url().includes('/api/role/options?companyId='));
    await pickOption(page, byId(userForm, TestId.userCompany), INSTALLER);
    await rolesLoaded;
    await pickOption(page, byId(userForm, TestId.userRole), 'Manager');
    const userCreated = page.waitForResponse(
      (r) => r.url().endsWith('/api/user') && r.request().method() === 'POST',
    );
    await submitModal(page);
    expect(((await (await userCreated).json()) as Envelope).status).toBe(200);
    await rows(page, TestId.accountTable, MANAGER.username).waitFor();
    expect(await rows(page, TestId.accountTable, MANAGER.username).innerText()).toContain(INSTALLER);

    // Every change is in the audit log, in the console too.
    await openPage(page, '/system/log', TestId.logPage);
    await byId(active(page), TestId.logAction).locator('input').fill('company.create');
    const filtered = page.waitForResponse(
      (r) => r.url().includes('/api/log/page') && r.url().includes('action='),
    );
    await byId(active(page), TestId.logAction).locator('input').press('Enter');
    await filtered;
    // The action and the result read as words; the recorded name stays on the cell.
    const logged = rows(page, TestId.logTable, 'Create company').first();
    await logged.waitFor();
    expect(await byId(logged, TestId.logActionCell).getAttribute('data-action')).toBe('company.create');
    expect(await byId(logged, TestId.logResult).innerText()).toBe('Success');

    // The role list: the state column says what its tags say, and the administrator holds all.
    await openPage(page, '/organization/role', TestId.roleList);
    const table = byId(active(page), TestId.roleTable);
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    const headers = await table.locator('thead th').allInnerTexts();
    expect(headers).toContain('State');
    expect(headers).not.toContain('Disabled');
    const administrator = table
      .locator('tbody tr.ant-table-row')
      .filter({ has: page.locator(`[data-testid="${TestId.roleRowName}"]`, { hasText: /^Administrator$/ }) })
      .first();
    expect(await byId(administrator, TestId.rolePermissionCount).innerText()).toBe('All');
    expect(await byId(administrator, TestId.roleState).getAttribute('data-disabled')).toBe('false');
    expect(await byId(administrator, TestId.roleState).innerText()).toBe('Enabled');
  });

  it('the new manager logs in and sees only their company and its accounts', async () => {
    const page = await newPage();
    await holdSession(page, server, MANAGER.username, MANAGER.password);

    await openPage(page, '/organization/manufacturer', TestId.companyManage);
    const table = byId(active(page), TestId.companyTable);
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    const names = await byId(table, TestId.companyRowName).allInnerTexts();
    expect(names).toEqual([INSTALLER]);

    await openPage(page, '/organization/account', TestId.accountList);
    const accounts = byId(active(page), TestId.accountTable);
    await accounts.locator('tbody tr.ant-table-row').first().waitFor();
    expect(await byId(accounts, TestId.userRowName).allInnerTexts()).toEqual([MANAGER.username]);
    // The Manager role holds account:create: the directive shows the button.
    expect(await byId(active(page), TestId.listCreate).count()).toBe(1);

    // The logo click opens the own company's page.
    await byId(page, TestId.topbarLogo).click();
    await page.waitForURL(/#\/company\?type=second$/);
    expect(await byId(active(page), TestId.companyOwnName).innerText()).toBe(INSTALLER);

    // The server agrees: nothing of the demo tree is reachable.
    const manager = await apiOf(MANAGER.username, MANAGER.password);
    const companies = await manager<PageOf<{ name: string }>>('GET', '/company/page');
    expect(companies.data.list.map((c) => c.name)).toEqual([INSTALLER]);
    const users = await manager<PageOf<{ username: string }>>('GET', '/user/page?keyword=demo');
    expect(users.data.total).toBe(0);
  });

  it('the permission directive hides the create button from a role without account:create', async () => {
    const page = await newPage();
    await holdSession(page, server);

    // A public role with the account list page only, built with the permission tree.
    await openPage(page, '/organization/role', TestId.roleList);
    await byId(active(page), TestId.listCreate).click();
    const roleForm = byId(page, TestId.roleForm);
    await roleForm.waitFor();
    await byId(roleForm, TestId.roleName).fill(VIEWER_ROLE);
    await roleForm
      .locator('label')
      .filter({ hasText: /^Open \(public\)$/ })
      .click();
    const tree = byId(roleForm, TestId.permissionTree);
    await tree
      .locator('.ant-tree-treenode')
      .filter({ has: page.locator('[data-code="account:view"]') })
      .locator('.ant-tree-checkbox')
      .click();
    const roleCreated = page.waitForResponse(
      (r) => r.url().endsWith('/api/role') && r.request().method() === 'POST',
    );
    await submitModal(page);
    const roleAnswer = (await (await roleCreated).json()) as Envelope<{ id: number }>;
    expect(roleAnswer.status).toBe(200);
    await rows(page, TestId.roleTable, VIEWER_ROLE).waitFor();

    // A user holding that role in the new installer company (created through the API to keep this short).
    const admin = await apiOf(server.adminUsername, server.adminPassword);
    const roles = await admin<PageOf<{ id: number; name: string; permissions: string[] }>>(
      'GET',
      `/role/page?keyword=${encodeURIComponent(VIEWER_ROLE)}`,
    );
    const role = roles.data.list.find((r) => r.name === VIEWER_ROLE);
    expect(role?.permissions).toContain('account:view');
    expect(role?.permissions).not.toContain('account:create');
    const companies = await admin<PageOf<{ id: number; name: string }>>(
      'GET',
      `/company/page?keyword=${encodeURIComponent(INSTALLER)}`,
    );
    const companyId = companies.data.list[0]?.id;
    const created = await admin('POST', '/user', {
      username: VIEWER.username,
      password: VIEWER.password,
      roleId: role?.id,
      companyId,
    });
    expect(created.status).toBe(200);
    await logout(page);

    await signIn(page, server, VIEWER.username, VIEWER.password);
    await openPage(page, '/organization/account', TestId.accountList);
    const accounts = byId(active(page), TestId.accountTable);
    await accounts.locator('tbody tr.ant-table-row').first().waitFor();
    expect(await byId(accounts, TestId.userRowName).allInnerTexts()).toEqual(
      expect.arrayContaining([MANAGER.username, VIEWER.username]),
    );
    expect(await byId(active(page), TestId.listCreate).count()).toBe(0);
    expect(await byId(accounts, TestId.userEdit).count()).toBe(0);
    expect(await byId(accounts, TestId.userDisable).count()).toBe(0);
    expect(await byId(accounts, TestId.userResetPassword).count()).toBe(0);
  });

  it('disabling an account in the console ends its sessions at once', async () => {
    const viewer = await apiOf(VIEWER.username, VIEWER.password);
    expect((await viewer('GET', '/info')).status).toBe(200);

    const page = await newPage();
    await holdSession(page, server);
    await openPage(page, '/organization/account', TestId.accountList);
    await byId(active(page), TestId.listKeyword).locator('input').fill(VIEWER.username);
    await byId(active(page), TestId.listKeyword).locator('input').press('Enter');
    const row = rows(page, TestId.accountTable, VIEWER.username);
    await row.waitFor();
    await byId(row, TestId.userDisable).click();
    const disabled = page.waitForResponse((r) => r.url().endsWith('/disable'));
    await page.locator(`[data-testid="${TestId.confirmOk}"]:visible`).click();
    expect(((await (await disabled).json()) as Envelope).status).toBe(200);
    await byId(row, TestId.userEnable).waitFor();

    expect((await viewer('GET', '/info')).status).toBe(102011);
  });
});
