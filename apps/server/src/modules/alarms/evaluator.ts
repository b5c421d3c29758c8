// The alarm engine's periodic round (docs/alarms.md "Alarm engine and life cycle"), run by the `jobs`
// service: evaluate every enabled rule on the facts (loggers' and devices' last contact, latest values),
// raise after the debounce, clear with hysteresis (by RULE), keep flapping alarms open, then write the
// escalations and ended snoozes. All state lives in the database (alarm_rule_state, the alarms), and a
// round is one transaction under an advisory lock: one runner across copies, and a restart or a second
// instance neither loses a clear nor raises a duplicate (the partial unique index alarms_rule_open_key
// is the last word on duplicates).
import { MPPT_IN_USE_DAYS, type AlarmLevel, type AlarmRuleKind } from '@sunfleet/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database, type Db } from '../../db/client.js';
import { stationIrradianceNow } from '../devices/irradiance-sql.js';
import { mpptInUseChannels } from '../devices/mppt-in-use-sql.js';
import { inMaintenanceText } from './maintenance-sql.js';

const ALARM_LOCK_ID = 727_2026_05;

/** One target's reading of its rule in this round: raise condition, calm (clear) condition, or neither. */
type Observation = {
  rule_id: number;
  gateway_id: number;
  device_id: number;
  raise: boolean | null;
  calm: boolean | null;
  value: number | null;
  level: AlarmLevel;
  code: number;
  debounce_s: number;
  flap_count: number;
  flap_window_s: number;
  holding_since: Date | string | null;
  calm_since: Date | string | null;
  raises: number;
  window_start: Date | string | null;
  alarm_id: number | string | null;
  flapping: boolean | null;
};

export interface RoundResult {
  raised: number;
  cleared: number;
  escalated: number;
  snoozeEnded: number;
}

const PRIORITY = sql.raw(
  `(case when r.station_id is not null then 1 when r.model_id is not null then 2 else 3 end)`,
);

/** The most specific enabled rule of `kind` for logger `g` (and device `d`, when `withDevice`). */
function ruleJoin(kind: AlarmRuleKind, withDevice: boolean): SQL {
  const model = withDevice ? sql.raw('or r.model_id = d.model_id') : sql.raw('');
  return sql`join lateral (select * from alarm_rules r where r.enabled and r.kind = ${kind}
      and ((r.station_id is null and r.model_id is null) or r.station_id = g.station_id ${model})
      order by ${PRIORITY}, r.id limit 1) r on true`;
}

/**
 * The raise and calm conditions per kind, over every logger or device a rule reaches. `null` for both
 * means "cannot tell" (no irradiance, no reading): the debounce restarts and nothing clears.
 */
function observations(now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  const silentFor = (seen: SQL): SQL =>
    sql`(${seen} < ${at} - (r.intervals * g.upload_interval_s) * interval '1 second')`;
  // Newest typed reading of device d (the telemetry row device_latest points at).
  const latest = sql`left join device_latest dl on dl.device_id = d.id
    left join telemetry t on t.device_id = dl.device_id and t.ts = dl.ts`;
  // Irradiance now at the station: the newest reading of its weather stations, averaged.
  const irradiance = stationIrradianceNow(sql`g.station_id`, at);
  const judged = sql`(irr.v is not null and irr.v >= coalesce(r.min_irradiance, 200))`;
  // STRING_LOW compares only the strings in use (the device page's rule, devices/mppt-in-use-sql.ts): an
  // input with nothing connected reports 0 A and is no low string. Read only while judged (a one-time
  // filter), so the look back over the week's readings costs nothing at night or without a rule.
  const stringsInUse = mpptInUseChannels(
    sql`d.id`,
    sql`(case when coalesce(dm.mppt_channels, 0) > 0 then least(dm.mppt_channels, cardinality(t.mppt_i))
      else cardinality(t.mppt_i) end)`,
    sql`${at} - ${MPPT_IN_USE_DAYS}::int * interval '1 day'`,
  );
  return sql`
    select r.id as rule_id, g.id as gateway_id, 0 as device_id,
      ${silentFor(sql`g.last_seen_at`)} as raise, not ${silentFor(sql`g.last_seen_at`)} as calm,
      null::float8 as value, r.level, r.code, r.debounce_s, r.flap_count, r.flap_window_s
    from gateways g ${ruleJoin('LOGGER_OFFLINE', false)}
    where g.last_seen_at is not null
    union all
    select r.id, g.id, d.id,
      (not ${silentFor(sql`g.last_seen_at`)} and ${silentFor(sql`d.last_seen_at`)}),
      not ${silentFor(sql`d.last_seen_at`)},
      null, r.level, r.code, r.debounce_s, r.flap_count, r.flap_window_s
    from devices d join gateways g on g.id = d.gateway_id ${ruleJoin('DEVICE_OFFLINE', true)}
    where d.last_seen_at is not null and g.last_seen_at is not null
    union all
    select r.id, g.id, d.id, dl.soc_pct < r.threshold, dl.soc_pct >= r.threshold + r.hysteresis, dl.soc_pct,
      r.level, r.code, r.debounce_s, r.flap_count, r.flap_window_s
    from devices d join gateways g on g.id = d.gateway_id ${ruleJoin('BATTERY_SOC', true)} ${latest}
    where d.device_type = 'BATTERY'
    union all
    select r.id, g.id, d.id, t.temperature_c > r.threshold, t.temperature_c <= r.threshold - r.hysteresis,
      t.temperature_c, r.level, r.code, r.debounce_s, r.flap_count, r.flap_window_s
    from devices d join gateways g on g.id = d.gateway_id ${ruleJoin('BATTERY_TEMP', true)} ${latest}
    where d.device_type = 'BATTERY'
    union all
    select r.id, g.id, d.id,
      case when ${judged} then o.ratio < r.threshold end,
      case when ${judged} then o.ratio >= r.threshold + r.hysteresis end,
      o.ratio, r.level, r.code, r.debounce_s, r.flap_count, r.flap_window_s
    from devices d join gateways g on g.id = d.gateway_id ${ruleJoin('OUTPUT_LOW', true)} ${latest}
      left join device_models dm on dm.id = d.model_id
      cross join lateral (${irradiance}) irr
      cross join lateral (select dl.power_w / nullif(coalesce(d.rated_power, dm.rated_power) * irr.v / 1000, 0)
        as ratio) o
    where d.device_type = 'INVERTER' and o.ratio is not null
    union all
    select r.id, g.id, d.id,
      case when ${judged} then s.lowest < r.threshold * s.median end,
      case when ${judged} then s.lowest >= (r.threshold + r.hysteresis) * s.median end,
      s.lowest / nullif(s.median, 0), r.level, r.code, r.debounce_s, r.flap_count, r.flap_window_s
    from devices d join gateways g on g.id = d.gateway_id ${ruleJoin('STRING_LOW', true)} ${latest}
      left join device_models dm on dm.id = d.model_id
      cross join lateral (${irradiance}) irr
      cross join lateral (select min(c) as lowest, percentile_cont(0.5) within group (order by c) as median,
        count(c) as n
        from (select t.mppt_i[u.channel] as c from (${stringsInUse}) u where ${judged}) x
        where c is not null) s
    where d.device_type = 'INVERTER' and (not ${judged} or (s.n >= 2 and s.median > 0))`;
}

const ms = (v: Date | string | null): number | null => (v === null ? null : new Date(v).getTime());

export class AlarmEvaluator {
  constructor(
    private readonly database: Database,
    private readonly options: { escalateAfterS: number },
  ) {}

  /** One round at `now`; null when another copy holds the round. */
  async round(now: Date): Promise<RoundResult | null> {
    return this.database.db.transaction(async (tx) => {
      if (this.database.kind === 'postgres') {
        const [lock] = await queryRows<{ locked: boolean }>(
          tx,
          sql`select pg_try_advisory_xact_lock(${ALARM_LOCK_ID}) as locked`,
        );
        if (!lock?.locked) return null;
      }
      const result = await this.evaluate(tx, now);
      result.escalated = await this.escalate(tx, now);
      result.snoozeEnded = await this.endSnoozes(tx, now);
      return result;
    });
  }

  private async evaluate(tx: Db, now: Date): Promise<RoundResult> {
    const rows = await queryRows<Observation>(
      tx,
      sql`with o as (${observations(now)})
        select o.*, st.holding_since, st.calm_since, coalesce(st.raises, 0) as raises, st.window_start,
          a.id as alarm_id, a.flapping
        from o
        left join alarm_rule_state st on st.rule_id = o.rule_id and st.gateway_id = o.gateway_id
          and st.device_id = o.device_id
        left join alarms a on a.source = 'RULE' and a.ended_at is null and a.gateway_id = o.gateway_id
          and coalesce(a.device_id, 0) = o.device_id and a.code = o.code`,
    );
    const result: RoundResult = { raised: 0, cleared: 0, escalated: 0, snoozeEnded: 0 };
    const t = now.getTime();
    for (const o of rows) {
      let holding = ms(o.holding_since);
      let calm = ms(o.calm_since);
      let raises = o.raises;
      let windowStart = ms(o.window_start);
      const open = o.alarm_id === null ? null : Number(o.alarm_id);
      if (o.raise === true) {
        calm = null;
        holding ??= t;
        if (open === null && t - holding >= o.debounce_s * 1000) {
          if (windowStart === null || t - windowStart >= o.flap_window_s * 1000) {
            windowStart = t;
            raises = 0;
          }
          raises += 1;
          if (await this.raise(tx, o, now)) result.raised += 1;
        } else if (open !== null && o.flapping === true && ms(o.calm_since) !== null) {
          // A flapping alarm's condition came back: counted as a repeat, not told again.
          await tx.execute(
            sql`update alarms set repeat_count = repeat_count + 1, last_seen_at = ${now.toISOString()}::timestamptz
                where id = ${open}`,
          );
        }
      } else if (o.calm === true) {
        holding = null;
        calm ??= t;
        if (open !== null) {
          const flapping =
            o.flapping === true ||
            (windowStart !== null && t - windowStart < o.flap_window_s * 1000 && raises > o.flap_count);
          if (!flapping) {
            await this.clear(tx, open, now);
            result.cleared += 1;
          } else if (o.flapping !== true) {
            await tx.execute(sql`update alarms set flapping = true where id = ${open}`);
          } else if (t - calm >= o.flap_window_s * 1000) {
            // Calm for a whole flapping window: it has settled.
            await this.clear(tx, open, now);
            result.cleared += 1;
            raises = 0;
            windowStart = null;
          }
        }
      } else {
        holding = null;
      }
      if (
        holding !== ms(o.holding_since) ||
        calm !== ms(o.calm_since) ||
        raises !== o.raises ||
        windowStart !== ms(o.window_start)
      ) {
        const iso = (v: number | null): string | null => (v === null ? null : new Date(v).toISOString());
        await tx.execute(sql`insert into alarm_rule_state (rule_id, gateway_id, device_id, holding_since,
            calm_since, raises, window_start)
          values (${o.rule_id}, ${o.gateway_id}, ${o.device_id}, ${iso(holding)}::timestamptz,
            ${iso(calm)}::timestamptz, ${raises}, ${iso(windowStart)}::timestamptz)
          on conflict (rule_id, gateway_id, device_id) do update set holding_since = excluded.holding_since,
            calm_since = excluded.calm_since, raises = excluded.raises, window_start = excluded.window_start`);
      }
    }
    return result;
  }

  /** Raises the rule's alarm with its RAISED event; false when one is already open (the unique index). */
  private async raise(tx: Db, o: Observation, now: Date): Promise<boolean> {
    const at = `'${now.toISOString()}'::timestamptz`;
    const device = o.device_id === 0 ? null : o.device_id;
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`with up as (
          insert into alarms (gateway_id, device_id, record_id, kind, code, level, message, started_at, source,
            rule_id, last_seen_at, in_maintenance)
          select g.id, ${device}::int, ${`rule:${o.rule_id}:${o.device_id}:`} || gen_random_uuid()::text, 'ALARM',
            ${o.code}::int, ${o.level}, null, ${now.toISOString()}::timestamptz, 'RULE', ${o.rule_id}::int,
            ${now.toISOString()}::timestamptz,
            ${sql.raw(inMaintenanceText(at, 'g.station_id', `${device === null ? 'null' : String(device)}::int`, 's.time_zone'))}
          from gateways g left join stations s on s.id = g.station_id where g.id = ${o.gateway_id}
          on conflict (gateway_id, coalesce(device_id, 0), code) where source = 'RULE' and ended_at is null
          do nothing
          returning id, started_at, in_maintenance)
        insert into alarm_events (alarm_id, kind, at, in_maintenance)
        select id, 'RAISED', started_at, in_maintenance from up returning alarm_id as id`,
    );
    return rows.length > 0;
  }

  private async clear(tx: Db, id: number, now: Date): Promise<void> {
    await tx.execute(sql`with up as (update alarms set ended_at = ${now.toISOString()}::timestamptz,
        cleared_by = 'RULE' where id = ${id} and ended_at is null returning id, in_maintenance)
      insert into alarm_events (alarm_id, kind, at, in_maintenance)
      select id, 'CLEARED', ${now.toISOString()}::timestamptz, in_maintenance from up`);
  }

  /** ESCALATED once for open, unacknowledged, unsnoozed URGENT/IMPORTANT alarms older than their delay. */
  private async escalate(tx: Db, now: Date): Promise<number> {
    const at = sql`${now.toISOString()}::timestamptz`;
    const rows = await queryRows<{ n: number | string }>(
      tx,
      sql`with up as (update alarms a set escalated_at = ${at}
          where a.ended_at is null and a.acknowledged_at is null and a.escalated_at is null
            and a.kind = 'ALARM' and a.level in ('URGENT', 'IMPORTANT')
            and (a.snoozed_until is null or a.snoozed_until <= ${at})
            and a.started_at <= ${at} - coalesce((select r.escalate_after_s from alarm_rules r where r.id = a.rule_id),
              ${this.options.escalateAfterS}) * interval '1 second'
          returning a.id, a.in_maintenance),
        ev as (insert into alarm_events (alarm_id, kind, at, in_maintenance)
          select id, 'ESCALATED', ${at}, in_maintenance from up order by id returning 1)
        select count(*) as n from ev`,
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** SNOOZE_ENDED once for an alarm whose snooze ran out while it is still open. */
  private async endSnoozes(tx: Db, now: Date): Promise<number> {
    const at = sql`${now.toISOString()}::timestamptz`;
    const rows = await queryRows<{ n: number | string }>(
      tx,
      sql`with up as (update alarms set snoozed_until = null
          where snoozed_until is not null and snoozed_until <= ${at} and ended_at is null
          returning id, in_maintenance),
        ev as (insert into alarm_events (alarm_id, kind, at, in_maintenance)
          select id, 'SNOOZE_ENDED', ${at}, in_maintenance from up order by id returning 1)
        select count(*) as n from ev`,
    );
    return Number(rows[0]?.n ?? 0);
  }
}
