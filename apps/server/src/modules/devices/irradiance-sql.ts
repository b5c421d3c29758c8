// The irradiance now at a station: the newest readings of its weather stations taken in the last 15
// minutes, averaged (v, W/m²), with the time of the newest of them (at). One row, nulls when the station
// measures none. Shared by the alarm rules (OUTPUT_LOW, STRING_LOW judge only above a minimum) and the IV
// scans (SPEC §9: a scan means something above 600 W/m²).
import { sql, type SQL } from 'drizzle-orm';

/** A weather reading older than this says nothing about the sky now. */
export const IRRADIANCE_FRESH_MINUTES = 15;

/** `select v, at` for the station `stationId` (an SQL expression) at the instant `at`. */
export function stationIrradianceNow(stationId: SQL, at: SQL): SQL {
  return sql`select avg(wt.irradiance_wm2) as v, max(wl.ts) as at from devices wd
      join gateways wg on wg.id = wd.gateway_id
      join device_latest wl on wl.device_id = wd.id
      join telemetry wt on wt.device_id = wl.device_id and wt.ts = wl.ts
      where wd.device_type = 'WEATHER_STATION' and wg.station_id = ${stationId}
        and wl.ts >= ${at} - ${IRRADIANCE_FRESH_MINUTES}::int * interval '1 minute'`;
}
