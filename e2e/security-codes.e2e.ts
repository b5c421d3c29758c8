import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestId } from '../apps/web/src/testids.js';
import { launchBrowser, newContext } from './support/browser.js';
import { startServer, type RunningTestServer } from './support/server.js';

// Step 2a account forms that need a verification code, in Chromium. Without SMTP_URL the server keeps
// mail in its outbox and logs it as 'undelivered'; the tests read the codes from that log.

const PROFILE_USER = { username: 'e2e.profile', password: 'Profile#E2e1' };
const NEW_EMAIL = 'e2e.profile@example.com';
const INSTALLER = {
  company: 'E2E Rooftop Installers',
  username: 'e2e.rooftop',
  email: 'rooftop@example.com',
  password: 'Roof#Top2026',
};
const FIND_ME = { username: 'e2e.findme', email: 'findme@example.com', password: 'Find#Me2026' };
const OWNER_SIGNUP = { username: 'e2e.homeowner', email: 'home@example.com', password: 'Home#Owner1' };

interface Envelope<T = unknown> {
  status: number;
  enMsg: string;
  data: T;
}

let server: RunningTestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

const byId = (scope: Page | Locator, id: string): Locator => scope.locator(`[data-testid="${id}"]`);
const active = (page: Page): Locator => byId(page, TestId.activeView);

async function newPage(): Promise<Page> {
  const context = await newContext(browser, { viewport: { width: 1366, height: 860 } });
  contexts.push(context);
  return context.newPage();
}

async function fillLogin(page: Page, username: string, password: string): Promise<void> {
  await page.goto(`${server.baseUrl}/#/login/index`);
  await byId(page, TestId.loginUsername).fill(username);
  await byId(page, TestId.loginPassword).fill(password);
  await byId(page, TestId.loginSubmit).click();
}

async function login(page: Page, username: string, password: string): Promise<void> {
  await fillLogin(page, username, password);
  await byId(page, TestId.shell).waitFor();
}

async function api<T>(method: string, path: string, token: string, body?: unknown): Promise<Envelope<T>> {
  const res = await fetch(`${server.baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

async function apiLogin(username: string, password: string): Promise<Envelope<{ token: string }>> {
  const res = await fetch(`${server.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return (await res.json()) as Envelope<{ token: string }>;
}

/** Log lines of mail kept undelivered for `to` (without SMTP_URL the server logs it as a warning). */
function mailsTo(to: string): string[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.includes('undelivered') && line.includes(`"to":"${to}"`));
}

/** The code of the first mail to `to` after the first `seen` ones (the one the last click sent). */
async function codeSentTo(to: string, seen: number): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const code = /\b(\d{6})\b/.exec(mailsTo(to)[seen] ?? '')?.[1];
    if (code !== undefined) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code was sent to ${to}`);
}

beforeAll(async () => {
  server = await startServer({
    seedUsers: [{ username: PROFILE_USER.username, password: PROFILE_USER.password, role: 5, company: 3 }],
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

describe('account forms with codes sent by email', () => {
  it('changes the email with the current password and a code sent to the new address', async () => {
    const page = await newPage();
    await login(page, PROFILE_USER.username, PROFILE_USER.password);
    await page.goto(`${server.baseUrl}/#/user/settings/profile`);
    const profile = byId(active(page), TestId.profile);
    await byId(profile, TestId.changeEmail).click();
    const form = byId(page, TestId.changeContactForm);
    await form.waitFor();
    await form.locator('input[type=password]').fill(PROFILE_USER.password);
    await form.locator('input[type=email]').fill(NEW_EMAIL);
    const seen = mailsTo(NEW_EMAIL).length;
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/find/code'));
    await byId(form, TestId.sendCodeButton).click();
    expect(((await (await sent).json()) as Envelope).status).toBe(200);
    await form.locator('input[autocomplete="one-time-code"]').fill(await codeSentTo(NEW_EMAIL, seen));
    const changed = page.waitForResponse((r) => r.url().endsWith('/api/user/email'));
    await page.locator(`[data-testid="${TestId.formSubmit}"]:visible`).click();
    expect(((await (await changed).json()) as Envelope).status).toBe(200);
    await page.waitForFunction(
      ([id, email]) => document.querySelector(`[data-testid="${id}"]`)?.textContent === email,
      [TestId.profileEmail, NEW_EMAIL] as const,
    );
    // The new address is a login name now.
    expect((await apiLogin(NEW_EMAIL, PROFILE_USER.password)).status).toBe(200);
  });

  it('registers an installer company, and a site owner joins it with its authorization code', async () => {
    const page = await newPage();
    await page.goto(`${server.baseUrl}/#/login/register`);
    const form = byId(page, TestId.accountForm);
    await form.waitFor();
    await form.locator('#companyName').fill(INSTALLER.company);
    await form.locator('#username').fill(INSTALLER.username);
    await form.locator('#email').fill(INSTALLER.email);
    const seen = mailsTo(INSTALLER.email).length;
    await byId(form, TestId.sendCodeButton).click();
    await form.locator('#code').fill(await codeSentTo(INSTALLER.email, seen));
    await form.locator('#password').fill(INSTALLER.password);
    await form.locator('#confirmPassword').fill(INSTALLER.password);
    await form.locator('#agree').check();
    const registered = page.waitForResponse((r) => r.url().endsWith('/api/find/user/register'));
    await byId(form, TestId.accountSubmit).click();
    expect(((await (await registered).json()) as Envelope).status).toBe(200);
    await page.locator('.ant-result-success:visible').waitFor();

    // The new manager reads the company's authorization code and hands it to a customer.
    const manager = await apiLogin(INSTALLER.username, INSTALLER.password);
    expect(manager.status).toBe(200);
    const info = await api<{ companyId: number; companyName: string }>('GET', '/info', manager.data.token);
    expect(info.data.companyName).toBe(INSTALLER.company);
    const company = await api<{ authorizationCode: string | null }>(
      'GET',
      `/company/${String(info.data.companyId)}`,
      manager.data.token,
    );
    const code = company.data.authorizationCode;
    expect(code).toMatch(/^[A-Za-z0-9_-]{4,64}$/);

    await page.goto(`${server.baseUrl}/#/login/register?tab=join`);
    const join = byId(page, TestId.signUpForm);
    await join.waitFor();
    await join.locator('#authorizationCode').fill(code ?? '');
    await join.locator('#username').fill(OWNER_SIGNUP.username);
    await join.locator('#email').fill(OWNER_SIGNUP.email);
    await byId(join, TestId.sendCodeButton).click();
    await join.locator('#code').fill(await codeSentTo(OWNER_SIGNUP.email, 0));
    await join.locator('#password').fill(OWNER_SIGNUP.password);
    await join.locator('#confirmPassword').fill(OWNER_SIGNUP.password);
    await join.locator('#agree').check();
    const joined = page.waitForResponse((r) => r.url().endsWith('/api/find/signUp'));
    await byId(join, TestId.accountSubmit).click();
    expect(((await (await joined).json()) as Envelope).status).toBe(200);
    await page.locator('.ant-result-success:visible').waitFor();

    await login(page, OWNER_SIGNUP.username, OWNER_SIGNUP.password);
    await page.goto(`${server.baseUrl}/#/user/settings/profile`);
    await byId(active(page), TestId.profileForm).waitFor();
    expect(await byId(active(page), TestId.profile).innerText()).toContain(INSTALLER.company);
  });

  it('find account name says the name was sent, and never shows it', async () => {
    // A fresh address: codes go to one destination at most once a minute.
    const admin = await apiLogin(server.adminUsername, server.adminPassword);
    const created = await api('POST', '/user', admin.data.token, {
      username: FIND_ME.username,
      password: FIND_ME.password,
      email: FIND_ME.email,
      roleId: 5,
      companyId: 3,
    });
    expect(created.status).toBe(200);

    const page = await newPage();
    await page.goto(`${server.baseUrl}/#/login/find-name`);
    const form = byId(page, TestId.accountForm);
    await form.waitFor();
    await form.locator('#email').fill(FIND_ME.email);
    await byId(form, TestId.sendCodeButton).click();
    await form.locator('#code').fill(await codeSentTo(FIND_ME.email, 0));
    const found = page.waitForResponse((r) => r.url().endsWith('/api/find/name'));
    await byId(form, TestId.accountSubmit).click();
    expect(((await (await found).json()) as Envelope).data).toBeNull();
    await page.locator('.ant-result-success:visible').waitFor();
    expect(await page.locator('body').innerText()).not.toContain(FIND_ME.username);
    // The name went to the address instead.
    await expect
      .poll(() => mailsTo(FIND_ME.email).some((line) => line.includes(FIND_ME.username)))
      .toBe(true);
  });
});
