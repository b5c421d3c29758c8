import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../../db/client.js';
import { companies, roles, users } from '../../db/schema.js';
import type { SessionContext } from '../auth/auth.service.js';

/**
 * What a caller may reach (ENGINEERING §5): platform staff reach everything; staff of a distributor or
 * installer reach their company's subtree (a distributor: itself, its installers and their customers);
 * an owner (role type USER) reaches only what is their own; the guest reaches the demo company's subtree,
 * read-only. Every repository filters through `scopeWhere`, so the rule lives here once.
 */
export type Scope =
  | { kind: 'platform'; userId: number; companyId: number }
  | { kind: 'subtree'; userId: number; companyId: number; companyIds: readonly number[] }
  | { kind: 'self'; userId: number; companyId: number };

/** All companies at or below `rootId`, by walking parent links in the database. */
export async function companySubtree(db: Db, rootId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number | string }>(
    db,
    sql`
    with recursive tree(id) as (
      select id from ${companies} where id = ${rootId}
      union
      select c.id from ${companies} c join tree t on c.parent_id = t.id
    )
    select id from tree`,
  );
  return rows.map((r) => Number(r.id));
}

export async function resolveScope(db: Db, session: SessionContext): Promise<Scope> {
  const rows = await db
    .select({ companyType: companies.type, roleType: roles.roleType })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .innerJoin(roles, eq(roles.id, session.roleId))
    .where(eq(users.id, session.userId));
  const row = rows[0];
  const base = { userId: session.userId, companyId: session.companyId };
  if (!row) return { kind: 'self', ...base };
  if (row.roleType === 'USER') return { kind: 'self', ...base };
  if (row.companyType === 'PLATFORM' && row.roleType !== 'GUEST') return { kind: 'platform', ...base };
  return { kind: 'subtree', ...base, companyIds: await companySubtree(db, session.companyId) };
}

export interface ScopeColumns {
  /** The company an object belongs to. */
  companyId: PgColumn;
  /** The user an object belongs to, for owners (when the object has one). */
  userId?: PgColumn;
}

/**
 * The WHERE condition that keeps a query inside the caller's scope; `undefined` means no restriction.
 * An owner without a user column to match reaches objects of their own company only when the table says
 * so through `userId`; otherwise nothing (an impossible condition), never everything.
 */
export function scopeWhere(scope: Scope, columns: ScopeColumns): SQL | undefined {
  switch (scope.kind) {
    case 'platform':
      return undefined;
    case 'subtree':
      return inArray(columns.companyId, [...scope.companyIds]);
    case 'self':
      return columns.userId ? eq(columns.userId, scope.userId) : sql`false`;
  }
}

/** True when a company id lies inside the scope (for ids taken from a request body). */
export function scopeIncludesCompany(scope: Scope, companyId: number): boolean {
  switch (scope.kind) {
    case 'platform':
      return true;
    case 'subtree':
      return scope.companyIds.includes(companyId);
    case 'self':
      return false;
  }
}
