// Devices of a station (Step 3): loggers and devices in scope as pages, the meters and device models of a
// station, AC coupling of inverters (stored now, sent to devices in the remote-operations step) and the
// event subscriptions of a station (delivered by the notifications of Step 5a). The schemas bound types and
// lengths; the server checks the rules (email pattern, HH:mm, FIXED_TIME needs notifyTime, AC couple
// partners) and answers the keys below.
import { Type, type Static } from 'typebox';
import { DeviceTypes } from '../protocol/protocol.js';
import { GATEWAY_STATUS_CODES, DEVICE_STATUS_CODES, DeviceRestSchema } from '../device-status.js';
import { PageQueryFields } from './paging.js';
import { NOTIFY_TYPES, SubscriptionLanguage } from './notifications.js';

export const StationDeviceLimits = {
  keywordMax: 64,
  subjectMax: 100,
  emailMax: 254,
  /** Export limit while AC coupled, kW. */
  maxFeedInKwMax: 100_000,
  /** Event subscriptions one station may hold. */
  subscriptionsPerStationMax: 50,
} as const;

/** enMsg keys of this area (texts in locales/stationDevices). */
export const StationDeviceMessage = {
  /** An AC couple partner that is neither an INVERTER nor a BATTERY. */
  acCoupleDeviceType: 'stationDevices.acCoupleDeviceType',
  /** The two devices of an AC couple are on different stations (or one is on none). */
  acCoupleOtherStation: 'stationDevices.acCoupleOtherStation',
  /** A device cannot be AC coupled to itself. */
  acCoupleSameDevice: 'stationDevices.acCoupleSameDevice',
  /** Releasing a device that has no AC couple setting, or one already released. */
  acCoupleNotSet: 'stationDevices.acCoupleNotSet',
  subjectInvalid: 'stationDevices.subjectInvalid',
  /** notifyTime is not a 24-hour HH:mm. */
  notifyTimeInvalid: 'stationDevices.notifyTimeInvalid',
  /** FIXED_TIME without notifyTime. */
  notifyTimeRequired: 'stationDevices.notifyTimeRequired',
  /** REAL_TIME or ESCALATION with a notifyTime. */
  notifyTimeForbidden: 'stationDevices.notifyTimeForbidden',
  subscriptionsTooMany: 'stationDevices.subscriptionsTooMany',
} as const;

export const AC_COUPLE_STATES = ['SET', 'UPDATED', 'RELEASED'] as const;
/** Device types the device pages list (loggers have their own pages). */
export const STATION_DEVICE_TYPES = ['INVERTER', 'METER', 'BATTERY', 'WEATHER_STATION'] as const;

const Id = Type.Integer({ minimum: 1 });
const NullableString = Type.Union([Type.Null(), Type.String()]);
const NullableInt = Type.Union([Type.Null(), Type.Integer()]);
const NullableNumber = Type.Union([Type.Null(), Type.Number()]);
const NullableDate = Type.Union([Type.Null(), Type.String({ format: 'date-time' })]);
const Keyword = Type.Optional(
  Type.String({ maxLength: StationDeviceLimits.keywordMax, description: 'Part of the SN or name' }),
);

// ---- Loggers of stations (the items are GatewayListItem of gateways.ts) ----------------------------------

export const StationGatewayQuery = Type.Object(
  {
    ...PageQueryFields,
    stationId: Type.Optional(Id),
    sn: Keyword,
    status: Type.Optional(Type.Enum(GATEWAY_STATUS_CODES)),
  },
  { additionalProperties: false },
);
export type StationGatewayQuery = Static<typeof StationGatewayQuery>;

export const OneStationGatewayQuery = Type.Object(
  { ...PageQueryFields, sn: Keyword, status: Type.Optional(Type.Enum(GATEWAY_STATUS_CODES)) },
  { additionalProperties: false },
);
export type OneStationGatewayQuery = Static<typeof OneStationGatewayQuery>;

// ---- Devices of stations ---------------------------------------------------------------------------------

export const StationDeviceQuery = Type.Object(
  {
    ...PageQueryFields,
    stationId: Type.Optional(Id),
    gatewayId: Type.Optional(Id),
    sn: Keyword,
    status: Type.Optional(Type.Enum(DEVICE_STATUS_CODES)),
    deviceType: Type.Optional(Type.Enum(STATION_DEVICE_TYPES)),
  },
  { additionalProperties: false },
);
export type StationDeviceQuery = Static<typeof StationDeviceQuery>;

export const StationMeterQuery = Type.Object(
  { ...PageQueryFields, sn: Keyword, status: Type.Optional(Type.Enum(DEVICE_STATUS_CODES)) },
  { additionalProperties: false },
);
export type StationMeterQuery = Static<typeof StationMeterQuery>;

export const StationDeviceItem = Type.Object({
  id: Type.Integer(),
  sn: Type.String(),
  name: NullableString,
  deviceType: Type.Enum(DeviceTypes),
  model: Type.String(),
  status: Type.Enum(DEVICE_STATUS_CODES),
  rest: DeviceRestSchema,
  stationId: NullableInt,
  stationName: NullableString,
  gatewayId: Type.Integer(),
  gatewaySn: Type.String(),
  powerKw: Type.Union([Type.Null(), Type.Number()], {
    description: 'Active power of the newest reading while the device is online; null otherwise',
  }),
  todayKwh: Type.Union([Type.Null(), Type.Number()], {
    description:
      "Inverters: energy of the station's local today from the day rollup; null before any and for other types",
  }),
  socPct: Type.Union([Type.Null(), Type.Number()], {
    description: 'Batteries: state of charge of the newest reading while online; null otherwise',
  }),
  lastSeenAt: NullableDate,
  timeZone: Type.String({ description: "The station's time zone (UTC when unbound)" }),
  localControl: Type.Boolean({
    description: 'Under local control (the logger says so): remote operations that change it are refused',
  }),
});
export type StationDeviceItem = Static<typeof StationDeviceItem>;

export const StationDeviceModel = Type.Object({
  model: Type.String(),
  deviceType: Type.Enum(DeviceTypes),
  count: Type.Integer({ minimum: 1 }),
});
export type StationDeviceModel = Static<typeof StationDeviceModel>;

// ---- AC coupling -----------------------------------------------------------------------------------------

export const AcCoupleSetting = Type.Object({
  deviceId: Type.Integer(),
  enabled: Type.Boolean(),
  coupledDeviceId: NullableInt,
  maxFeedInKw: NullableNumber,
  state: Type.Enum(AC_COUPLE_STATES),
  updatedAt: Type.String({ format: 'date-time' }),
  sentAt: Type.Union([Type.Null(), Type.String({ format: 'date-time' })], {
    description: 'When the setting reached the device (its acCouple.set command was DONE); null = not yet',
  }),
  /** The acCouple.set command carrying the latest change, and where it stands. */
  commandId: Type.Union([Type.Null(), Type.String({ format: 'uuid' })]),
  /** PENDING (not yet answered: pending/sent/acknowledged), APPLIED (done) or FAILED (failed/expired). */
  delivery: Type.Union([Type.Null(), Type.Enum(['PENDING', 'APPLIED', 'FAILED'] as const)]),
  /** The device's error when FAILED. */
  deliveryError: Type.Union([Type.Null(), Type.String()]),
});
export type AcCoupleSetting = Static<typeof AcCoupleSetting>;

export const AcCoupleQuery = Type.Object({ stationId: Id }, { additionalProperties: false });
export type AcCoupleQuery = Static<typeof AcCoupleQuery>;

export const AcCoupleBody = Type.Object(
  {
    deviceId: Id,
    coupledDeviceId: Type.Union([Type.Null(), Id], {
      description: 'The INVERTER or BATTERY of the same station it is coupled to',
    }),
    maxFeedInKw: Type.Union([
      Type.Null(),
      Type.Number({ minimum: 0, maximum: StationDeviceLimits.maxFeedInKwMax }),
    ]),
  },
  { additionalProperties: false },
);
export type AcCoupleBody = Static<typeof AcCoupleBody>;

// ---- Event subscriptions ---------------------------------------------------------------------------------

export const StationSubscription = Type.Object({
  id: Type.Integer(),
  stationId: Type.Integer(),
  subject: Type.String(),
  notifyType: Type.Enum(NOTIFY_TYPES),
  notifyTime: Type.Union([Type.Null(), Type.String()], { description: "HH:mm, station's time zone" }),
  email: Type.String(),
  language: SubscriptionLanguage,
  enabled: Type.Boolean({ description: 'False once unsubscribed through the link of a mail' }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type StationSubscription = Static<typeof StationSubscription>;

const subscriptionFields = {
  subject: Type.String({ maxLength: StationDeviceLimits.subjectMax, description: '1–100 characters' }),
  notifyType: Type.Enum(NOTIFY_TYPES),
  notifyTime: Type.Optional(
    Type.Union([Type.Null(), Type.String({ maxLength: 5 })], {
      description: 'HH:mm (24 h): required for FIXED_TIME, absent or null for REAL_TIME and ESCALATION',
    }),
  ),
  email: Type.String({ maxLength: StationDeviceLimits.emailMax }),
  language: Type.Optional(SubscriptionLanguage),
  enabled: Type.Optional(Type.Boolean({ description: 'Default true; false stops the mails' })),
};

export const SubscriptionCreateBody = Type.Object(subscriptionFields, { additionalProperties: false });
export type SubscriptionCreateBody = Static<typeof SubscriptionCreateBody>;

export const SubscriptionUpdateBody = Type.Object(
  { id: Id, ...subscriptionFields },
  { additionalProperties: false },
);
export type SubscriptionUpdateBody = Static<typeof SubscriptionUpdateBody>;
