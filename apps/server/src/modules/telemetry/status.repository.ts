// The facts the status rules of packages/domain need (SPEC §4): when a logger or device was last seen,
// its logger's upload interval, its open faults, whether it is producing (as the ingest stored it) and
// its rest,
// read through the SQL forms of facts/status-sql.ts.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { openFaultCount, PRODUCING, REST } from '../facts/status-sql.js';
import type { DeviceFacts, DeviceRest, GatewayFacts } from '@sunfleet/domain';

interface FactRow extends Record<string, unknown> {
  last_seen_ms: number | null;
  upload_interval_s: number;
  open_faults: number;
}

export class StatusRepository {
  constructor(private readonly db: Db) {}

  async deviceFacts(deviceId: number): Promise<DeviceFacts | null> {
    const rows = await queryRows<FactRow & { producing: boolean; rest: DeviceRest | null }>(
      this.db,
      sql`select (extract(epoch from d.last_seen_at) * 1000)::float8 as last_seen_ms, g.upload_interval_s,
            ${openFaultCount('device', sql.raw('d.id'))} as open_faults, ${PRODUCING} as producing,
            ${REST} as rest
          from devices d join gateways g on g.id = d.gateway_id
            left join device_latest dl on dl.device_id = d.id where d.id = ${deviceId}`,
    );
    const row = rows[0];
    return row ? { ...facts(row), producing: row.producing, rest: row.rest } : null;
  }

  /** Facts of every logger bound to the station. */
  async stationGateways(stationId: number): Promise<GatewayFacts[]> {
    const rows = await queryRows<FactRow>(
      this.db,
      sql`select (extract(epoch from g.last_seen_at) * 1000)::float8 as last_seen_ms, g.upload_interval_s,
            ${openFaultCount('gateway', sql.raw('g.id'))} as open_faults
          from gateways g where g.station_id = ${stationId}`,
    );
    return rows.map(facts);
  }

  /** Facts of every device behind the station's loggers. */
  async stationDevices(stationId: number): Promise<DeviceFacts[]> {
    const rows = await queryRows<FactRow & { producing: boolean; rest: DeviceRest | null }>(
      this.db,
      sql`select (extract(epoch from d.last_seen_at) * 1000)::float8 as last_seen_ms, g.upload_interval_s,
            ${openFaultCount('device', sql.raw('d.id'))} as open_faults, ${PRODUCING} as producing,
            ${REST} as rest
          from devices d join gateways g on g.id = d.gateway_id
            left join device_latest dl on dl.device_id = d.id where g.station_id = ${stationId}`,
    );
    return rows.map((r) => ({ ...facts(r), producing: r.producing, rest: r.rest }));
  }
}

function facts(row: FactRow): GatewayFacts {
  return {
    lastSeenMs: row.last_seen_ms,
    uploadIntervalS: row.upload_interval_s,
    openFaults: row.open_faults,
  };
}
