// What the suites share to talk to the server and find things on the page: the API call, the logins, and the
// test id locators.
import type { Locator, Page } from 'playwright-core';
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
