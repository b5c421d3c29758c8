// Alarm rules and maintenance windows as data. Station rules and windows are reached through their
// station (or device); global and model rules apply to every tenant, so only the platform edits them.
import {
  AlarmApiMessage,
  type AlarmRule,
  type AlarmRuleBody,
  type AlarmRuleKind,
  type MaintenanceWindow,
  type MaintenanceWindowBody,
} from '@sunfleet/contracts';
import { hhmmOf, minuteOfDay } from '@sunfleet/domain';
import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { alarmRules, devices, maintenanceWindows, stations } from '../../db/schema.js';
import { Errors } from '../../lib/errors.js';
import { deviceInScope, stationInScope } from '../tenancy/device-scope.js';
import { idInScope } from '../tenancy/device-scope.js';
import type { Scope } from '../tenancy/scope.js';

const THRESHOLD_KINDS: readonly AlarmRuleKind[] = ['STRING_LOW', 'OUTPUT_LOW', 'BATTERY_SOC', 'BATTERY_TEMP'];
const INTERVAL_KINDS: readonly AlarmRuleKind[] = ['LOGGER_OFFLINE', 'DEVICE_OFFLINE'];

const invalid = (field: string, rule: string, message: string) =>
  Errors.invalid(rule, [{ field: `body.${field}`, rule, message }]);

type RuleRow = typeof alarmRules.$inferSelect;
type WindowRow = typeof maintenanceWindows.$inferSelect;

function ruleOf(r: RuleRow): AlarmRule {
  const { createdAt: _created, updatedAt, ...rest } = r;
  return { ...rest, updatedAt: updatedAt.getTime() };
}

function windowOf(w: WindowRow): MaintenanceWindow {
  return {
    id: w.id,
    stationId: w.stationId,
    deviceId: w.deviceId,
    startsAt: w.startsAt?.getTime() ?? null,
    endsAt: w.endsAt?.getTime() ?? null,
    weekday: w.weekday,
    startTime: w.startMinute === null ? null : hhmmOf(w.startMinute),
    endTime: w.endMinute === null ? null : hhmmOf(w.endMinute),
    note: w.note,
  };
}

export class RulesRepository {
  constructor(private readonly db: Db) {}

  private async stationReachable(scope: Scope, stationId: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: stations.id })
      .from(stations)
      .where(and(eq(stations.id, stationId), stationInScope(scope)));
    return rows.length > 0;
  }

  /** Rules the caller sees: global and model rules, and those of stations in reach. */
  private ruleVisible(scope: Scope): SQL | undefined {
    if (scope.kind === 'platform') return undefined;
    return or(
      isNull(alarmRules.stationId),
      sql`exists (select 1 from ${stations} where ${stations.id} = ${alarmRules.stationId} and ${stationInScope(scope) ?? sql`true`})`,
    );
  }

  async rulePage(
    scope: Scope,
    q: { stationId?: number; kind?: AlarmRuleKind; offset: number; limit: number },
  ): Promise<{ total: number; list: AlarmRule[] }> {
    const where = and(
      this.ruleVisible(scope),
      q.stationId === undefined ? undefined : eq(alarmRules.stationId, q.stationId),
      q.kind === undefined ? undefined : eq(alarmRules.kind, q.kind),
    );
    const [count] = await this.db
      .select({ n: sql`count(*)`.mapWith(Number) })
      .from(alarmRules)
      .where(where);
    const rows = await this.db
      .select()
      .from(alarmRules)
      .where(where)
      .orderBy(asc(alarmRules.id))
      .offset(q.offset)
      .limit(q.limit);
    return { total: count?.n ?? 0, list: rows.map(ruleOf) };
  }

  async rule(scope: Scope, id: number): Promise<AlarmRule> {
    const [row] = await this.db
      .select()
      .from(alarmRules)
      .where(and(eq(alarmRules.id, id), this.ruleVisible(scope)));
    if (row === undefined) throw Errors.notFound();
    return ruleOf(row);
  }

  /** Checks a rule as a whole and whether the caller may hold a rule of that reach. */
  private async checkRule(scope: Scope, body: AlarmRuleBody): Promise<void> {
    if (body.stationId != null && body.modelId != null) {
      throw invalid('modelId', AlarmApiMessage.ruleOneScope, 'a rule is for a station or a model, not both');
    }
    if (THRESHOLD_KINDS.includes(body.kind) && body.threshold == null) {
      throw invalid('threshold', AlarmApiMessage.ruleThresholdRequired, `${body.kind} needs a threshold`);
    }
    if (INTERVAL_KINDS.includes(body.kind) && body.intervals == null) {
      throw invalid('intervals', AlarmApiMessage.ruleIntervalsRequired, `${body.kind} needs intervals`);
    }
    if (body.stationId == null) {
      // Global and model rules reach every tenant.
      if (scope.kind !== 'platform') throw Errors.forbidden();
    } else if (!(await this.stationReachable(scope, body.stationId))) {
      throw Errors.notFound();
    }
  }

  private values(body: AlarmRuleBody) {
    return {
      kind: body.kind,
      stationId: body.stationId ?? null,
      modelId: body.modelId ?? null,
      level: body.level,
      code: body.code,
      threshold: body.threshold ?? null,
      hysteresis: body.hysteresis ?? 0,
      intervals: body.intervals ?? null,
      minIrradiance: body.minIrradiance ?? null,
      debounceS: body.debounceS ?? 0,
      escalateAfterS: body.escalateAfterS ?? null,
      flapCount: body.flapCount ?? 5,
      flapWindowS: body.flapWindowS ?? 3600,
      enabled: body.enabled ?? true,
    };
  }

  async createRule(scope: Scope, body: AlarmRuleBody, now: Date): Promise<AlarmRule> {
    await this.checkRule(scope, body);
    const [row] = await this.db
      .insert(alarmRules)
      .values({ ...this.values(body), createdAt: now, updatedAt: now })
      .returning();
    if (row === undefined) throw new Error('insert returned nothing');
    return ruleOf(row);
  }

  /** Replaces a rule (the whole body); its evaluation state starts afresh when kind or reach change. */
  async updateRule(scope: Scope, id: number, body: AlarmRuleBody, now: Date): Promise<AlarmRule> {
    const current = await this.rule(scope, id);
    if (current.stationId === null && scope.kind !== 'platform') throw Errors.forbidden();
    await this.checkRule(scope, body);
    const [row] = await this.db
      .update(alarmRules)
      .set({ ...this.values(body), updatedAt: now })
      .where(eq(alarmRules.id, id))
      .returning();
    if (row === undefined) throw Errors.notFound();
    return ruleOf(row);
  }

  async deleteRule(scope: Scope, id: number): Promise<void> {
    const current = await this.rule(scope, id);
    if (current.stationId === null && scope.kind !== 'platform') throw Errors.forbidden();
    await this.db.delete(alarmRules).where(eq(alarmRules.id, id));
  }

  // ---- Maintenance windows ------------------------------------------------------------------------------

  private windowVisible(scope: Scope): SQL | undefined {
    if (scope.kind === 'platform') return undefined;
    return or(
      sql`exists (select 1 from ${stations} where ${stations.id} = ${maintenanceWindows.stationId} and ${stationInScope(scope) ?? sql`true`})`,
      sql`exists (select 1 from ${devices} where ${devices.id} = ${maintenanceWindows.deviceId} and ${deviceInScope(scope) ?? sql`true`})`,
    );
  }

  async windowPage(
    scope: Scope,
    q: { stationId?: number; offset: number; limit: number },
  ): Promise<{ total: number; list: MaintenanceWindow[] }> {
    const where = and(
      this.windowVisible(scope),
      q.stationId === undefined
        ? undefined
        : or(
            eq(maintenanceWindows.stationId, q.stationId),
            sql`exists (select 1 from ${devices} d join gateways g on g.id = d.gateway_id
              where d.id = ${maintenanceWindows.deviceId} and g.station_id = ${q.stationId})`,
          ),
    );
    const [count] = await this.db
      .select({ n: sql`count(*)`.mapWith(Number) })
      .from(maintenanceWindows)
      .where(where);
    const rows = await this.db
      .select()
      .from(maintenanceWindows)
      .where(where)
      .orderBy(asc(maintenanceWindows.id))
      .offset(q.offset)
      .limit(q.limit);
    return { total: count?.n ?? 0, list: rows.map(windowOf) };
  }

  async window(scope: Scope, id: number): Promise<MaintenanceWindow> {
    const [row] = await this.db
      .select()
      .from(maintenanceWindows)
      .where(and(eq(maintenanceWindows.id, id), this.windowVisible(scope)));
    if (row === undefined) throw Errors.notFound();
    return windowOf(row);
  }

  private async windowValues(scope: Scope, body: MaintenanceWindowBody, userId: number) {
    const station = body.stationId ?? null;
    const device = body.deviceId ?? null;
    if ((station === null) === (device === null)) {
      throw invalid('stationId', AlarmApiMessage.windowOneTarget, 'exactly one of stationId and deviceId');
    }
    const oneOff = body.startsAt != null || body.endsAt != null;
    const weekly = body.weekday != null || body.startTime != null || body.endTime != null;
    if (oneOff === weekly) {
      throw invalid(
        'weekday',
        AlarmApiMessage.windowOneKind,
        'either startsAt/endsAt or weekday/startTime/endTime',
      );
    }
    let range: {
      startsAt: Date | null;
      endsAt: Date | null;
      weekday: number | null;
      start: number | null;
      end: number | null;
    };
    if (oneOff) {
      if (body.startsAt == null || body.endsAt == null) {
        throw invalid('endsAt', AlarmApiMessage.windowOneKind, 'a one-off window needs startsAt and endsAt');
      }
      if (body.startsAt >= body.endsAt) {
        throw invalid('endsAt', AlarmApiMessage.windowRangeInvalid, 'startsAt must lie before endsAt');
      }
      range = {
        startsAt: new Date(body.startsAt),
        endsAt: new Date(body.endsAt),
        weekday: null,
        start: null,
        end: null,
      };
    } else {
      if (body.weekday == null || body.startTime == null || body.endTime == null) {
        throw invalid(
          'weekday',
          AlarmApiMessage.windowOneKind,
          'a weekly window needs weekday, startTime and endTime',
        );
      }
      const start = minuteOfDay(body.startTime);
      const end = minuteOfDay(body.endTime);
      if (start >= end)
        throw invalid('endTime', AlarmApiMessage.windowRangeInvalid, 'startTime must lie before endTime');
      range = { startsAt: null, endsAt: null, weekday: body.weekday, start, end };
    }
    const reachable =
      station !== null
        ? await this.stationReachable(scope, station)
        : (
            await this.db
              .select({ id: devices.id })
              .from(devices)
              .where(idInScope(devices.id, device ?? 0, deviceInScope(scope)))
          ).length > 0;
    if (!reachable) throw Errors.notFound();
    return {
      stationId: station,
      deviceId: device,
      startsAt: range.startsAt,
      endsAt: range.endsAt,
      weekday: range.weekday,
      startMinute: range.start,
      endMinute: range.end,
      note: body.note ?? null,
      createdBy: userId,
    };
  }

  async createWindow(scope: Scope, body: MaintenanceWindowBody): Promise<MaintenanceWindow> {
    const values = await this.windowValues(scope, body, scope.userId);
    const [row] = await this.db.insert(maintenanceWindows).values(values).returning();
    if (row === undefined) throw new Error('insert returned nothing');
    return windowOf(row);
  }

  async updateWindow(scope: Scope, id: number, body: MaintenanceWindowBody): Promise<MaintenanceWindow> {
    await this.window(scope, id);
    const { createdBy: _by, ...values } = await this.windowValues(scope, body, scope.userId);
    const [row] = await this.db
      .update(maintenanceWindows)
      .set(values)
      .where(eq(maintenanceWindows.id, id))
      .returning();
    if (row === undefined) throw Errors.notFound();
    return windowOf(row);
  }

  async deleteWindow(scope: Scope, id: number): Promise<void> {
    await this.window(scope, id);
    await this.db.delete(maintenanceWindows).where(eq(maintenanceWindows.id, id));
  }
}
