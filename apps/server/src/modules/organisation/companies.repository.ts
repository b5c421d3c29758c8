import type { Company, CompanyQuery, CompanyType } from '@sunfleet/contracts';
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { companies, roles, sessions, userRoles, users } from '../../db/schema.js';
import { scopeWhere, type Scope } from '../tenancy/scope.js';
import { likePattern } from './field-rules.js';

export interface CompanyRow {
  id: number;
  parentId: number | null;
  type: CompanyType;
  name: string;
  simulated: boolean;
}

export interface CompanyValues {
  type: CompanyType;
  parentId: number;
  name: string;
  phone: string | null;
  description: string | null;
  address: string | null;
  authorizationCode: string;
}

const parent = alias(companies, 'parent');

const detailColumns = {
  id: companies.id,
  parentId: companies.parentId,
  parentName: parent.name,
  type: companies.type,
  name: companies.name,
  phone: companies.phone,
  description: companies.description,
  address: companies.address,
  authorizationCode: companies.authorizationCode,
  logoPath: companies.logoPath,
  simulated: companies.simulated,
  createdAt: companies.createdAt,
  userCount: sql<number>`(select count(*) from ${users} where ${users.companyId} = ${companies.id})::int`,
  childCount: sql<number>`(select count(*) from ${companies} c2 where c2.parent_id = ${companies.id})::int`,
};

function selectDetails(db: Db, where: SQL | undefined) {
  return db
    .select(detailColumns)
    .from(companies)
    .leftJoin(parent, eq(parent.id, companies.parentId))
    .where(where)
    .orderBy(asc(companies.id));
}

type DetailRow = Awaited<ReturnType<typeof selectDetails>>[number];

function toCompany(row: DetailRow): Company {
  return {
    id: row.id,
    parentId: row.parentId,
    parentName: row.parentName,
    type: row.type,
    name: row.name,
    phone: row.phone,
    description: row.description,
    address: row.address,
    authorizationCode: row.authorizationCode,
    logoUrl: row.logoPath,
    simulated: row.simulated,
    createdAt: row.createdAt.toISOString(),
    userCount: row.userCount,
    childCount: row.childCount,
  };
}

/** Companies are tenants themselves: the scope applies to their own id. */
function inScope(scope: Scope): SQL | undefined {
  return scopeWhere(scope, { companyId: companies.id });
}

export class CompaniesRepository {
  constructor(private readonly db: Db) {}

  async page(
    scope: Scope,
    query: CompanyQuery,
    window: { offset: number; limit: number },
  ): Promise<{ total: number; list: Company[] }> {
    const keyword = query.keyword?.trim();
    const where = and(
      inScope(scope),
      keyword
        ? or(
            ilike(companies.name, likePattern(keyword)),
            ilike(companies.phone, likePattern(keyword)),
            ilike(companies.address, likePattern(keyword)),
          )
        : undefined,
      query.type ? eq(companies.type, query.type) : undefined,
      query.parentId ? eq(companies.parentId, query.parentId) : undefined,
    );
    const [totalRow] = await this.db.select({ n: count() }).from(companies).where(where);
    const rows = await selectDetails(this.db, where).offset(window.offset).limit(window.limit);
    return { total: totalRow?.n ?? 0, list: rows.map(toCompany) };
  }

  /** One company in scope, or null (a foreign id looks exactly like a missing one). */
  async detail(scope: Scope, id: number): Promise<Company | null> {
    const rows = await selectDetails(this.db, and(eq(companies.id, id), inScope(scope)));
    const row = rows[0];
    return row ? toCompany(row) : null;
  }

  async row(scope: Scope, id: number): Promise<CompanyRow | null> {
    const rows = await this.db
      .select({
        id: companies.id,
        parentId: companies.parentId,
        type: companies.type,
        name: companies.name,
        simulated: companies.simulated,
      })
      .from(companies)
      .where(and(eq(companies.id, id), inScope(scope)));
    return rows[0] ?? null;
  }

  async all(scope: Scope): Promise<CompanyRow[]> {
    return this.db
      .select({
        id: companies.id,
        parentId: companies.parentId,
        type: companies.type,
        name: companies.name,
        simulated: companies.simulated,
      })
      .from(companies)
      .where(inScope(scope))
      .orderBy(asc(companies.id));
  }

  /** The type of a company known to be related to one in scope (e.g. its current parent). */
  async typeOf(id: number): Promise<CompanyType | null> {
    const rows = await this.db.select({ type: companies.type }).from(companies).where(eq(companies.id, id));
    return rows[0]?.type ?? null;
  }

  async childTypes(id: number): Promise<CompanyType[]> {
    const rows = await this.db
      .selectDistinct({ type: companies.type })
      .from(companies)
      .where(eq(companies.parentId, id));
    return rows.map((r) => r.type);
  }

  /** True when another company already uses the code (compared case-insensitively). */
  async authorizationCodeTaken(code: string, exceptId: number | null): Promise<boolean> {
    const rows = await this.db
      .select({ id: companies.id })
      .from(companies)
      .where(sql`lower(${companies.authorizationCode}) = lower(${code})`);
    return rows.some((r) => r.id !== exceptId);
  }

  async authorizationCode(id: number): Promise<string | null> {
    const rows = await this.db
      .select({ code: companies.authorizationCode })
      .from(companies)
      .where(eq(companies.id, id));
    return rows[0]?.code ?? null;
  }

  async insert(values: CompanyValues): Promise<number> {
    const [row] = await this.db.insert(companies).values(values).returning({ id: companies.id });
    if (!row) throw new Error('company insert returned no row');
    return row.id;
  }

  async update(id: number, values: CompanyValues): Promise<void> {
    await this.db
      .update(companies)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(companies.id, id));
  }

  /**
   * Deletes an empty company with its own custom roles, in one transaction. False (nothing deleted) when
   * it still has users or child companies, or one of its roles is still held by a user elsewhere.
   */
  async deleteIfEmpty(id: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [busy] = await tx.select({ n: count() }).from(users).where(eq(users.companyId, id));
      const [children] = await tx.select({ n: count() }).from(companies).where(eq(companies.parentId, id));
      const owned = tx.select({ id: roles.id }).from(roles).where(eq(roles.companyId, id));
      const [holders] = await tx
        .select({ n: count() })
        .from(users)
        .where(
          or(
            inArray(users.roleId, owned),
            inArray(
              users.id,
              tx.select({ id: userRoles.userId }).from(userRoles).where(inArray(userRoles.roleId, owned)),
            ),
          ),
        );
      if (Number(busy?.n) > 0 || Number(children?.n) > 0 || Number(holders?.n) > 0) return false;
      // Sessions reference their role; those of a role nobody holds any more are ended history.
      await tx.delete(sessions).where(inArray(sessions.roleId, owned));
      await tx.delete(roles).where(eq(roles.companyId, id));
      await tx.delete(companies).where(eq(companies.id, id));
      return true;
    });
  }
}
