// Drains the rollup work queue (rollup_dirty) the ingest fills in the same transaction as the telemetry
// rows. Several processes may run it: entries are claimed with FOR UPDATE SKIP LOCKED and writers of one
// station are serialised by an advisory lock, so no bucket is ever computed from a half-visible state.
// One transaction takes all queued entries of a station's devices, so the station's buckets are
// recomputed once per drain rather than once per device.
import type { Logger } from 'pino';
import type { Database } from '../../db/client.js';
import { RollupRepository, type Span } from './rollup.repository.js';

/** Transactions (stations or unbound devices) per drain before the worker yields; the timer continues. */
const MAX_ROUNDS_PER_DRAIN = 500;
const HOUR_MS = 3_600_000;

/**
 * The station spans of several devices, overlapping or adjacent ones merged, so a station hour is
 * recomputed once however many of its devices wrote into it.
 */
export function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  const out: Span[] = [];
  for (const span of sorted) {
    const last = out.at(-1);
    if (last && Date.parse(span.start) <= Date.parse(last.end) + HOUR_MS) {
      if (Date.parse(span.end) > Date.parse(last.end)) last.end = span.end;
      if (span.firstDay < last.firstDay) last.firstDay = span.firstDay;
      if (span.lastDay > last.lastDay) last.lastDay = span.lastDay;
    } else out.push({ ...span });
  }
  return out;
}
/** A kick waits this long so a burst of committed batches becomes one drain. */
const KICK_DELAY_MS = 20;

export class RollupWorker {
  private readonly intervalMs: number;
  private timer: NodeJS.Timeout | null = null;
  private kickTimer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(private readonly deps: { database: Database; log: Logger; intervalMs?: number }) {
    this.intervalMs = deps.intervalMs ?? 2_000;
  }

  /** Drains now and then every intervalMs. */
  start(): void {
    this.stopped = false;
    this.timer ??= setInterval(() => this.run(), this.intervalMs);
    this.timer.unref();
    this.run();
  }

  /** Asks for a drain soon; kicks arriving while one is pending or running are coalesced. */
  kick(): void {
    if (this.stopped || this.kickTimer !== null) return;
    this.kickTimer = setTimeout(() => {
      this.kickTimer = null;
      this.run();
    }, KICK_DELAY_MS);
    this.kickTimer.unref();
  }

  /** Stops the timers and waits for a drain in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearInterval(this.timer);
    if (this.kickTimer !== null) clearTimeout(this.kickTimer);
    this.timer = null;
    this.kickTimer = null;
    this.again = false;
    await this.running;
  }

  /**
   * Recomputes the rollups of every queued device, one transaction per station (or unbound device);
   * answers how many queue entries were processed. Devices that fail stay queued and are skipped for the
   * rest of this drain.
   */
  async drainOnce(): Promise<number> {
    const failed: number[] = [];
    let processed = 0;
    for (let round = 0; round < MAX_ROUNDS_PER_DRAIN; round++) {
      // Filled inside the transaction callback; an object so the values are visible after it.
      const claimed: { devices: number[] } = { devices: [] };
      try {
        const done = await this.background(() =>
          this.deps.database.db.transaction(async (tx) => {
            const repo = new RollupRepository(tx);
            const first = await repo.claimFirst(failed);
            if (first === null) return null;
            claimed.devices.push(first);
            const context = await repo.deviceContext(first);
            if (context === null) {
              // The device is gone: nothing to recompute, drop its entries.
              const gone = await repo.claimEntries({ deviceId: first });
              await repo.deleteEntries(gone.flatMap((c) => c.ids));
              return gone.reduce((n, c) => n + c.ids.length, 0);
            }
            await repo.lock(context);
            const claims = await repo.claimEntries(
              context.stationId === null ? { deviceId: first } : { stationId: context.stationId },
            );
            claimed.devices.push(...claims.map((c) => c.deviceId));
            const spans: Span[] = [];
            for (const claim of claims) {
              const device = { ...context, deviceId: claim.deviceId };
              const span = await repo.span(claim.deviceId, claim.fromTs, claim.toTs, context.timeZone);
              await repo.recomputeDeviceHours(device, span);
              await repo.recomputeDeviceDaysMonths(device, span);
              spans.push(span);
            }
            for (const span of mergeSpans(spans)) {
              await repo.recomputeStation(context, span);
              await repo.recomputeCurve(context, span);
            }
            await repo.deleteEntries(claims.flatMap((c) => c.ids));
            return claims.reduce((n, c) => n + c.ids.length, 0);
          }),
        );
        if (done === null) break;
        processed += done;
      } catch (err) {
        if (claimed.devices.length === 0) throw err;
        this.deps.log.error({ err, devices: claimed.devices }, 'rollup recomputation failed; left queued');
        failed.push(...claimed.devices);
      }
    }
    return processed;
  }

  /** One transaction of a drain: on PGlite when API requests leave it the turn (db/priority.ts). */
  private background<T>(work: () => Promise<T>): Promise<T> {
    const priority = this.deps.database.priority;
    return priority === null ? work() : priority.background(work);
  }

  private run(): void {
    if (this.stopped) return;
    if (this.running !== null) {
      this.again = true;
      return;
    }
    this.running = this.drainOnce()
      .then(() => undefined)
      .catch((err: unknown) => this.deps.log.warn({ err }, 'rollup drain failed; will retry'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.run();
        }
      });
  }
}
