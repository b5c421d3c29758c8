// Shared by the security*.test.ts suites: calling the API as someone, reading codes from the outbox.
import { desc, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { mailOutbox, users } from '../src/db/schema.js';
import { hashPassword } from '../src/lib/password.js';
import { bearer, type TestApp } from './helpers.js';

export const DEMO_PASSWORD = 'Demo#Pass-2026';
export const NEW_PASSWORD = 'Fresh#Pass-77';

export interface Answer<T = unknown> {
  http: number;
  status: number;
  enMsg: string;
  data: T;
  headers: Record<string, unknown>;
}

export interface CallOptions {
  payload?: unknown;
  token?: string;
  /** Client address; suites vary it so per-address limits of one test do not leak into the next. */
  ip?: string;
}

export async function call<T = unknown>(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  opts: CallOptions = {},
): Promise<Answer<T>> {
  const res = await t.app.inject({
    method,
    url,
    headers: opts.token ? bearer(opts.token) : {},
    remoteAddress: opts.ip ?? '127.0.0.1',
    ...(opts.payload === undefined ? {} : { payload: opts.payload as Record<string, unknown> }),
  });
  const body = res.json<{ status: number; enMsg: string; data: T }>();
  return {
    http: res.statusCode,
    status: body.status,
    enMsg: body.enMsg,
    data: body.data,
    headers: res.headers,
  };
}

export async function setPassword(t: TestApp, username: string, password = DEMO_PASSWORD): Promise<void> {
  await t.database.db
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(users.username, username));
}

export async function outboxFor(t: TestApp, to: string): Promise<(typeof mailOutbox.$inferSelect)[]> {
  return t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id));
}

/** The code in the newest outbox message to an address (undelivered messages keep their full text). */
export async function lastCode(t: TestApp, to: string): Promise<string> {
  const [latest] = await outboxFor(t, to);
  const code = /\b(\d{6})\b/.exec(latest?.body ?? '')?.[1];
  if (code === undefined) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

/** Asks for a code and returns it; moves the clock past the resend limit first. */
export async function requestCode(
  t: TestApp,
  payload: Record<string, string>,
  opts: { ip?: string; token?: string } = {},
): Promise<string> {
  t.clock.advance(61);
  const answer = await call(t, 'POST', '/api/find/code', { payload, ...opts });
  if (answer.status !== 200) throw new Error(`code request failed: ${JSON.stringify(answer)}`);
  const to = payload.email ?? `+${(payload.areaCode ?? '').replace('+', '')}${payload.mobile ?? ''}`;
  return lastCode(t, to.toLowerCase());
}

export async function count(t: TestApp, table: PgTable): Promise<number> {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row?.n ?? 0;
}

/** A different six-digit code from the given one. */
export const otherCode = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
