import type { ManagedUser, UserQuery } from '@sunfleet/contracts';
import { and, asc, count, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, roles, users } from '../../db/schema.js';
import { scopeWhere, type Scope } from '../tenancy/scope.js';
import type { Contact } from './field-rules.js';
import { likePattern } from './field-rules.js';
import { BUILT_IN_ROLE_IDS } from './access.js';

export interface UserValues extends Contact {
  roleId: number;
  companyId: number;
  description: string | null;
}

export interface NewUser extends UserValues {
  username: string;
  passwordHash: string;
}

/** What the service needs to decide on a change: the user's place and their role's grants. */
export interface UserRecord {
  id: number;
  companyId: number;
  roleId: number;
  disabled: boolean;
  rolePermissions: string[];
}

export type Conflict = 'username' | 'email' | 'mobile';

function inScope(scope: Scope): SQL | undefined {
  return scopeWhere(scope, { companyId: users.companyId, userId: users.id });
}

function selectUsers(db: Db, where: SQL | undefined) {
  return db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      areaCode: users.mobileAreaCode,
      mobile: users.mobile,
      roleId: users.roleId,
      roleName: roles.name,
      roleNameKey: roles.nameKey,
      roleType: roles.roleType,
      companyId: users.companyId,
      companyName: companies.name,
      description: users.description,
      disabled: users.disabled,
      avatarPath: users.avatarPath,
      createdAt: users.createdAt,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(where)
    .orderBy(asc(users.id));
}

function toUser(row: Awaited<ReturnType<typeof selectUsers>>[number]): ManagedUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    areaCode: row.areaCode,
    mobile: row.mobile,
    roleId: row.roleId,
    roleName: row.roleName,
    roleNameKey: BUILT_IN_ROLE_IDS.has(row.roleId) ? row.roleNameKey : null,
    roleType: row.roleType,
    companyId: row.companyId,
    companyName: row.companyName,
    description: row.description,
    disabled: row.disabled,
    avatarUrl: row.avatarPath,
    createdAt: row.createdAt.toISOString(),
  };
}

export class UserAdminRepository {
  constructor(private readonly db: Db) {}

  async page(
    scope: Scope,
    query: UserQuery,
    window: { offset: number; limit: number },
  ): Promise<{ total: number; list: ManagedUser[] }> {
    const keyword = query.keyword?.trim();
    const where = and(
      inScope(scope),
      keyword
        ? or(
            ilike(users.username, likePattern(keyword)),
            ilike(users.email, likePattern(keyword)),
            ilike(users.mobile, likePattern(keyword)),
          )
        : undefined,
      query.companyId ? eq(users.companyId, query.companyId) : undefined,
      query.roleId ? eq(users.roleId, query.roleId) : undefined,
      query.disabled === undefined ? undefined : eq(users.disabled, query.disabled),
    );
    const [totalRow] = await this.db.select({ n: count() }).from(users).where(where);
    const rows = await selectUsers(this.db, where).offset(window.offset).limit(window.limit);
    return { total: totalRow?.n ?? 0, list: rows.map(toUser) };
  }

  /** One user in scope, or null (a foreign id looks exactly like a missing one). */
  async detail(scope: Scope, id: number): Promise<ManagedUser | null> {
    const rows = await selectUsers(this.db, and(eq(users.id, id), inScope(scope)));
    const row = rows[0];
    return row ? toUser(row) : null;
  }

  async record(scope: Scope, id: number): Promise<UserRecord | null> {
    const rows = await this.db
      .select({
        id: users.id,
        companyId: users.companyId,
        roleId: users.roleId,
        disabled: users.disabled,
        rolePermissions: roles.permissions,
      })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(and(eq(users.id, id), inScope(scope)));
    return rows[0] ?? null;
  }

  /**
   * Which identifier another account already uses. Login accepts a user name or an email in one field,
   * so a new user name must not equal anyone's email and a new email nobody's user name.
   */
  async conflict(
    candidate: {
      username: string | null;
      email: string | null;
      areaCode: string | null;
      mobile: string | null;
    },
    exceptId: number | null,
  ): Promise<Conflict | null> {
    const others = exceptId === null ? undefined : ne(users.id, exceptId);
    // Each condition is a builder expression, so `and` parenthesises it before adding the exception.
    const clash = async (where: SQL | undefined): Promise<boolean> =>
      (await this.db.select({ id: users.id }).from(users).where(and(where, others)).limit(1)).length > 0;
    const { username, email, areaCode, mobile } = candidate;
    const nameOrEmail = (value: string): SQL | undefined =>
      or(sql`lower(${users.username}) = lower(${value})`, sql`lower(${users.email}) = lower(${value})`);
    if (username !== null && (await clash(nameOrEmail(username)))) return 'username';
    if (email !== null && (await clash(nameOrEmail(email)))) return 'email';
    if (
      mobile !== null &&
      (await clash(and(eq(users.mobile, mobile), eq(users.mobileAreaCode, areaCode ?? ''))))
    )
      return 'mobile';
    return null;
  }

  async insert(user: NewUser): Promise<number> {
    const [row] = await this.db
      .insert(users)
      .values({
        username: user.username,
        passwordHash: user.passwordHash,
        email: user.email,
        mobileAreaCode: user.areaCode,
        mobile: user.mobile,
        roleId: user.roleId,
        companyId: user.companyId,
        description: user.description,
      })
      .returning({ id: users.id });
    if (!row) throw new Error('user insert returned no row');
    return row.id;
  }

  async update(id: number, values: UserValues): Promise<void> {
    await this.db
      .update(users)
      .set({
        email: values.email,
        mobileAreaCode: values.areaCode,
        mobile: values.mobile,
        roleId: values.roleId,
        companyId: values.companyId,
        description: values.description,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, id));
  }

  async setDisabled(id: number, disabled: boolean): Promise<void> {
    await this.db
      .update(users)
      .set({ disabled, updatedAt: sql`now()` })
      .where(eq(users.id, id));
  }

  async setPasswordHash(id: number, passwordHash: string): Promise<void> {
    await this.db
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, id));
  }
}
