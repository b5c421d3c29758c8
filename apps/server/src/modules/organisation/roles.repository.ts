import type { Role, RoleType, RoleVisibility } from '@sunfleet/contracts';
import { and, asc, count, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { roles, sessions, userRoles, users } from '../../db/schema.js';
import { scopeWhere, type Scope } from '../tenancy/scope.js';
import { BUILT_IN_ROLE_IDS } from './access.js';
import { likePattern } from './field-rules.js';

export interface RoleRecord {
  id: number;
  name: string;
  nameKey: string;
  roleType: RoleType;
  visibility: RoleVisibility;
  remark: string | null;
  disabled: boolean;
  permissions: string[];
  companyId: number | null;
}

export interface RoleValues {
  name: string;
  roleType: RoleType;
  visibility: RoleVisibility;
  remark: string | null;
  disabled: boolean;
  permissions: string[];
}

/** Where the caller stands: their scope and the companies above their own (for roles handed down). */
export interface RoleView {
  scope: Scope;
  ancestors: readonly number[];
}

/**
 * Roles a caller can see: every role owned inside their subtree, plus PUBLIC roles handed down from above
 * (their ancestors' and the built-in ones). The platform sees all; owners none.
 */
function visibleWhere(view: RoleView): SQL | undefined {
  const owned = scopeWhere(view.scope, { companyId: roles.companyId });
  if (view.scope.kind !== 'subtree') return owned;
  return or(
    owned,
    and(
      eq(roles.visibility, 'PUBLIC'),
      or(isNull(roles.companyId), inArray(roles.companyId, [...view.ancestors])),
    ),
  );
}

const recordColumns = {
  id: roles.id,
  name: roles.name,
  nameKey: roles.nameKey,
  roleType: roles.roleType,
  visibility: roles.visibility,
  remark: roles.remark,
  disabled: roles.disabled,
  permissions: roles.permissions,
  companyId: roles.companyId,
};

export function toRole(record: RoleRecord, userCount: number): Role {
  const builtIn = BUILT_IN_ROLE_IDS.has(record.id);
  return {
    id: record.id,
    name: record.name,
    // Custom roles have no entry in the translation table: the console shows their name.
    nameKey: builtIn ? record.nameKey : null,
    roleType: record.roleType,
    visibility: record.visibility,
    remark: record.remark,
    disabled: record.disabled,
    permissions: record.permissions,
    companyId: record.companyId,
    builtIn,
    userCount,
  };
}

export class RolesRepository {
  constructor(private readonly db: Db) {}

  async page(
    view: RoleView,
    keyword: string | undefined,
    window: { offset: number; limit: number },
  ): Promise<{ total: number; list: Role[] }> {
    const where = and(visibleWhere(view), keyword ? ilike(roles.name, likePattern(keyword)) : undefined);
    // Holders are counted within the caller's reach: a global count would reveal other tenants' staff.
    const holders = this.db
      .select({ n: count() })
      .from(users)
      .where(
        and(
          eq(users.roleId, roles.id),
          scopeWhere(view.scope, { companyId: users.companyId, userId: users.id }),
        ),
      );
    const [totalRow] = await this.db.select({ n: count() }).from(roles).where(where);
    const rows = await this.db
      .select({ ...recordColumns, userCount: sql<number>`(${holders})::int` })
      .from(roles)
      .where(where)
      .orderBy(asc(roles.id))
      .offset(window.offset)
      .limit(window.limit);
    return {
      total: totalRow?.n ?? 0,
      list: rows.map(({ userCount, ...record }) => toRole(record, userCount)),
    };
  }

  /** A role the caller can see, or null (a foreign id looks exactly like a missing one). */
  async visible(view: RoleView, id: number): Promise<RoleRecord | null> {
    const rows = await this.db
      .select(recordColumns)
      .from(roles)
      .where(and(eq(roles.id, id), visibleWhere(view)));
    return rows[0] ?? null;
  }

  async allVisible(view: RoleView): Promise<RoleRecord[]> {
    return this.db.select(recordColumns).from(roles).where(visibleWhere(view)).orderBy(asc(roles.id));
  }

  async holdersInScope(scope: Scope, id: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.roleId, id), scopeWhere(scope, { companyId: users.companyId, userId: users.id })));
    return row?.n ?? 0;
  }

  /** Whether anybody at all holds the role, as their own role or as an extra one to switch to. */
  async held(id: number): Promise<boolean> {
    const [own] = await this.db.select({ n: count() }).from(users).where(eq(users.roleId, id));
    const [extra] = await this.db.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, id));
    return Number(own?.n) + Number(extra?.n) > 0;
  }

  /** Role names are unique per owning company, ignoring case. */
  async nameTaken(companyId: number, name: string, exceptId: number | null): Promise<boolean> {
    const rows = await this.db
      .select({ id: roles.id })
      .from(roles)
      .where(
        and(
          eq(roles.companyId, companyId),
          sql`lower(${roles.name}) = lower(${name})`,
          exceptId === null ? undefined : ne(roles.id, exceptId),
        ),
      );
    return rows.length > 0;
  }

  /** Inserts a custom role under a new id from the roles identity (never one a deleted role had). */
  async insert(companyId: number, values: RoleValues): Promise<number> {
    const [next] = await queryRows<{ id: string | number }>(
      this.db,
      sql`select nextval(pg_get_serial_sequence('roles', 'id')) as id`,
    );
    const id = Number(next?.id);
    await this.db.insert(roles).values({ id, nameKey: `role.custom.${id}`, companyId, ...values });
    return id;
  }

  async update(id: number, values: RoleValues): Promise<void> {
    await this.db.update(roles).set(values).where(eq(roles.id, id));
  }

  async setDisabled(id: number, disabled: boolean): Promise<void> {
    await this.db.update(roles).set({ disabled }).where(eq(roles.id, id));
  }

  /** Deletes a role nobody holds, with the ended sessions that still point at it. */
  async delete(id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(sessions).where(eq(sessions.roleId, id));
      await tx.delete(roles).where(eq(roles.id, id));
    });
  }
}
