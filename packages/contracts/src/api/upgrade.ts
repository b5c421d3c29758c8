// Upgrade tasks (SPEC §4 upgrade task status; §5 joint-upgrade rules; docs/firmware.md "Upgrade tasks"): one
// image sent to chosen devices, a station's or every device of the image's models in reach, in a staged
// roll-out — a canary share first, then waves — that pauses itself when too many fail, watching each
// upgraded device's health before it counts as done. Shared by the server and the console.
import { Type, type Static } from 'typebox';
import { DeviceTypes, FirmwareStages } from '../protocol/protocol.js';
import { StationTypes } from '../protocol/fleet.js';
import { EpochMs } from './paging.js';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

/**
 * SPEC §4: waiting, running, complete, failed. PAUSED (by a user, or by itself past the failure threshold)
 * and CANCELLED are the states the controls lead to.
 */
export const UpgradeTaskStates = ['WAITING', 'RUNNING', 'PAUSED', 'COMPLETE', 'FAILED', 'CANCELLED'] as const;
export type UpgradeTaskState = (typeof UpgradeTaskStates)[number];

/**
 * One device of a task: WAITING for its wave, SENT (its command is out), UPGRADING (the logger reports
 * progress), WATCHING (installed; its health is watched), DONE, FAILED (refused, failed, or regressed while
 * watched), SKIPPED (cancelled before it was sent).
 */
export const UpgradeDeviceStates = [
  'WAITING',
  'SENT',
  'UPGRADING',
  'WATCHING',
  'DONE',
  'FAILED',
  'SKIPPED',
] as const;
export type UpgradeDeviceState = (typeof UpgradeDeviceStates)[number];

/** Device states still under way: at most one of these per device across every task. */
/** Task states whose devices are still to be (or being) upgraded. */
export const OPEN_UPGRADE_TASK_STATES: readonly UpgradeTaskState[] = ['WAITING', 'RUNNING', 'PAUSED'];

export const ACTIVE_UPGRADE_DEVICE_STATES: readonly UpgradeDeviceState[] = ['SENT', 'UPGRADING', 'WATCHING'];

/** Why a task paused: a user's pause, or more failures than its threshold allows. */
export const UpgradePauseReasons = ['MANUAL', 'FAILURE_THRESHOLD'] as const;
export type UpgradePauseReason = (typeof UpgradePauseReasons)[number];

export const UpgradeActions = ['pause', 'resume', 'run', 'cancel'] as const;
export type UpgradeAction = (typeof UpgradeActions)[number];

export const UpgradeLimits = {
  devicesMax: 5_000,
  nameMax: 100,
  canaryPercentDefault: 10,
  waveSizeDefault: 20,
  waveSizeMax: 1_000,
  failureThresholdPercentDefault: 20,
  /** How long an upgraded device's health is watched before it counts as done (minutes). */
  healthWatchMinutesDefault: 30,
  healthWatchMinutesMax: 24 * 60,
  retriesDefault: 1,
  retriesMax: 5,
  /** A firmware.upgrade command's time to live, and its download link's (seconds). */
  commandTtlSeconds: 3_600,
} as const;

/** Station types counted as residential (SPEC §5: non-residential sites are not upgraded across sites). */
export const RESIDENTIAL_STATION_TYPES: readonly (typeof StationTypes)[number][] = [
  'HOUSEHOLD_PV',
  'HOUSEHOLD_PV_STORAGE',
  'RESIDENTIAL',
  'RESIDENTIAL_STORAGE',
];

/** enMsg keys of this area (texts in locales/upgrade); the appointment uses RuleMessage.appointmentNotLater. */
export const UpgradeMessage = {
  /** Exactly one of deviceIds, gatewayIds, stationId, allOfModel must choose the devices. */
  targetRequired: 'upgrade.targetRequired',
  /** The choice holds no device the image is for. */
  noDevices: 'upgrade.noDevices',
  /** SPEC §5: unbound and bound devices cannot be upgraded together. */
  boundAndUnbound: 'upgrade.boundAndUnbound',
  /** SPEC §5: a batch must share a logger. */
  differentLoggers: 'upgrade.differentLoggers',
  /** SPEC §5: non-residential sites cannot be upgraded across sites. */
  acrossSites: 'upgrade.acrossSites',
  /** SPEC §5: a different device model blocks a joint upgrade. */
  modelMismatch: 'upgrade.modelMismatch',
  /** SPEC §5: a different device type blocks a joint upgrade. */
  deviceTypeMismatch: 'upgrade.deviceTypeMismatch',
  /** SPEC §5: a different site type blocks a joint upgrade. */
  siteTypeMismatch: 'upgrade.siteTypeMismatch',
  /** A device runs a version older than the image's minimum version. */
  belowMinVersion: 'upgrade.belowMinVersion',
  /** A device runs a newer version: only a rollback task may install an older one. */
  downgrade: 'upgrade.downgrade',
  /** A device is in another task that has not ended. */
  deviceBusy: 'upgrade.deviceBusy',
  /** The control does not apply in the task's state (e.g. resume of a running task). */
  notInState: 'upgrade.notInState',
} as const;

export const UpgradeTaskBody = Type.Object(
  {
    firmwareId: Type.String({ format: 'uuid' }),
    name: Type.Optional(Type.String({ maxLength: UpgradeLimits.nameMax })),
    /** Devices behind loggers (an image for INVERTER, METER, BATTERY or WEATHER_STATION). */
    deviceIds: Type.Optional(
      Type.Array(Id, { minItems: 1, maxItems: UpgradeLimits.devicesMax, uniqueItems: true }),
    ),
    /** Loggers (an image for GATEWAY). */
    gatewayIds: Type.Optional(
      Type.Array(Id, { minItems: 1, maxItems: UpgradeLimits.devicesMax, uniqueItems: true }),
    ),
    /** Every device of the image's models at this station. */
    stationId: Type.Optional(Id),
    /** Every device of the image's models in your reach. */
    allOfModel: Type.Optional(Type.Literal(true)),
    /** Start at this time (epoch ms, later than now); absent = at once. */
    scheduledAt: Type.Optional(EpochMs),
    /** Every device at once, without canary and waves. */
    broadcast: Type.Optional(Type.Boolean()),
    canaryPercent: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    waveSize: Type.Optional(Type.Integer({ minimum: 1, maximum: UpgradeLimits.waveSizeMax })),
    failureThresholdPercent: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
    healthWatchMinutes: Type.Optional(
      Type.Integer({ minimum: 0, maximum: UpgradeLimits.healthWatchMinutesMax }),
    ),
    retries: Type.Optional(Type.Integer({ minimum: 0, maximum: UpgradeLimits.retriesMax })),
    /** Installs an image older than what devices run (a rollback to the previous version). */
    rollback: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type UpgradeTaskBody = Static<typeof UpgradeTaskBody>;

export const UpgradeDeviceView = Type.Object({
  id: Type.Integer(),
  gatewayId: Type.Integer(),
  /** Null when the logger itself is upgraded. */
  deviceId: Nullable(Type.Integer()),
  sn: Type.String(),
  model: Type.String(),
  stationId: Nullable(Type.Integer()),
  stationName: Nullable(Type.String()),
  wave: Type.Integer({ description: '0 = the canary' }),
  state: Type.Enum(UpgradeDeviceStates),
  fromVersion: Nullable(Type.String()),
  /** The version the device reported after the upgrade. */
  toVersion: Nullable(Type.String()),
  stage: Nullable(Type.Enum(FirmwareStages)),
  percent: Type.Integer(),
  attempts: Type.Integer(),
  /** The device's refusal (hash-mismatch, signature-mismatch, download-failed…), expired, or the regression seen. */
  error: Nullable(Type.String()),
  commandId: Nullable(Type.String({ format: 'uuid' })),
  startedAt: Nullable(Type.Integer()),
  finishedAt: Nullable(Type.Integer()),
  /** When the health watch of an installed device ends. */
  watchUntil: Nullable(Type.Integer()),
});
export type UpgradeDeviceView = Static<typeof UpgradeDeviceView>;

export const UpgradeCounts = Type.Object({
  total: Type.Integer(),
  WAITING: Type.Integer(),
  SENT: Type.Integer(),
  UPGRADING: Type.Integer(),
  WATCHING: Type.Integer(),
  DONE: Type.Integer(),
  FAILED: Type.Integer(),
  SKIPPED: Type.Integer(),
});
export type UpgradeCounts = Static<typeof UpgradeCounts>;

export const UpgradeTaskView = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  state: Type.Enum(UpgradeTaskStates),
  pauseReason: Nullable(Type.Enum(UpgradePauseReasons)),
  firmwareId: Type.String({ format: 'uuid' }),
  deviceType: Type.Enum(DeviceTypes),
  model: Type.String(),
  version: Type.String(),
  stationType: Nullable(Type.Enum(StationTypes)),
  scheduledAt: Nullable(Type.Integer()),
  broadcast: Type.Boolean(),
  rollback: Type.Boolean(),
  canaryPercent: Type.Integer(),
  waveSize: Type.Integer(),
  failureThresholdPercent: Type.Integer(),
  healthWatchMinutes: Type.Integer(),
  retries: Type.Integer(),
  /** The wave being sent (0 = the canary); null before the start. */
  currentWave: Nullable(Type.Integer()),
  waves: Type.Integer(),
  counts: UpgradeCounts,
  createdAt: Type.Integer(),
  createdBy: Nullable(Type.String()),
  startedAt: Nullable(Type.Integer()),
  finishedAt: Nullable(Type.Integer()),
  /** Every device (in the detail; empty in pages). */
  devices: Type.Array(UpgradeDeviceView),
});
export type UpgradeTaskView = Static<typeof UpgradeTaskView>;

export const UpgradeTaskPageQuery = Type.Object(
  {
    pageNum: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    state: Type.Optional(Type.Enum(UpgradeTaskStates)),
  },
  { additionalProperties: false },
);
export type UpgradeTaskPageQuery = Static<typeof UpgradeTaskPageQuery>;

export const UpgradeTaskIdParams = Type.Object(
  { id: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
);

export const UpgradeControlParams = Type.Object(
  { id: Type.String({ format: 'uuid' }), action: Type.Enum(UpgradeActions) },
  { additionalProperties: false },
);

/** A device's (or a logger's) firmware history: the upgrade tasks that took it, newest first. */
export const UpgradeHistoryQuery = Type.Object(
  { deviceId: Type.Optional(Id), gatewayId: Type.Optional(Id) },
  { additionalProperties: false },
);
export type UpgradeHistoryQuery = Static<typeof UpgradeHistoryQuery>;

export const UpgradeHistoryItem = Type.Object({
  taskId: Type.String({ format: 'uuid' }),
  taskName: Type.String(),
  taskState: Type.Enum(UpgradeTaskStates),
  /** The image's version. */
  version: Type.String(),
  state: Type.Enum(UpgradeDeviceStates),
  fromVersion: Nullable(Type.String()),
  toVersion: Nullable(Type.String()),
  error: Nullable(Type.String()),
  createdAt: Type.Integer(),
  startedAt: Nullable(Type.Integer()),
  finishedAt: Nullable(Type.Integer()),
});
export type UpgradeHistoryItem = Static<typeof UpgradeHistoryItem>;

/** At most this many entries of a device's firmware history are answered. */
export const UPGRADE_HISTORY_MAX = 50;
