// One shared poller per API process (docs/charts.md "Live updates"): every 2 s it reads the
// device_latest rows of all watched targets changed since its cursor — so it works whatever process ran
// the ingest — and fans them out to the streams watching them; statuses are recomputed every few polls
// and sent when they change; station streams also get the station's figures after new readings and the
// newest buckets of today's curve when they change, so the console never refetches them. The timer
// runs only while someone watches.
import {
  LiveLimits,
  type LiveCurveEvent,
  type LiveEvent,
  type LiveStatsEvent,
  type LiveStatusEvent,
} from '@sunfleet/contracts';
import { deviceRest, deviceStatus, gatewayStatus, stationStatus } from '@sunfleet/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { LiveRepository, type LatestRow, type LiveTarget } from './live.repository.js';

/** Statuses change on minutes (upload intervals), so they are recomputed every this many polls. */
const STATUS_EVERY_POLLS = 5;
/** Rows written by a transaction that started before the cursor may commit after a poll: read back this far. */
const CURSOR_OVERLAP_MS = 10_000;

export type LiveSink = (event: LiveEvent) => void;

/**
 * What a station stream pushes besides readings and statuses, computed with the watcher's own access:
 * the station's figures and today's newest power-curve buckets (null when there is no curve yet).
 */
export interface StationFeed {
  stats(): Promise<LiveStatsEvent>;
  curve(): Promise<LiveCurveEvent | null>;
}

interface Subscription {
  target: LiveTarget;
  send: LiveSink;
  feed: StationFeed | null;
  /** The last curve event sent (JSON), so an unchanged curve is not sent again. */
  curve: string | null;
  /** Newest reading time sent per device: each reading goes out once, and never an older one. */
  sent: Map<number, number>;
  /** Last status (and rest) sent per `KIND:id`. */
  statuses: Map<string, string>;
}

const matches = (target: LiveTarget, row: LatestRow): boolean =>
  target.kind === 'station'
    ? row.stationId === target.id
    : target.kind === 'gateway'
      ? row.gatewayId === target.id
      : row.deviceId === target.id;

export class LiveHub {
  private readonly repo: LiveRepository;
  private readonly subs = new Map<number, Subscription>();
  private nextId = 1;
  private timer: NodeJS.Timeout | null = null;
  private cursor: string | null = null;
  private polls = 0;
  private running: Promise<void> | null = null;

  constructor(
    db: Db,
    private readonly now: () => number,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs: number = LiveLimits.pollIntervalMs,
  ) {
    this.repo = new LiveRepository(db);
  }

  get size(): number {
    return this.subs.size;
  }

  /**
   * Starts watching: first the target's current values and statuses, then changes. Answers the function
   * that stops watching.
   */
  async subscribe(target: LiveTarget, send: LiveSink, feed: StationFeed | null = null): Promise<() => void> {
    const id = this.nextId++;
    const sub: Subscription = { target, send, feed, curve: null, sent: new Map(), statuses: new Map() };
    if (this.cursor === null) this.cursor = await this.repo.dbNow();
    const { rows } = await this.repo.latest([target], null);
    this.subs.set(id, sub);
    for (const row of rows) this.deliver(sub, row);
    await this.refreshStatus(sub);
    if (feed !== null) {
      const curve = await feed.curve();
      if (curve !== null) {
        sub.curve = JSON.stringify(curve);
        send({ type: 'curve', data: curve });
      }
    }
    this.timer ??= setInterval(() => void this.tick(), this.intervalMs);
    return () => {
      this.subs.delete(id);
      if (this.subs.size === 0) this.stopTimer();
    };
  }

  /** One poll now (tests and the timer); concurrent calls share the running poll. */
  tick(): Promise<void> {
    this.running ??= this.poll()
      .catch((error: unknown) => this.log.warn({ err: error }, 'live poll failed'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  close(): void {
    this.stopTimer();
    this.subs.clear();
  }

  private stopTimer(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    this.cursor = null;
  }

  private async poll(): Promise<void> {
    const subs = [...this.subs.values()];
    if (subs.length === 0 || this.cursor === null) return;
    const since = new Date(Date.parse(this.cursor) - CURSOR_OVERLAP_MS).toISOString();
    const targets = uniqueTargets(subs);
    const { rows, cursor } = await this.repo.latest(targets, since);
    if (cursor !== null && cursor > this.cursor) this.cursor = cursor;
    const fed = new Set<Subscription>();
    for (const row of rows)
      for (const sub of subs) if (matches(sub.target, row) && this.deliver(sub, row)) fed.add(sub);
    // The station's figures after new readings, and its curve whenever the rollups moved it on (they
    // follow the readings by a moment, so the curve is looked at on every poll).
    for (const sub of subs) {
      if (sub.feed === null) continue;
      if (fed.has(sub)) sub.send({ type: 'stats', data: await sub.feed.stats() });
      const curve = await sub.feed.curve();
      const text = curve === null ? null : JSON.stringify(curve);
      if (curve !== null && text !== sub.curve) {
        sub.curve = text;
        sub.send({ type: 'curve', data: curve });
      }
    }
    this.polls++;
    // Statuses follow new readings at once, and the clock (a quiet logger going offline) every few polls.
    for (const sub of subs)
      if (fed.has(sub) || this.polls % STATUS_EVERY_POLLS === 0) await this.refreshStatus(sub);
  }

  /** Sends a reading unless it went out already; answers whether it was sent. */
  private deliver(sub: Subscription, row: LatestRow): boolean {
    const last = sub.sent.get(row.deviceId);
    if (last !== undefined && row.ts <= last) return false;
    sub.sent.set(row.deviceId, row.ts);
    sub.send({ type: 'latest', data: { deviceId: row.deviceId, ts: row.ts, values: row.values } });
    return true;
  }

  /** Sends the statuses of the target's station, loggers and devices that differ from the last sent. */
  private async refreshStatus(sub: Subscription): Promise<void> {
    const facts = await this.repo.facts(sub.target);
    const now = this.now();
    const out: LiveStatusEvent[] = [];
    const gatewayStates = facts.gateways.map((g) => ({
      id: g.id,
      status: gatewayStatus(g.facts, now),
      rest: null,
    }));
    const deviceStates = facts.devices.map((d) => ({
      id: d.id,
      status: deviceStatus(d.facts, now),
      rest: deviceRest(d.facts, now),
    }));
    if (sub.target.kind === 'station')
      out.push({
        kind: 'STATION',
        id: sub.target.id,
        status: stationStatus(
          gatewayStates.map((g) => g.status),
          deviceStates.map((d) => d.status),
        ),
        rest: null,
      });
    for (const g of gatewayStates) out.push({ kind: 'GATEWAY', ...g });
    for (const d of deviceStates) out.push({ kind: 'DEVICE', ...d });
    for (const event of out) {
      const key = `${event.kind}:${event.id}`;
      // A rest that changes under the same OTHER (asleep → starting at dawn) is news as well.
      const said = `${event.status}:${event.rest ?? ''}`;
      if (sub.statuses.get(key) === said) continue;
      sub.statuses.set(key, said);
      sub.send({ type: 'status', data: event });
    }
  }
}

function uniqueTargets(subs: readonly Subscription[]): LiveTarget[] {
  const seen = new Map<string, LiveTarget>();
  for (const s of subs) seen.set(`${s.target.kind}:${s.target.id}`, s.target);
  return [...seen.values()];
}
