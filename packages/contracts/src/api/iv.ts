// IV curve scans (Step 5c, docs/iv-curves.md "Scan tasks"): a task asks chosen inverters of one station for
// their strings' IV curves (one `iv.scan` command each) and shows, per string, the curve, its figures and
// the diagnosis against the string's expected curve (its stored module datasheet and modules in series,
// GET|PUT /api/device/{id}/pvStrings) and against its peers.
import { Type, type Static } from 'typebox';
import { IvDiagnosis, IvFigures, IvVerdicts } from '../iv-diagnosis.js';
import { CommandStates } from '../protocol/protocol.js';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const IvLimits = {
  /** Inverters one task scans at most. */
  devicesMax: 50,
  /** Strings a task may name at most. */
  stringsMax: 64,
  /** Points per curve the task asks for (the protocol takes 10…200). */
  points: 50,
  /** A scan command's time to live: a device that has not answered by then counts as failed. */
  commandTtlSeconds: 600,
  /** SPEC §9: a scan means something above this irradiance, W/m²… */
  irradianceMin: 600,
  /** …best between these hours of the station's day. */
  bestFromHour: 11,
  bestToHour: 13,
} as const;

export const IvMessage = {
  /** A device that is not an inverter of the task's station (or not in your reach). */
  deviceNotInStation: 'iv.deviceNotInStation',
} as const;

/**
 * SPEC §4 scan status: SCANNING while any inverter has not answered; COMPLETE when every one did;
 * UNFINISHED when some answered and others failed or expired; FAILED when none answered.
 */
export const IvTaskStates = ['SCANNING', 'COMPLETE', 'UNFINISHED', 'FAILED'] as const;
export type IvTaskState = (typeof IvTaskStates)[number];

export const IvStringRef = Type.Object(
  { mppt: Type.Integer({ minimum: 1, maximum: 32 }), string: Type.Integer({ minimum: 1, maximum: 8 }) },
  { additionalProperties: false },
);
export type IvStringRef = Static<typeof IvStringRef>;

export const IvScanBody = Type.Object(
  {
    stationId: Id,
    deviceIds: Type.Array(Id, { minItems: 1, maxItems: IvLimits.devicesMax, uniqueItems: true }),
    strings: Type.Optional(
      Type.Array(IvStringRef, {
        minItems: 1,
        maxItems: IvLimits.stringsMax,
        description: 'Only these strings of each inverter (default: every string)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type IvScanBody = Static<typeof IvScanBody>;

export const IvCurve = Type.Object({
  mppt: Type.Integer(),
  string: Type.Integer(),
  /** In the plane of the modules, W/m², and the cell temperature, °C, during the scan. */
  irradiance: Type.Number(),
  cellTemp: Type.Number(),
  /** The points: voltages in V and currents in A, as the device measured them. */
  v: Type.Array(Type.Number()),
  i: Type.Array(Type.Number()),
  /** The figures the device reported with the curve. */
  reported: IvFigures,
  /** Null when the string's modules are not stored (nothing to compare the curve with). */
  diagnosis: Nullable(IvDiagnosis),
});
export type IvCurve = Static<typeof IvCurve>;

export const IvTaskDevice = Type.Object({
  deviceId: Type.Integer(),
  deviceSn: Type.String(),
  state: Type.Enum(CommandStates),
  commandId: Type.String({ format: 'uuid' }),
  error: Nullable(Type.String()),
  /** When the device scanned (epoch ms), once answered. */
  scannedAt: Nullable(Type.Integer()),
  curves: Type.Array(IvCurve),
});
export type IvTaskDevice = Static<typeof IvTaskDevice>;

/** Who started a task: a user, or the platform for a string alarm (docs/iv-curves.md "Scans that start themselves"). */
export const IvTaskTriggers = ['MANUAL', 'AUTO'] as const;
export type IvTaskTrigger = (typeof IvTaskTriggers)[number];

export const IvTaskView = Type.Object({
  id: Type.String({ format: 'uuid' }),
  stationId: Type.Integer(),
  stationName: Type.String(),
  state: Type.Enum(IvTaskStates),
  createdAt: Type.Integer(),
  createdBy: Nullable(Type.String()),
  deviceCount: Type.Integer(),
  /** Inverters per state: answered, failed or expired, still open. */
  done: Type.Integer(),
  failed: Type.Integer(),
  open: Type.Integer(),
  /** The strings asked for; null for every string. */
  strings: Nullable(Type.Array(IvStringRef)),
  /** MANUAL, or AUTO for a scan started for the string alarm `alarmId`. */
  trigger: Type.Enum(IvTaskTriggers),
  alarmId: Nullable(Type.Integer()),
  /** Per inverter (empty in pages). */
  devices: Type.Array(IvTaskDevice),
});
export type IvTaskView = Static<typeof IvTaskView>;

export const IvTaskPageQuery = Type.Object(
  {
    pageNum: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    stationId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type IvTaskPageQuery = Static<typeof IvTaskPageQuery>;

export const IvTaskIdParams = Type.Object(
  { id: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
);
export type IvTaskIdParams = Static<typeof IvTaskIdParams>;

export const IvStationQuery = Type.Object({ stationId: Id }, { additionalProperties: false });
export type IvStationQuery = Static<typeof IvStationQuery>;

/**
 * GET /api/iv/conditions: what the New IV curve screen warns about (SPEC §9) — the irradiance now at the
 * station (its weather stations' newest readings of the last 15 minutes, averaged; null without one) and
 * the station's local time.
 */
export const IvConditions = Type.Object({
  stationId: Type.Integer(),
  /** W/m², null when the station measures none (no weather station, or nothing for 15 minutes). */
  irradiance: Nullable(Type.Number()),
  /** When the newest of those readings was taken (epoch ms). */
  measuredAt: Nullable(Type.Integer()),
  /** The station's IANA time zone and its local time now, "HH:mm". */
  timeZone: Type.String(),
  localTime: Type.String(),
  /** irradiance ≥ IvLimits.irradianceMin (false when unknown). */
  irradianceOk: Type.Boolean(),
  /** The local time lies in [bestFromHour, bestToHour). */
  timeOk: Type.Boolean(),
});
export type IvConditions = Static<typeof IvConditions>;

/** GET /api/iv/history?deviceId=: every judged scan of each string of an inverter, oldest first. */
export const IvHistoryQuery = Type.Object({ deviceId: Id }, { additionalProperties: false });
export type IvHistoryQuery = Static<typeof IvHistoryQuery>;

export const IvHistoryPoint = Type.Object({
  taskId: Type.String({ format: 'uuid' }),
  /** When the device scanned (epoch ms). */
  at: Type.Integer(),
  irradiance: Type.Number(),
  cellTemp: Type.Number(),
  pmax: Type.Number(),
  /** Pmax brought to STC (IvDiagnosis.pmaxStc): the figure to follow for degradation; null when not judgeable. */
  pmaxStc: Nullable(Type.Number()),
  fillFactor: Type.Number(),
  /** Null when the string's modules were not stored at the time. */
  verdict: Nullable(Type.Enum(IvVerdicts)),
});
export type IvHistoryPoint = Static<typeof IvHistoryPoint>;

export const IvHistory = Type.Object({
  deviceId: Type.Integer(),
  deviceSn: Type.String(),
  strings: Type.Array(
    Type.Object({ mppt: Type.Integer(), string: Type.Integer(), points: Type.Array(IvHistoryPoint) }),
  ),
});
export type IvHistory = Static<typeof IvHistory>;

/** GET /api/iv/task/{id}/export?format=: every point of every curve of the task (default xlsx). */
export const IvExportQuery = Type.Object(
  { format: Type.Optional(Type.Union([Type.Literal('xlsx'), Type.Literal('csv')], { default: 'xlsx' })) },
  { additionalProperties: false },
);
export type IvExportQuery = Static<typeof IvExportQuery>;

/** GET|PUT /api/iv/autoScan/{stationId}: scan by itself on a string alarm (at most once a day per inverter). */
export const IvAutoScanParams = Type.Object({ stationId: Id }, { additionalProperties: false });
export type IvAutoScanParams = Static<typeof IvAutoScanParams>;
export const IvAutoScanBody = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false });
export type IvAutoScanBody = Static<typeof IvAutoScanBody>;
export const IvAutoScanView = Type.Object({ stationId: Type.Integer(), enabled: Type.Boolean() });
export type IvAutoScanView = Static<typeof IvAutoScanView>;

/**
 * The alarm codes that start a scan by themselves where the station allows it: the inverter's own
 * "String current low" (vendor code 4001) and the platform's STRING_LOW rule (9003).
 */
export const IV_STRING_ALARM_CODES: readonly number[] = [4001, 9003];

/** A string alarm's scan (AlarmDetail.ivScan): the task and each string's verdict once answered. */
export const IvAlarmScan = Type.Object({
  taskId: Type.String({ format: 'uuid' }),
  state: Type.Enum(IvTaskStates),
  createdAt: Type.Integer(),
  scannedAt: Nullable(Type.Integer()),
  /** Each string scanned, with its verdict (null without stored modules). */
  strings: Type.Array(
    Type.Object({ mppt: Type.Integer(), string: Type.Integer(), verdict: Nullable(Type.Enum(IvVerdicts)) }),
  ),
});
export type IvAlarmScan = Static<typeof IvAlarmScan>;
