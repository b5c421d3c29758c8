// SQL forms of the status rules of packages/domain (status.ts), for lists that filter, page and count
// by status in the database. They follow the domain functions term by term (isFresh, gatewayStatus,
// deviceStatus, stationStatus) with the facts of telemetry/status.repository.ts (open URGENT/IMPORTANT
// ALARM records); test/stations-status.test.ts checks them against GET /station/:id/status.
import { OFFLINE_AFTER_INTERVALS, OFFLINE_GRACE_MS } from '@sunfleet/domain';
import { sql, type SQL } from 'drizzle-orm';

const GRACE_SECONDS = OFFLINE_GRACE_MS / 1000;

/** isFresh(): seen within OFFLINE_AFTER_INTERVALS upload intervals plus the grace before `now`. */
export function freshSql(lastSeen: SQL, uploadIntervalS: SQL, now: SQL): SQL {
  return sql`(${lastSeen} is not null and ${lastSeen} >= ${now}
    - (${OFFLINE_AFTER_INTERVALS} * ${uploadIntervalS} + ${GRACE_SECONDS}) * interval '1 second')`;
}

const OPEN_FAULT = sql.raw(`a.kind = 'ALARM' and a.ended_at is null and a.level in ('URGENT', 'IMPORTANT')`);

/** stationStatus() of the station whose id is `stationId`, as 'ONLINE' | 'ABNORMAL' | 'OFFLINE' | 'OTHER'. */
export function stationStatusSql(stationId: SQL, now: SQL): SQL {
  const gwFresh = freshSql(sql.raw('sg.last_seen_at'), sql.raw('sg.upload_interval_s'), now);
  const devFresh = freshSql(sql.raw('sd.last_seen_at'), sql.raw('sdg.upload_interval_s'), now);
  return sql`(select case
      when count(*) = 0 then 'OTHER'
      when count(*) filter (where gx.fresh) = 0 then 'OFFLINE'
      when count(*) filter (where not gx.fresh) > 0 or bool_or(gx.fresh and gx.fault) then 'ABNORMAL'
      when exists (select 1 from devices sd join gateways sdg on sdg.id = sd.gateway_id
        where sdg.station_id = ${stationId} and ${devFresh}
          and exists (select 1 from alarms a where a.device_id = sd.id and ${OPEN_FAULT})) then 'ABNORMAL'
      else 'ONLINE' end
    from (select ${gwFresh} as fresh,
        exists (select 1 from alarms a where a.gateway_id = sg.id and a.device_id is null and ${OPEN_FAULT}) as fault
      from gateways sg where sg.station_id = ${stationId}) gx)`;
}

/**
 * deviceStatus() of device `d` behind logger `g`; `powerW` is the device's newest active power (null when
 * unknown): an inverter not producing counts as OTHER, like status.repository's PRODUCING.
 */
export function deviceStatusSql(powerW: SQL, now: SQL): SQL {
  return sql`(case
      when d.last_seen_at is null then 'OTHER'
      when not ${freshSql(sql.raw('d.last_seen_at'), sql.raw('g.upload_interval_s'), now)} then 'OFFLINE'
      when exists (select 1 from alarms a where a.device_id = d.id and ${OPEN_FAULT}) then 'FAULT'
      when d.device_type <> 'INVERTER' or coalesce(${powerW}, 0) > 0 then 'RUNNING'
      else 'OTHER' end)`;
}

/**
 * The register keys of device_latest that carry active power (column power_w) and state of charge
 * (soc_pct) per device model, from the model's protocol definition: device_latest keeps the values
 * under their register keys, which differ between protocols. First matching register wins.
 */
export const MEASURE_KEYS_CTE = sql.raw(`measure_keys as (
    select m.id as model_id,
      (select e.r ->> 'key' from jsonb_array_elements(p.registers) with ordinality as e(r, i)
        where e.r ->> 'column' = 'power_w' order by e.i limit 1) as power_key,
      (select e.r ->> 'key' from jsonb_array_elements(p.registers) with ordinality as e(r, i)
        where e.r ->> 'column' = 'soc_pct' order by e.i limit 1) as soc_key
    from device_models m join protocol_definitions p on p.id = m.definition_id)`);

/** A numeric value of device_latest row `dl` under the key `key` (a column of measure_keys `mk`), else null. */
export function latestNumber(key: 'power_key' | 'soc_key'): SQL {
  return sql.raw(`(case when jsonb_typeof(dl.values -> mk.${key}) = 'number'
      then (dl.values ->> mk.${key})::float8 end)`);
}
