// The SQL form of inMaintenanceWindow() (packages/domain alarms/maintenance.ts): whether an alarm of a
// logger's station or of a device, raised at an instant, falls in one of its maintenance windows. Weekly
// windows are read in the station's time zone by the database's own zone rules (AT TIME ZONE), never by
// offset arithmetic; test/alarm-engine.test.ts checks the two forms agree, DST days included.

/**
 * SQL text of the condition; the arguments are SQL expressions: the instant (timestamptz), the logger's
 * station id, the device id (null for the logger itself) and the station's IANA zone.
 */
export function inMaintenanceText(at: string, stationId: string, deviceId: string, timeZone: string): string {
  const local = `((${at}) at time zone coalesce(${timeZone}, 'UTC'))`;
  return `exists (select 1 from maintenance_windows mw
    where (mw.station_id = ${stationId} or mw.device_id = ${deviceId})
      and (case when mw.weekday is null then (${at}) >= mw.starts_at and (${at}) < mw.ends_at
        else extract(isodow from ${local}) = mw.weekday
          and extract(hour from ${local}) * 60 + extract(minute from ${local}) >= mw.start_minute
          and extract(hour from ${local}) * 60 + extract(minute from ${local}) < mw.end_minute end))`;
}
