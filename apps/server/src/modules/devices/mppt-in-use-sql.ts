// "Strings in use", the one SQL form: an MPPT input counts as having a string connected when any reading
// since `since` (the device page: MPPT_IN_USE_DAYS back) shows a voltage or current above zero on it. The
// device page lists these inputs (mpptInUse; the web's compareStrings adds an input live now), and the alarm
// engine's STRING_LOW compares only their currents, so an input with nothing connected that reports 0 A is
// never a "low string".
import { sql, type SQL } from 'drizzle-orm';

/**
 * `select channel` — the input numbers 1…`channels` of device `deviceId` in use since `since`. The
 * arguments are SQL expressions (parameters or outer columns); the readings are aliased `h`.
 */
export function mpptInUseChannels(deviceId: SQL, channels: SQL, since: SQL): SQL {
  return sql`select distinct c.n::int as channel
    from telemetry h cross join lateral generate_series(1, ${channels}) as c(n)
    where h.device_id = ${deviceId} and h.ts >= ${since}
      and (coalesce(h.mppt_v[c.n], 0) > 0 or coalesce(h.mppt_i[c.n], 0) > 0)`;
}
