// Drains the rollup work queue (rollup_dirty) the ingest fills in the same transaction as the telemetry
// rows (docs/telemetry.md "Rollups"). One transaction recomputes a batch of up to 50 stations with a
// fixed dozen set-based statements, where the old worker spent about a hundred statements on each
// station: their round trips and planning, not the rows, were most of its cost (bench/rollups.ts).
//
// Several processes may run it. A batch claims the oldest entries no other worker holds (FOR UPDATE SKIP
// LOCKED) and takes their stations' advisory locks with pg_try_advisory_xact_lock: a station another
// worker is recomputing is left for the end of the drain, when it is waited for in a transaction of its
// own (locks taken in ascending order), so no bucket is computed from a half-visible state, no two
// workers deadlock, and an entry another worker let go is not stranded until the next drain.
import type { Logger } from 'pino';
import type { Database, Db } from '../../db/client.js';
import { RollupQueueRepository, type DeviceWork } from './rollup-queue.repository.js';
import {
  RollupRepository,
  type CurveRange,
  type DayRange,
  type Span,
  type StationSpan,
} from './rollup.repository.js';

/** Transactions per drain before the worker yields; the timer continues. */
const MAX_ROUNDS_PER_DRAIN = 500;
/**
 * The most stations a batch takes (a device whose logger is not bound counts as one), and the queue
 * entries per station it looks at to find them. On PostgreSQL, 50 stations of ten inverters make
 * transactions of about 500 devices; on PGlite a transaction holds the only connection, which API
 * requests wait for, so batches stay small there (bench/rollups.ts, docs/telemetry.md "Rollups").
 */
const BATCH_STATIONS = { postgres: 50, pglite: 10 } as const;
const ENTRIES_PER_STATION = 10;
/**
 * Device-hours of readings a batch recomputes at most (four hours of ten devices per station of the
 * batch): after an outage, a few stations' backlogs fill a transaction, and the other stations claimed
 * with them wait for the next round instead of making it one huge transaction.
 */
const DEVICE_HOURS_PER_STATION = 40;
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

/**
 * A station's day (or month) ranges, overlapping ones merged: two spans of a station hours apart may
 * share a day, which one statement must recompute once. ISO dates compare as strings.
 */
export function mergeRanges(ranges: readonly DayRange[]): DayRange[] {
  const sorted = [...ranges].sort((a, b) => a.stationId - b.stationId || a.first.localeCompare(b.first));
  const out: DayRange[] = [];
  for (const range of sorted) {
    const last = out.at(-1);
    if (last && last.stationId === range.stationId && range.first <= last.last) {
      if (range.last > last.last) last.last = range.last;
    } else out.push({ ...range });
  }
  return out;
}

const FIVE_MINUTES_MS = 300_000;

/**
 * The 5-minute curve buckets the claimed readings fall in, per station: from the bucket of each device's
 * earliest through that of its latest new reading, overlapping or adjacent ranges merged so no bucket is
 * computed twice. Buckets start on multiples of 5 minutes since the epoch (date_bin's origin, 2000-01-01
 * UTC, is one).
 */
export function curveRanges(
  work: readonly { stationId: number | null; fromTs: string; toTs: string }[],
): CurveRange[] {
  const bin = (iso: string): number => Math.floor(Date.parse(iso) / FIVE_MINUTES_MS) * FIVE_MINUTES_MS;
  const ranges = work
    .flatMap((w) =>
      w.stationId === null ? [] : [{ stationId: w.stationId, first: bin(w.fromTs), last: bin(w.toTs) }],
    )
    .sort((a, b) => a.stationId - b.stationId || a.first - b.first);
  const out: { stationId: number; first: number; last: number }[] = [];
  for (const range of ranges) {
    const last = out.at(-1);
    if (last && last.stationId === range.stationId && range.first <= last.last + FIVE_MINUTES_MS)
      last.last = Math.max(last.last, range.last);
    else out.push({ ...range });
  }
  return out.map((r) => ({
    stationId: r.stationId,
    first: new Date(r.first).toISOString(),
    last: new Date(r.last).toISOString(),
  }));
}

/** The first day of an ISO date's month. */
const monthOf = (day: string): string => `${day.slice(0, 7)}-01`;

/**
 * Recomputes every bucket the claimed devices' entries touch, devices first (their stations' hours are
 * summed from them), then their stations; answers how many entries it consumed.
 */
async function recomputeBatch(tx: Db, work: readonly DeviceWork[]): Promise<number> {
  const repo = new RollupRepository(tx);
  const live = work.filter((w) => !w.gone);
  const spans = await repo.spans(live);
  await repo.recomputeDeviceHours(spans);
  await repo.recomputeDeviceDaysMonths(spans);

  const stationOf = new Map(live.map((w) => [w.deviceId, w.stationId]));
  const byStation = new Map<number, Span[]>();
  for (const span of spans) {
    const stationId = stationOf.get(span.deviceId);
    if (stationId === null || stationId === undefined) continue;
    byStation.set(stationId, [...(byStation.get(stationId) ?? []), span]);
  }
  const stationSpans: StationSpan[] = [...byStation].flatMap(([stationId, s]) =>
    mergeSpans(s).map((span) => ({ stationId, ...span })),
  );
  await repo.recomputeStationHours(stationSpans);
  const days = mergeRanges(
    stationSpans.map((s) => ({ stationId: s.stationId, first: s.firstDay, last: s.lastDay })),
  );
  await repo.recomputeStationPeriods('day', days);
  await repo.recomputeStationPeriods(
    'month',
    mergeRanges(
      days.map((d) => ({ stationId: d.stationId, first: monthOf(d.first), last: monthOf(d.last) })),
    ),
  );
  await repo.recomputeCurves(curveRanges(live));

  await new RollupQueueRepository(tx).deleteEntries(work.flatMap((w) => w.ids));
  return work.reduce((n, w) => n + w.ids.length, 0);
}

/**
 * The claimed work of the first owners (in the order they were picked, oldest entry first) whose devices'
 * spans add up to at most `deviceHours` (the first owner always goes). The entries of the others stay
 * queued; they are released when the transaction ends and come first in the next round.
 */
export function withinBudget(
  owners: readonly number[],
  work: readonly DeviceWork[],
  deviceHours: number,
): DeviceWork[] {
  const ownerOf = (w: DeviceWork): number => w.stationId ?? -w.deviceId;
  const hours = new Map<number, number>();
  for (const w of work)
    hours.set(
      ownerOf(w),
      (hours.get(ownerOf(w)) ?? 0) + (Date.parse(w.toTs) - Date.parse(w.fromTs)) / HOUR_MS + 1,
    );
  const taken = new Set<number>();
  let total = 0;
  for (const owner of owners) {
    const cost = hours.get(owner) ?? 0;
    if (taken.size > 0 && total + cost > deviceHours) break;
    taken.add(owner);
    total += cost;
  }
  return work.filter((w) => taken.has(ownerOf(w)));
}

/** The most stations a batch takes, and the most device-hours of readings it recomputes. */
export interface BatchLimits {
  stations: number;
  deviceHours: number;
}

/** What one transaction of a drain did. */
interface Round {
  entries: number;
  /** Stations (or −device ids) another worker held: left for the end of the drain. */
  busy: number[];
}

/** A kick waits this long so a burst of committed batches becomes one drain. */
const KICK_DELAY_MS = 20;

export class RollupWorker {
  private readonly intervalMs: number;
  private readonly batch: BatchLimits;
  private timer: NodeJS.Timeout | null = null;
  private kickTimer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly deps: { database: Database; log: Logger; intervalMs?: number; batch?: BatchLimits },
  ) {
    this.intervalMs = deps.intervalMs ?? 2_000;
    const stations = BATCH_STATIONS[deps.database.kind];
    this.batch = deps.batch ?? { stations, deviceHours: stations * DEVICE_HOURS_PER_STATION };
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
   * Recomputes the rollups of every queued device in batches of stations; answers how many queue entries
   * were processed. When a batch fails, its stations are retried one per transaction, so one station
   * that cannot be recomputed stays queued (and is skipped for the rest of this drain) without holding
   * back the others.
   */
  async drainOnce(): Promise<number> {
    const failed = new Set<number>();
    const busy = new Set<number>();
    const single: number[] = [];
    let processed = 0;
    for (let n = 0; n < MAX_ROUNDS_PER_DRAIN; n++) {
      // What this round works on: a station to retry alone, the busy stations once nothing else is left,
      // or a new batch (null).
      let owners: number[] | null = null;
      const retry = single.shift();
      if (retry !== undefined) owners = [retry];
      // Filled inside the transaction, so a failure knows which stations it concerned.
      const attempted: { owners: number[] } = { owners: owners ?? [] };
      try {
        let result = await this.round(owners, [...failed, ...busy], attempted);
        if (result === null && busy.size > 0) {
          attempted.owners = [...busy];
          busy.clear();
          result = await this.round(attempted.owners, [], attempted);
        }
        if (result === null) break;
        processed += result.entries;
        for (const owner of result.busy) busy.add(owner);
      } catch (err) {
        if (attempted.owners.length === 0) throw err;
        if (attempted.owners.length > 1) {
          this.deps.log.warn(
            { err, stations: attempted.owners },
            'rollup batch failed; retrying its stations one by one',
          );
          single.push(...attempted.owners);
        } else {
          this.deps.log.error(
            { err, stations: attempted.owners },
            'rollup recomputation failed; left queued',
          );
          failed.add(attempted.owners[0] ?? 0);
        }
      }
    }
    return processed;
  }

  /**
   * One transaction: the given owners, waiting for their locks, or (null) a new batch of the oldest
   * entries outside `skip`, taking only the locks that are free. Null when there was nothing to claim.
   */
  private round(
    owners: number[] | null,
    skip: readonly number[],
    attempted: { owners: number[] },
  ): Promise<Round | null> {
    return this.background(() =>
      this.deps.database.db.transaction(async (tx) => {
        const queue = new RollupQueueRepository(tx);
        let locked: number[];
        let busy: number[] = [];
        if (owners !== null) {
          await queue.lockInOrder(owners);
          locked = owners;
        } else {
          const limits = { entries: this.batch.stations * ENTRIES_PER_STATION, owners: this.batch.stations };
          const picked = await queue.pickOwners(limits, skip);
          if (picked.length === 0) return null;
          locked = await queue.tryLock(picked);
          busy = picked.filter((owner) => !locked.includes(owner));
        }
        attempted.owners = locked;
        const work = withinBudget(locked, await queue.claim(locked), this.batch.deviceHours);
        return { entries: await recomputeBatch(tx, work), busy };
      }),
    );
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
