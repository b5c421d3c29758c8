// What the suites share to talk to the server and find things on the page: the API call, the logins, and the
// test id locators.
import type { Locator, Page } from 'playwright-core';
import { TOKEN_COOKIE } from '@sunfleet/contracts';
import { StorageKey } from '../../apps/web/src/lib/storage.js';
import { TestId } from '../../apps/web/src/testids.js';

/** The server's answer envelope (docs/api.md). */
export interface Envelope<T = unknown> {
  status: number;
  enMsg: string;
  data: T;
}

export interface PageOf<T> {
  total: number;
  list: T[];
}

/** Where the server is and who administers it. */
export interface ServerAddress {
  baseUrl: string;
  adminUsername: string;
  adminPassword: string;
}

/** One API call: `/api${path}` with a JSON body when given, answering the envelope whatever its status. */
export type Api = <T = unknown>(method: string, path: string, body?: unknown) => Promise<Envelope<T>>;

/** Calls the server's API as the holder of `token` (anonymously without one). */
export function apiAs(server: Pick<ServerAddress, 'baseUrl'>, token?: string): Api {
  return async <T>(method: string, path: string, body?: unknown): Promise<Envelope<T>> => {
    const res = await fetch(`${server.baseUrl}/api${path}`, {
      method,
      headers: {
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as Envelope<T>;
  };
}

/** `POST /api/login`, answered as it came (a refusal included). */
export function apiLogin(
  server: Pick<ServerAddress, 'baseUrl'>,
  username: string,
  password: string,
): Promise<Envelope<{ token: string }>> {
  return apiAs(server)<{ token: string }>('POST', '/login', { username, password });
}

/** A session's token through the API (the administrator's by default); throws when the login is refused. */
export async function loginToken(
  server: ServerAddress,
  username = server.adminUsername,
  password = server.adminPassword,
): Promise<string> {
  const answer = await apiLogin(server, username, password);
  if (answer.status !== 200) throw new Error(`login ${username}: ${answer.enMsg}`);
  return answer.data.token;
}

/** The element(s) with this test id inside `scope`. */
export const byId = (scope: Page | Locator, id: string): Locator => scope.locator(`[data-testid="${id}"]`);

/** The page shown now (kept-alive tabs stay in the DOM, hidden). */
export const active = (page: Page): Locator => byId(page, TestId.activeView);

/**
 * Gives the page's browser context a session of the administrator (or of `username`) as the console's login
 * form leaves it — the server's HttpOnly `token` cookie from `POST /api/login` and the console's signed-in
 * marker — without loading the login page; the page's next `goto` opens the shell on that route. The
 * suites that are not about logging in start so: a login through the form costs Chromium the login page
 * and then Home (about 3 of the 5 CPU-seconds of a new context's first page), and the form itself is tested
 * in web-foundation.e2e.ts and security.e2e.ts.
 */
export async function holdSession(
  page: Page,
  server: ServerAddress,
  username = server.adminUsername,
  password = server.adminPassword,
): Promise<void> {
  const token = await loginToken(server, username, password);
  await page.context().addCookies([
    { name: TOKEN_COOKIE, value: token, url: server.baseUrl, httpOnly: true, sameSite: 'Lax' },
    { name: StorageKey.sessionCookie, value: '1', url: server.baseUrl, sameSite: 'Lax' },
  ]);
}

/** `holdSession`, then opens `path` (a hash route, Home by default) and waits for the shell. */
export async function openSignedIn(
  page: Page,
  server: ServerAddress,
  path = '/',
  username = server.adminUsername,
  password = server.adminPassword,
): Promise<void> {
  await holdSession(page, server, username, password);
  await page.goto(`${server.baseUrl}/#${path}`);
  await byId(page, TestId.shell).waitFor();
}

/**
 * Logs in through the console's login form (the administrator by default) and waits for the shell. On a
 * phone the sidebar exists but is collapsed to zero width, so this waits for the shell, not for visibility.
 */
export async function signIn(
  page: Page,
  server: ServerAddress,
  username = server.adminUsername,
  password = server.adminPassword,
): Promise<void> {
  await page.goto(`${server.baseUrl}/#/login/index`);
  await byId(page, TestId.loginUsername).fill(username);
  await byId(page, TestId.loginPassword).fill(password);
  await byId(page, TestId.loginSubmit).click();
  await byId(page, TestId.shell).waitFor();
}
