// SQL of the live stream: whether the caller may watch a target, newest values of the target's devices
// (all, or those changed since a cursor), and the status facts of its loggers and devices.
import type { DeviceFacts, DeviceRest, GatewayFacts } from '@sunfleet/domain';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { openFaultCount, PRODUCING, REST } from '../facts/status-sql.js';
import { devices, gateways } from '../../db/schema.js';
import { loadStationForCaller } from '../stations/stations.repository.js';
import { deviceInScope, gatewayInScope, idInScope } from '../tenancy/device-scope.js';
import type { Scope } from '../tenancy/scope.js';

export type LiveTarget = { kind: 'station' | 'gateway' | 'device'; id: number };

export interface LatestRow {
  deviceId: number;
  gatewayId: number;
  stationId: number | null;
  ts: number;
  values: Record<string, number | string | null>;
}

export interface TargetFacts {
  gateways: { id: number; facts: GatewayFacts }[];
  devices: { id: number; facts: DeviceFacts }[];
}

/** Rows of devices/gateways (aliases d, g) belonging to the targets. */
function targetCondition(targets: readonly LiveTarget[]): SQL {
  const ids = (kind: LiveTarget['kind']): number[] => targets.filter((t) => t.kind === kind).map((t) => t.id);
  const list = (values: number[]): SQL =>
    sql.join(
      values.map((v) => sql`${v}::int`),
      sql`, `,
    );
  const parts: SQL[] = [];
  const stations = ids('station');
  const gatewayIds = ids('gateway');
  const deviceIds = ids('device');
  if (stations.length > 0) parts.push(sql`g.station_id in (${list(stations)})`);
  if (gatewayIds.length > 0) parts.push(sql`g.id in (${list(gatewayIds)})`);
  if (deviceIds.length > 0) parts.push(sql`d.id in (${list(deviceIds)})`);
  return parts.length === 0 ? sql`false` : sql`(${sql.join(parts, sql` or `)})`;
}

export class LiveRepository {
  constructor(private readonly db: Db) {}

  /** True when the caller may reach the target (a foreign id answers like a missing one). */
  async reachable(scope: Scope, target: LiveTarget): Promise<boolean> {
    switch (target.kind) {
      case 'station':
        return (await loadStationForCaller(this.db, scope, target.id)) !== null;
      case 'gateway': {
        const rows = await this.db
          .select({ id: gateways.id })
          .from(gateways)
          .where(idInScope(gateways.id, target.id, gatewayInScope(scope)));
        return rows.length > 0;
      }
      case 'device': {
        const rows = await this.db
          .select({ id: devices.id })
          .from(devices)
          .where(idInScope(devices.id, target.id, deviceInScope(scope)));
        return rows.length > 0;
      }
    }
  }

  /** True while the session is neither revoked nor expired and its user not disabled. */
  async sessionLive(sessionId: number, nowMs: number): Promise<boolean> {
    const rows = await queryRows<{ ok: number }>(
      this.db,
      sql`select 1 as ok from sessions s join users u on u.id = s.user_id
          where s.id = ${sessionId} and s.revoked_at is null and not u.disabled
            and s.expires_at > ${new Date(nowMs).toISOString()}::timestamptz`,
    );
    return rows.length > 0;
  }

  /** The database clock, as the first cursor (device_latest.updated_at is written with it). */
  async dbNow(): Promise<string> {
    const rows = await queryRows<{ now: string }>(
      this.db,
      sql`select to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as now`,
    );
    return rows[0]?.now ?? new Date().toISOString();
  }

  /**
   * Newest values of the targets' devices; with `since`, only rows updated after it. `cursor` is the
   * newest `updated_at` among the answered rows (null when none).
   */
  async latest(
    targets: readonly LiveTarget[],
    since: string | null,
  ): Promise<{ rows: LatestRow[]; cursor: string | null }> {
    const after = since === null ? sql`true` : sql`l.updated_at > ${since}::timestamptz`;
    const rows = await queryRows<{
      device_id: number;
      gateway_id: number;
      station_id: number | null;
      ms: number;
      values: Record<string, number | string | null>;
      updated: string;
    }>(
      this.db,
      sql`select l.device_id, d.gateway_id, g.station_id, (extract(epoch from l.ts) * 1000)::float8 as ms, l."values",
            to_char(l.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as updated
          from device_latest l join devices d on d.id = l.device_id join gateways g on g.id = d.gateway_id
          where ${after} and ${targetCondition(targets)}`,
    );
    let cursor: string | null = null;
    for (const r of rows) if (cursor === null || r.updated > cursor) cursor = r.updated;
    return {
      rows: rows.map((r) => ({
        deviceId: r.device_id,
        gatewayId: r.gateway_id,
        stationId: r.station_id,
        ts: r.ms,
        values: r.values,
      })),
      cursor,
    };
  }

  /** Status facts of the loggers and devices of one target. */
  async facts(target: LiveTarget): Promise<TargetFacts> {
    const where = targetCondition([target]);
    const gatewayWhere =
      target.kind === 'device'
        ? sql`false`
        : target.kind === 'station'
          ? sql`g.station_id = ${target.id}`
          : sql`g.id = ${target.id}`;
    const [gatewayRows, deviceRows] = await Promise.all([
      queryRows<{ id: number; last_seen_ms: number | null; upload_interval_s: number; open_faults: number }>(
        this.db,
        sql`select g.id, (extract(epoch from g.last_seen_at) * 1000)::float8 as last_seen_ms, g.upload_interval_s,
              ${openFaultCount('gateway', sql.raw('g.id'))} as open_faults
            from gateways g where ${gatewayWhere}`,
      ),
      queryRows<{
        id: number;
        last_seen_ms: number | null;
        upload_interval_s: number;
        open_faults: number;
        producing: boolean;
        rest: DeviceRest | null;
      }>(
        this.db,
        sql`select d.id, (extract(epoch from d.last_seen_at) * 1000)::float8 as last_seen_ms, g.upload_interval_s,
              ${openFaultCount('device', sql.raw('d.id'))} as open_faults, ${PRODUCING} as producing,
              ${REST} as rest
            from devices d join gateways g on g.id = d.gateway_id
              left join device_latest dl on dl.device_id = d.id where ${where}`,
      ),
    ]);
    const base = (r: { last_seen_ms: number | null; upload_interval_s: number; open_faults: number }) => ({
      lastSeenMs: r.last_seen_ms,
      uploadIntervalS: r.upload_interval_s,
      openFaults: r.open_faults,
    });
    return {
      gateways: gatewayRows.map((r) => ({ id: r.id, facts: base(r) })),
      devices: deviceRows.map((r) => ({
        id: r.id,
        facts: { ...base(r), producing: r.producing, rest: r.rest },
      })),
    };
  }
}
