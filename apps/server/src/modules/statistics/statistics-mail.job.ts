// Mails scheduled statistics views (docs/statistics.md "Mailed views"), run by the jobs service. Each
// round claims the views due for their current period (ISO week or month, as of UTC) with a lease
// (FOR UPDATE SKIP LOCKED, committed), builds each view's XLSX with its owner's scope and language, sends
// it, then records the period as sent — only while the claim is still its own. Several jobs copies may
// run it side by side: a view is claimed by one at a time and mailed once per period. A crash between
// SMTP's acceptance and the record sends it again after the lease (the same Message-ID), never silently not.
import { hasAnyPermission, Perm, WILDCARD_PERMISSION, type StatisticsSchedule } from '@sunfleet/contracts';
import { localDate, schedulePeriod } from '@sunfleet/domain';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { queryRows, type Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { XLSX_TYPE } from '../../lib/xlsx-writer.js';
import type { Mailer } from '../../services/mailer.js';
import { WorkerLoop } from '../../services/worker-loop.js';
import { DevicesRepository } from '../devices/devices.repository.js';
import { resolveScope } from '../tenancy/scope.js';
import { comparisonOfRule, StatisticsService } from './statistics.service.js';
import { STATISTICS_TEXT_KEYS, statisticsWorkbook } from './statistics-workbook.js';

/** A claim outlives the slowest send (SMTP gives up after 60 s) with room to spare. */
export const STATISTICS_MAIL_LEASE_MS = 5 * 60_000;
const VIEWS_PER_ROUND = 20;
const MAIL_TEXT_KEYS = ['statistics.mail.subject', 'statistics.mail.body'];

export interface StatisticsMailDeps {
  database: Database;
  clock: Clock;
  log: Logger;
  mailer: Mailer;
  /** PUBLIC_URL: the host of Message-IDs. */
  publicUrl: string;
  /** How often a round runs (default a minute). */
  intervalMs?: number;
}

interface Claimed {
  id: number;
  period: string;
  leaseUntil: string;
}

export interface MailRoundResult {
  sent: number;
  skipped: number;
  failed: number;
}

export class StatisticsMailJob {
  private readonly loop: WorkerLoop;
  private readonly statistics: StatisticsService;
  private readonly texts: DevicesRepository;
  private readonly host: string;

  constructor(private readonly deps: StatisticsMailDeps) {
    this.statistics = new StatisticsService(deps.database.db);
    this.texts = new DevicesRepository(deps.database.db);
    this.host = new URL(deps.publicUrl).hostname || 'sunfleet.invalid';
    this.loop = new WorkerLoop({
      name: 'statistics mail',
      intervalMs: deps.intervalMs ?? 60_000,
      log: deps.log,
      round: () => this.round(),
    });
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One round: claims the due views, mails each and records its period. */
  async round(): Promise<MailRoundResult> {
    const result: MailRoundResult = { sent: 0, skipped: 0, failed: 0 };
    for (const claim of await this.claim()) {
      try {
        const outcome = await this.mail(claim);
        result[outcome] += 1;
        await this.settle(claim, claim.period);
      } catch (err) {
        result.failed += 1;
        this.deps.log.warn({ err, viewId: claim.id }, 'statistics view could not be mailed; will retry');
        await this.settle(claim, null);
      }
    }
    return result;
  }

  private async claim(): Promise<Claimed[]> {
    const now = this.deps.clock.now();
    const today = localDate(now.getTime(), 'UTC');
    const leaseUntil = new Date(now.getTime() + STATISTICS_MAIL_LEASE_MS).toISOString();
    return this.deps.database.db.transaction(async (tx) => {
      const rows = await queryRows<{
        id: number | string;
        schedule: StatisticsSchedule;
        last_sent_period: string | null;
      }>(
        tx,
        sql`select id, schedule, last_sent_period from statistics_views
            where schedule <> 'NONE' and (lease_until is null or lease_until < ${now.toISOString()}::timestamptz)
            order by id for update skip locked`,
      );
      const due = rows
        .map((r) => ({
          id: Number(r.id),
          period: schedulePeriod(r.schedule, today),
          last: r.last_sent_period,
        }))
        .filter(
          (r): r is { id: number; period: string; last: string | null } =>
            r.period !== null && r.period !== r.last,
        )
        .slice(0, VIEWS_PER_ROUND);
      for (const r of due) {
        await tx.execute(
          sql`update statistics_views set lease_until = ${leaseUntil}::timestamptz where id = ${r.id}`,
        );
      }
      return due.map((r) => ({ id: r.id, period: r.period, leaseUntil }));
    });
  }

  /** Records the period as mailed (or, with null, only lets the claim go) while the claim is its own. */
  private async settle(claim: Claimed, period: string | null): Promise<void> {
    await this.deps.database.db.execute(
      sql`update statistics_views set lease_until = null,
            last_sent_period = coalesce(${period}::text, last_sent_period)
          where id = ${claim.id} and lease_until = ${claim.leaseUntil}::timestamptz`,
    );
  }

  private async mail(claim: Claimed): Promise<'sent' | 'skipped'> {
    const db = this.deps.database.db;
    const [view] = await queryRows<Record<string, unknown>>(
      db,
      sql`select v.id, v.name, v.station_ids, v.granularity, v.range_rule, v.currency, v.rank_by, v.recipients,
            u.id as user_id, u.username, u.company_id, u.role_id, u.language, u.disabled,
            r.permissions, r.disabled as role_disabled
          from statistics_views v join users u on u.id = v.owner_user_id join roles r on r.id = u.role_id
          where v.id = ${claim.id}`,
    );
    if (view === undefined) return 'skipped';
    const permissions = (view.permissions as string[] | null) ?? [];
    const recipients = (view.recipients as string[] | null) ?? [];
    // An owner who may no longer schedule (or sign in) gets nothing mailed; the period counts as handled.
    if (
      view.disabled === true ||
      view.role_disabled === true ||
      recipients.length === 0 ||
      !hasAnyPermission(permissions, [Perm.statisticsSchedule, WILDCARD_PERMISSION])
    ) {
      return 'skipped';
    }
    const scope = await resolveScope(db, {
      sessionId: 0,
      userId: Number(view.user_id),
      roleId: Number(view.role_id),
      companyId: Number(view.company_id),
      username: String(view.username),
      permissions,
      guest: false,
    });
    // Stations the owner no longer reaches are left out; none left → nothing to mail.
    const reachable = await this.statistics.repo.stations(scope, view.station_ids as number[]);
    if (reachable.length === 0) return 'skipped';
    const keep = new Set(reachable.map((s) => s.id));
    const comparison = comparisonOfRule(
      {
        stationIds: (view.station_ids as number[]).filter((id) => keep.has(id)),
        granularity: view.granularity as 'DAY' | 'MONTH' | 'YEAR',
        currency: String(view.currency),
        rankBy: view.rank_by as 'ENERGY' | 'YIELD' | 'INCOME' | 'PR',
      },
      view.range_rule as Parameters<typeof comparisonOfRule>[1],
      this.deps.clock.now().getTime(),
    );
    const result = await this.statistics.compare(scope, comparison);
    const language = String(view.language);
    const texts = await this.texts.texts(language, [...STATISTICS_TEXT_KEYS, ...MAIL_TEXT_KEYS]);
    const fill = (key: string): string =>
      (texts.get(key) ?? key).replace('{name}', String(view.name)).replace('{period}', claim.period);
    const bytes = await statisticsWorkbook(result, texts);
    const text = fill('statistics.mail.body');
    await this.deps.mailer.deliverNow({
      to: recipients.join(', '),
      subject: fill('statistics.mail.subject'),
      text,
      redactedText: text,
      messageId: `<statistics.${String(claim.id)}.${claim.period}@${this.host}>`,
      attachments: [
        {
          filename: `statistics-${String(claim.id)}-${claim.period}.xlsx`,
          content: bytes,
          contentType: XLSX_TYPE,
        },
      ],
    });
    return 'sent';
  }
}
