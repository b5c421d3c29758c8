// Alarm and event records within the caller's reach (through the logger that reported them).
import type { AlarmItem, AlarmQuery } from '@sunfleet/contracts';
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { alarms, devices, gateways, stations } from '../../db/schema.js';
import { gatewayInScope } from '../tenancy/device-scope.js';
import type { Scope } from '../tenancy/scope.js';

const ms = (d: Date): number => d.getTime();

/** An alarm row before the fault-code catalogue's text is added (fault-codes/describe.ts). */
export type AlarmRecordItem = Omit<AlarmItem, 'known' | 'description' | 'cause' | 'handling'>;

export class AlarmsRepository {
  constructor(private readonly db: Db) {}

  async page(
    scope: Scope,
    query: AlarmQuery,
    window: { offset: number; limit: number },
  ): Promise<{ total: number; list: AlarmRecordItem[] }> {
    const where = and(
      gatewayInScope(scope),
      query.stationId === undefined ? undefined : eq(gateways.stationId, query.stationId),
      query.gatewayId === undefined ? undefined : eq(alarms.gatewayId, query.gatewayId),
      query.deviceId === undefined ? undefined : eq(alarms.deviceId, query.deviceId),
      query.level === undefined ? undefined : eq(alarms.level, query.level),
      query.kind === undefined ? undefined : eq(alarms.kind, query.kind),
      query.open === undefined ? undefined : query.open ? isNull(alarms.endedAt) : isNotNull(alarms.endedAt),
    );
    const [count] = await this.db
      .select({ n: sql`count(*)`.mapWith(Number) })
      .from(alarms)
      .innerJoin(gateways, eq(gateways.id, alarms.gatewayId))
      .where(where);
    const rows = await this.db
      .select({
        id: alarms.id,
        gatewayId: alarms.gatewayId,
        gatewaySn: gateways.sn,
        deviceId: alarms.deviceId,
        deviceSn: devices.sn,
        stationId: gateways.stationId,
        stationName: stations.name,
        timeZone: stations.timeZone,
        kind: alarms.kind,
        code: alarms.code,
        level: alarms.level,
        message: alarms.message,
        startedAt: alarms.startedAt,
        endedAt: alarms.endedAt,
      })
      .from(alarms)
      .innerJoin(gateways, eq(gateways.id, alarms.gatewayId))
      .leftJoin(devices, eq(devices.id, alarms.deviceId))
      .leftJoin(stations, eq(stations.id, gateways.stationId))
      .where(where)
      .orderBy(desc(alarms.startedAt), desc(alarms.id))
      .offset(window.offset)
      .limit(window.limit);
    return {
      total: count?.n ?? 0,
      list: rows.map((r) => ({
        ...r,
        // A logger in no station: its times in UTC, as the device pages show them.
        timeZone: r.timeZone ?? 'UTC',
        startedAt: ms(r.startedAt),
        endedAt: r.endedAt === null ? null : ms(r.endedAt),
        open: r.endedAt === null,
      })),
    };
  }
}
