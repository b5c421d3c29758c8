import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestId } from '../apps/web/src/testids.js';
import {
  active,
  apiAs,
  apiLogin,
  byId,
  holdSession,
  loginToken,
  signIn,
  type Envelope,
} from './support/api.js';
import { closeContextsAfterEach, launchBrowser, newContext } from './support/browser.js';
import { sharedServer } from './support/shared-server.js';

// Step 2a account forms that need a verification code, in Chromium. Without SMTP_URL the server keeps
// mail in its outbox and logs it as 'undelivered'; the tests read the codes from that log (the shared
// server's log file). Codes go to one address at most once a minute: every address here is this file's own.

const PROFILE_USER = { username: 'e2e.mailbox', password: 'Mailbox#E2e1' };
const NEW_EMAIL = 'e2e.mailbox@example.com';
const INSTALLER = {
  company: 'E2E Rooftop Installers',
  username: 'e2e.rooftop',
  email: 'rooftop@example.com',
  password: 'Roof#Top2026',
};
const FIND_ME = { username: 'e2e.findme', email: 'findme@example.com', password: 'Find#Me2026' };
const OWNER_SIGNUP = { username: 'e2e.homeowner', email: 'home@example.com', password: 'Home#Owner1' };

const server = sharedServer();
let browser: Browser;
const contexts: BrowserContext[] = [];
closeContextsAfterEach(contexts);

async function newPage(): Promise<Page> {
  const context = await newContext(browser, { viewport: { width: 1366, height: 860 } });
  contexts.push(context);
  return context.newPage();
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
  const admin = apiAs(server, await loginToken(server));
  const created = await admin('POST', '/user', { ...PROFILE_USER, roleId: 5, companyId: 3 });
  expect(created.status, created.enMsg).toBe(200);
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
});

describe('account forms with codes sent by email', () => {
  it('changes the email with the current password and a code sent to the new address', async () => {
    const page = await newPage();
    await holdSession(page, server, PROFILE_USER.username, PROFILE_USER.password);
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
    expect((await apiLogin(server, NEW_EMAIL, PROFILE_USER.password)).status).toBe(200);
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
    const manager = apiAs(server, await loginToken(server, INSTALLER.username, INSTALLER.password));
    const info = await manager<{ companyId: number; companyName: string }>('GET', '/info');
    expect(info.data.companyName).toBe(INSTALLER.company);
    const company = await manager<{ authorizationCode: string | null }>(
      'GET',
      `/company/${String(info.data.companyId)}`,
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

    await signIn(page, server, OWNER_SIGNUP.username, OWNER_SIGNUP.password);
    await page.goto(`${server.baseUrl}/#/user/settings/profile`);
    await byId(active(page), TestId.profileForm).waitFor();
    expect(await byId(active(page), TestId.profile).innerText()).toContain(INSTALLER.company);
  });

  it('find account name says the name was sent, and never shows it', async () => {
    // A fresh address: codes go to one destination at most once a minute.
    const admin = apiAs(server, await loginToken(server));
    const created = await admin('POST', '/user', {
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
