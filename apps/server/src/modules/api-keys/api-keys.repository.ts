// SQL of API keys. Management reads and writes go through the caller's scope (the key's company), so a
// key of a foreign company is simply not found; authentication looks a key up by the hash of what was
// presented and nothing else.
import type { ApiKeyScope, ApiKeyState } from '@sunfleet/contracts';
import { and, count, desc, eq, gt, ilike, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { apiKeys, companies, rateCounters, users } from '../../db/schema.js';
import { scopeWhere, type Scope } from '../tenancy/scope.js';

export interface ApiKeyRow {
  id: number;
  name: string;
  companyId: number;
  companyName: string;
  scopes: ApiKeyScope[];
  hint: string;
  rateLimitPerMinute: number;
  createdAt: Date;
  createdBy: string | null;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  lastUsedAddress: string | null;
  revokedAt: Date | null;
}

/** What authentication needs of a key. */
export interface ApiKeyPrincipalRow {
  id: number;
  name: string;
  companyId: number;
  companyType: string;
  scopes: ApiKeyScope[];
  rateLimitPerMinute: number;
  createdByUserId: number;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

export interface NewApiKey {
  companyId: number;
  name: string;
  keyHash: Buffer;
  hint: string;
  scopes: ApiKeyScope[];
  rateLimitPerMinute: number;
  createdByUserId: number;
  createdAt: Date;
  expiresAt: Date | null;
}

export interface ApiKeyFilter {
  companyId?: number | undefined;
  name?: string | undefined;
  state?: ApiKeyState | undefined;
}

const creator = alias(users, 'api_key_creator');

const columns = {
  id: apiKeys.id,
  name: apiKeys.name,
  companyId: apiKeys.companyId,
  companyName: companies.name,
  scopes: apiKeys.scopes,
  hint: apiKeys.hint,
  rateLimitPerMinute: apiKeys.rateLimitPerMinute,
  createdAt: apiKeys.createdAt,
  createdBy: creator.username,
  expiresAt: apiKeys.expiresAt,
  lastUsedAt: apiKeys.lastUsedAt,
  lastUsedAddress: apiKeys.lastUsedAddress,
  revokedAt: apiKeys.revokedAt,
};

function stateWhere(state: ApiKeyState, now: Date): SQL | undefined {
  switch (state) {
    case 'REVOKED':
      return isNotNull(apiKeys.revokedAt);
    case 'EXPIRED':
      return and(isNull(apiKeys.revokedAt), lte(apiKeys.expiresAt, now));
    case 'ACTIVE':
      return and(isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)));
  }
}

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export class ApiKeysRepository {
  constructor(private readonly db: Db) {}

  /** True when the company exists and lies in the caller's scope. */
  async companyReachable(scope: Scope, companyId: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.id, companyId), scopeWhere(scope, { companyId: companies.id })));
    return rows.length > 0;
  }

  /** Keys of a company that are not revoked (active or expired). */
  async countUnrevoked(companyId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.companyId, companyId), isNull(apiKeys.revokedAt)));
    return row?.n ?? 0;
  }

  async insert(key: NewApiKey): Promise<number> {
    const [row] = await this.db.insert(apiKeys).values(key).returning({ id: apiKeys.id });
    if (!row) throw new Error('api key not stored');
    return row.id;
  }

  private where(scope: Scope, extra: SQL | undefined): SQL | undefined {
    return and(scopeWhere(scope, { companyId: apiKeys.companyId }), extra);
  }

  async get(scope: Scope, id: number): Promise<ApiKeyRow | null> {
    const rows = await this.db
      .select(columns)
      .from(apiKeys)
      .innerJoin(companies, eq(companies.id, apiKeys.companyId))
      .leftJoin(creator, eq(creator.id, apiKeys.createdByUserId))
      .where(this.where(scope, eq(apiKeys.id, id)));
    return rows[0] ?? null;
  }

  async page(
    scope: Scope,
    filter: ApiKeyFilter,
    now: Date,
    window: { offset: number; limit: number },
  ): Promise<{ total: number; list: ApiKeyRow[] }> {
    const name = filter.name?.trim();
    const where = this.where(
      scope,
      and(
        filter.companyId === undefined ? undefined : eq(apiKeys.companyId, filter.companyId),
        name ? ilike(apiKeys.name, `%${escapeLike(name)}%`) : undefined,
        filter.state === undefined ? undefined : stateWhere(filter.state, now),
      ),
    );
    const [total] = await this.db.select({ n: count() }).from(apiKeys).where(where);
    const list = await this.db
      .select(columns)
      .from(apiKeys)
      .innerJoin(companies, eq(companies.id, apiKeys.companyId))
      .leftJoin(creator, eq(creator.id, apiKeys.createdByUserId))
      .where(where)
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
      .limit(window.limit)
      .offset(window.offset);
    return { total: total?.n ?? 0, list };
  }

  /** Revokes a key in the caller's scope; false when there is none (or it was already revoked). */
  async revoke(scope: Scope, id: number, userId: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(apiKeys)
      .set({ revokedAt: now, revokedByUserId: userId })
      .where(this.where(scope, and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt))))
      .returning({ id: apiKeys.id });
    return rows.length > 0;
  }

  async findByHash(hash: Buffer): Promise<ApiKeyPrincipalRow | null> {
    const rows = await this.db
      .select({
        id: apiKeys.id,
        name: apiKeys.name,
        companyId: apiKeys.companyId,
        companyType: companies.type,
        scopes: apiKeys.scopes,
        rateLimitPerMinute: apiKeys.rateLimitPerMinute,
        createdByUserId: apiKeys.createdByUserId,
        expiresAt: apiKeys.expiresAt,
        revokedAt: apiKeys.revokedAt,
      })
      .from(apiKeys)
      .innerJoin(companies, eq(companies.id, apiKeys.companyId))
      .where(eq(apiKeys.keyHash, hash));
    return rows[0] ?? null;
  }

  /**
   * Counts one request of a key in its fixed window (shared by every API copy through rate_counters) and
   * answers the count so far and when the window started. One statement: concurrent requests of one key
   * are serialised on the counter's row.
   */
  async countRequest(
    keyId: number,
    now: Date,
    windowSeconds: number,
  ): Promise<{ count: number; windowStart: Date }> {
    const cutoff = new Date(now.getTime() - windowSeconds * 1000);
    const [row] = await this.db
      .insert(rateCounters)
      .values({ key: `apikey:${keyId}`, windowStart: now, count: 1 })
      .onConflictDoUpdate({
        target: rateCounters.key,
        set: {
          count: sql`case when ${rateCounters.windowStart} > ${cutoff}::timestamptz then ${rateCounters.count} + 1 else 1 end`,
          windowStart: sql`case when ${rateCounters.windowStart} > ${cutoff}::timestamptz then ${rateCounters.windowStart} else ${now}::timestamptz end`,
        },
      })
      .returning({ count: rateCounters.count, windowStart: rateCounters.windowStart });
    if (!row) throw new Error('rate counter not written');
    return { count: row.count, windowStart: row.windowStart };
  }

  /** Records a use unless one was recorded within the last `everySeconds` (by any API copy). */
  async touch(keyId: number, now: Date, address: string, everySeconds: number): Promise<void> {
    const cutoff = new Date(now.getTime() - everySeconds * 1000);
    await this.db
      .update(apiKeys)
      .set({ lastUsedAt: now, lastUsedAddress: address })
      .where(and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), lte(apiKeys.lastUsedAt, cutoff))));
  }
}
