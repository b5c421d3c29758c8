// Step 2b tables: stations (the fields of SPEC §3; Step 3 adds the screens), the device registry with
// protocol definitions as data, loggers and their credentials, telemetry (partitioned by month in the
// migration), latest values, rollups, alarms, packet loss, dead letters and the command channel.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { StationTypes, type RegisterDefinition } from '@sunfleet/contracts';
import { ts } from './columns.js';

const dbl = (name: string) => doublePrecision(name);

/** SPEC §1 station types, from the contracts (the fleet file and the API use the same list). */
export const STATION_TYPES = StationTypes;

/** Power stations (SPEC §3 Site). Owned by a company; optionally associated with an owner account. */
export const stations = pgTable(
  'stations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').notNull(),
    /** The associated (owner) account, if any. */
    ownerUserId: integer('owner_user_id'),
    name: text('name').notNull(),
    type: text('type', { enum: STATION_TYPES }).notNull(),
    address: text('address'),
    longitude: dbl('longitude'),
    latitude: dbl('latitude'),
    installedAt: ts('installed_at'),
    gridType: text('grid_type'),
    /** Installed DC capacity in kWp. */
    capacityKwp: dbl('capacity_kwp').notNull().default(0),
    /** Feed-in / self-consumption price per kWh in `currency`. */
    price: dbl('price').notNull().default(0),
    currency: text('currency').notNull().default('EUR'),
    /** IANA time zone; day/month rollups follow its calendar. */
    timeZone: text('time_zone').notNull().default('UTC'),
    pictures: text('pictures')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    simulated: boolean('simulated').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('stations_company_idx').on(t.companyId),
    index('stations_owner_idx').on(t.ownerUserId),
    // The station list's order: a page is read from the index instead of sorting every station.
    index('stations_name_idx').on(t.name, t.id),
  ],
);

/** Display groups of the register screens ("Display group" back-office screen). */
export const displayGroups = pgTable('display_groups', {
  key: text('key').primaryKey(),
  nameKey: text('name_key').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** A device protocol definition: a named, versioned register map ("Device protocol" screen). */
export const protocolDefinitions = pgTable(
  'protocol_definitions',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    deviceType: text('device_type', {
      enum: ['GATEWAY', 'INVERTER', 'METER', 'BATTERY', 'WEATHER_STATION'],
    }).notNull(),
    /** SunSpec model ids covered, for documentation and the Modbus simulator. */
    sunspecModels: integer('sunspec_models')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    registers: jsonb('registers').$type<RegisterDefinition[]>().notNull(),
    builtIn: boolean('built_in').notNull().default(false),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('protocol_definitions_code_key').on(t.code)],
);

/** Device models: what a hello's `model` string resolves to ("Device rule" screen maps SNs to models). */
export const deviceModels = pgTable(
  'device_models',
  {
    id: serial('id').primaryKey(),
    deviceType: text('device_type', {
      enum: ['GATEWAY', 'INVERTER', 'METER', 'BATTERY', 'WEATHER_STATION'],
    }).notNull(),
    model: text('model').notNull(),
    manufacturer: text('manufacturer').notNull().default(''),
    definitionId: integer('definition_id').references(() => protocolDefinitions.id),
    /** Rated AC power (W) for inverters, capacity (Wh) for batteries. */
    ratedPower: dbl('rated_power'),
    mpptChannels: integer('mppt_channels').notNull().default(0),
  },
  (t) => [uniqueIndex('device_models_type_model_key').on(t.deviceType, t.model)],
);

/** "Device rule": an SN prefix identifies a device model (used when a hello omits or misnames it). */
export const deviceRules = pgTable(
  'device_rules',
  {
    id: serial('id').primaryKey(),
    snPrefix: text('sn_prefix').notNull(),
    modelId: integer('model_id')
      .notNull()
      .references(() => deviceModels.id, { onDelete: 'cascade' }),
    remark: text('remark'),
  },
  (t) => [uniqueIndex('device_rules_prefix_key').on(t.snPrefix)],
);

/** Data loggers (gateways). Registered at the factory, bound to a station by an installer. */
export const gateways = pgTable(
  'gateways',
  {
    id: serial('id').primaryKey(),
    sn: text('sn').notNull(),
    mac: text('mac'),
    model: text('model').notNull(),
    name: text('name'),
    stationId: integer('station_id').references(() => stations.id, { onDelete: 'set null' }),
    /** Company the logger belongs to before/without a station (the factory's or the installer's). */
    companyId: integer('company_id'),
    /** Mosquitto-compatible PBKDF2-SHA512 hash (`$7$…`) of the MQTT secret. */
    secretHash: text('secret_hash').notNull(),
    firmware: text('firmware'),
    signal: integer('signal'),
    uploadIntervalS: integer('upload_interval_s').notNull().default(300),
    lastSeenAt: ts('last_seen_at'),
    lastHelloAt: ts('last_hello_at'),
    /** Last telemetry sequence number seen, for packet-loss figures. */
    lastSeq: bigint('last_seq', { mode: 'number' }),
    /**
     * The logger's own loss counter (`BufDropped` of its reading of itself: telemetry messages its
     * buffer had to drop) as of its newest such reading at `buffer_dropped_at`; null until it reports one.
     */
    bufferDropped: bigint('buffer_dropped', { mode: 'number' }),
    bufferDroppedAt: ts('buffer_dropped_at'),
    simulated: boolean('simulated').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    boundAt: ts('bound_at'),
  },
  (t) => [uniqueIndex('gateways_sn_key').on(t.sn), index('gateways_station_idx').on(t.stationId)],
);

/** Devices behind a logger (inverters, meters, batteries, weather stations), registered from hello. */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    gatewayId: integer('gateway_id')
      .notNull()
      .references(() => gateways.id, { onDelete: 'cascade' }),
    sn: text('sn').notNull(),
    deviceType: text('device_type', {
      enum: ['GATEWAY', 'INVERTER', 'METER', 'BATTERY', 'WEATHER_STATION'],
    }).notNull(),
    modelId: integer('model_id').references(() => deviceModels.id),
    model: text('model').notNull(),
    unitId: integer('unit_id').notNull(),
    name: text('name'),
    firmware: text('firmware'),
    ratedPower: dbl('rated_power'),
    /** Announced by the logger (hello `localControl`): the device refuses cloud writes (docs/remote.md). */
    localControl: boolean('local_control').notNull().default(false),
    lastSeenAt: ts('last_seen_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('devices_sn_key').on(t.sn), index('devices_gateway_idx').on(t.gatewayId)],
);

/**
 * Telemetry wide rows. The migration creates it `PARTITION BY RANGE (ts)` with monthly partitions
 * (`telemetry_pYYYYMM`) made ahead by the jobs and on demand by the ingest; primary key (device_id, ts).
 */
export const telemetry = pgTable(
  'telemetry',
  {
    deviceId: integer('device_id').notNull(),
    ts: ts('ts').notNull(),
    gatewayId: integer('gateway_id').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
    backlog: boolean('backlog').notNull().default(false),
    powerW: dbl('power_w'),
    energyTotalWh: dbl('energy_total_wh'),
    energyTodayWh: dbl('energy_today_wh'),
    importTotalWh: dbl('import_total_wh'),
    exportTotalWh: dbl('export_total_wh'),
    chargeTotalWh: dbl('charge_total_wh'),
    dischargeTotalWh: dbl('discharge_total_wh'),
    socPct: dbl('soc_pct'),
    gridVoltageV: dbl('grid_voltage_v'),
    gridFrequencyHz: dbl('grid_frequency_hz'),
    temperatureC: dbl('temperature_c'),
    irradianceWm2: dbl('irradiance_wm2'),
    ambientTempC: dbl('ambient_temp_c'),
    moduleTempC: dbl('module_temp_c'),
    windSpeedMs: dbl('wind_speed_ms'),
    statusCode: integer('status_code'),
    mpptV: doublePrecision('mppt_v').array(),
    mpptI: doublePrecision('mppt_i').array(),
    mpptP: doublePrecision('mppt_p').array(),
    extra: jsonb('extra').$type<Record<string, number | string | null>>(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.ts] })],
);

/** Latest decoded values per device, for detail pages (only ever moves forward in time). */
export const deviceLatest = pgTable('device_latest', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  ts: ts('ts').notNull(),
  values: jsonb('values').$type<Record<string, number | string | null>>().notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  // Typed facts of the newest reading, written by the ingest in the telemetry transaction from the
  // registers the protocol definition maps to these columns (whatever their keys are called), so that no
  // reader maps register keys again (docs/telemetry.md "Facts").
  powerW: dbl('power_w'),
  energyTodayWh: dbl('energy_today_wh'),
  energyTotalWh: dbl('energy_total_wh'),
  socPct: dbl('soc_pct'),
  stateCode: integer('state_code'),
  /** isProducing() of packages/domain for this reading. */
  producing: boolean('producing').notNull().default(false),
});

/**
 * Current facts per station (docs/stations.md "Status model"): the status and counts of SPEC §4 and the
 * power now, as of `computed_at`. They stay true until `valid_until` (the first instant a logger or
 * device now online would turn offline; null: only a write can change them). Writers that change status
 * inputs either refresh the row in their transaction (the ingest) or a trigger marks it stale
 * (valid_until = -infinity); readers compute a stale row on the spot and the jobs refresh it.
 */
export const stationFacts = pgTable(
  'station_facts',
  {
    stationId: integer('station_id')
      .primaryKey()
      .references(() => stations.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    validUntil: ts('valid_until'),
    gateways: integer('gateways').notNull(),
    gatewaysOnline: integer('gateways_online').notNull(),
    devices: integer('devices').notNull(),
    devicesFault: integer('devices_fault').notNull(),
    devicesRunning: integer('devices_running').notNull(),
    devicesOffline: integer('devices_offline').notNull(),
    /** Devices of status OTHER that rest (an inverter asleep, on standby, starting or shutting down). */
    devicesResting: integer('devices_resting').notNull().default(0),
    /** Sum of the power of the inverters online, null when none reports. */
    powerW: dbl('power_w'),
    hasInverters: boolean('has_inverters').notNull(),
    hasMeters: boolean('has_meters').notNull(),
    hasBatteries: boolean('has_batteries').notNull(),
    computedAt: ts('computed_at').notNull(),
  },
  (t) => [
    index('station_facts_valid_idx').on(t.validUntil),
    // The status filter of the station list reads the stations of one status from here.
    index('station_facts_status_idx').on(t.status),
  ],
);

/**
 * Station power per 5-minute bucket for the power chart: per device kind, the sum over the station's
 * devices of each device's mean power in the bucket (null: no device of that kind reported). Recomputed
 * by the rollup worker with the hour rollups; one row per point of the chart.
 */
export const rollupStation5m = pgTable(
  'rollup_station_5m',
  {
    stationId: integer('station_id').notNull(),
    bucket: ts('bucket').notNull(),
    pvW: dbl('pv_w'),
    gridW: dbl('grid_w'),
    batteryW: dbl('battery_w'),
    socPct: dbl('soc_pct'),
  },
  (t) => [primaryKey({ columns: [t.stationId, t.bucket] })],
);

const rollupMeasures = {
  energyKwh: dbl('energy_kwh').notNull().default(0),
  peakPowerW: dbl('peak_power_w'),
  chargeKwh: dbl('charge_kwh').notNull().default(0),
  dischargeKwh: dbl('discharge_kwh').notNull().default(0),
  importKwh: dbl('import_kwh').notNull().default(0),
  exportKwh: dbl('export_kwh').notNull().default(0),
  samples: integer('samples').notNull().default(0),
};

/** Per-device rollups; buckets follow the station's time zone (UTC when unbound). */
export const rollupDeviceHour = pgTable(
  'rollup_device_hour',
  { deviceId: integer('device_id').notNull(), bucket: ts('bucket').notNull(), ...rollupMeasures },
  (t) => [primaryKey({ columns: [t.deviceId, t.bucket] })],
);
export const rollupDeviceDay = pgTable(
  'rollup_device_day',
  { deviceId: integer('device_id').notNull(), day: date('day').notNull(), ...rollupMeasures },
  (t) => [primaryKey({ columns: [t.deviceId, t.day] })],
);
export const rollupDeviceMonth = pgTable(
  'rollup_device_month',
  { deviceId: integer('device_id').notNull(), month: date('month').notNull(), ...rollupMeasures },
  (t) => [primaryKey({ columns: [t.deviceId, t.month] })],
);

const stationMeasures = {
  ...rollupMeasures,
  /** Energy ÷ installed capacity (kWh/kWp, i.e. equivalent full-load hours). */
  yieldKwhKwp: dbl('yield_kwh_kwp'),
  /** Energy × the station's price, in `currency`. */
  income: dbl('income').notNull().default(0),
  currency: text('currency').notNull().default('EUR'),
};
export const rollupStationHour = pgTable(
  'rollup_station_hour',
  { stationId: integer('station_id').notNull(), bucket: ts('bucket').notNull(), ...stationMeasures },
  (t) => [primaryKey({ columns: [t.stationId, t.bucket] })],
);
export const rollupStationDay = pgTable(
  'rollup_station_day',
  { stationId: integer('station_id').notNull(), day: date('day').notNull(), ...stationMeasures },
  (t) => [primaryKey({ columns: [t.stationId, t.day] })],
);
export const rollupStationMonth = pgTable(
  'rollup_station_month',
  { stationId: integer('station_id').notNull(), month: date('month').notNull(), ...stationMeasures },
  (t) => [primaryKey({ columns: [t.stationId, t.month] })],
);

/**
 * Work queue of rollup recomputation: the ingest adds the time span it wrote for a device in the same
 * transaction as the rows; the rollup worker recomputes those buckets from the stored rows and deletes
 * the entry. Recomputing (never adding) makes duplicates and any arrival order harmless.
 */
export const rollupDirty = pgTable(
  'rollup_dirty',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: integer('device_id').notNull(),
    fromTs: ts('from_ts').notNull(),
    toTs: ts('to_ts').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('rollup_dirty_device_idx').on(t.deviceId)],
);

/** Alarm and event records from loggers (SPEC §4 alarm levels). */
export const alarms = pgTable(
  'alarms',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gatewayId: integer('gateway_id').notNull(),
    deviceId: integer('device_id'),
    /** The logger's own record id; (gateway, recordId) is unique so repeats update in place. */
    recordId: text('record_id').notNull(),
    kind: text('kind', { enum: ['ALARM', 'EVENT'] }).notNull(),
    code: integer('code').notNull(),
    level: text('level', { enum: ['URGENT', 'IMPORTANT', 'COMMONLY', 'PROMPT'] }).notNull(),
    message: text('message'),
    startedAt: ts('started_at').notNull(),
    /** When the alarm was cleared (by `clearedBy`); null while open. */
    endedAt: ts('ended_at'),
    receivedAt: ts('received_at').notNull().defaultNow(),
    // Life cycle (Step 5a, docs/alarms.md "Alarm engine and life cycle").
    /** LOGGER: a record the logger reported; RULE: raised by the cloud's alarm rules (`ruleId`). */
    source: text('source', { enum: ['LOGGER', 'RULE'] })
      .notNull()
      .default('LOGGER'),
    ruleId: integer('rule_id'),
    acknowledgedBy: integer('acknowledged_by'),
    acknowledgedAt: ts('acknowledged_at'),
    ackNote: text('ack_note'),
    clearedBy: text('cleared_by', { enum: ['DEVICE', 'RULE', 'USER'] }),
    clearedByUser: integer('cleared_by_user'),
    clearReason: text('clear_reason'),
    /** Times the same open alarm was reported or raised again (0: only the first raise). */
    repeatCount: integer('repeat_count').notNull().default(0),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    snoozedUntil: ts('snoozed_until'),
    /** When the ESCALATED event was written (once). */
    escalatedAt: ts('escalated_at'),
    /** Raised inside a maintenance window: recorded, never notified. */
    inMaintenance: boolean('in_maintenance').notNull().default(false),
    /** Raised and cleared too often in a short time: kept open until the condition stays away. */
    flapping: boolean('flapping').notNull().default(false),
  },
  (t) => [
    uniqueIndex('alarms_gateway_record_key').on(t.gatewayId, t.recordId),
    index('alarms_device_idx').on(t.deviceId, t.startedAt),
    index('alarms_started_idx').on(t.startedAt, t.id),
    // Open faults (packages/domain isOpenFault; status-sql.ts OPEN_FAULT) are found through this index.
    index('alarms_open_fault_idx')
      .on(t.deviceId, t.gatewayId)
      .where(
        sql`source = 'LOGGER' and kind = 'ALARM' and ended_at is null and level in ('URGENT', 'IMPORTANT')`,
      ),
    // One open alarm per source and code: a rule raises on a logger (device 0) or a device at most once.
    uniqueIndex('alarms_rule_open_key')
      .on(t.gatewayId, sql`coalesce(device_id, 0)`, t.code)
      .where(sql`source = 'RULE' and ended_at is null`),
    index('alarms_open_idx')
      .on(t.gatewayId)
      .where(sql`ended_at is null`),
  ],
);

/**
 * Transitions of alarms, written in the same transaction as the change of the alarm itself (Step 5a): the
 * one record the notifications (mail, webhooks, digests) and the live stream read, so a raise or a clear is
 * told exactly once whichever process made it. `inMaintenance`: raised during a maintenance window —
 * recorded, never notified.
 */
export const alarmEvents = pgTable(
  'alarm_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    alarmId: bigint('alarm_id', { mode: 'number' })
      .notNull()
      .references(() => alarms.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['RAISED', 'REPEATED', 'ACKNOWLEDGED', 'CLEARED', 'ESCALATED', 'SNOOZE_ENDED'],
    }).notNull(),
    at: ts('at').notNull(),
    inMaintenance: boolean('in_maintenance').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('alarm_events_alarm_idx').on(t.alarmId, t.id)],
);

/**
 * Telemetry message sequence numbers seen per logger (packet-loss figures come from the gaps). A repeated
 * seq counts a duplicate delivery. `dataTs` is the first reading's time, so a backlog message fills the
 * gap of the day its data belongs to.
 */
export const gatewaySeqSeen = pgTable(
  'gateway_seq_seen',
  {
    gatewayId: integer('gateway_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    dataTs: ts('data_ts').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
    backlog: boolean('backlog').notNull().default(false),
    readings: integer('readings').notNull(),
    duplicates: integer('duplicates').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.gatewayId, t.seq] }),
    index('gateway_seq_seen_data_idx').on(t.gatewayId, t.dataTs),
  ],
);

/** Messages that failed validation or decoding, with the reason; never retried automatically. */
export const ingestDeadLetters = pgTable(
  'ingest_dead_letters',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    receivedAt: ts('received_at').notNull().defaultNow(),
    gatewaySn: text('gateway_sn'),
    topic: text('topic').notNull(),
    reason: text('reason').notNull(),
    detail: text('detail'),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    /** The first ProtocolLimits.deadLetterKeepBytes of the payload. */
    payload: text('payload_b64').notNull(),
    truncated: boolean('truncated').notNull().default(false),
  },
  (t) => [index('ingest_dead_letters_received_idx').on(t.receivedAt)],
);

/** The command channel (cloud → logger): persisted, expiring, idempotent, audited. */
export const commands = pgTable(
  'commands',
  {
    id: uuid('id').primaryKey(),
    gatewayId: integer('gateway_id').notNull(),
    deviceId: integer('device_id'),
    name: text('name').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    state: text('state', {
      enum: ['PENDING', 'SENT', 'ACKNOWLEDGED', 'DONE', 'FAILED', 'EXPIRED'],
    }).notNull(),
    createdByUserId: integer('created_by_user_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    sentAt: ts('sent_at'),
    acknowledgedAt: ts('acknowledged_at'),
    finishedAt: ts('finished_at'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: text('error'),
    /**
     * Remote operations: the same operation (device, name, params) while one is still open answers the open
     * one — a double click sends one command (docs/remote.md "Idempotent").
     */
    openKey: text('open_key'),
    /** The batch register test this command belongs to. */
    batchId: uuid('batch_id'),
    /** The failed or expired command this one retries (command centre). */
    retryOf: uuid('retry_of'),
  },
  (t) => [
    uniqueIndex('commands_gateway_key').on(t.gatewayId, t.idempotencyKey),
    index('commands_state_idx').on(t.state, t.expiresAt),
    uniqueIndex('commands_open_key')
      .on(t.gatewayId, t.openKey)
      .where(sql`open_key is not null and state in ('PENDING', 'SENT', 'ACKNOWLEDGED')`),
    index('commands_created_idx').on(t.createdAt),
    index('commands_batch_idx')
      .on(t.batchId)
      .where(sql`batch_id is not null`),
  ],
);

/** Firmware progress reports, latest per command. */
export const firmwareProgress = pgTable('firmware_progress', {
  commandId: uuid('command_id').primaryKey(),
  stage: text('stage').notNull(),
  percent: integer('percent').notNull(),
  version: text('version'),
  error: text('error'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
