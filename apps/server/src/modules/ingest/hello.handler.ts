// hello: the logger says who it is and which devices are behind it. Its row is updated and each device is
// registered (or updated) by SN under it, with the model resolved through the registry. A device SN that
// belongs to another logger refuses the whole hello: moving devices is an operator's decision.
import type { DeviceType, HelloMessage } from '@sunfleet/contracts';
import type { DefinitionCache } from '../registry/definitions.cache.js';
import type { GatewayRef } from './directory.js';
import { refuse, type Verdict } from './reasons.js';
import type { SqlRunner } from './sql.js';

export type ModelResolver = Pick<DefinitionCache, 'resolveModel'>;

interface DeviceRow {
  sn: string;
  device_type: DeviceType;
  model_id: number | null;
  model: string;
  unit_id: number;
  firmware: string | null;
  rated_power: number | null;
  /** Controlled on site (hello `localControl`, absent = false): the cloud's changes are refused. */
  local_control: boolean;
}

/** Thrown inside the transaction to roll it back when a concurrent hello claimed one of the SNs. */
class ForeignClaim extends Error {}

const UPSERT_DEVICES = `
INSERT INTO devices AS d (gateway_id, sn, device_type, model_id, model, unit_id, firmware, rated_power,
  local_control)
SELECT $2::int, sn, device_type, model_id, model, unit_id, firmware, rated_power, local_control
FROM json_to_recordset($1::json) AS x(sn text, device_type text, model_id int, model text, unit_id int,
  firmware text, rated_power float8, local_control boolean)
ORDER BY sn
ON CONFLICT (sn) DO UPDATE SET
  device_type = excluded.device_type,
  model_id = excluded.model_id,
  model = excluded.model,
  unit_id = excluded.unit_id,
  firmware = COALESCE(excluded.firmware, d.firmware),
  rated_power = excluded.rated_power,
  local_control = excluded.local_control
WHERE d.gateway_id = excluded.gateway_id
RETURNING id`;

const UPDATE_GATEWAY = `
UPDATE gateways SET model = $2, firmware = $3, mac = $4, signal = $5, upload_interval_s = $6,
  last_hello_at = $7::timestamptz, last_seen_at = GREATEST(last_seen_at, $7::timestamptz)
WHERE id = $1`;

export async function storeHello(
  sql: SqlRunner,
  definitions: ModelResolver,
  gateway: GatewayRef,
  message: HelloMessage,
  nowMs: number,
): Promise<Verdict<null>> {
  // A repeated SN in one hello: the last entry wins (one upsert cannot touch a row twice).
  const announced = [...new Map(message.devices.map((d) => [d.sn, d])).values()];
  const rows: DeviceRow[] = [];
  for (const device of announced) {
    const type = device.type as DeviceType;
    const model = await definitions.resolveModel(type, device.model, device.sn);
    rows.push({
      sn: device.sn,
      device_type: type,
      model_id: model?.id ?? null,
      model: device.model,
      unit_id: device.unitId,
      firmware: device.firmware ?? null,
      rated_power: device.ratedPower ?? model?.ratedPower ?? null,
      local_control: device.localControl ?? false,
    });
  }
  const sns = JSON.stringify(announced.map((d) => d.sn));
  try {
    return await sql.transaction(async (tx) => {
      if (announced.length > 0) {
        const owners = await tx.query<{ sn: string }>(
          `SELECT sn FROM devices WHERE sn IN (SELECT json_array_elements_text($1::json)) AND gateway_id <> $2
           ORDER BY sn`,
          [sns, gateway.id],
        );
        if (owners.length > 0) return foreign(owners.map((o) => o.sn));
      }
      await tx.query(UPDATE_GATEWAY, [
        gateway.id,
        message.model,
        message.firmware,
        message.mac.toUpperCase(),
        message.signal,
        message.uploadInterval,
        new Date(nowMs).toISOString(),
      ]);
      if (rows.length > 0) {
        const stored = await tx.query(UPSERT_DEVICES, [JSON.stringify(rows), gateway.id]);
        // Fewer rows than announced: another logger registered one of the SNs since the check above.
        if (stored.length < rows.length) throw new ForeignClaim();
      }
      return { ok: true as const, value: null };
    });
  } catch (err) {
    if (err instanceof ForeignClaim) return foreign(announced.map((d) => d.sn));
    throw err;
  }
}

const foreign = (sns: readonly string[]): Verdict<null> =>
  refuse('foreign-device', `registered behind another logger: ${sns.slice(0, 5).join(', ')}`);
