// Loggers (gateways) API, Step 2b: factory registration (single and XLSX import) with MQTT credentials
// shown once, binding to a station (SPEC §5), rename, secret rotation, and the logger list and detail.
// The SN format is checked by the server with validateLoggerSn so a malformed SN answers 'GatewaySNError'
// (SPEC §8) instead of the generic schema failure; the schemas here bound types and lengths only.
import { Type, type Static } from 'typebox';
import { DeviceTypes } from '../protocol/protocol.js';
import { PageQueryFields } from './paging.js';
import { DEVICE_STATUS_CODES, DeviceRestSchema, GATEWAY_STATUS_CODES } from '../device-status.js';

export const GatewayLimits = {
  /** Generous bound on an SN as typed; the real rule is PATTERNS.loggerSn (6–32 characters). */
  snInputMax: 64,
  nameMax: 64,
  modelMax: 64,
  /** MAC as typed: 17 characters, some tools add spaces around it. */
  macInputMax: 32,
  keywordMax: 64,
  /** Rows of one import file (header row not counted). */
  importRowsMax: 5_000,
  /** Bytes of one import file: 5,000 rows of three short columns fit in well under 1 MB. */
  importFileBytesMax: 4 * 1024 * 1024,
  /** Row errors listed in one refusal; the count says when there were more. */
  importErrorsListed: 200,
  /** Failed binding attempts (unknown or already bound SN) one user may make per window. */
  bindFailuresMax: 30,
  bindWindowSeconds: 15 * 60,
} as const;

/** A MAC as six hex pairs separated by ':' or '-' (stored upper-case with ':'). */
export const MAC_PATTERN = '^[0-9A-Fa-f]{2}([:-][0-9A-Fa-f]{2}){5}$';

/** enMsg keys of this area (texts in locales/gateways, SPEC §8 keys without a prefix). */
export const GatewayMessage = {
  bindingSucceeded: 'BindingSucceeded',
  renameSucceeded: 'RenameSucceeded',
  snExists: 'gateway.snExists',
  modelUnknown: 'gateway.modelUnknown',
  macInvalid: 'gateway.macInvalid',
  nameInvalid: 'gateway.nameInvalid',
  tooManyBindAttempts: 'gateway.tooManyBindAttempts',
  importInvalid: 'gateway.importInvalid',
  importEmpty: 'gateway.importEmpty',
  importTooManyRows: 'gateway.importTooManyRows',
  importHeaderInvalid: 'gateway.importHeaderInvalid',
  importUnreadable: 'gateway.importUnreadable',
  importLegacyXls: 'gateway.importLegacyXls',
  importSnDuplicate: 'gateway.importSnDuplicate',
  importFileTooLarge: 'gateway.importFileTooLarge',
} as const;

const Id = Type.Integer({ minimum: 1 });
const NullableString = Type.Union([Type.String(), Type.Null()]);
const NullableInt = Type.Union([Type.Integer(), Type.Null()]);
const NullableDate = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);
const SnInput = Type.String({
  maxLength: GatewayLimits.snInputMax,
  description: 'Logger SN (6–32 A–Z a–z 0–9 - _)',
});

export const GatewayRegisterBody = Type.Object(
  {
    sn: SnInput,
    model: Type.String({
      minLength: 1,
      maxLength: GatewayLimits.modelMax,
      description: 'A GATEWAY device model',
    }),
    mac: Type.Optional(
      Type.String({ maxLength: GatewayLimits.macInputMax, description: 'e.g. 00:1A:2B:3C:4D:5E' }),
    ),
  },
  { additionalProperties: false },
);
export type GatewayRegisterBody = Static<typeof GatewayRegisterBody>;

/** What a logger is configured with: shown once, at registration or rotation. */
export const GatewayCredentials = Type.Object({
  id: Type.Integer(),
  sn: Type.String(),
  /** MQTT user name and client id (both equal the SN). */
  username: Type.String(),
  /** The MQTT secret in clear. Only a hash is stored: it cannot be shown again. */
  password: Type.String(),
  mqtt: Type.Object({
    topicPrefix: Type.String({ description: "'sf/v1/{SN}/'" }),
    publish: Type.String({ description: "Filter the logger may publish to, 'sf/v1/{SN}/up/#'" }),
    subscribe: Type.String({ description: "Filter the logger may subscribe to, 'sf/v1/{SN}/down/#'" }),
  }),
});
export type GatewayCredentials = Static<typeof GatewayCredentials>;

export const GatewayBindBody = Type.Object({ stationId: Id, sn: SnInput }, { additionalProperties: false });
export type GatewayBindBody = Static<typeof GatewayBindBody>;

export const GatewayIdBody = Type.Object({ gatewayId: Id }, { additionalProperties: false });
export type GatewayIdBody = Static<typeof GatewayIdBody>;

export const GatewayRenameBody = Type.Object(
  { gatewayId: Id, name: Type.String({ maxLength: GatewayLimits.nameMax }) },
  { additionalProperties: false },
);
export type GatewayRenameBody = Static<typeof GatewayRenameBody>;

export const GatewayQuery = Type.Object(
  {
    ...PageQueryFields,
    sn: Type.Optional(
      Type.String({ maxLength: GatewayLimits.keywordMax, description: 'Part of the SN or name' }),
    ),
    stationId: Type.Optional(Id),
    status: Type.Optional(Type.Enum(GATEWAY_STATUS_CODES)),
  },
  { additionalProperties: false },
);
export type GatewayQuery = Static<typeof GatewayQuery>;

const gatewayFields = {
  id: Type.Integer(),
  sn: Type.String(),
  mac: NullableString,
  model: Type.String(),
  name: NullableString,
  firmware: NullableString,
  /** dBm; null on Ethernet or before the first hello. */
  signal: NullableInt,
  uploadInterval: Type.Integer({ description: 'Seconds' }),
  lastSeenAt: NullableDate,
  status: Type.Enum(GATEWAY_STATUS_CODES),
  boundAt: NullableDate,
  createdAt: Type.String({ format: 'date-time' }),
  timeZone: Type.String({ description: "The station's time zone (UTC when unbound)" }),
};

export const GatewayListItem = Type.Object({
  ...gatewayFields,
  stationId: NullableInt,
  stationName: NullableString,
  deviceCount: Type.Integer({ minimum: 0 }),
});
export type GatewayListItem = Static<typeof GatewayListItem>;

/** Hours of data the logger centre's packet-loss figure covers (GET /gateway/page). */
export const GATEWAY_LOSS_WINDOW_HOURS = 24;

/** A row of the logger centre (GET /gateway/page): the list item and its recent packet loss. */
export const GatewayPageItem = Type.Object({
  ...GatewayListItem.properties,
  lossRate: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()], {
    description:
      'Telemetry packet loss over the last 24 hours of data time: lost ÷ (received + lost), 0…1; ' +
      'null when nothing was received in that window (docs/telemetry.md "Packet loss")',
  }),
});
export type GatewayPageItem = Static<typeof GatewayPageItem>;

export const GatewayDevice = Type.Object({
  id: Type.Integer(),
  sn: Type.String(),
  type: Type.Enum(DeviceTypes),
  model: Type.String(),
  unitId: Type.Integer(),
  lastSeenAt: NullableDate,
  status: Type.Enum(DEVICE_STATUS_CODES),
  rest: DeviceRestSchema,
});
export type GatewayDevice = Static<typeof GatewayDevice>;

export const GatewayDetail = Type.Object({
  ...gatewayFields,
  station: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
  devices: Type.Array(GatewayDevice),
  bufferDropped: Type.Union(
    [
      Type.Object({
        count: Type.Integer({ minimum: 0 }),
        at: Type.String({ format: 'date-time', description: 'Time of the reading that reported it' }),
      }),
      Type.Null(),
    ],
    {
      description:
        "The logger's own loss counter: telemetry messages its full buffer had to drop since it was " +
        'installed (docs/protocol.md "The loss counter"), as of its newest reading of itself that ' +
        'reported it; null until it reports one',
    },
  ),
});
export type GatewayDetail = Static<typeof GatewayDetail>;

// ---- External broker authentication (EMQX HTTP authenticator/authorizer, mosquitto-go-auth HTTP) ----

/** Header carrying MQTT_AUTH_SECRET from the broker to the auth endpoints. */
export const MQTT_AUTH_HEADER = 'x-sunfleet-mqtt-auth';
/**
 * mosquitto-go-auth's HTTP backend cannot add headers; the only one it lets you set is the User-Agent
 * (`auth_opt_http_user_agent`), so it carries the secret as `<prefix>/<secret>` instead.
 */
export const MQTT_AUTH_USER_AGENT_PREFIX = 'sunfleet-mqtt-auth';

const MqttText = Type.String({ maxLength: 1024 });

export const EmqxAuthBody = Type.Object({
  clientid: MqttText,
  username: Type.Optional(MqttText),
  password: Type.Optional(MqttText),
});
export type EmqxAuthBody = Static<typeof EmqxAuthBody>;

export const EmqxAclBody = Type.Object({
  clientid: MqttText,
  username: Type.Optional(MqttText),
  topic: MqttText,
  action: Type.String({ maxLength: 32, description: "'publish' or 'subscribe'" }),
});
export type EmqxAclBody = Static<typeof EmqxAclBody>;

export const EmqxResult = Type.Object({ result: Type.Union([Type.Literal('allow'), Type.Literal('deny')]) });
export type EmqxResult = Static<typeof EmqxResult>;

export const GoAuthUserBody = Type.Object({
  username: MqttText,
  password: Type.Optional(MqttText),
  clientid: Type.Optional(MqttText),
});
export type GoAuthUserBody = Static<typeof GoAuthUserBody>;

export const GoAuthSuperuserBody = Type.Object({ username: MqttText });
export type GoAuthSuperuserBody = Static<typeof GoAuthSuperuserBody>;

export const GoAuthAclBody = Type.Object({
  username: MqttText,
  clientid: Type.Optional(MqttText),
  topic: MqttText,
  /** 1 read (deliver), 2 write (publish), 3 read and write, 4 subscribe. */
  acc: Type.Integer({ minimum: 0, maximum: 15 }),
});
export type GoAuthAclBody = Static<typeof GoAuthAclBody>;
