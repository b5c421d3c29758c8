// Share-link tokens: 32 random bytes (256 bits) as base64url (43 characters, no padding). A token only
// resolves while its link is neither revoked nor expired; unknown, revoked and expired tokens all answer
// null so the public endpoints can give one 4004 answer for all of them.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { shareLinks } from '../../db/schema.js';

export const SHARE_TOKEN_BYTES = 32;
export const SHARE_TOKEN_LENGTH = 43;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newShareToken(): string {
  return randomBytes(SHARE_TOKEN_BYTES).toString('base64url');
}

export function isWellFormedShareToken(token: unknown): token is string {
  return typeof token === 'string' && TOKEN_PATTERN.test(token);
}

/**
 * The station of an active share link, or null (unknown, malformed, revoked or expired token). `now`
 * decides expiry (the server's clock; tests pass theirs).
 */
export async function resolveShareToken(
  db: Db,
  token: string,
  now: Date = new Date(),
): Promise<number | null> {
  if (!isWellFormedShareToken(token)) return null;
  const rows = await db
    .select({ stationId: shareLinks.stationId })
    .from(shareLinks)
    .where(
      and(
        eq(shareLinks.token, token),
        isNull(shareLinks.revokedAt),
        or(isNull(shareLinks.expiresAt), gt(shareLinks.expiresAt, now)),
      ),
    )
    .limit(1);
  return rows[0]?.stationId ?? null;
}

/** Counts one public view of the link (last use time and use count); no-op for an unknown token. */
export async function recordShareUse(db: Db, token: string, now: Date = new Date()): Promise<void> {
  if (!isWellFormedShareToken(token)) return;
  await db
    .update(shareLinks)
    .set({ lastUsedAt: now, useCount: sql`${shareLinks.useCount} + 1` })
    .where(eq(shareLinks.token, token));
}
