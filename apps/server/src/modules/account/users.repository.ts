import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, roles, userRoles, users } from '../../db/schema.js';

export interface LoginCandidate {
  id: number;
  passwordHash: string | null;
  disabled: boolean;
  roleId: number;
}

export interface UserProfile {
  id: number;
  username: string;
  email: string | null;
  mobileAreaCode: string | null;
  mobile: string | null;
  language: string;
  companyId: number;
  companyName: string;
  companyLogo: string | null;
  companyType: 'PLATFORM' | 'DISTRIBUTOR' | 'INSTALLER';
  avatarPath: string | null;
  columnOption: Record<string, string[]>;
  roleId: number;
}

export interface RoleRow {
  id: number;
  name: string;
  nameKey: string;
  roleType: 'ADMINISTRATOR' | 'MANAGER' | 'DEVELOPER' | 'DEPLOY' | 'USER' | 'GUEST';
  permissions: string[];
  disabled: boolean;
}

function toRoleRow(row: typeof roles.$inferSelect): RoleRow {
  const { id, name, nameKey, roleType, permissions, disabled } = row;
  return { id, name, nameKey, roleType, permissions, disabled };
}

export class UsersRepository {
  constructor(private readonly db: Db) {}

  /**
   * The account a login name refers to: user name or email (case-insensitive), or mobile number with or
   * without its area code (digits only compared).
   */
  async findForLogin(login: string): Promise<LoginCandidate | null> {
    const digits = login.replace(/[^\d]/g, '');
    const mobileMatch =
      digits.length >= 6 && /^[+\d\s()-]+$/.test(login)
        ? [
            eq(users.mobile, digits),
            sql`coalesce(${users.mobileAreaCode}, '') || ${users.mobile} = ${digits}`,
          ]
        : [];
    const rows = await this.db
      .select({
        id: users.id,
        passwordHash: users.passwordHash,
        disabled: users.disabled,
        roleId: users.roleId,
      })
      .from(users)
      .where(
        or(
          sql`lower(${users.username}) = lower(${login})`,
          sql`lower(${users.email}) = lower(${login})`,
          ...mobileMatch,
        ),
      )
      .limit(2);
    // Two accounts matching one mobile number without area code is ambiguous: refuse rather than guess.
    return rows.length === 1 ? (rows[0] ?? null) : null;
  }

  async profile(userId: number): Promise<UserProfile | null> {
    const rows = await this.db
      .select({
        id: users.id,
        username: users.username,
        email: users.email,
        mobileAreaCode: users.mobileAreaCode,
        mobile: users.mobile,
        language: users.language,
        companyId: users.companyId,
        companyName: companies.name,
        companyLogo: companies.logoPath,
        companyType: companies.type,
        avatarPath: users.avatarPath,
        columnOption: users.columnOption,
        roleId: users.roleId,
      })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.id, userId));
    return rows[0] ?? null;
  }

  async role(roleId: number): Promise<RoleRow | null> {
    const rows = await this.db.select().from(roles).where(eq(roles.id, roleId));
    const row = rows[0];
    return row ? toRoleRow(row) : null;
  }

  /** The user's own role first, then any extra roles granted to them; enabled ones only, in one query. */
  async switchableRoles(userId: number, ownRoleId: number): Promise<RoleRow[]> {
    const granted = this.db
      .select({ id: userRoles.roleId })
      .from(userRoles)
      .where(eq(userRoles.userId, userId));
    const rows = await this.db
      .select()
      .from(roles)
      .where(and(eq(roles.disabled, false), or(eq(roles.id, ownRoleId), inArray(roles.id, granted))))
      .orderBy(sql`${roles.id} <> ${ownRoleId}`, asc(roles.id));
    return rows.map(toRoleRow);
  }

  /** Stores one page's column choice atomically (concurrent saves for other pages are kept). */
  async saveColumnOption(userId: number, page: string, columns: string[]): Promise<Record<string, string[]>> {
    const rows = await this.db
      .update(users)
      .set({
        columnOption: sql`${users.columnOption} || jsonb_build_object(${page}::text, ${JSON.stringify(columns)}::jsonb)`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId))
      .returning({ columnOption: users.columnOption });
    return rows[0]?.columnOption ?? {};
  }
}
