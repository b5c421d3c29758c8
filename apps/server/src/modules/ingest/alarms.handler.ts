// alarm: records keyed by the logger's own record id. A repeat updates the open record (and closes it
// when it carries `end`); a closed record is never touched again, so a late or repeated older message
// cannot reopen it.
import type { AlarmMessage } from '@sunfleet/contracts';
import type { GatewayRef, IngestDirectory } from './directory.js';
import type { Verdict } from './reasons.js';
import type { SqlRunner } from './sql.js';
import { checkTimestamps } from './validator.js';

type AlarmRecord = AlarmMessage['alarms'][number];

const UPSERT = `
INSERT INTO alarms AS a (gateway_id, device_id, record_id, kind, code, level, message, started_at, ended_at)
SELECT $2::int, device_id, record_id, kind, code, level, message, started_at, ended_at
FROM json_to_recordset($1::json) AS x(device_id int, record_id text, kind text, code int, level text,
  message text, started_at timestamptz, ended_at timestamptz)
ORDER BY record_id
ON CONFLICT (gateway_id, record_id) DO UPDATE SET
  device_id = excluded.device_id,
  kind = excluded.kind,
  code = excluded.code,
  level = excluded.level,
  message = COALESCE(excluded.message, a.message),
  started_at = excluded.started_at,
  ended_at = excluded.ended_at
WHERE a.ended_at IS NULL`;

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
  await sql.query(UPSERT, [JSON.stringify(rows), gateway.id]);
  return { ok: true, value: null };
}
