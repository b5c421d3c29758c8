import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, roles, sessions, users } from '../../db/schema.js';

export interface ProfileRow {
  id: number;
  username: string;
  email: string | null;
  mobileAreaCode: string | null;
  mobile: string | null;
  description: string | null;
  language: string;
  avatarPath: string | null;
  companyId: number;
  companyName: string;
  roleId: number;
  roleName: string;
  roleNameKey: string;
  roleType: (typeof roles.$inferSelect)['roleType'];
  createdAt: Date;
}

/** The caller's own account: every query is keyed by the session's user id, never by a request field. */
export class ProfileRepository {
  constructor(private readonly db: Db) {}

  async profile(userId: number): Promise<ProfileRow | null> {
    const rows = await this.db
      .select({
        id: users.id,
        username: users.username,
        email: users.email,
        mobileAreaCode: users.mobileAreaCode,
        mobile: users.mobile,
        description: users.description,
        language: users.language,
        avatarPath: users.avatarPath,
        companyId: users.companyId,
        companyName: companies.name,
        roleId: users.roleId,
        roleName: roles.name,
        roleNameKey: roles.nameKey,
        roleType: roles.roleType,
        createdAt: users.createdAt,
      })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(eq(users.id, userId));
    return rows[0] ?? null;
  }

  async update(
    userId: number,
    patch: { description?: string | null; language?: string },
    now: Date,
  ): Promise<void> {
    await this.db
      .update(users)
      .set({ ...patch, updatedAt: now })
      .where(eq(users.id, userId));
  }

  async passwordHash(userId: number): Promise<string | null> {
    const rows = await this.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId));
    return rows[0]?.passwordHash ?? null;
  }

  async setEmail(userId: number, email: string, now: Date): Promise<void> {
    await this.db.update(users).set({ email, updatedAt: now }).where(eq(users.id, userId));
  }

  async setMobile(userId: number, areaCode: string, mobile: string, now: Date): Promise<void> {
    await this.db
      .update(users)
      .set({ mobileAreaCode: areaCode, mobile, updatedAt: now })
      .where(eq(users.id, userId));
  }

  /** Ends the user's sessions except the one making the request (after a password change). */
  async revokeOtherSessions(userId: number, keepSessionId: number, now: Date): Promise<number> {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: now, revokedReason: 'ended' })
      .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.length;
  }
}
