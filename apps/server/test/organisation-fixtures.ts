// Shared helpers of the organisation tests and the authorisation matrix.
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { users } from '../src/db/schema.js';
import { hashPassword } from '../src/lib/password.js';
import { bearer, type TestApp } from './helpers.js';

export const DEMO_PASSWORD = 'Demo#Pass-2026';

export interface Answer<T = unknown> {
  status: number;
  enMsg: string;
  data: T;
  http: number;
  body: string;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls the API as `token` (or anonymously) and returns the envelope with the raw body. */
export async function call<T = unknown>(
  t: TestApp,
  token: string | null,
  method: Method,
  url: string,
  payload?: unknown,
): Promise<Answer<T>> {
  const res = await t.app.inject({
    method,
    url: `/api${url}`,
    headers: token === null ? {} : bearer(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  const body = res.json<{ status: number; enMsg: string; data: T }>();
  return { ...body, http: res.statusCode, body: res.body };
}

/** A client bound to one token. */
export function as(t: TestApp, token: string | null) {
  return {
    get: <T = unknown>(url: string) => call<T>(t, token, 'GET', url),
    post: <T = unknown>(url: string, body?: unknown) => call<T>(t, token, 'POST', url, body),
    put: <T = unknown>(url: string, body?: unknown) => call<T>(t, token, 'PUT', url, body),
    del: <T = unknown>(url: string) => call<T>(t, token, 'DELETE', url),
  };
}

/** The demo users have no password; tests give them one. */
export async function setPasswords(
  t: TestApp,
  usernames: readonly string[],
  password = DEMO_PASSWORD,
): Promise<void> {
  const hash = await hashPassword(password);
  for (const username of usernames)
    await t.database.db.update(users).set({ passwordHash: hash }).where(eq(users.username, username));
}

export async function userIdOf(t: TestApp, username: string): Promise<number> {
  const rows = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  const row = rows[0];
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
}

export async function countRows(t: TestApp, table: string): Promise<number> {
  const rows = await queryRows<{ n: number | string }>(
    t.database.db,
    sql.raw(`select count(*) as n from ${table}`),
  );
  return Number(rows[0]?.n ?? 0);
}

/** Tables that change as a side effect of any request (sessions, throttles, the audit trail itself). */
export const VOLATILE_TABLES = new Set(['audit_log', 'sessions', 'login_failures', 'rate_counters']);

/**
 * A digest of every other table of the schema, row by row, so a test can prove that a refused request
 * changed nothing anywhere — including tables added by later steps. One query for all tables: per table
 * the row count and the sum of a 64-bit hash of each row (no sort, no string of the whole table).
 */
export async function tenantDigest(t: TestApp): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    t.database.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const names = tables
    .map((row) => row.name)
    .filter((name) => !VOLATILE_TABLES.has(name) && !name.startsWith('__drizzle'));
  const rows = await queryRows<{ name: string; d: string | null; n: number | string }>(
    t.database.db,
    sql.raw(
      names
        .map(
          (name) =>
            `select '${name}' as name, sum(hashtextextended(x::text, 0))::text as d, count(*) as n from "${name}" x`,
        )
        .join(' union all '),
    ),
  );
  const digest: Record<string, string> = {};
  for (const row of rows) digest[row.name] = `${row.n}:${row.d ?? ''}`;
  return digest;
}
