// The alarm life cycle and engine (Step 5a, docs/alarms.md "Alarm engine and life cycle"): detail,
// acknowledge, clear, read and snooze; the cloud's alarm rules and maintenance windows as data.
import { Type, type Static } from 'typebox';
import { AlarmLevels } from '../protocol/protocol.js';
import { AlarmItem } from './telemetry.js';
import { IvAlarmScan } from './iv.js';
import { EpochMs } from './paging.js';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const AlarmLimits = {
  /** Alarm ids per action request. */
  idsMax: 500,
  noteMax: 500,
  reasonMax: 500,
  /** Seconds (debounce, escalation, flapping window): at most a week. */
  secondsMax: 7 * 86_400,
  intervalsMax: 1000,
  flapCountMax: 100,
  /** Global escalation delay when neither the rule nor ALARM_ESCALATE_AFTER_S says otherwise. */
  escalateAfterSDefault: 3600,
} as const;

/** enMsg keys of this area (texts in locales/alarms). */
export const AlarmApiMessage = {
  snoozeInPast: 'alarm.snoozeInPast',
  ruleThresholdRequired: 'alarmRule.thresholdRequired',
  ruleIntervalsRequired: 'alarmRule.intervalsRequired',
  ruleOneScope: 'alarmRule.oneScope',
  windowOneTarget: 'maintenanceWindow.oneTarget',
  windowOneKind: 'maintenanceWindow.oneKind',
  windowRangeInvalid: 'maintenanceWindow.rangeInvalid',
} as const;

export const AlarmEventKinds = [
  'RAISED',
  'REPEATED',
  'ACKNOWLEDGED',
  'CLEARED',
  'ESCALATED',
  'SNOOZE_ENDED',
] as const;
export type AlarmEventKind = (typeof AlarmEventKinds)[number];

export const AlarmEvent = Type.Object({
  id: Type.Integer(),
  kind: Type.Enum(AlarmEventKinds),
  at: Type.Integer(),
  inMaintenance: Type.Boolean(),
});
export type AlarmEvent = Static<typeof AlarmEvent>;

export const AlarmDetail = Type.Object({
  ...AlarmItem.properties,
  events: Type.Array(AlarmEvent, { description: 'Its transitions, oldest first' }),
  ivScan: Type.Union([IvAlarmScan, Type.Null()], {
    description: 'A string alarm: the IV scan started for it (docs/iv-curves.md), null when none was',
  }),
});
export type AlarmDetail = Static<typeof AlarmDetail>;

const Ids = Type.Array(Id, { minItems: 1, maxItems: AlarmLimits.idsMax, uniqueItems: true });

export const AlarmIdsBody = Type.Object({ ids: Ids }, { additionalProperties: false });
export type AlarmIdsBody = Static<typeof AlarmIdsBody>;
export const AlarmAckBody = Type.Object(
  { ids: Ids, note: Type.Optional(Type.String({ maxLength: AlarmLimits.noteMax })) },
  { additionalProperties: false },
);
export type AlarmAckBody = Static<typeof AlarmAckBody>;
export const AlarmClearBody = Type.Object(
  { ids: Ids, reason: Type.String({ minLength: 1, maxLength: AlarmLimits.reasonMax, pattern: '\\S' }) },
  { additionalProperties: false },
);
export type AlarmClearBody = Static<typeof AlarmClearBody>;
export const AlarmSnoozeBody = Type.Object(
  { ids: Ids, until: { ...EpochMs, description: 'Epoch ms, later than now' } },
  { additionalProperties: false },
);
export type AlarmSnoozeBody = Static<typeof AlarmSnoozeBody>;

export const AlarmActionResult = Type.Object({
  /** Alarms the action changed; the others were already in that state (acknowledged, cleared, read). */
  changed: Type.Integer({ minimum: 0 }),
});
export type AlarmActionResult = Static<typeof AlarmActionResult>;

// ---- Rules ----------------------------------------------------------------------------------------------

export const ALARM_RULE_KINDS = [
  'LOGGER_OFFLINE',
  'DEVICE_OFFLINE',
  'STRING_LOW',
  'OUTPUT_LOW',
  'BATTERY_SOC',
  'BATTERY_TEMP',
] as const;
export type AlarmRuleKind = (typeof ALARM_RULE_KINDS)[number];

/** Codes of the cloud-derived alarms the seeded global rules raise (the fault-code catalogue names them). */
export const CLOUD_ALARM_CODES: Record<AlarmRuleKind, number> = {
  LOGGER_OFFLINE: 9001,
  DEVICE_OFFLINE: 9002,
  STRING_LOW: 9003,
  OUTPUT_LOW: 9004,
  BATTERY_SOC: 9005,
  BATTERY_TEMP: 9006,
};

const Seconds = Type.Integer({ minimum: 0, maximum: AlarmLimits.secondsMax });
const Nullable = <T extends ReturnType<typeof Type.Integer> | ReturnType<typeof Type.Number>>(t: T) =>
  Type.Union([t, Type.Null()]);

const ruleFields = {
  kind: Type.Enum(ALARM_RULE_KINDS, {
    description:
      'LOGGER_OFFLINE: no data for `intervals` upload intervals; DEVICE_OFFLINE: a device silent that long ' +
      'while its logger reports; STRING_LOW: a string current below `threshold` × the median of its peers ' +
      'at irradiance ≥ minIrradiance; OUTPUT_LOW: power below `threshold` × rated power × irradiance/1000; ' +
      'BATTERY_SOC: state of charge below `threshold` %; BATTERY_TEMP: temperature above `threshold` °C',
  }),
  stationId: Nullable(Id),
  modelId: Nullable(Id),
  level: Type.Enum(AlarmLevels),
  code: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }),
  threshold: Nullable(Type.Number({ minimum: -1_000_000, maximum: 1_000_000 })),
  hysteresis: Type.Number({ minimum: 0, maximum: 1_000_000 }),
  intervals: Nullable(Type.Integer({ minimum: 1, maximum: AlarmLimits.intervalsMax })),
  minIrradiance: Nullable(Type.Number({ minimum: 0, maximum: 2000 })),
  debounceS: Seconds,
  escalateAfterS: Nullable(Seconds),
  flapCount: Type.Integer({ minimum: 1, maximum: AlarmLimits.flapCountMax }),
  flapWindowS: Type.Integer({ minimum: 60, maximum: AlarmLimits.secondsMax }),
  enabled: Type.Boolean(),
};

export const AlarmRule = Type.Object({ id: Type.Integer(), ...ruleFields, updatedAt: Type.Integer() });
export type AlarmRule = Static<typeof AlarmRule>;

export const AlarmRuleBody = Type.Object(
  {
    kind: ruleFields.kind,
    stationId: Type.Optional(ruleFields.stationId),
    modelId: Type.Optional(ruleFields.modelId),
    level: ruleFields.level,
    code: ruleFields.code,
    threshold: Type.Optional(ruleFields.threshold),
    hysteresis: Type.Optional(ruleFields.hysteresis),
    intervals: Type.Optional(ruleFields.intervals),
    minIrradiance: Type.Optional(ruleFields.minIrradiance),
    debounceS: Type.Optional(ruleFields.debounceS),
    escalateAfterS: Type.Optional(ruleFields.escalateAfterS),
    flapCount: Type.Optional(ruleFields.flapCount),
    flapWindowS: Type.Optional(ruleFields.flapWindowS),
    enabled: Type.Optional(ruleFields.enabled),
  },
  { additionalProperties: false },
);
export type AlarmRuleBody = Static<typeof AlarmRuleBody>;

export const AlarmRuleQuery = Type.Object(
  {
    pageNum: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    stationId: Type.Optional(Id),
    kind: Type.Optional(Type.Enum(ALARM_RULE_KINDS)),
  },
  { additionalProperties: false },
);
export type AlarmRuleQuery = Static<typeof AlarmRuleQuery>;

// ---- Maintenance windows --------------------------------------------------------------------------------

const HHMM = Type.String({
  pattern: '^([01]\\d|2[0-3]):[0-5]\\d$|^24:00$',
  description: 'HH:mm, station time',
});

const windowFields = {
  stationId: Nullable(Id),
  deviceId: Nullable(Id),
  /** One-off: from and to (epoch ms). */
  startsAt: Nullable(EpochMs),
  endsAt: Nullable(EpochMs),
  /** Weekly: weekday 1 = Monday … 7 = Sunday, from startTime to endTime in the station's zone. */
  weekday: Nullable(Type.Integer({ minimum: 1, maximum: 7 })),
  startTime: Type.Union([HHMM, Type.Null()]),
  endTime: Type.Union([HHMM, Type.Null()]),
  note: Type.Union([Type.String({ maxLength: 200 }), Type.Null()]),
};

export const MaintenanceWindow = Type.Object({ id: Type.Integer(), ...windowFields });
export type MaintenanceWindow = Static<typeof MaintenanceWindow>;

export const MaintenanceWindowBody = Type.Object(
  {
    stationId: Type.Optional(windowFields.stationId),
    deviceId: Type.Optional(windowFields.deviceId),
    startsAt: Type.Optional(windowFields.startsAt),
    endsAt: Type.Optional(windowFields.endsAt),
    weekday: Type.Optional(windowFields.weekday),
    startTime: Type.Optional(windowFields.startTime),
    endTime: Type.Optional(windowFields.endTime),
    note: Type.Optional(windowFields.note),
  },
  { additionalProperties: false },
);
export type MaintenanceWindowBody = Static<typeof MaintenanceWindowBody>;

export const MaintenanceWindowQuery = Type.Object(
  {
    pageNum: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    stationId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type MaintenanceWindowQuery = Static<typeof MaintenanceWindowQuery>;
