// Live updates (Step 3): GET /api/live?stationId|deviceId|gatewayId is a Server-Sent Events stream.
// Events: `latest` (a device's newest values), `status` (a station, logger or device changed status) and,
// on station streams, `stats` (the station's figures, as GET /station/stats answers them, after new
// readings) and `curve` (the newest buckets of today's power curve, in the power chart's shape);
// a comment line every 15 s keeps proxies from closing it. docs/charts.md "Live updates" has the protocol.
import { Type, type Static } from 'typebox';
import { DeviceRestSchema } from '../device-status.js';
import { PowerChartData } from './station-charts.js';
import { StationStats } from './stations.js';
import { CommandView } from './telemetry.js';

export const LiveLimits = {
  /** How often the shared poller reads device_latest changes, ms. */
  pollIntervalMs: 2_000,
  /** Heartbeat comment interval, ms. */
  heartbeatMs: 15_000,
  /** Open streams per user; one more answers 4029. */
  streamsPerUserMax: 20,
  /** The `retry:` hint sent to clients, ms. */
  retryMs: 3_000,
  /** How often the alarm stream's shared poller looks for new alarm events (when told of a change), ms. */
  alarmPollIntervalMs: 1_000,
} as const;

export const LiveMessage = {
  /** Not exactly one of stationId, deviceId, gatewayId. */
  oneTarget: 'chart.liveOneTarget',
} as const;

export const LiveQuery = Type.Object(
  {
    stationId: Type.Optional(Type.Integer({ minimum: 1 })),
    deviceId: Type.Optional(Type.Integer({ minimum: 1 })),
    gatewayId: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
export type LiveQuery = Static<typeof LiveQuery>;

export const LIVE_STATUS_KINDS = ['STATION', 'GATEWAY', 'DEVICE'] as const;
export type LiveStatusKind = (typeof LIVE_STATUS_KINDS)[number];

/** `event: latest` */
export const LiveLatestEvent = Type.Object({
  deviceId: Type.Integer(),
  ts: Type.Integer({ description: 'Epoch ms of the reading' }),
  values: Type.Record(Type.String(), Type.Union([Type.Null(), Type.Number(), Type.String()])),
});
export type LiveLatestEvent = Static<typeof LiveLatestEvent>;

/**
 * `event: status` — `status` is a station, gateway or device status code; `rest` the rest beside a device's
 * OTHER (null for stations, loggers and every other device status).
 */
export const LiveStatusEvent = Type.Object({
  kind: Type.Enum(LIVE_STATUS_KINDS),
  id: Type.Integer(),
  status: Type.String(),
  rest: DeviceRestSchema,
});
export type LiveStatusEvent = Static<typeof LiveStatusEvent>;

/** `event: stats` — the station's figures after new readings (GET /station/stats's answer). */
export const LiveStatsEvent = StationStats;
export type LiveStatsEvent = StationStats;

/** `event: curve` — today's newest power-curve buckets (the power chart's shape, a few buckets long). */
export const LiveCurveEvent = PowerChartData;
export type LiveCurveEvent = PowerChartData;

/**
 * `event: alarm` on GET /live/alarms — one alarm transition (an `alarm_events` row) in the caller's reach:
 * the event's id and kind, the alarm's id, station (null for an unbound logger), level and state now, and
 * the caller's unread count after it.
 */
export const LiveAlarmEvent = Type.Object({
  id: Type.Integer({ description: 'alarm_events id' }),
  kind: Type.Enum(['RAISED', 'REPEATED', 'ACKNOWLEDGED', 'CLEARED', 'ESCALATED', 'SNOOZE_ENDED'] as const),
  alarmId: Type.Integer(),
  stationId: Type.Union([Type.Integer(), Type.Null()]),
  level: Type.String(),
  state: Type.Enum(['OPEN', 'ACKNOWLEDGED', 'CLEARED'] as const),
  unreadAlarmCount: Type.Integer({ minimum: 0 }),
});
export type LiveAlarmEvent = Static<typeof LiveAlarmEvent>;

/** `event: unread` on GET /live/alarms — sent when the stream opens: the caller's unread count now. */
export const LiveUnreadEvent = Type.Object({ unreadAlarmCount: Type.Integer({ minimum: 0 }) });
export type LiveUnreadEvent = Static<typeof LiveUnreadEvent>;

export type LiveAlarmStreamEvent =
  { type: 'alarm'; data: LiveAlarmEvent } | { type: 'unread'; data: LiveUnreadEvent };

/**
 * `event: command` on GET /live/commands — a command in the caller's reach was created or changed state
 * (enqueued, sent, acknowledged, done, failed, expired): the command as GET /command/{id} answers it now.
 */
export const LiveCommandEvent = CommandView;
export type LiveCommandEvent = CommandView;

export type LiveEvent =
  | LiveAlarmStreamEvent
  | { type: 'command'; data: LiveCommandEvent }
  | { type: 'latest'; data: LiveLatestEvent }
  | { type: 'status'; data: LiveStatusEvent }
  | { type: 'stats'; data: LiveStatsEvent }
  | { type: 'curve'; data: LiveCurveEvent };
