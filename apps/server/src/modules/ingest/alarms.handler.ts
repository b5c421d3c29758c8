// alarm: records keyed by the logger's own record id. A repeat updates the open record (and closes it
// when it carries `end`, cleared by the DEVICE); a closed record is never touched again, so a late or
// repeated older message cannot reopen it. Every transition is written to alarm_events in the same
// statement (docs/alarms.md "Alarm engine and life cycle").
import type { AlarmMessage } from '@sunfleet/contracts';
import type { GatewayRef, IngestDirectory } from './directory.js';
import type { Verdict } from './reasons.js';
import type { SqlRunner } from './sql.js';
import { checkTimestamps } from './validator.js';
import { inMaintenanceText } from '../alarms/maintenance-sql.js';

type AlarmRecord = AlarmMessage['alarms'][number];

/**
 * One statement: upsert the records and write their life-cycle events (alarm_events, the notifications'
 * contract) from what the upsert returned — a new record RAISED (and CLEARED by the device when it came
 * already ended), an open record reported again REPEATED (its repeat count moves), an open record that
 * ends CLEARED. A record is new when the upsert inserted it (xmax = 0). $3 is the ingest's now.
 */
const UPSERT = `
WITH x AS (
  SELECT * FROM json_to_recordset($1::json) AS x(device_id int, record_id text, kind text, code int,
    level text, message text, started_at timestamptz, ended_at timestamptz)
), up AS (
  INSERT INTO alarms AS a (gateway_id, device_id, record_id, kind, code, level, message, started_at, ended_at,
    cleared_by, last_seen_at, in_maintenance)
  SELECT $2::int, x.device_id, x.record_id, x.kind, x.code, x.level, x.message, x.started_at, x.ended_at,
    CASE WHEN x.ended_at IS NOT NULL THEN 'DEVICE' END, $3::timestamptz,
    ${inMaintenanceText('x.started_at', 'g.station_id', 'x.device_id', 's.time_zone')}
  FROM x JOIN gateways g ON g.id = $2::int LEFT JOIN stations s ON s.id = g.station_id
  ORDER BY x.record_id
  ON CONFLICT (gateway_id, record_id) DO UPDATE SET
    device_id = excluded.device_id,
    kind = excluded.kind,
    code = excluded.code,
    level = excluded.level,
    message = COALESCE(excluded.message, a.message),
    started_at = excluded.started_at,
    ended_at = excluded.ended_at,
    cleared_by = excluded.cleared_by,
    repeat_count = a.repeat_count + (CASE WHEN excluded.ended_at IS NULL THEN 1 ELSE 0 END),
    last_seen_at = excluded.last_seen_at
  WHERE a.ended_at IS NULL
  RETURNING a.id, a.started_at, a.ended_at, a.in_maintenance, (a.xmax = 0) AS inserted
)
INSERT INTO alarm_events (alarm_id, kind, at, in_maintenance)
SELECT up.id, e.kind, e.at, up.in_maintenance
FROM up CROSS JOIN LATERAL (VALUES
  (CASE WHEN up.inserted THEN 'RAISED' WHEN up.ended_at IS NULL THEN 'REPEATED' END,
   CASE WHEN up.inserted THEN up.started_at ELSE $3::timestamptz END, 1),
  (CASE WHEN up.ended_at IS NOT NULL THEN 'CLEARED' END, up.ended_at, 2)
) AS e(kind, at, n)
WHERE e.kind IS NOT NULL
ORDER BY up.id, e.n`;

/** Of several records with one id in a message, the one that closes it, else the last. */
function latestPerId(alarms: readonly AlarmRecord[]): AlarmRecord[] {
  const byId = new Map<string, AlarmRecord>();
  for (const alarm of alarms) {
    const seen = byId.get(alarm.id);
    if (seen?.end != null && alarm.end == null) continue;
    byId.set(alarm.id, alarm);
  }
  return [...byId.values()];
}

export async function storeAlarms(
  sql: SqlRunner,
  directory: IngestDirectory,
  gateway: GatewayRef,
  message: AlarmMessage,
  nowMs: number,
): Promise<Verdict<null>> {
  const times = checkTimestamps(
    message.alarms.flatMap((a) => (a.end == null ? [a.start] : [a.start, a.end])),
    nowMs,
  );
  if (!times.ok) return times;
  const found = await directory.devices(gateway, new Set(message.alarms.map((a) => a.dev)));
  if (!found.ok) return found;
  const rows = latestPerId(message.alarms).map((a) => ({
    // The logger's own SN: an alarm of the logger itself (no device), unless it is registered as one.
    device_id: found.value.get(a.dev)?.id ?? null,
    record_id: a.id,
    kind: a.kind,
    code: a.code,
    level: a.level,
    message: a.message ?? null,
    started_at: new Date(a.start).toISOString(),
    ended_at: a.end == null ? null : new Date(a.end).toISOString(),
  }));
  await sql.query(UPSERT, [JSON.stringify(rows), gateway.id, new Date(nowMs).toISOString()]);
  return { ok: true, value: null };
}
