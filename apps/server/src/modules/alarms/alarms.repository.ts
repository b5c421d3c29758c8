// Alarms within the caller's reach (through the logger that reported them or the rule raised them on):
// the fleet-wide page, one alarm with its events, and the life-cycle actions. Every action first locks
// all the named alarms in reach; one id missing or foreign and the whole request changes nothing.
import type { AlarmEvent, AlarmItem, AlarmQuery, AlarmState } from '@sunfleet/contracts';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../../db/client.js';
import { alarmEvents, alarmReads, alarms, devices, gateways, stations, users } from '../../db/schema.js';
import { Errors } from '../../lib/errors.js';
import { gatewayInScope } from '../tenancy/device-scope.js';
import type { Scope } from '../tenancy/scope.js';

/** An alarm row before the fault-code catalogue's text is added (fault-codes/describe.ts). */
export type AlarmRecordItem = Omit<AlarmItem, 'known' | 'description' | 'cause' | 'handling'>;

const ms = (d: Date): number => d.getTime();
const msOrNull = (d: Date | null): number | null => (d === null ? null : d.getTime());

const ackUser = alias(users, 'ack_user');
const clearUser = alias(users, 'clear_user');

/** The state of alarm rows: CLEARED once ended, else ACKNOWLEDGED once acknowledged, else OPEN. */
function stateWhere(state: AlarmState): SQL | undefined {
  switch (state) {
    case 'OPEN':
      return and(isNull(alarms.endedAt), isNull(alarms.acknowledgedAt));
    case 'ACKNOWLEDGED':
      return and(isNull(alarms.endedAt), isNotNull(alarms.acknowledgedAt));
    case 'CLEARED':
      return isNotNull(alarms.endedAt);
  }
}

const LEVEL_RANK = sql`(case ${alarms.level} when 'URGENT' then 4 when 'IMPORTANT' then 3 when 'COMMONLY' then 2 else 1 end)`;

function sortOf(query: AlarmQuery): SQL[] {
  const dir = query.order === 'asc' ? asc : desc;
  switch (query.sort ?? 'startedAt') {
    case 'startedAt':
      return [dir(alarms.startedAt), dir(alarms.id)];
    case 'lastSeenAt':
      return [dir(alarms.lastSeenAt), dir(alarms.id)];
    case 'level':
      return [dir(LEVEL_RANK), desc(alarms.startedAt), desc(alarms.id)];
    case 'code':
      return [dir(alarms.code), desc(alarms.startedAt), desc(alarms.id)];
  }
}

/** Whether user `userId` has read the alarm. */
const readBy = (userId: number): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${alarmReads} where ${alarmReads.alarmId} = ${alarms.id} and ${alarmReads.userId} = ${userId})`;

export type AlarmAction = 'ack' | 'clear' | 'snooze';

export class AlarmsRepository {
  constructor(private readonly db: Db) {}

  private selection(userId: number) {
    return {
      id: alarms.id,
      gatewayId: alarms.gatewayId,
      gatewaySn: gateways.sn,
      deviceId: alarms.deviceId,
      deviceSn: devices.sn,
      deviceType: devices.deviceType,
      stationId: gateways.stationId,
      stationName: stations.name,
      timeZone: stations.timeZone,
      kind: alarms.kind,
      code: alarms.code,
      level: alarms.level,
      message: alarms.message,
      startedAt: alarms.startedAt,
      endedAt: alarms.endedAt,
      source: alarms.source,
      ruleId: alarms.ruleId,
      acknowledgedAt: alarms.acknowledgedAt,
      acknowledgedBy: ackUser.username,
      ackNote: alarms.ackNote,
      clearedBy: alarms.clearedBy,
      clearedByUser: clearUser.username,
      clearReason: alarms.clearReason,
      repeatCount: alarms.repeatCount,
      lastSeenAt: alarms.lastSeenAt,
      snoozedUntil: alarms.snoozedUntil,
      escalatedAt: alarms.escalatedAt,
      inMaintenance: alarms.inMaintenance,
      flapping: alarms.flapping,
      read: readBy(userId),
    };
  }

  private listQuery(scope: Scope, where: SQL | undefined) {
    return this.db
      .select(this.selection(scope.userId))
      .from(alarms)
      .innerJoin(gateways, eq(gateways.id, alarms.gatewayId))
      .leftJoin(devices, eq(devices.id, alarms.deviceId))
      .leftJoin(stations, eq(stations.id, gateways.stationId))
      .leftJoin(ackUser, eq(ackUser.id, alarms.acknowledgedBy))
      .leftJoin(clearUser, eq(clearUser.id, alarms.clearedByUser))
      .where(and(gatewayInScope(scope), where));
  }

  async page(
    scope: Scope,
    query: AlarmQuery,
    window: { offset: number; limit: number },
  ): Promise<{ total: number; list: AlarmRecordItem[] }> {
    const where = and(
      query.stationId === undefined ? undefined : eq(gateways.stationId, query.stationId),
      query.gatewayId === undefined ? undefined : eq(alarms.gatewayId, query.gatewayId),
      query.deviceId === undefined ? undefined : eq(alarms.deviceId, query.deviceId),
      query.level === undefined ? undefined : eq(alarms.level, query.level),
      query.kind === undefined ? undefined : eq(alarms.kind, query.kind),
      query.open === undefined ? undefined : query.open ? isNull(alarms.endedAt) : isNotNull(alarms.endedAt),
      query.state === undefined ? undefined : stateWhere(query.state),
      query.source === undefined ? undefined : eq(alarms.source, query.source),
      query.code === undefined ? undefined : eq(alarms.code, query.code),
      query.deviceType === undefined
        ? undefined
        : query.deviceType === 'GATEWAY'
          ? isNull(alarms.deviceId)
          : sql`exists (select 1 from ${devices} dt where dt.id = ${alarms.deviceId} and dt.device_type = ${query.deviceType})`,
      query.from === undefined ? undefined : gte(alarms.startedAt, new Date(query.from)),
      query.to === undefined ? undefined : lt(alarms.startedAt, new Date(query.to)),
    );
    const [count] = await this.db
      .select({ n: sql`count(*)`.mapWith(Number) })
      .from(alarms)
      .innerJoin(gateways, eq(gateways.id, alarms.gatewayId))
      .where(and(gatewayInScope(scope), where));
    const rows = await this.listQuery(scope, where)
      .orderBy(...sortOf(query))
      .offset(window.offset)
      .limit(window.limit);
    return { total: count?.n ?? 0, list: rows.map(toItem) };
  }

  /** One alarm in reach, or null (a foreign id answers like a missing one). */
  async detail(scope: Scope, id: number): Promise<(AlarmRecordItem & { events: AlarmEvent[] }) | null> {
    const [row] = await this.listQuery(scope, eq(alarms.id, id));
    if (row === undefined) return null;
    const events = await this.db
      .select({
        id: alarmEvents.id,
        kind: alarmEvents.kind,
        at: alarmEvents.at,
        inMaintenance: alarmEvents.inMaintenance,
      })
      .from(alarmEvents)
      .where(eq(alarmEvents.alarmId, id))
      .orderBy(asc(alarmEvents.id));
    return { ...toItem(row), events: events.map((e) => ({ ...e, at: ms(e.at) })) };
  }

  /** Locks every named alarm in reach; throws 4004 when any is missing or foreign. */
  private async lockAll(tx: Db, scope: Scope, ids: readonly number[]): Promise<void> {
    const found = await tx
      .select({ id: alarms.id })
      .from(alarms)
      .innerJoin(gateways, eq(gateways.id, alarms.gatewayId))
      .where(and(inArray(alarms.id, [...ids]), gatewayInScope(scope)))
      .for('update', { of: alarms });
    if (found.length !== new Set(ids).size) throw Errors.notFound();
  }

  /**
   * Acknowledges, clears (by USER) or snoozes the open alarms among `ids`, writing the transition's event
   * (ACKNOWLEDGED, CLEARED; a snooze has none) in the same transaction. Returns how many changed.
   */
  async act(
    scope: Scope,
    ids: readonly number[],
    now: Date,
    action:
      | { kind: 'ack'; note: string | null }
      | { kind: 'clear'; reason: string }
      | { kind: 'snooze'; until: Date },
    /** Checks that depend on nothing but the request, made once the ids are known to be in reach. */
    verify: () => void = () => undefined,
  ): Promise<number> {
    return this.db.transaction(async (tx) => {
      await this.lockAll(tx, scope, ids);
      verify();
      const idList = sql.join(
        ids.map((id) => sql`${id}::bigint`),
        sql`, `,
      );
      const at = now.toISOString();
      const change =
        action.kind === 'ack'
          ? sql`acknowledged_at = ${at}::timestamptz, acknowledged_by = ${scope.userId}::int, ack_note = ${action.note}
              where id in (${idList}) and ended_at is null and acknowledged_at is null`
          : action.kind === 'clear'
            ? sql`ended_at = ${at}::timestamptz, cleared_by = 'USER', cleared_by_user = ${scope.userId}::int,
                clear_reason = ${action.reason}, snoozed_until = null
              where id in (${idList}) and ended_at is null`
            : sql`snoozed_until = ${action.until.toISOString()}::timestamptz where id in (${idList}) and ended_at is null`;
      const event = action.kind === 'ack' ? 'ACKNOWLEDGED' : action.kind === 'clear' ? 'CLEARED' : null;
      const rows = await queryRows<{ n: number | string }>(
        tx,
        event === null
          ? sql`with up as (update alarms set ${change} returning id) select count(*) as n from up`
          : sql`with up as (update alarms set ${change} returning id, in_maintenance),
              ev as (insert into alarm_events (alarm_id, kind, at, in_maintenance)
                select id, ${event}, ${at}::timestamptz, in_maintenance from up order by id returning 1)
              select count(*) as n from ev`,
      );
      return Number(rows[0]?.n ?? 0);
    });
  }

  /** Marks the alarms read by the caller; returns how many were unread. */
  async markRead(scope: Scope, ids: readonly number[], now: Date): Promise<number> {
    return this.db.transaction(async (tx) => {
      await this.lockAll(tx, scope, ids);
      const inserted = await tx
        .insert(alarmReads)
        .values(ids.map((alarmId) => ({ alarmId, userId: scope.userId, readAt: now })))
        .onConflictDoNothing()
        .returning({ id: alarmReads.alarmId });
      return inserted.length;
    });
  }

  /** Open alarms in reach that the caller has not read. */
  async unreadCount(scope: Scope): Promise<number> {
    const [row] = await this.db
      .select({ n: sql`count(*)`.mapWith(Number) })
      .from(alarms)
      .innerJoin(gateways, eq(gateways.id, alarms.gatewayId))
      .where(and(isNull(alarms.endedAt), gatewayInScope(scope), sql`not ${readBy(scope.userId)}`));
    return row?.n ?? 0;
  }
}

interface Row {
  id: number;
  gatewayId: number;
  gatewaySn: string;
  deviceId: number | null;
  deviceSn: string | null;
  deviceType: AlarmItem['deviceType'] | null;
  stationId: number | null;
  stationName: string | null;
  timeZone: string | null;
  kind: AlarmItem['kind'];
  code: number;
  level: AlarmItem['level'];
  message: string | null;
  startedAt: Date;
  endedAt: Date | null;
  source: AlarmItem['source'];
  ruleId: number | null;
  acknowledgedAt: Date | null;
  acknowledgedBy: string | null;
  ackNote: string | null;
  clearedBy: AlarmItem['clearedBy'];
  clearedByUser: string | null;
  clearReason: string | null;
  repeatCount: number;
  lastSeenAt: Date;
  snoozedUntil: Date | null;
  escalatedAt: Date | null;
  inMaintenance: boolean;
  flapping: boolean;
  read: boolean;
}

function toItem(r: Row): AlarmRecordItem {
  return {
    ...r,
    deviceType: r.deviceId === null ? 'GATEWAY' : (r.deviceType ?? 'GATEWAY'),
    // A logger in no station: its times in UTC, as the device pages show them.
    timeZone: r.timeZone ?? 'UTC',
    startedAt: ms(r.startedAt),
    endedAt: msOrNull(r.endedAt),
    open: r.endedAt === null,
    state: r.endedAt !== null ? 'CLEARED' : r.acknowledgedAt !== null ? 'ACKNOWLEDGED' : 'OPEN',
    acknowledgedAt: msOrNull(r.acknowledgedAt),
    lastSeenAt: ms(r.lastSeenAt),
    snoozedUntil: msOrNull(r.snoozedUntil),
    escalatedAt: msOrNull(r.escalatedAt),
    read: r.read,
  };
}
