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
  openSignedIn,
  signIn,
  type Envelope,
} from './support/api.js';
import { closeContextsAfterEach, launchBrowser, newContext } from './support/browser.js';
import { sharedServer } from './support/shared-server.js';

// Step 2a account security in Chromium: change password end to end, personal data and avatar.
// Forms that need a code sent by email are in security-codes.e2e.ts.

const OWNER = { username: 'e2e.owner', oldPassword: 'Owner#Old1', newPassword: 'Owner#New2' };
const PROFILE_USER = { username: 'e2e.avatar', password: 'Avatar#E2e1' };
// A 1×1 PNG: the server checks the content, not only the name.
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** From a button inside an antd Upload to the wrapper that also holds the hidden file input. */
const UPLOAD_WRAPPER = `xpath=ancestor::*[contains(concat(' ', @class, ' '), ' ant-upload-wrapper ')][1]`;

const server = sharedServer();
let browser: Browser;
const contexts: BrowserContext[] = [];
closeContextsAfterEach(contexts);

async function newPage(): Promise<Page> {
  const context = await newContext(browser, { viewport: { width: 1366, height: 860 } });
  contexts.push(context);
  return context.newPage();
}

async function infoStatus(token: string): Promise<number> {
  return (await apiAs(server, token)('GET', '/info')).status;
}

beforeAll(async () => {
  // This file's own users: the password change ends their sessions, the profile gets a new avatar.
  const admin = apiAs(server, await loginToken(server));
  for (const user of [
    { username: OWNER.username, password: OWNER.oldPassword },
    { username: PROFILE_USER.username, password: PROFILE_USER.password },
  ]) {
    const created = await admin('POST', '/user', { ...user, roleId: 5, companyId: 3 });
    expect(created.status, created.enMsg).toBe(200);
  }
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
});

describe('change password', () => {
  it('checks the SPEC §5 rules in the form, then changes the password and ends the other sessions', async () => {
    const other = await apiLogin(server, OWNER.username, OWNER.oldPassword);
    expect(other.status).toBe(200);

    const page = await newPage();
    await signIn(page, server, OWNER.username, OWNER.oldPassword);
    await byId(page, TestId.userAvatar).click();
    await byId(active(page), TestId.changePasswordLink).click();
    await page.waitForURL(/#\/user\/settings\/updatePassword$/);
    const form = byId(active(page), TestId.updatePasswordForm);

    // New equal to old, and a confirmation that differs: refused in the form, nothing sent.
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/user/password')) sent += 1;
    });
    await byId(form, TestId.oldPassword).fill(OWNER.oldPassword);
    await byId(form, TestId.newPassword).fill(OWNER.oldPassword);
    await byId(form, TestId.confirmPassword).fill('Something#9');
    await byId(form, TestId.updatePasswordSubmit).click();
    await form.locator('.ant-form-item-explain-error').first().waitFor();
    const errors = await form.locator('.ant-form-item-explain-error').allInnerTexts();
    expect(errors.length).toBeGreaterThanOrEqual(2);
    expect(sent).toBe(0);

    // A wrong current password is refused by the server and changes nothing.
    await byId(form, TestId.oldPassword).fill('Wrong#Pass9');
    await byId(form, TestId.newPassword).fill(OWNER.newPassword);
    await byId(form, TestId.confirmPassword).fill(OWNER.newPassword);
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/user/password'));
    await byId(form, TestId.updatePasswordSubmit).click();
    expect(((await (await refused).json()) as Envelope).status).not.toBe(200);
    await page.locator('.ant-message-error').waitFor();
    expect(await infoStatus(other.data.token)).toBe(200);

    await byId(form, TestId.oldPassword).fill(OWNER.oldPassword);
    const changed = page.waitForResponse((r) => r.url().endsWith('/api/user/password'));
    await byId(form, TestId.updatePasswordSubmit).click();
    expect(((await (await changed).json()) as Envelope).status).toBe(200);
    await page.locator('.ant-message-success').waitFor();

    // The other session is over; this one goes on.
    expect(await infoStatus(other.data.token)).toBe(102011);
    await page.reload();
    await byId(page, TestId.shell).waitFor();

    await byId(page, TestId.userDropdown).click();
    await byId(page, TestId.userMenuLogout).click();
    await byId(page, TestId.loginForm).waitFor();
    expect((await apiLogin(server, OWNER.username, OWNER.oldPassword)).status).not.toBe(200);
    await signIn(page, server, OWNER.username, OWNER.newPassword);
  });
});

describe('personal data', () => {
  it('saves the description and uploads an avatar that the top bar shows at once', async () => {
    const page = await newPage();
    await openSignedIn(page, server, '/', PROFILE_USER.username, PROFILE_USER.password);
    await byId(page, TestId.userAvatar).click();
    const profile = byId(active(page), TestId.profile);
    await byId(profile, TestId.profileForm).waitFor();
    expect(await byId(profile, TestId.profileUsername).innerText()).toBe(PROFILE_USER.username);

    // SPEC §5: at most 60 characters; the field stops there, and a valid text is saved.
    const description = byId(profile, TestId.profileForm).locator('textarea');
    await description.fill('x'.repeat(70));
    expect((await description.inputValue()).length).toBe(60);
    await description.fill('<b>Roof</b> array, 9.6 kWp');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/user/profile') && r.request().method() === 'PUT',
    );
    await byId(profile, TestId.profileSave).click();
    expect(((await (await saved).json()) as Envelope).status).toBe(200);

    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/user/avatar'));
    await byId(profile, TestId.avatarUpload)
      .locator(UPLOAD_WRAPPER)
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1X1 });
    const answer = (await (await uploaded).json()) as Envelope<{ avatarUrl: string }>;
    expect(answer.status).toBe(200);
    await page.waitForFunction(
      ([id, url]) => document.querySelector(`[data-testid="${id}"] img`)?.getAttribute('src') === url,
      [TestId.userAvatar, answer.data.avatarUrl] as const,
    );

    await page.reload();
    await byId(active(page), TestId.profileForm).waitFor();
    expect(await byId(active(page), TestId.profileForm).locator('textarea').inputValue()).toBe(
      '<b>Roof</b> array, 9.6 kWp',
    );
    expect(await page.locator('b', { hasText: 'Roof' }).count()).toBe(0);
  });

  it('refuses a file that is not png/jpg/jpeg before uploading it', async () => {
    const page = await newPage();
    await holdSession(page, server, PROFILE_USER.username, PROFILE_USER.password);
    await page.goto(`${server.baseUrl}/#/user/settings/profile`);
    const profile = byId(active(page), TestId.profile);
    await byId(profile, TestId.avatarUpload).waitFor();
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/user/avatar')) sent += 1;
    });
    await byId(profile, TestId.avatarUpload)
      .locator(UPLOAD_WRAPPER)
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await page.locator('.ant-message-error').waitFor();
    expect(sent).toBe(0);
  });
});
