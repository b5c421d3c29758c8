import { and, eq, lt, or, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { roles, sessions, users } from '../../db/schema.js';

export interface SessionRecord {
  id: number;
  userId: number;
  roleId: number;
  tokenIssuedAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedReason: 'logout' | 'ended' | null;
  /** Which stored hash the presented token matched: the current one or the rotated-out previous one. */
  matched: 'current' | 'previous';
  username: string;
  companyId: number;
  userDisabled: boolean;
  permissions: string[];
  roleType: string;
  roleDisabled: boolean;
}

export interface NewSession {
  tokenHash: Buffer;
  userId: number;
  roleId: number;
  now: Date;
  expiresAt: Date;
  clientAddress: string | null;
  userAgent: string | null;
}

export class SessionsRepository {
  constructor(private readonly db: Db) {}

  async create(s: NewSession): Promise<number> {
    const [row] = await this.db
      .insert(sessions)
      .values({
        tokenHash: s.tokenHash,
        userId: s.userId,
        roleId: s.roleId,
        createdAt: s.now,
        tokenIssuedAt: s.now,
        lastSeenAt: s.now,
        expiresAt: s.expiresAt,
        clientAddress: s.clientAddress,
        userAgent: s.userAgent,
      })
      .returning({ id: sessions.id });
    if (!row) throw new Error('session insert returned no row');
    return row.id;
  }

  /** Finds the session a token belongs to; a rotated-out token counts only within the grace period. */
  async findByTokenHash(hash: Buffer, graceCutoff: Date): Promise<SessionRecord | null> {
    const rows = await this.db
      .select({
        id: sessions.id,
        userId: sessions.userId,
        roleId: sessions.roleId,
        tokenIssuedAt: sessions.tokenIssuedAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        revokedReason: sessions.revokedReason,
        isCurrent: sql<boolean>`${sessions.tokenHash} = ${hash}`,
        username: users.username,
        companyId: users.companyId,
        userDisabled: users.disabled,
        permissions: roles.permissions,
        roleType: roles.roleType,
        roleDisabled: roles.disabled,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(roles, eq(roles.id, sessions.roleId))
      .where(
        or(
          eq(sessions.tokenHash, hash),
          and(eq(sessions.prevTokenHash, hash), gt(sessions.rotatedAt, graceCutoff)),
        ),
      )
      .limit(1);
    const row = rows[0];
    if (!row) return null;
    const { isCurrent, ...rest } = row;
    return { ...rest, matched: isCurrent ? 'current' : 'previous' };
  }

  /** Replaces the token; false when another request rotated it first (that one carries the new token). */
  async rotate(id: number, oldHash: Buffer, newHash: Buffer, now: Date, expiresAt: Date): Promise<boolean> {
    const rows = await this.db
      .update(sessions)
      .set({
        tokenHash: newHash,
        prevTokenHash: oldHash,
        rotatedAt: now,
        tokenIssuedAt: now,
        lastSeenAt: now,
        expiresAt,
      })
      .where(and(eq(sessions.id, id), eq(sessions.tokenHash, oldHash), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.length === 1;
  }

  async touch(id: number, now: Date, expiresAt: Date): Promise<void> {
    await this.db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id));
  }

  async revoke(id: number, reason: 'logout' | 'ended', now: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
  }

  /** Ends every live session of a user (disabled, removed from a company, role switched elsewhere). */
  async revokeAllForUser(userId: number, now: Date): Promise<number> {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: now, revokedReason: 'ended' })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.length;
  }

  /** Deletes sessions that expired or were revoked before the cutoff. */
  async purge(cutoff: Date): Promise<number> {
    const rows = await this.db
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, cutoff), lt(sessions.revokedAt, cutoff)))
      .returning({ id: sessions.id });
    return rows.length;
  }
}
