// Unsubscribe links: `<subscription id>.<base64url HMAC-SHA256 of "unsubscribe:<id>">`, keyed by a secret
// the server makes for itself once (migration 0013) and keeps in server_secrets, so every server copy signs and checks alike
// and nothing has to be configured. The token never expires (an old mail's link keeps working) and names
// one subscription; a forged or altered one is refused.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { serverSecrets } from '../../db/schema.js';

const SECRET_NAME = 'unsubscribe-link';

/**
 * The key: made by migration 0013; made here only if someone removed it (two copies racing: the first
 * insert wins and both read it back).
 */
export async function unsubscribeKey(db: Db): Promise<Buffer> {
  const read = async () =>
    (await db.select().from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME)))[0];
  let row = await read();
  if (!row) {
    await db
      .insert(serverSecrets)
      .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    row = await read();
  }
  if (!row) throw new Error('unsubscribe key missing');
  return Buffer.from(row.value, 'base64url');
}

const mac = (key: Buffer, id: number): Buffer =>
  createHmac('sha256', key).update(`unsubscribe:${id}`).digest();

export function signUnsubscribe(key: Buffer, subscriptionId: number): string {
  return `${subscriptionId}.${mac(key, subscriptionId).toString('base64url')}`;
}

/** The subscription id a token names, or null when it is malformed or its signature does not match. */
export function verifyUnsubscribe(key: Buffer, token: string): number | null {
  const m = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const id = Number(m[1]);
  if (id > 2_147_483_647) return null;
  const given = Buffer.from(m[2] as string, 'base64url');
  const expected = mac(key, id);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
