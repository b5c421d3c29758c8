import {
  ALARM_RULE_KINDS,
  AlarmLimits,
  CLOUD_ALARM_CODES,
  type AlarmLevel,
  type AlarmRule,
  type AlarmRuleBody,
  type AlarmRuleKind,
  type MaintenanceWindow,
  type MaintenanceWindowBody,
} from '@sunfleet/contracts';
import { parseStationTime, stationTimeText } from '../alarms/stationTime';

// The station's "Alarm settings" tab (docs/alarms.md "Alarm settings screens"): what the rule form and
// the maintenance-window form edit, which rule fields matter for which kind, the contract's limits, and
// the station-time parsing of windows. Pure, so the rules are tested without a browser.

export { ALARM_RULE_KINDS, parseStationTime, stationTimeText };

/** Rule fields that only some kinds read; the others are common to all. */
export type KindField = 'threshold' | 'hysteresis' | 'intervals' | 'minIrradiance';

/** What each kind reads (the engine's table in docs/alarms.md "Rules"). */
export const KIND_FIELDS: Record<AlarmRuleKind, readonly KindField[]> = {
  LOGGER_OFFLINE: ['intervals'],
  DEVICE_OFFLINE: ['intervals'],
  STRING_LOW: ['threshold', 'hysteresis', 'minIrradiance'],
  OUTPUT_LOW: ['threshold', 'hysteresis', 'minIrradiance'],
  BATTERY_SOC: ['threshold', 'hysteresis'],
  BATTERY_TEMP: ['threshold', 'hysteresis'],
};

export function kindUses(kind: AlarmRuleKind | undefined, field: KindField): boolean {
  return kind !== undefined && KIND_FIELDS[kind].includes(field);
}

/** The contract's limits of each number field (contracts alarms.ts ruleFields). */
export const RULE_LIMITS = {
  code: { min: 0, max: 2_147_483_647 },
  threshold: { min: -1_000_000, max: 1_000_000 },
  hysteresis: { min: 0, max: 1_000_000 },
  intervals: { min: 1, max: AlarmLimits.intervalsMax },
  minIrradiance: { min: 0, max: 2000 },
  debounceS: { min: 0, max: AlarmLimits.secondsMax },
  escalateAfterS: { min: 0, max: AlarmLimits.secondsMax },
  flapCount: { min: 1, max: AlarmLimits.flapCountMax },
  flapWindowS: { min: 60, max: AlarmLimits.secondsMax },
} as const;
export type RuleNumberField = keyof typeof RULE_LIMITS;

/** Integer fields (the others take decimals). */
export const INTEGER_FIELDS: ReadonlySet<RuleNumberField> = new Set([
  'code',
  'intervals',
  'debounceS',
  'escalateAfterS',
  'flapCount',
  'flapWindowS',
]);

/** What the rule form edits; empty number boxes are undefined (null for the server). */
export interface RuleValues {
  kind: AlarmRuleKind;
  level: AlarmLevel;
  code: number;
  threshold?: number | null;
  hysteresis?: number | null;
  intervals?: number | null;
  minIrradiance?: number | null;
  debounceS?: number | null;
  escalateAfterS?: number | null;
  flapCount?: number | null;
  flapWindowS?: number | null;
  enabled: boolean;
}

/** A new rule: the kind's catalogue code, the server's defaults otherwise. */
export function newRuleValues(kind: AlarmRuleKind = 'LOGGER_OFFLINE'): RuleValues {
  return {
    kind,
    level: 'IMPORTANT',
    code: CLOUD_ALARM_CODES[kind],
    intervals: kindUses(kind, 'intervals') ? 3 : undefined,
    hysteresis: 0,
    debounceS: 0,
    flapCount: 5,
    flapWindowS: 3600,
    enabled: true,
  };
}

export function ruleValues(rule: AlarmRule): RuleValues {
  return {
    kind: rule.kind,
    level: rule.level,
    code: rule.code,
    threshold: rule.threshold,
    hysteresis: rule.hysteresis,
    intervals: rule.intervals,
    minIrradiance: rule.minIrradiance,
    debounceS: rule.debounceS,
    escalateAfterS: rule.escalateAfterS,
    flapCount: rule.flapCount,
    flapWindowS: rule.flapWindowS,
    enabled: rule.enabled,
  };
}

const num = (v: number | null | undefined): number | null => (typeof v === 'number' ? v : null);

/**
 * The request body: the scope (a station, a model, or neither = global), the common fields, and only the
 * fields the kind reads (the others null, so switching the kind leaves nothing stale behind).
 */
export function toRuleBody(
  values: RuleValues,
  scope: { stationId?: number | null; modelId?: number | null },
): AlarmRuleBody {
  const uses = (f: KindField) => kindUses(values.kind, f);
  return {
    kind: values.kind,
    stationId: scope.stationId ?? null,
    modelId: scope.modelId ?? null,
    level: values.level,
    code: values.code,
    threshold: uses('threshold') ? num(values.threshold) : null,
    hysteresis: uses('hysteresis') ? (num(values.hysteresis) ?? 0) : 0,
    intervals: uses('intervals') ? num(values.intervals) : null,
    minIrradiance: uses('minIrradiance') ? num(values.minIrradiance) : null,
    debounceS: num(values.debounceS) ?? 0,
    escalateAfterS: num(values.escalateAfterS),
    flapCount: num(values.flapCount) ?? 5,
    flapWindowS: num(values.flapWindowS) ?? 3600,
    enabled: values.enabled,
  };
}

/** Which rules a station's tab shows: its own first, then the global and model defaults. */
export type RuleReach = 'STATION' | 'MODEL' | 'GLOBAL';
export function ruleReach(rule: Pick<AlarmRule, 'stationId' | 'modelId'>): RuleReach {
  if (rule.stationId !== null) return 'STATION';
  return rule.modelId !== null ? 'MODEL' : 'GLOBAL';
}

/**
 * The rules that matter to a station: its own, then the defaults (global and model rules), each marked;
 * a default of a kind the station overrides with an enabled rule of its own is marked `overridden`.
 */
export type ShownRule = AlarmRule & { reach: RuleReach; overridden: boolean };
export function rulesForStation(own: readonly AlarmRule[], all: readonly AlarmRule[]): ShownRule[] {
  const ownKinds = new Set(own.filter((r) => r.enabled).map((r) => r.kind));
  const defaults = all.filter((r) => r.stationId === null);
  return [
    ...own.map((r) => ({ ...r, reach: 'STATION' as const, overridden: false })),
    ...defaults.map((r) => ({ ...r, reach: ruleReach(r), overridden: ownKinds.has(r.kind) })),
  ];
}

// ---- Maintenance windows --------------------------------------------------------------------------------

export type WindowMode = 'WEEKLY' | 'ONE_OFF';

/** What the window form edits: times as the station's wall clock. */
export interface WindowValues {
  /** 'station' or a device id. */
  target: 'station' | number;
  mode: WindowMode;
  /** ONE_OFF: 'YYYY-MM-DD HH:mm' in the station's zone. */
  from?: string;
  to?: string;
  /** WEEKLY: 1 = Monday … 7 = Sunday, HH:mm in the station's zone. */
  weekday?: number;
  startTime?: string;
  endTime?: string;
  note?: string;
}

/** HH:mm as the contract takes it (24:00 allowed as an end). */
export const HHMM_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** Minutes since midnight of HH:mm, or null when it is not one. */
export function minuteOf(hhmm: string | undefined): number | null {
  if (hhmm === undefined || !HHMM_PATTERN.test(hhmm)) return null;
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
}

/** Why the window's times cannot be saved (a message key), or null. */
export function windowProblem(values: WindowValues, timeZone: string): string | null {
  if (values.mode === 'WEEKLY') {
    const start = minuteOf(values.startTime);
    const end = minuteOf(values.endTime);
    if (values.weekday === undefined || start === null || end === null)
      return 'alarmSettings.window.timeInvalid';
    if (start === 24 * 60 || start >= end) return 'alarmSettings.window.rangeInvalid';
    return null;
  }
  const from = parseStationTime(values.from, timeZone);
  const to = parseStationTime(values.to, timeZone);
  if (from === null || to === null) return 'alarmSettings.window.dateTimeInvalid';
  return from >= to ? 'alarmSettings.window.rangeInvalid' : null;
}

/** The request body: one target (the station or a device) and one kind (weekly or one-off). */
export function toWindowBody(
  values: WindowValues,
  stationId: number,
  timeZone: string,
): MaintenanceWindowBody {
  const target =
    values.target === 'station'
      ? { stationId, deviceId: null }
      : { stationId: null, deviceId: values.target };
  const note = values.note?.trim() ?? '';
  const times =
    values.mode === 'WEEKLY'
      ? {
          weekday: values.weekday ?? null,
          startTime: values.startTime ?? null,
          endTime: values.endTime ?? null,
          startsAt: null,
          endsAt: null,
        }
      : {
          startsAt: parseStationTime(values.from, timeZone),
          endsAt: parseStationTime(values.to, timeZone),
          weekday: null,
          startTime: null,
          endTime: null,
        };
  return { ...target, ...times, note: note === '' ? null : note };
}

export function windowValues(w: MaintenanceWindow, timeZone: string): WindowValues {
  const base = { target: w.deviceId ?? ('station' as const), note: w.note ?? undefined };
  return w.weekday !== null
    ? {
        ...base,
        mode: 'WEEKLY',
        weekday: w.weekday,
        startTime: w.startTime ?? undefined,
        endTime: w.endTime ?? undefined,
      }
    : {
        ...base,
        mode: 'ONE_OFF',
        from: w.startsAt === null ? undefined : stationTimeText(w.startsAt, timeZone),
        to: w.endsAt === null ? undefined : stationTimeText(w.endsAt, timeZone),
      };
}

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
