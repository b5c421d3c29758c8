// Reads of device data within the caller's scope: which device or station an id names, latest values,
// raw history and rollups. Foreign ids are simply not found.
import type { DeviceRollupRow, RollupPeriod, StationRollupRow, TelemetryColumn } from '@sunfleet/contracts';
import { eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { devices, gateways, stations } from '../../db/schema.js';
import type { Scope } from '../tenancy/scope.js';
import { deviceInScope, idInScope, stationInScope } from '../tenancy/device-scope.js';

export interface DeviceRef {
  id: number;
  gatewayId: number;
  stationId: number | null;
  timeZone: string;
}

export interface StationRef {
  id: number;
  timeZone: string;
  currency: string;
}

type RollupRow = Record<string, number | string | null>;

/** "+05:30" from an offset in minutes. */
function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(Math.round(minutes));
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

const num = (v: unknown): number => Number(v ?? 0);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

function toDeviceRow(r: RollupRow): DeviceRollupRow {
  return {
    bucket:
      r.offset_min === null || r.offset_min === undefined
        ? String(r.label)
        : `${String(r.label)}${offsetText(Number(r.offset_min))}`,
    start: num(r.start_ms),
    energyKwh: num(r.energy_kwh),
    peakPowerW: numOrNull(r.peak_power_w),
    chargeKwh: num(r.charge_kwh),
    dischargeKwh: num(r.discharge_kwh),
    importKwh: num(r.import_kwh),
    exportKwh: num(r.export_kwh),
    samples: num(r.samples),
  };
}

export class TelemetryRepository {
  constructor(private readonly db: Db) {}

  /** The device if the caller may reach it, with its station's time zone (UTC when unbound). */
  async device(scope: Scope, id: number): Promise<DeviceRef | null> {
    const rows = await this.db
      .select({
        id: devices.id,
        gatewayId: devices.gatewayId,
        stationId: gateways.stationId,
        timeZone: stations.timeZone,
      })
      .from(devices)
      .innerJoin(gateways, eq(gateways.id, devices.gatewayId))
      .leftJoin(stations, eq(stations.id, gateways.stationId))
      .where(idInScope(devices.id, id, deviceInScope(scope)));
    const row = rows[0];
    return row ? { ...row, timeZone: row.timeZone ?? 'UTC' } : null;
  }

  async station(scope: Scope, id: number): Promise<StationRef | null> {
    const rows = await this.db
      .select({ id: stations.id, timeZone: stations.timeZone, currency: stations.currency })
      .from(stations)
      .where(idInScope(stations.id, id, stationInScope(scope)));
    return rows[0] ?? null;
  }

  async latest(
    deviceId: number,
  ): Promise<{ ts: number; values: Record<string, number | string | null> } | null> {
    const rows = await queryRows<{ ms: number; values: Record<string, number | string | null> }>(
      this.db,
      sql`select (extract(epoch from ts) * 1000)::float8 as ms, "values" from device_latest where device_id = ${deviceId}`,
    );
    const row = rows[0];
    return row ? { ts: row.ms, values: row.values } : null;
  }

  /** Stored readings in [from, to], oldest first, at most `limit` rows. */
  async history(
    deviceId: number,
    from: number,
    to: number,
    columns: readonly TelemetryColumn[],
    limit: number,
  ): Promise<{ ts: number; values: Record<string, number | null> }[]> {
    // Column names come from the TelemetryColumns allow-list (the schema pattern), never free text.
    const list = sql.raw(columns.map((c) => `"${c}"::float8 as "${c}"`).join(', '));
    const rows = await queryRows<Record<string, number | null>>(
      this.db,
      sql`select (extract(epoch from ts) * 1000)::float8 as ms__, ${list} from telemetry
          where device_id = ${deviceId} and ts >= ${new Date(from).toISOString()}::timestamptz
            and ts <= ${new Date(to).toISOString()}::timestamptz
          order by ts limit ${limit}`,
    );
    return rows.map((r) => ({
      ts: Number(r.ms__),
      values: Object.fromEntries(columns.map((c) => [c, numOrNull(r[c])])),
    }));
  }

  async deviceRollup(
    device: DeviceRef,
    period: RollupPeriod,
    from: string,
    to: string,
  ): Promise<DeviceRollupRow[]> {
    const rows = await queryRows<RollupRow>(
      this.db,
      this.rollupQuery('device', device.id, device.timeZone, period, from, to, sql``),
    );
    return rows.map(toDeviceRow);
  }

  async stationRollup(
    station: StationRef,
    period: RollupPeriod,
    from: string,
    to: string,
  ): Promise<StationRollupRow[]> {
    const rows = await queryRows<RollupRow>(
      this.db,
      this.rollupQuery(
        'station',
        station.id,
        station.timeZone,
        period,
        from,
        to,
        sql`, yield_kwh_kwp, income, currency`,
      ),
    );
    return rows.map((r) => ({
      ...toDeviceRow(r),
      yieldKwhKwp: numOrNull(r.yield_kwh_kwp),
      income: num(r.income),
      currency: String(r.currency ?? station.currency),
    }));
  }

  /** Rows of one rollup table within local dates [from, to], labelled in the station's time zone. */
  private rollupQuery(
    owner: 'device' | 'station',
    id: number,
    timeZone: string,
    period: RollupPeriod,
    from: string,
    to: string,
    extra: SQL,
  ): SQL {
    const table = sql.raw(`rollup_${owner}_${period}`);
    const key = sql.raw(owner === 'device' ? 'device_id' : 'station_id');
    const measures = sql.raw(
      'energy_kwh, peak_power_w, charge_kwh, discharge_kwh, import_kwh, export_kwh, samples',
    );
    const d1 = sql`${from}::date`;
    const d2 = sql`${to}::date`;
    switch (period) {
      case 'hour': {
        const local = sql`(bucket at time zone ${timeZone})`;
        return sql`select to_char(${local}, 'YYYY-MM-DD"T"HH24:MI:SS') as label,
            (extract(epoch from (${local} - (bucket at time zone 'UTC'))) / 60)::float8 as offset_min,
            (extract(epoch from bucket) * 1000)::float8 as start_ms, ${measures}${extra}
          from ${table} where ${key} = ${id}
            and bucket >= (${d1}::timestamp at time zone ${timeZone}) - interval '1 day'
            and bucket < ((${d2} + 1)::timestamp at time zone ${timeZone}) + interval '1 day'
            and ${local}::date >= ${d1} and ${local}::date <= ${d2}
          order by bucket`;
      }
      case 'day':
        return sql`select day::text as label, null::float8 as offset_min,
            (extract(epoch from (day::timestamp at time zone ${timeZone})) * 1000)::float8 as start_ms,
            ${measures}${extra}
          from ${table} where ${key} = ${id} and day >= ${d1} and day <= ${d2} order by day`;
      case 'month':
        return sql`select to_char(month, 'YYYY-MM') as label, null::float8 as offset_min,
            (extract(epoch from (month::timestamp at time zone ${timeZone})) * 1000)::float8 as start_ms,
            ${measures}${extra}
          from ${table} where ${key} = ${id}
            and month >= date_trunc('month', ${d1})::date and month <= date_trunc('month', ${d2})::date
          order by month`;
    }
  }
}
