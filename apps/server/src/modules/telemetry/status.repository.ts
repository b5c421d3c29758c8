// The facts the status rules of packages/domain need (SPEC §4): when a logger or device was last seen,
// its logger's upload interval, its open faults, and whether an inverter is producing.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import type { DeviceFacts, GatewayFacts } from '@sunfleet/domain';

/**
 * Open faults: ALARM records of level URGENT or IMPORTANT not ended yet. EVENT records are informative
 * and often never "end", so they never make a device faulty.
 */
const OPEN_FAULT = sql.raw(`a.kind = 'ALARM' and a.ended_at is null and a.level in ('URGENT', 'IMPORTANT')`);

/**
 * A device is "producing" unless it is an inverter whose newest reading shows no output (night,
 * standby): such an inverter counts as OTHER, not RUNNING. Meters, batteries and weather stations that
 * report count as running.
 */
const PRODUCING = sql.raw(`(d.device_type <> 'INVERTER' or coalesce((
    select t.power_w from telemetry t where t.device_id = d.id order by t.ts desc limit 1), 0) > 0)`);

interface FactRow extends Record<string, unknown> {
  last_seen_ms: number | null;
  upload_interval_s: number;
  open_faults: number;
}

export class StatusRepository {
  constructor(private readonly db: Db) {}

  async deviceFacts(deviceId: number): Promise<DeviceFacts | null> {
    const rows = await queryRows<FactRow & { producing: boolean }>(
      this.db,
      sql`select (extract(epoch from d.last_seen_at) * 1000)::float8 as last_seen_ms, g.upload_interval_s,
            (select count(*)::int from alarms a where a.device_id = d.id and ${OPEN_FAULT}) as open_faults,
            ${PRODUCING} as producing
          from devices d join gateways g on g.id = d.gateway_id where d.id = ${deviceId}`,
    );
    const row = rows[0];
    return row ? { ...facts(row), producing: row.producing } : null;
  }

  /** Facts of every logger bound to the station. */
  async stationGateways(stationId: number): Promise<GatewayFacts[]> {
    const rows = await queryRows<FactRow>(
      this.db,
      sql`select (extract(epoch from g.last_seen_at) * 1000)::float8 as last_seen_ms, g.upload_interval_s,
            (select count(*)::int from alarms a where a.gateway_id = g.id and a.device_id is null and ${OPEN_FAULT})
              as open_faults
          from gateways g where g.station_id = ${stationId}`,
    );
    return rows.map(facts);
  }

  /** Facts of every device behind the station's loggers. */
  async stationDevices(stationId: number): Promise<DeviceFacts[]> {
    const rows = await queryRows<FactRow & { producing: boolean }>(
      this.db,
      sql`select (extract(epoch from d.last_seen_at) * 1000)::float8 as last_seen_ms, g.upload_interval_s,
            (select count(*)::int from alarms a where a.device_id = d.id and ${OPEN_FAULT}) as open_faults,
            ${PRODUCING} as producing
          from devices d join gateways g on g.id = d.gateway_id where g.station_id = ${stationId}`,
    );
    return rows.map((r) => ({ ...facts(r), producing: r.producing }));
  }
}

function facts(row: FactRow): GatewayFacts {
  return {
    lastSeenMs: row.last_seen_ms,
    uploadIntervalS: row.upload_interval_s,
    openFaults: row.open_faults,
  };
}
