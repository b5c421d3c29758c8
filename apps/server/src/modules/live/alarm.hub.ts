// The alarm stream's shared poller (docs/charts.md "Live updates", docs/alarms.md "Live updates"): one
// per API process, for every open GET /live/alarms stream. It reads `alarm_events` past a cursor on the
// events' id and hands each event to the streams whose user may reach the alarm, with that user's new
// unread count.
//
// Cheap: the alarm triggers (migration 0012) notify 'a' through the change feed on every statement that
// writes alarms — and every event is written together with its alarm — so a poll reads the database only
// after such a notification (or while the feed is down, or while an id gap is pending): an idle console
// costs no query.
// Correct: ids are taken when a row is inserted, not when it commits, so on PostgreSQL id 11 may be
// visible before id 10. Ids skipped over by a poll are kept as gaps and looked for again (primary-key
// lookups) on each poll for GAP_POLLS polls; a transaction that commits later than that, or one rolled
// back, is given up on. The events of one statement get ascending ids and commit together.
import { LiveLimits, type LiveAlarmEvent, type LiveAlarmStreamEvent } from '@sunfleet/contracts';
import { and, inArray, sql, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ChangeFeed } from '../../db/change-feed.js';
import { queryRows, type Db } from '../../db/client.js';
import { alarms, gateways } from '../../db/schema.js';
import type { UnreadAlarmCounts } from '../alarms/unread-counts.js';
import { gatewayInScope } from '../tenancy/device-scope.js';
import { endsReach } from './reach-changes.js';
import type { Scope } from '../tenancy/scope.js';

/** A skipped id is looked for this many polls (≈ seconds) before it counts as rolled back. */
const GAP_POLLS = 30;
/** Gaps kept at most (oldest dropped first). */
const GAPS_MAX = 10_000;
/** Events read per poll at most; the rest follow on the next poll. */
const BATCH = 1_000;

export interface AlarmWatcher {
  scope: Scope;
  roleId: number;
  send: (event: LiveAlarmStreamEvent) => void;
  /** Ends the stream (the client reconnects and is checked again). */
  close: () => void;
}

type EventRow = {
  id: number;
  kind: LiveAlarmEvent['kind'];
  alarm_id: number;
  station_id: number | null;
  level: string;
  state: LiveAlarmEvent['state'];
};

export class AlarmHub {
  private readonly watchers = new Map<number, AlarmWatcher>();
  /** The unread count last sent to each watcher. */
  private readonly counts = new WeakMap<AlarmWatcher, number>();
  private nextId = 1;
  private timer: NodeJS.Timeout | null = null;
  private cursor: number | null = null;
  /** Ids skipped by a poll, with the polls left to look for them. */
  private readonly gaps = new Map<number, number>();
  private dirty = true;
  private running: Promise<void> | null = null;
  private readonly unsubscribeFeed: () => void;

  constructor(
    private readonly db: Db,
    private readonly feed: ChangeFeed,
    private readonly unread: UnreadAlarmCounts,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs: number = LiveLimits.alarmPollIntervalMs,
  ) {
    this.unsubscribeFeed = feed.subscribe((change) => {
      if (change.kind === 'alarm' || change.kind === 'reset') this.dirty = true;
      // What the user may reach was decided when the stream opened (reach-changes.ts).
      for (const w of [...this.watchers.values()]) if (endsReach(change, w)) w.close();
    });
  }

  get size(): number {
    return this.watchers.size;
  }

  /** Starts watching: first the caller's unread count, then every alarm event in reach. */
  async subscribe(watcher: AlarmWatcher): Promise<() => void> {
    const id = this.nextId++;
    if (this.cursor === null) this.cursor = await this.maxId();
    this.watchers.set(id, watcher);
    const unreadAlarmCount = await this.unread.count(watcher.scope, watcher.roleId);
    this.counts.set(watcher, unreadAlarmCount);
    watcher.send({ type: 'unread', data: { unreadAlarmCount } });
    this.timer ??= setInterval(() => void this.tick(), this.intervalMs);
    return () => {
      this.watchers.delete(id);
      if (this.watchers.size === 0) this.stop();
    };
  }

  /** One poll now (tests and the timer); concurrent calls share the running poll. */
  tick(): Promise<void> {
    this.running ??= this.poll()
      .catch((error: unknown) => {
        this.dirty = true;
        this.log.warn({ err: error }, 'live alarm poll failed');
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  close(): void {
    this.stop();
    this.watchers.clear();
    this.unsubscribeFeed();
  }

  private stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    this.cursor = null;
    this.gaps.clear();
  }

  private async maxId(): Promise<number> {
    const rows = await queryRows<{ id: number | string | null }>(
      this.db,
      sql`select max(id) as id from alarm_events`,
    );
    return Number(rows[0]?.id ?? 0);
  }

  private async poll(): Promise<void> {
    if (this.watchers.size === 0 || this.cursor === null) return;
    if (!this.dirty && this.gaps.size === 0 && this.feed.live) return;
    const told = this.dirty;
    this.dirty = false;
    const cursor = this.cursor;
    const gapIds = [...this.gaps.keys()];
    const gapList = sql.join(
      gapIds.map((g) => sql`${g}::bigint`),
      sql`, `,
    );
    const rows = await queryRows<EventRow>(
      this.db,
      sql`select e.id::float8 as id, e.kind, e.alarm_id::float8 as alarm_id, g.station_id, a.level,
            case when a.ended_at is not null then 'CLEARED' when a.acknowledged_at is not null then 'ACKNOWLEDGED'
              else 'OPEN' end as state
          from alarm_events e join alarms a on a.id = e.alarm_id join gateways g on g.id = a.gateway_id
          where e.id > ${cursor}::bigint ${gapIds.length > 0 ? sql`or e.id in (${gapList})` : sql``}
          order by e.id limit ${BATCH}`,
    );
    this.advance(cursor, rows);
    if (rows.length === BATCH) this.dirty = true;
    if (rows.length > 0) await this.fanOut(rows);
    // Told of a change that wrote no event — read marks, a logger moved — the counts may have moved.
    else if (told) await this.recount();
  }

  /** Moves the cursor past the rows read, records the ids skipped as gaps and ages the older gaps. */
  private advance(cursor: number, rows: readonly EventRow[]): void {
    for (const [id, left] of this.gaps) {
      if (left <= 1) this.gaps.delete(id);
      else this.gaps.set(id, left - 1);
    }
    let top = cursor;
    const seen = new Set<number>();
    for (const r of rows) {
      this.gaps.delete(r.id);
      seen.add(r.id);
      if (r.id > top) top = r.id;
    }
    for (let id = Math.max(cursor + 1, top - GAPS_MAX); id < top; id++)
      if (!seen.has(id)) this.gaps.set(id, GAP_POLLS);
    while (this.gaps.size > GAPS_MAX) {
      const oldest = this.gaps.keys().next().value;
      if (oldest === undefined) break;
      this.gaps.delete(oldest);
    }
    this.cursor = top;
  }

  /** Sends each event to the watchers whose user reaches its alarm, with their unread count. */
  private async fanOut(rows: readonly EventRow[]): Promise<void> {
    const alarmIds = [...new Set(rows.map((r) => r.alarm_id))];
    const groups = new Map<string, AlarmWatcher[]>();
    for (const w of this.watchers.values()) {
      const key = `${w.scope.userId}:${w.roleId}`;
      groups.set(key, [...(groups.get(key) ?? []), w]);
    }
    for (const group of groups.values()) {
      const [first] = group;
      if (first === undefined) continue;
      const reach = await this.reachable(first.scope, alarmIds);
      const mine = rows.filter((r) => reach.has(r.alarm_id));
      if (mine.length === 0) continue;
      const unreadAlarmCount = await this.unread.count(first.scope, first.roleId);
      for (const w of group) this.counts.set(w, unreadAlarmCount);
      for (const r of mine)
        for (const w of group)
          w.send({
            type: 'alarm',
            data: {
              id: r.id,
              kind: r.kind,
              alarmId: r.alarm_id,
              stationId: r.station_id,
              level: r.level,
              state: r.state,
              unreadAlarmCount,
            },
          });
    }
  }

  /** Sends `unread` to the watchers whose count differs from the one they were last sent. */
  private async recount(): Promise<void> {
    const byUser = new Map<string, number>();
    for (const w of [...this.watchers.values()]) {
      const key = `${w.scope.userId}:${w.roleId}`;
      let n = byUser.get(key);
      if (n === undefined) {
        n = await this.unread.count(w.scope, w.roleId);
        byUser.set(key, n);
      }
      if (this.counts.get(w) === n) continue;
      this.counts.set(w, n);
      w.send({ type: 'unread', data: { unreadAlarmCount: n } });
    }
  }

  private async reachable(scope: Scope, alarmIds: readonly number[]): Promise<Set<number>> {
    const rows = await this.db
      .select({ id: alarms.id })
      .from(alarms)
      .innerJoin(gateways, eq(gateways.id, alarms.gatewayId))
      .where(and(inArray(alarms.id, [...alarmIds]), gatewayInScope(scope)));
    return new Set(rows.map((r) => r.id));
  }
}
