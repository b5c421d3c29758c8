// Scans that start themselves (docs/iv-curves.md "Scans that start themselves"): run by the `jobs`
// service after each alarm round. For every open string alarm (IV_STRING_ALARM_CODES) of an inverter whose
// station switched auto scans on (iv_auto_scan), once the station measures at least 600 W/m² (SPEC §9): a
// task (trigger AUTO, alarm_id) and its iv.scan command are written in one transaction — unless that
// alarm has a task already, or the inverter had an automatic scan since the start of the station's day
// (at most once a day per inverter). One runner across copies (an advisory lock); the dispatchers send
// the command like any other. The alarm's detail shows the scan and its verdicts (alarmScanOf).
import { randomUUID } from 'node:crypto';
import { IV_STRING_ALARM_CODES, IvLimits } from '@sunfleet/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.js';
import { CommandsService } from '../commands/commands.service.js';
import { wakeCommandDispatchers } from '../commands/dispatcher.js';
import { stationIrradianceNow } from '../devices/irradiance-sql.js';
import { stationLocalDay, stationLocalDayOf } from '../stations/local-day-sql.js';
import { IvRepository } from './iv.repository.js';

const IV_AUTO_LOCK_ID = 727_2026_17;

type Candidate = { alarm_id: number | string; device_id: number; gateway_id: number; station_id: number };

export class IvAutoScanner {
  constructor(private readonly database: Database) {}

  /** One round at `now`: answers the tasks started (null when another copy holds the round). */
  async round(now: Date): Promise<string[] | null> {
    const started = await this.database.db.transaction(async (tx) => {
      if (this.database.kind === 'postgres') {
        const [lock] = await queryRows<{ locked: boolean }>(
          tx,
          sql`select pg_try_advisory_xact_lock(${IV_AUTO_LOCK_ID}) as locked`,
        );
        if (!lock?.locked) return null;
      }
      const at = sql`${now.toISOString()}::timestamptz`;
      const codes = sql.join(
        IV_STRING_ALARM_CODES.map((c) => sql`${c}::int`),
        sql`, `,
      );
      const candidates = await queryRows<Candidate>(
        tx,
        sql`select distinct on (a.device_id) a.id as alarm_id, d.id as device_id, d.gateway_id,
              g.station_id
            from alarms a
            join devices d on d.id = a.device_id and d.device_type = 'INVERTER'
            join gateways g on g.id = d.gateway_id
            join stations s on s.id = g.station_id
            join iv_auto_scan x on x.station_id = s.id and x.enabled
            cross join lateral (${stationIrradianceNow(sql`s.id`, at)}) irr
            where a.ended_at is null and a.code in (${codes})
              and irr.v >= ${IvLimits.irradianceMin}
              and not exists (select 1 from iv_tasks t where t.alarm_id = a.id)
              and not exists (select 1 from iv_tasks t join commands c on c.batch_id = t.id
                where t.trigger = 'AUTO' and c.device_id = d.id
                  and ${stationLocalDayOf(sql`t.created_at`)} = ${stationLocalDay(now)})
            order by a.device_id, a.started_at, a.id`,
      );
      const ids: string[] = [];
      const commands = new CommandsService({
        db: tx,
        clock: { now: () => now },
        onEnqueued: () => undefined,
      });
      for (const c of candidates) {
        const taskId = randomUUID();
        await new IvRepository(tx).insert({
          id: taskId,
          stationId: c.station_id,
          strings: null,
          deviceCount: 1,
          trigger: 'AUTO',
          alarmId: Number(c.alarm_id),
          createdByUserId: null,
          createdAt: now,
        });
        await commands.enqueue({
          gatewayId: c.gateway_id,
          deviceId: c.device_id,
          name: 'iv.scan',
          params: { points: IvLimits.points },
          ttlSeconds: IvLimits.commandTtlSeconds,
          idempotencyKey: `ivScan:${taskId}:${c.device_id}`,
          userId: null,
          batchId: taskId,
        });
        ids.push(taskId);
      }
      return ids;
    });
    if (started !== null && started.length > 0) wakeCommandDispatchers();
    return started;
  }
}
