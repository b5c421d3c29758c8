import {
  AUDIT_EXPORT_MAX_ROWS,
  AuditMessage,
  isLanguageKey,
  pageWindow,
  type AuditEntry,
  type AuditFilterQuery,
  type AuditPageQuery,
} from '@sunfleet/contracts';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { SessionContext } from '../auth/auth.service.js';
import { invalidField, optionalKeyword } from '../reference/sql-helpers.js';
import type { Scope } from '../tenancy/scope.js';
import { AuditLogRepository, type AuditFilter } from './audit-log.repository.js';
import { auditWorkbook, EXPORT_TEXT_KEYS } from './audit-workbook.js';

export interface AuditExport {
  filename: string;
  bytes: Buffer;
}

function filterOf(query: AuditFilterQuery): AuditFilter {
  const from = query.from === undefined ? null : new Date(query.from);
  const to = query.to === undefined ? null : new Date(query.to);
  if (from !== null && to !== null && from.getTime() > to.getTime()) {
    throw invalidField('querystring.from', AuditMessage.timeRangeInvalid, 'from lies after to');
  }
  return {
    keyword: optionalKeyword(query.keyword),
    action: optionalKeyword(query.action),
    userId: query.userId ?? null,
    status: query.status ?? null,
    from,
    to,
  };
}

/** `2026-06-01T08:00:00.000Z` → `20260601-080000`, for file names. */
function stamp(at: Date): string {
  return at.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
}

export class AuditLogService {
  private readonly repo: AuditLogRepository;

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    this.repo = new AuditLogRepository(db);
  }

  async page(scope: Scope, query: AuditPageQuery): Promise<{ total: number; list: AuditEntry[] }> {
    const filter = filterOf(query);
    const [total, list] = await Promise.all([
      this.repo.count(scope, filter),
      this.repo.list(scope, filter, pageWindow(query)),
    ]);
    return { total, list };
  }

  /** The newest rows matching the filters, at most AUDIT_EXPORT_MAX_ROWS, as an XLSX file. */
  async export(
    scope: Scope,
    session: SessionContext,
    query: AuditFilterQuery,
    origin: { clientAddress: string; requestId: string },
  ): Promise<AuditExport> {
    const filter = filterOf(query);
    const [total, rows, language] = await Promise.all([
      this.repo.count(scope, filter),
      this.repo.list(scope, filter, { offset: 0, limit: AUDIT_EXPORT_MAX_ROWS }),
      this.repo.languageOf(session.userId),
    ]);
    const texts = await this.repo.texts(isLanguageKey(language) ? language : 'EN', EXPORT_TEXT_KEYS);
    const bytes = await auditWorkbook({ rows, total, texts });
    await this.repo.recordExport({
      userId: session.userId,
      username: session.username,
      companyId: session.companyId,
      ...origin,
      detail: { rows: rows.length, total, capped: rows.length < total, filters: query },
    });
    return { filename: `audit-log-${stamp(this.clock.now())}.xlsx`, bytes };
  }
}
