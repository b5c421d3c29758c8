// A station's calendar in SQL: its local day at an instant, for a query over stations aliased `s`
// (s.time_zone, IANA). Shared by the station answers (today's energy), the IV auto scans (once a day), the
// big screen and the statistics (irradiation per local day).
import { sql, type SQL } from 'drizzle-orm';

/** The station `s`'s local calendar day at `now` (a date). */
export const stationLocalDay = (now: Date): SQL =>
  sql`((${now.toISOString()}::timestamptz at time zone s.time_zone)::date)`;

/** The station `s`'s local calendar day of the timestamp expression `at`. */
export const stationLocalDayOf = (at: SQL): SQL => sql`((${at} at time zone s.time_zone)::date)`;
