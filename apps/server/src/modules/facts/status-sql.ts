// The SQL forms of the status rules of packages/domain (status/status.ts), for lists that filter, page
// and count by status in the database and for the station facts the writers keep. They follow the domain
// functions term by term; test/facts-sql.test.ts checks them against the domain on generated cases on
// both databases. Aliases: gateways `g`, devices `d`, device_latest `dl`, alarms `a`.
import { FAULT_LEVELS, OFFLINE_AFTER_INTERVALS, OFFLINE_GRACE_MS, REST_OF_STATE } from '@sunfleet/domain';
import { sql, type SQL } from 'drizzle-orm';

const GRACE_S = OFFLINE_GRACE_MS / 1000;
const LEVELS = FAULT_LEVELS.map((l) => `'${l}'`).join(', ');

/** isOpenFault() of alarm row `a` (served by the partial index alarms_open_fault_idx). */
export const OPEN_FAULT = sql.raw(
  `a.source = 'LOGGER' and a.kind = 'ALARM' and a.ended_at is null and a.level in (${LEVELS})`,
);

/** freshUntilMs(): the last instant something seen at `lastSeen` still counts as online (null: never). */
export function freshUntilSql(lastSeen: SQL, uploadIntervalS: SQL): SQL {
  return sql`(${lastSeen} + (${sql.raw(String(OFFLINE_AFTER_INTERVALS))} * ${uploadIntervalS} + ${sql.raw(String(GRACE_S))}) * interval '1 second')`;
}

/** isFresh() at `now`. */
export function freshSql(lastSeen: SQL, uploadIntervalS: SQL, now: SQL): SQL {
  return sql`(${lastSeen} is not null and ${freshUntilSql(lastSeen, uploadIntervalS)} >= ${now})`;
}

const G_FRESH = (now: SQL): SQL => freshSql(sql.raw('g.last_seen_at'), sql.raw('g.upload_interval_s'), now);
const D_FRESH = (now: SQL): SQL => freshSql(sql.raw('d.last_seen_at'), sql.raw('g.upload_interval_s'), now);
const G_UNTIL = freshUntilSql(sql.raw('g.last_seen_at'), sql.raw('g.upload_interval_s'));
const D_UNTIL = freshUntilSql(sql.raw('d.last_seen_at'), sql.raw('g.upload_interval_s'));

/** Open faults raised on logger `g` itself. */
export const GATEWAY_FAULT = sql`exists (select 1 from alarms a where a.device_id is null and a.gateway_id = g.id and ${OPEN_FAULT})`;
/** Open faults of device `d`. */
export const DEVICE_FAULT = sql`exists (select 1 from alarms a where a.device_id = d.id and ${OPEN_FAULT})`;

/**
 * isProducing() as the ingest stored it with the newest reading (device_latest `dl`); a device without a
 * reading has neither power nor state, for which isProducing() answers "not an inverter".
 */
export const PRODUCING = sql.raw(`coalesce(dl.producing, d.device_type <> 'INVERTER')`);

/**
 * restOf() of the newest reading `dl` of device `d`: the rest state of an inverter that is not producing,
 * from its stored operating state; null otherwise (also without a reading).
 */
export const REST = sql.raw(
  `(case when d.device_type = 'INVERTER' and not coalesce(dl.producing, false)
    then (case dl.state_code ${Object.entries(REST_OF_STATE)
      .map(([code, rest]) => `when ${Number(code)} then '${String(rest)}'`)
      .join(' ')} end) end)`,
);

/** gatewayStatus() of logger `g`. */
export function gatewayStatusSql(now: SQL): SQL {
  return sql`(case when g.last_seen_at is null then 'OTHER'
      when not ${G_FRESH(now)} then 'OFFLINE'
      when ${GATEWAY_FAULT} then 'FAULT' else 'NORMAL' end)`;
}

/** deviceStatus() of device `d` behind logger `g`, with its latest values `dl` (left-joined). */
export function deviceStatusSql(now: SQL): SQL {
  return sql`(case when d.last_seen_at is null then 'OTHER'
      when not ${D_FRESH(now)} then 'OFFLINE'
      when ${DEVICE_FAULT} then 'FAULT'
      when ${PRODUCING} then 'RUNNING' else 'OTHER' end)`;
}

/** deviceRest() of device `d` behind logger `g` with its latest values `dl`: the rest beside OTHER. */
export function deviceRestSql(now: SQL): SQL {
  return sql`(case when d.last_seen_at is not null and ${deviceStatusSql(now)} = 'OTHER' then ${REST} end)`;
}

/** The station facts columns, in the order of STATION_FACTS_COLUMNS. */
export const STATION_FACTS_COLUMNS = [
  'status',
  'valid_until',
  'gateways',
  'gateways_online',
  'devices',
  'devices_fault',
  'devices_running',
  'devices_offline',
  'devices_resting',
  'power_w',
  'has_inverters',
  'has_meters',
  'has_batteries',
] as const;
export type StationFactsColumn = (typeof STATION_FACTS_COLUMNS)[number];

/**
 * stationSnapshot() of the station whose id is `stationId` (devices_resting: its devicesResting), plus its
 * power now (the inverters online) and the device kinds it has (for the energy balance): a subquery of one
 * row with STATION_FACTS_COLUMNS.
 */
export function stationFactsSql(stationId: SQL, now: SQL): SQL {
  return sql`select
      case when gw.n = 0 then 'OTHER' when gw.online = 0 then 'OFFLINE'
        when gw.online < gw.n or gw.fault or dv.fault > 0 then 'ABNORMAL' else 'ONLINE' end as status,
      least(gw.until, dv.until) as valid_until,
      gw.n as gateways, gw.online as gateways_online, dv.n as devices, dv.fault as devices_fault,
      dv.running as devices_running, dv.offline as devices_offline, dv.resting as devices_resting, dv.power_w, dv.inverters > 0 as has_inverters, dv.meters > 0 as has_meters,
      dv.batteries > 0 as has_batteries
    from (select count(*)::int as n, (count(*) filter (where x.fresh))::int as online,
          coalesce(bool_or(x.fresh and x.fault), false) as fault, min(x.until) filter (where x.fresh) as until
        from (select ${G_FRESH(now)} as fresh, ${G_UNTIL} as until, ${GATEWAY_FAULT} as fault
          from gateways g where g.station_id = ${stationId}) x) gw,
      (select count(*)::int as n, (count(*) filter (where y.fresh and y.fault))::int as fault,
          (count(*) filter (where y.fresh and not y.fault and y.producing))::int as running,
          (count(*) filter (where y.seen and not y.fresh))::int as offline,
          (count(*) filter (where y.fresh and not y.fault and y.rest is not null))::int as resting,
          min(y.until) filter (where y.fresh) as until,
          sum(y.power_w) filter (where y.fresh and y.device_type = 'INVERTER') as power_w,
          (count(*) filter (where y.device_type = 'INVERTER'))::int as inverters,
          (count(*) filter (where y.device_type = 'METER'))::int as meters,
          (count(*) filter (where y.device_type = 'BATTERY'))::int as batteries
        from (select d.device_type, dl.power_w, ${D_FRESH(now)} as fresh, ${D_UNTIL} as until,
            ${DEVICE_FAULT} as fault, d.last_seen_at is not null as seen, ${PRODUCING} as producing,
            ${REST} as rest
          from devices d join gateways g on g.id = d.gateway_id
          left join device_latest dl on dl.device_id = d.id
          where g.station_id = ${stationId}) y) dv`;
}

/** Stored facts `f` hold at `now` (not marked stale, not expired); a station without a row has none. */
export function factsHoldSql(now: SQL): SQL {
  return sql`(f.station_id is not null and (f.valid_until is null or f.valid_until >= ${now}))`;
}

/**
 * Joins the stored facts `f` of station `s` and, as `q`, its facts computed on the spot — behind a gate, so
 * the computation runs only for a station whose stored facts do not hold, and is planned once however
 * many columns are read. Read the columns with factsColumn(). OFFSET 0 keeps the planner from pulling
 * the condition up into a join filter (which would compute every station's facts, then discard them).
 */
export function stationFactsJoin(now: SQL): SQL {
  return sql`left join station_facts f on f.station_id = s.id
    left join lateral (select * from (${stationFactsSql(sql.raw('s.id'), now)}) q0
      where not ${factsHoldSql(now)} offset 0) q on true`;
}

/** A fact of station `s` joined by stationFactsJoin(now): the stored one while it holds, else computed. */
export function factsColumn(column: StationFactsColumn, now: SQL): SQL {
  return sql`(case when ${factsHoldSql(now)} then f.${sql.raw(column)} else q.${sql.raw(column)} end)`;
}

/**
 * Ids of the stations whose status is `status` at `now`, for list filters: the stored facts that hold and
 * say so (by the status index), and those computed on the spot for facts that do not hold (by the
 * validity index). Every station has a facts row: one is created with the station (migration 0007).
 */
export function stationsWithStatus(status: SQL, now: SQL): SQL {
  return sql`(select f.station_id from station_facts f
      where f.status = ${status} and (f.valid_until is null or f.valid_until >= ${now})
    union all
    select f.station_id from station_facts f
      where f.valid_until < ${now}
        and (select q.status from (${stationFactsSql(sql.raw('f.station_id'), now)}) q) = ${status})`;
}

/**
 * One fact of the station whose id is `stationId`, as a scalar: the stored one while it holds, else
 * computed on the spot (for filters and single values where a join does not fit).
 */
export function stationFactSql(column: StationFactsColumn, stationId: SQL, now: SQL): SQL {
  return sql`(select case when ${factsHoldSql(now)} then f.${sql.raw(column)}
      else (select q.${sql.raw(column)} from (${stationFactsSql(stationId, now)}) q) end
    from (select 1) one left join station_facts f on f.station_id = ${stationId})`;
}

/** Open faults of one logger (its own, not its devices') or one device, by id: a count. */
export function openFaultCount(of: 'gateway' | 'device', id: SQL): SQL<number> {
  const owner =
    of === 'gateway' ? sql`a.device_id is null and a.gateway_id = ${id}` : sql`a.device_id = ${id}`;
  return sql<number>`(select count(*)::int from alarms a where ${owner} and ${OPEN_FAULT})`;
}

/** gatewayStatus() of the logger whose id is `id`, as a scalar (for filters over an unaliased table). */
export function gatewayStatusOf(id: SQL, now: SQL): SQL {
  return sql`(select ${gatewayStatusSql(now)} from gateways g where g.id = ${id})`;
}

/** deviceStatus() of the device whose id is `id`, as a scalar. */
export function deviceStatusOf(id: SQL, now: SQL): SQL {
  return sql`(select ${deviceStatusSql(now)} from devices d join gateways g on g.id = d.gateway_id
    left join device_latest dl on dl.device_id = d.id where d.id = ${id})`;
}
