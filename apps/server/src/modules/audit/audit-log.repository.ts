import type { AuditAction, AuditEntry, LanguageKey } from '@sunfleet/contracts';
import { and, desc, eq, gte, ilike, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog, translations, users } from '../../db/schema.js';
import { containsPattern, startsWithPattern } from '../reference/sql-helpers.js';
import { scopeWhere, type Scope } from '../tenancy/scope.js';

export interface AuditFilter {
  keyword: string | null;
  /** An action name, or an area: `company` matches `company` and `company.*`. */
  action: string | null;
  userId: number | null;
  status: number | null;
  /** Inclusive. */
  from: Date | null;
  /** Exclusive. */
  to: Date | null;
}

type AuditRow = typeof auditLog.$inferSelect;

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    userId: row.userId,
    username: row.username,
    companyId: row.companyId,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    clientAddress: row.clientAddress,
    requestId: row.requestId,
    status: row.status,
    detail: row.detail ?? null,
  };
}

/** The caller's scope (platform: all; subtree: rows of their companies; owner: their own rows) and the filters. */
function condition(scope: Scope, filter: AuditFilter): SQL | undefined {
  const pattern = filter.keyword === null ? null : containsPattern(filter.keyword);
  return and(
    scopeWhere(scope, { companyId: auditLog.companyId, userId: auditLog.userId }),
    pattern === null
      ? undefined
      : or(
          ilike(auditLog.username, pattern),
          ilike(auditLog.action, pattern),
          ilike(auditLog.targetType, pattern),
          ilike(auditLog.targetId, pattern),
          ilike(auditLog.clientAddress, pattern),
          ilike(auditLog.requestId, pattern),
        ),
    filter.action === null
      ? undefined
      : or(eq(auditLog.action, filter.action), like(auditLog.action, startsWithPattern(`${filter.action}.`))),
    filter.userId === null ? undefined : eq(auditLog.userId, filter.userId),
    filter.status === null ? undefined : eq(auditLog.status, filter.status),
    filter.from === null ? undefined : gte(auditLog.at, filter.from),
    filter.to === null ? undefined : lt(auditLog.at, filter.to),
  );
}

/** Reads the audit trail. The only write here is an insert (exports are recorded); rows never change. */
export class AuditLogRepository {
  constructor(private readonly db: Db) {}

  async count(scope: Scope, filter: AuditFilter): Promise<number> {
    const [row] = await this.db
      .select({ n: sql`count(*)`.mapWith(Number) })
      .from(auditLog)
      .where(condition(scope, filter));
    return row?.n ?? 0;
  }

  /** Newest first. */
  async list(
    scope: Scope,
    filter: AuditFilter,
    window: { offset: number; limit: number },
  ): Promise<AuditEntry[]> {
    const rows = await this.db
      .select()
      .from(auditLog)
      .where(condition(scope, filter))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .offset(window.offset)
      .limit(window.limit);
    return rows.map(toAuditEntry);
  }

  async languageOf(userId: number): Promise<string> {
    const rows = await this.db.select({ language: users.language }).from(users).where(eq(users.id, userId));
    return rows[0]?.language ?? 'EN';
  }

  /** Texts of `keys` in `language`, falling back to English for keys that language lacks. */
  async texts(language: LanguageKey, keys: readonly string[]): Promise<Map<string, string>> {
    const rows = await this.db
      .select({ language: translations.language, key: translations.key, value: translations.value })
      .from(translations)
      .where(and(inArray(translations.language, [language, 'EN']), inArray(translations.key, [...keys])));
    const result = new Map<string, string>();
    for (const row of rows) if (row.language === 'EN') result.set(row.key, row.value);
    for (const row of rows) if (row.language === language) result.set(row.key, row.value);
    return result;
  }

  /** Exports are reads, which the audit plugin does not record; who took a copy of the log matters. */
  async recordExport(entry: {
    userId: number;
    username: string;
    companyId: number;
    clientAddress: string;
    requestId: string;
    detail: Record<string, unknown>;
  }): Promise<void> {
    await this.db.insert(auditLog).values({
      ...entry,
      action: 'log.export' satisfies AuditAction,
      targetType: 'log',
      targetId: null,
      status: 200,
    });
  }
}
