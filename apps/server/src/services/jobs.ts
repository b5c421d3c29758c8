import type { Logger } from 'pino';
import type { Database } from '../db/client.js';
import { sql } from 'drizzle-orm';
import type { Clock } from '../lib/clock.js';
import { SessionsRepository } from '../modules/auth/sessions.repository.js';
import { ThrottleRepository } from '../modules/auth/throttle.repository.js';
import { CodesRepository } from '../modules/security/codes.repository.js';
import { RateLimitRepository } from '../modules/security/rate-limit.repository.js';
import { ClientErrorLimits, LoginThrottle } from '@sunfleet/contracts';
import { telemetryHousekeeping } from '../modules/telemetry/telemetry-housekeeping.js';
import { refreshStale } from '../modules/facts/facts.writer.js';
import { sqlRunner } from '../modules/ingest/sql.js';
import { AlarmEvaluator, type RoundResult } from '../modules/alarms/evaluator.js';
import { IvAutoScanner } from '../modules/iv/iv-auto.js';
import { FirmwareRepository } from '../modules/firmware/firmware.repository.js';
import { ClientErrorsRepository } from '../modules/client-errors/client-errors.repository.js';

const HOUSEKEEPING_LOCK_ID = 727_2026_02;
const SESSION_RETENTION_DAYS = 30;
/**
 * Station facts that expired (a logger or device went quiet) or were marked stale are recomputed this
 * often; readers compute such rows on the spot meanwhile, so this bounds extra read work, not staleness.
 */
const FACTS_REFRESH_MS = 15_000;
/** Telemetry partitions ahead and packet-loss pruning run once a day (per jobs process). */
const DAILY_MS = 86_400_000;

/**
 * Periodic housekeeping. With several `jobs` copies against one PostgreSQL, a transaction-scoped advisory
 * lock elects one runner per round; the others skip it.
 */
export function startJobs(opts: {
  database: Database;
  clock: Clock;
  log: Logger;
  everyMs?: number;
  factsEveryMs?: number;
  /** Alarm rules round (ALARM_EVALUATE_EVERY_MS) and the global escalation delay (ALARM_ESCALATE_AFTER_S). */
  alarmEveryMs?: number;
  alarmEscalateAfterS?: number;
  /** Runtime error groups not seen for this many days are dropped (CLIENT_ERROR_RETENTION_DAYS). */
  clientErrorRetentionDays?: number;
}): {
  stop(): void;
  runOnce(): Promise<void>;
  refreshFacts(): Promise<number>;
  evaluateAlarms(): Promise<RoundResult | null>;
  /** Scans that start themselves for string alarms (docs/iv-curves.md); the task ids started. */
  autoScanIv(): Promise<string[] | null>;
} {
  const runner = sqlRunner(opts.database, 'sunfleet-jobs');
  const refreshFacts = (): Promise<number> => refreshStale(runner, opts.clock.now());
  const alarms = new AlarmEvaluator(opts.database, { escalateAfterS: opts.alarmEscalateAfterS ?? 3600 });
  const evaluateAlarms = (): Promise<RoundResult | null> => alarms.round(opts.clock.now());
  const ivAuto = new IvAutoScanner(opts.database);
  const autoScanIv = (): Promise<string[] | null> => ivAuto.round(opts.clock.now());
  let lastDaily: number | null = null;
  const runOnce = async (): Promise<void> => {
    await opts.database.db.transaction(async (tx) => {
      if (opts.database.kind === 'postgres') {
        const result = (await tx.execute(
          sql`select pg_try_advisory_xact_lock(${HOUSEKEEPING_LOCK_ID}) as locked`,
        )) as { rows: { locked: boolean }[] };
        if (!result.rows[0]?.locked) return;
      }
      const now = opts.clock.now();
      const sessionsPurged = await new SessionsRepository(tx).purge(
        new Date(now.getTime() - SESSION_RETENTION_DAYS * 86_400_000),
      );
      const countersPurged = await new ThrottleRepository(tx).purge(
        new Date(now.getTime() - LoginThrottle.windowSeconds * 1000),
      );
      // Codes live 10 minutes and the longest rate window is a day: keep a margin of a day more.
      const codesPurged = await new CodesRepository(tx).purge(new Date(now.getTime() - 86_400_000));
      const ratesPurged = await new RateLimitRepository(tx).purge(new Date(now.getTime() - 2 * 86_400_000));
      // Firmware download links live at most a command's time to live; kept a day longer for the record.
      const linksPurged = await new FirmwareRepository(tx).dropExpiredDownloads(
        new Date(now.getTime() - 86_400_000),
      );
      const errorDays = opts.clientErrorRetentionDays ?? ClientErrorLimits.retentionDaysDefault;
      const errorGroupsPurged = await new ClientErrorsRepository(tx).purge(
        new Date(now.getTime() - errorDays * 86_400_000),
      );
      const purged = {
        sessionsPurged,
        countersPurged,
        codesPurged,
        ratesPurged,
        linksPurged,
        errorGroupsPurged,
      };
      if (Object.values(purged).some((n) => n > 0)) opts.log.info(purged, 'housekeeping');
    });
    // Its own transaction: a failure there must not hold back the purges above.
    const now = opts.clock.now();
    if (lastDaily === null || now.getTime() - lastDaily >= DAILY_MS) {
      const done = await telemetryHousekeeping(opts.database, now);
      if (done !== null) {
        lastDaily = now.getTime();
        opts.log.info(done, 'telemetry housekeeping');
      }
    }
  };
  const timer = setInterval(
    () => {
      runOnce().catch((err: unknown) => opts.log.warn({ err }, 'housekeeping failed; will retry'));
    },
    opts.everyMs ?? 10 * 60_000,
  );
  timer.unref();
  let refreshing = false;
  const factsTimer = setInterval(() => {
    if (refreshing) return;
    refreshing = true;
    refreshFacts()
      .catch((err: unknown) => opts.log.warn({ err }, 'station facts refresh failed; will retry'))
      .finally(() => {
        refreshing = false;
      });
  }, opts.factsEveryMs ?? FACTS_REFRESH_MS);
  factsTimer.unref();
  let evaluating = false;
  const alarmTimer = setInterval(() => {
    if (evaluating) return;
    evaluating = true;
    evaluateAlarms()
      .then((done) => {
        if (done !== null && done.raised + done.cleared + done.escalated + done.snoozeEnded > 0) {
          opts.log.info(done, 'alarm rules');
        }
      })
      // After the round, so an alarm it raised can start its scan at once.
      .then(() => autoScanIv())
      .then((started) => {
        if (started !== null && started.length > 0) opts.log.info({ tasks: started }, 'IV auto scans');
      })
      .catch((err: unknown) => opts.log.warn({ err }, 'alarm rules round failed; will retry'))
      .finally(() => {
        evaluating = false;
      });
  }, opts.alarmEveryMs ?? 30_000);
  alarmTimer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      clearInterval(factsTimer);
      clearInterval(alarmTimer);
    },
    runOnce,
    refreshFacts,
    evaluateAlarms,
    autoScanIv,
  };
}
